#pragma once
/// GET /api/definitions/WORD (docs/API.md, "Definitions"): what a word means, as WordNet 3.0
/// says it (app/definitions.h), for a page to show at the end of a game. The JSON is
/// app::definition_json's, as `wordgames define --json` prints it.
///
/// A word with no entry is an answer, not an error: 200 with "found": false and no senses. A
/// WORD that is not 1 to 40 letters is 400 "bad_word"; a server without WordNet answers 503
/// "not_installed" saying definitions are not installed. The Arcade routes the paths owns()
/// names here.

#include <string_view>
#include <vector>

#include "server/http_server.h"

namespace wg::server {

/// Whether the path (split at '/', from "api") is /api/definitions/WORD.
bool owns_definition(const std::vector<std::string_view>& parts);

/// Answers a request to such a path.
HttpResponse definition_route(const HttpRequest& request,
                              const std::vector<std::string_view>& parts);

}  // namespace wg::server
