#pragma once
/// The web arcade's API (docs/API.md): the games of the registry as HTTP resources, their
/// updates pushed over WebSocket, and the page itself. It translates requests into the app
/// layer's GameSession calls and back; the games decide everything. What is a front end's own
/// (the clock a Boggle round runs on, which seat a browser holds, how long a session may sit
/// idle) is decided here.
///
/// Threads: requests come on the server's I/O threads. The commands of a session whose game
/// says they may take long (GameEntry::slow: the optimal evil host) run on a small pool of the
/// arcade's own workers instead, one at a time per session: the HTTP answer goes out when the
/// command ends, its progress is pushed to the session's sockets meanwhile, a second command is
/// refused (409 "busy"), and deleting the session or destroying the arcade stops it (the game
/// then falls back and records where it was cut, so its saved game replays the same).
///
/// The store (ArcadeOptions::store; docs/API.md, "Players"): after each command of a session
/// with a player, its finished games are recorded and a game in play is saved unfinished. The
/// store's calls are short (well under a millisecond) and made on the thread that applied the
/// command, never with the arcade's map lock held; a store that fails is reported once on
/// stderr and play goes on.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "app/game_session.h"
#include "app/json.h"
#include "app/registry.h"
#include "app/sqlite_store.h"
#include "lexicon/lexicon.h"
#include "server/dictionaries.h"
#include "server/http_server.h"
#include "server/players.h"
#include "server/tournaments.h"

namespace wg::server {

/// What the operator sets when starting the server.
struct ArcadeOptions {
  std::size_t max_sessions = 20000;      ///< beyond: 503 until some expire
  std::chrono::minutes idle_expiry{60};  ///< a session nobody touched this long is dropped
  /// Clients on other hosts are refused POSTs whose Origin is not this server's (a page on
  /// another site must not play, or create sessions, through a visitor's browser).
  bool check_origin = true;
  /// Hangman's dictionaries (/api/hangman/dictionaries): whether and where Open Library is
  /// fetched from.
  DictionaryOptions dictionaries;
  /// Letter Auction tournaments: their caps, and the external bots the operator allows.
  TournamentOptions tournaments;
  std::shared_ptr<app::SqliteStore> store;  ///< null: nothing is kept
};

/// The clock and the timers the arcade runs on: the server's in production, a test's own in
/// tests (so nothing in a test waits on real time).
struct ArcadeClock {
  std::function<std::chrono::steady_clock::time_point()> now = [] {
    return std::chrono::steady_clock::now();
  };
  /// Calls the task on the server's loop after the delay (HttpServer::post_after).
  std::function<void(std::chrono::milliseconds, std::function<void()>)> after =
      [](std::chrono::milliseconds, std::function<void()>) {};
  /// The wall clock, for the start and end times of the games recorded (unix time).
  std::function<std::chrono::system_clock::time_point()> system_now = [] {
    return std::chrono::system_clock::now();
  };
};

/// The arcade: a Handler for HttpServer.
class Arcade final : public Handler {
 public:
  Arcade(std::shared_ptr<const Lexicon> lexicon, ArcadeOptions options = {},
         ArcadeClock clock = {});
  /// Stops the commands running on the workers (their games fall back) and waits for them.
  ~Arcade() override;

