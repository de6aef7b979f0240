#include "games/evil_hangman/word_set.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace wg::evil_hangman {

void WordSet::add(std::span<const Letter> word) {
  LetterSet set;
  for (Letter l : word) set.insert(l);
  letters_.insert(letters_.end(), word.begin(), word.end());
  letter_sets_.push_back(set);
}

WordSet WordSet::of_length(const Lexicon& lexicon, std::size_t length) {
  if (length == 0 || length > kMaxWordLength) {
    throw std::invalid_argument("word length must be from 1 to " + std::to_string(kMaxWordLength));
  }
  WordSet set;
  set.alphabet_ = &lexicon.alphabet();
  set.length_ = length;
  const std::size_t count =
      length < lexicon.count_by_length().size() ? lexicon.count_by_length()[length] : 0;
  set.letters_.reserve(count * length);
  set.letter_sets_.reserve(count);
  std::vector<Letter> codes(length);
  lexicon.for_each_word_of_length(length, [&](std::string_view text) {
    for (std::size_t i = 0; i < length; ++i) codes[i] = set.alphabet_->code(text[i]);
    set.add(codes);
  });
  return set;
}

WordSet WordSet::from_words(std::span<const std::string_view> words, const Alphabet& alphabet) {
  WordSet set;
  set.alphabet_ = &alphabet;
  for (std::string_view text : words) {
    const auto codes = alphabet.encode(text);
    if (!codes || codes->empty() || codes->size() > kMaxWordLength) {
      throw std::invalid_argument("not a word: '" + std::string(text) + "'");
    }
    if (set.length_ == 0) set.length_ = codes->size();
    if (codes->size() != set.length_) {
      throw std::invalid_argument("words of different lengths: '" + std::string(text) + "'");
    }
    set.add(*codes);
  }
  return set;
}

std::vector<WordId> WordSet::all_ids() const {
  std::vector<WordId> ids(size());
  std::iota(ids.begin(), ids.end(), WordId{0});
  return ids;
}

std::int64_t WordSet::find(std::span<const Letter> word) const {
  if (word.size() != length_) return -1;
  for (std::size_t i = 0; i < size(); ++i) {
    if (std::equal(word.begin(), word.end(), letters_.begin() + i * length_)) {
      return static_cast<std::int64_t>(i);
    }
  }
  return -1;
}

bool has_words_of_length(const Lexicon& lexicon, std::int64_t length) {
  const auto& counts = lexicon.count_by_length();
  return length >= 1 && length <= static_cast<std::int64_t>(kMaxWordLength) &&
         static_cast<std::size_t>(length) < counts.size() &&
         counts[static_cast<std::size_t>(length)] > 0;
}

std::string lengths_with_words(const Lexicon& lexicon) {
  const auto& counts = lexicon.count_by_length();
  std::string text;
  for (std::size_t n = 1; n < counts.size() && n <= kMaxWordLength; ++n) {
    if (counts[n] == 0) continue;
    std::size_t end = n;
    while (end + 1 < counts.size() && end + 1 <= kMaxWordLength && counts[end + 1] > 0) ++end;
    if (!text.empty()) text += ", ";
    text += std::to_string(n);
    if (end > n) text += (end == n + 1 ? ", " : "-") + std::to_string(end);
    n = end;
  }
  return text;
}

std::string no_words_of_length(const Lexicon& lexicon, std::int64_t length) {
  return "no words of length " + std::to_string(length) +
         " (lengths with words: " + lengths_with_words(lexicon) + ")";
}

}  // namespace wg::evil_hangman
