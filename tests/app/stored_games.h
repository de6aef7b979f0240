#pragma once
// Games to store, the same for the store port's conformance suite (game_store_test.cpp) and the
// tests of one implementation (sqlite_store_test.cpp, postgres_store_test.cpp).

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_store.h"

namespace wg::app {

/// A finished game of `game` between `players`, ended at `ended_ms` after a second, its seed
/// from its end.
inline FinishedGame game_of(std::string game, std::vector<GamePlayer> players,
                            std::int64_t ended_ms) {
  FinishedGame g;
  g.game = std::move(game);
  g.players = std::move(players);
  g.config = {{"mode", "hard"}};
  g.seed = static_cast<std::uint64_t>(ended_ms) * 7919u;
  g.commands = Json::array({Json{{"command", "guess"}, {"letter", "E"}}});
  g.result = {{"word", "COTTON"}};
  g.started_ms = ended_ms - 1000;
  g.ended_ms = ended_ms;
  return g;
}

/// A saved game ({game, config, seed, commands}) of `commands` guesses.
inline Json saved_game(std::string_view game, std::uint64_t seed, int commands) {
  Json list = Json::array();
  for (int i = 0; i < commands; ++i) list.push_back({{"command", "guess"}, {"letter", "A"}});
  return {{"game", game}, {"config", Json::object()}, {"seed", seed}, {"commands", list}};
}

/// A game of the puzzle of the day `day` (FinishedGame::daily): hangman, won when it scored.
inline FinishedGame daily_game(std::string player, std::int64_t score, std::string day,
                               std::int64_t ended_ms) {
  FinishedGame game = game_of("hangman", {{std::move(player), score, score > 0}}, ended_ms);
  game.daily = std::move(day);
  return game;
}

/// The statistics `games` give `player` (by the name as written) at `game`, counted here one game
/// after another in the order given: what a store must say once it has recorded them all.
inline PlayerStatistics counted_statistics(const std::vector<FinishedGame>& games,
                                           const std::string& player, const std::string& game) {
  PlayerStatistics expected{player, game};
  std::int64_t streak = 0;
  std::int64_t score_sum = 0;
  for (const FinishedGame& g : games) {
    if (g.game != game) continue;
    for (const GamePlayer& p : g.players) {
      if (p.name != player) continue;
      ++expected.games;
      expected.wins += p.won;
      streak = p.won ? streak + 1 : 0;
      expected.best_streak = std::max(expected.best_streak, streak);
      expected.best_score = std::max(expected.best_score, p.score);
      score_sum += p.score;
    }
  }
  expected.current_streak = streak;
  if (expected.games > 0) {
    expected.win_rate = static_cast<double>(expected.wins) / static_cast<double>(expected.games);
    expected.mean_score = static_cast<double>(score_sum) / static_cast<double>(expected.games);
  }
  return expected;
}

}  // namespace wg::app
