#include "server/web_assets.h"

#include <array>
#include <cstdint>

// The embedded files (wg_embed in cmake/WgEmbed.cmake).
#define WG_WEB_FILE(symbol)                   \
  extern "C" const char wg_##symbol##_data[]; \
  extern "C" const std::uint64_t wg_##symbol##_size;
WG_WEB_FILE(web_index)
WG_WEB_FILE(web_app_js)
WG_WEB_FILE(web_app_css)
WG_WEB_FILE(web_icon)
#undef WG_WEB_FILE

namespace wg::server {

namespace {

std::string_view bytes_of(const char* data, std::uint64_t size) { return {data, size}; }

}  // namespace

const WebAsset* find_web_asset(std::string_view path) {
  static const std::array<WebAsset, 4> assets = {{
      {"index.html", "text/html; charset=utf-8", bytes_of(wg_web_index_data, wg_web_index_size)},
      {"assets/app.js", "text/javascript; charset=utf-8",
       bytes_of(wg_web_app_js_data, wg_web_app_js_size)},
      {"assets/app.css", "text/css; charset=utf-8",
       bytes_of(wg_web_app_css_data, wg_web_app_css_size)},
      {"assets/icon.svg", "image/svg+xml", bytes_of(wg_web_icon_data, wg_web_icon_size)},
  }};
  for (const WebAsset& asset : assets) {
    if (asset.path == path) return &asset;
  }
  return nullptr;
}

}  // namespace wg::server
