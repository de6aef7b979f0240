#pragma once
/// The command line of `wordgames`: the CLI11 application with its global options, the
/// subcommands (games from menu.h, tools such as lexicon_command.h), and how errors become
/// messages on stderr and exit codes (context.h).

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.h"

namespace wg::cli {

/// The version printed by --version: "wordgames 0.1.0".
std::string version_text();

/// Runs the command line `args` (args[0] is the program name) and returns the exit status:
/// results on `out`, diagnostics on `err` prefixed "wordgames: ", nothing on `out` on error
/// unless the command had flushed it (a prompt does, before reading: what it asks is seen at
/// once, whatever `out` is).
/// `interactive`: stdin and stdout are terminals (the menu may then ask for a game).
int run(std::span<const std::string> args, std::istream& in, std::ostream& out, std::ostream& err,
        bool interactive);

/// run() on the process's arguments and standard streams.
int run_main(int argc, char** argv);

/// Adds an option taking a decimal number 0..2^64-1 (CLI11's own conversion also accepts
/// octal and hex, and wraps negative numbers). `store` receives the value.
CLI::Option* add_number_option(CLI::App& command, const std::string& name,
                               std::function<void(std::uint64_t)> store,
                               const std::string& description);

/// add_number_option for a number that must lie in [min, max]: anything else is refused with
/// "must be from MIN to MAX, not N" (and a number too large to read, or no decimal number such
/// as "0x10", with a message naming the range).
CLI::Option* add_number_option(CLI::App& command, const std::string& name, std::uint64_t min,
                               std::uint64_t max, std::function<void(std::uint64_t)> store,
                               const std::string& description);

/// add_number_option for an option taking one or more numbers ("--depths 2 3"), each in
/// [min, max]; `store` receives them in the order given.
CLI::Option* add_numbers_option(CLI::App& command, const std::string& name, std::uint64_t min,
                                std::uint64_t max,
                                std::function<void(const std::vector<std::uint64_t>&)> store,
                                const std::string& description);

/// Makes `action` what runs once the command line is parsed, when `command` is the command
/// chosen: unless a subcommand of it was chosen too (its own action then runs, not this one).
void on_run(CLI::App& command, Context& context, std::function<int()> action);

/// on_run for a game played at the terminal (it reads a person's answers and prints text):
/// with --json it is refused, a usage error naming the game's commands that print JSON. One
/// rule for every game, so that --json is never silently ignored.
void on_play(CLI::App& game, Context& context, std::function<int()> play);

/// Adds a game's tool subcommand (group "Tools", with --json) whose --help ends with `details`.
CLI::App* add_game_tool(CLI::App& game, Context& context, const std::string& name,
                        const std::string& summary, const std::string& details);

/// The full name of a command for messages: "wordgames lexicon pattern".
std::string command_path(const CLI::App& command);

}  // namespace wg::cli
