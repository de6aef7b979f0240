#pragma once
// Checks that tests of bots leave no process behind: no bot left unreaped (a zombie), and no
// process a bot started still running after the bot was ended (an orphan).
//
// The test process makes itself a child subreaper, so that orphans of its bots become its own
// children instead of init's: then "no children left" means no zombies and no orphans.

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "protocol/bot_process.h"
#include "support/blocking_wait.h"

namespace wg::protocol::testing {

/// The process group of `pid` from /proc (also for a zombie), or -1.
inline pid_t process_group_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos) return -1;
  std::istringstream fields(stat.substr(paren + 1));
  char state = 0;
  pid_t parent = 0;
  pid_t group = -1;
  fields >> state >> parent >> group;
  return group;
}

/// True while `pid` exists, running or a zombie not reaped yet (kill with signal 0).
inline bool is_alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

/// The parent of `pid` from /proc, or 0 when it is gone.
inline pid_t parent_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos) return 0;
  std::istringstream fields(stat.substr(paren + 1));
  char state = 0;
  pid_t parent = 0;
  fields >> state >> parent;
  return parent;
}

/// True while `pid` is alive and one of this process's descendants. For a subreaping test, what
/// escaped it is still its descendant (orphans come to it); a number freed and given to some
/// other program meanwhile (pids are reused) is not, so that it never counts as a survivor.
inline bool is_alive_below_us(pid_t pid) {
  if (!is_alive(pid)) return false;
  for (pid_t at = parent_of(pid); at > 1; at = parent_of(at)) {
    if (at == ::getpid()) return true;
  }
  return false;
}

/// The processes whose parent is this one, from /proc.
inline std::vector<pid_t> living_children() {
  std::vector<pid_t> children;
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
    if (parent == ::getpid()) children.push_back(std::stoi(name));
  }
  return children;
}

/// Fails the test for any child left: a bot not reaped (the leader of its own process group,
/// which is how bots are started), or any process still running after the hang guard. Reaps
/// the orphans that were killed with their bot's group (expected: the bot's host kills the
/// group). Waits by blocking until a living child ends (its pidfd), never by polling: a killed
/// orphan is gone in moments, and the hang guard (support/blocking_wait.h) only bounds the wait
/// of a failing test.
inline void expect_no_stray_children() {
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
      if (errno == EINTR) continue;
      if (errno != ECHILD) ADD_FAILURE() << "waitid: " << errno;
      return;  // no child left
    }
    if (info.si_pid != 0) {
      const pid_t pid = info.si_pid;
      if (process_group_of(pid) == pid) ADD_FAILURE() << "bot " << pid << " was left a zombie";
      ::waitpid(pid, nullptr, 0);
      continue;
    }
    // Children, none ended yet: wait for one of them to end.
    const std::vector<pid_t> alive = living_children();
    if (alive.empty()) continue;  // it ended between the two looks: waitid reports it now
    const wg::test::ChildHandle child(alive.front());
    if (child.fd() < 0) continue;  // gone already
    if (!wg::test::wait_readable(child.fd())) {
      for (const pid_t pid : living_children()) {
        ADD_FAILURE() << "process " << pid << " is still running";
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
      }
      return;
    }
  }
}

/// Blocks until a child of this process has ended, without reaping it (its host still owns it):
/// a deterministic "the bot has exited" for a test whose only child is that bot. Returns its pid.
inline pid_t wait_for_a_child_to_end() {
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_ALL, 0, &info, WEXITED | WNOWAIT) == 0) return info.si_pid;
    if (errno != EINTR) {
      ADD_FAILURE() << "waitid: " << errno;
      return -1;
    }
  }
}

/// No sandbox: for tests of what the host does with a bot's processes, which need to see them as
/// they are (their pids, files outside the bot's folder, a signal to the test process).
inline SandboxOptions trusted() {
  SandboxOptions options;
  options.enabled = false;
  return options;
}

/// The signal a bot sends the test process to let a FrozenClock run (test_bot.py --wake).
inline constexpr int kWakeSignal = SIGUSR1;

extern "C" inline void unfreeze_on_wake(int) { Clock::unfreeze(); }  // a lock-free atomic store

/// Freezes the protocol's Clock (protocol/bot_process.h) while it exists: no deadline passes,
/// so the test depends only on what its bots do, never on how fast the machine runs them. A bot
/// that stops replying on purpose sends kWakeSignal first, which lets the clock run: then, and
/// only then, the host's time limit passes (a bot cannot reply too late by being slow).
class FrozenClock {
 public:
  FrozenClock() {
    struct sigaction wake {};
    wake.sa_handler = unfreeze_on_wake;
    sigemptyset(&wake.sa_mask);
    wake.sa_flags = SA_RESTART;
    ::sigaction(kWakeSignal, &wake, nullptr);
    Clock::freeze();
  }
  ~FrozenClock() { Clock::unfreeze(); }
  FrozenClock(const FrozenClock&) = delete;
  FrozenClock& operator=(const FrozenClock&) = delete;
};

/// Base of every test that starts bots.
class ChildProcessTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }
  void TearDown() override { expect_no_stray_children(); }
};

}  // namespace wg::protocol::testing
