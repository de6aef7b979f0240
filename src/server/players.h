#pragma once
/// The arcade's players and their unfinished games (docs/API.md, "Players"), over the store
/// (app/sqlite_store.h): local profiles by name, no passwords (a local or classroom arcade).
/// The Arcade routes /api/players here; recording and resuming games is the Arcade's (it holds
/// the sessions). Without a store (serve --no-store, or one that could not be opened) the list
/// is empty and says so, and what would write is refused (503 "no_store").

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/json.h"
#include "app/sqlite_store.h"
#include "server/http_server.h"

namespace wg::server {

/// The player a request to create a session or a room names in `field` ("player"): "" when it
/// names none (anonymous: nothing is kept); or the refusal (400 "bad_player", naming the field)
/// of a value that is not a player name (wg::valid_player_name, core/text.h).
std::variant<std::string, HttpResponse> requested_player(const app::Json& body,
                                                         std::string_view field = "player");

/// The refusal of a request that needs the store when there is none.
HttpResponse no_store();

/// An unfinished game as the lobby lists it: {id, game, config, moves, started_ms, saved_ms}.
app::Json unfinished_json(const app::UnfinishedGame& game);

/// GET and POST /api/players, GET /api/players/NAME/unfinished.
class Players {
 public:
  /// `store`: null when nothing is kept.
  explicit Players(std::shared_ptr<app::SqliteStore> store);

  /// A request to /api/players[/...]; `parts` are the path's parts after "players".
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);

 private:
  std::shared_ptr<app::SqliteStore> store_;
};

}  // namespace wg::server
