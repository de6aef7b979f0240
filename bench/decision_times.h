#pragma once
// Times of a player's decisions (a bid, a guess) for the benchmarks whose targets are a time
// per decision: by the wall clock, what a player waits, and by the process's CPU time (every
// thread's: a decision may share its work out over the cores), which a loaded machine does not
// lengthen; reported as the median, the 99th percentile and the worst. The benchmarks run
// nothing else meanwhile, so the process's time is the decision's.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <utility>
#include <vector>

#include <time.h>

namespace wg::bench {

/// The process's CPU time (all its threads) in milliseconds.
inline double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

/// The value at quantile q of sorted values (0 for none).
inline double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  return sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))];
}

class DecisionTimes {
 public:
  /// Runs `decide` and records its wall and CPU times; returns what it returns.
  template <class Decide>
  auto time(Decide&& decide) {
    const double cpu = cpu_ms();
    const auto start = std::chrono::steady_clock::now();
    auto result = std::forward<Decide>(decide)();
    wall_ms_.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    cpu_ms_.push_back(cpu_ms() - cpu);
    return result;
  }

  std::size_t count() const { return wall_ms_.size(); }

  /// Sets the counters `count_name` (how many decisions), median_ms, p99_ms, worst_ms and their
  /// cpu_ twins.
  void report(benchmark::State& state, const char* count_name) {
    std::sort(wall_ms_.begin(), wall_ms_.end());
    std::sort(cpu_ms_.begin(), cpu_ms_.end());
    state.counters[count_name] = static_cast<double>(count());
    state.counters["median_ms"] = quantile(wall_ms_, 0.5);
    state.counters["p99_ms"] = quantile(wall_ms_, 0.99);
    state.counters["worst_ms"] = quantile(wall_ms_, 1.0);
    state.counters["cpu_median_ms"] = quantile(cpu_ms_, 0.5);
    state.counters["cpu_p99_ms"] = quantile(cpu_ms_, 0.99);
    state.counters["cpu_worst_ms"] = quantile(cpu_ms_, 1.0);
  }

 private:
  std::vector<double> wall_ms_;
  std::vector<double> cpu_ms_;
};

}  // namespace wg::bench
