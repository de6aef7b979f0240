#pragma once
/// A finished game as the store records it (sqlite_store.h, FinishedGame), built from a game's
/// typed session and its Finished event through the game's codec, the same way for every game
/// and every front end: the saved game ({game, config, seed, commands}: enough to replay it),
/// the Finished event as the codec writes it, and each player's score and win. The caller
/// supplies the times (the store never reads the clock).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/game_session.h"
#include "app/sqlite_store.h"
#include "games/auction/event.h"
#include "games/auction/session.h"
#include "games/boggle/session.h"
#include "games/evil_hangman/session.h"
#include "games/hand/session.h"
#include "games/hangman/session.h"

namespace wg::app {

/// One person's result of a one-player game, as statistics count it.
struct Outcome {
  std::int64_t score = 0;
  bool won = false;
  bool operator==(const Outcome&) const = default;
};

/// Word Game: the total; won unless given up.
Outcome outcome_of(const hand::Finished& finished);
/// Boggle: the round's score; won when it scored (found at least one word).
Outcome outcome_of(const boggle::Finished& finished);
/// Evil Hangman: won when the word was found; the score is 1 for a win, else 0 (the game has
/// no points).
Outcome outcome_of(const evil_hangman::Finished& finished);
/// Position Hangman: the game's points and win.
Outcome outcome_of(const hangman::Finished& finished);

/// What a finished game gives the game-specific statistics (FinishedGame::details; the store
/// sums it up per player, sqlite_store.h GameStatistics), computed once when the game is
/// recorded so that reading statistics never replays or re-solves a game:
/// Word Game: {"hands": [{"score": the counted score, "best": the optimum's total or null when
/// it was not computed}]}.
Json game_details(const hand::Session& session, const hand::Finished& finished);
/// Boggle: {"found": words found, "words": words on the board, "score", "total_score"}.
Json game_details(const boggle::Session& session, const boggle::Finished& finished);
/// Evil Hangman: {"length", "misses", "won"}.
Json game_details(const evil_hangman::Session& session, const evil_hangman::Finished& finished);
/// Position Hangman: {"length", "misses", "won", "points", "dictionary_words": 0 for the
/// lexicon's words, else the size of the word list played on}.
Json game_details(const hangman::Session& session, const hangman::Finished& finished);
/// Any other game: no details (null).
template <class Session, class Finished>
Json game_details(const Session&, const Finished&) {
  return nullptr;
}

/// The auction's players, by seat: each seat's name and points, won for every winner (several
/// on a tie). The person's seat (if any) is named `person`; the other seats by their players'
/// names made valid player names (cut to 40 bytes, "seat N" when nothing is left), with
/// " (seat N)" after a name that more than one seat has, so that each name is there once.
std::vector<GamePlayer> auction_players(const auction::Finished& finished,
                                        std::optional<int> person_seat = std::nullopt,
                                        std::string_view person = {});

/// The record of game `index` of an auction tournament (games/auction/tournament.h), no times:
/// the seats are bots, under their names (auction_players); the config is the game's, as
/// seated (`seated`); the seed and result are the Finished event's; there are no commands (a
/// tournament's game is not a session's), so its log (`log`, app/auction_log.h), kept with it,
/// is what replays it.
FinishedGame auction_tournament_game_record(const auction::Config& seated,
                                            const auction::Finished& finished, std::string log);

/// The record of the game `finished` ended in `session`, with these players and no times.
template <class Codec, class Finished>
FinishedGame finished_game_record(const typename Codec::Session& session, const Finished& finished,
                                  std::vector<GamePlayer> players) {
  FinishedGame game;
  game.game = std::string(Codec::kGame);
  game.players = std::move(players);
  Json saved = saved_game<Codec>(session);
  game.config = std::move(saved["config"]);
  game.seed = session.seed();
  game.commands = std::move(saved["commands"]);
  game.result = Codec::event_to_json(typename Codec::Session::Event{finished});
  game.details = game_details(session, finished);
  return game;
}

}  // namespace wg::app
