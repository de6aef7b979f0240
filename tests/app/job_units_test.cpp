#include "app/job_units.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "app/store.h"

namespace wg::app {
namespace {

/// A job's context whose reports fail as a test says: `failing(n)` answers the nth report
/// (from 1); only reports are made by run_reporting.
class ReportingContext : public JobContext {
 public:
  explicit ReportingContext(std::function<void(int report)> failing)
      : failing_(std::move(failing)) {}
  GameStore& store() override { throw std::logic_error("no store"); }
  const Lexicon& lexicon() override { throw std::logic_error("no lexicon"); }
  const LogLexicon& log_lexicon() override { throw std::logic_error("no lexicon"); }
  std::int64_t now_ms() override { return 0; }
  void progress(const Json&) override { failing_(++reports_); }
  int reports() const { return reports_.load(); }

 private:
  std::function<void(int)> failing_;
  std::atomic<int> reports_{0};
};

constexpr std::chrono::milliseconds kOften(1);

TEST(RunReportingTest, AReportTheStoreFailsIsMadeAgainAndTheWorkGoesOnToItsResult) {
  ReportingContext context([](int report) {
    if (report == 1) throw StoreError("the database is restarting");
  });
  bool stopped = false;
  const Json result = run_reporting(
      context,
      [&] {
        // The work ends once a report after the failed one went through.
        while (context.reports() < 3) std::this_thread::yield();
        return Json("done");
      },
      [] { return Json::object(); }, [&] { stopped = true; }, kOften);
  EXPECT_EQ(result, Json("done"));
  EXPECT_FALSE(stopped);
}

TEST(RunReportingTest, ALostJobStopsTheWorkAndIsThrown) {
  ReportingContext context([](int) { throw JobLost("taken by another worker"); });
  std::atomic<bool> stop{false};
  EXPECT_THROW(run_reporting(
                   context,
                   [&] {
                     while (!stop) std::this_thread::yield();
                     return Json("stopped");
                   },
                   [] { return Json::object(); }, [&] { stop = true; }, kOften),
               JobLost);
  EXPECT_TRUE(stop);
}

TEST(RunReportingTest, TheWorksErrorIsThrown) {
  ReportingContext context([](int) {});
  EXPECT_THROW(run_reporting(
                   context, []() -> Json { throw std::invalid_argument("no such board"); },
                   [] { return Json::object(); }, {}, kOften),
               std::invalid_argument);
}

}  // namespace
}  // namespace wg::app
