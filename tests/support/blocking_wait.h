#pragma once
/// Blocking waits for tests that drive processes: for input on a file descriptor, for a child to
/// end. Each blocks until the event (no polling with sleeps), bounded by a hang guard: a wait
/// that outlasts it fails the test instead of hanging it. The guard is never a timing assumption:
/// a passing test never comes near it, however slowly a loaded machine or a sanitizer build runs.
/// Linux only (pidfd_open, Linux 5.3). Header-only, for any test executable.

#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <optional>

namespace wg::test {

/// How long a blocking wait of a test may last before the test fails as hung.
inline constexpr std::chrono::milliseconds kHangGuard{60'000};

namespace wait_detail {

/// Blocks until one of `fds` is ready (poll's revents set), or `guard` passes: the number of
/// ready descriptors, 0 when the guard passed, -1 on an error other than EINTR.
inline int wait_ready(pollfd* fds, nfds_t count, std::chrono::milliseconds guard) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + guard;
  for (;;) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    const int ready = ::poll(fds, count, static_cast<int>(std::max<long long>(left, 0)));
    if (ready >= 0) return ready;
    if (errno != EINTR) return -1;
  }
}

}  // namespace wait_detail

/// Blocks until `fd` has input, or its end, or an error to read; false if `guard` passed first.
inline bool wait_readable(int fd, std::chrono::milliseconds guard = kHangGuard) {
  pollfd ready{fd, POLLIN, 0};
  return wait_detail::wait_ready(&ready, 1, guard) > 0;
}

/// Blocks until one of `fds` is ready (their revents set, as poll() sets them); false if
/// `guard` passed first.
inline bool wait_readable_any(pollfd* fds, nfds_t count,
                              std::chrono::milliseconds guard = kHangGuard) {
  return wait_detail::wait_ready(fds, count, guard) > 0;
}

/// A child process's pidfd (Linux): readable once the child has ended. Closed on destruction.
class ChildHandle {
 public:
  // pidfd_open by its system call: glibc 2.36's <sys/pidfd.h> lacks extern "C".
  explicit ChildHandle(pid_t pid)
      : pid_(pid), fd_(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0))) {}
  ~ChildHandle() {
    if (fd_ >= 0) ::close(fd_);
  }
  ChildHandle(const ChildHandle&) = delete;
  ChildHandle& operator=(const ChildHandle&) = delete;

  pid_t pid() const { return pid_; }
  /// The pidfd, for poll() along with other descriptors; -1 if it could not be opened.
  int fd() const { return fd_; }

  /// Blocks until the child has ended, and reaps it: its wait status. nullopt if `guard` passed
  /// first (the child is left running) or the child is not this process's.
  std::optional<int> wait(std::chrono::milliseconds guard = kHangGuard) {
    if (fd_ < 0) return std::nullopt;
    if (!wait_readable(fd_, guard)) return std::nullopt;
    int status = 0;
    for (;;) {
      const pid_t done = ::waitpid(pid_, &status, 0);  // ended: returns at once
      if (done == pid_) return status;
      if (done < 0 && errno != EINTR) return std::nullopt;
    }
  }

 private:
  pid_t pid_;
  int fd_;
};

/// ChildHandle(pid).wait(guard): blocks until child `pid` has ended and reaps it.
inline std::optional<int> wait_child(pid_t pid, std::chrono::milliseconds guard = kHangGuard) {
  return ChildHandle(pid).wait(guard);
}

}  // namespace wg::test
