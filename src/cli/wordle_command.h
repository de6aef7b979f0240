#pragma once
/// `wordgames wordle`: adversarial Wordle in the terminal, and its autoplay tool. A parser and
/// renderer only: answers become the commands of the engine's session
/// (games/wordle/session.h), whose events and views are printed; --json prints the documents
/// of app/wordle_codec.h.
///
///   wordle [--length N] [--host H] [--guesses N] [--hard] [--show-remaining] [--words W]
///                            play: a word a guess, '?' a hint, '!' give up
///   wordle autoplay          the AI guesser against a host; --json for a document
///
/// The grid shows every letter with its mark in shape as well as colour: [A] green (at this
/// place), (A) yellow (elsewhere in the word), a lowercase letter grey (not in the word);
/// colour only on a terminal, and not with NO_COLOR.

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

struct ResumedGame;

/// The `define` of the wordle entry of the game table (menu.h).
void define_wordle_command(CLI::App& command, Context& context);

/// Goes on with a resumed game (`wordgames resume`), then "Play again?" as the game asks it.
int resume_wordle_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
