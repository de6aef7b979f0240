#include "games/hangman/planner.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/parallel.h"
#include "games/hangman/advisor.h"
#include "games/hangman/opening_book.h"

namespace wg::hangman {

namespace {

/// The base player's rule, over letter counts: the safe player's (the largest count) or the
/// advisor's (advisor_score). Higher is better; ties go to the lower position, then the lower
/// letter, as advise() breaks them.
double base_score(Goal goal, std::uint32_t count, std::size_t total, int points, std::size_t open,
                  int lives) {
  if (goal == Goal::kWin) return static_cast<double>(count);
  return advisor_score(count, total, points, open, lives);
}

/// A position of the game as the planner sees it: the candidates (a range of indices into the
/// words of the secret's length, partitioned in place as the tree splits them), the open
/// positions (a bit each), the lives and points.
struct Position {
  std::span<std::uint32_t> candidates;
  std::uint64_t open = 0;
  int lives = 0;
  int points = 0;
};

/// Exact play for the chance to win once the candidates are few (at most kMaxCandidates): the
/// most candidates a player can win, each taken in turn as the secret, from a set of them with
/// so many lives (the chance to win is that count over the set's size). A set is a bit mask over
/// the candidates; a guess splits it into the hits and the misses, so wins(set, lives) = max over
/// guesses of wins(hits, lives) + wins(misses, lives - 1), solved by depth-first search with a memo
/// and upper bounds: the most a won game's paths allow, and a floor passed down to each part, the
/// most it must win for its guess to beat the best found so far (below the floor, a part's search
/// stops at an upper bound instead of its exact value).
///
/// Positions where the set's candidates all agree are certain hits, free and telling nothing,
/// so a set and its lives are the whole state: the open positions do not matter.
class Endgame {
 public:
  /// Larger sets pay little (docs/games/hangman.md): over 3,000 games, exact play from 24
  /// candidates won 329 where the safe player's rollout alone won 317; from 64 it made 300
  /// games thirty times slower and won no more.
  static constexpr std::size_t kMaxCandidates = 24;

  /// `candidates` (at most kMaxCandidates) index `words` (each `length` letters); `open` has a
  /// bit for each open position.
  Endgame(std::span<const Letter> words, std::size_t length, int letters,
          std::span<const std::uint32_t> candidates, std::uint64_t open)
      : all_((std::uint64_t{1} << candidates.size()) - 1),
        // Each level of the search rules out a candidate at least.
        scratch_(kMaxCandidates + 1) {
    static_assert(kMaxCandidates < 64);
    std::vector<std::uint64_t> masks(static_cast<std::size_t>(letters));
    for (std::uint64_t bits = open; bits != 0; bits &= bits - 1) {
      const auto position = static_cast<std::size_t>(std::countr_zero(bits));
      std::fill(masks.begin(), masks.end(), 0);
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        masks[words[candidates[i] * length + position]] |= std::uint64_t{1} << i;
      }
      for (int l = 0; l < letters; ++l) {
        const std::uint64_t mask = masks[static_cast<std::size_t>(l)];
        if (mask != 0 && mask != all_) {
          splits_.push_back({mask, static_cast<std::uint8_t>(position), static_cast<Letter>(l)});
        }
      }
    }
  }

