#pragma once
/// A seeded random number generator that gives the same sequence on every machine and compiler.
/// The bits come from xoshiro256** seeded by SplitMix64; ranges, shuffles and weighted picks are
/// mapped here, never through std:: distributions, whose output differs between libraries.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

namespace wg {

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
  void reseed(std::uint64_t seed);

  /// 64 uniformly random bits.
  std::uint64_t next();
  std::uint64_t operator()() { return next(); }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return std::numeric_limits<std::uint64_t>::max(); }

  /// Uniform in [0, n), without bias (Lemire's method with rejection). n must be > 0.
  std::uint64_t below(std::uint64_t n);
  /// Uniform in [lo, hi], both ends included. Requires lo <= hi.
  std::int64_t between(std::int64_t lo, std::int64_t hi);
  /// Uniform double in [0, 1) with 53 random bits.
  double unit();
  /// True with probability p (clamped to [0, 1]).
  bool chance(double p) { return unit() < p; }

  /// Index i with probability weights[i] / sum(weights). Requires a positive sum.
  std::size_t weighted(std::span<const std::uint64_t> weights);

  /// Fisher-Yates shuffle, the same permutation for the same state everywhere.
  template <class T, std::size_t Extent>
  void shuffle(std::span<T, Extent> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }
  template <class Container>
  void shuffle(Container& c) {
    shuffle(std::span(c));
  }

  /// An independent generator for stream `stream`, derived from this one's seed: for giving each
  /// game of a tournament its own reproducible sequence whatever the order they run in.
  Rng fork(std::uint64_t stream) const;

 private:
  std::uint64_t seed_ = 0;
  std::uint64_t s_[4] = {};
};

}  // namespace wg
