#include "server/statistics.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "app/json.h"
#include "app/registry.h"
#include "app/store.h"
#include "core/text.h"
#include "server/responses.h"
#include "server/reviews.h"

namespace wg::server {

using app::Json;

namespace {

/// A history page's games: 20 unless asked, at most 100.
constexpr std::size_t kDefaultPage = 20;
constexpr std::size_t kMaxPage = 100;
/// A leaderboard's players: 10 unless asked, at most 100.
constexpr std::size_t kDefaultBoard = 10;
constexpr std::size_t kMaxBoard = 100;

/// A refusal carried out of the parsing below to the route's answer.
struct Refused {
  HttpResponse response;
};

/// The query's values by key, decoded; a Refused for a malformed escape or an unknown key.
std::map<std::string, std::string> query_of(const HttpRequest& request,
                                            std::initializer_list<std::string_view> keys) {
  std::map<std::string, std::string> values;
  std::string_view query = request.query;
  while (!query.empty()) {
    const std::size_t end = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, end);
    query.remove_prefix(std::min(end + 1, query.size()));
    if (pair.empty()) continue;
    const std::size_t equals = std::min(pair.find('='), pair.size());
    const std::optional<std::string> key = percent_decoded(pair.substr(0, equals), true);
    const std::optional<std::string> value =
        percent_decoded(pair.substr(std::min(equals + 1, pair.size())), true);
    if (!key || !value) {
      throw Refused{error(400, "bad_request", "the query has a malformed %-escape")};
    }
    if (!is_valid_utf8(*key) || !is_valid_utf8(*value)) {
      throw Refused{error(400, "bad_request", "the query is not UTF-8 once %-decoded")};
    }
    if (std::find(keys.begin(), keys.end(), *key) == keys.end()) {
      throw Refused{error(400, "bad_request", fmt::format("'{}' is not asked here", *key), *key)};
    }
    values[*key] = *value;
  }
  return values;
}

/// The registry's name of the game named `name` (its name or id), else a Refused listing them.
std::string game_of(const std::string& name) {
  if (const app::GameEntry* entry = app::find_game(name)) return std::string(entry->name);
  std::string names;
  for (const app::GameEntry& game : app::games()) {
    if (!names.empty()) names += ", ";
    names += game.name;
  }
  throw Refused{error(400, "unknown_game",
                      fmt::format("unknown game '{}': the games are {}", name, names), "game")};
}

/// The whole number `values[key]` from `low` to `high`, `otherwise` when absent, else a
/// Refused.
std::size_t number_of(const std::map<std::string, std::string>& values, const std::string& key,
                      std::size_t low, std::size_t high, std::size_t otherwise) {
  const auto found = values.find(key);
  if (found == values.end()) return otherwise;
  const std::string& text = found->second;
  std::uint64_t number = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || problem != std::errc() || end != text.data() + text.size() || number < low ||
      number > high) {
    throw Refused{error(400, "bad_request",
                        fmt::format("'{}' is a whole number from {} to {}", key, low, high), key)};
  }
  return static_cast<std::size_t>(number);
}

/// The player named `name` as the store spells it, else a Refused (400 for a name that cannot
/// be one, 404 for a player who never played here).
std::string player_of(app::GameStore& store, const std::string& name) {
  if (!valid_player_name(name)) {
    throw Refused{error(400, "bad_player", std::string(kPlayerNameRule), "player")};
  }
  const std::optional<app::Player> found = store.find_player(name);
  if (!found) {
    throw Refused{error(404, "unknown_player",
                        fmt::format("'{}' has not finished a game here yet", name), "player")};
  }
  return found->name;
}

}  // namespace

bool Statistics::owns(const std::vector<std::string_view>& parts) {
  if (parts.size() < 2 || parts[0] != "api") return false;
  if (parts.size() == 2) {
    return parts[1] == "stats" || parts[1] == "leaderboard" || parts[1] == "tournaments";
  }
  if (parts.size() == 3) return parts[1] == "tournaments";
  return parts.size() == 4 &&
         ((parts[1] == "players" && parts[3] == "history") ||
          (parts[1] == "games" && (parts[3] == "log" || parts[3] == "review")));
}

