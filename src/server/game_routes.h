#pragma once
/// The routes that are one game's own in the arcade (docs/API.md), besides the sessions that
/// every game has: the auction's tournaments and replays, position hangman's dictionaries. A
/// game with routes of its own has a file `server/<id>_routes.h` that declares
/// `GameRoutesMaker <id>_routes(...)`; all_game_routes() lists them, generated from WG_GAMES (the
/// one list of games), so the arcade names no game: it asks each game's routes whether a request
/// is theirs.

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "lexicon/lexicon.h"
#include "server/http_server.h"

namespace wg::server {

struct ArcadeOptions;
class Sessions;

/// What the arcade gives a game's routes: its words, the operator's options (the store, the
/// network, the external bots allowed), its live sessions (to open one, such as a replay) and
/// its wall clock. Everything outlives the routes.
struct GameRoutesHost {
  std::shared_ptr<const Lexicon> lexicon;
  const ArcadeOptions& options;
  Sessions& sessions;
  std::function<std::int64_t()> now_ms;  ///< unix milliseconds
};

/// One game's own routes. The arcade has checked the request's host and, for one that changes
/// something, its origin, before asking.
class GameRoutes {
 public:
  virtual ~GameRoutes() = default;
  /// True for the requests (and sockets) these routes answer; `parts` are the path's parts,
  /// "api" first (requests.h, split_path).
  virtual bool owns(const HttpRequest& request,
                    const std::vector<std::string_view>& parts) const = 0;
  /// The answer to a request it owns; or, when the answer comes later (from a worker),
  /// `respond` is taken (left empty) and the response returned is not sent.
  virtual HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts,
                             Respond& respond) = 0;
  /// True for a path whose body is uploaded whole (a log, a book), read with the larger limit.
  virtual bool takes_upload(std::string_view path) const;
  /// True for a request (one it owns) that opens a session (a log replayed): the arcade runs
  /// it on its workers, never on an I/O thread, as it does every opening.
  virtual bool opens_session(const HttpRequest& request) const;
  /// A WebSocket to a path it owns (Handler::open_socket: status 0 accepts); 404 by default.
  virtual HttpResponse open_socket(const HttpRequest& request,
                                   const std::vector<std::string_view>& parts,
                                   std::shared_ptr<WebSocketPeer> peer);
  /// A socket closed: forgets it, if it was one of its own.
  virtual void socket_closed(const std::shared_ptr<WebSocketPeer>& peer);
  /// The server is stopping (Handler::stopping): what runs on threads of its own stops, and
  /// nothing new starts. Must not wait.
  virtual void stopping();
};

/// Makes a game's routes for an arcade.
using GameRoutesMaker = std::function<std::unique_ptr<GameRoutes>(const GameRoutesHost& host)>;

/// The routes of every game that has some, each with its defaults (generated from WG_GAMES: the
/// games with a server/<id>_routes.h).
std::vector<GameRoutesMaker> all_game_routes();

}  // namespace wg::server
