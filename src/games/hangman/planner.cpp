#include "games/hangman/planner.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "games/hangman/advisor.h"

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

PlannedGuess plan(const Game& game, Goal goal, const PlanOptions& options) {
  std::vector<std::uint32_t> candidates;
  const Position at = position_of(game, candidates);
  const std::span<const Letter> words = game.dictionary().words_of_length(game.length());
  const int letters = game.dictionary().alphabet().size();
  const std::size_t total = candidates.size();
  const auto open = static_cast<std::size_t>(std::popcount(at.open));
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

  // The guesses to consider: the base player's best by its rule, in its order of preference.
  struct Considered {
    Guess guess;
    std::uint32_t count;
    double score;
  };
  std::vector<Considered> considered;
  for (std::size_t position = 0; position < game.length(); ++position) {
    if (!game.is_open(position)) continue;
    for (int l = 0; l < letters; ++l) {
      const std::uint32_t n = game.count(position, static_cast<Letter>(l));
      if (n == 0) continue;
      considered.push_back({{position, static_cast<Letter>(l)},
                            n,
                            base_score(goal, n, total, at.points, open, at.lives)});
    }
  }
  std::stable_sort(considered.begin(), considered.end(),
                   [](const Considered& a, const Considered& b) { return a.score > b.score; });
  considered.resize(std::min(considered.size(), std::max<std::size_t>(options.breadth, 1)));

  PlannedGuess best;
  bool found = false;
  Evaluator evaluator(words, game.length(), letters, goal);
  std::vector<std::uint32_t> split;
  for (const Considered& c : considered) {
    split = candidates;
    const auto middle = std::partition(split.begin(), split.end(), [&](std::uint32_t word) {
      return words[word * game.length() + c.guess.position] == c.guess.letter;
    });
    const auto hits = static_cast<std::size_t>(middle - split.begin());
    const double p = static_cast<double>(hits) / static_cast<double>(total);
    const std::span<std::uint32_t> all(split);
    const Position hit{all.first(hits), at.open & ~(std::uint64_t{1} << c.guess.position), at.lives,
                       at.points + points_for_hit(hits, total)};
    const Position miss{all.subspan(hits), at.open, at.lives - 1,
                        at.points - std::min(at.points, kMissPenalty)};
    const double value =
        p * evaluator.value(hit) + (hits == total ? 0.0 : (1 - p) * evaluator.value(miss));
    if (!found || value > best.value + 1e-12) {
      found = true;
      best = {c.guess, p, value};
    }
  }
  return best;
}

}  // namespace wg::hangman
