#pragma once
/// A bot as a child process: a command line run by /bin/sh, its stdin and stdout as pipes for
/// lines of text, its stderr (its log) a pipe the host drains into its own stderr or a file,
/// with control characters escaped and a cap on the bytes passed on. Linux only.
///
/// Sandboxed by default (protocol/sandbox.h): the shell runs inside bubblewrap. Sandboxed or
/// not, the bot starts in a session of its own (no controlling terminal) with only its three
/// pipes open: no other descriptor of the host reaches it, whatever its flags.
///
/// Every read and write has a deadline, so a bot that hangs cannot hang the host. Writing to a
/// bot that has exited fails with kClosed instead of raising SIGPIPE: the writing thread blocks
/// SIGPIPE around each write and consumes the one its write raised, so the process's signal
/// dispositions are never changed (the CLI and other threads keep theirs). Each bot runs in a
/// session and process group of its own, killed as a whole, so helpers a bot starts do not
/// outlive it.
/// Distinct BotProcess objects may be used on different threads at once (pipes are created
/// close-on-exec atomically, so no child inherits another's pipes); one object is not
/// thread-safe.
///
/// Contained (protocol/containment.h): the bot runs with BotLimits set before its command
/// starts, and when it is stopped every process it started is killed and reaped, also those
/// that left its process group (setsid) or were orphaned.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/containment.h"
#include "protocol/sandbox.h"

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

  /// How much of a bot's stderr is kept for a fault message (its last bytes).
  static constexpr std::size_t kStderrTail = 2048;

  /// Starts `command` with /bin/sh -c, within `limits`, in the sandbox unless
  /// `sandbox.enabled` is false (then as this process's child, with its user, files and
  /// network). A command without shell syntax (only words of plain characters) is run as `exec
  /// COMMAND`, so that the bot is the shell's process itself and its exit status or signal is
  /// reported exactly (in a sandbox, bwrap reports a signal N as the exit status 128 + N, which
  /// is taken for the signal). stderr goes to `stderr_path` (appended; created if missing; a
  /// regular file, or kDiscardStderr) or, if that is empty, to the host's stderr, escaped
  /// (protocol/printable.h) and cut after limits.stderr_kb; stderr_tail() keeps its end either
  /// way. Throws SandboxUnavailable if the sandbox is asked for and bwrap is missing, FileError
  /// (core/file_io.h) if the log is not a regular file or cannot be opened, std::system_error
  /// if the pipes or the shell (or bwrap) cannot be opened or started (a command the shell cannot
  /// find is not an error here: the shell exits with status 127; nor is a sandbox bwrap cannot
  /// make: bwrap exits with status 1, its reason on the bot's stderr). The stderr_path that keeps
  /// nothing of the bot's stderr but stderr_tail().
  static constexpr const char* kDiscardStderr = "/dev/null";
  explicit BotProcess(const std::string& command, const std::filesystem::path& stderr_path = {},
                      const BotLimits& limits = {}, const SandboxOptions& sandbox = {});
  /// stop(0 ms): the bot is always ended and reaped, never left running or a zombie. Call
  /// stop(grace) first to let it exit by itself.
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  /// The host's child: the shell (or the bot itself), or bwrap for a sandboxed bot.
  pid_t pid() const { return pid_; }
  bool sandboxed() const { return sandboxed_; }

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
  /// Closes stdin and gives the bot `grace` to exit; if it is still running, sends its process
  /// group SIGTERM (in a sandbox: every process of the bot inside it) and gives it `grace`
  /// again; then kills (SIGKILL) its group and every other
  /// process it started (running_bots::end) and reaps them all. Returns how the bot ended
  /// (signal 9 if it had to be killed). Idempotent. A zero grace kills at once. If it had to
  /// be sent SIGTERM, or processes it started were left running, a note says so in its log.
  ExitStatus stop(std::chrono::milliseconds grace = kDefaultGrace);
  /// stop(grace) with its own grace after SIGTERM (the first, `grace`, still decides whether
  /// SIGTERM is sent: not at all if it is zero).
  ExitStatus stop(std::chrono::milliseconds grace, std::chrono::milliseconds sigterm_grace);

  /// The processes the bot had started that were still running or unreaped when it was stopped
  /// and had to be killed (its leader and the sandbox's own processes aside): 0 for a bot that
  /// ended cleanly. In a sandbox, what the bot left running may already have been killed with
  /// the sandbox when the bot ended, and then is not counted.
  std::size_t processes_killed() const { return processes_killed_; }

  /// The last bytes of the bot's stderr (up to kStderrTail), as written (not escaped).
  const std::string& stderr_tail() const { return stderr_tail_; }

 private:
  pid_t pid_ = -1;
  bool sandboxed_ = true;
  int stdin_ = -1;   ///< write end of the bot's stdin; non-blocking
  int stdout_ = -1;  ///< read end of the bot's stdout
  int stderr_ = -1;  ///< read end of the bot's stderr; non-blocking; -1 once it has ended
  int log_ = -1;     ///< where its stderr goes (a file, or the host's stderr)
  bool own_log_ = false;
  bool output_closed_ = false;
  std::string buffer_;  ///< read but not yet returned
  std::optional<ExitStatus> exited_;
  bool reaped_ = false;
  std::size_t processes_killed_ = 0;
  std::uint64_t stderr_allowed_ = 0;  ///< bytes of stderr it may still pass on
  std::uint64_t stderr_discarded_ = 0;
  std::string stderr_tail_;
  std::string stderr_partial_;  ///< an incomplete UTF-8 sequence at the end of the last read

  /// Passes on what the bot has written to its stderr so far, without waiting.
  void drain_stderr();
  /// poll() on stdout or stdin (`fd`, `events`) and stderr, draining stderr; the result for fd.
  int poll_with_stderr(int fd, short events, Clock::time_point deadline, short& revents);
};

/// The processes a sandbox adds to a bot's (bwrap outside the sandbox and the namespace's init),
/// allowed on top of BotLimits::processes.
inline constexpr int kSandboxLaunchers = 2;

/// Whether bwrap can make the sandbox on this machine: runs `true` in it, once per process (the
/// answer is cached). nullopt if it can; else why not (bwrap's message). For tests, which skip
/// the sandbox's tests where it cannot run, and diagnostics.
std::optional<std::string> sandbox_unusable();

/// `command` as /bin/sh -c receives it: prefixed with `exec ` when it is a plain command (words
/// of letters, digits and `_./,:+=@%^-`, the first without `=` and not one the shell handles
/// itself, such as `exit` or `cd`). Exposed for tests.
std::string shell_command_line(const std::string& command);

}  // namespace wg::protocol
