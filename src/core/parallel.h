#pragma once
/// Work shared out over threads, for tools that run many independent jobs (tournaments,
/// tables). Results must not depend on the number of threads: a task writes its own slot, and
/// callers combine the slots in index order afterwards.

#include <cstdint>
#include <functional>

namespace wg {

/// Threads to use when asked for `requested`: that many, or one per core when 0 (at least 1).
unsigned jobs_or_cores(std::uint64_t requested);

/// Calls task(i) once for every i in [0, count), on min(jobs, count) threads (on the calling
/// thread alone when that is 1), the indices handed out in rising order as threads come free.
/// on_done(done, count), if given, runs after each task, never two at once. After a task
/// throws, no new index is handed out, and the first exception is rethrown once every thread
/// has stopped. std::invalid_argument for jobs < 1.
void parallel_for(int count, int jobs, const std::function<void(int)>& task,
                  const std::function<void(int done, int count)>& on_done = nullptr);

}  // namespace wg
