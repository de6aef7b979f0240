#pragma once
/// Word Search rooms in JSON: the room session's (games/boggle/room_session.h) config, commands,
/// events and views, and the room's entry, which the Word Search entry offers as its
/// GameEntry::rooms.
///
/// Config: the Word Search config (boggle_codec.h), every round's.
/// Commands (seat: the acting player's, stamped by the host; elapsed_ms: milliseconds since the
/// round started, by the room's one clock, 0 if absent but for tick):
///   {"command": "join", "name"}                    {"command": "start", "seat"}
///   {"command": "submit", "seat", "word", "elapsed_ms"}
///   {"command": "close", "seat", "elapsed_ms"}     {"command": "tick", "elapsed_ms"}
///   {"command": "remove", "seat", "player"}        (the host removes the player at "player")
/// Events (those with a "seat" are that seat's alone: BoggleRoomCodec::visible):
///   {"event": "joined", "seat", "name"}            {"event": "removed", "player", "name"}
///   {"event": "round_started", "round", "board", "min_length", "scoring", "seconds", "seats"}
///   {"event": "word_accepted", "seat", "word", "points", "score", "path"}
///   {"event": "rejected", "seat"?, "reason", "word"?, "detail"?}
///   {"event": "seat_finished", "seat", "round", "end", "elapsed_ms", "found", "score"} (the
///     seat's round is over; the board's words come with the room's view once it is over for
///     everyone)
///   {"event": "finished", "round", "end", "seats", "results"}
/// View: {"status": "waiting"|"playing"|"finished", "round" (0-based), "config", "players":
///   [{"name", "host", "done", "in_round", "removed"}] (by seat: a removed player's stays, empty),
///   "you": a seat or null (a spectator, or a player removed), "max_players",
///   "name_limit", "your_round"?: the Word Search view of the viewer's round (its "all_words",
///   "missed" and "total_score" once the round is over for everyone), "results"?: once the
///   round is over for everyone, {"players": [{"name", "words": [{"word", "points",
///   "shared"}], "score"}], "shared": [words], "winners": [indexes into players]}}.

#include <optional>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/boggle/room_session.h"

namespace wg::app {

/// The conversions SessionAdapter<BoggleRoomCodec> needs.
struct BoggleRoomCodec {
  using Session = wg::boggle::RoomSession;
  using Finished = wg::boggle::room::Finished;
  static constexpr std::string_view kGame = "boggle-room";

  /// As BoggleCodec's.
  static Session::Config config_from_json(const Json& json);
  static Json config_to_json(const Session::Config& config);
  /// Throws CodecError for what is not a command of a room, or has a field it does not take.
  static Session::Command command_from_json(const Json& json);
  static Json command_to_json(const Session::Command& command);
  static Json event_to_json(const Session::Event& event);
  static Json view_to_json(const Session::View& view);
  static Json results_to_json(const boggle::RoomResult& results);
  /// A room has no owner's seat: its players act through the room (kObserver).
  static Seat owner_seat(const Session& session);
  /// The round's clock while a round is on (Timer::kRound, keyed by the round): at its end, a
  /// tick.
  static std::vector<Timer> timers(const Session& session);
  /// An event of one seat is that seat's alone.
  static bool visible(const Session::Event& event, Seat seat);
  /// Each seat's round that `events` ended is a Word Search game of its own: the record of the
  /// seat's solo session (its round k after k rounds closed unplayed), as Word Search records
  /// it, with `person` at `seat`, its result holding the room's results as "room"
  /// (results_to_json) for the review's words no one else found.
  static std::vector<FinishedGame> finished_records(const Session& session,
                                                    const std::vector<Session::Event>& events,
                                                    std::string_view person, Seat seat);
};

/// The entry of Word Search's rooms (GameEntry::rooms of boggle_game()).
GameEntry boggle_room_game();

}  // namespace wg::app
