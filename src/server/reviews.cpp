#include "server/reviews.h"

#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "app/registry.h"
#include "app/review.h"
#include "app/review_jobs.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

HttpResponse review_response(const app::FinishedGame& game, Seat seat,
                             const std::shared_ptr<const Lexicon>& lexicon, app::GameStore* store,
                             const app::LogLexicon& named) {
  const app::GameEntry* entry = app::find_game(game.game);
  if (entry == nullptr || !entry->review) {
    return error(404, "no_review", fmt::format("{} games have no review", game.game));
  }
  if (store != nullptr && game.id != 0) {
    try {
      if (std::optional<Json> kept = app::kept_review(*store, game.id, seat, named)) {
        return json_response(200, *kept);
      }
    } catch (const std::exception&) {
      // The store is away: the review is computed here.
    }
  }
  std::optional<app::GameReview> review;
  try {
    review = app::review_game(*entry, game, seat, lexicon);
  } catch (const std::invalid_argument& e) {  // wg::ConfigError too: a record not ours to replay
    return error(
        422, "not_replayable",
        fmt::format("this game cannot be replayed on this arcade's word list: {}", e.what()));
  } catch (const std::exception& e) {  // answered on a worker, whose thread must go on
    return error(500, "internal", fmt::format("the review failed: {}", e.what()));
  } catch (const app::ReviewStopped&) {
    return error(503, "stopped", "the review was stopped: the arcade is stopping");
  }
  return json_response(200, app::review_document(game, seat, *review));
}

}  // namespace wg::server
