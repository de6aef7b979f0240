#pragma once
/// A bot as a child process: a command line run by /bin/sh, its stdin and stdout as pipes for
/// lines of text, its stderr (its log) inherited or appended to a file. POSIX only.
///
/// Every read and write has a deadline, so a bot that hangs cannot hang the host. Writing to a
/// bot that has exited fails with kClosed instead of raising SIGPIPE: the writing thread blocks
/// SIGPIPE around each write and consumes the one its write raised, so the process's signal
/// dispositions are never changed (the CLI and other threads keep theirs). Each bot runs in a
/// process group of its own, killed as a whole, so helpers a bot starts do not outlive it.
/// Distinct BotProcess objects may be used on different threads at once (pipes are created
/// close-on-exec atomically, so no child inherits another's pipes); one object is not
/// thread-safe.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace wg::protocol {

/// The clock of every deadline and wait here, and of the hosts built on BotProcess (deadlines are
/// Clock::now() + a limit): the steady clock, unless frozen. While frozen, now() stays at the
/// moment of freeze(), so no deadline or wait ever ends by time: a read, a write or wait_exit then
/// ends only when the bot writes, reads, closes or exits (a deadline already reached, such as
/// now(), still ends a call that would have to wait).
///
/// Freezing is a seam for tests, never used by the program: with bots that reply, fail or exit
/// by themselves, a frozen clock makes what a test checks independent of how slowly a loaded
/// machine runs the bots; a test of a time limit lets the clock run once its bot has stopped
/// replying (a bot that never replies under a frozen clock would hang the test). Thread-safe.
struct Clock {
  using duration = std::chrono::steady_clock::duration;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<Clock>;
  static constexpr bool is_steady = true;

  static time_point now() noexcept;
  /// Stops now() where it is (kept if already frozen).
  static void freeze() noexcept;
  /// Lets now() follow the steady clock again (it jumps forward to it). Async-signal-safe.
  static void unfreeze() noexcept;
};

/// How a process ended, as waitpid reported it.
struct ExitStatus {
  int exit_code = -1;  ///< the status passed to exit(), or -1 if killed by a signal
  int signal = 0;      ///< the signal that ended it, or 0
  /// "exited with status 3", "killed by signal 11 (SIGSEGV)".
  std::string describe() const;
  bool operator==(const ExitStatus&) const = default;
};

enum class IoStatus {
  kOk,       ///< a whole line was read or written
  kTimeout,  ///< the deadline passed first
  kClosed,   ///< the bot closed its end (end of its output; it no longer reads its input)
  kTooLong,  ///< read: a line longer than BotProcess::kMaxLineLength (the rest is unread)
};

struct ReadResult {
  IoStatus status = IoStatus::kOk;
  std::string line;  ///< without the newline (and without a trailing '\r'); kOk only
};

class BotProcess {
 public:
  /// The longest line read_line accepts, newline excluded: far beyond any reply of the protocol,
  /// small enough that a bot printing without end cannot exhaust the host's memory.
  static constexpr std::size_t kMaxLineLength = 64 * 1024;

  /// Starts `command` with /bin/sh -c. A command without shell syntax (only words of plain
  /// characters) is run as `exec COMMAND`, so that the bot is the shell's process itself and its
  /// exit status or signal is reported exactly. stderr goes to `stderr_path` (appended; created
  /// if missing) or, if that is empty, to the host's stderr. Throws std::system_error if the
  /// pipes, the log file or the shell cannot be opened or started (a command the shell cannot
  /// find is not an error here: the shell exits with status 127).
  explicit BotProcess(const std::string& command, const std::filesystem::path& stderr_path = {});
  /// stop(0 ms): the bot is always ended and reaped, never left running or a zombie. Call
  /// stop(grace) first to let it exit by itself.
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  pid_t pid() const { return pid_; }

  /// Writes `line` and a newline, waiting no later than `deadline` for room in the pipe.
  /// kTimeout leaves part of the line written: the stream is then out of step for good.
  IoStatus write_line(std::string_view line, Clock::time_point deadline);

  /// The next line of the bot's output, waiting no later than `deadline`. Text after the last
  /// newline when the bot closes its output is not a line (and is dropped).
  ReadResult read_line(Clock::time_point deadline);

  /// Closes the bot's stdin, so that it reads end of file; later writes return kClosed.
  void close_input();

  /// How the bot ended, if it has ended within `wait` (the process is not reaped yet, so that
  /// stop() can still kill its process group safely). Caches the answer.
  std::optional<ExitStatus> wait_exit(std::chrono::milliseconds wait);

  static constexpr std::chrono::milliseconds kDefaultGrace{500};
  /// Closes stdin, gives the bot `grace` to exit, then kills its process group (SIGKILL) and
  /// reaps it. Returns how the bot ended (signal 9 if it had to be killed). Idempotent.
  ExitStatus stop(std::chrono::milliseconds grace = kDefaultGrace);

 private:
  pid_t pid_ = -1;
  int stdin_ = -1;   ///< write end of the bot's stdin; non-blocking
  int stdout_ = -1;  ///< read end of the bot's stdout
  bool output_closed_ = false;
  std::string buffer_;  ///< read but not yet returned
  std::optional<ExitStatus> exited_;
  bool reaped_ = false;
};

/// `command` as /bin/sh -c receives it: prefixed with `exec ` when it is a plain command (words
/// of letters, digits and `_./,:+=@%^-`, the first without `=` and not one the shell handles
/// itself, such as `exit` or `cd`). Exposed for tests.
std::string shell_command_line(const std::string& command);

}  // namespace wg::protocol
