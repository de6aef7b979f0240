#pragma once
/// The arcade's players and their unfinished games (docs/API.md, "Players"), over the store
/// (app/game_store.h): profiles by name, each with a secret that the arcade gives to the
/// browser that made (or first claimed) the name, and that every request acting as that player
/// carries (the X-Player-Secret header): a name alone is no credential. The Arcade routes
/// /api/players here; recording and resuming games is the sessions' (they hold them). Without a
/// store (serve --no-store, or one that could not be opened) the list is empty and says so, what
/// would write is refused (503 "no_store"), and names are not checked (nothing is kept for them).

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "server/http_server.h"

namespace wg::server {

/// The player a request to create a session or a room names in `field` ("player"): "" when it
/// names none (anonymous: nothing is kept); or the refusal (400 "bad_player", naming the field)
/// of a value that is not a player name (wg::valid_player_name, core/text.h).
std::variant<std::string, HttpResponse> requested_player(const app::Json& body,
                                                         std::string_view field = "player");

/// The player a request acts as (requested_player), proven: when the arcade keeps players
/// (`store`), the request's secret (HttpRequest::player_secret) must be that player's, else 403
/// "wrong_secret"; 503 "store_failed" when the store cannot say. "" for nobody.
std::variant<std::string, HttpResponse> acting_player(const HttpRequest& request,
                                                      const app::Json& body, app::GameStore* store,
                                                      std::string_view field = "player");

/// The refusal of a request that needs the store when there is none.
HttpResponse no_store();

/// An unfinished game as the lobby lists it: {id, game, config, moves, started_ms, saved_ms,
/// practice}; never its seed, which may be the game.
app::Json unfinished_json(const app::UnfinishedGame& game);

/// GET and POST /api/players, GET /api/players/NAME/unfinished.
class Players {
 public:
  /// `store`: null when nothing is kept.
  explicit Players(std::shared_ptr<app::GameStore> store);

  /// A request to /api/players[/...]; `parts` are the path's parts after "players".
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);

 private:
  /// POST /api/players {"name"}: the player, created if new, and its secret when this browser
  /// is the first to ask for the name; 200 without a secret when the request proves it has it
  /// already; 403 "wrong_secret" when the name is someone else's.
  HttpResponse sign_in(const HttpRequest& request, const std::string& name);

  std::shared_ptr<app::GameStore> store_;
};

}  // namespace wg::server
