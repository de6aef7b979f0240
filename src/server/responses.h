#pragma once
/// The answers every route of the arcade gives alike (docs/API.md, "Errors"): a JSON body that
/// is never cached, an error as {"error": message, "code", "field"?} (the common ones: nothing
/// there, a method not taken, a body that is not a JSON object), and the random ids that name
/// what a client holds (sessions, watch codes, room players, tournaments).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "app/json.h"
#include "server/http_server.h"

namespace wg::server {

/// `body` as the reply, with Cache-Control: no-store (a game's state is never to be cached).
/// Strings that are not valid UTF-8 (a player's name stored before names were checked) are
/// encoded with U+FFFD in place of each invalid byte, never refused.
HttpResponse json_response(int status, const app::Json& body);
/// The same for a body already written as JSON text (json_text's, or spliced from such).
HttpResponse json_text_response(int status, std::string text);
/// JSON as the server sends it, over HTTP or a socket: text from outside that is not UTF-8 (a
/// name stored by an older wordgames, a path echoed in an error) is shown with U+FFFD in place of
/// each bad byte, so one such string never makes a whole answer or update unsendable (dump()
/// would throw).
std::string json_text(const app::Json& json);

/// A refusal: {"error": message, "code": code} and "field" when one is named.
HttpResponse error(int status, std::string_view code, const std::string& message,
                   std::string_view field = {});

/// A refusal sent over a WebSocket: {"type": "error", "code": code, "error": message}.
std::string socket_error(std::string_view code, const std::string& message);

/// A refusal that may go out over HTTP or over a session's socket.
struct Refusal {
  int status;  ///< over HTTP
  std::string_view code;
  std::string message;
  HttpResponse response() const { return error(status, code, message); }
  std::string socket_message() const { return socket_error(code, message); }
};

/// 404 "not_found": nothing at the request's method and path.
HttpResponse not_found(const HttpRequest& request);

/// What a page may load: its own script, styles and sockets, nothing from elsewhere.
inline constexpr std::string_view kPageSecurityPolicy =
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'";

/// Nothing at a path outside the API: for a browser (an Accept naming text/html), a 404 page
/// that says so and links to the arcade; for anything else, not_found's JSON.
HttpResponse missing_page(const HttpRequest& request);

/// 405 "method_not_allowed", with the Allow header naming the methods `allowed` ("GET, POST").
HttpResponse method_not_allowed(const HttpRequest& request, std::string_view allowed);

/// The refusal of a command while the session's last one still runs (409 busy).
inline constexpr std::string_view kBusyMessage =
    "the game is still working on your last command: wait for it";
/// The refusal of a command played on a copy of the game that another server of the arcade took
/// over (409 game_moved): not played; sent again, it reaches the game where it is now.
inline constexpr std::string_view kMovedMessage =
    "another server of the arcade has taken this game over: your move was not played here; "
    "send it again";
/// What a player is told of a command only the host sends (app::host_only: a room's join).
inline constexpr std::string_view kHostOnlyMessage =
    "only the arcade sends that command: join a room with POST /api/rooms/CODE/players";

/// 403 "host_only": a player sent a command only the host sends (kHostOnlyMessage).
HttpResponse host_only_refusal();

/// The request body as a JSON object, or the response refusing it (400 "bad_json", or
/// "bad_request" for JSON that is not an object). The Content-Type is not required (curl's -d
/// sends a form type): what protects players from other sites' pages is the Origin check, not
/// the type.
std::variant<app::Json, HttpResponse> json_body(const HttpRequest& request);

/// `text` (a path segment, or with `plus_is_space` a query's key or value) with its %XX escapes
/// decoded, and '+' as a space in a query ("Ann%20Lee", "Ann+Lee"); nothing when an escape is
/// not two hex digits.
std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space);

/// The digits of random_id(): 128 bits as hex.
inline constexpr std::size_t kIdHexDigits = 32;

/// 128 random bits from std::random_device as lower-case hex: not guessable from any other id.
/// `prefix` (hex digits, fewer than kIdHexDigits), when given, replaces the first digits, which
/// name where the id was made (ArcadeOptions::node). Thread-safe.
std::string random_id(std::string_view prefix = {});

}  // namespace wg::server
