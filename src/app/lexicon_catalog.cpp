#include "app/lexicon_catalog.h"

#include <algorithm>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "core/enum_names.h"

namespace wg::app {

namespace {
constexpr Named<LexiconFormat> kFormatNames[] = {{LexiconFormat::kBuiltIn, "built-in"},
                                                 {LexiconFormat::kCompiled, "compiled"},
                                                 {LexiconFormat::kWordList, "word list"}};
}  // namespace

std::string_view to_string(LexiconFormat format) { return name_of(kFormatNames, format); }

LoadedLexicon load_lexicon_file(const std::filesystem::path& path) {
  WordListReport report;
  LoadedLexicon loaded;
  loaded.lexicon = std::make_shared<const Lexicon>(Lexicon::load(path, &report));
  loaded.info.source = path.string();
  if (report.compiled) {
    loaded.info.format = LexiconFormat::kCompiled;
  } else {
    loaded.info.format = LexiconFormat::kWordList;
    loaded.info.report = std::move(report);
  }
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(path, error);
  if (!error) loaded.info.file_bytes = bytes;
  return loaded;
}

LoadedLexicon built_in_lexicon() {
  // The embedded lexicon lives as long as the program: the handle must not delete it.
  return {std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {}),
          LexiconInfo{std::string(kBuiltInSource), LexiconFormat::kBuiltIn, {}, {}}};
}

LexiconCatalog::LexiconCatalog() {
  entries_.push_back({"enable", "ENABLE, 172,823 words (built in)", {}});
}

void LexiconCatalog::add_file(std::string name, std::string description,
                              std::filesystem::path path) {
  const std::scoped_lock lock(mutex_);
  const bool taken =
      std::any_of(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.name == name; });
  if (taken) throw std::invalid_argument("a word list named '" + name + "' is already listed");
  entries_.push_back({std::move(name), std::move(description), std::move(path)});
}

std::vector<LexiconCatalog::Entry> LexiconCatalog::entries() const {
  const std::scoped_lock lock(mutex_);
  return entries_;
}

std::shared_ptr<const LoadedLexicon> LexiconCatalog::get(std::string_view name) {
  const std::scoped_lock lock(mutex_);
  if (const auto found = loaded_.find(name); found != loaded_.end()) return found->second;
  const auto entry = std::find_if(entries_.begin(), entries_.end(),
                                  [&](const Entry& e) { return e.name == name; });
  if (entry == entries_.end()) return nullptr;
  auto loaded = std::make_shared<const LoadedLexicon>(
      entry->path.empty() ? built_in_lexicon() : load_lexicon_file(entry->path));
  loaded_.emplace(entry->name, loaded);
  return loaded;
}

}  // namespace wg::app
