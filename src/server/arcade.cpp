#include "server/arcade.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/daily.h"
#include "core/play.h"
#include "server/daily.h"
#include "server/definitions.h"
#include "server/requests.h"
#include "server/responses.h"
#include "server/statistics.h"
#include "server/web_assets.h"

namespace wg::server {

using app::Json;

namespace {

/// Sessions opened at once; more wait their turn. Openings are short (a board solved, a saved
/// game of at most a request body's commands replayed): two keep both cores busy without
/// starving the I/O threads.
constexpr unsigned kOpeners = 2;

}  // namespace

Arcade::Arcade(std::shared_ptr<const Lexicon> lexicon, ArcadeOptions options, ArcadeClock clock)
    : lexicon_(std::move(lexicon)),
      options_(options),
      clock_(std::move(clock)),
      hosts_(options_.allowed_hosts, options_.any_address_host),
      players_(options_.store) {
  open_tables();
  openers_ = std::make_unique<Workers>(kOpeners);
}

void Arcade::open_tables() {
  sessions_ = std::make_unique<Sessions>(lexicon_, options_, clock_);
  rooms_ = std::make_unique<Rooms>(*sessions_, lexicon_, options_, clock_);
  const GameRoutesHost host{lexicon_, options_, *sessions_, [this] { return now_ms(); }};
  for (const GameRoutesMaker& make : options_.game_routes) game_routes_.push_back(make(host));
}

void Arcade::clear() {
  openers_->wait_idle();  // an opening's last request answered, its job may still be ending
  // In the destructor's order: the games' routes and the rooms hold the sessions.
  game_routes_.clear();
  rooms_.reset();
  sessions_.reset();  // stops the commands running and waits for them
  open_tables();
}

Arcade::~Arcade() = default;

void Arcade::listening_on(std::uint16_t port) { options_.port = port; }

bool Arcade::foreign(const HttpRequest& request) const {
  return options_.check_origin && !request.origin.empty() &&
         !hosts_.allows_origin(request.origin, request.host, options_.port);
}

bool Arcade::foreign_post(const HttpRequest& request) const {
  return !reads_only(request) && foreign(request);
}

void Arcade::handle(HttpRequest request, Respond respond) {
  // Before anything, an asset as much as a game: a page whose name was made to resolve here
  // (DNS rebinding) names its own host.
  if (!hosts_.allows_host(request.host)) {
    respond(misdirected(request));
    return;
  }
  // A session opened, or a kept game reviewed: work that may take a while, never on an I/O thread.
  if (opens_session(request) || reviews_kept_game(request)) {
    openers_->post([this, request = std::move(request), respond = std::move(respond)]() mutable {
      if (options_.before_open) options_.before_open();
      answer(request, std::move(respond));
    });
    return;
  }
  answer(request, std::move(respond));
}

void Arcade::answer(const HttpRequest& request, Respond respond) {
  HttpResponse response;
  try {
    response = route(request, respond);
  } catch (const std::exception& e) {
    response = error(500, "internal", fmt::format("the server failed: {}", e.what()));
  }
  if (respond) respond(std::move(response));  // else a worker answers
}

bool Arcade::opens_session(const HttpRequest& request) const {
  if (request.method != "POST") return false;
  const auto parts = split_path(request.path);
  if (parts.size() == 2 && parts[0] == "api" && (parts[1] == "sessions" || parts[1] == "rooms")) {
    return true;
  }
  if (parts.size() == 3 && parts[0] == "api" && parts[1] == "sessions" && parts[2] == "resume") {
    return true;
  }
  return std::any_of(game_routes_.begin(), game_routes_.end(),
                     [&](const std::unique_ptr<GameRoutes>& routes) {
                       return routes->owns(request, parts) && routes->opens_session(request);
                     });
}

bool Arcade::reviews_kept_game(const HttpRequest& request) const {
  if (request.path.find("review") == std::string::npos) return false;  // most requests
  const auto parts = split_path(request.path);
  return parts.size() == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "review";
}

const Json& Arcade::tool_document(const app::GameEntry& game, const app::GameTool& tool) {
  const std::string key = fmt::format("{}/{}", game.name, tool.name);
  {
    std::lock_guard lock(tools_mutex_);
    if (const auto found = tool_documents_.find(key); found != tool_documents_.end()) {
      return *found->second;
    }
  }
  // Computed without the lock (a best-board scoring takes a while); the first one kept wins.
  auto document = std::make_shared<const Json>(tool.document(*lexicon_));
  std::lock_guard lock(tools_mutex_);
  return *tool_documents_.emplace(key, std::move(document)).first->second;
}

HttpResponse Arcade::route(const HttpRequest& request, Respond& respond) {
  const auto parts = split_path(request.path);
  const bool get = reads_only(request);
  if (parts.empty() || parts[0] != "api") {
    // Only an origin-form path names an asset: "xindex.html" or "*" names none.
    const WebAsset* asset = !request.path.starts_with('/') ? nullptr
                            : parts.empty()
                                ? find_web_asset("index.html")
                                : find_web_asset(std::string_view(request.path).substr(1));
    if (asset == nullptr) return missing_page(request);
    if (!get) return method_not_allowed(request, "GET");
    HttpResponse response;
    response.content_type = std::string(asset->content_type);
    // Asked again on every visit (no-cache), answered 304 while the bytes are the same.
    response.headers.emplace_back("Cache-Control", "no-cache");
    response.headers.emplace_back("ETag", asset->etag);
    response.headers.emplace_back("Vary", "Accept-Encoding");
    if (matches_etag(request.if_none_match, asset->etag)) {
      response.status = 304;
      response.content_type.clear();
    } else if (!asset->gzipped.empty() && accepts_gzip(request.accept_encoding)) {
      response.body = std::string(asset->gzipped);
      response.headers.emplace_back("Content-Encoding", "gzip");
    } else {
      response.body = std::string(asset->bytes);
    }
    response.headers.emplace_back("Content-Security-Policy", std::string(kPageSecurityPolicy));
    return response;
  }
  if (foreign_post(request)) {
    return error(403, "forbidden_origin",
                 fmt::format("requests from {} may not play here", request.origin));
  }
  if (parts.size() == 2 && parts[1] == "games") {
    if (!get) return method_not_allowed(request, "GET");
    Json list = Json::array();
    for (const app::GameEntry& game : app::games()) {
      list.push_back({{"id", game.id},
                      {"name", game.name},
                      {"title", game.title},
                      {"summary", game.summary},
                      {"config_schema", game.config_schema()}});
    }
    // The word list every game here plays on: its lengths with words, so that a page offers
    // only lengths that can be played (evil hangman's) without parsing a refusal.
    Json lengths = Json::array();
    const std::vector<std::size_t>& counts = lexicon_->count_by_length();
    for (std::size_t length = 1; length < counts.size(); ++length) {
      if (counts[length] > 0) lengths.push_back({{"length", length}, {"words", counts[length]}});
    }
    return json_response(
        200, Json{{"games", std::move(list)},
                  {"lexicon", {{"words", lexicon_->size()}, {"lengths", std::move(lengths)}}}});
  }
  if (parts.size() == 3) {
    if (const app::GameEntry* game = app::find_game(parts[1]); game != nullptr) {
      for (const app::GameTool& tool : game->tools) {
        if (tool.name != parts[2]) continue;
        if (!get) return method_not_allowed(request, "GET");
        return json_response(200, tool_document(*game, tool));
      }
    }
  }
  if (parts.size() == 2 && parts[1] == "daily") {
    return daily_puzzles(request, app::utc_day(clock_.system_now()), clock_.unix_ms(), options_,
                         *lexicon_);
  }
  if (parts.size() == 2 && parts[1] == "health") {
    return json_response(200, Json{{"ok", true}, {"sessions", sessions_->count()}});
  }
  if (owns_definition(parts)) return definition_route(request, parts);
  if (Statistics::owns(parts)) {
    return Statistics(options_.store, lexicon_, options_.lexicon_source).route(request, parts);
  }
  if (Rooms::owns(parts)) return rooms_->route(request, parts);
  if (parts.size() >= 2 && parts[1] == "players") {
    return players_.route(request, {parts.begin() + 2, parts.end()});
  }
  if (Sessions::owns(parts)) return sessions_->route(request, parts, respond);
  if (GameRoutes* routes = routes_of(request, parts)) return routes->route(request, parts, respond);
  return not_found(request);
}

GameRoutes* Arcade::routes_of(const HttpRequest& request,
                              const std::vector<std::string_view>& parts) {
  for (const std::unique_ptr<GameRoutes>& routes : game_routes_) {
    if (routes->owns(request, parts)) return routes.get();
  }
  return nullptr;
}

bool Arcade::takes_upload(std::string_view path) const {
  return std::any_of(
      game_routes_.begin(), game_routes_.end(),
      [&](const std::unique_ptr<GameRoutes>& routes) { return routes->takes_upload(path); });
}

HttpResponse Arcade::open_socket(const HttpRequest& request, std::shared_ptr<WebSocketPeer> peer) {
  if (!hosts_.allows_host(request.host)) return misdirected(request);
  const auto parts = split_path(request.path);
  const bool live = parts.size() >= 4 && parts.back() == "live";
  if (!live) return not_found(request);
  if (GameRoutes* routes = routes_of(request, parts)) {
    if (foreign(request)) return forbidden_socket(request);
    return routes->open_socket(request, parts, std::move(peer));
  }
  if (parts.size() != 4) return not_found(request);
  if (Rooms::owns(parts)) {
    if (foreign(request)) return forbidden_socket(request);
    return rooms_->open_socket(request, parts, std::move(peer));
  }
  if (Sessions::owns(parts)) {
    if (foreign(request)) return forbidden_socket(request);
    return sessions_->open_socket(request, parts, std::move(peer));
  }
  return not_found(request);
}

void Arcade::socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text) {
  sessions_->socket_message(peer, text);
}

void Arcade::socket_closed(const std::shared_ptr<WebSocketPeer>& peer) {
  for (const std::unique_ptr<GameRoutes>& routes : game_routes_) routes->socket_closed(peer);
  sessions_->socket_closed(peer);
}

void Arcade::stopping() {
  for (const std::unique_ptr<GameRoutes>& routes : game_routes_) routes->stopping();
}

std::size_t Arcade::expire_idle() {
  const std::size_t expired = sessions_->expire_idle();
  rooms_->expire_idle();
  return expired;
}

std::size_t Arcade::session_count() const { return sessions_->count(); }

std::size_t Arcade::room_count() const { return rooms_->count(); }

// From the clock, not the sessions: the tournaments ask it while they stop, after the sessions
// are gone.
std::int64_t Arcade::now_ms() const { return clock_.unix_ms(); }

}  // namespace wg::server
