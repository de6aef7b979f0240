#include "games/evil_hangman/partition.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace wg::evil_hangman {

namespace {

std::size_t slot_of(std::uint64_t mask, int bits) {
  return static_cast<std::size_t>((mask * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

}  // namespace

void Partition::split(const WordSet& words, std::span<const WordId> candidates, Letter guess) {
  const std::size_t n = candidates.size();
  const std::size_t length = words.length();
  masks_.resize(n);
  family_of_.resize(n);
  families_.clear();
  // Table of at least twice the possible families (bounded by n and by 2^length).
  std::size_t bound = n;
  if (length < 20) bound = std::min<std::size_t>(bound, std::size_t{1} << length);
  const int bits = std::max(4, static_cast<int>(std::bit_width(2 * bound)));
  table_.assign(std::size_t{1} << bits, -1);
  const std::size_t slot_mask = table_.size() - 1;

  for (std::size_t i = 0; i < n; ++i) {
    const std::span<const Letter> word = words.word(candidates[i]);
    std::uint64_t mask = 0;
    if (words.letter_set(candidates[i]).contains(guess)) {
      for (std::size_t p = 0; p < length; ++p) {
        mask |= static_cast<std::uint64_t>(word[p] == guess) << p;
      }
    }
    masks_[i] = mask;
    std::size_t slot = slot_of(mask, bits);
    for (;;) {
      const std::int32_t f = table_[slot];
      if (f < 0) {
        table_[slot] = static_cast<std::int32_t>(families_.size());
        family_of_[i] = static_cast<std::uint32_t>(families_.size());
        families_.push_back(Family{mask, 0, 1});
        break;
      }
      if (families_[static_cast<std::size_t>(f)].positions == mask) {
        family_of_[i] = static_cast<std::uint32_t>(f);
        ++families_[static_cast<std::size_t>(f)].size;
        break;
      }
      slot = (slot + 1) & slot_mask;
    }
  }

  // Order the families by positions, then lay their words out contiguously.
  rank_.resize(families_.size());
  std::vector<Family>& sorted = sorted_;
  sorted.resize(families_.size());
  std::vector<std::uint32_t>& order = order_;
  order.resize(families_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return families_[a].positions < families_[b].positions;
  });
  std::uint32_t begin = 0;
  for (std::size_t r = 0; r < order.size(); ++r) {
    sorted[r] = families_[order[r]];
    sorted[r].begin = begin;
    begin += sorted[r].size;
    rank_[order[r]] = static_cast<std::uint32_t>(r);
  }
  families_.swap(sorted);
  std::vector<std::uint32_t>& next = order_;  // reused: the next free slot of each family
  for (std::size_t r = 0; r < families_.size(); ++r) next[r] = families_[r].begin;
  words_.resize(n);
  for (std::size_t i = 0; i < n; ++i) words_[next[rank_[family_of_[i]]]++] = candidates[i];
}

int Partition::find(std::uint64_t positions) const {
  for (std::size_t f = 0; f < families_.size(); ++f) {
    if (families_[f].positions == positions) return static_cast<int>(f);
  }
  return -1;
}

Partition partition(const WordSet& words, std::span<const WordId> candidates, Letter guess) {
  Partition result;
  result.split(words, candidates, guess);
  return result;
}

}  // namespace wg::evil_hangman
