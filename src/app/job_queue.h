#pragma once
/// Long computations run as jobs (GameStore's queue, game_store.h: Job): queued by a front end,
/// taken by workers (`wordgames worker`) on any number of machines that share the store. A job
/// of a kind is run by that kind's JobKind, which a game gives in its registry entry
/// (GameEntry::jobs); a worker runs every kind the registry lists.
///
/// A worker holds a job under a lease, which each report of progress renews: a worker killed
/// mid-job leaves the job to be taken again once its lease has run out, so a job's work must
/// not mind being done again (a kind keeps what it did in the store and skips it on the next
/// attempt). A worker that finds it lost its lease (JobLost) stops working on the job and
/// writes nothing more of it.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/json.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// Thrown by JobContext::progress when the worker no longer holds the job (its lease ran out
/// and another worker took it): the job's work stops there, without writing anything more.
class JobLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What a job's work sees of the worker running it.
class JobContext {
 public:
  virtual ~JobContext() = default;
  /// The store the job is kept in, which its work reads and writes.
  virtual GameStore& store() = 0;
  /// The worker's lexicon, and how logs name it: a job queued for another lexicon is refused
  /// (its results would differ).
  virtual const Lexicon& lexicon() = 0;
  virtual const LogLexicon& log_lexicon() = 0;
  /// Unix milliseconds, for what the job records.
  virtual std::int64_t now_ms() = 0;
  /// The secret of the puzzles of the day the worker was given (app/daily.h), "" for none.
  virtual std::string_view daily_secret() { return {}; }
  /// Keeps `progress` (the kind's shape) with the job and renews its lease; throws JobLost when
  /// the worker no longer holds it. A job's work calls it between its steps, often enough that
  /// the lease does not run out while it works.
  virtual void progress(const Json& progress) = 0;
};

/// One kind of job: its name (NewJob::kind) and its work, which returns the job's result or
/// throws (std::exception: the job fails with its message; JobLost: the job is left to its new
/// holder).
struct JobKind {
  std::string_view kind;
  std::function<Json(const Job& job, JobContext& context)> run;
};

/// Every kind of job: the registry's games' (GameEntry::jobs) and those that serve every game
/// (the reviews of finished games, app/review_jobs.h; the puzzles of the day, app/daily.h).
std::vector<JobKind> registered_job_kinds();

/// The jobs queued or running (GameStore::jobs_to_do) at which an arcade queues no more, so
/// that the queue stays bounded when its workers lag: a tournament is refused, a review is left
/// to be computed when asked.
inline constexpr std::int64_t kMaxQueuedJobs = 1000;

/// How a job's input names the lexicon it must be run with: {"source", "words"}.
Json lexicon_json(const LogLexicon& lexicon);
/// Throws std::invalid_argument, naming `what` ("tournament 12"), when the lexicon `queued`
/// names (an object whose "lexicon" is lexicon_json's: a job's input, a tournament's config) is
/// not the worker's (`mine`): the job's result would differ.
void check_job_lexicon(const Json& queued, const LogLexicon& mine, std::string_view what);

/// The whole number `name` of `object` (a job's input, or part of it), which `what` describes
/// ("the job's search"); throws std::invalid_argument saying so when it is not one: the job was
/// not queued for workers.
std::int64_t job_integer(const Json& object, const char* name, std::string_view what);
/// The same, for a whole number from 0.
std::uint64_t job_unsigned(const Json& object, const char* name, std::string_view what);

struct WorkerOptions {
  /// The worker's name in the store (Job::holder): unique among the workers sharing it
  /// (default_worker_name()).
  std::string name;
  /// How long a job stays this worker's without news from it (renewed at each progress).
  std::int64_t lease_ms = 30'000;
  /// Ends once the queue holds no job queued or running (rather than waiting for more).
  bool once = false;
  /// How long to wait before looking at the queue again when it has nothing to take.
  std::int64_t poll_ms = 500;
  /// The secret of the puzzles of the day (app/daily.h): the arcades' that queue them.
  std::string daily_secret;
};

/// "HOST:PID": this process on this machine.
std::string default_worker_name();

/// Takes jobs from a store and runs them, one at a time.
class Worker {
 public:
  /// Runs `kinds` (a job of another kind fails, saying so) on `store`, with the lexicon `lexicon`
  /// (named `log_lexicon` in logs), times from `now_ms`. `say` hears a line per job: taken,
  /// done, failed or lost.
  Worker(GameStore& store, std::vector<JobKind> kinds, std::shared_ptr<const Lexicon> lexicon,
         LogLexicon log_lexicon, std::function<std::int64_t()> now_ms, WorkerOptions options,
         std::function<void(std::string_view line)> say);

  /// Takes and runs jobs until `stop` is set (looked at between jobs and while waiting), or with
  /// WorkerOptions::once until no job is queued or running. Returns the jobs it finished (done
  /// or failed; not those it lost). A job's failure is the job's (kept in the store), never the
  /// worker's. A store that fails (StoreError) is said and tried again a little later (the job
  /// in hand is taken again once its lease runs out); with `once`, it is thrown.
  int run(const std::atomic<bool>& stop);

 private:
  class Context;
  /// Runs one job taken from the queue: true when it ended done or failed, false when lost.
  bool work_on(const Job& job);

  GameStore& store_;
  std::vector<JobKind> kinds_;
  std::shared_ptr<const Lexicon> lexicon_;
  LogLexicon log_lexicon_;
  std::function<std::int64_t()> now_ms_;
  WorkerOptions options_;
  std::function<void(std::string_view)> say_;
};

}  // namespace wg::app
