#pragma once
/// `wordgames evil-hangman`: Hangman against a host who keeps changing the word, and its tools.
/// A parser and renderer only: the prompts become the commands of the engine's session
/// (games/evil_hangman/session.h), whose events and views are printed; the tools run the
/// engine's autoplay and table (games/evil_hangman/experiment.h), and --json prints the
/// documents of app/evil_hangman_codec.h.
///
///   evil-hangman [--length N] [--guesses N] [--show-remaining|--hide-remaining]
///                [--strategy S] [--depth D] [--explain]
///                            play; prompts for what the options leave out
///   evil-hangman autoplay    a guesser AI against a host; --json for a document
///   evil-hangman table       misses forced by each host against each guesser, by length
///
/// JSON documents:
///   autoplay  {"seed", "length", "guesses", "strategy", "depth", "guesser", "won", "misses",
///              "word", "fell_back", "turns": [{"letter", "hit", "pattern", "words"}]}
///   table     {"guesses", "rows": [{"length", "words", "value"?, "results":
///              [{"host", "guesser", "misses" (null when optimal fell back), "won"}]}]}

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

struct ResumedGame;

/// The `define` of the evil-hangman entry of the game table (menu.h).
void define_evil_hangman_command(CLI::App& command, Context& context);

/// Goes on with a resumed game (`wordgames resume`): the game in play, then "Play again?" as
/// the game command asks it.
int resume_evil_hangman_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
