#pragma once
/// `wordgames boggle`: the word-search game in the terminal, and its tools.
///
///   wordgames boggle [--size 4|5|6] [--board B | --board-file FILE] [--time S] [--min N]
///                    [--scoring spec|boggle]
///                                          play a round against the clock (wg::boggle::Session:
///                                          this parses lines and renders its events)
///   wordgames boggle solve [--board B | --board-file FILE|-] [--min N] [--scoring spec|boggle]
///                                          every word on the board and its score
///   wordgames boggle path [--board B | --board-file FILE|-] WORD
///                                          the cells that spell the word
///
/// Board syntax (B): rows separated by '/', one letter per cell, a cell of several letters in
/// brackets ("EECA/ALEP/HNBO/[QU]TTY"), or the cells of a row separated by commas
/// ("E,E,C,A/...", "[QU],A/T,E"); '#' is a blocked cell. Rows must be equally long; any case. A
/// square number of cells without separators is a square board ("EECAALEPHNBOQTTY"); other
/// unseparated counts and an empty board are usage errors. --board-file reads the same syntax
/// from a file, a row per line ('-': standard input, for the tools only: the game reads its
/// words there); its errors name the file and the line. Without a board: rolled (the game) or
/// the spec's board (the tools). Cells are numbered row by row from 0. Both the game and solve
/// score by the spec's rule unless --scoring boggle.
///
/// At the word prompt: `?` or `board` shows the board again, `help` lists the commands (a word
/// that can be traced on the board is played instead), an empty line ends the round: at a
/// terminal after "End the round now? (yes/no)", in a pipe at once. When the round ends at a
/// terminal, what was typed and not yet read is discarded, so it never reaches the shell.
///
/// The tools take --json:
///   solve  {"board", "rows", "cols", "min", "scoring", "count", "score", "words"} (sorted)
///   path   {"board", "word", "path"} (empty when the word cannot be traced)

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

struct ResumedGame;

/// Defines the `boggle` game command (GameEntry::define in the menu table).
void define_boggle_command(CLI::App& command, Context& context);

/// Boggle rounds are not saved (a round is a race against its clock): throws UsageError
/// (a round saved by another front end is not resumed in the terminal). A session with nothing
/// played yet (`wordgames daily`'s) is played from its start.
int resume_boggle_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
