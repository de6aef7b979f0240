#include "server/web_assets.h"

#include <array>
#include <cstdint>

#include <fmt/format.h>

#include "core/text.h"

// The embedded files (wg_embed in cmake/WgEmbed.cmake).
#define WG_WEB_FILE(symbol)                   \
  extern "C" const char wg_##symbol##_data[]; \
  extern "C" const std::uint64_t wg_##symbol##_size;
WG_WEB_FILE(web_index)
WG_WEB_FILE(web_app_js)
WG_WEB_FILE(web_app_js_gz)
WG_WEB_FILE(web_app_css)
WG_WEB_FILE(web_app_css_gz)
WG_WEB_FILE(web_icon)
WG_WEB_FILE(web_font_400)
WG_WEB_FILE(web_font_600)
WG_WEB_FILE(web_font_700)
#undef WG_WEB_FILE

namespace wg::server {

namespace {

std::string_view bytes_of(const char* data, std::uint64_t size) { return {data, size}; }

/// FNV-1a, 64 bits: a validator needs to change with the bytes, not to resist forgery.
std::string etag_of(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  return fmt::format("\"{:016x}\"", hash);
}

WebAsset asset(std::string_view path, std::string_view type, std::string_view bytes,
               std::string_view gzipped = {}) {
  return {path, type, bytes, gzipped, etag_of(bytes)};
}

/// The comma-separated items of a header value, trimmed.
template <typename Visit>
void for_each_item(std::string_view value, Visit visit) {
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    const std::string_view item = trim(value.substr(0, comma));
    if (!item.empty()) visit(item);
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
}

}  // namespace

const WebAsset* find_web_asset(std::string_view path) {
  static const std::array<WebAsset, 4> assets = {{
      asset("index.html", "text/html; charset=utf-8",
            bytes_of(wg_web_index_data, wg_web_index_size)),
      asset("assets/app.js", "text/javascript; charset=utf-8",
            bytes_of(wg_web_app_js_data, wg_web_app_js_size),
            bytes_of(wg_web_app_js_gz_data, wg_web_app_js_gz_size)),
      asset("assets/app.css", "text/css; charset=utf-8",
            bytes_of(wg_web_app_css_data, wg_web_app_css_size),
            bytes_of(wg_web_app_css_gz_data, wg_web_app_css_gz_size)),
      asset("assets/icon.svg", "image/svg+xml", bytes_of(wg_web_icon_data, wg_web_icon_size)),
  }};
  for (const WebAsset& each : assets) {
    if (each.path == path) return &each;
  }
  // The typeface, already compressed (WOFF2): never gzipped. A build without the tools to make
  // it leaves the files empty, and an empty one is no asset.
  static const std::array<WebAsset, 3> fonts = {{
      asset("assets/inter-400.woff2", "font/woff2",
            bytes_of(wg_web_font_400_data, wg_web_font_400_size)),
      asset("assets/inter-600.woff2", "font/woff2",
            bytes_of(wg_web_font_600_data, wg_web_font_600_size)),
      asset("assets/inter-700.woff2", "font/woff2",
            bytes_of(wg_web_font_700_data, wg_web_font_700_size)),
  }};
  for (const WebAsset& each : fonts) {
    if (each.path == path && !each.bytes.empty()) return &each;
  }
  return nullptr;
}

bool accepts_gzip(std::string_view accept_encoding) {
  bool accepted = false;
  for_each_item(accept_encoding, [&](std::string_view item) {
    const std::size_t semicolon = item.find(';');
    const std::string coding = lower_ascii(trim(item.substr(0, semicolon)));
    if (coding != "gzip" && coding != "x-gzip" && coding != "*") return;
    bool refused = false;
    if (semicolon != std::string_view::npos) {
      // "q=0", "q=0.0", "q=0.000": refused; any other weight accepts.
      const std::string parameter = lower_ascii(trim(item.substr(semicolon + 1)));
      if (parameter.starts_with("q=")) {
        const std::string_view weight = std::string_view(parameter).substr(2);
        refused = !weight.empty() && weight.find_first_not_of("0.") == std::string_view::npos;
      }
    }
    if (!refused) accepted = true;
  });
  return accepted;
}

bool matches_etag(std::string_view if_none_match, std::string_view etag) {
  bool matched = false;
  for_each_item(if_none_match, [&](std::string_view item) {
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (item == "*" || item == etag) matched = true;
  });
  return matched;
}

}  // namespace wg::server
