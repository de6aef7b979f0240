#pragma once
// Jobs run by hand, for the tests of the kinds of job (app/job_queue.h): workers that take
// turns at the queue, as several processes sharing a store would, and a worker's context.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/game_store.h"
#include "app/job_queue.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// The context of a worker with the built-in lexicon (named `named`), whose progress is
/// always heard.
class TestJobContext final : public JobContext {
 public:
  explicit TestJobContext(GameStore& store,
                          LogLexicon named = {"built-in", default_lexicon().size()})
      : store_(store), named_(std::move(named)) {}
  GameStore& store() override { return store_; }
  const Lexicon& lexicon() override { return default_lexicon(); }
  const LogLexicon& log_lexicon() override { return named_; }
  std::int64_t now_ms() override { return 1000; }
  void progress(const Json&) override { ++reports; }
  int reports = 0;

 private:
  GameStore& store_;
  LogLexicon named_;
};

/// Runs every job of the queue, `holders` workers taking one in turn, each job by its kind of
/// `kinds` (a failure kept as the job's, as Worker does); the number of jobs run.
inline int run_jobs_in_turn(GameStore& store, const std::vector<JobKind>& kinds,
                            const std::vector<std::string>& holders) {
  TestJobContext context(store);
  int run = 0;
  for (std::size_t turn = 0;; ++turn) {
    const std::string& holder = holders[turn % holders.size()];
    const std::optional<Job> job = store.claim_job(holder, 1000, 60'000);
    if (!job) return run;
    ++run;
    for (const JobKind& kind : kinds) {
      if (kind.kind != job->kind) continue;
      try {
        store.finish_job(job->id, holder, 1000, kind.run(*job, context));
      } catch (const std::exception& error) {
        store.fail_job(job->id, holder, 1000, error.what());
      }
    }
  }
}

}  // namespace wg::app
