#pragma once
/// The answers every route of the arcade gives alike (docs/API.md, "Errors"): a JSON body that
/// is never cached, an error as {"error": message, "code", "field"?}, and the random ids that
/// name what a client holds (sessions, watch codes, room players, tournaments).

#include <cstddef>
#include <string>
#include <string_view>

#include "app/json.h"
#include "server/http_server.h"

namespace wg::server {

/// `body` as the reply, with Cache-Control: no-store (a game's state is never to be cached).
HttpResponse json_response(int status, const app::Json& body);

/// A refusal: {"error": message, "code": code} and "field" when one is named.
HttpResponse error(int status, std::string_view code, const std::string& message,
                   std::string_view field = {});

/// The digits of random_id(): 128 bits as hex.
inline constexpr std::size_t kIdHexDigits = 32;

/// 128 random bits from std::random_device as lower-case hex: not guessable from any other id.
/// Thread-safe.
std::string random_id();

}  // namespace wg::server
