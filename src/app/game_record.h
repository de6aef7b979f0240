#pragma once
/// A finished game as the store records it (game_store.h, FinishedGame), built from a game's
/// typed session and its Finished event through the game's codec, the same way for every game
/// and every front end: the saved game ({game, config, seed, commands}: enough to replay it),
/// the Finished event as the codec writes it, each player's score and win, and what the game's
/// own statistics count (`Codec::details_of`, computed once when the game is recorded so that
/// reading statistics never replays or re-solves a game; its shape is the game's, documented
/// beside its codec, and the game's entry reads it back: GameEntry::statistics). The caller
/// supplies the times (the store never reads the clock).

#include <utility>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"

namespace wg::app {

/// The record of the game `finished` ended in `session`, with these players and no times.
template <class Codec>
FinishedGame finished_game_record(const typename Codec::Session& session,
                                  const typename Codec::Finished& finished,
                                  std::vector<GamePlayer> players) {
  FinishedGame game;
  game.game = std::string(Codec::kGame);
  game.players = std::move(players);
  Json saved = saved_game<Codec>(session);
  game.config = std::move(saved["config"]);
  game.seed = session.seed();
  game.commands = std::move(saved["commands"]);
  game.result = Codec::event_to_json(typename Codec::Session::Event{finished});
  game.details = Codec::details_of(session, finished);
  return game;
}

}  // namespace wg::app
