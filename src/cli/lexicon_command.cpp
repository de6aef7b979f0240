#include "cli/lexicon_command.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/output.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

namespace wg::cli {

namespace {

/// A rack longer than this is refused (a usage error) rather than searched.
constexpr std::size_t kMaxRackTiles = kMaxWordLength;

constexpr SkipReason kSkipReasons[] = {SkipReason::kBlank, SkipReason::kComment,
                                       SkipReason::kInvalidCharacter, SkipReason::kTooLong,
                                       SkipReason::kDuplicate};

std::size_t total_skipped(const WordListReport& report) {
  std::size_t total = 0;
  for (std::size_t count : report.skipped) total += count;
  return total;
}

// --- info and check: a description of a lexicon and, for a word list, how it read.

Json describe_json(const Lexicon& lexicon, const LexiconInfo& info) {
  Json by_length = Json::object();
  const auto& counts = lexicon.count_by_length();
  for (std::size_t length = 0; length < counts.size(); ++length) {
    if (counts[length] != 0) by_length[std::to_string(length)] = counts[length];
  }
  Json document = {{"source", info.source},
                   {"format", app::to_string(info.format)},
                   {"words", lexicon.size()},
                   {"min_length", lexicon.min_length()},
                   {"max_length", lexicon.max_length()},
                   {"by_length", std::move(by_length)},
                   {"bytes", lexicon.memory_bytes()}};
  if (info.file_bytes) document["file_bytes"] = *info.file_bytes;
  if (info.report) {
    const WordListReport& report = *info.report;
    document["lines"] = report.lines;
    Json skipped = Json::object();
    for (SkipReason reason : kSkipReasons) {
      skipped[std::string(json_key(reason))] = report.skipped_count(reason);
    }
    document["skipped"] = std::move(skipped);
    Json examples = Json::array();
    for (const SkippedLine& line : report.examples) {
      examples.push_back(
          {{"line", line.line}, {"reason", json_key(line.reason)}, {"text", line.text}});
    }
    document["examples"] = std::move(examples);
    document["utf8_bom"] = report.utf8_bom;
    document["crlf"] = report.crlf;
  }
  return document;
}

void describe_text(std::ostream& out, const Lexicon& lexicon, const LexiconInfo& info) {
  out << "source: " << info.source << '\n';
  out << "format: " << app::to_string(info.format) << '\n';
  out << "words: " << lexicon.size() << '\n';
  out << "min length: " << lexicon.min_length() << '\n';
  out << "max length: " << lexicon.max_length() << '\n';
  out << "memory bytes: " << lexicon.memory_bytes() << '\n';
  if (info.file_bytes) out << "file bytes: " << *info.file_bytes << '\n';
  out << "by length:\n";
  const auto& counts = lexicon.count_by_length();
  for (std::size_t length = 0; length < counts.size(); ++length) {
    if (counts[length] != 0) out << fmt::format("  {:>2}: {}\n", length, counts[length]);
  }
  if (!info.report) return;
  const WordListReport& report = *info.report;
  out << "lines: " << report.lines << '\n';
  out << "skipped: " << total_skipped(report) << '\n';
  for (SkipReason reason : kSkipReasons) {
    out << "  " << to_string(reason) << ": " << report.skipped_count(reason) << '\n';
  }
  if (!report.examples.empty()) {
    out << "first offending lines:\n";
    for (const SkippedLine& line : report.examples) {
      out << fmt::format("  line {} ({}): {}\n", line.line, to_string(line.reason), line.text);
    }
  }
  out << "utf-8 byte-order mark: " << yes_no(report.utf8_bom) << '\n';
  out << "crlf line endings: " << yes_no(report.crlf) << '\n';
}

int run_info(Context& context) {
  const Lexicon& lexicon = context.lexicon();
  if (context.options().json) {
    print_json(context.out(), describe_json(lexicon, context.lexicon_info()));
  } else {
    describe_text(context.out(), lexicon, context.lexicon_info());
  }
  return kExitOk;
}

int run_check(Context& context, const std::string& file) {
  const app::LoadedLexicon loaded = app::load_lexicon_file(file);
  if (context.options().json) {
    Json document = describe_json(*loaded.lexicon, loaded.info);
    document["usable"] = true;
    print_json(context.out(), document);
  } else {
    describe_text(context.out(), *loaded.lexicon, loaded.info);
    context.out() << "usable: yes\n";
  }
  return kExitOk;
}

/// True if the two paths name one file: the same path once made absolute and normal, or the
/// same device and inode (a hard link, a symbolic link, "./x" and "x").
bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  const std::filesystem::path pa = std::filesystem::weakly_canonical(a, error);
  if (!error && pa == std::filesystem::weakly_canonical(b, error) && !error) return true;
  error.clear();
  return std::filesystem::equivalent(a, b, error) && !error;
}

int run_compile(Context& context, const std::string& input, const std::string& output) {
  if (same_file(input, output)) {
    throw UsageError(fmt::format(
        "lexicon compile: the output {} is the input file: compiling would replace the word list; "
        "name another output file",
        output));
  }
  const app::LoadedLexicon loaded = app::load_lexicon_file(input);
  loaded.lexicon->save(output);
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(output, error);
  if (error) {
    throw LexiconError(
        fmt::format("{}: cannot read back the compiled file: {}", output, error.message()));
  }
  const std::size_t skipped = loaded.info.report ? total_skipped(*loaded.info.report) : 0;
  if (context.options().json) {
    print_json(context.out(), {{"input", input},
                               {"output", output},
                               {"words", loaded.lexicon->size()},
                               {"bytes", bytes},
                               {"skipped_lines", skipped}});
  } else {
    context.out() << fmt::format("{}: {} words, {} bytes (from {}, {} lines skipped)\n", output,
                                 loaded.lexicon->size(), bytes, input, skipped);
  }
  return kExitOk;
}

// --- Queries.

/// contains and prefix: one answer per text, `text: yes|no` or a JSON object.
template <class Test>
int run_membership(Context& context, const std::vector<std::string>& texts, Test test) {
  const Lexicon& lexicon = context.lexicon();
  if (context.options().json) {
    Json document = Json::object();
    for (const std::string& text : texts) document[text] = test(lexicon, text);
    print_json(context.out(), document);
  } else {
    for (const std::string& text : texts) {
      context.out() << text << ": " << yes_no(test(lexicon, text)) << '\n';
    }
  }
  return kExitOk;
}

int run_pattern(Context& context, const std::string& text, std::optional<std::uint64_t> limit) {
  Pattern pattern;
  try {
    pattern = Pattern::parse(text, Alphabet::english());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());  // names the pattern and the column
  }
  const Lexicon& lexicon = context.lexicon();
  const std::vector<std::string> words = lexicon.match(pattern);
  const std::size_t shown =
      limit ? static_cast<std::size_t>(std::min<std::uint64_t>(*limit, words.size()))
            : words.size();
  if (context.options().json) {
    print_json(context.out(),
               {{"pattern", text},
                {"count", words.size()},
                {"words", std::vector<std::string>(words.begin(), words.begin() + shown)}});
  } else {
    for (std::size_t i = 0; i < shown; ++i) context.out() << words[i] << '\n';
  }
  return kExitOk;
}

