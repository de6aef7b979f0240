#pragma once
/// `wordgames resume [ID]`: goes on with an unfinished game of the player (issue 14). Terminal
/// games are saved as they go (game_recorder.h), after every command, so a game stopped or
/// killed mid-play is there to resume.
///
///   resume           lists the player's unfinished games, most recently played first; at a
///                    terminal, then asks which to resume (empty: none)
///   resume ID        replays that game's saved commands (app::restore) and continues it in
///                    its command's normal loop, from the state it was left in
///   resume --json    the list as {"player", "games": [{"id", "game", "moves", "started_ms",
///                    "updated_ms"}]}
///
/// The player is --player, else the last player (asked at a terminal when there is none). An ID
/// that is no unfinished game, another player's game, or a saved game that no longer replays
/// (a config this program refuses, another lexicon) is bad input (exit 2): the message says
/// why, and the saved game is kept as it was. Which games are saved: every game but Boggle,
/// whose round is a race against its clock; of the auction, only games with a person's seat.

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// The menu's line for resume, shown when the player has unfinished games.
inline constexpr std::string_view kResumeCommandSummary = "Resume an unfinished game";

/// Adds the `resume` subcommand to `app`.
void add_resume_command(CLI::App& app, Context& context);

/// The number of unfinished games of the player known without asking (--player, else the last
/// player); 0 when there is none or no store. Never asks, never warns: for the menu.
std::size_t unfinished_game_count(Context& context);

}  // namespace wg::cli
