#include "app/review_jobs.h"

#include <memory>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "app/registry.h"
#include "app/review.h"

namespace wg::app {

namespace {

constexpr std::string_view kReviewKind = "game_review";

/// How much more of a review must be done before its progress is kept again (each keep is a
/// write to the store, which also renews the job's lease).
constexpr double kProgressStep = 0.05;

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
  const auto seat = seat_field->get<Seat>();
  check_job_lexicon(input.contains("lexicon") ? input["lexicon"] : Json::object(),
                    context.log_lexicon(), fmt::format("the review of game {}", id));
  FinishedGame game;
  try {
    game = context.store().finished_game(id);
  } catch (const StoreError& problem) {
    // Most likely gone (deleted with its player): the job fails, and a front end asked for the
    // review computes it itself.
    throw std::invalid_argument(fmt::format("game {} cannot be read: {}", id, problem.what()));
  }
  const GameEntry* entry = find_game(game.game);
  if (entry == nullptr || !entry->review) {
    throw std::invalid_argument(fmt::format("game {} ({}) has no review", id, game.game));
  }
  if (seat < 0 || static_cast<std::size_t>(seat) >= game.players.size()) {
    throw std::invalid_argument(fmt::format("game {} has no seat {}", id, seat));
  }
  double kept = 0;
  Work work;
  work.progress = [&context, &kept, id, seat](double fraction) {
    if (fraction < kept + kProgressStep) return;
    kept = fraction;
    context.progress({{"game", id}, {"seat", seat}, {"done", fraction}});
  };
  // The worker's lexicon outlives each of its jobs: the review borrows it, owning nothing.
  const std::shared_ptr<const Lexicon> lexicon(std::shared_ptr<const Lexicon>(),
                                               &context.lexicon());
  const std::optional<GameReview> review = review_game(*entry, game, seat, lexicon, work);
  return review_document(game, seat, *review);
}

}  // namespace

std::vector<JobKind> review_job_kinds() { return {{kReviewKind, &run_review}}; }

std::string review_group(std::int64_t game_id) { return fmt::format("review.{}", game_id); }

std::size_t queue_reviews(GameStore& store, const FinishedGame& game, const LogLexicon& lexicon,
                          std::int64_t now_ms) {
  const GameEntry* entry = find_game(game.game);
  if (entry == nullptr || !entry->review || game.id == 0) return 0;
  std::vector<NewJob> jobs;
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    if (!game.players[seat].bot.empty()) continue;
    jobs.push_back({std::string(kReviewKind),
                    {{"game", game.id}, {"seat", seat}, {"lexicon", lexicon_json(lexicon)}},
                    review_group(game.id),
                    ""});
  }
  if (!jobs.empty()) store.queue_jobs(jobs, now_ms);
  return jobs.size();
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