struct AnagramArgs {
  std::string rack;
  std::uint64_t min_length = 1;
  bool vowel_blanks = false;
};

int run_anagram(Context& context, const AnagramArgs& args) {
  const Alphabet& alphabet = Alphabet::english();
  const LetterSet blanks = args.vowel_blanks ? alphabet.vowels() : alphabet.letters();
  const std::optional<Rack> rack = Rack::parse(args.rack, blanks, alphabet);
  if (!rack || rack->size() == 0) {
    throw UsageError(fmt::format(
        "invalid rack '{}': use letters, with * or ? for a blank (e.g. retains*)", args.rack));
  }
  if (static_cast<std::size_t>(rack->size()) > kMaxRackTiles) {
    throw UsageError(fmt::format("invalid rack '{}': at most {} tiles", args.rack, kMaxRackTiles));
  }
  const Lexicon& lexicon = context.lexicon();
  const std::size_t min_length =
      static_cast<std::size_t>(std::min<std::uint64_t>(args.min_length, kMaxWordLength + 1));
  std::vector<std::string> words = lexicon.sub_anagrams(*rack, min_length);
  std::sort(words.begin(), words.end());
  if (context.options().json) {
    print_json(context.out(), {{"rack", args.rack}, {"count", words.size()}, {"words", words}});
    return kExitOk;
  }
  std::stable_sort(words.begin(), words.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& word : words) context.out() << word << '\n';
  return kExitOk;
}

