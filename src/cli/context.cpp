#include "cli/context.h"

#include <chrono>
#include <random>
#include <system_error>
#include <utility>

namespace wg::cli {

namespace {

/// The name `lexicon info` gives the lexicon compiled into the binary.
constexpr std::string_view kBuiltInSource = "built-in (enable1)";

}  // namespace

std::string_view to_string(LexiconFormat format) {
  switch (format) {
    case LexiconFormat::kBuiltIn:
      return "built-in";
    case LexiconFormat::kCompiled:
      return "compiled";
    case LexiconFormat::kWordList:
      return "word list";
  }
  return "unknown";
}

LoadedLexicon load_lexicon_file(const std::filesystem::path& path) {
  LoadedLexicon loaded;
  WordListReport report;
  loaded.lexicon = Lexicon::load(path, &report);
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

Context::Context(std::istream& in, std::ostream& out, std::ostream& err, bool interactive)
    : in_(in), out_(out), err_(err), interactive_(interactive) {}

const Lexicon& Context::lexicon() {
  if (lexicon_ != nullptr) return *lexicon_;
  if (options_.lexicon_path.empty()) {
    lexicon_ = &default_lexicon();
    lexicon_info_ = LexiconInfo{std::string(kBuiltInSource), LexiconFormat::kBuiltIn, {}, {}};
  } else {
    LoadedLexicon loaded = load_lexicon_file(options_.lexicon_path);
    owned_ = std::move(loaded.lexicon);
    lexicon_info_ = std::move(loaded.info);
    lexicon_ = &*owned_;
  }
  return *lexicon_;
}

const LexiconInfo& Context::lexicon_info() {
  lexicon();
  return lexicon_info_;
}

std::uint64_t Context::seed() {
  if (options_.seed) return *options_.seed;
  if (!random_seed_) {
    std::random_device device;
    const auto ticks =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    random_seed_ = (static_cast<std::uint64_t>(device()) << 32 | device()) ^ ticks;
  }
  return *random_seed_;
}

}  // namespace wg::cli
