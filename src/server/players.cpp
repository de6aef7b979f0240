#include "server/players.h"

#include <exception>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "core/text.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

namespace {

HttpResponse bad_player(std::string_view field) {
  return error(400, "bad_player", std::string(kPlayerNameRule), field);
}

HttpResponse store_failed(const std::exception& problem) {
  return error(503, "store_failed", fmt::format("the store failed: {}", problem.what()));
}

}  // namespace

std::variant<std::string, HttpResponse> requested_player(const Json& body, std::string_view field) {
  const auto found = body.find(field);
  if (found == body.end() || found->is_null()) return std::string();
  if (!found->is_string() || !valid_player_name(found->get<std::string>())) {
    return bad_player(field);
  }
  return found->get<std::string>();
}

HttpResponse no_store() {
  return error(503, "no_store",
               "this arcade keeps no players or games (it was started with --no-store, or its "
               "store could not be opened)");
}

Json unfinished_json(const app::UnfinishedGame& game) {
  const Json& commands = game.saved.value("commands", Json::array());
  return {{"id", game.id},
          {"game", game.saved.value("game", "")},
          {"config", game.saved.value("config", Json::object())},
          {"moves", commands.is_array() ? commands.size() : 0},
          {"started_ms", game.started_ms},
          {"saved_ms", game.updated_ms}};
}

Players::Players(std::shared_ptr<app::SqliteStore> store) : store_(std::move(store)) {}

HttpResponse Players::route(const HttpRequest& request,
                            const std::vector<std::string_view>& parts) {
  const bool get = request.method == "GET" || request.method == "HEAD";
  try {
    if (parts.empty()) {
      if (get) {
        Json names = Json::array();
        if (store_ != nullptr) {
          for (const app::Player& player : store_->players()) names.push_back(player.name);
        }
        return json_response(200, Json{{"store", store_ != nullptr}, {"players", names}});
      }
      if (request.method != "POST") return method_not_allowed(request, "GET, POST");
      auto parsed = json_body(request);
      if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
      auto name = requested_player(std::get<Json>(parsed), "name");
      if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
      if (std::get<std::string>(name).empty()) return bad_player("name");
      if (store_ == nullptr) return no_store();
      const bool known = store_->find_player(std::get<std::string>(name)).has_value();
      const app::Player player = store_->player(std::get<std::string>(name));
      return json_response(known ? 200 : 201, Json{{"name", player.name}});
    }
    if (parts.size() == 2 && parts[1] == "unfinished") {
      if (!get) return method_not_allowed(request, "GET");
      const std::optional<std::string> name = percent_decoded(parts[0], /*plus_is_space=*/false);
      if (!name) {
        return error(400, "bad_player", "the player's name has a malformed %-escape", "player");
      }
      if (!is_valid_utf8(*name)) {
        return error(400, "bad_player", "the player's name is not UTF-8 once %-decoded", "player");
      }
      if (!valid_player_name(*name)) return bad_player("player");
      if (store_ == nullptr) return no_store();
      const std::optional<app::Player> player = store_->find_player(*name);
      if (!player) {
        return error(404, "unknown_player", fmt::format("there is no player '{}' here", *name));
      }
      Json games = Json::array();
      for (const app::UnfinishedGame& game : store_->unfinished_games(player->name)) {
        games.push_back(unfinished_json(game));
      }
      return json_response(200, Json{{"player", player->name}, {"unfinished", std::move(games)}});
    }
  } catch (const app::StoreError& problem) {
    return store_failed(problem);
  }
  return not_found(request);
}

}  // namespace wg::server