// --- Definitions of the subcommands.

/// A subcommand of `lexicon` with a one-line summary (listed by `wordgames lexicon --help`) and
/// details shown at the end of its own help.
CLI::App* add_leaf(CLI::App& parent, Context& context, const std::string& name,
                   const std::string& summary, const std::string& details) {
  CLI::App* command = parent.add_subcommand(name, summary);
  command->group("Commands");
  command->add_flag("--json", context.options().json, "Print a JSON document");
  command->footer(details +
                  "\nGlobal options (--lexicon PATH, --seed N) may also come after the command; "
                  "see 'wordgames --help'.");
  return command;
}

void add_info(CLI::App& parent, Context& context) {
  CLI::App* command = add_leaf(
      parent, context, "info", "Describe the lexicon in use: word count, count by length, memory",
      "The lexicon is the one --lexicon names, or the built-in one. For a word list, also\n"
      "how its lines were read: lines skipped by reason, with the first offending lines.\n"
      "JSON: {\"source\", \"format\", \"words\", \"min_length\", \"max_length\",\n"
      "\"by_length\", \"bytes\", ...}; by_length is an object keyed by the length as a\n"
      "string, lengths without words left out: {\"2\": 96, \"3\": 972, ...}. For a word list,\n"
      "also \"lines\", \"skipped\" (by reason) and \"examples\" [{\"line\", \"reason\", "
      "\"text\"}].");
  on_run(*command, context, [&context] { return run_info(context); });
}

void add_check(CLI::App& parent, Context& context) {
  auto file = std::make_shared<std::string>();
  CLI::App* command = add_leaf(
      parent, context, "check", "Check that a word list reads well; report the lines skipped",
      "Reads FILE (a word list or a compiled lexicon) and reports what `lexicon info` does: the\n"
      "words kept, the lines skipped by reason, the first offending lines with their numbers.\n"
      "Exit status 0 if the file is usable as a lexicon, 2 if not (with the reason on stderr).");
  command->add_option("FILE", *file, "Word list or compiled lexicon")->required();
  on_run(*command, context, [&context, file] { return run_check(context, *file); });
}

void add_compile(CLI::App& parent, Context& context) {
  auto files = std::make_shared<std::pair<std::string, std::string>>();
  CLI::App* command = add_leaf(
      parent, context, "compile", "Compile a word list into a lexicon file that loads fast",
      "Reads INPUT (a word list) and writes OUTPUT in the compiled lexicon "
      "format, which\n--lexicon also accepts. Prints one line: the words "
      "and bytes written.");
  command->add_option("INPUT", files->first, "Word list (or compiled lexicon)")->required();
  command->add_option("OUTPUT", files->second, "File to write, e.g. words.wglex")->required();
  on_run(*command, context,
         [&context, files] { return run_compile(context, files->first, files->second); });
}

