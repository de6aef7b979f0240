// protocol/sandbox.h: hostile bots against the sandbox. Each attack is a real program
// (tests/protocol/bots/sandbox_probe.py) that tries it and says whether it worked; where the
// sandbox is what stops it, the same probe without the sandbox shows that the attack is real.
// The tests wait for what the bots write and for processes to end, never for time to pass; they
// are skipped where bwrap cannot make its namespaces.

#include "protocol/sandbox.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "child_processes.h"
#include "games/auction/bots.h"
#include "games/auction/game.h"
#include "lexicon/lexicon.h"
#include "protocol/bot_process.h"
#include "protocol/external_player.h"
#include "support/temp_dir.h"

namespace wg::protocol {
namespace {

using namespace std::chrono_literals;
using testing::ChildProcessTest;
using testing::FrozenClock;
using testing::is_alive_below_us;
using testing::trusted;

const std::string kPython = WG_PYTHON3;
const std::string kSource = WG_SOURCE_DIR;
const std::filesystem::path kBots = kSource + "/tests/protocol/bots";

std::string probe(const std::string& attack) {
  return fmt::format("{} {}/sandbox_probe.py {}", kPython, kBots.string(), attack);
}

/// The processes that descend from `root` (not itself), from /proc, parents first.
std::vector<pid_t> descendants_of(pid_t root) {
  std::vector<std::pair<pid_t, pid_t>> links;  // (pid, parent)
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto paren = stat.rfind(')');
    if (paren == std::string::npos) continue;
    std::istringstream fields(stat.substr(paren + 1));
    char state = 0;
    pid_t parent = 0;
    fields >> state >> parent;
    links.emplace_back(std::stoi(name), parent);
  }
  std::vector<pid_t> found;
  std::set<pid_t> seen{root};
  for (bool more = true; more;) {
    more = false;
    for (const auto& [pid, parent] : links) {
      if (seen.contains(parent) && !seen.contains(pid)) {
        seen.insert(pid);
        found.push_back(pid);
        more = true;
      }
    }
  }
  return found;
}

/// A listening TCP socket on 127.0.0.1, opened without close-on-exec (as Asio opens them).
class Listener {
 public:
  Listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
        ::listen(fd_, 8) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
      ADD_FAILURE() << "cannot listen on 127.0.0.1: " << errno;
    }
    port_ = ntohs(address.sin_port);
  }
  ~Listener() { ::close(fd_); }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

/// A process of the host's for a bot to attack: it waits for a signal. Killed and reaped at the
/// end.
class Bystander {
 public:
  Bystander() {
    pid_ = ::fork();
    if (pid_ == 0) {
      for (;;) ::pause();
    }
  }
  ~Bystander() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  Bystander(const Bystander&) = delete;
  Bystander& operator=(const Bystander&) = delete;
  pid_t pid() const { return pid_; }
  /// Still running: not ended, even as a zombie.
  bool running() const {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == 0;
  }

 private:
  pid_t pid_ = -1;
};

/// Reaps every child of this test as it ends (orphans of a host that was killed come to it),
/// blocking until the last has ended; fails for any still running at the hang guard.
void reap_every_child() {
  for (;;) {
    const pid_t ended = ::waitpid(-1, nullptr, WNOHANG);
    if (ended > 0) continue;
    if (ended < 0 && errno == EINTR) continue;
    if (ended < 0) return;  // ECHILD: none left
    const std::vector<pid_t> alive = testing::living_children();
    if (alive.empty()) continue;
    const wg::test::ChildHandle child(alive.front());
    if (child.fd() >= 0 && !wg::test::wait_readable(child.fd())) {
      ADD_FAILURE() << "process " << alive.front() << " is still running";
      for (const pid_t pid : testing::living_children()) ::kill(pid, SIGKILL);
    }
  }
}

/// Tests with a sandbox, and the clock frozen: each waits for what its bot writes.
class SandboxTest : public ChildProcessTest {
 protected:
  void SetUp() override {
    if (kPython.empty()) GTEST_SKIP() << "python3 was not found when the tests were configured";
    if (const auto why = sandbox_unusable()) GTEST_SKIP() << "no sandbox here: " << *why;
  }

