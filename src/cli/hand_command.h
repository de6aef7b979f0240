#pragma once
/// `wordgames hand`: the word game (hand of letters) in the terminal, and its tools.
///
///   wordgames hand [--hands N] [--hand-size N] [--hints]   play a series of hands
///   wordgames hand score WORD [--hand-size N]               a word's score
///   wordgames hand check WORD --hand LETTERS                whether it may be played, and the
///                                                           hand left after playing it
///   wordgames hand solve LETTERS                            best word and optimal plans
///
/// The tools take --json. JSON documents:
///   score  {"word", "hand_size", "score"}
///   check  {"word", "hand", "valid", "spells" (the word with each * resolved, or null),
///           "score", "hand_after"}
///   solve  {"hand", "best_word" ({"typed", "word", "score"} or null), "plan" and
///           "plan_with_discards" ({"total", "plays": [{"typed", "word", "score",
///           "discard"}]})}
/// Hands are written as their tiles without spaces, letters then `*`: "aciprt*".

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

struct ResumedGame;

/// Defines the `hand` game command (GameEntry::define in the menu table).
void define_hand_command(CLI::App& command, Context& context);

/// Goes on with a resumed series (`wordgames resume`): from the hand in play, then as the
/// game command plays.
int resume_hand_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
