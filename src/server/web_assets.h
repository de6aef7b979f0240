#pragma once
/// The web arcade's page, script and styles, embedded in the binary at build time (web/, bundled
/// by esbuild, see src/server/CMakeLists.txt): the server needs no files beside it. Chart.js is
/// a script of its own (assets/chart.js), which only the statistics page fetches. The scripts
/// and styles are embedded gzipped too, for the browsers that accept it, and each asset has a
/// validator, so that a visit asks again and gets "304 Not Modified" rather than the bytes.

#include <string>
#include <string_view>

namespace wg::server {

struct WebAsset {
  std::string_view path;          ///< as requested, without the leading '/': "assets/app.js"
  std::string_view content_type;  ///< "text/javascript; charset=utf-8"
  std::string_view bytes;
  std::string_view gzipped;  ///< the bytes gzipped; empty when not worth it (a small file)
  std::string etag;          ///< a strong validator of the bytes: "\"<16 hex digits>\""
};

/// The asset at `path` ("index.html", "assets/app.js", ...); nullptr if there is none.
const WebAsset* find_web_asset(std::string_view path);

/// Whether an Accept-Encoding header value accepts gzip (a "gzip" or "*" coding whose q is not
/// 0), as RFC 9110 reads it.
bool accepts_gzip(std::string_view accept_encoding);

/// Whether an If-None-Match header value names `etag` (or is "*"), weak or strong.
bool matches_etag(std::string_view if_none_match, std::string_view etag);

}  // namespace wg::server
