#pragma once
/// `wordgames auction`: the letter auction (src/games/auction) watched in the terminal, its logs
/// and replays, and tournaments between bots.
///
///   auction [--players P,P,...] [--hidden N] [--rounds N] [--play] [--delay MS] [--log FILE]
///                         one game in the viewer (auction_viewer.h); with --json, the game's
///                         log lines on stdout instead
///   auction replay FILE   a logged game in the viewer
///   auction tournament --players P,P,... [--games N] [--jobs N] [--log-dir DIR]
///                         seeded games with the seats rotated, and statistics per bot
///
/// Players: the built-in bots (random, value, strong) or `cmd:COMMAND LINE` for a program that
/// speaks the line protocol (docs/games/auction-protocol.md), e.g.
/// "strong,value,cmd:python3 examples/auction_bot.py".
///
/// JSON documents:
///   game        the log lines (app/auction_log.h), one per line
///   tournament  {"games", "seed", "jobs", "rules", "lineup", "bots": [{"name", "seats",
///                "player_games", "mean_score", "score_std_error", "win_rate",
///                "letters_per_game", "mean_price", "invalid_words", "faulty_bids"}]}

#include <CLI/CLI.hpp>

#include "cli/bot_options.h"
#include "cli/context.h"
#include "protocol/external_player.h"

namespace wg::cli {

struct ResumedGame;

/// The `define` of the auction entry of the game table (menu.h).
void define_auction_command(CLI::App& command, Context& context);

/// Goes on with a resumed game of a person's seat (`wordgames resume`); without the first
/// run's log and time limit options (the defaults apply).
int resume_auction_game(Context& context, ResumedGame& game);

}  // namespace wg::cli
