#pragma once
/// A room (docs/games/boggle.md, "Rooms"): several players on one board and one clock, as a
/// session of its own in the shape of every game's (docs/ARCHITECTURE.md, "The session shape").
/// Players join by name and each gets a seat (seat 0, the first, is the host, who starts each
/// round); a round is played by every seat present when it starts, and ends for everyone when
/// each of them has closed it or the clock runs out; then the lists are compared (score_room:
/// a word found by more than one player scores for nobody).
///
/// Each seat plays its rounds in a solo Session (session.h) on the room's config and seed,
/// brought to the room's round when a round starts (a round it did not play is closed at once
/// and the next one begun), so the room's round k is the board of a solo game's round k with the
/// same seed, every word is judged by the solo rules, and a seat's round is a solo game a
/// history can replay (seat_session). Like the solo session it reads no clock: the clocked
/// commands carry the milliseconds passed since the round started, one clock for the room.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/play.h"
#include "games/boggle/board.h"
#include "games/boggle/room.h"
#include "games/boggle/round.h"
#include "games/boggle/session.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// The vocabulary of a room's session (RoomSession::Config, Command, Event, View...).
namespace room {

/// The most players a room seats.
inline constexpr std::size_t kMaxPlayers = 16;
/// The longest name a player may take in a room, in bytes.
inline constexpr std::size_t kMaxNameLength = 24;

/// A room plays the rounds of a solo game's config (its board size or given board, minimum
/// length, scoring and clock).
using Config = boggle::Config;

// Commands. `seat` is the acting player's; a host stamps it from whoever holds the seat, never
// from what a player says. `elapsed_ms` is the time passed since the current round started, by
// the room's one clock; it never goes back (an earlier time than the last accepted command's of
// the round is malformed).

/// A player takes the next seat under `name` (trimmed of spaces; 1 to kMaxNameLength bytes of
/// text without control characters, unique in the room). Between rounds or during one: a
/// player who joins during a round plays from the next.
struct Join {
  std::string name;
  bool operator==(const Join&) const = default;
};
/// The host (seat 0) starts the next round, for every seat in the room, when none is on.
struct Start {
  Seat seat = 0;
  bool operator==(const Start&) const = default;
};
/// A word typed by `seat` (as solo Submit).
struct Submit {
  Seat seat = 0;
  std::string word;
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Submit&) const = default;
};
/// `seat` stops its round now; after the deadline the round ends for everyone, time up.
struct Close {
  Seat seat = 0;
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Close&) const = default;
};
/// The room's clock moved: once the deadline has passed, the round ends for every seat. Before
/// it, it does nothing and is not recorded.
struct Tick {
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Tick&) const = default;
};
/// The host (`seat` 0) removes the player at seat `player` (not the host's own): someone who
/// filled a place, or who left without closing a round that then waits on them. Their seat
/// stays empty (seats are never given again), their name is free, and the round they were in
/// goes on without them: it ends once everyone else is done, and its results do not list them
/// (their round is not kept).
struct Remove {
  Seat seat = 0;
  Seat player = 0;
  bool operator==(const Remove&) const = default;
};
using Command = std::variant<Join, Start, Submit, Close, Tick, Remove>;

// Events. An event with a `seat` is that seat's alone (its words are nobody else's until the
// round is over): a host shows it to that seat only (RoomSession::visible).

/// A player took seat `seat`.
struct Joined {
  Seat seat = 0;
  std::string name;
  bool operator==(const Joined&) const = default;
};
/// The host removed the player at seat `player`, who was `name`.
struct Removed {
  Seat player = 0;
  std::string name;
  bool operator==(const Removed&) const = default;
};
/// A round began for `seats`: round k (0-based) on the board a solo game with the room's seed
/// plays in its round k.
struct RoundStarted {
  int round = 0;
  Board board;
  std::size_t min_length = 3;
  Scoring scoring = Scoring::kSpec;
  std::uint64_t seconds = 0;  ///< 0: untimed
  std::vector<Seat> seats;
  bool operator==(const RoundStarted&) const = default;
};
/// A word of `seat` accepted (as solo WordAccepted: the seat's score after it, the path).
struct WordAccepted {
  Seat seat = 0;
  std::string word;
  int points = 0;
  std::int64_t score = 0;
  std::vector<int> path;
  bool operator==(const WordAccepted&) const = default;
};
/// A command refused; nothing changed (but a late word or close, which ends the round for
/// everyone). `seat`: the acting seat (kObserver for a join or a tick). `reason`: malformed (a
/// seat that is not there, a name that is no name, time that went back, a word that is not
/// letters), repeated (a name taken, a word found), not_allowed (start by another seat than
/// the host, a join to a full room), wrong_phase (start while a round is on; a word or close
/// without a round on, from a seat not in the round or whose round is over), and the solo
/// session's refusals of a word (too_short, not_a_word, not_held, too_late).
struct Rejected {
  Seat seat = kObserver;
  Refusal reason = Refusal::kMalformed;
  std::string word;
  std::string detail;
  bool operator==(const Rejected&) const = default;
};
/// The round of `seat` ended (it closed it, or the clock ran out): the solo session's Finished,
/// everything the seat's history record needs. Its answers (the board's words) are the seat's
/// to see only once the round is over for everyone.
struct SeatFinished {
  Seat seat = 0;
  boggle::Finished round;
  bool operator==(const SeatFinished&) const = default;
};
/// The round is over for everyone: each seat of the round's words compared.
struct Finished {
  int round = 0;
  /// kClosed: every seat closed its round; kTimeUp: the clock ran out on someone.
  RoundEnd end = RoundEnd::kClosed;
  std::vector<Seat> seats;  ///< the seats of the round, in the order of results.players
  RoomResult results;
  /// Each seat's round as its solo session ended it (its SeatFinished's), in the order of
  /// `seats`: what a history records of it, scored as the room scored it.
  std::vector<boggle::Finished> rounds;
  bool operator==(const Finished&) const = default;
};
using Event =
    std::variant<Joined, Removed, RoundStarted, WordAccepted, Rejected, SeatFinished, Finished>;

