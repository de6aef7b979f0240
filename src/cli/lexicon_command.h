#pragma once
/// `wordgames lexicon ...`: inspect, check, compile and query word lists.
///
///   info                     the lexicon in use (--lexicon or the built-in one)
///   check FILE               how a word list reads: kept words, skipped lines by reason
///   compile INPUT OUTPUT     a word list to the compiled format (Lexicon::save)
///   contains WORD...         whether each is a word
///   prefix PREFIX...         whether each starts some word
///   pattern PATTERN          the words matching `c?ws`, `[aeiou]`, `[^aeiou]`
///   anagram RACK             the words made from some of the tiles (`*` or `?`: a blank)
///
/// Each takes --json. JSON documents:
///   info, check  {"source", "format", "words", "min_length", "max_length", "by_length",
///                 "bytes" (in memory), "file_bytes"?, and for a word list "lines", "skipped"
///                 (count by reason), "examples" [{"line", "reason", "text"}], "utf8_bom",
///                 "crlf"}; by_length is an object keyed by the length as a decimal string,
///                 lengths with no word left out: {"2": 96, "3": 972, ...}
///   contains, prefix  {"WORD": true|false, ...}, each word as given
///   pattern      {"pattern", "count" (all matches), "words" (at most --limit)}
///   anagram      {"rack", "count", "words"}, words sorted alphabetically

#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

inline constexpr std::string_view kLexiconCommandSummary =
    "Inspect, check, compile and query word lists";

/// Adds the `lexicon` subcommand and its subcommands to `app`.
void add_lexicon_command(CLI::App& app, Context& context);

}  // namespace wg::cli
