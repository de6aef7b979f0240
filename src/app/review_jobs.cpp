#include "app/review_jobs.h"

#include <atomic>
#include <memory>
#include <stdexcept>
#include <stop_token>
#include <utility>

#include <fmt/format.h>

#include "app/job_units.h"
#include "app/registry.h"
#include "app/review.h"

namespace wg::app {

namespace {

constexpr std::string_view kReviewKind = "game_review";

Json run_review(const Job& job, JobContext& context) {
  const Json& input = job.input;
  const auto id_field = input.find("game");
  const auto seat_field = input.find("seat");
  if (id_field == input.end() || !id_field->is_number_integer() || seat_field == input.end() ||
      !seat_field->is_number_integer()) {
    throw std::invalid_argument(
        fmt::format("job {}: a review's input is {{\"game\": id, \"seat\": seat}}", job.id));
  }
  const auto id = id_field->get<std::int64_t>();
  const auto seat_number = seat_field->get<std::int64_t>();
  check_job_lexicon(input, context.log_lexicon(), fmt::format("the review of game {}", id));
  FinishedGame game;
  try {
    game = context.store().finished_game(id);
  } catch (const StoreError& problem) {
    // A store that answers another question has no such game: the job fails. One that does not
    // answer throws StoreError again, and the job is taken again once the store is back.
    context.store().jobs_to_do();
    throw std::invalid_argument(fmt::format("game {} cannot be read: {}", id, problem.what()));
  }
  const GameEntry* entry = find_game(game.game);
  if (entry == nullptr || !entry->review) {
    throw std::invalid_argument(fmt::format("game {} ({}) has no review", id, game.game));
  }
  if (seat_number < 0 || static_cast<std::uint64_t>(seat_number) >= game.players.size()) {
    throw std::invalid_argument(fmt::format("game {} has no seat {}", id, seat_number));
  }
  const auto seat = static_cast<Seat>(seat_number);
  // The review runs on a thread of its own while this one renews the lease, however long a step
  // of the review takes; a lost job stops it.
  std::atomic<double> done{0};
  std::stop_source stop;
  Work work;
  work.stop = stop.get_token();
  work.progress = [&done](double fraction) { done.store(fraction, std::memory_order_relaxed); };
  // The worker's lexicon outlives each of its jobs: the review borrows it, owning nothing.
  const std::shared_ptr<const Lexicon> lexicon(std::shared_ptr<const Lexicon>(),
                                               &context.lexicon());
  const Json result = run_reporting(
      context,
      [&] {
        const std::optional<GameReview> review = review_game(*entry, game, seat, lexicon, work);
        if (!review) throw std::runtime_error(fmt::format("game {} was not reviewed", id));
        return review_document(game, seat, *review);
      },
      [&] {
        return Json{{"game", id}, {"seat", seat}, {"done", done.load(std::memory_order_relaxed)}};
      },
      [&] { stop.request_stop(); });
  return result;
}

}  // namespace

std::vector<JobKind> review_job_kinds() { return {{kReviewKind, &run_review}}; }

std::string review_group(std::int64_t game_id) { return fmt::format("review.{}", game_id); }

bool queue_review(GameStore& store, const FinishedGame& game, Seat seat, const LogLexicon& lexicon,
                  std::int64_t now_ms) {
  const GameEntry* entry = find_game(game.game);
  if (entry == nullptr || !entry->review || game.id == 0 || seat < 0 ||
      static_cast<std::size_t>(seat) >= game.players.size() ||
      !game.players[static_cast<std::size_t>(seat)].bot.empty()) {
    return false;
  }
  store.queue_jobs({{std::string(kReviewKind),
                     {{"game", game.id}, {"seat", seat}, {"lexicon", lexicon_json(lexicon)}},
                     review_group(game.id),
                     ""}},
                   now_ms);
  return true;
}

std::optional<Json> kept_review(GameStore& store, std::int64_t game_id, Seat seat,
                                const LogLexicon& lexicon) {
  const Json wanted = lexicon_json(lexicon);
  for (const Job& job : store.jobs(review_group(game_id))) {
    if (job.kind != kReviewKind || job.state != "done" || !job.result.is_object()) continue;
    if (job.input.value("seat", Json()) != Json(seat)) continue;
    if (job.input.value("lexicon", Json()) != wanted) continue;
    return job.result;
  }
  return std::nullopt;
}

}  // namespace wg::app
