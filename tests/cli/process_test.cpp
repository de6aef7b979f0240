// The test-support process runner (tests/support/process.h) that the CLI tests rely on.

#include "support/process.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <string>

namespace wg::test {
namespace {

TEST(ProcessTest, CapturesOutputsAndExitCode) {
  const ProcessResult r = run_process({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.signal, 0);
  EXPECT_FALSE(r.timed_out);
}

TEST(ProcessTest, FeedsLargeStdinWhileReadingLargeStdout) {
  std::string text;
  for (int i = 0; i < 200'000; ++i) text += "line " + std::to_string(i) + "\n";
  ProcessOptions options;
  options.stdin_text = text;
  const ProcessResult r = run_process({"/bin/cat"}, options);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, text);
}

TEST(ProcessTest, SetsAndRemovesEnvironmentVariables) {
  ProcessOptions options;
  options.env["WG_PROCESS_TEST"] = "hello";
  options.env["HOME"] = std::nullopt;
  const ProcessResult r =
      run_process({"/bin/sh", "-c", "echo \"$WG_PROCESS_TEST ${HOME-unset}\""}, options);
  EXPECT_EQ(r.out, "hello unset\n");
}

TEST(ProcessTest, KillsAProgramThatOutlivesTheTimeout) {
  ProcessOptions options;
  options.timeout = std::chrono::milliseconds(200);
  // It would run for 27 hours: only the kill at the timeout ends it (or this test would hang).
  const ProcessResult r = run_process({"/bin/sleep", "100000"}, options);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_EQ(r.signal, SIGKILL);
}

TEST(ProcessTest, KillsAProgramThatClosedItsOutputsAndOutlivesTheTimeout) {
  ProcessOptions options;
  options.timeout = std::chrono::milliseconds(200);
  const ProcessResult r =
      run_process({"/bin/sh", "-c", "echo bye; exec sleep 100000 >&- 2>&-"}, options);
  EXPECT_EQ(r.out, "bye\n");
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.signal, SIGKILL);
}

TEST(ProcessTest, ReportsAProgramThatCannotStart) {
  EXPECT_THROW(run_process({"/nonexistent/program"}), std::system_error);
}

}  // namespace
}  // namespace wg::test