HttpResponse Statistics::route(const HttpRequest& request,
                               const std::vector<std::string_view>& parts) {
  if (request.method != "GET" && request.method != "HEAD") {
    HttpResponse response =
        error(405, "method_not_allowed", fmt::format("{} takes GET only", request.path));
    response.headers.emplace_back("Allow", "GET");
    return response;
  }
  if (store_ == nullptr) {
    return error(503, "not_kept",
                 "this server keeps nothing: it was started without a store, so there are no "
                 "statistics, leaderboards or histories here");
  }
  try {
    if (parts[1] == "stats") return stats(request);
    if (parts[1] == "leaderboard") return leaderboard(request);
    if (parts[1] == "tournaments") {
      return parts.size() == 2 ? tournaments(request) : tournament(request, parts[2]);
    }
    if (parts[1] == "games") {
      return parts[3] == "log" ? game_log(request, parts[2]) : game_review(request, parts[2]);
    }
    return history(request, parts[2]);
  } catch (const Refused& refused) {
    return refused.response;
  } catch (const app::StoreError& e) {
    return error(503, "store_failed", fmt::format("the statistics cannot be read: {}", e.what()));
  }
}

HttpResponse Statistics::stats(const HttpRequest& request) {
  const auto query = query_of(request, {"player", "game"});
  const auto name = query.find("player");
  if (name == query.end()) {
    return error(400, "bad_request", "whose statistics? ?player=NAME", "player");
  }
  const std::string player = player_of(*store_, name->second);
  Json games = Json::array();
  if (const auto game = query.find("game"); game != query.end()) {
    const app::GameStatistics s = store_->game_statistics(player, game_of(game->second));
    if (s.totals.games != 0) games.push_back(app::statistics_json(s));
  } else {
    for (const app::PlayerStatistics& s : store_->statistics(player)) {
      games.push_back(app::statistics_json(store_->game_statistics(player, s.game)));
    }
  }
  return json_response(200, Json{{"player", player}, {"games", std::move(games)}});
}

HttpResponse Statistics::leaderboard(const HttpRequest& request) {
  const auto query = query_of(request, {"game", "limit"});
  const std::size_t limit = number_of(query, "limit", 1, kMaxBoard, kDefaultBoard);
  std::vector<std::string> games;
  if (const auto game = query.find("game"); game != query.end()) {
    games.push_back(game_of(game->second));
  } else {
    for (const app::GameEntry& entry : app::games()) games.emplace_back(entry.name);
  }
  Json boards = Json::array();
  for (const std::string& game : games) {
    boards.push_back(app::leaderboards_json(game, store_->leaderboard(game, limit),
                                            store_->bot_leaderboard(game, limit)));
  }
  return json_response(200, Json{{"leaderboards", std::move(boards)}});
}

