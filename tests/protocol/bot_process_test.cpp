// protocol/bot_process.h: child processes spoken to in lines, with deadlines, ended cleanly.

#include "protocol/bot_process.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <atomic>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "child_processes.h"
#include "core/file_io.h"
#include "support/temp_dir.h"

namespace wg::protocol {
namespace {

using namespace std::chrono_literals;
using testing::ChildProcessTest;
using testing::FrozenClock;

Clock::time_point in(std::chrono::milliseconds ms) { return Clock::now() + ms; }

/// A bot that never writes, never reads and never exits by itself (27 hours).
constexpr const char* kSilentBot = "sleep 100000";

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Tests of what bots do, with the clock frozen: no deadline passes, so each test waits for
/// exactly what its bots do, however slowly a loaded machine runs them.
class BotProcessTest : public ChildProcessTest {
 private:
  FrozenClock frozen_;
};

/// Tests of the time limits themselves, with the clock running: their bots never answer, so the
/// limit is always reached, whatever the load.
class BotProcessTimeLimitTest : public ChildProcessTest {};

TEST(ShellCommandLineTest, PlainCommandsAreExecutedInPlaceOfTheShell) {
  EXPECT_EQ(shell_command_line("python3 examples/auction_bot.py"),
            "exec python3 examples/auction_bot.py");
  EXPECT_EQ(shell_command_line("./bot --depth=3 --name x@y:1,2 50%"),
            "exec ./bot --depth=3 --name x@y:1,2 50%");
  // Shell syntax, assignments and exec itself are left to the shell as written.
  for (const char* command : {"cd bots && ./bot", "python3 'my bot.py'", "bot > log", "A=1 bot",
                              "exec bot", "bot $HOME", "~/bot", "exit 3", "cd /tmp", "", "   "}) {
    EXPECT_EQ(shell_command_line(command), command) << command;
  }
}

TEST_F(BotProcessTest, WritesAndReadsLines) {
  BotProcess bot("cat");
  EXPECT_EQ(bot.write_line("hello there", in(2s)), IoStatus::kOk);
  EXPECT_EQ(bot.write_line("dos line\r", in(2s)), IoStatus::kOk);
  EXPECT_EQ(bot.write_line("", in(2s)), IoStatus::kOk);
  ReadResult read = bot.read_line(in(5s));
  EXPECT_EQ(read.status, IoStatus::kOk);
  EXPECT_EQ(read.line, "hello there");
  EXPECT_EQ(bot.read_line(in(5s)).line, "dos line");  // the '\r' of a CRLF is dropped
  read = bot.read_line(in(5s));
  EXPECT_EQ(read.status, IoStatus::kOk);
  EXPECT_EQ(read.line, "");
  bot.close_input();
  EXPECT_EQ(bot.read_line(in(5s)).status, IoStatus::kClosed);
  EXPECT_EQ(bot.stop(5s), (ExitStatus{0, 0}));  // cat exits at the end of its input
}

TEST_F(BotProcessTest, PlainCommandsRunWithoutAShellInBetween) {
  BotProcess bot("cat", {}, {}, testing::trusted());  // in a sandbox, bwrap is the host's child
  // cat echoing the line shows the shell has run it; exec'd in its place, it has the bot's pid.
  ASSERT_EQ(bot.write_line("ping", in(5s)), IoStatus::kOk);
  ASSERT_EQ(bot.read_line(in(5s)).line, "ping");
  EXPECT_EQ(read_file("/proc/" + std::to_string(bot.pid()) + "/comm"), "cat\n");
}

TEST_F(BotProcessTimeLimitTest, ReadingTimesOutAtTheDeadline) {
  BotProcess bot("cat");  // waits for input that never comes, so it never writes
  const auto start = Clock::now();
  EXPECT_EQ(bot.read_line(start + 150ms).status, IoStatus::kTimeout);
  EXPECT_GE(Clock::now() - start, 150ms);                             // never before the deadline
  EXPECT_EQ(bot.read_line(Clock::now()).status, IoStatus::kTimeout);  // a deadline reached
  EXPECT_EQ(bot.wait_exit(0ms), std::nullopt);  // still running: its input is open
}

TEST_F(BotProcessTest, ReportsTheEndOfOutputAndTheExitStatus) {
  BotProcess bot("echo one; printf 'no newline'; exit 3");
  EXPECT_EQ(bot.read_line(in(5s)).line, "one");
  EXPECT_EQ(bot.read_line(in(5s)).status, IoStatus::kClosed);  // the partial line is dropped
  EXPECT_EQ(bot.read_line(in(5s)).status, IoStatus::kClosed);
  const std::optional<ExitStatus> status = bot.wait_exit(5s);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (ExitStatus{3, 0}));
  EXPECT_EQ(status->describe(), "exited with status 3");
  EXPECT_EQ(bot.stop(), (ExitStatus{3, 0}));
}

TEST_F(BotProcessTest, ReportsASignal) {
  BotProcess bot("kill -SEGV $$");
  EXPECT_EQ(bot.read_line(in(5s)).status, IoStatus::kClosed);
  const std::optional<ExitStatus> status = bot.wait_exit(5s);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (ExitStatus{-1, SIGSEGV}));
  EXPECT_EQ(status->describe(), "killed by signal 11 (SIGSEGV)");
}

