#pragma once
/// The store (store.h) in plain files under one directory, by default the user's data directory
/// (user_data.h, $XDG_DATA_HOME/wordgames):
///
///   <game>/history.tsv             a header, then WORD<TAB>guesses<TAB>you|host<TAB>points a
///                                  line, oldest first, the last kHistoryGames games
///   hangman/dictionaries/NAME.txt  a header comment, then one upper-case word a line
///   games/NAME.json                a saved game, {game, config, seed, commands}
///
/// Files are written atomically (core/file_io.h: a temporary file beside, fsync, rename), so a
/// crash, a full disk or a kill never leaves half a file, and read bounded (only regular files,
/// up to a size cap per kind: a FIFO or /dev/zero in their place is refused at once). A file
/// edited or damaged by hand is read as well as it can be: a damaged dictionary is refused with
/// the rule it breaks, damaged history lines are skipped (and dropped at the next append), a
/// binary or unreadable history is ignored with a problem to report, and the next append keeps
/// it aside as history.tsv.unreadable-N rather than overwrite it. Appends to a history are
/// serialized by a lock file (<game>/.history.lock), so games ending at once lose no record.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/store.h"

namespace wg::app {

class FileStore final : public Store {
 public:
  /// The user's data directory, looked up at each use (so that a missing HOME is an error only
  /// when something is read or written).
  FileStore() = default;
  /// Everything under `root`.
  explicit FileStore(std::filesystem::path root) : root_(std::move(root)) {}

  /// The directory everything is under. Throws StoreError when there is no user data directory.
  std::filesystem::path root() const;

  History history(std::string_view game, std::size_t count = kHistoryGames) override;
  History append(std::string_view game, const GameRecord& record) override;

  std::vector<std::string> dictionary_names() override;
  bool has_dictionary(std::string_view name) override;
  void save_dictionary(std::string_view name, const hangman::Dictionary& dictionary) override;
  hangman::Dictionary load_dictionary(std::string_view name) override;
  std::string dictionary_location(std::string_view name) override;

  std::vector<std::string> game_names() override;
  void save_game(std::string_view name, const Json& saved) override;
  Json load_game(std::string_view name) override;

  /// The files.
  std::filesystem::path history_path(std::string_view game) const;
  std::filesystem::path dictionary_path(std::string_view name) const;
  std::filesystem::path game_path(std::string_view name) const;

 private:
  std::optional<std::filesystem::path> root_;
};

/// Reads the text of a history file: its readable lines, the last kHistoryGames of them, and
/// the count of lines skipped. Exposed for tests.
History parse_history(std::string_view text);

}  // namespace wg::app
