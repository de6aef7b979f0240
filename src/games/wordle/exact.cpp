#include "games/wordle/exact.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

#include "games/wordle/feedback.h"

namespace wg::wordle {

namespace {

/// A set of answers (indices into the root's answers) as a mask.
struct Mask {
  std::array<std::uint64_t, kMaxExactAnswers / 64> bits{};
  void insert(std::size_t i) { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool operator==(const Mask&) const = default;
};

struct MaskHash {
  std::size_t operator()(const Mask& m) const {
    std::uint64_t h = 0x632BE59BD9B4E019ull;
    for (std::uint64_t b : m.bits) h = (h ^ b) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

struct OutOfWork {};

class Search {
 public:
  Search(const WordBank& words, std::span<const WordId> answers, const ExactLimits& limits,
         const Work& work)
      : limits_(limits), work_(work), n_(answers.size()), green_(all_green(words.length())) {
    // One row per distinct way a guess splits the answers: guesses with the same row behave
    // alike on every subset, so only one of each is weighed.
    std::unordered_map<std::string, bool> seen;
    std::vector<Pattern> row(n_);
    std::string key(n_ * sizeof(Pattern), '\0');
    for (WordId g = 0; g < words.size(); ++g) {
      bool splits = false;
      for (std::size_t a = 0; a < n_; ++a) {
        row[a] = feedback(words.word(g), words.word(answers[a]));
        splits = splits || row[a] != row[0] || row[a] == green_;
      }
      spend(n_);
      if (!splits) continue;  // one family, not the word: tells nothing
      std::copy_n(reinterpret_cast<const char*>(row.data()), key.size(), key.begin());
      if (!seen.emplace(key, true).second) continue;
      rows_.insert(rows_.end(), row.begin(), row.end());
    }
    counts_.assign(pattern_count(words.length()), 0);
    seen_.assign(pattern_count(words.length()), 0);
  }

  std::size_t rows() const { return n_ == 0 ? 0 : rows_.size() / n_; }

  /// The value of `set` if it is at most `cap`, else cap + 1.
  int value(const std::vector<std::uint16_t>& set, int cap, bool root = false) {
    if (set.size() == 1) return std::min(1, cap + 1);
    const int lower = 2;
    if (cap < lower) return cap + 1;
    if (set.size() == 2) return 2;
    Mask key;
    for (std::uint16_t i : set) key.insert(i);
    if (cap == lower) {
      // The leaves of the search: is there a guess that tells every answer apart?
      if (const auto found = memo_.find(key); found != memo_.end()) {
        return found->second.exact && found->second.value <= cap ? found->second.value : cap + 1;
      }
      const bool split = separable(set);
      memo_[key] = split ? Bound{lower, true} : Bound{lower + 1, false};
      return split ? lower : cap + 1;
    }
    if (const auto found = memo_.find(key); found != memo_.end()) {
      const Bound b = found->second;
      if (b.exact) return b.value <= cap ? b.value : cap + 1;
      if (b.value > cap) return cap + 1;
    }
    // Each row's worst family, to weigh the rows most promising first.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> order;  // (worst, row)
    for (std::size_t r = 0; r < rows(); ++r) {
      const Pattern* row = rows_.data() + r * n_;
      std::uint32_t worst = 0;
      touched_.clear();
      for (std::uint16_t i : set) {
        if (counts_[row[i]]++ == 0) touched_.push_back(row[i]);
      }
      for (Pattern p : touched_) {
        if (p != green_) worst = std::max(worst, counts_[p]);
        counts_[p] = 0;
      }
      if (worst < set.size()) order.emplace_back(worst, static_cast<std::uint32_t>(r));
    }
    spend(rows() * set.size());
    std::sort(order.begin(), order.end());
    int best = cap + 1;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (root && work_.progress)
        work_.progress(static_cast<double>(k) / static_cast<double>(order.size()));
      const auto [worst, r] = order[k];
      // A family of 2 or more needs 2 more guesses; of one, 1 (0 for the green).
      const int bound = 1 + (worst >= 2 ? 2 : static_cast<int>(worst));
      if (bound >= best) break;  // sorted: no later row does better
      const Pattern* row = rows_.data() + static_cast<std::size_t>(r) * n_;
      std::vector<std::vector<std::uint16_t>> families;
      std::vector<Pattern> patterns;
      for (std::uint16_t i : set) {
        const Pattern p = row[i];
        if (p == green_) continue;
        const auto at = std::find(patterns.begin(), patterns.end(), p);
        if (at == patterns.end()) {
          patterns.push_back(p);
          families.push_back({i});
        } else {
          families[static_cast<std::size_t>(at - patterns.begin())].push_back(i);
        }
      }
      spend(set.size());
      std::sort(families.begin(), families.end(),
                [](const auto& a, const auto& b) { return a.size() > b.size(); });
      int worst_value = 0;
      bool fits = true;
      for (const auto& family : families) {
        const int v = value(family, best - 2);
        if (v > best - 2) {
          fits = false;
          break;
        }
        worst_value = std::max(worst_value, v);
      }
      if (fits) {
        best = 1 + worst_value;
        if (best <= lower) break;
      }
    }
    if (best <= cap) {
      memo_[key] = Bound{best, true};
    } else {
      Bound& b = memo_[key];
      if (!b.exact) b.value = std::max(b.value, cap + 1);
    }
    return best;
  }

  std::uint64_t spent() const { return spent_; }

  /// True when some guess gives every answer of `set` a pattern of its own.
  bool separable(const std::vector<std::uint16_t>& set) {
    for (std::size_t r = 0; r < rows(); ++r) {
      const Pattern* row = rows_.data() + r * n_;
      ++stamp_;
      bool distinct = true;
      std::size_t looked = 0;
      for (std::uint16_t i : set) {
        ++looked;
        std::uint32_t& seen = seen_[row[i]];
        if (seen == stamp_) {
          distinct = false;
          break;
        }
        seen = stamp_;
      }
      steps_ += looked;
      if (distinct) {
        spend(0);
        return true;
      }
    }
    spend(0);
    return false;
  }

 private:
  struct Bound {
    int value = 0;  ///< the value when exact, else a lower bound
    bool exact = false;
  };

  void spend(std::uint64_t steps) {
    spent_ += steps + steps_;
    steps_ = 0;
    if (spent_ > limits_.max_work) throw OutOfWork{};
    if (work_.stop.stop_requested()) {
      stopped_ = true;
      throw OutOfWork{};
    }
  }

 public:
  bool stopped_ = false;

 private:
  const ExactLimits& limits_;
  const Work& work_;
  std::size_t n_;
  Pattern green_;
  std::vector<Pattern> rows_;  // rows() rows of n_ patterns
  std::vector<std::uint32_t> counts_;
  std::vector<Pattern> touched_;
  std::vector<std::uint32_t> seen_;  // separable(): the stamp of the row that saw each pattern
  std::uint32_t stamp_ = 0;
  std::uint64_t steps_ = 0;  // separable()'s steps not yet spent
  std::unordered_map<Mask, Bound, MaskHash> memo_;
  std::uint64_t spent_ = 0;
};

}  // namespace

ExactResult fewest_guesses(const WordBank& words, std::span<const WordId> answers,
                           const ExactLimits& limits, const Work& work) {
  ExactResult result;
  const std::size_t most = std::min(limits.max_answers, kMaxExactAnswers);
  if (answers.empty() || answers.size() > most) return result;
  if (answers.size() == 1) {
    result.guesses = 1;
    return result;
  }
  std::vector<std::uint16_t> all(answers.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint16_t>(i);
  std::optional<Search> search;
  try {
    search.emplace(words, answers, limits, work);
    // Iterative deepening: "at most k guesses?" for k = 2, 3, ...; the memo keeps what each
    // bound proved. n answers never need more than n guesses.
    for (int k = 2; k <= static_cast<int>(answers.size()); ++k) {
      const int v = search->value(all, k, true);
      if (v <= k) {
        result.guesses = v;
        break;
      }
    }
    result.work = search->spent();
  } catch (const OutOfWork&) {
    result.work = search ? search->spent() : limits.max_work;
    result.stopped = work.stop.stop_requested();
    result.over_budget = !result.stopped;
  }
  if (work.progress) work.progress(1.0);
  return result;
}

}  // namespace wg::wordle
