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

namespace {

HttpResponse wrong_secret(std::string_view name, std::string_view field) {
  return error(403, "wrong_secret",
               fmt::format("the player '{}' is someone's: to play as them here, give their player "
                           "code (POST /api/players with it)",
                           name),
               field);
}

}  // namespace

std::variant<std::string, HttpResponse> acting_player(const HttpRequest& request, const Json& body,
                                                      app::GameStore* store,
                                                      std::string_view field) {
  auto player = requested_player(body, field);
  if (std::holds_alternative<HttpResponse>(player) || store == nullptr) return player;
  const std::string& name = std::get<std::string>(player);
  if (name.empty()) return player;
  try {
    if (!store->player_secret_matches(name, request.player_secret)) {
      return wrong_secret(name, field);
    }
  } catch (const app::StoreError& problem) {
    return store_failed(problem);
  }
  return player;
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
          {"saved_ms", game.updated_ms},
          {"practice", game.practice}};
}

Players::Players(std::shared_ptr<app::GameStore> store) : store_(std::move(store)) {}

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
      return sign_in(request, std::get<std::string>(name));
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
      // A player's unfinished games are the keys to playing them: theirs alone.
      if (!store_->player_secret_matches(player->name, request.player_secret)) {
        return wrong_secret(player->name, "player");
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

HttpResponse Players::sign_in(const HttpRequest& request, const std::string& name) {
  const std::optional<app::Player> known = store_->find_player(name);
  if (known && !request.player_secret.empty() &&
      store_->player_secret_matches(known->name, request.player_secret)) {
    return json_response(200, Json{{"name", known->name}});  // this browser proves it already
  }
  // A new name, or one the terminal made (no secret yet): its secret is this browser's.
  const std::string secret = random_id();
  if (store_->claim_player(name, secret)) {
    return json_response(known ? 200 : 201,
                         Json{{"name", store_->player(name).name}, {"secret", secret}});
  }
  return wrong_secret(known ? known->name : name, "name");
}

}  // namespace wg::server
