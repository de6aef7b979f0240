#pragma once
/// The web arcade's page, script and styles, embedded in the binary at build time (web/, bundled
/// by esbuild, see src/server/CMakeLists.txt): the server needs no files beside it.

#include <string_view>

namespace wg::server {

struct WebAsset {
  std::string_view path;          ///< as requested, without the leading '/': "assets/app.js"
  std::string_view content_type;  ///< "text/javascript; charset=utf-8"
  std::string_view bytes;
};

/// The asset at `path` ("index.html", "assets/app.js", ...); nullptr if there is none.
const WebAsset* find_web_asset(std::string_view path);

}  // namespace wg::server