  /// What the probe says of `attack` on `arg`, run with `sandbox` by a host of its own: a
  /// child of this test (a subreaper too), so that no process of the test's is the host's and
  /// the host's own walk of its bot's processes. With `terminal`, the host has a controlling
  /// terminal, a new pseudo-terminal, as a player's shell has.
  static std::string attempt(const std::string& attack, const std::string& arg = "",
                             const SandboxOptions& sandbox = {}, bool terminal = false) {
    int result[2];
    if (::pipe2(result, O_CLOEXEC) != 0) return "pipe failed";
    const pid_t host = ::fork();
    if (host == 0) {
      ::prctl(PR_SET_CHILD_SUBREAPER, 1);
      std::string said = "no terminal";
      const int master = terminal ? ::posix_openpt(O_RDWR | O_NOCTTY) : -1;
      if (!terminal || (::setsid() >= 0 && master >= 0 && ::grantpt(master) == 0 &&
                        ::unlockpt(master) == 0 && ::open(::ptsname(master), O_RDWR) >= 0)) {
        BotProcess bot(probe(attack), {}, {}, sandbox);
        bot.write_line(arg, Clock::now() + 1s);
        const ReadResult read = bot.read_line(Clock::now() + 1s);  // frozen: waits for its line
        said = read.status == IoStatus::kOk ? read.line : "no answer: " + bot.stderr_tail();
        bot.write_line("end", Clock::now() + 1s);
        bot.stop(1s);
      }
      [[maybe_unused]] const ssize_t written = ::write(result[1], said.data(), said.size());
      ::_exit(0);
    }
    ::close(result[1]);
    std::string said;
    char chunk[512];
    for (ssize_t n; (n = ::read(result[0], chunk, sizeof chunk)) > 0;) said.append(chunk, n);
    ::close(result[0]);
    ::waitpid(host, nullptr, 0);
    return said;
  }

 private:
  FrozenClock frozen_;
};

bool blocked(const std::string& said) { return said.starts_with("blocked: "); }

TEST(SandboxProbeTest, TheSandboxIsUsableWhereBwrapRuns) {
  // The tests below skip where no sandbox can be made; this one keeps a fault of the host's own
  // probe (a bot's start that refuses what the probe asks of it) from passing for a machine
  // without one.
  const std::optional<std::filesystem::path> bwrap = find_bwrap({});
  if (!bwrap) GTEST_SKIP() << "bwrap is not installed";
  const std::string plain = bwrap->string() + " --ro-bind / / true >/dev/null 2>&1";
  if (std::system(plain.c_str()) != 0) GTEST_SKIP() << "bwrap cannot make a namespace here";
  EXPECT_EQ(sandbox_unusable(), std::nullopt) << *sandbox_unusable();
}

TEST_F(SandboxTest, TheBotCannotReadThePlayersFiles) {
  const test::TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
  const auto secret = dir.write("secret.txt", "the player's secret\n");
  std::filesystem::permissions(secret, std::filesystem::perms(0644));
  EXPECT_EQ(attempt("read", secret.string(), trusted()), "escaped: read the player's secret");
  EXPECT_EQ(attempt("read", secret.string()), "blocked: ENOENT");
  // Nor the player's home folder, nor the rest of the working folder (the project).
  if (const char* home = std::getenv("HOME")) {
    EXPECT_TRUE(blocked(attempt("read", std::string(home) + "/.bashrc")));
  }
  EXPECT_TRUE(blocked(attempt("read", kSource + "/README.md")));
  // Its own folder it can read.
  EXPECT_TRUE(attempt("read", (kBots / "zero_bot.sh").string()).starts_with("escaped: read #!"));
}

TEST_F(SandboxTest, TheBotCannotWriteOutsideItsTemporaryFolder) {
  const test::TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms(0777));
  EXPECT_EQ(attempt("write", (dir / "trusted.txt").string(), trusted()),
            "escaped: wrote " + (dir / "trusted.txt").string());
  EXPECT_TRUE(blocked(attempt("write", (dir / "bot.txt").string())));
  EXPECT_FALSE(std::filesystem::exists(dir / "bot.txt"));
  // Its own folder is read-only; so is the system.
  EXPECT_EQ(attempt("write", (kBots / "written-by-a-bot.txt").string()), "blocked: EROFS");
  EXPECT_FALSE(std::filesystem::exists(kBots / "written-by-a-bot.txt"));
  EXPECT_TRUE(blocked(attempt("write", "/usr/written-by-a-bot.txt")));
  // Its /tmp is its own: writable, and gone with it.
  const bool host_had_it = std::filesystem::exists("/tmp/probe.txt");
  EXPECT_EQ(attempt("write-tmp"), "escaped: wrote /tmp/probe.txt");
  if (!host_had_it) EXPECT_FALSE(std::filesystem::exists("/tmp/probe.txt"));
}

TEST_F(SandboxTest, TheBotHasNoNetworkNotEvenTheHostsLoopback) {
  const Listener listener;
  const std::string port = std::to_string(listener.port());
  EXPECT_EQ(attempt("connect", port, trusted()), "escaped: connected to port " + port);
  EXPECT_EQ(attempt("connect", port), "blocked: ECONNREFUSED");
}

