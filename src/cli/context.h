#pragma once
/// What every command of the front end shares: the global options, the output streams, the
/// lexicon (loaded on first use from --lexicon or the built-in list), the games' seed, and the
/// command picked on the command line. Also the exit codes and the usage error.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>

#include "app/lexicon_catalog.h"
#include "lexicon/lexicon.h"

namespace wg::cli {

/// The program's exit status.
enum ExitCode : int {
  kExitOk = 0,
  kExitUsage = 1,     ///< unknown command or option, missing argument, malformed pattern or rack
  kExitBadInput = 2,  ///< a file that cannot be read or used (missing, binary, corrupt, empty)
};

/// A command line that parses but asks for something impossible, such as a malformed pattern:
/// reported like a CLI11 parse error, exit status 1.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Options of the root command, available to every subcommand.
struct GlobalOptions {
  std::string lexicon_path;           ///< --lexicon; empty: the built-in lexicon
  std::optional<std::uint64_t> seed;  ///< --seed; unset: a fresh random seed (see Context::seed)
  bool json = false;                  ///< --json: machine-readable output
};

using app::LexiconInfo;

class Context {
 public:
  /// `interactive`: stdin and stdout are terminals, so the menu may ask for a choice.
  /// `live`: the process's own output, when `out` holds a command's output back until it
  /// succeeds (see live_out()); null: `out` is it.
  Context(std::istream& in, std::ostream& out, std::ostream& err, bool interactive,
          std::ostream* live = nullptr);

  GlobalOptions& options() { return options_; }
  const GlobalOptions& options() const { return options_; }
  std::istream& in() { return in_; }
  std::ostream& out() { return out_; }
  /// The output that reaches the user at once, for a command that runs until stopped (`serve`
  /// prints its address and keeps running): out() may be held back until the command ends.
  std::ostream& live_out() { return live_ != nullptr ? *live_ : out_; }
  std::ostream& err() { return err_; }
  bool interactive() const { return interactive_; }

  /// The lexicon named by --lexicon, or the built-in one; loaded on the first call.
  /// Throws LexiconError naming the file.
  const Lexicon& lexicon() { return *shared_lexicon(); }
  /// The same lexicon as a shared handle, for sessions that keep it.
  std::shared_ptr<const Lexicon> shared_lexicon();
  /// Where lexicon() came from; loads it if needed.
  const LexiconInfo& lexicon_info();

  /// The seed for the games: --seed if given, else one drawn once per run from
  /// std::random_device and the clock (games print it, so a game can be replayed with --seed).
  std::uint64_t seed();

  /// The command picked on the command line; run after parsing succeeds.
  void set_action(std::function<int()> action) { action_ = std::move(action); }
  const std::function<int()>& action() const { return action_; }

 private:
  std::istream& in_;
  std::ostream& out_;
  std::ostream* live_ = nullptr;
  std::ostream& err_;
  bool interactive_;
  GlobalOptions options_;
  std::optional<app::LoadedLexicon> lexicon_;  ///< empty until loaded
  std::optional<std::uint64_t> random_seed_;
  std::function<int()> action_;
};

}  // namespace wg::cli
