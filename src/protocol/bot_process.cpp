#include "protocol/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
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

BotProcess::BotProcess(const std::string& command, const std::filesystem::path& stderr_path) {
  const Fd log(stderr_path.empty()
                   ? -1
                   : ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (!stderr_path.empty() && log.get() < 0) {
    throw_errno(errno, "cannot open " + stderr_path.string());
  }
  Pipe in = make_pipe();
  Pipe out = make_pipe();

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write.get(), STDOUT_FILENO);
  if (log.get() >= 0) posix_spawn_file_actions_adddup2(&actions, log.get(), STDERR_FILENO);

  // Its own process group (killed as a whole), no blocked signals, and SIGPIPE back to its
  // default even if the host ignores it (ignored signals survive exec).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);

  std::string line = shell_command_line(command);
  std::string sh = "sh";
  std::string dash_c = "-c";
  char* argv[] = {sh.data(), dash_c.data(), line.data(), nullptr};
  const int spawned = ::posix_spawn(&pid_, "/bin/sh", &actions, &attributes, argv, environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw_errno(spawned, "cannot start /bin/sh");

  stdin_ = in.write.release();
  stdout_ = out.read.release();
  // The host must never block on a bot that does not read: writes wait in poll, with a deadline.
  ::fcntl(stdin_, F_SETFL, ::fcntl(stdin_, F_GETFL) | O_NONBLOCK);
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
    pollfd fd{stdin_, POLLOUT, 0};
    const int ready = ::poll(&fd, 1, poll_timeout(deadline));
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

    pollfd fd{stdout_, POLLIN, 0};
    const int ready = ::poll(&fd, 1, poll_timeout(deadline));
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
      exited_ = status;
      return exited_;
    }
    const auto now = Clock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
}

ExitStatus BotProcess::stop(std::chrono::milliseconds grace) {
  if (reaped_ || pid_ < 0) return exited_.value_or(ExitStatus{});
  close_input();
  if (grace > std::chrono::milliseconds::zero()) wait_exit(grace);
  // The whole group: a bot run through a shell, or one that started helpers, leaves no orphans.
  // The leader is not reaped yet, so the group id still names this bot's group.
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) break;
  }
  reaped_ = true;
  if (!exited_) exited_ = exit_status_of(status);
  if (stdout_ >= 0) ::close(stdout_);
  stdout_ = -1;
  return *exited_;
}

}  // namespace wg::protocol
