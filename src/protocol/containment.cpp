#include "protocol/containment.h"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "protocol/directory_entries.h"

namespace wg::protocol {

namespace {

/// One process as /proc/PID/stat shows it.
struct ProcessInfo {
  pid_t pid = 0;
  pid_t parent = 0;
  pid_t group = 0;
  char state = '?';    ///< 'Z' (zombie) or 'X' (dead): ended, only waiting to be reaped
  int depth = 0;       ///< filled by mark_descendants: 1 for a child of the root
  char name[16] = {};  ///< its command's name (comm), cut to 15 bytes
  bool ended() const { return state == 'Z' || state == 'X'; }
  bool is_bwrap() const { return std::string_view(name) == "bwrap"; }
};

/// The table of a scan in a signal handler, which cannot allocate: processes past it are not
/// seen by one scan (ended ones are left out of it, so each round of killing sees new ones).
constexpr std::size_t kMaxProcesses = 4096;
using ProcessTable = std::array<ProcessInfo, kMaxProcesses>;

/// A decimal number of `text` (no sign), advancing it; -1 if there is none.
long parse_number(const char*& text, const char* end) {
  while (text < end && *text == ' ') ++text;
  if (text == end || *text < '0' || *text > '9') return -1;
  long n = 0;
  while (text < end && *text >= '0' && *text <= '9') n = n * 10 + (*text++ - '0');
  return n;
}

/// Reads /proc/PID/stat into `info`. Async-signal-safe.
bool read_stat(long pid, ProcessInfo& info) {
  char path[40] = "/proc/";
  char digits[24];
  int count = 0;
  for (long n = pid; n > 0 || count == 0; n /= 10)
    digits[count++] = static_cast<char>('0' + n % 10);
  std::size_t at = 6;
  while (count > 0) path[at++] = digits[--count];
  for (const char c : std::string_view("/stat")) path[at++] = c;
  path[at] = '\0';
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char stat[512];
  const ssize_t n = ::read(fd, stat, sizeof stat);
  ::close(fd);
  if (n <= 0) return false;
  // "PID (COMM) STATE PPID PGRP ...": COMM may hold anything, ')' too: the last ')' ends it.
  const char* end = stat + n;
  const char* paren = end;
  for (const char* p = stat; p < end; ++p) {
    if (*p == ')') paren = p;
  }
  if (paren + 3 >= end) return false;
  const char* open = stat;
  while (open < paren && *open != '(') ++open;
  std::size_t length = 0;
  for (const char* c = open + 1; c < paren && length + 1 < sizeof info.name; ++c) {
    info.name[length++] = *c;
  }
  info.name[length] = '\0';
  const char* field = paren + 2;
  info.pid = static_cast<pid_t>(pid);
  info.state = *field++;
  info.parent = static_cast<pid_t>(parse_number(field, end));
  info.group = static_cast<pid_t>(parse_number(field, end));
  info.depth = 0;
  return true;
}

/// Every process of /proc (only those still running if `running_only`), up to `capacity`; the
/// count. Raw system calls only, no allocation: async-signal-safe.
std::size_t scan_processes(ProcessInfo* table, std::size_t capacity, bool running_only) {
  std::size_t count = 0;
  detail::for_each_directory_entry("/proc", [&](const char* name, int) {
    const char* name_end = name;
    while (*name_end != '\0') ++name_end;
    const long pid = parse_number(name, name_end);
    if (pid <= 0 || name != name_end || count == capacity) return;
    if (read_stat(pid, table[count]) && !(running_only && table[count].ended())) ++count;
  });
  return count;
}

/// Every process of /proc, however many: the table grows until one scan fits in it.
std::size_t scan_all_processes(std::vector<ProcessInfo>& table) {
  if (table.size() < kMaxProcesses) table.resize(kMaxProcesses);
  for (;;) {
    const std::size_t count = scan_processes(table.data(), table.size(), false);
    if (count < table.size()) return count;
    table.resize(table.size() * 2);
  }
}

/// Sets the depth of every process that descends from `root` (1 for its children). The parent
/// links of a snapshot, followed generation by generation. Async-signal-safe.
void mark_descendants(ProcessInfo* table, std::size_t count, pid_t root) {
  for (int generation = 1;; ++generation) {
    bool marked = false;
    for (std::size_t i = 0; i < count; ++i) {
      if (table[i].depth != 0 || table[i].pid == root) continue;
      bool child = table[i].parent == root && generation == 1;
      for (std::size_t j = 0; !child && j < count; ++j) {
        child =
            table[j].depth == generation - 1 && generation > 1 && table[j].pid == table[i].parent;
      }
      if (child) {
        table[i].depth = generation;
        marked = true;
      }
    }
    if (!marked) return;
  }
}

/// A bound on the rounds of killing, for a process that cannot die (stuck in the kernel).
constexpr int kMaxKillRounds = 10000;

/// The running bots' leaders (each its own process group's id), and the lock around starting
/// and ending bots.
std::mutex bots_mutex;
/// Bots not ended yet: their process groups are theirs.
std::set<pid_t>& running() {
  static std::set<pid_t> leaders;
  return leaders;
}
/// Bots' leaders not reaped yet (their BotProcess reaps them): never taken for orphans.
std::set<pid_t>& unreaped() {
  static std::set<pid_t> leaders;
  return leaders;
}

constexpr int kHostEndingSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void kill_bots_and_end(int signal) {
  const int saved_errno = errno;
  kill_all_descendants();
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal, &fallback, nullptr);
  ::raise(signal);  // delivered once this handler returns: the end, as by default
  errno = saved_errno;
}

}  // namespace