  /// The best guess for the whole set and the candidates it wins (-1 if no guess splits the
  /// set). Ties go to the guess with more hits, then the lower position, then the lower
  /// letter. Requires lives >= 1.
  std::pair<Guess, int> best(int lives) {
    std::vector<std::pair<int, std::size_t>> order;  // (-hits, split)
    std::uint64_t differing = 0;
    for (std::size_t i = 0; i < splits_.size(); ++i) {
      order.emplace_back(-std::popcount(splits_[i].mask), i);
      differing |= std::uint64_t{1} << splits_[i].position;
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    // The bounds of wins(): a guess is skipped when it cannot win more than the best so far
    // (it could only tie, and ties keep the earlier guess), and the search stops once a guess
    // wins all that any can, so the answer is the one trying every guess would give. Without
    // them, a set that can be won whole was searched under every guess: 1.4 s for the first
    // hint on a dictionary of 24 fifteen-letter words (docs/PERFORMANCE.md).
    const int d = std::popcount(differing);
    const int bound = std::min(std::popcount(all_), leaves(d, lives - 1));
    const Leaves most{leaves(d - 1, lives - 1), leaves(d, lives - 2)};
    Guess guess{};
    int best_wins = -1;
    for (const auto& [minus_hits, i] : order) {
      if (best_wins >= bound) break;
      const int wins_here = guess_wins(all_, splits_[i].mask, lives, best_wins, most, nullptr, 0);
      if (wins_here > best_wins) {
        best_wins = wins_here;
        guess = {splits_[i].position, splits_[i].letter};
      }
    }
    return {guess, best_wins};
  }

  /// The most candidates a player with `lives` can win.
  int wins(int lives) { return wins(all_, lives, 0); }

 private:
  /// W, the most candidates of `set` a player with `lives` can win, when W > `floor`;
  /// otherwise an upper bound of W no greater than `floor`: a caller that needs more than
  /// `floor` (to beat the best guess it has) learns that this set will not give it, without the
  /// search that would find W exactly. A floor below 1 asks for W (W >= 1 always). `parent`
  /// lists the splits that split the parent set (none of the others can split a part of it);
  /// `depth` is the depth of the search, a scratch list each.
  int wins(std::uint64_t set, int lives, int floor,
           const std::vector<std::uint16_t>* parent = nullptr, std::size_t depth = 0) {
    const int n = std::popcount(set);
    if (lives <= 0) return 0;
    if (n <= lives) return n;  // every miss rules out one candidate at least
    if (lives == 1) return 1;  // no miss allowed: the hits lead to one candidate
    // The memo holds W (exact) or an upper bound of it, found under a floor.
    auto& memo = memo_[static_cast<std::size_t>(lives)];
    int known_bound = n;
    if (const auto found = memo.find(set); found != memo.end()) {
      if (found->second.exact || found->second.wins <= floor) return found->second.wins;
      known_bound = found->second.wins;
    }
    // The splits of this set; D, the positions where its candidates differ; and the split with
    // the most hits, tried first: a good first answer lets the bounds skip most of the others.
    std::vector<std::uint16_t>& useful = scratch_[depth];
    useful.clear();
    std::uint64_t differing = 0;
    std::size_t first = 0;
    int first_hits = 0;
    const auto consider = [&](std::uint16_t i) {
      const std::uint64_t hits = set & splits_[i].mask;
      const int k = std::popcount(hits);
      if (k == 0 || k == n) return;
      differing |= std::uint64_t{1} << splits_[i].position;

      if (k > first_hits) {
        first_hits = k;
        first = useful.size();
      }
      useful.push_back(i);
    };
    if (parent != nullptr) {
      for (const std::uint16_t i : *parent) consider(i);
    } else {
      for (std::size_t i = 0; i < splits_.size(); ++i) consider(static_cast<std::uint16_t>(i));
    }
    const int d = std::popcount(differing);
    const int bound = std::min({n, leaves(d, lives - 1), known_bound});
    if (bound <= floor) {
      memo.insert_or_assign(set, Solved{bound, false});
      return bound;
    }
    const Leaves most{leaves(d - 1, lives - 1), leaves(d, lives - 2)};
    // Only a guess winning more than both the best so far and the floor matters. Until one
    // does, best_wins is the floor, an upper bound of W, or 1, which any guess wins.
    int best_wins = std::max(1, floor);
    bool exact = floor < 1;
    const auto try_split = [&](std::uint16_t i) {
      const int wins_here =
          guess_wins(set, splits_[i].mask, lives, best_wins, most, &useful, depth + 1);
      if (wins_here <= best_wins) return;
      best_wins = wins_here;
      exact = true;
    };
    if (!useful.empty()) try_split(useful[first]);
    for (std::size_t j = 0; j < useful.size() && best_wins < bound; ++j) {
      if (j != first) try_split(useful[j]);
    }
    memo.insert_or_assign(set, Solved{best_wins, exact});
    return best_wins;
  }

  /// The most leaves of a won game's paths after a guess: from its hits and from its misses.
  struct Leaves {
    int hits;
    int misses;
  };

  /// What the guess that splits `set` into the candidates of `column` and the rest wins, when
  /// that is more than `best`; otherwise at most `best`. Each part is searched with the floor
  /// that would let the guess beat `best` (the misses first: with their wins known, the hits
  /// need only make up the rest), so a sum above `best` is exact.
  int guess_wins(std::uint64_t set, std::uint64_t column, int lives, int best, const Leaves& most,
                 const std::vector<std::uint16_t>* parent, std::size_t depth) {
    const std::uint64_t hits = set & column;
    const int k = std::popcount(hits);
    const int hit_bound = std::min(k, most.hits);
    if (hit_bound + std::min(std::popcount(set) - k, most.misses) <= best) return best;
    const int miss_wins = wins(set & ~hits, lives - 1, best - hit_bound, parent, depth);
    if (hit_bound + miss_wins <= best) return best;
    return wins(hits, lives, best - miss_wins, parent, depth) + miss_wins;
  }

  /// The most leaves of a decision tree whose paths have at most `hits` hits and `misses`
  /// misses: C(hits + misses, misses), capped.
  static int leaves(int hits, int misses) {
    if (hits <= 0 || misses <= 0) return 1;
    long long c = 1;
    for (int i = 1; i <= misses; ++i) {
      c = c * (hits + i) / i;
      if (c > 1000) return 1000;
    }
    return static_cast<int>(c);
  }

  struct Split {
    std::uint64_t mask;
    std::uint8_t position;
    Letter letter;
  };
  std::uint64_t all_;
  std::vector<Split> splits_;
  /// A set's entry in the memo: W, or an upper bound of it.
  struct Solved {
    int wins;
    bool exact;
  };
  std::array<std::unordered_map<std::uint64_t, Solved>, kLives + 1> memo_;
  std::vector<std::vector<std::uint16_t>> scratch_;
};

/// Exact play for points on few candidates (planner.h, plan_points_exactly): the expected points
/// still to come from a set of candidates (a bit mask), with so many lives, points (kept up to
/// kMissPenalty a life: more change nothing to come, since no miss can then reach the floor) and
/// sure positions (open, and every candidate agrees there: each a hit of points_for_hit(1, 1)
/// whenever it is taken, so only their number matters). An expectimax over every guess that
/// splits the set, and a sure hit, with a memo; it gives up past a budget of positions solved.
class PointsEndgame {
 public:
  PointsEndgame(std::span<const Letter> words, std::size_t length, int letters,
                std::span<const std::uint32_t> candidates, std::uint64_t open, std::size_t budget)
      : all_(candidates.size() >= 64 ? ~std::uint64_t{0}
                                     : (std::uint64_t{1} << candidates.size()) - 1),
        budget_(budget) {
    std::vector<std::uint64_t> masks(static_cast<std::size_t>(letters));
    for (std::uint64_t bits = open; bits != 0; bits &= bits - 1) {
      const auto position = static_cast<std::size_t>(std::countr_zero(bits));
      std::fill(masks.begin(), masks.end(), 0);
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        masks[words[candidates[i] * length + position]] |= std::uint64_t{1} << i;
      }
      Column& column = columns_.emplace_back();
      column.position = position;
      for (int l = 0; l < letters; ++l) {
        const std::uint64_t mask = masks[static_cast<std::size_t>(l)];
        if (mask != 0) column.letters.push_back({mask, static_cast<Letter>(l)});
      }
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        column.same[i] = masks[words[candidates[i] * length + position]];
      }
    }
  }

