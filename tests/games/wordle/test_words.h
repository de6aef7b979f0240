#pragma once
// Words shared by the engine tests of adversarial Wordle.

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "games/wordle/feedback.h"
#include "games/wordle/words.h"
#include "lexicon/lexicon.h"

namespace wg::wordle::test {

inline std::vector<Letter> codes(std::string_view text) {
  return *Alphabet::english().encode(text);
}

/// Marks as text: 'g' green, 'y' yellow, '.' grey.
inline std::string marks_text(Pattern pattern, std::size_t length) {
  std::string text;
  for (Mark m : marks_of(pattern, length)) {
    text += m == Mark::kGreen ? 'g' : m == Mark::kYellow ? 'y' : '.';
  }
  return text;
}

inline std::string feedback_text(std::string_view guess, std::string_view answer) {
  return marks_text(feedback(codes(guess), codes(answer)), guess.size());
}

/// Five-letter words, and a few of four letters: a lexicon for sessions.
inline const std::vector<std::string>& small_words() {
  static const std::vector<std::string> kWords = [] {
    std::vector<std::string> words = {"abide", "bleed", "caret", "crane", "crate", "creed", "erase",
                                      "grate", "greed", "plead", "react", "slate", "spade", "speck",
                                      "speed", "spend", "steed", "trace", "brine", "shine", "spine",
                                      "swine", "thine", "whine", "chine", "opine", "ovine", "bake",
                                      "cake",  "lake",  "make",  "rake",  "take",  "wake"};
    std::sort(words.begin(), words.end());
    return words;
  }();
  return kWords;
}

inline std::shared_ptr<const Lexicon> small_lexicon() {
  return std::make_shared<const Lexicon>(Lexicon::build(small_words()));
}

inline WordBank five_letter_words() { return WordBank::of_length(*small_lexicon(), 5); }

}  // namespace wg::wordle::test