TEST_F(SandboxTest, TheBotCannotSeeOrSignalTheHost) {
  const Bystander host;
  const std::string pid = std::to_string(host.pid());
  EXPECT_EQ(attempt("see", pid), "blocked: ESRCH");
  EXPECT_EQ(attempt("see", std::to_string(::getpid())), "blocked: ESRCH");
  EXPECT_EQ(attempt("kill", pid), "blocked: ESRCH");
  EXPECT_TRUE(host.running());
  const Bystander victim;
  EXPECT_EQ(attempt("kill", std::to_string(victim.pid()), trusted()),
            "escaped: killed " + std::to_string(victim.pid()));
  EXPECT_FALSE(victim.running());
}

// The launcher's part, with or without the sandbox: a session of its own, only its pipes.
TEST_F(SandboxTest, TheBotInheritsNoDescriptorOfTheHost) {
  const Listener listener;  // not close-on-exec: without the launcher's care, every bot gets it
  EXPECT_EQ(attempt("fds"), "blocked: only 0, 1 and 2");
  EXPECT_EQ(attempt("fds", "", trusted()), "blocked: only 0, 1 and 2");
}

TEST_F(SandboxTest, TheBotHasNoControllingTerminal) {
  // Without a terminal of its own, no TIOCSTI into the player's shell, no escape sequences
  // written to /dev/tty.
  EXPECT_EQ(attempt("tty", "", {}, true), "blocked: /dev/tty: ENXIO, TIOCSTI refused");
  EXPECT_EQ(attempt("tty", "", trusted(), true), "blocked: /dev/tty: ENXIO, TIOCSTI refused");
}

TEST_F(SandboxTest, NothingTheBotStartedOutlivesIt) {
  BotProcess bot(probe("daemon"));
  ASSERT_EQ(bot.write_line("", Clock::now() + 1s), IoStatus::kOk);
  ASSERT_EQ(bot.read_line(Clock::now() + 1s).line, "escaped: started a daemon");
  // bwrap, the sandbox's init, the probe, its daemon.
  const std::vector<pid_t> sandbox = descendants_of(bot.pid());
  EXPECT_GE(sandbox.size(), 3u);
  ASSERT_EQ(bot.write_line("end", Clock::now() + 1s), IoStatus::kOk);
  EXPECT_EQ(bot.wait_exit(1s), (ExitStatus{0, 0}));  // frozen clock: waits for its exit
  bot.stop(0ms);
  for (const pid_t pid : sandbox) EXPECT_FALSE(is_alive_below_us(pid)) << pid;
}

TEST_F(SandboxTest, WhenTheHostIsKilledEverythingInTheSandboxEnds) {
  // A host (a child of this test) starts a bot that leaves a daemon, tells this test the pids
  // of the sandbox's processes, then is killed with SIGKILL, which it cannot catch: bwrap dies
  // with its parent, the namespace's init with bwrap, and every process of the namespace with
  // its init. This test is a subreaper: the orphans come to it, so nothing escapes its notice.
  int report[2];
  ASSERT_EQ(::pipe(report), 0);
  const pid_t host = ::fork();
  ASSERT_GE(host, 0);
  if (host == 0) {
    ::close(report[0]);
    BotProcess bot(probe("daemon"));
    bot.write_line("", Clock::now() + 1s);
    std::string pids;
    if (bot.read_line(Clock::now() + 1s).status == IoStatus::kOk) {
      for (const pid_t pid : descendants_of(::getpid())) pids += std::to_string(pid) + " ";
    }
    [[maybe_unused]] const ssize_t written = ::write(report[1], pids.data(), pids.size());
    ::close(report[1]);
    for (;;) ::pause();
  }
  ::close(report[1]);
  std::string text;
  char chunk[512];
  for (ssize_t n; (n = ::read(report[0], chunk, sizeof chunk)) > 0;) text.append(chunk, n);
  ::close(report[0]);
  std::istringstream words(text);
  std::vector<pid_t> sandbox;
  for (pid_t pid; words >> pid;) sandbox.push_back(pid);
  EXPECT_GE(sandbox.size(), 3u) << text;
  ASSERT_EQ(::kill(host, SIGKILL), 0);
  ASSERT_EQ(::waitpid(host, nullptr, 0), host);
  reap_every_child();
  for (const pid_t pid : sandbox) EXPECT_FALSE(is_alive_below_us(pid)) << pid;
}

