#pragma once
/// The games and tools of `wordgames`, as one table: what `wordgames` with no arguments lists,
/// and the subcommands the games get. A game becomes available by filling in its `define`.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// One game: a line of the menu and a subcommand `wordgames NAME`.
struct GameEntry {
  std::string_view name;     ///< the subcommand
  std::string_view summary;  ///< one line, for the menu and --help
  /// Adds the game's options to its subcommand and, from the subcommand's callback, sets the
  /// context's action to play it. Null while the game is not yet available.
  void (*define)(CLI::App& command, Context& context) = nullptr;

  bool available() const { return define != nullptr; }
};

/// One tool: a line of the menu (the tool adds its own subcommand).
struct ToolEntry {
  std::string_view name;
  std::string_view summary;
};

/// The games, in menu order.
std::span<const GameEntry> games();
/// The tools, in menu order.
std::span<const ToolEntry> tools();

/// Adds a subcommand for every game; one not yet available says so and exits with status 1.
void add_game_commands(CLI::App& app, Context& context);

/// Prints the menu (a JSON document with --json). When the context is interactive and some game
/// is available, then asks for one and returns its name; nullopt otherwise.
std::optional<std::string> show_menu(Context& context);

}  // namespace wg::cli
