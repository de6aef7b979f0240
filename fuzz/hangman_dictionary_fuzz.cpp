// The position-hangman dictionary file (games/hangman/dictionary.h, Dictionary::from_text): any
// bytes give a dictionary, a LexiconError (not text) or a DictionaryError (a broken rule).

#include <stdexcept>

#include "fuzz/fuzz_support.h"
#include "games/hangman/dictionary.h"
#include "lexicon/word_list.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  try {
    const auto dictionary = wg::hangman::Dictionary::from_text(wg::fuzz::as_text(data, size));
    std::size_t total = 0;
    const auto counts = dictionary.count_by_length();
    for (std::size_t length = 0; length < counts.size(); ++length) {
      require(dictionary.words_of_length(length).size() == counts[length] * length,
              "words_of_length holds count words of that length");
      total += counts[length];
    }
    require(total == dictionary.size(), "the counts by length add up to the size");
  } catch (const wg::LexiconError&) {
  } catch (const wg::hangman::DictionaryError&) {
  }
  return 0;
}