HttpResponse Statistics::history(const HttpRequest& request, std::string_view encoded_player) {
  const std::optional<std::string> name = percent_decoded(encoded_player, false);
  if (!name) return error(400, "bad_request", "the player's name has a malformed %-escape");
  if (!is_valid_utf8(*name)) {
    return error(400, "bad_player", "the player's name is not UTF-8 once %-decoded", "player");
  }
  const auto query = query_of(request, {"game", "limit", "offset"});
  const std::size_t limit = number_of(query, "limit", 1, kMaxPage, kDefaultPage);
  const std::size_t offset = number_of(query, "offset", 0, 1'000'000'000, 0);
  const std::string player = player_of(*store_, *name);
  std::optional<std::string> game;
  if (const auto found = query.find("game"); found != query.end()) game = game_of(found->second);
  // One more than the page: whether there is a next one.
  std::vector<app::GameSummary> summaries = store_->finished_games(
      player, game ? std::optional<std::string_view>(*game) : std::nullopt, limit + 1, offset);
  const bool more = summaries.size() > limit;
  if (more) summaries.pop_back();
  Json games = Json::array();
  for (const app::GameSummary& summary : summaries) {
    games.push_back(app::game_summary_json(summary, player));
  }
  return json_response(200, Json{{"player", player},
                                 {"offset", offset},
                                 {"limit", limit},
                                 {"next_offset", more ? Json(offset + limit) : Json(nullptr)},
                                 {"games", std::move(games)}});
}

namespace {

/// A kept tournament as the routes give it: {"id", "game", "started_ms", "ended_ms", "status",
/// "config", "table"}, and "game_ids" for one.
Json tournament_json(const app::TournamentRecord& t, bool with_games) {
  Json json = {{"id", t.id},
               {"game", t.game},
               {"started_ms", t.started_ms},
               {"ended_ms", t.ended_ms},
               {"status", t.status},
               {"config", t.config},
               {"table", t.table}};
  if (with_games) json["game_ids"] = t.game_ids;
  return json;
}

/// The id in a path: a whole number from 1, else nothing.
std::optional<std::int64_t> id_of(std::string_view text) {
  std::int64_t id = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || problem != std::errc() || end != text.data() + text.size() || id < 1) {
    return std::nullopt;
  }
  return id;
}

}  // namespace

HttpResponse Statistics::tournaments(const HttpRequest& request) {
  const auto query = query_of(request, {"limit"});
  const std::size_t limit = number_of(query, "limit", 1, kMaxPage, kDefaultPage);
  Json list = Json::array();
  for (const app::TournamentRecord& t : store_->tournaments(limit)) {
    list.push_back(tournament_json(t, false));
  }
  return json_response(200, Json{{"tournaments", std::move(list)}});
}

HttpResponse Statistics::tournament(const HttpRequest& request, std::string_view id) {
  query_of(request, {});
  const std::optional<std::int64_t> number = id_of(id);
  const auto unknown = [] {
    return error(404, "unknown_tournament", "no tournament of that id is kept here");
  };
  if (!number) return unknown();
  try {
    return json_response(200, tournament_json(store_->tournament(*number), true));
  } catch (const app::StoreError& e) {
    if (std::string_view(e.what()).starts_with("no tournament")) return unknown();
    throw;  // the store failed: route() says so
  }
}

HttpResponse Statistics::game_log(const HttpRequest& request, std::string_view id) {
  query_of(request, {});
  const std::optional<std::int64_t> number = id_of(id);
  const std::optional<std::string> log = number ? store_->game_log(*number) : std::nullopt;
  if (!log) {
    return error(404, "no_log",
                 "no game of that id is kept here with a log (auction games keep one)");
  }
  HttpResponse response;
  response.content_type = "text/plain; charset=utf-8";  // JSON Lines, as `auction --log` writes
  response.body = *log;
  return response;
}

HttpResponse Statistics::game_review(const HttpRequest& request, std::string_view id) {
  const auto query = query_of(request, {"player"});
  const std::optional<std::int64_t> number = id_of(id);
  std::optional<app::FinishedGame> game;
  if (number) {
    try {
      game = store_->finished_game(*number);
    } catch (const app::StoreError&) {
      game.reset();  // no game of that id
    }
  }
  if (!game) return error(404, "no_game", "no game of that id is kept here");
  std::optional<Seat> seat;
  if (const auto name = query.find("player"); name != query.end()) {
    seat = app::seat_of(*game, name->second);
    if (!seat) {
      return error(404, "not_a_player",
                   fmt::format("'{}' did not play game {}", name->second, *number), "player");
    }
  }
  for (std::size_t s = 0; !seat && s < game->players.size(); ++s) {
    if (game->players[s].bot.empty()) seat = static_cast<Seat>(s);
  }
  return review_response(*game, seat.value_or(0), lexicon_, store_.get(),
                         {lexicon_source_, lexicon_->size()});
}

}  // namespace wg::server