TEST_F(BotProcessTest, RefusesEndlessLines) {
  BotProcess bot("printf '%070000d\\nafter\\n' 0");
  EXPECT_EQ(bot.read_line(in(5s)).status, IoStatus::kTooLong);
  BotProcess long_but_allowed("printf '%065536d\\nafter\\n' 0");
  EXPECT_EQ(long_but_allowed.read_line(in(5s)).line, std::string(65536, '0'));
  EXPECT_EQ(long_but_allowed.read_line(in(5s)).line, "after");
}

TEST_F(BotProcessTest, WritingToABotThatExitedFailsWithoutSigpipe) {
  struct sigaction before {};
  ::sigaction(SIGPIPE, nullptr, &before);
  ASSERT_EQ(before.sa_handler, SIG_DFL);  // a SIGPIPE would end this test program
  BotProcess bot("true");
  ASSERT_TRUE(bot.wait_exit(5s));
  EXPECT_EQ(bot.write_line("anyone there?", in(1s)), IoStatus::kClosed);
  EXPECT_EQ(bot.write_line("still?", in(1s)), IoStatus::kClosed);
  sigset_t pending;
  ::sigpending(&pending);
  EXPECT_FALSE(sigismember(&pending, SIGPIPE));
  struct sigaction after {};
  ::sigaction(SIGPIPE, nullptr, &after);
  EXPECT_EQ(after.sa_handler, SIG_DFL);  // the process's disposition is left alone
}

TEST_F(BotProcessTimeLimitTest, WritingTimesOutWhenTheBotDoesNotRead) {
  BotProcess bot(kSilentBot);
  const std::string line(4 << 20, 'x');  // more than a pipe holds (16 pages of up to 64 KiB)
  const auto start = Clock::now();
  EXPECT_EQ(bot.write_line(line, start + 150ms), IoStatus::kTimeout);
  EXPECT_GE(Clock::now() - start, 150ms);  // never before the deadline
}

TEST_F(BotProcessTest, StderrIsAppendedToTheLogFile) {
  const test::TempDir dir;
  const auto log = dir / "bot.log";
  for (const char* word : {"first", "second"}) {
    BotProcess bot(std::string("echo ") + word + " >&2; echo out", log);
    EXPECT_EQ(bot.read_line(in(5s)).line, "out");
  }
  EXPECT_EQ(read_file(log), "first\nsecond\n");
  EXPECT_THROW(BotProcess("true", dir / "missing" / "bot.log"), FileError);
}