  /// What `guess` (at an open position) makes from the whole set with `lives` and `points`:
  /// the expected points still to come; nullopt once the budget is spent.
  std::optional<double> gain(Guess guess, int lives, int points) {
    std::uint64_t mask = 0;
    for (const Column& column : columns_) {
      if (column.position != guess.position) continue;
      for (const auto& [letters, letter] : column.letters) {
        if (letter == guess.letter) mask = letters;
      }
    }
    const int sure = static_cast<int>(columns_.size()) - differing(all_);
    const double value = move(all_, mask, lives, std::min(points, kMissPenalty * lives), sure);
    if (spent_ > budget_) return std::nullopt;
    return value;
  }

  /// The open positions, each with the letters its candidates have there (masks over the set).
  struct Column {
    std::size_t position = 0;
    std::vector<std::pair<std::uint64_t, Letter>> letters;
    /// For each candidate, the candidates with its letter here.
    std::array<std::uint64_t, 64> same{};
  };
  const std::vector<Column>& columns() const { return columns_; }

 private:
  /// The positions where the set's candidates differ.
  int differing(std::uint64_t set) const {
    if (set == 0) return 0;
    const auto first = static_cast<std::size_t>(std::countr_zero(set));
    int d = 0;
    for (const Column& column : columns_) d += (set & ~column.same[first]) != 0 ? 1 : 0;
    return d;
  }

  /// The guess whose letter the candidates of `column` have, from `set`: a sure hit, a split,
  /// or a miss for certain (column 0).
  double move(std::uint64_t set, std::uint64_t column, int lives, int points, int sure) {
    const std::uint64_t hits = set & column;
    const int n = std::popcount(set);
    const int k = std::popcount(hits);
    const int sure_hit = points_for_hit(1, 1);
    const int kept = kMissPenalty * lives;  // more points change nothing to come
    if (k == n) return sure_hit + solve(set, lives, std::min(points + sure_hit, kept), sure - 1);
    const int d = differing(set);
    const int penalty = std::min(points, kMissPenalty);
    double miss = -penalty;
    if (lives > 1) {
      const std::uint64_t misses = set & ~hits;
      miss += solve(misses, lives - 1, std::min(points - penalty, kMissPenalty * (lives - 1)),
                    sure + d - differing(misses));
    }
    if (k == 0) return miss;
    const int gain = points_for_hit(static_cast<std::size_t>(k), static_cast<std::size_t>(n));
    // After a hit its position is revealed, and the others where the hits agree are sure.
    const double hit =
        gain + solve(hits, lives, std::min(points + gain, kept), sure + d - 1 - differing(hits));
    return (k * hit + (n - k) * miss) / n;
  }

  /// The expected points still to come, at best, from `set`.
  double solve(std::uint64_t set, int lives, int points, int sure) {
    if (std::popcount(set) == 1) return points_for_hit(1, 1) * sure;  // every open one is sure
    if (spent_ > budget_) return 0;
    const Key key{set, static_cast<std::uint32_t>(lives | points / 5 << 3 | sure << 9)};
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
    ++spent_;
    double best = -1e300;
    if (sure > 0) best = move(set, set, lives, points, sure);
    const int n = std::popcount(set);
    for (const Column& column : columns_) {
      for (const auto& [mask, letter] : column.letters) {
        const int k = std::popcount(set & mask);
        if (k == 0 || k == n) continue;
        best = std::max(best, move(set, mask, lives, points, sure));
      }
    }
    memo_.emplace(key, best);
    return best;
  }

