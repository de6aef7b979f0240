#pragma once
/// Position hangman's own routes in the arcade (docs/API.md): its dictionaries
/// (/api/hangman/dictionaries, server/hangman_dictionaries.h).

#include "server/game_routes.h"
#include "server/hangman_dictionaries.h"

namespace wg::server {

/// Position hangman's routes, with `options`' limits and Open Library; the arcade's
/// ArcadeOptions::offline turns the fetching off whatever `options` say.
GameRoutesMaker hangman_routes(DictionaryOptions options = {});

}  // namespace wg::server
