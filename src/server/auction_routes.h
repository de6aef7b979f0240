#pragma once
/// The Letter Auction's own routes in the arcade (docs/API.md): its tournaments between bots
/// (/api/auction/tournaments, server/auction_tournaments.h) and the replay of an uploaded log
/// (kReplayPath, server/auction_replay.h).

#include "server/auction_tournaments.h"
#include "server/game_routes.h"

namespace wg::server {

/// The auction's routes. The tournaments' caps and hooks are `options`'; the external bots they
/// may run, the store and the clock are the arcade's (ArcadeOptions::allowed_bots, bots, store).
GameRoutesMaker auction_routes(TournamentOptions options = {});

}  // namespace wg::server
