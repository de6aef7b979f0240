#include "games/hangman/advisor.h"

#include <algorithm>

#include "core/enum_names.h"
#include "core/parallel.h"
#include "games/hangman/planner.h"

namespace wg::hangman {

namespace {

/// A life is worth kLifeValuePerPosition points per open position after this one, shared over
/// the lives left (all of it when a miss would end the game): what a miss puts at risk besides
/// the points it takes. Tuned by autoplay (docs/games/hangman.md): 0 to 10 all beat the naive
/// player; 2 gave the most points over 2,000 games.
constexpr double kLifeValuePerPosition = 2;

double expected_change(double p, std::size_t count, std::size_t total, int points) {
  return p * points_for_hit(count, total) - (1 - p) * std::min(points, kMissPenalty);
}

}  // namespace

namespace {
constexpr Named<Strategy> kStrategyNames[] = {{Strategy::kNaive, "naive"},
                                              {Strategy::kSafe, "safe"},
                                              {Strategy::kAdvisor, "advisor"},
                                              {Strategy::kPlanWin, "plan-win"},
                                              {Strategy::kPlanPoints, "plan-points"},
                                              {Strategy::kPlanWin2, "plan-win-2"},
                                              {Strategy::kPlanPoints2, "plan-points-2"}};
}  // namespace

std::string_view to_string(Strategy strategy) { return name_of(kStrategyNames, strategy); }

std::vector<std::string_view> strategy_names() { return names_of(kStrategyNames); }

std::optional<Strategy> parse_strategy(std::string_view name) {
  return value_named(kStrategyNames, name);
}

double advisor_score(std::size_t count, std::size_t total, int points, std::size_t open,
                     int lives) {
  const double p = static_cast<double>(count) / static_cast<double>(total);
  const double life_value =
      kLifeValuePerPosition * static_cast<double>(open > 0 ? open - 1 : 0) / std::max(lives, 1);
  return expected_change(p, count, total, points) - (1 - p) * life_value;
}

Advice advice_for(const Game& game, Guess guess) {
  const std::size_t total = game.candidate_count();
  const std::uint32_t count = game.count(guess.position, guess.letter);
  const double p = static_cast<double>(count) / static_cast<double>(total);
  return {guess, p, expected_change(p, count, total, game.points())};
}

Advice advise(const Game& game, Strategy strategy) {
  if (strategy == Strategy::kPlanWin) return advice_for(game, plan(game, Goal::kWin).guess);
  if (strategy == Strategy::kPlanPoints) return advice_for(game, plan(game, Goal::kPoints).guess);
  if (strategy == Strategy::kPlanWin2) {
    return advice_for(game, plan(game, Goal::kWin, kPlanWin2).guess);
  }
  if (strategy == Strategy::kPlanPoints2) {
    return advice_for(game, plan(game, Goal::kPoints, kPlanPoints2).guess);
  }
  Advice best;
  bool found = false;
  double best_score = 0;
  const std::size_t total = game.candidate_count();
  std::size_t open = 0;
  for (std::size_t p = 0; p < game.length(); ++p) open += game.is_open(p) ? 1 : 0;
  for (std::size_t position = 0; position < game.length(); ++position) {
    if (!game.is_open(position)) continue;
    for (const auto& [letter, count] : game.ranked_letters(position)) {
      const double p = static_cast<double>(count) / static_cast<double>(total);
      double score = p;
      if (strategy == Strategy::kAdvisor) {
        score = advisor_score(count, total, game.points(), open, game.lives());
      }
      if (!found || score > best_score + 1e-12) {
        found = true;
        best_score = score;
        best.guess = {position, letter};
        best.probability = p;
        best.expected_points = expected_change(p, count, total, game.points());
      }
    }
    if (strategy == Strategy::kNaive && found) break;
  }
  return best;
}

AutoplaySummary autoplay(const Dictionary& dictionary, Strategy strategy, std::size_t games,
                         std::uint64_t seed, int jobs) {
  // Each game's totals in its own slot, added up in order afterwards: the same sums whatever
  // the threads did first.
  std::vector<AutoplaySummary> each(games);
  const Rng root(seed);
  parallel_for(static_cast<int>(games), jobs, [&](int i) {
    Rng rng = root.fork(static_cast<std::uint64_t>(i));
    Game game(dictionary, rng);
    while (!game.finished()) game.guess(advise(game, strategy).guess);
    AutoplaySummary& one = each[static_cast<std::size_t>(i)];
    one.games = 1;
    one.wins = game.status() == GameState::kWon ? 1 : 0;
    one.points = game.points();
    one.guesses = game.guesses().size();
    one.misses = game.misses();
  });
  AutoplaySummary summary;
  for (const AutoplaySummary& one : each) {
    summary.games += one.games;
    summary.wins += one.wins;
    summary.points += one.points;
    summary.guesses += one.guesses;
    summary.misses += one.misses;
  }
  return summary;
}

}  // namespace wg::hangman
