#pragma once
/// How external bots run, as the terminal's options set it: for every command that starts bots
/// (`auction`, `auction tournament`, `serve`).

#include <CLI/CLI.hpp>

#include "protocol/external_player.h"

namespace wg::cli {

/// The options of how external bots run: --bot-timeout (each reply's time), --trusted-bots (no
/// sandbox) and the limits of their processes (--bot-cpu, --bot-memory, --bot-processes,
/// --bot-files, --bot-file-size, --bot-stderr; 0 for no limit), setting `bots`, which must
/// outlive `command`.
void add_bot_options(CLI::App& command, protocol::ExternalBotOptions& bots);

}  // namespace wg::cli
