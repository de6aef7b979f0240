#pragma once
/// The answer to a request for a review (docs/API.md, "Reviews"): GET /api/sessions/ID/review
/// (the owner's last finished game, from the live session) and GET /api/games/ID/review
/// [?player=NAME] (a game the store kept, as NAME played it). Both give the same JSON,
/// app::review_json with the game's "id" (0 for a session's game not kept), "game", "seat" and
/// "player", as `wordgames review --json` prints it. A review solves every position the player
/// met, so both run off the I/O threads.

#include <memory>

#include "app/game_session.h"
#include "app/game_store.h"
#include "core/play.h"
#include "lexicon/lexicon.h"
#include "server/http_server.h"

namespace wg::server {

/// 200 with the review of `game` as the player at `seat` played it, on `lexicon`; 404
/// "no_review" for a game without one; 422 "not_replayable" for a record this lexicon cannot
/// replay (a game played on another word list); 500 "internal" for any other failure: it never
/// throws, so that the worker that asks it goes on. A review a worker computed ahead
/// (app/review_jobs.h: kept in `store`, of a recorded game, on the lexicon `named`) is given as
/// it was kept; otherwise, or when the store cannot be read, it is computed here.
HttpResponse review_response(const app::FinishedGame& game, Seat seat,
                             const std::shared_ptr<const Lexicon>& lexicon,
                             app::GameStore* store = nullptr, const app::LogLexicon& named = {});

}  // namespace wg::server
