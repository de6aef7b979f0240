#pragma once
/// `wordgames serve`: the web arcade (src/server) on a port of this machine.
///
///   --host ADDRESS   where to listen: 127.0.0.1 (default, this machine only), 0.0.0.0 (every
///                    interface: a classroom), ::1, ...
///   --port N         0 picks a free port; default 8080
///   --threads N      the server's threads (default 2)
///   --idle-minutes N a game nobody touched this long is dropped (default 60)
///   --max-sessions N games open at once (default 20000)
///   --daily-secret SECRET  joins the seeds of the puzzles of the day (app/daily.h); default: the
///                    data folder's daily-secret file
/// Prints the address to open, then serves until Ctrl-C (SIGINT) or SIGTERM.

#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

inline constexpr std::string_view kServeCommandSummary = "Start the web arcade in a browser";

/// Adds the `serve` subcommand to `app`.
void add_serve_command(CLI::App& app, Context& context);

}  // namespace wg::cli
