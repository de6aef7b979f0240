#pragma once
/// The reviews of finished games computed ahead by workers (app/job_queue.h, `wordgames
/// worker`): a host that runs its long computations on workers queues, as each game is recorded,
/// the review of each of its people's seats ("game_review", input {"game": the record's id,
/// "seat", "lexicon"}); a worker computes it (app/review.h, review_game) and keeps it as the
/// job's result, the review_document a front end gives. A front end then answers a request for
/// that review from the store (kept_review), and computes it itself only when no worker has yet.
///
/// A review depends only on the record, the seat and the lexicon, so a job taken again (its
/// worker was killed) computes the same review.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/json.h"
#include "core/play.h"

namespace wg::app {

/// The job kinds ("game_review"), as registered_job_kinds gives them to every worker.
std::vector<JobKind> review_job_kinds();

/// The group of the reviews of the recorded game `game_id`: "review.ID".
std::string review_group(std::int64_t game_id);

/// Queues, at `now_ms`, the review of `game` (recorded: its id set) as the person at `seat`
/// played it, its recorder (each member of a room records the round as their own), when its
/// game has reviews (GameEntry::review), to be computed on `lexicon` (the one it was played on);
/// returns whether it was: not for a game without reviews, unrecorded, or a bot's seat.
/// Throws StoreError when the store cannot keep it.
bool queue_review(GameStore& store, const FinishedGame& game, Seat seat, const LogLexicon& lexicon,
                  std::int64_t now_ms);

/// The review a worker computed of the recorded game `game_id` as the player at `seat` played
/// it, on `lexicon` (review_document); nullopt when none has been computed (not queued, not
/// done yet, failed, or for another lexicon).
std::optional<Json> kept_review(GameStore& store, std::int64_t game_id, Seat seat,
                                const LogLexicon& lexicon);

}  // namespace wg::app
