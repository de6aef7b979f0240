#include "server/requests.h"

#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "server/responses.h"

namespace wg::server {

using app::Json;

/// The value of `key` in a query string "a=1&b=2" ("" if absent).
std::string query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto end = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, end);
    if (pair.size() > key.size() && pair.substr(0, key.size()) == key && pair[key.size()] == '=') {
      return std::string(pair.substr(key.size() + 1));
    }
    query.remove_prefix(std::min(end + 1, query.size()));
  }
  return "";
}

/// The path's parts between slashes: "/api/sessions/ab/commands" -> {api, sessions, ab, commands}.
std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    const auto end = std::min(path.find('/'), path.size());
    parts.push_back(path.substr(0, end));
    path.remove_prefix(end);
  }
  return parts;
}

bool reads_only(const HttpRequest& request) {
  return request.method == "GET" || request.method == "HEAD";
}

/// Accepts a WebSocket upgrade, the state as it is now going out first.
HttpResponse accept_socket(WebSocketPeer& peer, Json state, std::string_view type) {
  state["type"] = type;
  peer.send(json_text(state));
  HttpResponse accepted;
  accepted.status = 0;  // Handler::open_socket: accept
  return accepted;
}

/// The seed a new session or room asks for ("seed"), or one drawn from std::random_device when
/// it names none; or the refusal of a seed that is not one.
std::variant<std::uint64_t, HttpResponse> requested_seed(const Json& body) {
  if (!body.contains("seed")) {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }
  if (!body["seed"].is_number_unsigned()) {
    return error(400, "bad_request", "'seed' is a whole number from 0 to 2^64-1");
  }
  return body["seed"].get<std::uint64_t>();
}

/// The refusal of a config the game cannot play, naming the field.
HttpResponse config_refusal(const ConfigError& problem) {
  return error(400, "bad_config", problem.what(), problem.field());
}

HttpResponse forbidden_socket(const HttpRequest& request) {
  return error(403, "forbidden_origin",
               fmt::format("pages from {} may not watch here", request.origin));
}

HttpResponse misdirected(const HttpRequest& request) {
  return error(421, "misdirected_host",
               fmt::format("this server does not answer for the host '{}' (serve --allow-host "
                           "names the others it may)",
                           request.host));
}

Json seat_json(Seat seat) { return seat == kObserver ? Json(nullptr) : Json(seat); }

std::string client_of(const HttpRequest& request) {
  const std::string client = query_value(request.query, "client");
  if (client.empty() || client.size() > 64) return {};
  const bool valid = std::all_of(client.begin(), client.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
  return valid ? client : std::string();
}

}  // namespace wg::server
