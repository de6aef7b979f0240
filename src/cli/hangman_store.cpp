#include "cli/hangman_store.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "cli/user_data.h"
#include "lexicon/word_list.h"

namespace wg::cli {

namespace {

constexpr std::string_view kHistoryHeader = "# wordgames hangman history 1";
constexpr std::string_view kDictionaryHeader = "# wordgames hangman dictionary";

std::filesystem::path hangman_dir() { return user_data_dir() / "hangman"; }

std::filesystem::path dictionaries_dir() { return hangman_dir() / "dictionaries"; }

void make_dir(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir)) {
    throw std::runtime_error(fmt::format("cannot create the directory {}: {}", dir.string(),
                                         error ? error.message() : "not a directory"));
  }
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && ptr == end;
}

bool is_upper_word(std::string_view word) {
  return !word.empty() && word.size() <= kMaxWordLength &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

}  // namespace

bool valid_dictionary_name(std::string_view name) {
  if (name.empty() || name.size() > 40 || name == kDefaultDictionaryName) return false;
  auto alnum = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  if (!alnum(name.front())) return false;
  return std::all_of(name.begin(), name.end(),
                     [&](char c) { return alnum(c) || c == '-' || c == '_'; });
}

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  make_dir(path.parent_path());
  const std::filesystem::path temp =
      path.parent_path() / fmt::format(".{}.{}.tmp", path.filename().string(), ::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      throw std::runtime_error(fmt::format("cannot write {}", path.string()));
    }
  }
  std::error_code error;
  std::filesystem::rename(temp, path, error);
  if (error) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw std::runtime_error(fmt::format("cannot write {}: {}", path.string(), error.message()));
  }
}

std::filesystem::path saved_dictionary_path(std::string_view name) {
  return dictionaries_dir() / (std::string(name) + ".txt");
}

std::vector<std::string> saved_dictionary_names() {
  std::vector<std::string> names;
  std::error_code error;
  const std::filesystem::path dir = dictionaries_dir();
  if (!std::filesystem::is_directory(dir, error)) return names;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::filesystem::path& path = entry.path();
    if (path.extension() != ".txt") continue;
    const std::string name = path.stem().string();
    if (valid_dictionary_name(name) && entry.is_regular_file(error)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

void save_dictionary(std::string_view name, const hangman::Dictionary& dictionary) {
  if (!valid_dictionary_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid dictionary name", name));
  }
  std::string text = fmt::format("{} {}\n", kDictionaryHeader, name);
  for (const std::string& word : dictionary.words_upper()) {
    text += word;
    text += '\n';
  }
  write_file_atomically(saved_dictionary_path(name), text);
}

hangman::Dictionary load_saved_dictionary(std::string_view name) {
  const std::filesystem::path path = saved_dictionary_path(name);
  if (!valid_dictionary_name(name) || !std::filesystem::is_regular_file(path)) {
    throw std::runtime_error(fmt::format("no saved dictionary '{}'", name));
  }
  const std::string text = read_file(path);  // throws LexiconError naming the path
  try {
    // The saved form is plain words; reading it as text also copes with a file edited by hand.
    return hangman::Dictionary::from_text(text.substr(
        text.starts_with(kDictionaryHeader) ? std::min(text.find('\n'), text.size()) : 0));
  } catch (const hangman::DictionaryError& error) {
    throw std::runtime_error(fmt::format("{}: {}", path.string(), error.what()));
  }
}

std::filesystem::path history_path() { return hangman_dir() / "history.tsv"; }

History parse_history(std::string_view text) {
  History history;
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
    HistoryEntry entry;
    entry.word = fields.empty() ? "" : std::string(fields[0]);
    const bool ok = fields.size() == 4 && is_upper_word(fields[0]) &&
                    parse_number(fields[1], entry.guesses) && entry.guesses < 100000 &&
                    (fields[2] == "you" || fields[2] == "host") &&
                    parse_number(fields[3], entry.points) && entry.points >= 0;
    if (!ok) {
      ++history.bad_lines;
      continue;
    }
    entry.player_won = fields[2] == "you";
    history.entries.push_back(std::move(entry));
  }
  if (history.entries.size() > kHistoryGames) {
    history.entries.erase(history.entries.begin(),
                          history.entries.end() - static_cast<std::ptrdiff_t>(kHistoryGames));
  }
  return history;
}

History read_history() {
  const std::filesystem::path path = history_path();
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return {};
  if (std::filesystem::is_regular_file(path, error) &&
      std::filesystem::file_size(path, error) == 0) {
    return {};
  }
  try {
    const std::string text = read_file(path);
    if (text.find('\0') != std::string::npos) {
      History history;
      history.problem =
          fmt::format("{} is not a history file (binary data); ignoring it", path.string());
      return history;
    }
    return parse_history(text);
  } catch (const std::exception& e) {
    History history;
    history.problem = fmt::format("{}; ignoring the history", e.what());
    return history;
  }
}

History record_game(const HistoryEntry& entry) {
  History history = read_history();
  history.entries.push_back(entry);
  if (history.entries.size() > kHistoryGames) history.entries.erase(history.entries.begin());
  std::string text = std::string(kHistoryHeader) + "\n# word\tguesses\twinner\tpoints\n";
  for (const HistoryEntry& e : history.entries) {
    text +=
        fmt::format("{}\t{}\t{}\t{}\n", e.word, e.guesses, e.player_won ? "you" : "host", e.points);
  }
  write_file_atomically(history_path(), text);
  return history;
}

}  // namespace wg::cli
