#pragma once
/// Word lists for every front end: loading a lexicon from a file (a word list or a compiled
/// `.wglex`, told apart by the first bytes) with a report of where it came from, and a catalogue
/// of the lists a front end offers, each loaded once and shared read-only between sessions.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

namespace wg::app {

/// How a lexicon was stored.
enum class LexiconFormat { kBuiltIn, kCompiled, kWordList };
std::string_view to_string(LexiconFormat format);

/// Where a lexicon came from.
struct LexiconInfo {
  std::string source;  ///< the path as given, or the name of the built-in list
  LexiconFormat format = LexiconFormat::kWordList;
  std::optional<WordListReport> report;      ///< for a word list: how its lines were read
  std::optional<std::uintmax_t> file_bytes;  ///< size of the file, when there is one
};

/// A lexicon with its origin, shared read-only.
struct LoadedLexicon {
  std::shared_ptr<const Lexicon> lexicon;
  LexiconInfo info;
};

/// The name `lexicon info` gives the lexicon compiled into the binary.
inline constexpr std::string_view kBuiltInSource = "built-in (enable1)";

/// Loads a compiled lexicon or a word list. Throws LexiconError naming the path.
LoadedLexicon load_lexicon_file(const std::filesystem::path& path);
/// The built-in ENABLE list (never copied: the handle points at the embedded lexicon).
LoadedLexicon built_in_lexicon();

/// The word lists a front end offers, by name. Each is loaded on its first use and then shared
/// by every session that asks for it; safe to use from several threads.
class LexiconCatalog {
 public:
  /// One list of the catalogue.
  struct Entry {
    std::string name;            ///< what a player picks: "enable", "web2"
    std::string description;     ///< one line for a menu
    std::filesystem::path path;  ///< empty for the built-in list
  };

  /// A catalogue holding the built-in list as "enable" (its default).
  LexiconCatalog();

  /// Adds a list read from `path` on first use. Throws std::invalid_argument if the name is
  /// taken.
  void add_file(std::string name, std::string description, std::filesystem::path path);
  /// The lists, in the order added (the built-in list first).
  std::vector<Entry> entries() const;
  /// The name of the list used when none is asked for.
  const std::string& default_name() const { return default_name_; }

  /// The list `name`, loaded on first use. nullptr if there is no such name; throws
  /// LexiconError when its file cannot be read (and tries again on the next call).
  std::shared_ptr<const LoadedLexicon> get(std::string_view name);

 private:
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  std::map<std::string, std::shared_ptr<const LoadedLexicon>, std::less<>> loaded_;
  std::string default_name_ = "enable";
};

}  // namespace wg::app