  struct Key {
    std::uint64_t set;
    std::uint32_t rest;  ///< lives, points / 5 and the sure positions
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& key) const {
      return static_cast<std::size_t>((key.set ^ (std::uint64_t{key.rest} << 40)) *
                                      0x9E3779B97F4A7C15ULL);
    }
  };
  std::uint64_t all_;
  std::size_t budget_;
  std::size_t spent_ = 0;  ///< positions solved
  std::vector<Column> columns_;
  std::unordered_map<Key, double, KeyHash> memo_;
};

/// The exact value of the base player from a position (planner.h).
class Evaluator {
 public:
  Evaluator(std::span<const Letter> words, std::size_t length, int letters, Goal goal)
      : words_(words),
        length_(length),
        letters_(letters),
        goal_(goal),
        // A level of the tree reveals a position or costs a life.
        counts_(length + kLives + 1, std::vector<std::uint32_t>(length * letters)) {}

  double value(Position at, std::size_t depth = 0) {
    std::vector<std::uint32_t>& counts = counts_[depth];
    bool counted = false;  // a certain hit keeps the candidates, and so the counts
    for (;;) {
      if (at.open == 0) return goal_ == Goal::kWin ? 1.0 : at.points;
      if (at.lives == 0) return goal_ == Goal::kWin ? 0.0 : at.points;
      const std::size_t total = at.candidates.size();
      if (total == 1) {  // the secret is known: every open position is a certain hit
        const int open = std::popcount(at.open);
        return goal_ == Goal::kWin ? 1.0 : at.points + open * points_for_hit(1, 1);
      }
      if (goal_ == Goal::kWin && total <= Endgame::kMaxCandidates) {
        Endgame endgame(words_, length_, letters_, at.candidates, at.open);
        return static_cast<double>(endgame.wins(at.lives)) / static_cast<double>(total);
      }
      if (!counted) {
        count(at, counts);
        counted = true;
      }
      const Choice choice = choose(at, counts);
      if (choice.count == total) {
        // A certain hit changes no candidate: the counts hold for the next choice.
        at.open &= ~(std::uint64_t{1} << choice.position);
        at.points += points_for_hit(total, total);
        continue;
      }
      const Letter letter = choice.letter;
      const std::size_t position = choice.position;
      const auto split = std::partition(
          at.candidates.begin(), at.candidates.end(),
          [&](std::uint32_t word) { return words_[word * length_ + position] == letter; });
      const auto hits = static_cast<std::size_t>(split - at.candidates.begin());
      const double p = static_cast<double>(hits) / static_cast<double>(total);
      Position hit{at.candidates.first(hits), at.open & ~(std::uint64_t{1} << position), at.lives,
                   at.points + points_for_hit(hits, total)};
      Position miss{at.candidates.subspan(hits), at.open, at.lives - 1,
                    at.points - std::min(at.points, kMissPenalty)};
      const double hit_value = hits == 0 ? 0.0 : value(hit, depth + 1);
      const double miss_value = value(miss, depth + 1);
      return p * hit_value + (1 - p) * miss_value;
    }
  }

  /// The letter counts of the open positions over the candidates.
  void count(const Position& at, std::vector<std::uint32_t>& counts) const {
    std::fill(counts.begin(), counts.end(), 0);
    for (const std::uint32_t word : at.candidates) {
      const Letter* letters = words_.data() + word * length_;
      for (std::uint64_t open = at.open; open != 0; open &= open - 1) {
        const auto position = static_cast<std::size_t>(std::countr_zero(open));
        ++counts[position * static_cast<std::size_t>(letters_) + letters[position]];
      }
    }
  }

  struct Choice {
    std::size_t position = 0;
    Letter letter = 0;
    std::uint32_t count = 0;
  };

  /// The base player's guess at a position whose counts are given.
  Choice choose(const Position& at, const std::vector<std::uint32_t>& counts) const {
    Choice best;
    double best_score = 0;
    bool found = false;
    const auto open = static_cast<std::size_t>(std::popcount(at.open));
    for (std::uint64_t bits = at.open; bits != 0; bits &= bits - 1) {
      const auto position = static_cast<std::size_t>(std::countr_zero(bits));
      for (int l = 0; l < letters_; ++l) {
        const std::uint32_t n = counts[position * static_cast<std::size_t>(letters_) + l];
        if (n == 0) continue;
        const double score = base_score(goal_, n, at.candidates.size(), at.points, open, at.lives);
        if (!found || score > best_score + 1e-12) {
          found = true;
          best_score = score;
          best = {position, static_cast<Letter>(l), n};
        }
      }
    }
    return best;
  }

 private:
  std::span<const Letter> words_;
  std::size_t length_;
  int letters_;
  Goal goal_;
  std::vector<std::vector<std::uint32_t>> counts_;  ///< one table a depth of the tree
};

