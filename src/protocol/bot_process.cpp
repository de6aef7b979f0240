#include "protocol/bot_process.h"

#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <iterator>
#include <limits>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/file_io.h"
#include "protocol/directory_entries.h"
#include "protocol/printable.h"

extern char** environ;

namespace wg::protocol {

namespace {

/// The frozen time as a count of Clock::duration, or kRunning.
constexpr Clock::rep kRunning = std::numeric_limits<Clock::rep>::min();
std::atomic<Clock::rep> frozen_at{kRunning};
static_assert(std::atomic<Clock::rep>::is_always_lock_free, "unfreeze() is async-signal-safe");

Clock::time_point steady_now() noexcept {
  return Clock::time_point(std::chrono::steady_clock::now().time_since_epoch());
}

[[noreturn]] void throw_errno(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

/// A file descriptor closed on destruction, for the constructor's error paths.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read;
  Fd write;
};

Pipe make_pipe() {
  int fds[2];
  // Close-on-exec from creation: a bot started by another thread at the same moment must not
  // inherit this pipe (it would keep it open, and the end of file would never come).
  if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno(errno, "pipe2");
  return Pipe{Fd(fds[0]), Fd(fds[1])};
}

/// Milliseconds from now to `deadline`, rounded up (poll's unit), at least 0.
int poll_timeout(Clock::time_point deadline) {
  const auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<std::int64_t>(ms, 1'000'000));
}

/// write(2) that reports EPIPE without the process receiving SIGPIPE. SIGPIPE from a write is
/// sent to the writing thread, so blocking it in this thread leaves it pending here, where
/// sigtimedwait consumes it (unless one was already pending, which is not ours to take).
ssize_t write_without_sigpipe(int fd, const char* data, std::size_t size) {
  sigset_t pipe_only;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  sigset_t old_mask;
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old_mask);
  sigset_t pending;
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  const ssize_t written = ::write(fd, data, size);
  const int error = errno;
  if (written < 0 && error == EPIPE && !was_pending) {
    const timespec no_wait{0, 0};
    while (::sigtimedwait(&pipe_only, nullptr, &no_wait) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  errno = error;
  return written;
}

/// Writes all of `text` to `fd` (a log: a failed write is dropped, the bot's game goes on).
void write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

ExitStatus exit_status_of(int wait_status) {
  ExitStatus status;
  if (WIFEXITED(wait_status)) {
    status.exit_code = WEXITSTATUS(wait_status);
  } else if (WIFSIGNALED(wait_status)) {
    status.signal = WTERMSIG(wait_status);
  }
  return status;
}

/// Words the shell itself handles (reserved words, builtins without a program of the same name):
/// `exec` would look for a program instead.
bool is_shell_word(std::string_view word) {
  static constexpr std::string_view kWords[] = {
      "!",      "{",       "}",       ".",        ":",      "alias", "bg",   "break",
      "case",   "cd",      "command", "continue", "do",     "done",  "elif", "else",
      "esac",   "eval",    "exec",    "exit",     "export", "fc",    "fg",   "fi",
      "for",    "getopts", "hash",    "if",       "jobs",   "local", "read", "readonly",
      "return", "set",     "shift",   "then",     "times",  "trap",  "type", "ulimit",
      "umask",  "unalias", "unset",   "until",    "wait",   "while"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

bool is_plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("_./,:+=@%^-").find(c) != std::string_view::npos;
}

struct ResourceLimit {
  int resource = 0;
  rlimit value{};
};

/// The setrlimit calls that apply `limits` (core dumps always off), for a bot run as `user`
/// through `launchers` processes of its own (bwrap's) besides those the limit allows it.
std::vector<ResourceLimit> resource_limits(const BotLimits& limits, uid_t user, int launchers) {
  std::vector<ResourceLimit> result;
  const auto add = [&](int resource, std::uint64_t soft, std::uint64_t hard) {
    rlimit current{};
    ::getrlimit(resource, &current);
    // Never above the host's own hard limit (raising it would fail, and the limit not be set).
    const rlim_t cap = current.rlim_max;
    result.push_back({resource, {std::min<rlim_t>(soft, cap), std::min<rlim_t>(hard, cap)}});
  };
  constexpr std::uint64_t kMiB = 1024 * 1024;
  if (limits.cpu_seconds > 0) add(RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 1);
  if (limits.memory_mb > 0) add(RLIMIT_AS, limits.memory_mb * kMiB, limits.memory_mb * kMiB);
  if (limits.processes > 0) {
    const std::uint64_t n = user_task_count(user) + limits.processes + launchers;
    add(RLIMIT_NPROC, n, n);
  }
  if (limits.open_files > 0) add(RLIMIT_NOFILE, limits.open_files, limits.open_files);
  if (limits.file_size_mb > 0) {
    add(RLIMIT_FSIZE, limits.file_size_mb * kMiB, limits.file_size_mb * kMiB);
  }
  add(RLIMIT_CORE, 0, 0);
  return result;
}

/// Marks every descriptor from `first` on close-on-exec: a bot inherits none of the host's files
/// or sockets (a server's listening socket and its clients' connections among them), whatever
/// flags they were opened with. In the child after fork: raw system calls only.
void close_other_descriptors_on_exec(int first) {
  if (::syscall(SYS_close_range, static_cast<unsigned>(first), ~0U, CLOSE_RANGE_CLOEXEC) == 0) {
    return;
  }
  // Before Linux 5.11: each descriptor /proc/self/fd lists.
  detail::for_each_directory_entry("/proc/self/fd", [first](const char* c, int dir) {
    if (*c < '0' || *c > '9') return;
    int fd = 0;
    while (*c >= '0' && *c <= '9') fd = fd * 10 + (*c++ - '0');
    if (fd >= first && fd != dir) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  });
}

/// How a sandboxed bot ended, from how bwrap ended: bwrap exits with 128 + N for a bot killed by
/// signal N (as a shell reports it), which is taken for that signal.
ExitStatus unwrap_sandbox_status(ExitStatus status) {
  if (status.exit_code > 128 && status.exit_code < 128 + NSIG) {
    return ExitStatus{-1, status.exit_code - 128};
  }
  return status;
}

}  // namespace

Clock::time_point Clock::now() noexcept {
  const rep frozen = frozen_at.load(std::memory_order_acquire);
  return frozen == kRunning ? steady_now() : time_point(duration(frozen));
}

void Clock::freeze() noexcept {
  rep expected = kRunning;
  frozen_at.compare_exchange_strong(expected, steady_now().time_since_epoch().count(),
                                    std::memory_order_acq_rel);
}

void Clock::unfreeze() noexcept { frozen_at.store(kRunning, std::memory_order_release); }

std::string ExitStatus::describe() const {
  if (signal != 0) {
    const char* abbreviation = ::sigabbrev_np(signal);
    if (abbreviation == nullptr) return fmt::format("killed by signal {}", signal);
    return fmt::format("killed by signal {} (SIG{})", signal, abbreviation);
  }
  return fmt::format("exited with status {}", exit_code);
}

std::optional<std::string> sandbox_unusable() {
  static const std::optional<std::string> answer = []() -> std::optional<std::string> {
    if (!find_bwrap({})) return bwrap_missing_message();
    try {
      BotProcess probe("true", BotProcess::kDiscardStderr);
      const ExitStatus status = probe.stop(std::chrono::seconds(10));
      if (status == ExitStatus{0, 0}) return std::nullopt;
      std::string reason = probe.stderr_tail();
      while (!reason.empty() && reason.back() == '\n') reason.pop_back();
      return fmt::format("bwrap {}: {}", status.describe(), reason);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
  }();
  return answer;
}

std::string shell_command_line(const std::string& command) {
  bool plain = true;
  bool any_word = false;
  bool in_first_word = false;
  bool first_word_done = false;
  std::string first;
  for (const char c : command) {
    if (c == ' ' || c == '\t') {
      if (in_first_word) first_word_done = true;
      in_first_word = false;
      continue;
    }
    if (!is_plain_char(c)) {
      plain = false;
      break;
    }
    any_word = true;
    if (!first_word_done) {
      in_first_word = true;
      first += c;
    }
  }
  if (!plain || !any_word || is_shell_word(first) || first.find('=') != std::string::npos) {
    return command;
  }
  return "exec " + command;
}

BotProcess::BotProcess(const std::string& command, const std::filesystem::path& stderr_path,
                       const BotLimits& limits, const SandboxOptions& sandbox)
    : sandboxed_(sandbox.enabled),
      stderr_allowed_(limits.stderr_kb == 0 ? std::numeric_limits<std::uint64_t>::max()
                                            : limits.stderr_kb * 1024) {
  // Checked on the file opened, not before: a log swapped for a FIFO meanwhile is refused, not
  // waited on. The one device taken is the sink that keeps nothing.
  Fd log(stderr_path.empty()             ? -1
         : stderr_path == kDiscardStderr ? ::open(kDiscardStderr, O_WRONLY | O_CLOEXEC)
                                         : open_for_appending(stderr_path));
  if (stderr_path == kDiscardStderr && log.get() < 0) {
    throw_errno(errno, std::string("cannot open ") + kDiscardStderr);
  }
  Pipe in = make_pipe();
  Pipe out = make_pipe();
  Pipe err = make_pipe();
  Pipe report = make_pipe();  // the child's errno if it cannot run the shell; closed by exec
  // bwrap's own stdin and stdout: the bot's pipes reach it as descriptors 3 and 4 instead
  // (protocol/sandbox.h), so that no process of bwrap's holds them once the bot has exited.
  Fd null(sandbox.enabled ? ::open("/dev/null", O_RDWR | O_CLOEXEC) : -1);
  if (sandbox.enabled && null.get() < 0) throw_errno(errno, "cannot open /dev/null");

  // Everything the child needs is made before fork: between fork and exec, a child of a
  // threaded process may only make async-signal-safe calls.
  const std::string line = shell_command_line(command);
  std::string program = "/bin/sh";
  std::vector<std::string> args = {"sh", "-c", line};
  // A host running as root starts the sandbox as nobody: the kernel applies RLIMIT_NPROC to
  // every user but root.
  const bool as_nobody = sandboxed_ && ::geteuid() == 0;
  if (sandboxed_) {
    const std::optional<std::filesystem::path> bwrap = find_bwrap(sandbox);
    if (!bwrap) throw SandboxUnavailable(bwrap_missing_message());
    const std::filesystem::path cwd = std::filesystem::current_path();
    program = bwrap->string();
    args = bwrap_arguments(line, bot_paths(command, cwd), cwd);
    args.insert(args.begin(), "bwrap");
  }
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  // bwrap's two processes (the one outside, and the namespace's init) count as the user's.
  const std::vector<ResourceLimit> rlimits = resource_limits(
      limits, as_nobody ? kSandboxUser : ::getuid(), sandboxed_ ? kSandboxLaunchers : 0);
  adopt_orphans();

  running_bots::lock();
  pid_ = ::fork();
  if (pid_ == 0) {
    // A session of its own: no controlling terminal (no TIOCSTI into the player's shell, no
    // /dev/tty), and its own process group (killed as a whole). Only its three pipes open, no
    // blocked signals, every signal's default (ignored signals survive exec: SIGPIPE ignored by
    // the host would stay ignored).
    ::setsid();
    // Above every target first, so that no dup2 overwrites a source.
    constexpr int kAbove = 10;
    const int bot_in = ::fcntl(in.read.get(), F_DUPFD, kAbove);
    const int bot_out = ::fcntl(out.write.get(), F_DUPFD, kAbove);
    const int bot_err = ::fcntl(err.write.get(), F_DUPFD, kAbove);
    if (sandboxed_) {
      const int nothing = ::fcntl(null.get(), F_DUPFD, kAbove);
      ::dup2(nothing, STDIN_FILENO);
      ::dup2(nothing, STDOUT_FILENO);
      ::dup2(bot_err, STDERR_FILENO);
      ::dup2(bot_in, kSandboxStdin);
      ::dup2(bot_out, kSandboxStdout);
      close_other_descriptors_on_exec(kSandboxStdout + 1);
    } else {
      ::dup2(bot_in, STDIN_FILENO);
      ::dup2(bot_out, STDOUT_FILENO);
      ::dup2(bot_err, STDERR_FILENO);
      close_other_descriptors_on_exec(STDERR_FILENO + 1);
    }
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    for (int signal = 1; signal < NSIG; ++signal) ::sigaction(signal, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (const ResourceLimit& limit : rlimits) ::setrlimit(limit.resource, &limit.value);
    int error = 0;
    if (as_nobody && (::setgroups(0, nullptr) != 0 ||
                      ::setresgid(kSandboxUser, kSandboxUser, kSandboxUser) != 0 ||
                      ::setresuid(kSandboxUser, kSandboxUser, kSandboxUser) != 0)) {
      error = errno;
    } else {
      ::execve(program.c_str(), argv.data(), environ);
      error = errno;
    }
    [[maybe_unused]] const ssize_t ignored = ::write(report.write.get(), &error, sizeof error);
    ::_exit(127);
  }
  const int fork_error = errno;
  if (pid_ > 0) running_bots::add(pid_);
  running_bots::unlock();
  if (pid_ < 0) throw_errno(fork_error, "cannot start " + program);
  report.write.reset();
  // The pipe ends at the child's exec, which comes after its setsid(): from then on its process
  // group is its own, and kill(-pid) reaches only the bot.
  int exec_error = 0;
  ssize_t got = 0;
  while ((got = ::read(report.read.get(), &exec_error, sizeof exec_error)) < 0 && errno == EINTR) {
  }
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    stop(std::chrono::milliseconds::zero());
    throw_errno(exec_error, "cannot start " + program);
  }

  stdin_ = in.write.release();
  stdout_ = out.read.release();
  stderr_ = err.read.release();
  if (log.get() >= 0) {
    log_ = log.release();
    own_log_ = true;
  } else {
    log_ = STDERR_FILENO;
  }
  // The host must never block on a bot that does not read: writes wait in poll, with a deadline.
  ::fcntl(stdin_, F_SETFL, ::fcntl(stdin_, F_GETFL) | O_NONBLOCK);
  ::fcntl(stderr_, F_SETFL, ::fcntl(stderr_, F_GETFL) | O_NONBLOCK);
}

BotProcess::~BotProcess() {
  try {
    stop(std::chrono::milliseconds::zero());
  } catch (...) {
    // Nothing more can be done about a bot that cannot be waited for.
  }
}

IoStatus BotProcess::write_line(std::string_view line, Clock::time_point deadline) {
  std::string data;
  data.reserve(line.size() + 1);
  data.append(line);
  data += '\n';
  std::size_t written = 0;
  while (written < data.size()) {
    if (stdin_ < 0) return IoStatus::kClosed;
    const ssize_t n = write_without_sigpipe(stdin_, data.data() + written, data.size() - written);
    if (n > 0) {
      written += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) {
      close_input();  // EPIPE: nobody reads any more
      return IoStatus::kClosed;
    }
    short revents = 0;
    const int ready = poll_with_stderr(stdin_, POLLOUT, deadline, revents);
    if (ready < 0 && errno != EINTR) throw_errno(errno, "poll");
    if (ready == 0 && Clock::now() >= deadline) return IoStatus::kTimeout;
  }
  return IoStatus::kOk;
}

ReadResult BotProcess::read_line(Clock::time_point deadline) {
  std::size_t scanned = 0;
  for (;;) {
    const std::size_t newline = buffer_.find('\n', scanned);
    if (newline != std::string::npos) {
      if (newline > kMaxLineLength) return {IoStatus::kTooLong, {}};
      std::size_t end = newline;
      if (end > 0 && buffer_[end - 1] == '\r') --end;
      ReadResult result{IoStatus::kOk, buffer_.substr(0, end)};
      buffer_.erase(0, newline + 1);
      return result;
    }
    scanned = buffer_.size();
    if (buffer_.size() > kMaxLineLength) return {IoStatus::kTooLong, {}};
    if (output_closed_) return {IoStatus::kClosed, {}};

    short revents = 0;
    const int ready = poll_with_stderr(stdout_, POLLIN, deadline, revents);
    if (ready < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, "poll");
    }
    if (ready == 0) {
      if (Clock::now() >= deadline) return {IoStatus::kTimeout, {}};
      continue;
    }
    char chunk[4096];
    const ssize_t n = ::read(stdout_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      output_closed_ = true;
    }
  }
}

void BotProcess::close_input() {
  if (stdin_ >= 0) ::close(stdin_);
  stdin_ = -1;
}

std::optional<ExitStatus> BotProcess::wait_exit(std::chrono::milliseconds wait) {
  if (exited_ || pid_ < 0) return exited_;
  const auto deadline = Clock::now() + wait;
  auto pause = std::chrono::microseconds(200);
  for (;;) {
    siginfo_t info{};
    // WNOWAIT: the process stays a zombie, so its pid (and process group id) cannot be reused
    // before stop() has killed the group.
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, "waitid");
    }
    if (info.si_pid == pid_) {
      ExitStatus status;
      if (info.si_code == CLD_EXITED) {
        status.exit_code = info.si_status;
      } else {
        status.signal = info.si_status;
      }
      exited_ = sandboxed_ ? unwrap_sandbox_status(status) : status;
      return exited_;
    }
    drain_stderr();
    const auto now = Clock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
}

ExitStatus BotProcess::stop(std::chrono::milliseconds grace) { return stop(grace, grace); }

ExitStatus BotProcess::stop(std::chrono::milliseconds grace,
                            std::chrono::milliseconds sigterm_grace) {
  if (reaped_ || pid_ < 0) return exited_.value_or(ExitStatus{});
  close_input();
  std::string ending;  // how the host had to end it, for its log
  if (grace > std::chrono::milliseconds::zero() && !wait_exit(grace)) {
    // It did not end at the end of its input: asked to, then made to. In a sandbox, SIGTERM goes
    // to the bot's processes inside it (the namespace's init ignores it), not to bwrap, whose
    // end would kill them at once.
    if (sandboxed_) {
      running_bots::signal_descendants(pid_, SIGTERM);
    } else {
      ::kill(-pid_, SIGTERM);
    }
    ending = wait_exit(sigterm_grace)
                 ? fmt::format("did not exit at the end of its input within {} ms: sent SIGTERM",
                               grace.count())
                 : fmt::format("ignored the end of its input and SIGTERM for {} ms each: killed",
                               grace.count());
  }
  // The whole group and everything else it started: a bot run through a shell, one that
  // started helpers or daemons, leaves no process behind.
  // In a sandbox, the bot's own process is inside it, and killed with the rest if bwrap (which
  // exits when it does) has not ended yet: it is not a process the bot left running.
  std::size_t sandbox_processes = 0;
  if (sandboxed_ && !wait_exit(std::chrono::milliseconds::zero())) sandbox_processes = 1;
  const std::vector<pid_t> killed = running_bots::end(pid_, &sandbox_processes);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) break;
  }
  reaped_ = true;
  running_bots::reap_killed(pid_, killed);
  processes_killed_ =
      sandboxed_ ? killed.size() - std::min(killed.size(), sandbox_processes) : killed.size();
  if (!exited_) {
    exited_ = sandboxed_ ? unwrap_sandbox_status(exit_status_of(status)) : exit_status_of(status);
  }
  if (stdout_ >= 0) ::close(stdout_);
  stdout_ = -1;
  // Every writer of its stderr is gone: what is left in the pipe is the last of it.
  drain_stderr();
  if (stderr_ >= 0) ::close(stderr_);
  stderr_ = -1;
  if (stderr_discarded_ > 0) {
    const std::string note = fmt::format(
        "[wordgames: {} more bytes of this bot's stderr were discarded]\n", stderr_discarded_);
    write_all(log_, note);
  }
  if (processes_killed_ > 0) {
    ending += fmt::format("{}killed {} process{} it had started and left running",
                          ending.empty() ? "" : "; ", processes_killed_,
                          processes_killed_ == 1 ? "" : "es");
  }
  if (!ending.empty()) write_all(log_, fmt::format("[wordgames: bot {} {}]\n", pid_, ending));
  if (own_log_) ::close(log_);
  log_ = -1;
  return *exited_;
}

