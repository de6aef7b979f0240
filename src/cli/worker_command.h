#pragma once
/// `wordgames worker`: takes jobs (app/job_queue.h: long computations such as auction
/// tournaments queued with `wordgames auction tournament --on-workers`) from the store (--store,
/// else the data directory's) and runs them, one at a time, printing a line per job: taken,
/// done, failed, or lost (its lease ran out and another worker took it).
///
///   --once         ends when no job is queued or running, rather than waiting for more
///   --lease S      seconds a job stays this worker's without news from it (default 30): a worker
///                  killed mid-job leaves its job to be taken again after that
///   --name NAME    the worker's name in the store (default HOST:PID)
/// SIGINT and SIGTERM end it once the job in hand is over (between units of work).

#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

inline constexpr std::string_view kWorkerCommandSummary =
    "Take long computations (tournaments) from the store's queue and run them";

/// Adds the `worker` subcommand to `app`.
void add_worker_command(CLI::App& app, Context& context);

}  // namespace wg::cli
