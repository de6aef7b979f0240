#include "games/hangman/planner.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
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
