#pragma once
/// Runs a program as a user would, for tests of command-line front ends: argv, text on stdin,
/// environment changes; captures stdout, stderr and the exit status, and kills the program if
/// it outlives a timeout. POSIX only (posix_spawn, pipes, poll). Header-only so that any test
/// executable linking wg_test_support can use it.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "support/blocking_wait.h"

extern char** environ;

namespace wg::test {

struct ProcessOptions {
  std::string stdin_text;  ///< written to the program's stdin, which is then closed
  /// Variables to set (a value) or remove (nullopt) in the inherited environment.
  std::map<std::string, std::optional<std::string>> env;
  bool clear_env = false;  ///< start from an empty environment instead of the inherited one
  /// After this the program is killed (SIGKILL) and the result says timed_out. It only bounds a
  /// hang: generous, so that a passing test never comes near it, however slowly a loaded
  /// machine or a sanitizer build runs the program. Tests assert on what the program did, never
  /// on how long it took.
  std::chrono::milliseconds timeout{300'000};
};

struct ProcessResult {
  std::string out;
  std::string err;
  int exit_code = -1;      ///< the status passed to exit(), or -1 if killed by a signal
  int signal = 0;          ///< the signal that ended the program, or 0
  bool timed_out = false;  ///< killed (SIGKILL) after ProcessOptions::timeout
};

namespace process_detail {

inline void throw_errno(const char* what, int error) {
  throw std::system_error(error, std::generic_category(), what);
}

/// A pipe whose ends are closed on destruction and on exec (posix_spawn's dup2 clears the flag
/// on the child's copies).
struct Pipe {
  int read = -1;
  int write = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno("pipe2", errno);
    read = fds[0];
    write = fds[1];
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() {
    close_read();
    close_write();
  }
  void close_read() {
    if (read >= 0) ::close(read);
    read = -1;
  }
  void close_write() {
    if (write >= 0) ::close(write);
    write = -1;
  }
};

inline std::vector<std::string> make_environment(const ProcessOptions& options) {
  std::map<std::string, std::string> vars;
  if (!options.clear_env) {
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
      const std::string text(*entry);
      const auto equals = text.find('=');
      if (equals != std::string::npos) vars[text.substr(0, equals)] = text.substr(equals + 1);
    }
  }
  for (const auto& [name, value] : options.env) {
    if (value) {
      vars[name] = *value;
    } else {
      vars.erase(name);
    }
  }
  std::vector<std::string> result;
  for (const auto& [name, value] : vars) result.push_back(name + "=" + value);
  return result;
}

inline std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
}

}  // namespace process_detail

/// Runs argv[0] (a path; not looked up in PATH) with the rest as its arguments. Throws
/// std::system_error if the program cannot be started.
inline ProcessResult run_process(std::vector<std::string> argv,
                                 const ProcessOptions& options = {}) {
  using namespace process_detail;
  using Clock = std::chrono::steady_clock;
  if (argv.empty()) throw std::invalid_argument("run_process: empty argv");
  // Writing to a program that has exited must give EPIPE, not kill the test.
  ::signal(SIGPIPE, SIG_IGN);

  Pipe in, out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);

  std::vector<std::string> env = make_environment(options);
  std::vector<char*> argv_pointers = pointers(argv);
  std::vector<char*> env_pointers = pointers(env);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, argv_pointers.data(),
                                    env_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw_errno(("posix_spawn " + argv[0]).c_str(), spawned);
  in.close_read();
  out.close_write();
  err.close_write();

  ProcessResult result;
  std::size_t written = 0;
  if (options.stdin_text.empty()) {
    in.close_write();
  } else {
    ::fcntl(in.write, F_SETFL, ::fcntl(in.write, F_GETFL) | O_NONBLOCK);
  }
  const auto deadline = Clock::now() + options.timeout;
  char buffer[65536];
  while (out.read >= 0 || err.read >= 0) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
      break;
    }
    pollfd fds[3];
    nfds_t count = 0;
    auto watch = [&](int fd, short events) {
      if (fd >= 0) fds[count++] = pollfd{fd, events, 0};
    };
    watch(out.read, POLLIN);
    watch(err.read, POLLIN);
    watch(in.write, POLLOUT);
    const int ready = ::poll(fds, count, static_cast<int>(left));
    if (ready < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      throw_errno("poll", error);
    }
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      const int fd = fds[i].fd;
      if (fd == in.write) {
        const ssize_t n =
            ::write(fd, options.stdin_text.data() + written, options.stdin_text.size() - written);
        if (n > 0) written += static_cast<std::size_t>(n);
        if ((n < 0 && errno != EAGAIN && errno != EINTR) || written == options.stdin_text.size()) {
          in.close_write();
        }
        continue;
      }
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n > 0) {
        (fd == out.read ? result.out : result.err).append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        if (fd == out.read) {
          out.close_read();
        } else {
          err.close_read();
        }
      }
    }
  }
  in.close_write();

  // The program may have closed its outputs and still run: wait for it (blocking on its pidfd)
  // until the deadline.
  int status = 0;
  std::optional<int> ended;
  if (!result.timed_out) {
    ChildHandle child(pid);
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    ended = child.wait(std::max(left, std::chrono::milliseconds(0)));
    if (!ended && child.fd() >= 0) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
    }
  }
  if (ended) {
    status = *ended;
  } else {
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  return result;
}

}  // namespace wg::test
