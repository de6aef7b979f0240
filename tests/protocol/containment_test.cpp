// protocol/containment.h: hostile bots kept in bounds (resource limits, output caps, every
// process a bot starts ended and reaped with it). After each test, ChildProcessTest checks that
// no process a bot started is left, running or unreaped.

#include "protocol/containment.h"

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "child_processes.h"
#include "protocol/bot_process.h"
#include "protocol/printable.h"
#include "support/temp_dir.h"

namespace wg::protocol {
namespace {

using namespace std::chrono_literals;
using testing::ChildProcessTest;
using testing::FrozenClock;
using testing::is_alive;

const std::string kPython = WG_PYTHON3;

/// Every line the bot writes until it closes its output.
std::vector<std::string> all_lines(BotProcess& bot) {
  std::vector<std::string> lines;
  for (;;) {
    ReadResult read = bot.read_line(Clock::now() + 1s);  // the clock is frozen: no time limit
    if (read.status != IoStatus::kOk) return lines;
    lines.push_back(std::move(read.line));
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Tests with the clock frozen: each waits for exactly what its bot does.
class ContainmentTest : public ChildProcessTest {
 private:
  FrozenClock frozen_;
};

/// Tests of the grace before SIGKILL, with the clock running: their bots never end by
/// themselves, so the grace always passes, whatever the load.
class ContainmentGraceTest : public ChildProcessTest {};

/// The soft and hard values of /proc/self/limits, by the limit's name ("Max cpu time").
std::map<std::string, std::pair<std::string, std::string>> parse_limits(
    const std::vector<std::string>& lines) {
  std::map<std::string, std::pair<std::string, std::string>> limits;
  for (const std::string& line : lines) {
    if (line.rfind("Max ", 0) != 0 || line.size() < 26) continue;
    std::string name = line.substr(0, 26);
    name.erase(name.find_last_not_of(' ') + 1);
    std::istringstream fields(line.substr(26));
    std::string soft;
    std::string hard;
    fields >> soft >> hard;
    limits[name] = {soft, hard};
  }
  return limits;
}

TEST_F(ContainmentTest, LimitsAreSetInTheBotBeforeItsCommandRuns) {
  BotLimits limits;
  limits.cpu_seconds = 7;
  limits.memory_mb = 300;
  limits.open_files = 32;
  limits.file_size_mb = 3;
  limits.processes = 10;
  BotProcess bot("cat /proc/self/limits", {}, limits);
  auto seen = parse_limits(all_lines(bot));
  EXPECT_EQ(seen["Max cpu time"], std::make_pair(std::string("7"), std::string("8")));
  EXPECT_EQ(seen["Max address space"].first, std::to_string(300ull << 20));
  EXPECT_EQ(seen["Max open files"], std::make_pair(std::string("32"), std::string("32")));
  EXPECT_EQ(seen["Max file size"].first, std::to_string(3ull << 20));
  EXPECT_EQ(seen["Max core file size"], std::make_pair(std::string("0"), std::string("0")));
  EXPECT_NE(seen["Max processes"].first, "unlimited");
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{0, 0}));  // frozen clock: waits for its exit
  bot.stop(0ms);
}

TEST_F(ContainmentTest, ZeroIsNoLimitBeyondTheHostsOwn) {
  BotLimits none{0, 0, 0, 0, 0, 0};
  BotProcess bot("cat /proc/self/limits", {}, none);
  auto seen = parse_limits(all_lines(bot));
  rlimit host{};
  ::getrlimit(RLIMIT_CPU, &host);
  const std::string expected =
      host.rlim_cur == RLIM_INFINITY ? "unlimited" : std::to_string(host.rlim_cur);
  EXPECT_EQ(seen["Max cpu time"].first, expected);
  EXPECT_EQ(seen["Max core file size"].first, "0");  // core dumps are always off
  bot.stop(0ms);
}

TEST_F(ContainmentTest, DefaultsAreDocumentedAndDescribed) {
  const BotLimits defaults;
  EXPECT_EQ(defaults.describe(),
            "cpu 600 s, memory 2048 MiB, processes 64, open files 64, file size 64 MiB, "
            "stderr 1024 KiB");
  EXPECT_EQ(BotLimits({0, 0, 0, 0, 0, 0}).describe(),
            "cpu no limit, memory no limit, processes no limit, open files no limit, file size "
            "no limit, stderr no limit");
}

TEST_F(ContainmentTest, ABotPastItsCpuTimeIsKilled) {
  BotLimits limits;
  limits.cpu_seconds = 1;  // one CPU second, however long the machine takes to give it
  BotProcess bot("while :; do :; done", {}, limits);
  EXPECT_EQ(bot.wait_exit(0ms).has_value(), false);
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{-1, SIGXCPU}));  // frozen clock: waits for the end
  bot.stop(0ms);
}

