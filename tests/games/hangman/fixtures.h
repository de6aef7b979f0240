#pragma once
// Small dictionaries for the hangman tests, written so that counts can be checked by hand.

#include <string>
#include <vector>

#include "core/alphabet.h"
#include "games/hangman/dictionary.h"

namespace wg::hangman::test {

/// 20 words: 16 of 6 letters and 4 of 9 (exactly 20 % long), so it passes every rule.
/// Among the 6-letter words: position 0 is B in 8, C in 4, D in 2, F in 2 words.
inline std::vector<std::string> small_words() {
  return {"BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
          "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
          "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"};
}

inline Dictionary small_dictionary() {
  const std::vector<std::string> words = small_words();
  return Dictionary::from_words(words);
}

inline std::vector<Letter> codes(const std::string& word) {
  return *Alphabet::english().encode(word);
}

inline Letter code(char c) { return Alphabet::english().code(c); }

}  // namespace wg::hangman::test
