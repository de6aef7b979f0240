#include "lexicon/pattern_index.h"

#include <algorithm>
#include <bit>

namespace wg {

PatternIndex::PatternIndex(const Lexicon& lexicon)
    : alphabet_size_(lexicon.alphabet().size()), all_letters_(lexicon.alphabet().letters()) {
  const Alphabet& alphabet = lexicon.alphabet();
  const auto& counts = lexicon.count_by_length();
  groups_.resize(counts.size());
  for (std::size_t length = 1; length < counts.size(); ++length) {
    Group& group = groups_[length];
    group.blocks = (counts[length] + 63) / 64;
    group.columns.assign(length * static_cast<std::size_t>(alphabet_size_) * group.blocks, 0);
    group.indices.reserve(counts[length]);
    group.text.reserve(counts[length] * length);
  }
  std::uint32_t index = 0;
  lexicon.for_each_word([&](std::string_view word) {
    Group& group = groups_[word.size()];
    const std::size_t bit = group.words++;
    for (std::size_t position = 0; position < word.size(); ++position) {
      const Letter letter = alphabet.code(word[position]);
      const std::size_t at =
          (position * static_cast<std::size_t>(alphabet_size_) + letter) * group.blocks + bit / 64;
      group.columns[at] |= std::uint64_t{1} << (bit % 64);
    }
    group.indices.push_back(index++);
    group.text.append(word);
  });
}

const PatternIndex::Group* PatternIndex::fitting(const Pattern& pattern,
                                                 std::vector<std::uint64_t>& fits) const {
  const std::size_t length = pattern.positions.size();
  if (length == 0 || length >= groups_.size() || groups_[length].words == 0) return nullptr;
  const Group& group = groups_[length];
  fits.assign(group.blocks, ~std::uint64_t{0});
  if (const std::size_t tail = group.words % 64; tail != 0)
    fits.back() = (~std::uint64_t{0}) >> (64 - tail);
  std::vector<std::uint64_t> either;
  for (std::size_t position = 0; position < length; ++position) {
    const LetterSet letters = pattern.positions[position] & all_letters_;
    if (letters == all_letters_) continue;  // `?`: every word fits here
    if (letters.empty()) {
      std::fill(fits.begin(), fits.end(), 0);
      return &group;
    }
    if (letters.size() == 1) {
      const std::uint64_t* column = group.column(position, *letters.begin(), alphabet_size_);
      for (std::size_t b = 0; b < group.blocks; ++b) fits[b] &= column[b];
      continue;
    }
    // A set: the union of its letters' columns, or the complement of the other letters' union,
    // whichever reads fewer columns.
    const bool complement = letters.size() > alphabet_size_ / 2;
    const LetterSet read = complement ? all_letters_ & ~letters : letters;
    either.assign(group.blocks, 0);
    for (const Letter letter : read) {
      const std::uint64_t* column = group.column(position, letter, alphabet_size_);
      for (std::size_t b = 0; b < group.blocks; ++b) either[b] |= column[b];
    }
    if (complement) {
      for (std::size_t b = 0; b < group.blocks; ++b) fits[b] &= ~either[b];
    } else {
      for (std::size_t b = 0; b < group.blocks; ++b) fits[b] &= either[b];
    }
  }
  return &group;
}

std::vector<std::string> PatternIndex::match(const Pattern& pattern) const {
  std::vector<std::uint64_t> fits;
  std::vector<std::string> out;
  const Group* group = fitting(pattern, fits);
  if (group == nullptr) return out;
  const std::size_t length = pattern.positions.size();
  for (std::size_t b = 0; b < fits.size(); ++b) {
    for (std::uint64_t bits = fits[b]; bits != 0; bits &= bits - 1) {
      const std::size_t word = b * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      out.emplace_back(group->text, word * length, length);
    }
  }
  return out;
}

void PatternIndex::match(const Pattern& pattern, std::vector<std::uint32_t>& out) const {
  out.clear();
  std::vector<std::uint64_t> fits;
  const Group* group = fitting(pattern, fits);
  if (group == nullptr) return;
  for (std::size_t b = 0; b < fits.size(); ++b) {
    for (std::uint64_t bits = fits[b]; bits != 0; bits &= bits - 1) {
      out.push_back(group->indices[b * 64 + static_cast<std::size_t>(std::countr_zero(bits))]);
    }
  }
}

std::size_t PatternIndex::count(const Pattern& pattern) const {
  std::vector<std::uint64_t> fits;
  if (fitting(pattern, fits) == nullptr) return 0;
  std::size_t total = 0;
  for (const std::uint64_t bits : fits) total += static_cast<std::size_t>(std::popcount(bits));
  return total;
}

std::size_t PatternIndex::memory_bytes() const {
  std::size_t bytes = sizeof(*this) + groups_.capacity() * sizeof(Group);
  for (const Group& group : groups_) {
    bytes += group.columns.capacity() * sizeof(std::uint64_t) +
             group.indices.capacity() * sizeof(std::uint32_t) + group.text.capacity();
  }
  return bytes;
}

}  // namespace wg