/// `at` after `guess`: its candidates partitioned into `split` (scratch), the hits first.
struct Outcomes {
  Position hit;   ///< the position after a hit (meaningful when hits > 0)
  Position miss;  ///< the position after a miss (meaningful when hits < total)
  std::size_t hits = 0;
  std::size_t total = 0;
  double p = 0;  ///< the probability of a hit
};
Outcomes outcomes_of(std::span<const Letter> words, std::size_t length, const Position& at,
                     Guess guess, std::vector<std::uint32_t>& split) {
  split.assign(at.candidates.begin(), at.candidates.end());
  const auto middle = std::partition(split.begin(), split.end(), [&](std::uint32_t word) {
    return words[word * length + guess.position] == guess.letter;
  });
  Outcomes out;
  out.hits = static_cast<std::size_t>(middle - split.begin());
  out.total = split.size();
  out.p = static_cast<double>(out.hits) / static_cast<double>(out.total);
  const std::span<std::uint32_t> all(split);
  out.miss = {all.subspan(out.hits), at.open, at.lives - 1,
              at.points - std::min(at.points, kMissPenalty)};
  out.hit = {all.first(out.hits), at.open & ~(std::uint64_t{1} << guess.position), at.lives,
             at.points + points_for_hit(out.hits, out.total)};
  return out;
}

/// What playing `guess` from `at` is worth with `evaluator`'s player after it (an Evaluator:
/// the base player; a PlannerEvaluator: plan()'s one-level play): the hits and the misses each
/// valued to the end (`split` is scratch).
template <class Value>
PlannedGuess rollout(Value& evaluator, std::span<const Letter> words, std::size_t length,
                     const Position& at, Guess guess, std::vector<std::uint32_t>& split) {
  const Outcomes next = outcomes_of(words, length, at, guess, split);
  double value = next.hits == next.total ? 0.0 : (1 - next.p) * evaluator.value(next.miss);
  if (next.hits > 0) value += next.p * evaluator.value(next.hit);
  return {guess, next.p, value};
}

/// rollout() with the miss and the hit valued on two threads, each by an evaluator of its own
/// (`make()`), to the same figure.
template <class Make>
PlannedGuess rollout_on_two_threads(Make&& make, std::span<const Letter> words, std::size_t length,
                                    const Position& at, Guess guess) {
  std::vector<std::uint32_t> split;
  const Outcomes next = outcomes_of(words, length, at, guess, split);
  std::array<double, 2> values{};  // the miss's, the hit's
  parallel_for(2, 2, [&](int i) {
    if (i == 0 ? next.hits == next.total : next.hits == 0) return;
    auto evaluator = make();
    values[static_cast<std::size_t>(i)] = evaluator->value(i == 0 ? next.miss : next.hit);
  });
  double value = next.hits == next.total ? 0.0 : (1 - next.p) * values[0];
  if (next.hits > 0) value += next.p * values[1];
  return {guess, next.p, value};
}

/// The guesses plan() considers at `at`: the base player's `breadth` best by its rule, in its
/// order of preference (ties to the lower position, then the lower letter). `counts` are the
/// letter counts of the open positions over the candidates (Evaluator::count's layout).
std::vector<Guess> considered_guesses(const Position& at, Goal goal, int letters,
                                      std::span<const std::uint32_t> counts, std::size_t breadth) {
  struct Ranked {
    Guess guess;
    double score;
  };
  std::vector<Ranked> ranked;
  const std::size_t total = at.candidates.size();
  const auto open = static_cast<std::size_t>(std::popcount(at.open));
  for (std::uint64_t bits = at.open; bits != 0; bits &= bits - 1) {
    const auto position = static_cast<std::size_t>(std::countr_zero(bits));
    for (int l = 0; l < letters; ++l) {
      const std::uint32_t n = counts[position * static_cast<std::size_t>(letters) + l];
      if (n == 0) continue;
      ranked.push_back({{position, static_cast<Letter>(l)},
                        base_score(goal, n, total, at.points, open, at.lives)});
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Ranked& a, const Ranked& b) { return a.score > b.score; });
  ranked.resize(std::min(ranked.size(), std::max<std::size_t>(breadth, 1)));
  std::vector<Guess> guesses;
  guesses.reserve(ranked.size());
  for (const Ranked& r : ranked) guesses.push_back(r.guess);
  return guesses;
}

/// The guess among `considered` whose hit and miss are worth the most to `judge` (the first of
/// the best: a value counts as better only by more than 1e-12).
template <class Judge>
PlannedGuess best_of(const std::vector<Guess>& considered, Judge&& judge) {
  PlannedGuess best;
  bool found = false;
  for (const Guess& guess : considered) {
    const PlannedGuess judged = judge(guess);
    if (!found || judged.value > best.value + 1e-12) {
      found = true;
      best = judged;
    }
  }
  return best;
}

/// The exact value of plan()'s own play with `levels` of lookahead (the guesses considered at
/// each position judged by the play of the level below after them, level 0 being the base
/// player; for the chance to win, exact play from Endgame::kMaxCandidates) from a position to
/// the end: what the level above judges its guesses by.
class PlannerEvaluator {
 public:
  PlannerEvaluator(std::span<const Letter> words, std::size_t length, int letters, Goal goal,
                   std::size_t breadth, int levels)
      : words_(words),
        length_(length),
        letters_(letters),
        goal_(goal),
        breadth_(breadth),
        base_(words, length, letters, goal),
        below_(levels >= 2 ? std::make_unique<PlannerEvaluator>(words, length, letters, goal,
                                                                breadth, levels - 1)
                           : nullptr),
        // A level of the tree reveals a position or costs a life.
        counts_(length + kLives + 1, std::vector<std::uint32_t>(length * letters)),
        split_(length + kLives + 1) {}

