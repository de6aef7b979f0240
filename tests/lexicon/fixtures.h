#pragma once
// What the lexicon tests share: the English alphabet and a lexicon built from a few words.

#include <algorithm>
#include <string>
#include <vector>

#include "core/alphabet.h"
#include "lexicon/lexicon.h"

namespace wg::test {

inline const Alphabet& en() { return Alphabet::english(); }

/// A lexicon of these words, in any order (sorted here, as Lexicon::build needs).
inline Lexicon make(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  return Lexicon::build(words);
}

}  // namespace wg::test