void BotProcess::drain_stderr() {
  // A bound on one call, so that a bot writing without end cannot keep the host here.
  constexpr std::size_t kMaxPerCall = 1 << 20;
  std::size_t taken = 0;
  char chunk[4096];
  while (stderr_ >= 0 && taken < kMaxPerCall) {
    const ssize_t n = ::read(stderr_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n <= 0) {
      ::close(stderr_);
      stderr_ = -1;
      return;
    }
    const std::string_view got(chunk, static_cast<std::size_t>(n));
    taken += got.size();
    stderr_tail_.append(got);
    if (stderr_tail_.size() > kStderrTail) stderr_tail_.erase(0, stderr_tail_.size() - kStderrTail);
    const std::size_t passed = std::min<std::uint64_t>(got.size(), stderr_allowed_);
    stderr_allowed_ -= passed;
    stderr_discarded_ += got.size() - passed;
    if (passed == 0 || log_ < 0) continue;
    // Escaped whole characters only: a UTF-8 sequence cut between two reads waits for its end.
    std::string text = std::move(stderr_partial_);
    stderr_partial_.clear();
    text.append(got.substr(0, passed));
    std::size_t complete = text.size();
    for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
      const auto c = static_cast<unsigned char>(text[text.size() - back]);
      if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
      const std::size_t needed = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      if (needed > back) complete = text.size() - back;
      break;
    }
    stderr_partial_ = text.substr(complete);
    write_all(log_, printable(std::string_view(text).substr(0, complete), true));
  }
}

int BotProcess::poll_with_stderr(int fd, short events, Clock::time_point deadline, short& revents) {
  for (;;) {
    pollfd fds[2] = {{fd, events, 0}, {stderr_, POLLIN, 0}};
    const int ready = ::poll(fds, stderr_ >= 0 ? 2 : 1, poll_timeout(deadline));
    if (ready <= 0) return ready;
    revents = fds[0].revents;
    if (stderr_ >= 0 && fds[1].revents != 0) {
      drain_stderr();
      if (fds[0].revents == 0) {
        if (Clock::now() >= deadline) return 0;
        continue;
      }
    }
    return 1;
  }
}

}  // namespace wg::protocol
