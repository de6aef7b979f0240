#pragma once
/// Reading what a request asks, the same way for every part of the arcade: its path's parts,
/// its query, where it comes from, the seed it names.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/json.h"
#include "core/play.h"
#include "server/http_server.h"

namespace wg::server {

/// The path's parts between slashes: "/api/sessions/ab/commands" -> {api, sessions, ab, commands}.
std::vector<std::string_view> split_path(std::string_view path);

/// The value of `key` in a query string "a=1&b=2" ("" if absent).
std::string query_value(std::string_view query, std::string_view key);

/// True for GET and HEAD: the requests that change and cost nothing a page may not see.
bool reads_only(const HttpRequest& request);

/// 403 forbidden_origin for a WebSocket from another site's page.
HttpResponse forbidden_socket(const HttpRequest& request);

/// 421 misdirected_host for a request whose Host this server does not answer for.
HttpResponse misdirected(const HttpRequest& request);

/// Accepts a WebSocket upgrade, the state as it is now going out first, as a message of `type`.
HttpResponse accept_socket(WebSocketPeer& peer, app::Json state, std::string_view type);

/// The seed a new session or room asks for ("seed"), or one drawn from std::random_device when
/// it names none; or the refusal of a seed that is not one.
std::variant<std::uint64_t, HttpResponse> requested_seed(const app::Json& body);

/// The refusal of a config the game cannot play, naming the field.
HttpResponse config_refusal(const ConfigError& problem);

/// The page a request comes from, as it names itself in the query (`client=C`, 1 to 64 letters,
/// digits, '-' or '_'): "" for none or for what is not one.
std::string client_of(const HttpRequest& request);

/// A seat as JSON: its number, or null for a spectator.
app::Json seat_json(Seat seat);

}  // namespace wg::server
