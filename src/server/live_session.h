#pragma once
/// One game session as the arcade hosts it: the app layer's session, who holds it (its id and
/// watch code, the owner's seat, the players it is kept for), its timers and its sockets.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "app/challenge.h"
#include "app/game_session.h"
#include "app/json.h"
#include "app/registry.h"
#include "core/play.h"
#include "server/http_server.h"

namespace wg::server {

/// One open game session, and who watches it.
struct LiveSession {
  std::mutex mutex;  ///< guards everything below but the constant members
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = nullptr;
  std::string id;     ///< controls the session
  std::string watch;  ///< sees it as a spectator
  Seat seat = 0;      ///< the seat the session's owner plays
  app::Json config;   ///< the session's config, complete (as its saved game has it)
  std::uint64_t seed = 0;
  /// The seed decides what a seat may not see before a game ends (GameEntry::hidden_information
  /// of the config): it is shown only once the game has ended, or when a client knows it.
  bool hidden = false;
  /// A client knows the seed: it chose it (its "seed", a saved game, a log), or the seed of this
  /// hidden session was shown when one of its games ended. A game begun then is practice.
  bool seed_known = false;
  /// A hidden session's seed is shown when one of its games ends (false: a room's, whose rounds
  /// follow one another on one seed; its seed is never shown unless a client chose it).
  bool seed_at_end = true;
  /// The game in play (or the last one ended) is practice: its seed was known before it began.
  /// The store records it so (app::FinishedGame::practice): never on a leaderboard.
  bool practice = false;
  /// The day ("YYYY-MM-DD") of the puzzle of the day this session opened on (docs/API.md, "The
  /// daily puzzle"): its first game recorded is that day's (FinishedGame::daily); "" for none.
  std::string daily;
  /// The session's finished() after its last command: a game begins when it turns false.
  bool finished = false;
  std::chrono::steady_clock::time_point last_used;
  /// When the session's round timer (app::Timer::kRound) began: its clocked commands count from it.
  std::chrono::steady_clock::time_point clock_start;
  /// The session's timers started (by app::Timer::key), while the session lists them: each
  /// cancelled when the session stops listing it, and all of them when the session is deleted or
  /// goes (an expired one), so that no timer outlives its session to its deadline.
  std::map<std::string, TimerHandle> timers;
  /// When each wait the session lists began and runs out (by app::Timer::key; unix ms), kept
  /// with the session so that a server that takes it over runs its clock to the same moment.
  struct Deadline {
    std::int64_t began_ms = 0;
    std::int64_t ends_ms = 0;  ///< 0: never (an untimed round, whose clock only counts)
  };
  std::map<std::string, Deadline> deadlines;
  std::chrono::seconds answer_time{30};  ///< a person's time to answer (app::Timer::kAnswer)
  std::uint64_t version = 0;  ///< commands applied: each update's number, so clients keep order
  /// The seat whose command is being played (stamped, not applied yet); kObserver for none.
  Seat commander = kObserver;
  /// The last command applied and the seat that sent it (kObserver: the host's own, a timer's):
  /// pushed to that seat's other pages with the update, which draw it as they would their own.
  app::Json last_command;
  Seat last_by = kObserver;
  /// An open socket that follows the session.
  struct Follower {
    std::shared_ptr<WebSocketPeer> peer;
    /// The seat it sees and acts as: the owner's, a room member's, or kObserver for a watch
    /// code.
    Seat seat = kObserver;
    /// The page that opened it (its `client` query), "" for none: that page's own commands over
    /// HTTP get their update in the answer, not again over its socket.
    std::string client;
  };
  std::vector<Follower> peers;
  /// Whose games it is in the store, by seat: the owner's, or each member's of a room; a seat
  /// not listed is nobody's (not kept).
  std::map<Seat, std::string> players;
  /// The challenge this session answers (POST /api/sessions {"challenge"}): shown beside the
  /// owner's result at its first game's end.
  std::optional<app::Challenge> challenge;
  /// The owner's last finished game told for sharing, as the snapshot gives it ("share"); null
  /// before a game ends.
  app::Json share = nullptr;
  /// The owner's last finished game, for its review (GET /api/sessions/ID/review); nullopt
  /// before one ends.
  std::optional<app::FinishedGame> reviewable;
  /// Finished games the store has not taken yet (it failed: the database stopped, the disk is
  /// full), oldest first, each with its recorder's seat and whether it is the owner's (whose
  /// unfinished game its recording removes): recorded before anything else at the session's next
  /// keep, which a command or the arcade's sweep brings, so that a game acknowledged is kept once
  /// the store is back.
  struct UnrecordedGame {
    app::FinishedGame game;
    Seat seat = 0;
    bool owners = false;
  };
  std::vector<UnrecordedGame> unrecorded;
  /// Why the store did not keep what the last command did (a finished game, the game in play),
  /// told to its players with every update until a command is kept again ("" when kept, or
  /// nothing was to keep): a player must know that this game will not count.
  std::string not_kept;
  /// The owner's unfinished game the store keeps of it (0: none yet). Atomic: a resume looks for it
  /// with only the map lock held.
  std::atomic<std::int64_t> unfinished{0};
  /// The sequence at which the store keeps the session under its id (app::KeptSession), so that
  /// an arcade that lost it (restarted, expired it, or died) brings it back when a request names
  /// it (Sessions::revive); nullopt while the store keeps none of it. Each keep follows this one
  /// (GameStore::keep_session_after).
  std::optional<std::uint64_t> kept_sequence;
  /// For a room's session (server/rooms.h), the room's code ("" for any other session), and the
  /// seat each member's key holds. A room lives on between its rounds: its session is kept (and
  /// revived by its code) even while no round is on.
  std::string room;
  std::map<std::string, Seat> room_keys;
  /// Another process of the arcade kept the session further than this one (it took the game
  /// over): this copy is stale, and goes (Sessions::drop_moved) without answering for the
  /// command that found it out.
  bool moved = false;
  /// The bytes of its record: its config and its accepted commands as its saved game writes them
  /// (ArcadeOptions::max_record_bytes), counted also in `budget`, the arcade's total over all
  /// sessions, until the session goes.
  std::size_t record_bytes = 0;
  std::shared_ptr<std::atomic<std::size_t>> budget;
  /// When its current game began (unix ms), for its record: when it opened, when its last game
  /// was recorded, or when its round's clock (app::Timer::kRound) began.
  std::int64_t started_ms = 0;
  bool slow = false;  ///< its commands run on a worker (GameEntry::slow of its config)
  /// A command running on a worker, while it runs: the session is the worker's alone, and
  /// readers see it as it was when the command began.
  struct Running {
    std::stop_source stop;  ///< requested when the session is deleted or the arcade ends
    /// Requested, before `stop`, when the player withdraws the command (Work::withdraw).
    std::stop_source withdraw;
    /// The player's command that withdrew this one (GameEntry::withdrawing), stamped: played by
    /// the worker once this one has ended, then answered.
    struct Next {
      app::Json command;
      Seat seat = kObserver;  ///< who sent it
      Respond respond;        ///< null for a socket's command
      std::string replying;   ///< the page whose request it answers (client_of)
    };
    std::optional<Next> next;
    std::map<Seat, app::Json> views;  ///< the owner's and a spectator's
    bool finished = false;
    app::Json saved;
  };
  std::unique_ptr<Running> running;

  LiveSession() = default;
  LiveSession(const LiveSession&) = delete;
  LiveSession& operator=(const LiveSession&) = delete;
  ~LiveSession() {
    cancel_timers();
    if (budget) *budget -= record_bytes;
  }
  /// Cancels every timer of the session (its lock held, or the session going).
  void cancel_timers() {
    for (auto& [key, timer] : timers) timer.cancel();
    timers.clear();
  }
};

using LivePtr = std::shared_ptr<LiveSession>;

}  // namespace wg::server