TEST_F(SandboxTest, TheProcessLimitBindsEvenWhenTheHostIsRoot) {
  BotLimits limits;
  limits.processes = 5;
  BotProcess bot(probe("fork-bomb"), {}, limits);
  bot.write_line("20", Clock::now() + 1s);
  const std::string said = bot.read_line(Clock::now() + 1s).line;
  // 5 more than nobody's tasks when it started (so 4 here, bwrap's two and the probe counted,
  // as a lone user), whatever other bots did meanwhile: fewer than the 20 it tried.
  ASSERT_TRUE(said.starts_with("blocked: started ")) << said;
  EXPECT_LT(std::stoi(said.substr(17)), 20) << said;
  bot.stop(0ms);
  if (::getuid() == 0) {
    // Without the sandbox, root's processes have no limit: all 20 start.
    BotProcess root(probe("fork-bomb"), {}, limits, trusted());
    root.write_line("20", Clock::now() + 1s);
    EXPECT_EQ(root.read_line(Clock::now() + 1s).line, "escaped: started 20");
    root.stop(0ms);
  }
}

TEST_F(SandboxTest, AHostileBotLeavesTheHostAndTheGameUnharmed) {
  // At every bid it kills and stops its parent ($PPID), then plays on (bids 0).
  ASSERT_TRUE(ExternalBotOptions{}.sandbox.enabled);  // outside a sandbox, it would kill the test
  auto hostile = start_external_player("/bin/sh " + (kBots / "hostile_bot.sh").string() + " host");
  std::vector<std::unique_ptr<auction::Player>> players;
  players.push_back(std::move(hostile));
  players.push_back(auction::make_bot("value", default_lexicon()));
  auction::Rules rules;
  rules.players = 2;
  rules.rounds = 2;
  auction::Game game(rules, default_lexicon(), std::move(players), 3);
  std::vector<std::string> faults;
  int rounds = 0;
  game.play([&](const auction::GameEvent& event) {
    if (const auto* a = std::get_if<auction::AuctionHeld>(&event)) {
      if (a->bids[0].bidding) faults.push_back(a->bids[0].fault);
    }
    if (std::holds_alternative<auction::RoundEnded>(event)) ++rounds;
  });
  EXPECT_EQ(rounds, 2);
  ASSERT_FALSE(faults.empty());
  for (const std::string& fault : faults) EXPECT_EQ(fault, "");  // it played every bid
}

TEST(SandboxMissingTest, WithoutBwrapABotIsRefusedWithWhatToInstall) {
  SandboxOptions missing;
  missing.bwrap = "/nonexistent/bwrap";
  EXPECT_THROW(BotProcess("true", {}, {}, missing), SandboxUnavailable);
  ExternalBotOptions options;
  options.sandbox = missing;
  try {
    start_external_player("true", options);
    ADD_FAILURE() << "started without bwrap";
  } catch (const ExternalBotError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("bubblewrap"), std::string::npos) << message;
    EXPECT_NE(message.find("--trusted-bots"), std::string::npos) << message;
  }
}

TEST(SandboxPathsTest, TheFoldersTheCommandNamesAreShown) {
  const std::filesystem::path src = kSource;
  EXPECT_EQ(bot_paths("python3 examples/auction_bot.py data/enable1.txt", src),
            (std::vector<std::filesystem::path>{src / "data", src / "examples"}));
  EXPECT_EQ(bot_paths("python3 examples/auction_bot.py --words=data/enable1.txt", src),
            (std::vector<std::filesystem::path>{src / "data", src / "examples"}));
  // Inside quotes too (a command given to sh -c), and by absolute path; system folders never.
  EXPECT_EQ(bot_paths("/bin/sh -c 'cat /proc/self/limits >&2; exec /bin/sh " + src.string() +
                          "/tests/protocol/bots/zero_bot.sh'",
                      "/"),
            (std::vector<std::filesystem::path>{kBots}));
  // A folder inside another is shown with it.
  EXPECT_EQ(bot_paths("./tests/protocol/bots/zero_bot.sh tests", src),
            (std::vector<std::filesystem::path>{src / "tests"}));
  EXPECT_EQ(bot_paths("sh -c 'while :; do :; done'", src), std::vector<std::filesystem::path>{});
  EXPECT_EQ(bot_paths("python3 /usr/lib/x.py /tmp / /etc/passwd", src),
            std::vector<std::filesystem::path>{});
  const test::TempDir dir;
  dir.write("my bot.py", "");
  EXPECT_EQ(bot_paths("python3 'my bot.py'", dir.path()),
            std::vector<std::filesystem::path>{dir.path()});
}

}  // namespace
}  // namespace wg::protocol
