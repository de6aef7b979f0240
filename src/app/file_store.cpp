#include "app/file_store.h"

#include <algorithm>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "app/user_data.h"
#include "core/file_io.h"
#include "core/text.h"
#include "lexicon/word_list.h"

namespace wg::app {

namespace {

/// The first line of a saved word list's file.
constexpr std::string_view kWordListHeader = "# wordgames word list";
/// Where the file store keeps saved word lists, below its root: the folder older wordgames kept
/// position hangman's dictionaries in, the only lists saved then.
constexpr std::string_view kWordListFolder = "hangman/dictionaries";
/// The longest guess count a history line may hold (anything longer is damage).
constexpr std::size_t kMaxGuesses = 100000;
/// The largest files read: a history holds kHistoryGames short lines (anything near the cap is
/// damage); a word list some hundred thousand words; a saved game its commands.
constexpr std::uint64_t kMaxHistoryBytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxWordListBytes = std::uint64_t{64} << 20;
constexpr std::uint64_t kMaxGameBytes = std::uint64_t{16} << 20;

void make_dir(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir)) {
    throw StoreError(fmt::format("cannot create the directory {}: {}", dir.string(),
                                 error ? error.message() : "not a directory"));
  }
}

bool is_upper_word(std::string_view word) {
  return !word.empty() && word.size() <= kMaxWordLength &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

/// The names of the regular files `dir/NAME<extension>` with a valid name, sorted.
std::vector<std::string> names_in(const std::filesystem::path& dir, std::string_view extension,
                                  bool (*valid)(std::string_view)) {
  std::vector<std::string> names;
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) return names;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::filesystem::path& path = entry.path();
    if (path.extension() != extension) continue;
    const std::string name = path.stem().string();
    if (valid(name) && entry.is_regular_file(error)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// The file's text, at most `max_bytes`; StoreError (naming the path) when it cannot be read.
std::string read_text(const std::filesystem::path& path, std::uint64_t max_bytes) {
  try {
    return read_regular_file(path, max_bytes);
  } catch (const FileError& error) {  // names the path
    throw StoreError(error.what());
  }
}

/// Writes the file atomically (core/file_io.h), creating its directory.
void save_file(const std::filesystem::path& path, std::string_view text) {
  make_dir(path.parent_path());
  try {
    write_file_atomically(path, text);
  } catch (const FileError& error) {  // names the path
    throw StoreError(error.what());
  }
}

/// The game name as a directory: a valid name, so that it cannot leave the root.
std::string_view game_dir(std::string_view game) {
  if (!valid_name(game)) throw std::invalid_argument(fmt::format("'{}' is not a game name", game));
  return game;
}

}  // namespace

std::filesystem::path FileStore::root() const {
  if (root_) return *root_;
  try {
    return user_data_dir();
  } catch (const std::runtime_error& error) {
    throw StoreError(error.what());
  }
}

std::filesystem::path FileStore::history_path(std::string_view game) const {
  return root() / game_dir(game) / "history.tsv";
}

std::filesystem::path FileStore::word_list_path(std::string_view name) const {
  return root() / kWordListFolder / (std::string(name) + ".txt");
}

std::filesystem::path FileStore::game_path(std::string_view name) const {
  return root() / "games" / (std::string(name) + ".json");
}

// --- History.

HistoryFile parse_history(std::string_view text) {
  HistoryFile history;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string_view> fields;
    for (std::size_t at = 0;;) {
      const std::size_t tab = line.find('\t', at);
      fields.push_back(line.substr(at, tab == std::string_view::npos ? tab : tab - at));
      if (tab == std::string_view::npos) break;
      at = tab + 1;
    }
    HistoryRecord record;
    bool ok = fields.size() == 4 && is_upper_word(fields[0]) &&
              (fields[2] == "you" || fields[2] == "host");
    if (ok) {
      const std::optional<std::uint64_t> guesses = parse_unsigned(fields[1]);
      const ParsedNumber points = parse_integer(fields[3]);
      ok = guesses && *guesses < kMaxGuesses && points && points.value <= 1'000'000'000;
      if (ok) {
        record.word = std::string(fields[0]);
        record.guesses = static_cast<std::size_t>(*guesses);
        record.player_won = fields[2] == "you";
        record.points = static_cast<int>(points.value);
      }
    }
    if (!ok) {
      ++history.bad_records;
      continue;
    }
    history.games.push_back(std::move(record));
  }
  if (history.games.size() > kHistoryGames) {
    history.games.erase(history.games.begin(),
                        history.games.end() - static_cast<std::ptrdiff_t>(kHistoryGames));
  }
  return history;
}

