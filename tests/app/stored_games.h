#pragma once
// Games to store, the same for the store port's conformance suite (game_store_test.cpp) and the
// tests of one implementation (sqlite_store_test.cpp).

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

}  // namespace wg::app
