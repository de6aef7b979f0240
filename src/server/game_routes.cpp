#include "server/game_routes.h"

#include <utility>

#include "server/game_routes_includes.inc"  // generated: each game's server/<id>_routes.h
#include "server/responses.h"

namespace wg::server {

bool GameRoutes::takes_upload(std::string_view) const { return false; }

bool GameRoutes::opens_session(const HttpRequest&) const { return false; }

HttpResponse GameRoutes::open_socket(const HttpRequest& request,
                                     const std::vector<std::string_view>&,
                                     std::shared_ptr<WebSocketPeer>) {
  return not_found(request);
}

void GameRoutes::socket_closed(const std::shared_ptr<WebSocketPeer>&) {}

void GameRoutes::stopping() {}

std::vector<GameRoutesMaker> all_game_routes() {
  return {
#include "server/game_routes_list.inc"  // generated: <id>_routes(), per game with routes
  };
}

}  // namespace wg::server
