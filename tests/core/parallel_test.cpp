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

TEST(ParallelForTest, OnOneThreadStopsAtTheFirstError) {
  int calls = 0;
  EXPECT_THROW(parallel_for(1000, 1,
                            [&](int i) {
                              ++calls;
                              if (i == 3) throw std::runtime_error("task 3");
                            }),
               std::runtime_error);
  EXPECT_EQ(calls, 4);  // 0, 1, 2 and the one that threw: nothing handed out after it
}

// On several threads how many tasks start before the error is seen depends on scheduling, so
// only what does not is asserted: the error comes back, and no index runs twice.
TEST(ParallelForTest, OnSeveralThreadsRethrowsTheError) {
  for (int jobs : {2, 3}) {
    std::vector<std::atomic<int>> calls(1000);
    try {
      parallel_for(1000, jobs, [&](int i) {
        ++calls[static_cast<std::size_t>(i)];
        if (i == 3) throw std::runtime_error("task 3");
      });
      ADD_FAILURE() << "no exception on " << jobs << " threads";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(), "task 3");
    }
    for (const auto& c : calls) EXPECT_LE(c.load(), 1) << jobs;
    EXPECT_EQ(calls[3].load(), 1);
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
