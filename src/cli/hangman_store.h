#pragma once
/// What `wordgames hangman` keeps in the user's data directory (user_data.h), under hangman/:
/// saved dictionaries (dictionaries/NAME.txt, one upper-case word a line) and the history of the
/// last games (history.tsv). Files are written atomically (a temporary file, then rename), so a
/// crash never leaves half a file; a file edited or damaged by hand is read as well as it can be
/// (a damaged dictionary is refused with the rule it breaks, damaged history lines are skipped).

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "games/hangman/dictionary.h"

namespace wg::cli {

/// The name of the dictionary made from the lexicon in use (--lexicon or the built-in list).
inline constexpr std::string_view kDefaultDictionaryName = "default";
/// Games kept in the history.
inline constexpr std::size_t kHistoryGames = 5;

/// A dictionary name: 1 to 40 of letters, digits, '-' and '_', starting with a letter or digit,
/// and not "default". Keeps names usable as file names everywhere.
bool valid_dictionary_name(std::string_view name);

/// Writes `text` to a temporary file beside `path`, then renames it over `path`. Throws
/// std::runtime_error naming the path on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

/// Where the dictionary NAME is saved (whether it exists or not). Throws std::runtime_error when
/// there is no user data directory.
std::filesystem::path saved_dictionary_path(std::string_view name);
/// Names of the saved dictionaries, sorted.
std::vector<std::string> saved_dictionary_names();
/// Saves the dictionary as NAME, replacing any dictionary of that name.
void save_dictionary(std::string_view name, const hangman::Dictionary& dictionary);
/// Loads a saved dictionary. Throws std::runtime_error naming the file when it is missing,
/// unreadable or breaks a rule.
hangman::Dictionary load_saved_dictionary(std::string_view name);

/// One finished game.
struct HistoryEntry {
  std::string word;  ///< upper case
  std::size_t guesses = 0;
  bool player_won = false;
  int points = 0;
  bool operator==(const HistoryEntry&) const = default;
};

struct History {
  std::vector<HistoryEntry> entries;  ///< oldest first, at most kHistoryGames
  std::size_t bad_lines = 0;          ///< lines that could not be read (skipped)
  std::string problem;                ///< why the file could not be read at all, or empty
};

std::filesystem::path history_path();
/// The history; a missing file is an empty history. Never throws for a bad file: see
/// History::bad_lines and History::problem.
History read_history();
/// Parses the text of a history file (exposed for tests).
History parse_history(std::string_view text);
/// Adds a game and rewrites the file with the last kHistoryGames readable games. Throws
/// std::runtime_error when it cannot be written.
History record_game(const HistoryEntry& entry);

}  // namespace wg::cli