/// Where a room stands: no round yet, a round on, the last round over for everyone.
enum class Status : std::uint8_t { kWaiting, kPlaying, kFinished };

/// A player as everyone in the room sees them.
struct Player {
  std::string name;
  bool host = false;
  bool done = false;      ///< in the round, and their round is over
  bool in_round = false;  ///< plays the current round (or played the last one)
  bool removed = false;   ///< the host removed them: an empty seat
  bool operator==(const Player&) const = default;
};

/// What a seat sees: the room, its own round, and the results once the round is over for
/// everyone. No seat sees another's words before then, nor the board's words, even its own
/// round being over; a spectator (kObserver) sees the room and the results.
struct View {
  Status status = Status::kWaiting;
  /// The current round (or the last one), 0-based; 0 before any.
  int round = 0;
  Config config;
  std::vector<Player> players;  ///< by seat
  Seat you = kObserver;         ///< the viewer's seat
  std::size_t max_players = kMaxPlayers;
  std::size_t name_limit = kMaxNameLength;
  /// The viewer's round, when they play in the current (or last) round: the solo view, its
  /// answers (all_words, missed, total_score) only once the round is over for everyone.
  std::optional<boggle::View> own;
  /// Once the round is over for everyone.
  std::optional<RoomResult> results;
  bool operator==(const View&) const = default;
};

}  // namespace room

class RoomSession {
 public:
  using Config = room::Config;
  using Command = room::Command;
  using Event = room::Event;
  using View = room::View;
  using Status = room::Status;

  /// Validates `config` (ConfigError); a room begins empty and waiting.
  RoomSession(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed);

  /// Applies one command. A refused command comes back as one Rejected event and changes
  /// nothing, but a late word or close: the round ends for everyone (Rejected too_late for the
  /// word, then each seat's SeatFinished and the Finished), recorded as the Tick it amounts to
  /// (a late close as itself). `work` is unused.
  std::vector<Event> apply(const Command& command, const Work& work = {});

  /// What `seat` may see (kObserver, or a seat not taken: a spectator).
  View view(Seat seat) const;
  Status status() const { return status_; }
  /// True between rounds, once the last one is over for everyone.
  bool finished() const { return status_ == Status::kFinished; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  /// The accepted commands, in order: replayed on a new room with the same config and seed,
  /// they give the same events.
  const std::vector<Command>& commands() const { return commands_; }

  /// The current (or last) round, 0-based.
  int round() const { return rounds_ == 0 ? 0 : rounds_ - 1; }
  /// The round's deadline in milliseconds from its start; 0 when untimed.
  std::uint64_t deadline_ms() const { return config_.seconds * 1000; }
  /// Seats taken, removed players' included.
  std::size_t seats() const { return seats_.size(); }
  /// The solo session `seat` plays its rounds in (seeded as the room, its round k the room's):
  /// after the seat's SeatFinished, its commands replay that round as a solo game.
  const Session& seat_session(Seat seat) const;

  /// True when `event` may be shown to `viewer`: an event of one seat to that seat only.
  static bool visible(const Event& event, Seat viewer);

 private:
  struct SeatState {
    std::string name;
    Session session;
    bool in_round = false;
    bool removed = false;
    /// The seat's round as its session ended it, once it has (this round's SeatFinished).
    std::optional<boggle::Finished> finished;
  };

  /// A seat taken (removed or not).
  bool seated(Seat seat) const;
  /// A seat taken by a player still in the room.
  bool present(Seat seat) const;
  bool late(std::uint64_t elapsed_ms) const;
  /// The refusal of a seat's word or close at `elapsed_ms`, if any.
  std::optional<room::Rejected> refuse_play(Seat seat, std::uint64_t elapsed_ms,
                                            const std::string& word) const;
  // One handler per command, `on`, as every session names them (apply visits them).
  std::vector<Event> on(const room::Join& join);
  std::vector<Event> on(const room::Start& start);
  std::vector<Event> on(const room::Submit& submit);
  std::vector<Event> on(const room::Close& close);
  std::vector<Event> on(const room::Tick& tick);
  std::vector<Event> on(const room::Remove& remove);
  /// The clock ran out at `elapsed_ms`: every seat still playing ends, then the round.
  void time_up(std::uint64_t elapsed_ms, std::vector<Event>& events);
  /// Ends the round if every seat of it is done.
  void end_if_all_done(std::vector<Event>& events);
  /// The seat's SeatFinished among a solo session's events (the seat keeps its round).
  void add_seat_finished(Seat seat, std::vector<boggle::Event> solo, std::vector<Event>& events);

  std::shared_ptr<const Lexicon> lexicon_;
  Config config_;
  std::uint64_t seed_;
  /// The boards of the room's rounds, solved once for all its seats.
  std::shared_ptr<SolvedBoards> boards_;
  std::vector<SeatState> seats_;
  int rounds_ = 0;  ///< rounds started
  Status status_ = Status::kWaiting;
  std::uint64_t elapsed_ms_ = 0;  ///< the time of the latest accepted command of the round
  bool timed_out_ = false;        ///< the round's clock ran out
  std::optional<RoomResult> results_;
  std::vector<Command> commands_;
};

}  // namespace wg::boggle
