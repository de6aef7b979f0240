#include "core/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace wg {
namespace {

TEST(ParallelForTest, RunsEveryIndexOnceWhateverTheThreads) {
  for (int jobs : {1, 2, 3, 8}) {
    std::vector<std::atomic<int>> calls(100);
    int last_done = 0;
    parallel_for(
        100, jobs, [&](int i) { ++calls[static_cast<std::size_t>(i)]; },
        [&](int done, int count) {
          EXPECT_EQ(done, last_done + 1);  // never two at once, so counted in order
          EXPECT_EQ(count, 100);
          last_done = done;
        });
    EXPECT_EQ(last_done, 100) << jobs;
    for (const auto& c : calls) EXPECT_EQ(c.load(), 1) << jobs;
  }
}

TEST(ParallelForTest, NothingToDo) {
  bool called = false;
  parallel_for(0, 4, [&](int) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelForTest, RethrowsTheFirstErrorAndStopsHandingOutWork) {
  for (int jobs : {1, 2}) {
    std::atomic<int> calls{0};
    EXPECT_THROW(parallel_for(1000, jobs,
                              [&](int i) {
                                ++calls;
                                if (i == 3) throw std::runtime_error("task 3");
                              }),
                 std::runtime_error);
    EXPECT_LT(calls.load(), 1000) << jobs;
  }
}

TEST(ParallelForTest, JobsOrCores) {
  EXPECT_EQ(jobs_or_cores(3), 3u);
  EXPECT_GE(jobs_or_cores(0), 1u);  // one per core, at least one
}

TEST(ParallelForTest, RefusesNoThreads) {
  EXPECT_THROW(parallel_for(1, 0, [](int) {}), std::invalid_argument);
}

}  // namespace
}  // namespace wg
