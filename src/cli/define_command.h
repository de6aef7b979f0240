#pragma once
/// `wordgames define WORD [--json]`: what a word means, as WordNet 3.0 says it
/// (app/definitions.h). An inflected word is defined by its base forms (PLAYED: play).
///
/// Text: a heading naming the word (and its base forms), then its senses numbered, nouns first,
/// each "N. part of speech: gloss (\"example\"); also: synonyms", wrapped at the terminal's width.
/// A word with no entry says so (exit 0). --json prints app::definition_json. A word that is not
/// 1 to 40 letters is bad input (exit 2), and so is a machine without WordNet: the message says
/// definitions are not installed.

#include <cstddef>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// Adds the `define` subcommand to `app`.
void add_define_command(CLI::App& app, Context& context);

/// What a game's secret word means, for the end of a game at a terminal: its first sense,
/// "CRANE, noun: a large long-necked wading bird ...", wrapped at `columns` with a final newline;
/// else a line saying WordNet has no entry for it, or that definitions are not installed. A word
/// that define() refuses (not letters A to Z) gives "".
std::string secret_meaning(std::string_view word, std::size_t columns);

}  // namespace wg::cli
