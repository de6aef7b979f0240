#pragma once
/// The games and tools of `wordgames`: what `wordgames` with no arguments lists, and the
/// subcommands the games get. The games come from the registry (app/registry.h), whose list is
/// declared once; each has its command in cli/<id>_command.h.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// One tool: a line of the menu (the tool adds its own subcommand).
struct ToolEntry {
  std::string_view name;
  std::string_view summary;
};

/// The tools, in menu order.
std::span<const ToolEntry> tools();

/// Adds a subcommand for every game of the registry.
void add_game_commands(CLI::App& app, Context& context);

/// Prints the menu (a JSON document with --json). When the context is interactive, then asks
/// for a game or tool and returns what was chosen (a game's name, or a tool's name and its
/// arguments: "lexicon contains quiz"); nullopt otherwise or when the player quits.
std::optional<std::string> show_menu(Context& context);

/// After a game or tool picked from the menu: asks in one line (the menu is not printed again,
/// so that the result stays on screen) for Enter, which shows the menu and asks as show_menu
/// does, or a game's number or name, or a tool with its arguments. nullopt when the player
/// quits (q) or input ends.
std::optional<std::string> ask_again(Context& context);

}  // namespace wg::cli
