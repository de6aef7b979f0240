#pragma once
/// `wordgames boggle`: the word-search game in the terminal, and its tools.
///
///   wordgames boggle [--size 4|5|6] [--board B] [--time S] [--min N] [--scoring boggle|spec]
///                                          play a round against the clock (wg::boggle::Session:
///                                          this parses lines and renders its events)
///   wordgames boggle solve [--board B] [--min N] [--scoring spec|boggle]
///                                          every word on the board and its score
///   wordgames boggle path [--board B] WORD the cells that spell the word
///
/// Board syntax (B): rows separated by '/', one letter per cell, a cell of several letters in
/// brackets ("EECA/ALEP/HNBO/[QU]TTY"), or the cells of a row separated by commas
/// ("E,E,C,A/..."); '#' is a blocked cell. Rows must be equally long; any case. A square number
/// of cells without separators is a square board ("EECAALEPHNBOQTTY"); other unseparated counts
/// and an empty board are usage errors. Without --board: rolled (the game) or the spec's board
/// (the tools). Cells are numbered row by row from 0.
///
/// The tools take --json:
///   solve  {"board", "rows", "cols", "min", "scoring", "count", "score", "words"} (sorted)
///   path   {"board", "word", "path"} (empty when the word cannot be traced)

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// Defines the `boggle` game command (GameEntry::define in the menu table).
void define_boggle_command(CLI::App& command, Context& context);

}  // namespace wg::cli
