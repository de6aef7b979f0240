#pragma once
/// What the kinds of job that share one computation out as units share (app/job_queue.h): a
/// computation is queued as units, one group that any number of workers take, and a final job
/// that waits for the group (NewJob::after) and puts the units' results together. A unit keeps
/// its result as its job's result only, so a unit taken again (its worker was killed) computes
/// it again, the same: units are deterministic.

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/json.h"

namespace wg::app {

/// A computation queued as units and a final job.
struct QueuedComputation {
  std::string group;           ///< the units' group
  std::int64_t final_job = 0;  ///< the job whose result is the computation's
  int units = 0;
};

/// A group name for a new computation, "PREFIX.HEX": the prefix, then 16 random hexadecimal
/// digits, so that computations queued by any processes never share a group (the store gives
/// ids only once jobs are queued, and the units must name their group when queued).
std::string new_job_group(std::string_view prefix);

/// Queues `units` in a new group of `prefix` (new_job_group) and after them a final job of
/// `final_kind` with `final_input`, all at once (GameStore::queue_jobs).
QueuedComputation queue_units(GameStore& store, std::string_view prefix, std::string_view unit_kind,
                              const std::vector<Json>& units, std::string_view final_kind,
                              const Json& final_input, std::int64_t now_ms);

/// The results of the units of `group`, by id, once none is queued or running. Throws
/// std::runtime_error naming each failed unit and its error.
std::vector<Json> unit_results(GameStore& store, std::string_view group, std::string_view what);

/// Runs `work` on a thread of its own while the job's thread reports `progress()` to the
/// context every `every`, so that the job keeps its lease however long a step of the work
/// takes. A report the store fails (StoreError) is tried again at the next one. When the job is
/// lost (JobLost), or a report fails otherwise, calls `stop` (which may be empty: the work then
/// runs to its end), waits for the work and rethrows; the work's exception is rethrown.
Json run_reporting(JobContext& context, const std::function<Json()>& work,
                   const std::function<Json()>& progress, const std::function<void()>& stop,
                   std::chrono::milliseconds every = std::chrono::milliseconds(500));

}  // namespace wg::app
