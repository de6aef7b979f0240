#pragma once
/// `wordgames daily`: the puzzles of the day (app/daily.h), the same for everyone on every
/// machine: each game's config fixed by the game, its seed from the UTC date and the game.
///
///   daily                     lists the day's puzzles, one line per game
///   daily GAME                plays that game's puzzle of the day, as the game's own command
///                             plays it (saved as it goes; `wordgames resume` continues it)
///   daily [GAME] --date D     the puzzle of an earlier day D (YYYY-MM-DD); a day after today
///                             (UTC) is refused, its puzzle is not out yet
///   daily [GAME] --json       {"date", "puzzles": [{"game", "title", "description", "date",
///                             "config", "seed"?}]}, or one puzzle for GAME; "seed" only for a
///                             game whose seed hides nothing (app::daily_json)
///
/// The data folder's daily secret (app::read_daily_secret), when it has one, joins the seed, as
/// it does for an arcade that serves that folder. A bad date or an unknown game is a usage
/// error (exit 1).

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// Adds the `daily` subcommand to `app`.
void add_daily_command(CLI::App& app, Context& context);

/// The daily secret a command runs with: `given` (a --daily-secret option, app::daily_secret_of),
/// else the data folder's (app::read_daily_secret), else none (no data folder). Throws
/// ConfigError("daily-secret") for a secret refused.
std::string daily_secret(Context& context, const std::optional<std::string>& given = {});

}  // namespace wg::cli
