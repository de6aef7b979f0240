#pragma once
/// The `wordgames` binary driven as a person drives it, a key at a time: on a pseudo-terminal
/// (a person at a terminal, libedit and all) or through pipes kept open (a program driving it,
/// or `wordgames | tee log`). The test types only after the output it waits for has come:
/// every wait is for output or for the end of the program, bounded by the hang guard
/// (support/blocking_wait.h), never for time.

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/blocking_wait.h"
#include "wordgames_runner.h"

namespace wg::test {

class TerminalSession {
 public:
  enum class Kind { kTerminal, kPipes };

  /// Starts `wordgames ARGS` with its standard streams on a new 80x24 pseudo-terminal
  /// (TERM=xterm) or on pipes (stderr joined to stdout). `data_home`: XDG_DATA_HOME, by default
  /// test_data_home().
  TerminalSession(Kind kind, std::vector<std::string> args,
                  std::filesystem::path data_home = test_data_home())
      : kind_(kind) {
    args.insert(args.begin(), WG_BINARY);
    int to_child[2] = {-1, -1};
    int from_child[2] = {-1, -1};
    if (kind == Kind::kTerminal) {
      winsize size{};
      size.ws_row = 24;
      size.ws_col = 80;
      pid_ = ::forkpty(&output_fd_, nullptr, nullptr, &size);
    } else {
      if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) return;
      pid_ = ::fork();
    }
    if (pid_ < 0) return;
    if (pid_ == 0) {
      if (kind == Kind::kPipes) {
        ::dup2(to_child[0], 0);
        ::dup2(from_child[1], 1);
        ::dup2(from_child[1], 2);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
      }
      ::setenv("NO_COLOR", "1", 1);
      ::setenv("TERM", "xterm", 1);
      ::setenv("XDG_DATA_HOME", data_home.c_str(), 1);
      std::vector<char*> argv;
      for (std::string& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    if (kind == Kind::kPipes) {
      ::close(to_child[0]);
      ::close(from_child[1]);
      input_fd_ = to_child[1];
      output_fd_ = from_child[0];
    } else {
      input_fd_ = output_fd_;
    }
  }

  ~TerminalSession() {
    if (pid_ > 0 && !status_) {
      ::kill(pid_, SIGKILL);
      wait_child(pid_);
    }
    if (input_fd_ >= 0 && input_fd_ != output_fd_) ::close(input_fd_);
    if (output_fd_ >= 0) ::close(output_fd_);
  }
  TerminalSession(const TerminalSession&) = delete;
  TerminalSession& operator=(const TerminalSession&) = delete;

  bool started() const { return pid_ > 0 && output_fd_ >= 0; }

  /// Reads until `text` appears after what earlier waits found; true if it did (and the next
  /// wait looks after it), false if the output ended or the hang guard passed first.
  bool wait_for(std::string_view text) {
    for (;;) {
      const std::size_t at = output_.find(text, mark_);
      if (at != std::string::npos) {
        mark_ = at + text.size();
        return true;
      }
      if (!read_some()) return false;
    }
  }

  /// Types `keys` (bytes, as a terminal sends them: "\x1b[D" is the left arrow).
  void type(std::string_view keys) {
    while (!keys.empty()) {
      const ssize_t n = ::write(input_fd_, keys.data(), keys.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      keys.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  /// Closes the pipe to the program's standard input (pipes only).
  void close_input() {
    if (kind_ == Kind::kPipes && input_fd_ >= 0) {
      ::close(input_fd_);
      input_fd_ = -1;
    }
  }

  /// Reads the rest of the output and waits for the program to end: its exit code, or nullopt
  /// if it was killed or did not end within the hang guard.
  std::optional<int> finish() {
    while (read_some()) {
    }
    const std::optional<int> status = wait_child(pid_);
    status_ = status;
    if (!status || !WIFEXITED(*status)) return std::nullopt;
    return WEXITSTATUS(*status);
  }

  /// Everything the program wrote so far (on a terminal, with the terminal's CR LF line ends).
  const std::string& output() const { return output_; }
  /// The output after the last text found by wait_for.
  std::string rest() const { return output_.substr(mark_); }

 private:
  /// Waits for output and appends it; false at its end (or the hang guard).
  bool read_some() {
    if (!wait_readable(output_fd_)) return false;
    char buffer[4096];
    for (;;) {
      const ssize_t n = ::read(output_fd_, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;  // EIO on a terminal: every process on it has ended
      output_.append(buffer, static_cast<std::size_t>(n));
      return true;
    }
  }

  Kind kind_;
  pid_t pid_ = -1;
  int input_fd_ = -1;
  int output_fd_ = -1;
  std::string output_;
  std::size_t mark_ = 0;
  std::optional<int> status_;
};

}  // namespace wg::test