  /// Partitions `at.candidates` in place.
  double value(Position at, std::size_t depth = 0) {
    for (;;) {
      if (at.open == 0) return goal_ == Goal::kWin ? 1.0 : at.points;
      if (at.lives == 0) return goal_ == Goal::kWin ? 0.0 : at.points;
      const std::size_t total = at.candidates.size();
      if (total == 1) {
        const int open = std::popcount(at.open);
        return goal_ == Goal::kWin ? 1.0 : at.points + open * points_for_hit(1, 1);
      }
      if (goal_ == Goal::kWin && total <= Endgame::kMaxCandidates) {
        Endgame endgame(words_, length_, letters_, at.candidates, at.open);
        return static_cast<double>(endgame.wins(at.lives)) / static_cast<double>(total);
      }
      const Guess guess = choose(at, depth);
      const auto middle =
          std::partition(at.candidates.begin(), at.candidates.end(), [&](std::uint32_t word) {
            return words_[word * length_ + guess.position] == guess.letter;
          });
      const auto hits = static_cast<std::size_t>(middle - at.candidates.begin());
      if (hits == total) {  // a certain hit: the same candidates, one position fewer
        at.open &= ~(std::uint64_t{1} << guess.position);
        at.points += points_for_hit(total, total);
        continue;
      }
      const double p = static_cast<double>(hits) / static_cast<double>(total);
      const Position miss{at.candidates.subspan(hits), at.open, at.lives - 1,
                          at.points - std::min(at.points, kMissPenalty)};
      double result = (1 - p) * value(miss, depth + 1);
      if (hits > 0) {
        const Position hit{at.candidates.first(hits),
                           at.open & ~(std::uint64_t{1} << guess.position), at.lives,
                           at.points + points_for_hit(hits, total)};
        result += p * value(hit, depth + 1);
      }
      return result;
    }
  }

 private:
  /// plan()'s guess: the considered guesses, each judged by the level below's exact value
  /// after it.
  Guess choose(const Position& at, std::size_t depth) {
    std::vector<std::uint32_t>& counts = counts_[depth];
    base_.count(at, counts);
    const std::vector<Guess> considered = considered_guesses(at, goal_, letters_, counts, breadth_);
    return best_of(considered,
                   [&](Guess guess) {
                     if (below_) return rollout(*below_, words_, length_, at, guess, split_[depth]);
                     return rollout(base_, words_, length_, at, guess, split_[depth]);
                   })
        .guess;
  }

  std::span<const Letter> words_;
  std::size_t length_;
  int letters_;
  Goal goal_;
  std::size_t breadth_;
  Evaluator base_;
  std::unique_ptr<PlannerEvaluator> below_;         ///< the level below, if not the base player
  std::vector<std::vector<std::uint32_t>> counts_;  ///< one table a depth of the tree
  std::vector<std::vector<std::uint32_t>> split_;   ///< one scratch list a depth
};

Position position_of(const Game& game, std::vector<std::uint32_t>& candidates) {
  candidates = game.candidates();
  Position at{candidates, 0, game.lives(), game.points()};
  for (std::size_t p = 0; p < game.length(); ++p) {
    if (game.is_open(p)) at.open |= std::uint64_t{1} << p;
  }
  return at;
}

}  // namespace

double base_value(const Game& game, Goal goal) {
  if (game.finished()) {
    if (goal == Goal::kWin) return game.status() == GameState::kWon ? 1.0 : 0.0;
    return game.points();
  }
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  Evaluator evaluator(game.dictionary().words_of_length(game.length()), game.length(),
                      game.dictionary().alphabet().size(), goal);
  return evaluator.value(at);
}

