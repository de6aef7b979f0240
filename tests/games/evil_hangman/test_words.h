#pragma once
// Word sets shared by the engine tests: the spec's worked examples.

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/evil_hangman/word_set.h"
#include "lexicon/lexicon.h"

namespace wg::evil_hangman::test {

/// The spec's "few four-letter words".
inline WordSet spec_words() {
  constexpr std::array<std::string_view, 9> kWords = {"ally", "beta", "cool", "deal", "else",
                                                      "flew", "good", "hope", "ibex"};
  return WordSet::from_words(kWords);
}

/// The spec's extension example: with one guess left, E should get MONK's family.
inline WordSet deal_tear_monk() {
  constexpr std::array<std::string_view, 3> kWords = {"deal", "tear", "monk"};
  return WordSet::from_words(kWords);
}

/// A lexicon of the spec's nine four-letter words and four three-letter words: lengths 3 and
/// 4 only, for sessions.
inline std::shared_ptr<const Lexicon> small_lexicon() {
  std::vector<std::string> words = {"ally", "beta", "cool", "deal", "else", "flew", "good",
                                    "hope", "ibex", "cat",  "cot",  "dig",  "dog"};
  std::sort(words.begin(), words.end());
  return std::make_shared<const Lexicon>(Lexicon::build(words));
}

inline Letter code(char c) { return Alphabet::english().code(c); }

}  // namespace wg::evil_hangman::test