HistoryFile FileStore::history(std::string_view game) {
  HistoryFile history;
  std::filesystem::path path;
  try {
    path = history_path(game);
  } catch (const std::exception& e) {
    history.problem = e.what();
    return history;
  }
  std::error_code error;
  if (std::filesystem::exists(std::filesystem::symlink_status(path, error)) &&
      !(std::filesystem::is_regular_file(path, error) &&
        std::filesystem::file_size(path, error) == 0)) {
    try {
      const std::string text = read_text(path, kMaxHistoryBytes);
      if (text.find('\0') != std::string::npos) {
        history.problem =
            fmt::format("{} is not a history file (binary data); ignoring it", path.string());
      } else {
        history = parse_history(text);
      }
    } catch (const std::exception& e) {
      history.problem = fmt::format("{}; ignoring the history", e.what());
    }
  }
  history.source = path.string();
  return history;
}

// --- Word lists.

std::vector<std::string> FileStore::word_list_names() {
  return names_in(root() / kWordListFolder, ".txt", &valid_name);
}

bool FileStore::has_word_list(std::string_view name) {
  std::error_code error;
  return valid_name(name) && std::filesystem::is_regular_file(word_list_path(name), error);
}

std::string FileStore::word_list_location(std::string_view name) {
  return word_list_path(name).string();
}

void FileStore::save_word_list(std::string_view name, std::span<const std::string> words) {
  check_word_list(name, words);
  save_file(word_list_path(name),
            fmt::format("{} {}\n", kWordListHeader, name) + word_list_text(words));
}

std::string FileStore::load_word_list(std::string_view name) {
  if (!has_word_list(name)) throw StoreError(fmt::format("no saved word list '{}'", name));
  std::string text = read_text(word_list_path(name), kMaxWordListBytes);
  // Its leading comment lines (the header: "# wordgames word list NAME", or an older
  // "# wordgames hangman dictionary NAME") are not words.
  std::size_t start = 0;
  while (start < text.size() && text[start] == '#') {
    const std::size_t end = text.find('\n', start);
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return text.substr(start);
}

// --- Saved games.

std::vector<std::string> FileStore::game_names() {
  return names_in(root() / "games", ".json", &valid_name);
}

void FileStore::save_game(std::string_view name, const Json& saved) {
  if (!valid_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid saved game name", name));
  }
  check_saved_game(saved);
  save_file(game_path(name), saved.dump(2) + "\n");
}

Json FileStore::load_game(std::string_view name) {
  std::error_code error;
  if (!valid_name(name) || !std::filesystem::is_regular_file(game_path(name), error)) {
    throw StoreError(fmt::format("no saved game '{}'", name));
  }
  const std::filesystem::path path = game_path(name);
  const std::string text = read_text(path, kMaxGameBytes);
  try {
    if (nested_deeper_than(text)) {
      throw std::invalid_argument(fmt::format("nested deeper than {} levels", kMaxJsonDepth));
    }
    Json saved = Json::parse(text);
    check_saved_game(saved);
    return saved;
  } catch (const std::exception& e) {  // a parse error or not a saved game
    throw StoreError(fmt::format("{}: not a saved game: {}", path.string(), e.what()));
  }
}

}  // namespace wg::app
