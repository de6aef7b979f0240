#pragma once
/// A letter-auction player that is another program, speaking the line protocol of
/// docs/games/auction-protocol.md over its stdin and stdout, in any language.
///
/// The host enforces a time limit on every request and never trusts a reply: a bot that times
/// out, crashes, exits or replies garbage (a reply that is not UTF-8 text, or holds control
/// characters, is garbage too: it could reach a terminal) bids 0 or names no word (the answer's
/// `fault` says what happened, e.g. "timed out after 1000 ms on 'bid 1 3 Q 80 100 EQ'", and the
/// game's log records it), and the game goes on. After such a failure the bot is ended (killed) and
/// not asked again: its later answers carry the fault "not asked since it ...". A failure found
/// while sending a notification (the bot had exited) is reported by the next request.
///
/// Each player is one process, used by one thread at a time; players on different threads (a
/// tournament's jobs) are independent. The process is ended with the player: `quit`, then up to
/// half a second to exit, then SIGTERM to its process group and half a second more, then
/// SIGKILL to it and to every process it started (protocol/containment.h), all reaped. The
/// fault of a bot that died says the last line of its stderr.

#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "games/auction/player.h"
#include "protocol/containment.h"
#include "protocol/sandbox.h"

namespace wg::protocol {

struct ExternalBotOptions {
  std::chrono::milliseconds handshake_timeout{5000};  ///< to start and answer the handshake
  std::chrono::milliseconds reply_timeout{1000};      ///< for each bid or word
  /// Where the bot's stderr (its log) goes: empty for the host's own stderr, else this file,
  /// appended to.
  std::filesystem::path stderr_path;
  /// What the bot's processes may use (protocol/containment.h).
  BotLimits limits;
  /// The sandbox it runs in (protocol/sandbox.h), or none for a trusted bot.
  SandboxOptions sandbox;
};

/// The bot could not be started, or did not complete the handshake.
class ExternalBotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Starts `command` (run by /bin/sh -c, in the sandbox of options.sandbox with the current
/// directory's path, or without it in the current directory and environment) and performs
/// the handshake (`auction 1` / `name NAME`, `isready` / `readyok`, each within
/// handshake_timeout); the player's name() is the name the bot gave. Throws ExternalBotError
/// with the command and what went wrong (the bot is then ended), also when the sandbox is asked
/// for and bwrap is missing (the message names the package and --trusted-bots).
std::unique_ptr<auction::Player> start_external_player(const std::string& command,
                                                       const ExternalBotOptions& options = {});

}  // namespace wg::protocol
