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

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

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
/// which is how bots are started), or any process still running after a grace. Reaps the
/// orphans that were killed with their bot's group (expected: the bot's host kills the group).
inline void expect_no_stray_children() {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::seconds(3);
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
      if (errno == EINTR) continue;
      if (errno != ECHILD) ADD_FAILURE() << "waitid: " << errno;
      return;
    }
    if (info.si_pid != 0) {
      const pid_t pid = info.si_pid;
      if (process_group_of(pid) == pid) ADD_FAILURE() << "bot " << pid << " was left a zombie";
      ::waitpid(pid, nullptr, 0);
      continue;
    }
    if (Clock::now() >= deadline) {
      for (const pid_t pid : living_children()) {
        ADD_FAILURE() << "process " << pid << " is still running";
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
      }
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

/// Base of every test that starts bots.
class ChildProcessTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }
  void TearDown() override { expect_no_stray_children(); }
};

}  // namespace wg::protocol::testing
