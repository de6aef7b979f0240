#pragma once
/// The web arcade's API (docs/API.md): the games of the registry as HTTP resources, their
/// updates pushed over WebSocket, and the page itself. The arcade is the router: each part of
/// the API is answered by the file that owns it (docs/ARCHITECTURE.md, "The server"): the live
/// sessions (sessions.h), the rooms (rooms.h), players (players.h), statistics (statistics.h),
/// and the routes that are a game's own: its tools, from its entry, and the routes of its own
/// (game_routes.h: the auction's tournaments and replays, position hangman's dictionaries). It
/// translates requests into the app layer's calls and back; the games decide everything.

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
#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "lexicon/lexicon.h"
#include "server/arcade_options.h"
#include "server/game_routes.h"
#include "server/hosts.h"
#include "server/http_server.h"
#include "server/players.h"
#include "server/rooms.h"
#include "server/sessions.h"
#include "server/workers.h"

namespace wg::server {

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
  /// What a game's routes take whole (GameRoutes::takes_upload: an auction log, a book).
  bool takes_upload(std::string_view path) const override;
  /// The server is stopping: the games' own long work stops (GameRoutes::stopping: the
  /// tournaments, at once, no game or bot started after this).
  void stopping() override;

  /// The port the server listens on, once it does (ArcadeOptions::port): an Origin must name
  /// it. Call it before the server runs.
  void listening_on(std::uint16_t port);

  /// Drops the sessions idle for longer than ArcadeOptions::idle_expiry; returns how many.
  /// The server calls it every minute; tests call it after moving their clock.
  std::size_t expire_idle();

  /// Drops every session and room, and the rooms' count of codes guessed, as a new arcade has
  /// none: the commands running are stopped and waited for, as when the arcade is destroyed.
  /// What the lexicon alone decides (the tools' documents) is kept. For a harness that plays
  /// many short conversations on one arcade (fuzz/arcade_fuzz.cpp: making an arcade, its threads
  /// started and joined, cost more than a conversation). Call it with no request in flight.
  void clear();

  /// Sessions open now.
  std::size_t session_count() const;
  /// Rooms open now.
  std::size_t room_count() const;

 private:
  /// Answers `request` (a host allowed): now, or later from a worker (a long command).
  void answer(const HttpRequest& request, Respond respond);
  /// The answer to `request`; or, when the answer comes later (a long command), `respond` is
  /// taken (left empty) and the response returned is not sent.
  HttpResponse route(const HttpRequest& request, Respond& respond);
  /// True for a request that opens a session: a new game, a saved one, a resumed one, a room, a
  /// game's own (a log replayed). Opening may compute (a Word Search board solved, a saved game
  /// replayed), so these run on the arcade's workers (openers_), never on an I/O thread, whose
  /// every other client would wait meanwhile.
  bool opens_session(const HttpRequest& request) const;
  /// True for GET /api/games/ID/review: a kept game reviewed, which solves every position its
  /// player met, so on the arcade's workers (openers_) as well.
  bool reviews_kept_game(const HttpRequest& request) const;
  /// True if the request comes from a page of another site (its Origin is not this server's:
  /// an allowed host at this server's port) and the operator asked to refuse those.
  bool foreign(const HttpRequest& request) const;
  /// True if `request` changes or costs something (not a GET) and is foreign().
  bool foreign_post(const HttpRequest& request) const;
  /// The game's routes that own the request, or null.
  GameRoutes* routes_of(const HttpRequest& request, const std::vector<std::string_view>& parts);
  /// A game's tool document (GET /api/<game>/<tool>): computed once, on first request (the
  /// lexicon never changes).
  const app::Json& tool_document(const app::GameEntry& game, const app::GameTool& tool);
  /// The wall clock in unix milliseconds (ArcadeClock::system_now).
  std::int64_t now_ms() const;
  /// The sessions, the rooms and the games' own routes, new (the constructor, clear).
  void open_tables();

  std::shared_ptr<const Lexicon> lexicon_;
  ArcadeOptions options_;
  ArcadeClock clock_;
  AllowedHosts hosts_;
  std::mutex tools_mutex_;  ///< guards tool_documents_
  std::map<std::string, std::shared_ptr<const app::Json>> tool_documents_;
  Players players_;
  std::unique_ptr<Sessions> sessions_;
  std::unique_ptr<Rooms> rooms_;  ///< after the sessions: each room is a session
  std::vector<std::unique_ptr<GameRoutes>> game_routes_;  ///< after the sessions: they open some
  /// The threads that open sessions (opens_session). Last: joined first, after answering the
  /// openings still waiting, while the sessions are still there.
  std::unique_ptr<Workers> openers_;
};

}  // namespace wg::server