  void handle(HttpRequest request, Respond respond) override;
  HttpResponse open_socket(const HttpRequest& request,
                           std::shared_ptr<WebSocketPeer> peer) override;
  void socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text) override;
  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer) override;
  /// An auction log is uploaded whole: POST /api/auction/replays.
  bool takes_upload(std::string_view path) const override;

  /// Drops the sessions idle for longer than ArcadeOptions::idle_expiry; returns how many.
  /// The server calls it every minute; tests call it after moving their clock.
  std::size_t expire_idle();

  /// Sessions open now.
  std::size_t session_count() const;
  /// Rooms open now.
  std::size_t room_count() const;

 private:
  struct Live;
  using LivePtr = std::shared_ptr<Live>;
  /// A multiplayer room (Boggle): players who join by a short code and play the same board on
  /// the same clock, each in a session of their own; the room compares their words at the end.
  struct Room;
  using RoomPtr = std::shared_ptr<Room>;
  /// The threads that run long commands.
  class Workers;

  /// The answer to `request`; or, when the answer comes later (a long command), `respond` is
  /// taken (left empty) and the response returned is not sent.
  HttpResponse route(const HttpRequest& request, Respond& respond);
  HttpResponse create(const HttpRequest& request);
  /// POST /api/sessions/resume: a session from a player's unfinished game in the store.
  HttpResponse resume(const HttpRequest& request);
  /// A session replaying an uploaded auction log (server/auction_replay.h).
  HttpResponse replay(const HttpRequest& request);
  HttpResponse command(const LivePtr& live, const HttpRequest& request, Respond& respond);
  LivePtr find(std::string_view id, bool* is_watch = nullptr);
  HttpResponse route_room(const HttpRequest& request, const std::vector<std::string_view>& parts);
  HttpResponse create_room(const HttpRequest& request);
  HttpResponse join_room(const RoomPtr& room, const HttpRequest& request);
  HttpResponse start_room(const RoomPtr& room, const HttpRequest& request);
  /// A player's session changed: records its words, and ends the round once all are done.
  void room_session_changed(Live& live);
  void push_room(Room& room);
  app::Json room_state(const Room& room, int player) const;
  /// Opens a session to the arcade: its id, watch code and owner's seat.
  LivePtr add(std::unique_ptr<app::GameSession> session, const app::GameEntry& game);
  /// Runs `command` on the session (its lock held), stamps what the front end owns, schedules
  /// the timers that follow, pushes the update to the session's peers, returns the events.
  app::Json play(Live& live, app::Json command);
  /// Adds the front end's fields to a player's command (the clock, the seat) and drops what a
  /// player may not send.
  void stamp(Live& live, app::Json& command);
  /// What follows a command's events: the update's number, the timers, the push, the room.
  app::Json applied(Live& live, std::vector<app::Json> events);
  /// Runs `command` on a worker (the session's lock held now, not while it runs); answers
  /// `respond` (if any) when it ends, pushing progress to the peers meanwhile.
  void play_on_worker(const LivePtr& live, app::Json command, Respond respond);
  /// Pushes {"type": "progress", "fraction"} to the session's peers.
  void push_progress(Live& live, double fraction);
  /// Starts the timers the session lists that were not started yet (app::Timer), and forgets
  /// those it no longer lists.
  void start_timers(Live& live);
  void push(Live& live, const app::Json& events);
  /// Keeps what the last command did in the store, for a session with a player: the games it
  /// finished are recorded (and the unfinished one deleted), a game still in play is saved.
  void keep(Live& live);
  /// The store's spelling of the player `name` (created if new), "" for none: no name, no
  /// store, or a store that failed (reported by store_failed).
  std::string stored_player(const std::string& name);
  /// Reports, once, that the store failed: play goes on without it.
  void store_failed(const std::exception& problem);
  /// The wall clock in unix milliseconds (ArcadeClock::system_now).
  std::int64_t now_ms() const;
  app::Json snapshot(const Live& live, Seat seat) const;

  std::shared_ptr<const Lexicon> lexicon_;
  /// A game's tool document (GET /api/<game>/<tool>): computed once, on first request (the
  /// lexicon never changes).
  const app::Json& tool_document(const app::GameEntry& game, const app::GameTool& tool);
  std::mutex tools_mutex_;  ///< guards tool_documents_
  std::map<std::string, std::shared_ptr<const app::Json>> tool_documents_;
  ArcadeOptions options_;
  ArcadeClock clock_;
  mutable std::mutex mutex_;  ///< guards the two maps below (each session has its own lock)
  std::unordered_map<std::string, LivePtr> sessions_;  ///< by id and by watch code
  std::map<WebSocketPeer*, LivePtr> peers_;
  std::unordered_map<std::string, RoomPtr> rooms_;  ///< by code
  std::map<WebSocketPeer*, RoomPtr> room_peers_;
  std::unique_ptr<Dictionaries> dictionaries_;  ///< hangman's, some answered on its own thread
  Tournaments tournaments_;
  Players players_;
  std::atomic<bool> store_warned_{false};  ///< a failed write was reported (once)
  std::unique_ptr<Workers> workers_;       ///< last: destroyed (joined) first
};

}  // namespace wg::server
