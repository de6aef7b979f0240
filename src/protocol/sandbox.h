#pragma once
/// The sandbox an external bot runs in: Debian's bubblewrap (`bwrap`), which gives the bot's
/// processes namespaces of their own. Linux only.
///
/// A sandboxed bot runs as `bwrap OPTIONS /bin/sh -c COMMAND`, with:
/// - a new session (`--new-session`): no controlling terminal, so no TIOCSTI into the player's
///   shell and no /dev/tty;
/// - its own PID namespace (`--unshare-pid`): it sees only its own processes, so it cannot
///   signal the host or another bot; `--die-with-parent`, and the namespace's init ending when
///   the bot's first process ends, kill everything it started;
/// - no network (`--unshare-net`: a loopback of its own, not the host's), and its own IPC and
///   host name namespaces;
/// - a user namespace (`--unshare-user`, `--disable-userns`) and no capabilities; a host running
///   as root starts bwrap as the unprivileged user nobody (65534), so that RLIMIT_NPROC binds
///   (the kernel does not apply it to root);
/// - a read-only view of the system (/usr and the merged /bin, /lib, /sbin, a few files of
///   /etc), a new /proc and a minimal /dev, a private empty tmpfs /tmp, and read-only, at their
///   own paths, the folders the command names (bot_paths); nothing else of the host's files:
///   no home folder, and the working directory is the host's path but empty but for those
///   folders;
/// - a clean environment: PATH, HOME=/tmp, TMPDIR=/tmp, LANG=C.UTF-8 only.
///
/// What it does not bound: memory and processes are limited per process and per user (the
/// rlimits of protocol/containment.h), not for the bot's tree as a whole (no cgroup is used).

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace wg::protocol {

/// How external bots are run.
struct SandboxOptions {
  /// false: no sandbox, the bot runs as the host's own child with the host's user, files and
  /// network ("trusted": only for bots the player trusts; `--trusted-bots`).
  bool enabled = true;
  /// The bubblewrap program; empty: `bwrap` in PATH, else /usr/bin/bwrap.
  std::filesystem::path bwrap;

  /// "sandbox: bubblewrap (session, pid, net, ipc, uts, user, read-only files)" or "no sandbox
  /// (trusted bots)", followed by the limits in force ("; memory and processes limited per
  /// process, no cgroup").
  std::string describe() const;
};

/// A sandbox that cannot be used: bwrap is missing. Says what to install and how to run a
/// trusted bot instead.
class SandboxUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The bwrap program `options` names (or found in PATH, else /usr/bin/bwrap), if it is an
/// executable file; else nullopt.
std::optional<std::filesystem::path> find_bwrap(const SandboxOptions& options);

/// The message of SandboxUnavailable: names the package and the trusted mode.
std::string bwrap_missing_message();

/// The user a sandboxed bot runs as when the host is root: nobody.
inline constexpr uid_t kSandboxUser = 65534;

/// The host's paths a bot's `command` names, as the sandbox shows them: every word of the
/// command (split as the shell would on blanks and its operators, also inside quotes, and after
/// a `=`) that names an existing file or folder from `cwd`, other than / and the system's own
/// folders (/usr, /bin, /lib..., /etc, /proc, /dev, /sys, /run): a file's folder, or the folder
/// itself. Absolute, normalized, without duplicates or folders inside others, shortest first.
/// "python3 examples/auction_bot.py data/enable1.txt" from /src gives /src/data and
/// /src/examples.
std::vector<std::filesystem::path> bot_paths(const std::string& command,
                                             const std::filesystem::path& cwd);

/// Where bwrap finds the bot's stdin and stdout: descriptors 3 and 4, which the shell in the
/// sandbox moves to 0 and 1 before it runs the bot's command. bwrap's own stdin and stdout are
/// /dev/null (its stderr is the bot's): bwrap's init, which keeps descriptors 0 to 2 and closes
/// the others, then never holds the bot's pipes open after the bot has exited.
inline constexpr int kSandboxStdin = 3;
inline constexpr int kSandboxStdout = 4;

/// The arguments of bwrap (without the program itself) that run `shell_line` with /bin/sh -c in
/// the sandbox, with `paths` read-only and `cwd` as the working directory, and the bot's stdin
/// and stdout taken from kSandboxStdin and kSandboxStdout.
std::vector<std::string> bwrap_arguments(const std::string& shell_line,
                                         const std::vector<std::filesystem::path>& paths,
                                         const std::filesystem::path& cwd);

}  // namespace wg::protocol
