// src/app/job_queue.h: a worker takes the store's jobs in order and runs each by its kind,
// keeping its result, its failure, or nothing once it lost the job; over an SQLite store, with a
// clock of the test's (no waiting: leases run out when the test says).

#include "app/job_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "app/sqlite_store.h"
#include "lexicon/lexicon.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

std::shared_ptr<const Lexicon> lexicon() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}

NewJob job_of(std::string kind, int n) {
  NewJob job;
  job.kind = std::move(kind);
  job.input = Json{{"n", n}};
  return job;
}

class JobQueueTest : public ::testing::Test {
 protected:
  /// A worker named `name` running `kinds`, with the test's clock; its lines go to lines_.
  Worker worker(std::vector<JobKind> kinds, std::string name = "w1", bool once = true) {
    WorkerOptions options;
    options.name = std::move(name);
    options.lease_ms = 1000;
    options.once = once;
    options.poll_ms = 1;
    return Worker(
        store_, std::move(kinds), lexicon(), {"test", 1}, [this] { return now_; }, options,
        [this](std::string_view line) { lines_.emplace_back(line); });
  }

  test::TempDir dir_{"wg-job-queue"};
  SqliteStore store_{dir_.path() / "store.db"};
  std::int64_t now_ = 1000;
  std::vector<std::string> lines_;
  std::atomic<bool> stop_{false};
};

TEST_F(JobQueueTest, RunsEachJobByItsKindAndKeepsItsResultOrItsFailure) {
  const std::vector<std::int64_t> ids = store_.queue_jobs(
      {job_of("double", 4), job_of("broken", 1), job_of("unknown", 2), job_of("double", 5)}, 0);
  const JobKind doubling{"double", [](const Job& job, JobContext& context) {
                           context.progress(Json{{"half", "way"}});
                           return Json{{"n", 2 * job.input["n"].get<int>()}};
                         }};
  const JobKind broken{"broken", [](const Job&, JobContext&) -> Json {
                         throw std::runtime_error("the bot crashed");
                       }};
  EXPECT_EQ(worker({doubling, broken}).run(stop_), 4);
  EXPECT_EQ(store_.job(ids[0])->result, Json({{"n", 8}}));
  EXPECT_EQ(store_.job(ids[0])->progress, Json({{"half", "way"}}));
  EXPECT_EQ(store_.job(ids[1])->state, "failed");
  EXPECT_EQ(store_.job(ids[1])->error, "the bot crashed");
  EXPECT_EQ(store_.job(ids[2])->state, "failed");
  EXPECT_EQ(store_.job(ids[2])->error, "this worker runs no job of kind 'unknown'");
  EXPECT_EQ(store_.job(ids[3])->result, Json({{"n", 10}}));
  EXPECT_EQ(lines_, (std::vector<std::string>{
                        "job 1 (double) taken", "job 1 (double) done", "job 2 (broken) taken",
                        "job 2 (broken) failed: the bot crashed", "job 3 (unknown) taken",
                        "job 3 (unknown) failed: this worker runs no job of kind 'unknown'",
                        "job 4 (double) taken", "job 4 (double) done"}));
}

TEST_F(JobQueueTest, AWorkerThatLostItsJobWritesNothingOfIt) {
  const std::int64_t id = store_.queue_jobs({job_of("slow", 1)}, 0).at(0);
  // The job's work outlives its lease: another worker takes it meanwhile.
  const JobKind slow{"slow", [this, id](const Job&, JobContext& context) {
                       now_ += 5000;
                       stop_ = true;  // the worker ends after this job
                       EXPECT_EQ(store_.claim_job("w2", now_, 1000)->id, id);
                       context.progress(Json{{"late", true}});  // throws JobLost
                       ADD_FAILURE() << "went on after losing its job";
                       return Json{{"stale", true}};
                     }};
  EXPECT_EQ(worker({slow}, "w1", false).run(stop_), 0);
  const Job held = *store_.job(id);
  EXPECT_EQ(held.state, "running");
  EXPECT_EQ(held.holder, "w2");
  EXPECT_EQ(held.progress, nullptr);
  EXPECT_EQ(lines_,
            (std::vector<std::string>{"job 1 (slow) taken",
                                      "job 1 (slow) lost: job 1 was taken by another worker"}));
}

}  // namespace
}  // namespace wg::app