namespace {

/// From this many candidates, plan() at two levels or more judges its considered guesses on
/// every core: each takes tens of milliseconds or more there, far more than a thread's start.
constexpr std::size_t kParallelCandidates = 1000;

/// plan() without the cache of first guesses.
PlannedGuess plan_here(const Game& game, Goal goal, const PlanOptions& options) {
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  const std::span<const Letter> words = game.dictionary().words_of_length(game.length());
  const int letters = game.dictionary().alphabet().size();
  const std::size_t total = candidates.size();
  if (goal == Goal::kWin && total <= Endgame::kMaxCandidates && total > 1) {
    Endgame endgame(words, game.length(), letters, candidates, at.open);
    const auto [guess, wins] = endgame.best(at.lives);
    if (wins >= 0) {
      return {guess,
              static_cast<double>(game.count(guess.position, guess.letter)) /
                  static_cast<double>(total),
              static_cast<double>(wins) / static_cast<double>(total)};
    }
  }
  std::vector<std::uint32_t> counts(game.length() * static_cast<std::size_t>(letters), 0);
  for (std::size_t position = 0; position < game.length(); ++position) {
    if (!game.is_open(position)) continue;
    for (int l = 0; l < letters; ++l) {
      counts[position * static_cast<std::size_t>(letters) + l] =
          game.count(position, static_cast<Letter>(l));
    }
  }
  const std::vector<Guess> considered =
      considered_guesses(at, goal, letters, counts, options.breadth);
  std::vector<std::uint32_t> split;
  if (options.levels <= 1) {
    Evaluator evaluator(words, game.length(), letters, goal);
    return best_of(considered, [&](Guess guess) {
      return rollout(evaluator, words, game.length(), at, guess, split);
    });
  }
  if (total < kParallelCandidates) {
    PlannerEvaluator below(words, game.length(), letters, goal, options.breadth,
                           options.levels - 1);
    return best_of(considered, [&](Guess guess) {
      return rollout(below, words, game.length(), at, guess, split);
    });
  }
  // Each considered guess on a thread of its own, with its own evaluator (rollout only reads
  // `at`); the slots are compared in order, so the choice is the one a single thread makes.
  std::vector<PlannedGuess> judged(considered.size());
  parallel_for(static_cast<int>(considered.size()), static_cast<int>(jobs_or_cores(0)), [&](int i) {
    PlannerEvaluator below(words, game.length(), letters, goal, options.breadth,
                           options.levels - 1);
    std::vector<std::uint32_t> scratch;
    judged[static_cast<std::size_t>(i)] =
        rollout(below, words, game.length(), at, considered[i], scratch);
  });
  std::size_t next = 0;  // best_of asks for each considered guess once, in order
  return best_of(considered, [&](Guess) { return judged[next++]; });
}

/// `game` after `guess`, with a secret that `hit`s it or misses it, or nullopt if no candidate
/// does.
std::optional<Game> after(const Game& game, Guess guess, bool hit) {
  const std::span<const Letter> words = game.dictionary().words_of_length(game.length());
  for (const std::uint32_t word : game.candidates()) {
    const std::span<const Letter> secret = words.subspan(word * game.length(), game.length());
    if ((secret[guess.position] == guess.letter) != hit) continue;
    Game next(game.dictionary(), secret);
    for (const PlayedGuess& played : game.guesses()) next.guess(played.guess);
    next.guess(guess);
    return next;
  }
  return std::nullopt;
}

/// plan_here() after `guess` hits (or misses) in `game`: none where no candidate does so, or
/// the game is over.
std::optional<PlannedGuess> plan_after(const Game& game, Guess guess, bool hit, Goal goal,
                                       const PlanOptions& options) {
  const std::optional<Game> next = after(game, guess, hit);
  if (!next || next->finished()) return std::nullopt;
  return plan_here(*next, goal, options);
}

static_assert(kFirstGuessesCached == 2, "an Opening holds a game's first two positions");

/// The cache of first guesses (planner.h, kFirstGuessesCached): an opening for each dictionary
/// (the words of one length, by a hash of their letters), goal and options, taken from the
/// opening book or else computed by the first game that asks for it, and read-only after, so
/// that any number of threads may read it. Past kCachedDictionaries entries, plan() computes and
/// keeps nothing.
class FirstGuessCache {
 public:
  static FirstGuessCache& instance() {
    static FirstGuessCache cache;
    return cache;
  }

  /// The cached guess for `game`'s position, filling the entry first if need be; nullptr when
  /// the position is not among the cached ones (a game that left the planner's first guesses,
  /// or went past them) or the cache is full.
  const PlannedGuess* find(const Game& game, Goal goal, const PlanOptions& options) {
    const std::vector<PlayedGuess>& played = game.guesses();
    if (played.size() >= static_cast<std::size_t>(kFirstGuessesCached)) return nullptr;
    Entry* entry = entry_for(game, goal, options);
    if (entry == nullptr) return nullptr;
    std::call_once(entry->filled, [&] {
      const BookOpening* book = book_opening(entry->key);
      entry->opening = book != nullptr
                           ? book->opening
                           : opening_of(game.dictionary(), game.length(), goal, options);
    });
    const Opening& opening = entry->opening;
    if (played.empty()) return &opening.first;
    if (played.front().guess != opening.first.guess) return nullptr;
    const std::optional<PlannedGuess>& next =
        played.front().hit ? opening.after_hit : opening.after_miss;
    return next ? &*next : nullptr;
  }

 private:
  struct Key {
    std::uint64_t words_hash;
    std::size_t length;
    std::size_t words;
    Goal goal;
    std::size_t breadth;
    int levels;
    bool operator==(const Key&) const = default;
  };
  struct Entry {
    Key key;
    std::once_flag filled;
    Opening opening;
  };

  static const BookOpening* book_opening(const Key& key) {
    for (const BookOpening& book : opening_book()) {
      if (Key{book.words_hash, book.length, book.words, book.goal, book.breadth, book.levels} ==
          key) {
        return &book;
      }
    }
    return nullptr;
  }

  Entry* entry_for(const Game& game, Goal goal, const PlanOptions& options) {
    const std::span<const Letter> words = game.dictionary().words_of_length(game.length());
    const Key key{words_hash(words), game.length(), words.size() / game.length(), goal,
                  options.breadth,   options.levels};
    const std::lock_guard lock(mutex_);
    for (const auto& entry : entries_) {
      if (entry->key == key) return entry.get();
    }
    if (entries_.size() >= kCachedDictionaries) return nullptr;
    entries_.push_back(std::make_unique<Entry>());
    entries_.back()->key = key;
    return entries_.back().get();
  }

  std::mutex mutex_;
  std::vector<std::unique_ptr<Entry>> entries_;  ///< never removed: readers hold their address
};

}  // namespace

