#include "app/job_queue.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/registry.h"
#include "app/review_jobs.h"

namespace wg::app {

namespace {

/// How long a worker waits before trying a store that failed again.
constexpr std::int64_t kStoreRetryMs = 2000;

}  // namespace

std::vector<JobKind> registered_job_kinds() {
  std::vector<JobKind> kinds = review_job_kinds();
  for (JobKind& kind : daily_job_kinds()) kinds.push_back(std::move(kind));
  for (const GameEntry& entry : games()) {
    kinds.insert(kinds.end(), entry.jobs.begin(), entry.jobs.end());
  }
  return kinds;
}

Json lexicon_json(const LogLexicon& lexicon) {
  return {{"source", lexicon.source}, {"words", lexicon.words}};
}

void check_job_lexicon(const Json& queued, const LogLexicon& mine, std::string_view what) {
  static const Json kNone;
  const auto named = queued.is_object() ? queued.find("lexicon") : queued.end();
  const Json& lexicon = queued.is_object() && named != queued.end() ? *named : kNone;
  const auto field = [&lexicon](const char* name) -> const Json* {
    const auto found = lexicon.is_object() ? lexicon.find(name) : lexicon.end();
    return lexicon.is_object() && found != lexicon.end() ? &*found : nullptr;
  };
  const Json* source = field("source");
  const Json* words = field("words");
  if (source != nullptr && source->is_string() && source->get<std::string>() == mine.source &&
      words != nullptr && words->is_number_unsigned() &&
      words->get<std::uint64_t>() == mine.words) {
    return;
  }
  throw std::invalid_argument(fmt::format(
      "{} was queued with the lexicon {} ({} words), this worker has {} ({} words): start the "
      "worker with the same lexicon",
      what, source != nullptr && source->is_string() ? source->get<std::string>() : "?",
      words != nullptr && words->is_number() ? words->dump() : "?", mine.source, mine.words));
}

namespace {

const Json* job_field(const Json& object, const char* name) {
  const auto found = object.is_object() ? object.find(name) : object.end();
  return object.is_object() && found != object.end() ? &*found : nullptr;
}

[[noreturn]] void missing_field(const char* name, std::string_view what) {
  throw std::invalid_argument(
      fmt::format("{} has no \"{}\": it was not queued for workers", what, name));
}

}  // namespace

std::int64_t job_integer(const Json& object, const char* name, std::string_view what) {
  const Json* field = job_field(object, name);
  if (field == nullptr || !field->is_number_integer() ||
      (field->is_number_unsigned() &&
       field->get<std::uint64_t>() > std::numeric_limits<std::int64_t>::max())) {
    missing_field(name, what);
  }
  return field->get<std::int64_t>();
}

std::uint64_t job_unsigned(const Json& object, const char* name, std::string_view what) {
  const Json* field = job_field(object, name);
  if (field == nullptr || !field->is_number_integer() ||
      (!field->is_number_unsigned() && field->get<std::int64_t>() < 0)) {
    missing_field(name, what);
  }
  return field->get<std::uint64_t>();
}

std::string default_worker_name() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::snprintf(host, 5, "host");
  return fmt::format("{}:{}", host, static_cast<long>(getpid()));
}

class Worker::Context final : public JobContext {
 public:
  Context(Worker& worker, const Job& job) : worker_(worker), job_(job) {}
  GameStore& store() override { return worker_.store_; }
  const Lexicon& lexicon() override { return *worker_.lexicon_; }
  const LogLexicon& log_lexicon() override { return worker_.log_lexicon_; }
  std::int64_t now_ms() override { return worker_.now_ms_(); }
  std::string_view daily_secret() override { return worker_.options_.daily_secret; }
  void progress(const Json& progress) override {
    if (!worker_.store_.renew_job(job_.id, worker_.options_.name, worker_.now_ms_(),
                                  worker_.options_.lease_ms, progress)) {
      throw JobLost(fmt::format("job {} was taken by another worker", job_.id));
    }
  }

 private:
  Worker& worker_;
  const Job& job_;
};

Worker::Worker(GameStore& store, std::vector<JobKind> kinds, std::shared_ptr<const Lexicon> lexicon,
               LogLexicon log_lexicon, std::function<std::int64_t()> now_ms, WorkerOptions options,
               std::function<void(std::string_view line)> say)
    : store_(store),
      kinds_(std::move(kinds)),
      lexicon_(std::move(lexicon)),
      log_lexicon_(std::move(log_lexicon)),
      now_ms_(std::move(now_ms)),
      options_(std::move(options)),
      say_(std::move(say)) {
  if (options_.name.empty()) options_.name = default_worker_name();
}

int Worker::run(const std::atomic<bool>& stop) {
  int finished = 0;
  const auto pause = [&](std::int64_t ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!stop && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min<std::int64_t>(50, ms)));
    }
  };
  while (!stop) {
    try {
      if (const std::optional<Job> job =
              store_.claim_job(options_.name, now_ms_(), options_.lease_ms)) {
        if (work_on(*job)) ++finished;
        continue;
      }
      if (options_.once && store_.jobs_to_do() == 0) break;
    } catch (const StoreError& error) {
      // The store is away (a database restarting, a connection cut): the job in hand, if any,
      // is taken again once its lease runs out, by this worker or another.
      if (options_.once) throw;
      say_(fmt::format("the store failed ({}); trying again", error.what()));
      pause(std::max<std::int64_t>(options_.poll_ms, kStoreRetryMs));
      continue;
    }
    // Nothing to take now (the queue is empty, or its jobs are held or wait for others): look
    // again a little later, waking at once when asked to stop.
    pause(options_.poll_ms);
  }
  return finished;
}

bool Worker::work_on(const Job& job) {
  const auto kind = std::find_if(kinds_.begin(), kinds_.end(),
                                 [&](const JobKind& k) { return k.kind == job.kind; });
  const std::string attempt =
      job.attempts > 1 ? fmt::format(" (attempt {})", job.attempts) : std::string();
  say_(fmt::format("job {} ({}) taken{}", job.id, job.kind, attempt));
  if (kind == kinds_.end()) {
    const std::string error = fmt::format("this worker runs no job of kind '{}'", job.kind);
    store_.fail_job(job.id, options_.name, now_ms_(), error);
    say_(fmt::format("job {} ({}) failed: {}", job.id, job.kind, error));
    return true;
  }
  Context context(*this, job);
  Json result;
  try {
    result = kind->run(job, context);
  } catch (const JobLost& lost) {
    say_(fmt::format("job {} ({}) lost: {}", job.id, job.kind, lost.what()));
    return false;
  } catch (const StoreError&) {
    throw;  // the store's trouble, not the job's: the job is taken again once its lease runs out
  } catch (const std::exception& error) {
    if (store_.fail_job(job.id, options_.name, now_ms_(), error.what())) {
      say_(fmt::format("job {} ({}) failed: {}", job.id, job.kind, error.what()));
      return true;
    }
    say_(fmt::format("job {} ({}) lost: it was taken by another worker", job.id, job.kind));
    return false;
  }
  if (store_.finish_job(job.id, options_.name, now_ms_(), result)) {
    say_(fmt::format("job {} ({}) done", job.id, job.kind));
    return true;
  }
  say_(fmt::format("job {} ({}) lost: it was taken by another worker", job.id, job.kind));
  return false;
}

}  // namespace wg::app
