#pragma once
/// The arcade's live game sessions (docs/API.md, "Sessions"): the table of sessions by id and
/// watch code, their routes (/api/sessions, /api/watch), the flow of a command (the host's
/// stamps, the game's timers, the push to every socket), the long commands on the workers, and
/// what the store keeps of them. Its parts live in small files, one job each:
/// - sessions.cpp: the table (open, find, expire, count) and the sockets that follow a session;
/// - session_routes.cpp: the requests (create, resume, command, read, delete, saved);
/// - session_play.cpp: a command's flow, the timers, the workers and the pushes;
/// - session_keeper.cpp: the store's part (finished games recorded, unfinished ones saved, the
///   game in play kept under the session's id, and a session revived from it).
///
/// Threads: requests come on the server's I/O threads. The commands of a session whose game
/// says they may take long (GameEntry::slow: the optimal evil host) run on a small pool of
/// workers instead, one at a time per session: the HTTP answer goes out when the command ends,
/// its progress is pushed to the session's sockets meanwhile, a second command is refused (409
/// "busy"), and deleting the session or destroying the table stops it (the game then falls back
/// and records where it was cut, so its saved game replays the same).
///
/// The store (ArcadeOptions::store; docs/API.md, "Players"): after each command of a session
/// with a player, its finished games are recorded and a game in play is saved unfinished. The
/// game in play of every session whose game may be resumed (GameEntry::resumable), anonymous
/// ones too, is kept under its id (app::KeptSession) until it ends or the session is deleted: a
/// request naming an id (or watch code) the table no longer holds, after a restart or an idle
/// expiry, revives the session from it (docs/API.md, "Sessions": a session's lifetime). The
/// store's calls are short and made on the thread that applied the command, never with the
/// table's lock held; a store that fails is reported once on stderr and play goes on.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "app/game_session.h"
#include "app/json.h"
#include "app/registry.h"
#include "lexicon/lexicon.h"
#include "server/arcade_options.h"
#include "server/http_server.h"
#include "server/live_session.h"
#include "server/responses.h"
#include "server/workers.h"

namespace wg::server {

/// What the clients know of a new session's seed (docs/API.md, "Sessions": seed and practice).
struct SeedKnowledge {
  /// A client knows it already: it sent the seed (or a saved game, or a log, which hold it), or
  /// the game resumed was practice. The session's games are practice, and its seed is shown.
  bool known = false;
  /// A hidden session's seed is shown once a game of it ends (LiveSession::seed_at_end); false
  /// for a room, whose rounds follow one another on one seed.
  bool shown_at_end = true;
};

class Sessions {
 public:
  Sessions(std::shared_ptr<const Lexicon> lexicon, const ArcadeOptions& options,
           const ArcadeClock& clock);
  /// Stops the commands running on the workers (their games fall back) and waits for them.
  ~Sessions();
  Sessions(const Sessions&) = delete;
  Sessions& operator=(const Sessions&) = delete;

  /// True for the paths answered by route(): /api/sessions and /api/watch and below (`parts`:
  /// the path's parts, "api" first).
  static bool owns(const std::vector<std::string_view>& parts);
  /// The answer to a request for one of those paths; or, when the answer comes later (a long
  /// command), `respond` is taken (left empty) and the response returned is not sent.
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts,
                     Respond& respond);

