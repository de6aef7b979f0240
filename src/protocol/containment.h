#pragma once
/// Keeping external bots' processes in bounds: resource limits set in each bot before it starts,
/// and a tracker of every process a bot starts, so that none outlives its game or the host.
/// Linux only (prctl, /proc).
///
/// The host makes itself a child subreaper (PR_SET_CHILD_SUBREAPER) when it starts its first
/// bot: a process a bot starts and leaves behind (a daemon that called setsid(), a child whose
/// parent exited) becomes the host's child instead of init's, so the host still sees it. When
/// a bot ends, its process group is killed, then every process that descends from it and every
/// orphan the host adopted that belongs to no running bot (its process group is no running
/// bot's), until none is left running; the host reaps each. No cgroup is used (containers
/// rarely let a program make one): the limits bound what each process of a bot may use while it
/// runs, the tracking ends everything it started when it ends. A sandboxed bot
/// (protocol/sandbox.h) is in a PID namespace of its own besides, which ends with it.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace wg::protocol {

/// What one external bot may use: each limit is set in the bot's process before it runs its
/// command (setrlimit), so it holds for every process the bot starts. 0 means no limit beyond
/// the host's own. Core dumps are always off (a crashing bot must not fill the disk).
struct BotLimits {
  /// CPU seconds of each process of the bot (RLIMIT_CPU): SIGXCPU at the limit, SIGKILL a
  /// second later. A bot lives for one game: an hour of thinking is far beyond any fair one.
  std::uint64_t cpu_seconds = 600;
  /// Address space of each process, in MiB (RLIMIT_AS): an allocation past it fails. Enough for
  /// Python, Node or C++ bots with a word list; a JVM reserves more: raise it for one.
  std::uint64_t memory_mb = 2048;
  /// Processes the bot may start, counted as the kernel does, per user (RLIMIT_NPROC): the
  /// limit is set to the user's processes when the bot starts plus this many, so a fork bomb
  /// stops there. The kernel does not apply it to root.
  std::uint64_t processes = 64;
  /// Open file descriptors of each process (RLIMIT_NOFILE).
  std::uint64_t open_files = 64;
  /// The largest file a bot's process may write, in MiB (RLIMIT_FSIZE; SIGXFSZ past it).
  std::uint64_t file_size_mb = 64;
  /// Bytes of a bot's stderr passed on to its log, in KiB; the rest is read and discarded (and
  /// counted in a note at its end), so a bot flooding its stderr fills no disk and blocks no
  /// pipe. The last few KiB are kept in any case for the fault message of a bot that dies.
  std::uint64_t stderr_kb = 1024;

  /// "cpu 600 s, memory 2048 MiB, processes 64, open files 64, file size 64 MiB, stderr 1024
  /// KiB" ("no limit" for a 0).
  std::string describe() const;
};

/// The tasks (processes and their threads) of this process's real user, as the kernel counts
/// them for RLIMIT_NPROC (from /proc).
std::uint64_t user_task_count();
/// The same for the processes whose real user is `user`.
std::uint64_t user_task_count(uid_t user);

/// Makes this process a child subreaper, once (later calls do nothing). Called by BotProcess
/// before it starts a bot. Returns false if the kernel refused (then orphans go to init, out of
/// the host's reach: each bot's process group is still killed).
bool adopt_orphans();

/// Kills (SIGKILL) every running process that descends from this one, again and again until
/// none is left (a process may fork while it is being killed); adopted orphans are descendants
/// too. Async-signal-safe (raw system calls, no allocation): for the handlers of the signals
/// that end the host. Every child of the host is a bot or a bot's process in the programs that
/// call it (the auction commands, the server). Returns how many processes it killed.
int kill_all_descendants() noexcept;

/// SIGINT, SIGTERM and SIGHUP end the host as they do by default (the shell sees the signal)
/// after killing every descendant (kill_all_descendants), so no bot outlives the host: bots run
/// in process groups of their own, so a terminal's Ctrl-C or hang-up never reaches them, and a
/// bot may ignore the end of its input. Installed by the programs that start bots, for their
/// whole run; a handler installed later (the viewer's) restores the terminal and then calls this
/// one (see cli/auction_viewer.cpp).
void end_bots_with_the_host();

/// The tracker of running bots, for BotProcess: a bot is started while the lock is held and
/// added at once, so that ending another bot at the same moment never takes it for an orphan.
namespace running_bots {

/// Held while a bot is started (fork and add).
void lock();
void unlock();
/// A bot started: its process (the leader of its own process group). With the lock held.
void add(pid_t leader);
/// Ends a bot: forgets it, kills its process group, every process that descends from it and
/// every adopted orphan that belongs to no running bot, until none is left running; reaps all of
/// them but the leader (BotProcess reaps it, then calls reap_killed()). Returns the processes
/// killed besides the leader, parents before children; adds to `sandbox_processes`, if given,
/// how many of them were the sandbox's own (named bwrap: its init), not the bot's.
std::vector<pid_t> end(pid_t leader, std::size_t* sandbox_processes = nullptr);
/// Sends `signal` to every running process that descends from `leader` (not to the leader): a
/// sandboxed bot's processes inside its sandbox. Returns how many were signalled.
int signal_descendants(pid_t leader, int signal);
/// Once the leader is reaped: forgets it, and reaps what end() killed (each is then dead and the
/// host's child, an orphan's parent being the subreaper, or gone, reaped by init without one).
void reap_killed(pid_t leader, const std::vector<pid_t>& killed);

}  // namespace running_bots

}  // namespace wg::protocol
