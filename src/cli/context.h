#pragma once
/// What every command of the front end shares: the global options, the output streams, the
/// lexicon (loaded on first use from --lexicon or the built-in list), the games' seed, the store
/// and the player (opened and settled on first use: --data, --player), and the command picked
/// on the command line. Also the exit codes and the usage error.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "app/challenge.h"
#include "app/file_store.h"
#include "app/game_store.h"
#include "app/lexicon_catalog.h"
#include "app/store.h"
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
  std::string data_dir;               ///< --data; empty: the user data directory (user_data.h)
  /// --store: where the games and players are kept, a PostgreSQL URL or a data directory
  /// (app::open_store_at); empty: the data directory's wordgames.db.
  std::string store;
  std::string player;  ///< --player; empty: the last player, or ask (player_name)
};

/// The player name used when no name is given and none can be asked (piped input).
using app::kDefaultPlayerName;

using app::LexiconInfo;

class Context {
 public:
  /// `interactive`: stdin and stdout are terminals, so the menu may ask for a choice.
  /// `live`: the process's own output, when `out` holds a command's output back until it
  /// succeeds or flushes it (see live_out()); null: `out` is it.
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
  /// The width that text is wrapped at: the terminal's when the output is the process's own
  /// on a terminal (interactive), else kColumns (output.h), so that a pipe, a file or a test
  /// gets the same text whatever the terminal it runs in.
  std::size_t columns() const { return columns_; }

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

  // --- The store (issue 14): finished games, players, position hangman's history.

  /// The data directory: --data, else user_data_dir(). Throws app::StoreError when there is
  /// none (no HOME).
  std::filesystem::path data_dir() const;
  /// The database of finished games and players, data_dir()/wordgames.db, opened on the first
  /// call, when the old files of the same directory (a FileStore's) are imported once. Null
  /// when it cannot be opened (a read-only directory, a full disk, a file that is not a
  /// wordgames database): one warning then says that games are not saved, and play goes on.
  app::GameStore* game_store();
  /// The database as game_store(), for commands that only read it (stats, history): throws
  /// app::StoreError instead of warning.
  app::GameStore& required_game_store();
  /// A connection of its own to the store game_store() opens (--store, else the data
  /// directory's database), for a host that keeps one (the arcade). Throws app::StoreError.
  std::unique_ptr<app::GameStore> open_game_store() const;
  /// The store of saved word lists and games (app::Store): game_store(), or when it cannot
  /// be opened the plain files of the data directory (app::FileStore), as before the database.
  app::Store& store();
  /// Who plays: --player, else the last player the store remembers, else (on an interactive
  /// terminal) the answer to "Your name:", asked once, else kDefaultPlayerName. Remembered as
  /// the last player. Without a store: --player or kDefaultPlayerName, never asked.
  const std::string& player_name();
  /// Records a finished game; a game that cannot be saved is reported on err() (once per run)
  /// and never stops play. `unfinished_id` (when not 0): the unfinished game it was saved as,
  /// deleted in the same transaction. Returns the game's id in the store, 0 when not kept.
  std::int64_t record(const app::FinishedGame& game, std::int64_t unfinished_id = 0);
  /// Saves a game in play (a new one for id 0, else updating that one) and returns its id; 0
  /// when it cannot be saved (reported like record(), play goes on). An id that is gone (the
  /// game was resumed and finished elsewhere) is saved anew.
  std::int64_t save_unfinished(const app::UnfinishedGame& game);
  /// Deletes an unfinished game (one that ended without a record); a failure is reported like
  /// record()'s.
  void delete_unfinished(std::int64_t id);
  /// The command line that resumes unfinished game `id` as this run would find it:
  /// "wordgames resume 7", with the --data, --player and --lexicon this run was given.
  std::string resume_command(std::int64_t id) const;
  /// The wall clock in unix milliseconds, for the times of recorded games.
  static std::int64_t now_ms();

  /// The challenge this run answers (`wordgames play CODE`): its game, once finished, shows
  /// both results side by side. Cleared once shown.
  std::optional<app::Challenge>& challenge() { return challenge_; }

  /// The command picked on the command line; run after parsing succeeds.
  void set_action(std::function<int()> action) { action_ = std::move(action); }
  const std::function<int()>& action() const { return action_; }

 private:
  std::istream& in_;
  std::ostream& out_;
  std::ostream* live_ = nullptr;
  std::ostream& err_;
  bool interactive_;
  std::size_t columns_;
  GlobalOptions options_;
  std::optional<app::LoadedLexicon> lexicon_;  ///< empty until loaded
  std::optional<std::uint64_t> random_seed_;
  bool store_opened_ = false;                   ///< game_store() was tried
  std::unique_ptr<app::GameStore> game_store_;  ///< null until opened, or when it cannot be
  std::string store_problem_;                   ///< why it cannot be, once tried
  std::unique_ptr<app::FileStore> file_store_;  ///< store()'s fallback
  bool warned_ = false;                         ///< the "not saving" warning was printed
  std::optional<std::string> player_;
  std::function<int()> action_;
  std::optional<app::Challenge> challenge_;

  /// game_store() without the warning (store_problem_ says why it is null).
  app::GameStore* game_store_or_problem();
  /// The one "cannot save games" warning of the run.
  void warn_not_saving(std::string_view problem);
  /// "Your name:" until a valid name or the end of input (then empty).
  std::string ask_player_name();
};

}  // namespace wg::cli