  /// Opens `session` of `game` in the table: its id, watch code and owner's seat, and what
  /// `seed` says the clients know of its seed. Its timers are not started: its opener sets it
  /// up, then calls start_timers.
  LivePtr add(std::unique_ptr<app::GameSession> session, const app::GameEntry& game,
              SeedKnowledge seed);
  /// Keeps what the last command did in the store: the session's step under its id first, then,
  /// for a session with a player, the games it finished are recorded (and the unfinished one
  /// deleted), a game still in play is saved. When another process kept the session further
  /// (took the game over), nothing is kept and the session is marked LiveSession::moved.
  /// The session's lock is held.
  void keep(LiveSession& live);
  /// Forgets what the store keeps of the session `id` (deleted); false when it kept nothing.
  bool forget(std::string_view id);
  /// The session of the room `code` the store keeps, revived (the room's members' keys and
  /// names with it), or the one this table holds; null when the store keeps none, or it cannot
  /// be revived now (the store failed, the table is full).
  LivePtr revive_room(std::string_view code);
  /// The answer that hands a session just opened to its owner: 201 with its state and id.
  HttpResponse opened(const LivePtr& live);
  /// Notes when each wait the session lists and had not noted yet began and runs out
  /// (LiveSession::deadlines, from now), and forgets those it no longer lists. The session's
  /// lock is held.
  void note_deadlines(LiveSession& live);
  /// Starts the timers the session lists that were not started yet (app::Timer), each to run
  /// out at its deadline (note_deadlines; one restored with a revived session runs out when it
  /// would have where it began, at once if that is past), and forgets those it no longer lists.
  /// The session's lock is held.
  void start_timers(LiveSession& live);
  /// The same, given the session's timers (app::GameSession::timers) as they are now.
  void note_deadlines(LiveSession& live, const std::vector<app::Timer>& timers);
  void start_timers(LiveSession& live, const std::vector<app::Timer>& timers);
  /// Drops a session from the table (one its opener could not set up).
  void remove(const LiveSession& live);
  /// True while the session is in the table (not expired nor deleted).
  bool open(const LiveSession& live) const;

  /// A player's command at `seat` (a room member's: the seat their key holds), its lock held:
  /// stamped (the clock, the seat, the fields dropped) and played; the events that seat may see.
  /// `replying` as for play. The caller has refused what the player may not send
  /// (app::host_only).
  app::Json play_as(LiveSession& live, app::Json command, Seat seat,
                    std::string_view replying = {});
  /// A command the host sends itself (a room's join), its lock held: played as it is; all its
  /// events.
  app::Json play_host_command(LiveSession& live, app::Json command);
  /// The session as `seat` sees it: {"game", "version", "watch", "seat", "finished", "view",
  /// "hidden_information", "practice", "seed"? (shows_seed), "resumable"? (the owner's game is
  /// among their unfinished games), "busy"?, "not_kept"?}. Its lock is held.
  app::Json snapshot(const LiveSession& live, Seat seat) const;
  /// json_text of the snapshot with the members of `more` (an object) after its own, built
  /// without a JSON document of the whole: the view's text comes from the session, which keeps
  /// it while its state stands (app::GameSession::view_text). A move's answer, an update pushed.
  /// Its lock is held.
  std::string snapshot_text(const LiveSession& live, Seat seat,
                            const app::Json& more = app::Json::object()) const;
  /// The snapshot that hands a session to a page (opened, resumed, read): with its "config",
  /// complete, which a page needs to go on with it and which no update repeats (a config may
  /// hold a whole dictionary). Its lock is held.
  app::Json handed(const LiveSession& live, Seat seat) const;
  /// A socket that follows `live` as `seat` (kObserver: a spectator) and acts as that seat;
  /// `request` names the page that opened it (client_of).
  HttpResponse follow(const LivePtr& live, const HttpRequest& request,
                      std::shared_ptr<WebSocketPeer> peer, Seat seat);

  /// Sessions open now.
  std::size_t count() const;
  /// The refusal of a new session when the arcade holds as many as it may (ArcadeOptions::
  /// max_sessions, max_total_record_bytes): 503 too_many_sessions; nullopt when one may open.
  std::optional<HttpResponse> refuse_opening() const;
  /// The refusal of a player's command once the session's record holds all it may
  /// (ArcadeOptions::max_record_bytes: 413 game_too_long) or all records together do
  /// (max_total_record_bytes: 503 arcade_full); nullopt when it may be played. Its lock is held.
  std::optional<Refusal> refuse_command(const LiveSession& live) const;
  /// Drops the sessions idle for longer than ArcadeOptions::idle_expiry (the store still keeps
  /// their games in play); returns how many. The store forgets the kept sessions nobody played
  /// for ArcadeOptions::kept_sessions.
  std::size_t expire_idle();

