#pragma once
/// The word lists the sessions' tests play on, shared by session_test and room_session_test.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"

namespace wg::boggle::test {

/// A few words: the board "at/xe" holds ate, eat and tea (3 letters or more).
inline std::shared_ptr<const Lexicon> small() {
  std::vector<std::string> words = {"a", "at", "ate", "eat", "tea", "teat", "tee", "zebra"};
  std::sort(words.begin(), words.end());
  return std::make_shared<const Lexicon>(Lexicon::build(words));
}

/// The built-in ENABLE list, not owned.
inline std::shared_ptr<const Lexicon> enable() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

}  // namespace wg::boggle::test
