#include "app/job_units.h"

#include <future>
#include <random>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace wg::app {

std::string new_job_group(std::string_view prefix) {
  std::random_device device;
  const std::uint64_t token = (std::uint64_t{device()} << 32) ^ std::uint64_t{device()};
  return fmt::format("{}.{:016x}", prefix, token);
}

QueuedComputation queue_units(GameStore& store, std::string_view prefix, std::string_view unit_kind,
                              const std::vector<Json>& units, std::string_view final_kind,
                              const Json& final_input, std::int64_t now_ms) {
  QueuedComputation queued;
  queued.group = new_job_group(prefix);
  std::vector<NewJob> jobs;
  for (const Json& input : units) jobs.push_back({std::string(unit_kind), input, queued.group, ""});
  jobs.push_back({std::string(final_kind), final_input, "", queued.group});
  queued.final_job = store.queue_jobs(jobs, now_ms).back();
  queued.units = static_cast<int>(units.size());
  return queued;
}

std::vector<Json> unit_results(GameStore& store, std::string_view group, std::string_view what) {
  std::vector<Json> results;
  std::vector<std::string> failures;
  for (const Job& unit : store.jobs(group)) {
    if (unit.state == "failed") {
      failures.push_back(fmt::format("job {}: {}", unit.id, unit.error));
    } else if (unit.state != "done") {
      failures.push_back(fmt::format("job {} is {}", unit.id, unit.state));
    } else {
      results.push_back(unit.result);
    }
  }
  if (!failures.empty()) {
    throw std::runtime_error(fmt::format("{} stopped: {}", what, fmt::join(failures, "; ")));
  }
  return results;
}

Json run_reporting(JobContext& context, const std::function<Json()>& work,
                   const std::function<Json()>& progress, const std::function<void()>& stop,
                   std::chrono::milliseconds every) {
  std::packaged_task<Json()> task(work);
  std::future<Json> done = task.get_future();
  std::jthread thread(std::move(task));
  while (done.wait_for(every) != std::future_status::ready) {
    try {
      context.progress(progress());
    } catch (const StoreError&) {
      // The store did not answer this time (a blip, a reconnection): the lease still holds
      // until it runs out, and the next report renews it or finds the job lost.
    } catch (...) {
      if (stop) stop();
      thread.join();
      throw;
    }
  }
  thread.join();
  return done.get();
}

}  // namespace wg::app
