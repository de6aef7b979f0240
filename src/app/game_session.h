#pragma once
/// A game's session seen through JSON: what a front end that treats every game alike (the web
/// arcade, a bot server, a saved-game loader) drives. Each game's codec (`<game>_codec.h`)
/// wraps its typed session (`games/<game>/session.h`) in one of these; the codecs turn commands,
/// events and views into JSON and back, and nothing else decides anything.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/json.h"
#include "core/play.h"
#include "lexicon/lexicon.h"

namespace wg::app {

struct FinishedGame;  // app/game_store.h

/// Where a session's words came from, for the header of the logs its games keep (a session
/// knows the words it plays on, not where they came from).
struct LogLexicon {
  std::string source;
  std::uint64_t words = 0;
};

/// A wait that a session's state asks its host to time. A session never reads a clock: it lists
/// its waits, the host times them by its own clock and, when one runs out, applies its command.
struct Timer {
  enum class Kind : std::uint8_t {
    /// A round's clock: `after` is the round's time (0: untimed, it never runs out). The
    /// commands a game's entry lists as clocked (GameEntry::stamps) carry the milliseconds
    /// passed since the host first saw this wait.
    kRound,
    /// A person's time to give an answer the session awaits: how long is the host's choice (the
    /// arcade's `answer_seconds`), `after` is not used.
    kAnswer,
  };
  Kind kind = Kind::kRound;
  /// Names the wait: a key the host has not seen before is a wait begun now; a wait the session
  /// no longer lists is over (its command is never applied).
  std::string key;
  std::chrono::milliseconds after{0};
  /// Applied when the wait runs out while the session still lists it. It names its own seat
  /// when it has one; a host adds only its clock (a clocked command's elapsed_ms).
  Json command;
  bool operator==(const Timer&) const = default;
};

/// The saved game of a typed session, {"game", "config", "seed", "commands"}: what
/// GameSession::saved() writes and restore() replays (front ends holding a typed session use it
/// to record a game).
template <class Codec>
Json saved_game(const typename Codec::Session& session) {
  Json commands = Json::array();
  for (const auto& command : session.commands())
    commands.push_back(Codec::command_to_json(command));
  return {{"game", Codec::kGame},
          {"config", Codec::config_to_json(session.config())},
          {"seed", session.seed()},
          {"commands", std::move(commands)}};
}

/// A running session of one game.
class GameSession {
 public:
  virtual ~GameSession() = default;

  /// Applies one command, a JSON object {"command": NAME, ...}, and returns the events it
  /// caused, each an object {"event": NAME, ...}. A command that cannot be decoded is answered
  /// like one the game refuses, by one {"event": "rejected", "reason": "malformed", "detail"}
  /// event, and changes nothing: bad input never throws. `work` watches the long computations
  /// a command may start (the optimal evil host's decision, an exact hand plan): a front end
  /// that runs the command off its I/O threads shows its progress and stops it when the player
  /// leaves. A stopped computation falls back as its game says, in its events (never throws),
  /// and the session records what replaying needs to fall back alike.
  virtual std::vector<Json> apply(const Json& command, const Work& work = {}) = 0;

  /// The events the last apply() returned that `seat` may see: all of them in a game of one
  /// seat; in a game of several, those of other seats left out (a room's words found). A front
  /// end forwards these to a seat; a spectator is shown views only.
  virtual std::vector<Json> events_for(Seat seat) const = 0;

  /// What `seat` may see now (kObserver: a spectator). Holds nothing the seat may not see, so
  /// a front end may forward it as it is.
  virtual Json view(Seat seat) const = 0;

  /// view(seat) as compact JSON text (Json::dump with no indent, invalid UTF-8 replaced): what
  /// a front end sends. A session may keep it while its state does not change (a refused
  /// command changes nothing), so that a move refused costs no new rendering.
  virtual std::string view_text(Seat seat) const {
    return view(seat).dump(-1, ' ', false, Json::error_handler_t::replace);
  }

  /// The saved game: {"game", "config", "seed", "commands"}; restore() replays it.
  virtual Json saved() const = 0;

  /// True once the session has nothing more to play (every game of it finished and no new one
  /// begun).
  virtual bool finished() const = 0;

  /// The seat of the person who opened the session: 0 in the one-player games, the auction's
  /// first person seat; kObserver when there is none (an auction of bots, only watched).
  virtual Seat owner_seat() const = 0;

  /// The waits the session's state asks its host to time now (a round's clock, a person's
  /// answer), none in a game without a clock.
  virtual std::vector<Timer> timers() const = 0;

  /// The records of the games the last apply() finished (app/game_record.h,
  /// finished_game_records), none when it finished none: `player` is the person at `seat` (seat
  /// 0 in the one-player games), the auction's other seats are named after their players. The
  /// times are left 0: the front end reads its clock, the session never does. A front end that
  /// treats every game alike (the web arcade) records a game with these.
  virtual std::vector<FinishedGame> finished_records(std::string_view player, Seat seat) const = 0;
};

}  // namespace wg::app
