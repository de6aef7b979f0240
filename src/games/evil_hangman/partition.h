#pragma once
/// Word families: after a guess, the candidates split by the exact positions of the guessed
/// letter (BEER and HERE are different families). Families are built only from the words
/// present, keyed by a position bit mask, never by enumerating the 2^n possible patterns.

#include <cstdint>
#include <span>
#include <vector>

#include "games/evil_hangman/word_set.h"

namespace wg::evil_hangman {

/// One family: the positions of the guessed letter (bit i = position i, counted from the
/// left; 0 = the letter is absent, a miss) and where its words are in Partition::words.
struct Family {
  std::uint64_t positions = 0;
  std::uint32_t begin = 0;
  std::uint32_t size = 0;
  bool is_miss() const { return positions == 0; }
};

/// The families of one guess. Families are in increasing order of `positions` (so the miss
/// family, if any, comes first); the words of each keep the order of the candidates given.
class Partition {
 public:
  /// Splits `candidates` (ids in `words`) by the positions of `guess`. Reuses this object's
  /// buffers, so a search that partitions repeatedly allocates nothing once warmed up.
  void split(const WordSet& words, std::span<const WordId> candidates, Letter guess);

  const std::vector<Family>& families() const { return families_; }
  std::span<const WordId> words_of(const Family& family) const {
    return {words_.data() + family.begin, family.size};
  }
  /// The index in families() of the family with these positions, or -1.
  int find(std::uint64_t positions) const;

 private:
  std::vector<Family> families_;
  std::vector<WordId> words_;
  std::vector<std::uint64_t> masks_;      ///< per candidate
  std::vector<std::uint32_t> family_of_;  ///< per candidate, before sorting
  std::vector<std::int32_t> table_;       ///< open addressing: mask -> family, -1 empty
  std::vector<std::uint32_t> rank_;       ///< family before sorting -> after
  std::vector<std::uint32_t> order_;
  std::vector<Family> sorted_;
};

/// Convenience: a fresh partition.
Partition partition(const WordSet& words, std::span<const WordId> candidates, Letter guess);

}  // namespace wg::evil_hangman