void add_contains(CLI::App& parent, Context& context) {
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* command = add_leaf(
      parent, context, "contains", "Say whether each word is in the lexicon",
      "Case does not matter. Prints 'word: yes' or 'word: no' for each word; with --json, an\n"
      "object mapping each word as given to true or false.");
  command->add_option("WORD", *words, "Words to look up")->required();
  on_run(*command, context, [&context, words] {
    return run_membership(context, *words, [](const Lexicon& lexicon, const std::string& word) {
      return lexicon.contains(word);
    });
  });
}

void add_prefix(CLI::App& parent, Context& context) {
  auto prefixes = std::make_shared<std::vector<std::string>>();
  CLI::App* command =
      add_leaf(parent, context, "prefix", "Say whether some word starts with each prefix",
               "A word is a prefix of itself. Prints 'prefix: yes' or 'prefix: no' "
               "for each; with\n--json, an object mapping each prefix as given to "
               "true or false.");
  command->add_option("PREFIX", *prefixes, "Prefixes to look up")->required();
  on_run(*command, context, [&context, prefixes] {
    return run_membership(context, *prefixes,
                          [](const Lexicon& lexicon, const std::string& prefix) {
                            return lexicon.is_prefix(prefix);
                          });
  });
}

void add_pattern(CLI::App& parent, Context& context) {
  struct Args {
    std::string pattern;
    std::optional<std::uint64_t> limit;
  };
  auto args = std::make_shared<Args>();
  CLI::App* command = add_leaf(
      parent, context, "pattern", "List the words that match a pattern",
      "A letter matches itself, ? or . any letter, [abc] one of the set, [^abc] any other letter:\n"
      "c?ws, [aeiou]??, s[^aeiou]?t. Prints the words one per line, in alphabetical order.\n"
      "JSON: {\"pattern\", \"count\" (all the matches), \"words\" (at most --limit)}.");
  command->add_option("PATTERN", args->pattern, "The pattern (quote it for the shell)")->required();
  add_number_option(
      *command, "--limit", [args](std::uint64_t n) { args->limit = n; },
      "List at most N words (default: all)");
  on_run(*command, context,
         [&context, args] { return run_pattern(context, args->pattern, args->limit); });
}

void add_anagram(CLI::App& parent, Context& context) {
  auto args = std::make_shared<AnagramArgs>();
  CLI::App* command = add_leaf(
      parent, context, "anagram", "List the words made from some of a rack's tiles",
      "A rack is letters, with * or ? for a blank that stands for any letter (a vowel with\n"
      "--vowel-blanks). Prints the words longest first, then alphabetically, one per line.\n"
      "JSON: {\"rack\", \"count\", \"words\"}, the words in alphabetical order.");
  command->add_option("RACK", args->rack, "Tiles, e.g. retains* (quote * for the shell)")
      ->required();
  add_number_option(
      *command, "--min", [args](std::uint64_t n) { args->min_length = n; },
      "Shortest word to list (default: 1)");
  command->add_flag("--vowel-blanks", args->vowel_blanks,
                    "Blanks stand for vowels only, as in the word game");
  on_run(*command, context, [&context, args] { return run_anagram(context, *args); });
}

}  // namespace

void add_lexicon_command(CLI::App& app, Context& context) {
  CLI::App* lexicon = app.add_subcommand("lexicon", std::string(kLexiconCommandSummary));
  lexicon->group("Tools");
  add_info(*lexicon, context);
  add_check(*lexicon, context);
  add_compile(*lexicon, context);
  add_contains(*lexicon, context);
  add_prefix(*lexicon, context);
  add_pattern(*lexicon, context);
  add_anagram(*lexicon, context);
  lexicon->footer(
      "The lexicon is the built-in ENABLE list unless --lexicon PATH names a word list or a\n"
      "compiled lexicon. Run 'wordgames lexicon COMMAND --help' for a command's options.");
  // Without a subcommand, `wordgames lexicon` lists its subcommands.
  on_run(*lexicon, context, [lexicon, &context] {
    context.out() << lexicon->help(command_path(*lexicon->get_parent()));
    return static_cast<int>(kExitOk);
  });
}

}  // namespace wg::cli
