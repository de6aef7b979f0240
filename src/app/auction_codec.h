#pragma once
/// Letter Auction in JSON: its session's config, commands, events and views (games/auction/
/// session.h), and its registry entry (app/registry.h).
///
/// Config: {"seats": [{"kind": "bot", "name": "strong"}, {"kind": "person", "name": "Ann"},
///          ...], "rounds", "hidden_letters", "starting_points", "rack_size", "bonus_length",
///          "bonus"}; absent fields take their defaults (auction_game().config_schema() says
///          them). A seat of kind "external" is written for a session that has one, but only a
///          front end that supplies the players opens it (the registry's sessions cannot).
/// Commands: {"command": "step"}, {"command": "run_to_round_end", "limit"?},
///          {"command": "run_to_end", "limit"?}, {"command": "bid", "seat", "amount"},
///          {"command": "word", "seat", "word": "QAT"} ("" for no word),
///          {"command": "new_game"}.
/// Events: the game's events are the lines of its log (app/auction_log.h): "round_started",
///          "auction", "round_ended"; and {"event": "game_started", "seed", "game", "players",
///          "rules"}, {"event": "finished", "points", "winners", "seed", "game", "players"},
///          {"event": "awaiting", "seat", "what": "bid"|"word", "round", "number", "letter"}
///          ("number" and "letter" for a bid), {"event": "answered", "seat", "what"},
///          {"event": "rejected", "reason", "seat"?, "detail"}. Like the log, events are the
///          host's record (every hidden letter, the seed); what a seat may see is its view.
/// View:   {"seat" (null: a spectator), "status": "ready"|"awaiting"|"finished", "game",
///          "rules", "round", "next": "game_start"|"round_start"|"auction"|"round_end"|
///          "game_end"|"none", "seats": [{"name", "kind", "points", "held", "won",
///          "hidden" (the viewer's own seat only), "awaited"?, "answered"?}],
///          "auction"?: {"number", "letter", "pool_left", "bidders"}, "auctions": [this
///          round's "auction" lines], "last_round": a "round_ended" line or null, "winners",
///          "bid"?, "word"? (the viewer's own sealed answers)}.
/// Letters are uppercase text; seats are 0-based.

#include <string_view>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/auction/session.h"
#include "games/auction/tournament.h"

namespace wg::app {

/// The conversions SessionAdapter<AuctionCodec> needs (app/session_adapter.h).
struct AuctionCodec {
  using Session = auction::Session;
  using Finished = auction::Finished;
  static constexpr std::string_view kGame = "auction";

  /// The config's JSON Schema: every field, its type, range and default.
  static Json config_schema();
  static Json config_to_json(const auction::Config& config);
  /// Throws wg::ConfigError naming the field: an unknown field, a value of the wrong type or
  /// out of the schema's range. The rest is the session's to check (Config::validate(): the
  /// number of seats, the bots' names, hidden letters below the rack size).
  static auction::Config config_from_json(const Json& config);

  /// Throws CodecError (app/json_fields.h) for what does not decode, a field the command
  /// does not take included.
  static auction::Command command_from_json(const Json& command);
  static Json command_to_json(const auction::Command& command);
  static Json event_to_json(const auction::Event& event);
  static Json view_to_json(const auction::View& view);
  /// Every seat, named as auction_players() names them (`person` at `seat`, if a seat), the
  /// session's bots (its config's bot and external seats) said to be bots.
  static std::optional<std::vector<GamePlayer>> players_of(const Session& session,
                                                           const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// None: the auction's statistics are its scores and wins.
  static Json details_of(const Session& session, const Finished& finished);
  /// The first person seat; kObserver when every seat is a bot's.
  static Seat owner_seat(const Session& session);
  /// A person's time to answer (Timer::kAnswer) for each person seat whose answer is awaited
  /// and not given: at its end, the empty answer (bid 0, no word), for that seat.
  static std::vector<Timer> timers(const Session& session);
  /// The event's line of the game's JSON Lines log (app/auction_log.h), kept with its record.
  static void write_log(std::ostream& out, const auction::Event& event, const LogLexicon& words);
};

/// The registry's entry for Letter Auction.
GameEntry auction_game();

/// The auction's players, by seat: each seat's name and points, won for every winner (several
/// on a tie). The person's seat (if any) is named `person`; the other seats by their players'
/// names made valid player names (cut to 40 bytes, "seat N" when nothing is left), with
/// " (seat N)" after a name that more than one seat has, so that each name is there once. A
/// seat that `seated` (the game's config) gives a bot or an external bot is a bot's
/// (GamePlayer::bot, auction_seat_bots), the person's seat never.
std::vector<GamePlayer> auction_players(const auction::Config& seated,
                                        const auction::Finished& finished,
                                        std::optional<int> person_seat = std::nullopt,
                                        std::string_view person = {});

/// The bot at each seat of `seated`, by seat (GameEntry::seat_bots): a bot seat's bot ("value"),
/// an external seat's name made a valid player name (cut to 40 bytes; "external" when nothing is
/// left), empty for a person's seat.
std::vector<std::string> auction_seat_bots(const auction::Config& seated);

/// The record of game `index` of an auction tournament (games/auction/tournament.h), no times:
/// the seats are bots, under their names (auction_players), each a bot's (GamePlayer::bot); the
/// config is the game's, as seated (`seated`); the seed and result are the Finished event's; there
/// are no commands (a tournament's game is not a session's), so its log (`log`, app/auction_log.h),
/// kept with it, is what replays it.
FinishedGame auction_tournament_game_record(const auction::Config& seated,
                                            const auction::Finished& finished, std::string log);

// --- The tools' documents.

/// A tournament's table, one object per bot, best first: {"name", "seats", "player_games",
/// "mean_score", "score_std_error", "win_rate", "letters_per_game", "mean_price",
/// "invalid_words", "faulty_bids"} (`wordgames auction tournament --json`, the arcade's
/// tournaments).
Json tournament_table_json(const auction::TournamentResult& result);

}  // namespace wg::app
