#pragma once
/// `wordgames stats` and `wordgames history`: what the store (app/game_store.h) recorded of the
/// games played in the terminal (issue 14).
///
///   stats [--player NAME] [--game G] [--json]   per game: games, wins, win rate, current and
///                                               best streak, best and mean score
///   history [--player NAME] [--game G] [--limit N] [--json]
///                                               the finished games, newest first
///   history show ID                             one game's saved game JSON ({game, config,
///                                               seed, commands}), which restore() replays
/// The player is --player, else the last player who played. An unknown player or game name is a
/// usage error; an id with no game is bad input (exit 2).

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// Adds the `stats` and `history` subcommands to `app`.
void add_stats_commands(CLI::App& app, Context& context);

}  // namespace wg::cli
