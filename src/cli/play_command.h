#pragma once
/// `wordgames play CODE`: plays the game a challenge code carries (app/challenge.h), the same
/// game its challenger played, and at its end shows both results side by side. Every game ends
/// in the terminal with its share text and, for a session's first game, the code that
/// challenges a friend to it (print_share_lines).
///
/// A code that is not one, altered or cut short, of another version, or of a game or config
/// this program does not play is bad input (exit 2): the message says which.

#include <CLI/CLI.hpp>

#include "app/game_store.h"
#include "cli/context.h"

namespace wg::cli {

/// Adds the `play` subcommand to `app`.
void add_play_command(CLI::App& app, Context& context);

/// The end of a finished game in the terminal: its share text ("Share: ..."), the command that
/// challenges a friend to it ("Challenge a friend: wordgames play CODE", wrapped at the
/// context's columns), and when the game answers a challenge (Context::challenge), both
/// results side by side. Nothing with --json, nor for a game without a person's seat.
void print_share_lines(Context& context, const app::FinishedGame& game);
/// The offer of a review once `game` is kept in the store as `id` ("What was best, and what
/// each move cost: wordgames review ID"); nothing with --json, for a game not kept (id 0) or a
/// game without a review.
void print_review_offer(Context& context, const app::FinishedGame& game, std::int64_t id);

}  // namespace wg::cli