TEST_F(ContainmentTest, ABotPastItsMemoryCannotAllocate) {
  if (kPython.empty()) GTEST_SKIP() << "python3 was not found when the tests were configured";
  BotLimits limits;
  limits.memory_mb = 256;
  BotProcess bot(kPython + " -c 'x = bytearray(1 << 30)'", {}, limits);
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{1, 0}));
  bot.stop(0ms);
  EXPECT_NE(bot.stderr_tail().find("MemoryError"), std::string::npos) << bot.stderr_tail();
}

TEST_F(ContainmentTest, AForkBombStopsAtTheProcessLimit) {
  if (::getuid() == 0) GTEST_SKIP() << "the kernel does not apply RLIMIT_NPROC to root";
  BotLimits limits;
  limits.processes = 5;
  // The shell may give up at the first fork refused: the sleeps do not hold its output open.
  BotProcess bot(
      "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do "
      "sleep 100000 >/dev/null 2>&1 & done; echo started",
      {}, limits);
  all_lines(bot);
  bot.stop(0ms);
  EXPECT_GE(bot.processes_killed(), 1u);
  // 5 more than the user's tasks when it started (4 and the shell, as a lone user): fewer than
  // the 20 it tried, whatever else the user's other processes did meanwhile.
  EXPECT_LT(bot.processes_killed(), 20u);
  EXPECT_LE(bot.processes_killed(), 5u);
}

TEST_F(ContainmentTest, AChildHoldingThePipeOpenIsKilledWithTheBot) {
  const test::TempDir dir;
  BotProcess bot("sleep 100000 & echo $!; exit 3", dir / "bot.log", {}, testing::trusted());
  const pid_t helper = std::stoi(bot.read_line(Clock::now() + 1s).line);
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{3, 0}));
  // The bot has exited, but its output stays open: the helper holds it.
  EXPECT_EQ(bot.read_line(Clock::now()).status, IoStatus::kTimeout);
  EXPECT_TRUE(is_alive(helper));
  EXPECT_EQ(bot.stop(0ms), (ExitStatus{3, 0}));
  EXPECT_EQ(bot.processes_killed(), 1u);
  EXPECT_FALSE(is_alive(helper));  // killed and reaped by the host
  EXPECT_EQ(read_file(dir / "bot.log"),
            fmt::format("[wordgames: bot {} killed 1 process it had started and left running]\n",
                        bot.pid()));
}

TEST_F(ContainmentTest, ADaemonThatCalledSetsidIsKilledWithTheBot) {
  // setsid -f: the daemon leaves the bot's process group and session, and its parent exits at
  // once: orphaned, it comes back to the host (a subreaper), which kills it with the bot.
  BotProcess bot("setsid -f sh -c 'echo $$; exec sleep 100000 >/dev/null'; echo started", {}, {},
                 testing::trusted());
  pid_t daemon = -1;
  for (const std::string& line : all_lines(bot)) {
    if (line != "started") daemon = std::stoi(line);
  }
  ASSERT_GT(daemon, 0);
  EXPECT_EQ(testing::process_group_of(daemon), daemon);  // a group (and session) of its own
  EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{0, 0}));
  EXPECT_TRUE(is_alive(daemon));
  bot.stop(0ms);
  EXPECT_GE(bot.processes_killed(), 1u);
  EXPECT_FALSE(is_alive(daemon));
}

TEST_F(ContainmentTest, EndingOneBotLeavesTheOthersRunning) {
  BotProcess first("sleep 100000 & echo $!; exec cat", {}, {}, testing::trusted());
  BotProcess second("sleep 100000 & echo $!; exec cat", {}, {}, testing::trusted());
  const pid_t first_helper = std::stoi(first.read_line(Clock::now() + 1s).line);
  const pid_t second_helper = std::stoi(second.read_line(Clock::now() + 1s).line);
  first.stop(0ms);
  EXPECT_FALSE(is_alive(first_helper));
  EXPECT_TRUE(is_alive(second_helper));
  ASSERT_EQ(second.write_line("still here", Clock::now() + 1s), IoStatus::kOk);
  EXPECT_EQ(second.read_line(Clock::now() + 1s).line, "still here");
  second.stop(0ms);
  EXPECT_FALSE(is_alive(second_helper));
}