TEST_F(BotProcessTest, ALogThatIsNotARegularFileIsRefusedWithoutWaiting) {
  // The log is checked as it is opened: a FIFO put in its place after a caller's own check is
  // refused, not waited on until a reader comes (which a plain open for writing does).
  const test::TempDir dir;
  const auto log = dir / "bot.log";
  ASSERT_EQ(::mkfifo(log.c_str(), 0600), 0);
  try {
    BotProcess bot("true", log);
    ADD_FAILURE() << "a FIFO was taken as the bot's log";
  } catch (const FileError& error) {
    EXPECT_EQ(std::string(error.what()),
              log.string() + ": cannot write: it is a FIFO (named pipe), not a regular file");
  }
}

TEST_F(BotProcessTimeLimitTest, StopKillsABotThatDoesNotExitAndReapsIt) {
  pid_t pid = 0;
  {
    BotProcess bot(kSilentBot);
    pid = bot.pid();
    // Asked to end (SIGTERM) once the grace is over: a stop that waited for the bot would never
    // return. Then it ends by SIGTERM, however long that takes (the second grace is a bound).
    EXPECT_EQ(bot.stop(100ms, 600s), (ExitStatus{-1, SIGTERM}));
    EXPECT_EQ(bot.stop(), (ExitStatus{-1, SIGTERM}));  // idempotent
  }
  EXPECT_EQ(::waitpid(pid, nullptr, WNOHANG), -1);  // already reaped
  {
    BotProcess unstopped(kSilentBot);
    pid = unstopped.pid();
  }
  EXPECT_EQ(::waitpid(pid, nullptr, WNOHANG), -1);  // the destructor reaps too
}

TEST_F(BotProcessTest, StopKillsTheProcessesTheBotStarted) {
  BotProcess bot(std::string(kSilentBot) + " & echo $!; wait", {}, {}, testing::trusted());
  const ReadResult read = bot.read_line(in(5s));
  ASSERT_EQ(read.status, IoStatus::kOk);
  const pid_t helper = std::stoi(read.line);
  bot.stop(0ms);
  // Killed with the group and reaped by the host, not left to this test.
  EXPECT_EQ(bot.processes_killed(), 1u);
  EXPECT_FALSE(testing::is_alive(helper));
}

TEST_F(BotProcessTest, ManyBotsOnManyThreadsKeepTheirPipesToThemselves) {
  // If one bot inherited another's stdin, that bot would never see the end of its input: every
  // cat exiting by itself (status 0, not killed) shows the pipes were not shared.
  std::atomic<int> clean{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&clean, t] {
      for (int i = 0; i < 8; ++i) {
        BotProcess bot("cat");
        const std::string line = "thread " + std::to_string(t) + " bot " + std::to_string(i);
        if (bot.write_line(line, in(5s)) != IoStatus::kOk) continue;
        if (bot.read_line(in(10s)).line != line) continue;
        bot.close_input();
        if (bot.stop(10s) == ExitStatus{0, 0}) ++clean;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(clean.load(), 32);
}

TEST_F(BotProcessTimeLimitTest, AFrozenClockStandsStillAndEndsNoWaitByTime) {
  FrozenClock frozen;
  const Clock::time_point frozen_at = Clock::now();
  // The reply and the exit come well after the deadlines of 1 ms: the calls wait for them.
  BotProcess bot("sleep 0.2; echo late; sleep 0.2; exit 4");
  const ReadResult read = bot.read_line(in(1ms));
  EXPECT_EQ(read.status, IoStatus::kOk);
  EXPECT_EQ(read.line, "late");
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{4, 0}));
  EXPECT_EQ(Clock::now(), frozen_at);
  Clock::freeze();  // already frozen: stays where it is
  EXPECT_EQ(Clock::now(), frozen_at);
  // A deadline already reached still ends a call that would have to wait.
  BotProcess silent("cat");
  EXPECT_EQ(silent.read_line(Clock::now()).status, IoStatus::kTimeout);
  EXPECT_EQ(silent.wait_exit(0ms), std::nullopt);
  Clock::unfreeze();
  EXPECT_GE(Clock::now(), frozen_at);
  Clock::unfreeze();  // already running: no change
  EXPECT_GE(Clock::now(), frozen_at);
}

}  // namespace
}  // namespace wg::protocol
