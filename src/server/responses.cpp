#include "server/responses.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <system_error>

#include <fmt/format.h>

namespace wg::server {

std::string json_text(const app::Json& json) {
  return json.dump(-1, ' ', false, app::Json::error_handler_t::replace);
}

HttpResponse json_response(int status, const app::Json& body) {
  return json_text_response(status, json_text(body));
}

HttpResponse json_text_response(int status, std::string text) {
  HttpResponse response;
  response.status = status;
  response.body = std::move(text);
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

HttpResponse error(int status, std::string_view code, const std::string& message,
                   std::string_view field) {
  app::Json body{{"error", message}, {"code", code}};
  if (!field.empty()) body["field"] = field;
  return json_response(status, body);
}

std::string socket_error(std::string_view code, const std::string& message) {
  return app::Json{{"type", "error"}, {"code", code}, {"error", message}}.dump();
}

HttpResponse host_only_refusal() { return error(403, "host_only", std::string(kHostOnlyMessage)); }

HttpResponse not_found(const HttpRequest& request) {
  return error(404, "not_found", fmt::format("nothing at {} {}", request.method, request.path));
}

namespace {

/// `text` safe inside an HTML element or a quoted attribute; a byte outside printable ASCII (a
/// path is not percent-decoded, so it has none but a client's mistake) shows as '?'.
std::string html_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c < 0x20 || c > 0x7e) {
      out += '?';
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

HttpResponse missing_page(const HttpRequest& request) {
  if (request.accept.find("text/html") == std::string::npos) return not_found(request);
  HttpResponse response;
  response.status = 404;
  response.content_type = "text/html; charset=utf-8";
  response.body = fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
      "  <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "  <meta name=\"color-scheme\" content=\"light dark\">\n"
      "  <title>Not found · wordgames</title>\n"
      "  <link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\">\n"
      "  <link rel=\"stylesheet\" href=\"/assets/app.css\">\n</head>\n<body>\n"
      "  <main id=\"main\">\n    <h1>Nothing here</h1>\n"
      "    <p>There is no page at <code>{}</code>.</p>\n"
      "    <p><a href=\"/\">Go to the arcade</a></p>\n  </main>\n</body>\n</html>\n",
      html_text(request.path));
  response.headers.emplace_back("Content-Security-Policy", std::string(kPageSecurityPolicy));
  return response;
}

HttpResponse method_not_allowed(const HttpRequest& request, std::string_view allowed) {
  HttpResponse response =
      error(405, "method_not_allowed", fmt::format("{} takes {}", request.path, allowed));
  response.headers.emplace_back("Allow", std::string(allowed));
  return response;
}

std::variant<app::Json, HttpResponse> json_body(const HttpRequest& request) {
  std::variant<app::Json, std::string> body = app::parse_json(request.body);
  if (const std::string* problem = std::get_if<std::string>(&body)) {
    return error(400, "bad_json", fmt::format("the body is {}", *problem));
  }
  if (!std::get<app::Json>(body).is_object()) {
    return error(400, "bad_request", "the body is a JSON object");
  }
  return std::move(std::get<app::Json>(body));
}

std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space) {
  std::string decoded;
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' && plus_is_space) {
      decoded += ' ';
    } else if (c != '%') {
      decoded += c;
    } else {
      unsigned value = 0;
      if (i + 2 >= text.size()) return std::nullopt;
      const auto [end, problem] =
          std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
      if (problem != std::errc() || end != text.data() + i + 3) return std::nullopt;
      decoded += static_cast<char>(value);
      i += 2;
    }
  }
  return decoded;
}

std::string random_id(std::string_view prefix) {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  std::string id;
  for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", static_cast<std::uint32_t>(device()));
  id.replace(0, std::min(prefix.size(), id.size() - 1), prefix.substr(0, id.size() - 1));
  return id;
}

}  // namespace wg::server