TEST_F(ContainmentGraceTest, ABotIgnoringSigtermIsKilledAfterTheGrace) {
  // trap '' makes SIGTERM ignored, and an ignored signal stays ignored across exec.
  const test::TempDir dir;
  BotProcess bot("trap '' TERM; echo ready; exec sleep 100000", dir / "bot.log");
  {
    FrozenClock frozen;  // no time limit on its start
    ASSERT_EQ(bot.read_line(Clock::now() + 1s).line, "ready");
  }
  EXPECT_EQ(bot.stop(20ms, 20ms), (ExitStatus{-1, SIGKILL}));
  EXPECT_EQ(read_file(dir / "bot.log"),
            fmt::format("[wordgames: bot {} ignored the end of its input and SIGTERM for 20 ms "
                        "each: killed]\n",
                        bot.pid()));
}

TEST_F(ContainmentGraceTest, ABotThatEndsOnSigtermIsNotKilled) {
  BotProcess bot("trap 'echo bye >&2; exit 5' TERM; echo ready; while :; do sleep 1; done");
  {
    FrozenClock frozen;
    ASSERT_EQ(bot.read_line(Clock::now() + 1s).line, "ready");
  }
  // The first grace passes (it does not read its input); after SIGTERM, the second is a bound
  // (10 minutes): the trap ends it well before.
  EXPECT_EQ(bot.stop(20ms, 600s), (ExitStatus{5, 0}));
  EXPECT_TRUE(bot.stderr_tail().ends_with("bye\n")) << bot.stderr_tail();
}

TEST_F(ContainmentTest, AFloodOfStderrIsCutAndNeverBlocksTheBot) {
  const test::TempDir dir;
  BotLimits limits;
  limits.stderr_kb = 2;
  {
    BotProcess bot("yes 'noise noise noise' | head -c 3000000 >&2; echo out", dir / "bot.log",
                   limits);
    // 3 MB is far more than a pipe holds: the bot gets to its reply only if the host drains it.
    EXPECT_EQ(bot.read_line(Clock::now() + 1s).line, "out");
    EXPECT_EQ(bot.wait_exit(1ms), (ExitStatus{0, 0}));
    bot.stop(0ms);
    EXPECT_EQ(bot.stderr_tail().size(), BotProcess::kStderrTail);
    EXPECT_TRUE(bot.stderr_tail().ends_with("noise noise ")) << bot.stderr_tail();  // 3 MB cut
  }
  const std::string log = read_file(dir / "bot.log");
  EXPECT_EQ(log.substr(0, 18), "noise noise noise\n");
  EXPECT_LE(log.size(), 2048u + 100u);
  EXPECT_NE(log.find("[wordgames: 2997952 more bytes of this bot's stderr were discarded]\n"),
            std::string::npos)
      << log.substr(2000);
}

TEST_F(ContainmentTest, StderrReachesTheLogWithControlCharactersEscaped) {
  const test::TempDir dir;
  {
    BotProcess bot("printf 'a\\033[2Jb\\tc\\n\\377\\n\\303\\251t\\303\\251\\n' >&2; echo out",
                   dir / "bot.log");
    EXPECT_EQ(bot.read_line(Clock::now() + 1s).line, "out");
    bot.stop(0ms);
  }
  EXPECT_EQ(read_file(dir / "bot.log"), "a\\x1b[2Jb\tc\n\\xff\n\xc3\xa9t\xc3\xa9\n");
}

TEST(PrintableTest, EscapesControlsAndBytesThatAreNotUtf8) {
  EXPECT_EQ(printable("plain text, été, \xe2\x82\xac 5"), "plain text, été, \xe2\x82\xac 5");
  EXPECT_EQ(printable("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
  EXPECT_EQ(printable("a\nb"), "a\\x0ab");
  EXPECT_EQ(printable("a\nb", true), "a\nb");
  EXPECT_EQ(printable("\x7f"), "\\x7f");
  EXPECT_EQ(printable("\xc2\x9b"), "\\xc2\\x9b");           // C1 CSI, obeyed by some terminals
  EXPECT_EQ(printable("\xff\xc3"), "\\xff\\xc3");           // not UTF-8; a sequence cut short
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_TRUE(is_valid_utf8("été \xf0\x9f\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
}

}  // namespace
}  // namespace wg::protocol
