#include "core/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace wg {

unsigned jobs_or_cores(std::uint64_t requested) {
  if (requested != 0) {
    return static_cast<unsigned>(
        std::min<std::uint64_t>(requested, std::numeric_limits<unsigned>::max()));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

void parallel_for(int count, int jobs, const std::function<void(int)>& task,
                  const std::function<void(int, int)>& on_done) {
  if (jobs < 1) throw std::invalid_argument("jobs must be at least 1");
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mutex;  // guards error, done and on_done
  int done = 0;
  auto work = [&] {
    for (int index = next++; index < count && !failed; index = next++) {
      try {
        task(index);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        failed = true;
        return;
      }
      const std::lock_guard lock(mutex);
      ++done;
      if (on_done) on_done(done, count);
    }
  };
  const int threads = std::min(jobs, count);
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace wg
