#include "games/hangman/advisor.h"

#include <algorithm>

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

std::string_view to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::kNaive:
      return "naive";
    case Strategy::kSafe:
      return "safe";
    case Strategy::kAdvisor:
      return "advisor";
  }
  return "unknown";
}

std::optional<Strategy> parse_strategy(std::string_view name) {
  for (Strategy s : {Strategy::kNaive, Strategy::kSafe, Strategy::kAdvisor}) {
    if (name == to_string(s)) return s;
  }
  return std::nullopt;
}

Advice advise(const Game& game, Strategy strategy) {
  Advice best;
  bool found = false;
  double best_score = 0;
  const std::size_t total = game.candidate_count();
  std::size_t open = 0;
  for (std::size_t p = 0; p < game.length(); ++p) open += game.is_open(p) ? 1 : 0;
  const double life_value = kLifeValuePerPosition * static_cast<double>(open > 0 ? open - 1 : 0) /
                            std::max(game.lives(), 1);
  for (std::size_t position = 0; position < game.length(); ++position) {
    if (!game.is_open(position)) continue;
    for (const auto& [letter, count] : game.ranked_letters(position)) {
      const double p = static_cast<double>(count) / static_cast<double>(total);
      double score = p;
      if (strategy == Strategy::kAdvisor) {
        score = expected_change(p, count, total, game.points()) - (1 - p) * life_value;
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
                         std::uint64_t seed) {
  AutoplaySummary summary;
  const Rng root(seed);
  for (std::size_t i = 0; i < games; ++i) {
    Rng rng = root.fork(i);
    Game game(dictionary, rng);
    while (!game.finished()) game.guess(advise(game, strategy).guess);
    ++summary.games;
    if (game.status() == GameState::kWon) ++summary.wins;
    summary.points += game.points();
    summary.guesses += game.guesses().size();
    summary.misses += game.misses();
  }
  return summary;
}

}  // namespace wg::hangman