std::string BotLimits::describe() const {
  const auto limit = [](std::uint64_t value, std::string_view text) {
    return value == 0 ? std::string("no limit") : fmt::format(fmt::runtime(text), value);
  };
  return fmt::format("cpu {}, memory {}, processes {}, open files {}, file size {}, stderr {}",
                     limit(cpu_seconds, "{} s"), limit(memory_mb, "{} MiB"), limit(processes, "{}"),
                     limit(open_files, "{}"), limit(file_size_mb, "{} MiB"),
                     limit(stderr_kb, "{} KiB"));
}

std::uint64_t user_task_count() { return user_task_count(::getuid()); }

std::uint64_t user_task_count(uid_t user) {
  std::uint64_t tasks = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    std::string line;
    bool mine = false;
    while (std::getline(status, line)) {
      if (line.starts_with("Uid:")) {
        std::istringstream fields(line.substr(4));
        uid_t real = 0;
        mine = (fields >> real) && real == user;
      } else if (line.starts_with("Threads:") && mine) {
        tasks += std::strtoull(line.c_str() + 8, nullptr, 10);
        break;
      }
    }
  }
  return tasks;
}

bool adopt_orphans() {
  static const bool adopted = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  return adopted;
}

int kill_all_descendants() noexcept {
  // Static: a signal handler's stack may be small. Two handlers at once (two signals) share it
  // harmlessly enough: each kills what it reads.
  static ProcessTable table;
  const pid_t host = ::getpid();
  int killed = 0;
  for (int round = 0; round < kMaxKillRounds; ++round) {
    // Ended processes left out: they have no children any more (theirs went to the host), and
    // here nobody reaps them, so they would fill the table.
    const std::size_t count = scan_processes(table.data(), table.size(), true);
    mark_descendants(table.data(), count, host);
    bool any_running = false;
    for (std::size_t i = 0; i < count; ++i) {
      if (table[i].depth == 0 || table[i].ended()) continue;
      any_running = true;
      if (::kill(table[i].pid, SIGKILL) == 0 && round == 0) ++killed;
    }
    if (!any_running) break;
    ::sched_yield();  // let the killed die
  }
  return killed;
}

void end_bots_with_the_host() {
  for (const int signal : kHostEndingSignals) {
    struct sigaction action {};
    action.sa_handler = kill_bots_and_end;
    sigemptyset(&action.sa_mask);
    for (const int other : kHostEndingSignals) sigaddset(&action.sa_mask, other);
    action.sa_flags = SA_RESTART;
    ::sigaction(signal, &action, nullptr);
  }
}

namespace running_bots {

void lock() { bots_mutex.lock(); }
void unlock() { bots_mutex.unlock(); }
void add(pid_t leader) {
  running().insert(leader);
  unreaped().insert(leader);
}

std::vector<pid_t> end(pid_t leader, std::size_t* sandbox_processes) {
  const std::lock_guard lock(bots_mutex);
  running().erase(leader);
  ::kill(-leader, SIGKILL);  // the leader is not reaped yet: the group id is still the bot's
  ::kill(leader, SIGKILL);
  std::vector<ProcessInfo> table;
  const pid_t host = ::getpid();
  std::vector<std::pair<int, pid_t>> killed;  // (depth, pid)
  for (int round = 0; round < kMaxKillRounds; ++round) {
    const std::size_t count = scan_all_processes(table);
    mark_descendants(table.data(), count, host);
    // The bot's own processes: below its leader in the tree.
    std::set<pid_t> below_leader{leader};
    for (int generation = 0; generation < 64; ++generation) {
      for (std::size_t i = 0; i < count; ++i) {
        if (below_leader.contains(table[i].parent)) below_leader.insert(table[i].pid);
      }
    }
    bool any_running = false;
    for (std::size_t i = 0; i < count; ++i) {
      const ProcessInfo& p = table[i];
      if (p.pid == leader || p.depth == 0) continue;
      // An orphan the host adopted that no running bot owns (by its process group).
      const bool stray =
          p.parent == host && !unreaped().contains(p.pid) && !running().contains(p.group);
      if (!stray && !below_leader.contains(p.pid)) continue;
      if (std::none_of(killed.begin(), killed.end(), [&](auto& k) { return k.second == p.pid; })) {
        killed.emplace_back(p.depth, p.pid);
        if (sandbox_processes != nullptr && p.is_bwrap()) ++*sandbox_processes;
      }
      if (p.ended()) continue;
      any_running = true;
      ::kill(p.pid, SIGKILL);
    }
    if (!any_running) break;
    ::sched_yield();  // let the killed die
  }
  std::stable_sort(killed.begin(), killed.end());
  std::vector<pid_t> pids;
  for (const auto& k : killed) pids.push_back(k.second);
  return pids;
}

int signal_descendants(pid_t leader, int signal) {
  std::vector<ProcessInfo> table;
  const std::size_t count = scan_all_processes(table);
  mark_descendants(table.data(), count, leader);
  int signalled = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (table[i].depth > 0 && !table[i].ended() && ::kill(table[i].pid, signal) == 0) ++signalled;
  }
  return signalled;
}

void reap_killed(pid_t leader, const std::vector<pid_t>& killed) {
  {
    const std::lock_guard lock(bots_mutex);
    unreaped().erase(leader);
  }
  // Parents first: a process becomes the host's child when its parent has died.
  for (const pid_t pid : killed) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
}

}  // namespace running_bots

}  // namespace wg::protocol
