#include "games/hangman/dictionary.h"

#include <algorithm>
#include <string>

#include "core/text.h"

namespace wg::hangman {

namespace {

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

char to_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

}  // namespace

std::vector<std::string> extract_words(std::string_view text, std::vector<std::string>* skipped) {
  const auto in_word = [](char c) {
    return is_ascii_letter(c) || static_cast<unsigned char>(c) >= 0x80;
  };
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!in_word(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    bool ascii = true;
    for (; end < text.size() && in_word(text[end]); ++end) {
      if (!is_ascii_letter(text[end])) ascii = false;
    }
    const std::string_view run = text.substr(i, end - i);
    i = end;
    if (!ascii) {
      if (skipped != nullptr &&
          std::find(skipped->begin(), skipped->end(), run) == skipped->end()) {
        skipped->emplace_back(run);
      }
      continue;
    }
    if (run.size() >= kMinWordLength && run.size() <= kMaxWordLength) {
      std::string word(run);
      for (char& c : word) c = to_upper(c);
      words.push_back(std::move(word));
    }
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

void check_rules(std::span<const std::size_t> count_by_length) {
  std::size_t total = 0;
  std::size_t long_words = 0;
  for (std::size_t length = 0; length < count_by_length.size(); ++length) {
    const std::size_t count = count_by_length[length];
    if (count != 0 && length < kMinWordLength) {
      throw DictionaryError(DictionaryRule::kWordTooShort,
                            "a word has " + std::to_string(length) +
                                " letters; every word needs at least " +
                                std::to_string(kMinWordLength));
    }
    total += count;
    if (length >= kLongWordLength) long_words += count;
  }
  if (total < kMinWords) {
    throw DictionaryError(DictionaryRule::kTooFewWords,
                          "only " + count_of(static_cast<long long>(total), "word") +
                              "; a dictionary needs at least " + std::to_string(kMinWords));
  }
  // Integer arithmetic: exactly 20 % passes.
  if (long_words * 100 < total * kMinLongPercent) {
    throw DictionaryError(DictionaryRule::kTooFewLongWords,
                          "only " + std::to_string(long_words) + " of " +
                              count_of(static_cast<long long>(total), "word") +
                              (long_words == 1 ? " has " : " have ") +
                              std::to_string(kLongWordLength) +
                              " or more letters; a dictionary needs at least " +
                              std::to_string(kMinLongPercent) + " %");
  }
}

Dictionary Dictionary::build(std::vector<std::vector<Letter>> words, const Alphabet& alphabet) {
  std::sort(words.begin(), words.end(), [](const auto& a, const auto& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::vector<std::size_t> counts;
  for (const auto& word : words) {
    if (word.size() >= counts.size()) counts.resize(word.size() + 1);
    ++counts[word.size()];
  }
  for (const auto& word : words) {
    if (word.size() < kMinWordLength) {
      throw DictionaryError(
          DictionaryRule::kWordTooShort,
          "the word '" + alphabet.decode_upper(word) + "' has " + std::to_string(word.size()) +
              " letters; every word needs at least " + std::to_string(kMinWordLength));
    }
  }
  check_rules(counts);
  Dictionary dictionary;
  dictionary.alphabet_ = &alphabet;
  dictionary.size_ = words.size();
  dictionary.buckets_.resize(counts.size());
  const auto letters = static_cast<std::size_t>(alphabet.size());
  for (std::size_t length = 0; length < counts.size(); ++length) {
    dictionary.buckets_[length].counts.assign(length * letters, 0);
    dictionary.buckets_[length].letters.reserve(length * counts[length]);
  }
  for (const auto& word : words) {
    Bucket& bucket = dictionary.buckets_[word.size()];
    for (std::size_t p = 0; p < word.size(); ++p) {
      bucket.letters.push_back(word[p]);
      ++bucket.counts[p * letters + word[p]];
    }
  }
  return dictionary;
}

Dictionary Dictionary::from_words(std::span<const std::string> words, const Alphabet& alphabet) {
  std::vector<std::vector<Letter>> codes;
  codes.reserve(words.size());
  for (const std::string& word : words) {
    std::optional<std::vector<Letter>> encoded = alphabet.encode(word);
    if (!encoded || encoded->empty()) {
      throw std::invalid_argument("'" + word + "' is not a word of letters only");
    }
    codes.push_back(std::move(*encoded));
  }
  return build(std::move(codes), alphabet);
}

Dictionary Dictionary::from_lexicon(const Lexicon& lexicon) {
  std::vector<std::vector<Letter>> codes;
  const Alphabet& alphabet = lexicon.alphabet();
  lexicon.for_each_word([&](std::string_view word) {
    if (word.size() < kMinWordLength) return;
    if (std::optional<std::vector<Letter>> encoded = alphabet.encode(word)) {
      codes.push_back(std::move(*encoded));
    }
  });
  return build(std::move(codes), alphabet);
}

Dictionary Dictionary::from_text(std::string_view text, std::string_view source) {
  check_text_encoding(text, source);
  const std::vector<std::string> words = extract_words(text);
  return from_words(words);
}

std::vector<std::size_t> Dictionary::count_by_length() const {
  std::vector<std::size_t> counts(buckets_.size());
  for (std::size_t length = 0; length < buckets_.size(); ++length) {
    counts[length] = count_of_length(length);
  }
  return counts;
}

std::span<const Letter> Dictionary::words_of_length(std::size_t length) const {
  if (length >= buckets_.size()) return {};
  return buckets_[length].letters;
}

std::size_t Dictionary::count_of_length(std::size_t length) const {
  if (length == 0 || length >= buckets_.size()) return 0;
  return buckets_[length].letters.size() / length;
}

std::vector<Letter> Dictionary::word_at(std::size_t index) const {
  for (std::size_t length = 1; length < buckets_.size(); ++length) {
    const std::size_t count = count_of_length(length);
    if (index < count) {
      const auto first =
          buckets_[length].letters.begin() + static_cast<std::ptrdiff_t>(index * length);
      return std::vector<Letter>(first, first + static_cast<std::ptrdiff_t>(length));
    }
    index -= count;
  }
  throw std::out_of_range("word index out of range");
}

bool Dictionary::contains(std::span<const Letter> word) const {
  const std::span<const Letter> all = words_of_length(word.size());
  const std::size_t count = count_of_length(word.size());
  // Binary search over the sorted words of this length.
  std::size_t lo = 0;
  std::size_t hi = count;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const auto at = all.subspan(mid * word.size(), word.size());
    if (std::lexicographical_compare(at.begin(), at.end(), word.begin(), word.end())) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < count && std::equal(word.begin(), word.end(),
                                  all.begin() + static_cast<std::ptrdiff_t>(lo * word.size()));
}

std::vector<std::string> Dictionary::words_upper() const {
  std::vector<std::string> words;
  words.reserve(size_);
  for (std::size_t length = 1; length < buckets_.size(); ++length) {
    const auto& letters = buckets_[length].letters;
    for (std::size_t i = 0; i < letters.size(); i += length) {
      words.push_back(alphabet_->decode_upper(std::span(letters).subspan(i, length)));
    }
  }
  return words;
}

std::span<const std::uint32_t> Dictionary::initial_counts(std::size_t length) const {
  if (length >= buckets_.size()) return {};
  return buckets_[length].counts;
}

DictionaryStats stats_of(std::span<const std::size_t> count_by_length) {
  DictionaryStats stats;
  for (std::size_t length = 0; length < count_by_length.size(); ++length) {
    const std::size_t count = count_by_length[length];
    if (count == 0) continue;
    stats.words += count;
    if (stats.shortest == 0) stats.shortest = length;
    stats.longest = length;
    if (length == 6) stats.six += count;
    if (length >= 7 && length <= 9) stats.seven_to_nine += count;
    if (length >= 10) stats.ten_plus += count;
    if (length >= kLongWordLength) stats.long_words += count;
  }
  return stats;
}

DictionaryStats Dictionary::stats() const { return stats_of(count_by_length()); }

}  // namespace wg::hangman