  /// A WebSocket to /api/sessions/ID/live or /api/watch/CODE/live (`parts`, "api" first),
  /// `?client=C` naming the page that opened it (client_of).
  HttpResponse open_socket(const HttpRequest& request, const std::vector<std::string_view>& parts,
                           std::shared_ptr<WebSocketPeer> peer);
  /// A command sent over a session's socket; false when the socket follows no session.
  bool socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text);
  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer);

  /// The store's spelling of the player `name` (created if new), "" for none: no name, no
  /// store, or a store that failed (reported by store_failed).
  std::string stored_player(const std::string& name);
  /// The wall clock in unix milliseconds (ArcadeClock::system_now).
  std::int64_t now_ms() const;

 private:
  HttpResponse create(const HttpRequest& request);
  /// POST /api/sessions/resume: a session from a player's unfinished game in the store.
  HttpResponse resume(const HttpRequest& request);
  HttpResponse command(const LivePtr& live, const HttpRequest& request, Respond& respond);
  /// GET /api/sessions/ID/events?from=N: the events the owner's seat was sent for the commands
  /// from N on, replayed in a scratch session nobody else sees (on a worker for a slow game:
  /// `respond` is then taken).
  HttpResponse events(const LivePtr& live, const HttpRequest& request, Respond& respond);
  /// GET /api/sessions/ID/review: the review of the owner's last finished game, computed on a
  /// worker (review_response).
  HttpResponse review(const LivePtr& live, Respond& respond);
  LivePtr find(std::string_view id, bool* is_watch = nullptr);
  /// The session named by `key` (its id, or when `by_watch` its watch code): the open one, else
  /// the one the store keeps revived (revive); null when there is none, or the refusal.
  /// `respond`, as revive takes it.
  std::variant<LivePtr, HttpResponse> find_or_revive(std::string_view key, bool by_watch,
                                                     const HttpRequest& request,
                                                     Respond* respond = nullptr);
  /// Brings back into the table the session the store keeps under `key` (its id, or its watch
  /// code): its game replayed from the saved game (a named player's from their unfinished game,
  /// which is theirs: the request must carry their secret, unless it only watches), with its id,
  /// watch code, seat, practice and seed knowledge, number of updates and answer time. Null when
  /// the store keeps none, or its game is over (a named player's unfinished game finished or
  /// deleted since) or open at another id; the refusal for a request that may not have it, a
  /// full arcade, or a store that fails. A game whose commands may take long to replay (slow)
  /// is revived on a worker, which then answers the request (routing it again): `*respond` is
  /// taken (left empty) and null returned; without `respond` (a socket), 503 "reviving".
  std::variant<LivePtr, HttpResponse> revive(std::string_view key, bool by_watch,
                                             const HttpRequest& request, Respond* respond);
  /// revive's replay: the session `kept` (its game `saved`, the player's `unfinished` one) back
  /// in the table, its timers started; null when it cannot be replayed or has ended (forgotten).
  LivePtr rebuild(const app::KeptSession& kept, const app::Json& saved, std::int64_t unfinished,
                  const app::GameEntry& game);
  /// Whether the commands of a session of `game` with `config` (complete) may take long.
  static bool runs_long(const app::GameEntry& game, const app::Json& config);
  /// A new session of `game` in the table's shape, not in the table yet (insert).
  LivePtr make_live(std::unique_ptr<app::GameSession> session, const app::GameEntry& game,
                    SeedKnowledge seed);
  /// Puts `live` in the table under its id and watch code; the session already there under
  /// that id if there is one (revived by another request meanwhile).
  LivePtr insert(LivePtr live);
  /// Runs a command that is ready (stamped) on the session, its lock held: what follows it
  /// (applied), and its events.
  /// `replying`: the page (client_of) whose request gets the update in its answer, so that its
  /// socket is not sent it again ("" for none: a socket's command, a timer's).
  app::Json play(LiveSession& live, app::Json command, std::string_view replying = {});
  /// Adds the front end's fields to the command of the player at `seat` (the clock, the seat)
  /// and drops what a player may not send.
  void stamp(LiveSession& live, app::Json& command, Seat seat);
  /// What follows a command's events: the update's number, the store, the timers, the push.
  app::Json applied(LiveSession& live, std::vector<app::Json> events,
                    std::string_view replying = {});
  /// Runs `command` on a worker (the session's lock held now, not while it runs); answers
  /// `respond` (if any) when it ends, pushing progress to the peers meanwhile.
  void play_on_worker(const LivePtr& live, app::Json command, Respond respond,
                      std::string replying = {});
  /// `command` (a player's, GameEntry::withdrawing, not stamped yet) arrived while the session
  /// runs one on a worker, its lock held: withdraws the running one (Work::withdraw, then stop)
  /// and has the worker play this one after it, answering `respond` (taken; none for a socket)
  /// then. False, nothing done, when a command already waits so (the caller refuses as busy).
  bool withdraw_running(LiveSession& live, app::Json command, Seat seat, Respond& respond,
                        std::string replying = {});
  /// True when the session's seed, and its saved game, may go out now: a seed that hides
  /// nothing, or one a client knows (LiveSession::seed_known). Its lock is held.
  static bool shows_seed(const LiveSession& live);
  /// The snapshot's members before its "view" and after it (snapshot, snapshot_text).
  struct SnapshotParts {
    app::Json before;
    app::Json after;
  };
  SnapshotParts snapshot_parts(const LiveSession& live, Seat seat) const;
  /// Pushes {"type": "progress", "fraction"} to the session's peers.
  void push_progress(LiveSession& live, double fraction);
  /// Pushes the update to the session's sockets, but those of the page `replying`: each the
  /// view and the events of its seat.
  void push(LiveSession& live, std::string_view replying = {});
  /// Moves the games the last command finished, one per player, to LiveSession::unrecorded (no
  /// store call: a game acknowledged is held before anything is written).
  void collect_finished(LiveSession& live, std::int64_t now);
  /// keep's part for the session's players (their finished games and unfinished one); throws
  /// what the store throws.
  void keep_for_players(LiveSession& live, std::int64_t now);
  /// Records the session's finished games the store has not taken yet (LiveSession::unrecorded),
  /// oldest first; throws what the store throws, leaving the rest for the next keep.
  void record_unrecorded(LiveSession& live);
  /// On workers (ArcadeOptions::on_workers): queues the review of the recorded `game` as the
  /// person at `seat` played it (app/review_jobs.h); a store that fails is said, and the review
  /// is then computed here when asked.
  void queue_review(const app::FinishedGame& game, Seat seat);
  /// Keeps the session's game in play under its id (app::KeptSession), or forgets it once the
  /// game has ended or cannot be resumed, each time only after the step this process kept last
  /// (LiveSession::kept_sequence); false when another process kept it further (nothing is
  /// written). Throws what the store throws.
  bool keep_alive(LiveSession& live, std::int64_t now);
  /// Drops a session another process took over (LiveSession::moved): its timers stop, its
  /// sockets are told "game_moved" and closed (the pages reconnect to where the game is now),
  /// and the next request for it revives it from the store. The session's lock is held.
  void drop_moved(LiveSession& live);
  /// 409 "game_moved": the answer to a command that found its session moved (not played here).
  static HttpResponse moved_refusal();
  /// keep_alive for a session just opened (no command yet), its failure reported as keep's.
  void keep_opened(LiveSession& live);
  /// 404 "unknown_session": the answer for an id or watch code that names no session, saying
  /// what may have become of it with this arcade's store, or without one.
  HttpResponse unknown_session() const;
  /// Reports, once, that the store failed: play goes on without it.
  void store_failed(const std::exception& problem);

  std::shared_ptr<const Lexicon> lexicon_;
  ArcadeOptions options_;
  ArcadeClock clock_;
  mutable std::mutex mutex_;  ///< guards the two maps below (each session has its own lock)
  std::unordered_map<std::string, LivePtr> sessions_;  ///< by id and by watch code
  std::map<WebSocketPeer*, LivePtr> peers_;
  std::atomic<bool> store_warned_{false};  ///< a failed write was reported (once)
  /// The bytes of every session's record together (LiveSession::budget).
  std::shared_ptr<std::atomic<std::size_t>> record_bytes_ =
      std::make_shared<std::atomic<std::size_t>>(0);
  std::unique_ptr<Workers> workers_;  ///< last: destroyed (joined) first
};

}  // namespace wg::server
