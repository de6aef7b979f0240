#pragma once
/// Players for position hangman: the advisor (expected points), the safe player (chance to
/// win), the naive baseline, and the planners that look one or two guesses ahead of the advisor
/// and the safe player (planner.h), as hints in play and in seeded autoplay tournaments.
///
/// All look only at what the player sees (the candidates and their letter counts, lives,
/// points), never at the secret, and are deterministic (ties go to the lower position, then the
/// lower letter).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "games/hangman/dictionary.h"
#include "games/hangman/game.h"

namespace wg::hangman {

enum class Strategy {
  /// The most probable letter at the first open position: the baseline.
  kNaive,
  /// Maximises the chance to win: the most probable letter over all open positions (a miss is
  /// the only way to lose, so each guess takes the least risk of one).
  kSafe,
  /// Maximises expected points: the immediate expectation P * points(P) - (1 - P) * (points
  /// lost), where a miss also costs the points the lost life puts at risk (the positions still
  /// to earn, shared over the lives left).
  kAdvisor,
  /// Plans for the chance to win: the safe player's guess improved by one guess of exact
  /// lookahead, and exact play once 24 candidates or fewer are left (planner.h).
  kPlanWin,
  /// Plans for points: the advisor's guess improved the same way.
  kPlanPoints,
  /// Plans for the chance to win two guesses ahead: each of the safe player's best guesses
  /// judged by kPlanWin's play after it, exact play from 24 candidates, a game's first guesses
  /// cached. The strongest player for the chance to win, and the slowest.
  kPlanWin2,
  /// Plans for points two guesses ahead: each of the advisor's 8 best guesses judged by
  /// kPlanPoints' play after it (planner.h, PlanOptions::levels), a game's first guesses cached.
  /// The strongest player for points, and the slowest.
  kPlanPoints2,
};

std::string_view to_string(Strategy strategy);
std::optional<Strategy> parse_strategy(std::string_view name);
/// Every strategy's name, in the order of Strategy: what a front end offers.
std::vector<std::string_view> strategy_names();

/// A suggested guess with its probability and the advisor's expected change of points.
struct Advice {
  Guess guess;
  double probability = 0;
  double expected_points = 0;  ///< P * points(P) - (1 - P) * min(points, kMissPenalty)
  bool operator==(const Advice&) const = default;
};

/// The strategy's guess. Requires !game.finished().
Advice advise(const Game& game, Strategy strategy);

/// `guess` as advice: its probability and its expected change of points. Requires
/// !game.finished().
Advice advice_for(const Game& game, Guess guess);

/// The advisor's score of a guess whose letter `count` of `total` candidates have there, with
/// `points` so far, `open` positions open (this one included) and `lives` left: the expected
/// change of points less what a lost life puts at risk. The advisor plays the highest.
double advisor_score(std::size_t count, std::size_t total, int points, std::size_t open, int lives);

/// Totals over a tournament of seeded games.
struct AutoplaySummary {
  std::size_t games = 0;
  std::size_t wins = 0;
  std::int64_t points = 0;  ///< sum of final points
  std::size_t guesses = 0;  ///< accepted guesses, over all games
  std::size_t misses = 0;
  double win_rate() const {
    return games ? static_cast<double>(wins) / static_cast<double>(games) : 0;
  }
  double mean_points() const {
    return games ? static_cast<double>(points) / static_cast<double>(games) : 0;
  }
  double mean_guesses() const {
    return games ? static_cast<double>(guesses) / static_cast<double>(games) : 0;
  }
};

/// Plays `games` games with the strategy; game i's word comes from Rng(seed).fork(i), so every
/// strategy meets the same words for the same seed. Games are shared among `jobs` threads; the
/// totals are the same for any number of jobs.
AutoplaySummary autoplay(const Dictionary& dictionary, Strategy strategy, std::size_t games,
                         std::uint64_t seed, int jobs = 1);

}  // namespace wg::hangman
