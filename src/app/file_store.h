#pragma once
/// The store (store.h) in plain files under one directory, by default the user's data directory
/// (user_data.h, $XDG_DATA_HOME/wordgames):
///
///   hangman/dictionaries/NAME.txt  a saved word list: a header comment, then one word a line
///                                  (the folder older wordgames kept position hangman's
///                                  dictionaries in, so that theirs are found)
///   games/NAME.json                a saved game, {game, config, seed, commands}
///
/// and, only read (GameStore::import_file_store moves it into the store's games once):
///
///   <game>/history.tsv             an older wordgames's last games: a header, then
///                                  WORD<TAB>guesses<TAB>you|host<TAB>points a line, oldest first
///
/// Files are written atomically (core/file_io.h: a temporary file beside, fsync, rename), so a
/// crash, a full disk or a kill never leaves half a file, and read bounded (only regular files,
/// up to a size cap per kind: a FIFO or /dev/zero in their place is refused at once). A file
/// edited or damaged by hand is read as well as it can be: its leading comment lines are not
/// words, damaged history lines are skipped and counted, and a binary or unreadable history is
/// reported as a problem.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/store.h"

namespace wg::app {

/// One game of an older wordgames's history file.
struct HistoryRecord {
  std::string word;  ///< the secret, upper case
  std::size_t guesses = 0;
  bool player_won = false;
  int points = 0;  ///< 0 or more
  bool operator==(const HistoryRecord&) const = default;
};

/// What a history file holds, oldest first, and what could not be read of it.
struct HistoryFile {
  std::vector<HistoryRecord> games;
  std::size_t bad_records = 0;  ///< lines that could not be read, skipped
  std::string problem;          ///< why the file could not be read at all, or empty
  std::string source;           ///< its path, for messages
};

/// The games a history file kept: the last five.
inline constexpr std::size_t kHistoryGames = 5;

class FileStore final : public Store {
 public:
  /// The user's data directory, looked up at each use (so that a missing HOME is an error only
  /// when something is read or written).
  FileStore() = default;
  /// Everything under `root`.
  explicit FileStore(std::filesystem::path root) : root_(std::move(root)) {}

  /// The directory everything is under. Throws StoreError when there is no user data directory.
  std::filesystem::path root() const;

  std::vector<std::string> word_list_names() override;
  bool has_word_list(std::string_view name) override;
  void save_word_list(std::string_view name, std::span<const std::string> words) override;
  std::string load_word_list(std::string_view name) override;
  std::string word_list_location(std::string_view name) override;

  std::vector<std::string> game_names() override;
  void save_game(std::string_view name, const Json& saved) override;
  Json load_game(std::string_view name) override;

  /// The history file of `game` an older wordgames wrote; never throws (see HistoryFile).
  HistoryFile history(std::string_view game);

  /// The files.
  std::filesystem::path history_path(std::string_view game) const;
  std::filesystem::path word_list_path(std::string_view name) const;
  std::filesystem::path game_path(std::string_view name) const;

 private:
  std::optional<std::filesystem::path> root_;
};

/// Reads the text of a history file: its readable lines, the last kHistoryGames of them, and
/// the count of lines skipped. Exposed for tests.
HistoryFile parse_history(std::string_view text);

}  // namespace wg::app