Opening opening_of(const Dictionary& dictionary, std::size_t length, Goal goal,
                   const PlanOptions& options) {
  const Game start(dictionary, dictionary.words_of_length(length).first(length));
  Opening opening;
  opening.first = plan_here(start, goal, options);
  opening.after_hit = plan_after(start, opening.first.guess, true, goal, options);
  opening.after_miss = plan_after(start, opening.first.guess, false, goal, options);
  return opening;
}

std::uint64_t words_hash(std::span<const Letter> letters) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (const Letter letter : letters) h = (h ^ letter) * 0x100000001b3ULL;
  return h;
}

PlannedGuess plan(const Game& game, Goal goal, const PlanOptions& options) {
  if (options.levels >= 2 && options.cache &&
      game.guesses().size() < static_cast<std::size_t>(kFirstGuessesCached)) {
    if (const PlannedGuess* cached = FirstGuessCache::instance().find(game, goal, options)) {
      return *cached;
    }
  }
  return plan_here(game, goal, options);
}

PlannedGuess judge(const Game& game, Guess guess, Goal goal, const PlanOptions& options) {
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  const std::span<const Letter> words = game.dictionary().words_of_length(game.length());
  const int letters = game.dictionary().alphabet().size();
  const std::size_t total = candidates.size();
  if (goal == Goal::kWin && total <= Endgame::kMaxCandidates && total > 1) {
    // Exact play after the guess, as plan() plays here: the most of the hits won with the same
    // lives, and of the misses with one life less.
    std::vector<std::uint32_t> split = candidates;
    const auto middle = std::partition(split.begin(), split.end(), [&](std::uint32_t word) {
      return words[word * game.length() + guess.position] == guess.letter;
    });
    const auto hits = static_cast<std::size_t>(middle - split.begin());
    const std::span<const std::uint32_t> all(split);
    const auto wins = [&](std::span<const std::uint32_t> part, std::uint64_t open, int lives) {
      if (part.empty() || lives <= 0) return 0;
      return Endgame(words, game.length(), letters, part, open).wins(lives);
    };
    const int won =
        wins(all.first(hits), at.open & ~(std::uint64_t{1} << guess.position), at.lives) +
        wins(all.subspan(hits), at.open, at.lives - 1);
    return {guess, static_cast<double>(hits) / static_cast<double>(total),
            static_cast<double>(won) / static_cast<double>(total)};
  }
  std::vector<std::uint32_t> split;
  if (options.levels <= 1) {
    Evaluator evaluator(words, game.length(), letters, goal);
    return rollout(evaluator, words, game.length(), at, guess, split);
  }
  if (total >= kParallelCandidates) {
    return rollout_on_two_threads(
        [&] {
          return std::make_unique<PlannerEvaluator>(words, game.length(), letters, goal,
                                                    options.breadth, options.levels - 1);
        },
        words, game.length(), at, guess);
  }
  PlannerEvaluator below(words, game.length(), letters, goal, options.breadth, options.levels - 1);
  return rollout(below, words, game.length(), at, guess, split);
}

double plan_value(const Game& game, Goal goal, const PlanOptions& options) {
  if (game.finished()) return base_value(game, goal);
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  PlannerEvaluator evaluator(game.dictionary().words_of_length(game.length()), game.length(),
                             game.dictionary().alphabet().size(), goal, options.breadth,
                             std::max(options.levels, 1));
  return evaluator.value(at);
}

bool plays_exactly(const Game& game, Goal goal) {
  const std::size_t total = game.candidate_count();
  return total <= 1 || (goal == Goal::kWin && total <= Endgame::kMaxCandidates);
}

std::optional<ExactPoints> plan_points_exactly(const Game& game, Guess played) {
  const std::size_t total = game.candidate_count();
  if (total > kExactPointsCandidates) return std::nullopt;
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  // Positions solved: the sets of 8 candidates of the default dictionary need a few thousand;
  // the budget bounds the time of a set whose words differ at many positions.
  constexpr std::size_t kBudget = 50'000;
  PointsEndgame endgame(game.dictionary().words_of_length(game.length()), game.length(),
                        game.dictionary().alphabet().size(), candidates, at.open, kBudget);
  const auto judged = [&](Guess guess) -> std::optional<PlannedGuess> {
    const std::optional<double> gain = endgame.gain(guess, at.lives, at.points);
    if (!gain) return std::nullopt;
    return PlannedGuess{
        guess,
        static_cast<double>(game.count(guess.position, guess.letter)) / static_cast<double>(total),
        at.points + *gain};
  };
  ExactPoints exact;
  bool found = false;
  for (const auto& column : endgame.columns()) {
    for (const auto& [mask, letter] : column.letters) {
      const std::optional<PlannedGuess> guess = judged({column.position, letter});
      if (!guess) return std::nullopt;
      if (!found || guess->value > exact.best.value + 1e-12) {
        found = true;
        exact.best = *guess;
      }
    }
  }
  const std::optional<PlannedGuess> mine = judged(played);
  if (!found || !mine) return std::nullopt;
  exact.played = *mine;
  return exact;
}

}  // namespace wg::hangman
