#pragma once
// Word sets shared by the engine tests: the spec's worked examples.

#include <array>
#include <string_view>

#include "games/evil_hangman/word_set.h"

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

inline Letter code(char c) { return Alphabet::english().code(c); }

}  // namespace wg::evil_hangman::test
