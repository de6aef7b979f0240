#include "cli/menu.h"

#include <algorithm>
#include <array>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "app/registry.h"
#include "cli/app.h"
#include "cli/game_commands.h"  // generated: every game's cli/<id>_command.h
#include "cli/lexicon_command.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/resume_command.h"
#include "core/text.h"

namespace wg::cli {

namespace {

/// A game's terminal command: adds its options to its subcommand and, from the subcommand's
/// callback, sets the context's action to play it.
using DefineCommand = void (*)(CLI::App& command, Context& context);

/// The terminal command of the game `id`, from the one list of games.
DefineCommand command_of(std::string_view id) {
#define WG_GAME(game) \
  if (id == #game) return &define_##game##_command;
#include "app/game_list.inc"
#undef WG_GAME
  return nullptr;
}

constexpr std::array kTools = {
    ToolEntry{"lexicon", kLexiconCommandSummary},
    ToolEntry{"define", "What a word means (WordNet 3.0): define WORD"},
};

/// The player's own games (stats_command.h, resume_command.h, daily_command.h): `resume` is
/// listed only at a terminal, when the player has unfinished games.
constexpr std::array kPlayerTools = {
    ToolEntry{"daily", "Daily: the puzzles of the day, the same for everyone"},
    ToolEntry{"review", "Review: your last game, each move against the best"},
    ToolEntry{"stats", "Statistics: your games, wins, streaks and scores per game"},
    ToolEntry{"history", "History: your finished games, newest first"},
};
constexpr ToolEntry kResumeTool{"resume", kResumeCommandSummary};

std::size_t name_width() {
  std::size_t width = 0;
  for (const app::GameEntry& game : app::games()) width = std::max(width, game.name.size());
  for (const ToolEntry& tool : kTools) width = std::max(width, tool.name.size());
  return width;
}

/// `unfinished`: the player's unfinished games (the resume line shows when there are some).
/// Each line is wrapped at `columns`, a summary going on under its own column.
void print_listing(std::ostream& out, std::size_t columns, std::size_t unfinished = 0) {
  const std::size_t width = name_width();
  const std::string indent(5 + width + 2, ' ');  // where the summaries start
  const auto entry = [&](std::string_view head, std::string_view summary) {
    out << wrap(fmt::format("{:<{}}  {}", head, 5 + width, summary), columns, indent) << '\n';
  };
  out << version_text() << ": engine, arcade and AI for word games\n\nGames:\n";
  int number = 1;
  for (const app::GameEntry& game : app::games()) {
    entry(fmt::format("  {}. {}", number++, game.name), game.summary);
  }
  out << "\nTools:\n";
  for (const ToolEntry& tool : kTools) entry(fmt::format("     {}", tool.name), tool.summary);
  out << "\nYour games:\n";
  if (unfinished != 0) {
    entry(fmt::format("     {}", kResumeTool.name),
          fmt::format("{} ({} saved)", kResumeTool.summary, unfinished));
  }
  for (const ToolEntry& tool : kPlayerTools) {
    entry(fmt::format("     {}", tool.name), tool.summary);
  }
  out << '\n'
      << wrap(
             "Run 'wordgames COMMAND --help' for a command's options, 'wordgames --help' for the "
             "global options.",
             columns)
      << '\n';
}

void print_listing_json(std::ostream& out) {
  Json document = {{"version", version_text()}, {"games", Json::array()}, {"tools", Json::array()}};
  for (const app::GameEntry& game : app::games()) {
    document["games"].push_back(
        {{"name", game.name}, {"title", game.title}, {"summary", game.summary}});
  }
  for (const ToolEntry& tool : kTools) {
    document["tools"].push_back({{"name", tool.name}, {"summary", tool.summary}});
  }
  for (const ToolEntry& tool : kPlayerTools) {
    document["tools"].push_back({{"name", tool.name}, {"summary", tool.summary}});
  }
  print_json(out, document);
}

/// The game named or numbered by `answer`, if any.
const app::GameEntry* find_game(std::string_view answer) {
  const auto games = app::games();
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (answer == games[i].name || answer == std::to_string(i + 1)) return &games[i];
  }
  return nullptr;
}

bool is_tool(std::string_view name) {
  const auto named = [name](const ToolEntry& tool) { return tool.name == name; };
  return std::any_of(kTools.begin(), kTools.end(), named) ||
         std::any_of(kPlayerTools.begin(), kPlayerTools.end(), named) || named(kResumeTool);
}

/// What `answer` chooses: a game's name, or a tool with its arguments; nullopt (and a line
/// saying so) for anything else.
std::optional<std::string> choice_of(Context& context, std::string_view answer) {
  if (const app::GameEntry* game = find_game(answer)) return std::string(game->name);
  const std::vector<std::string_view> words = split_words(answer);
  if (is_tool(words.front())) return std::string(answer);
  context.out() << "No game '" << answer << "'.\n";
  return std::nullopt;
}

bool is_quit(std::string_view answer) { return answer == "q" || answer == "quit"; }

std::optional<std::string> ask_for_game(Context& context) {
  Prompt prompt(context.in(), context.out(), !context.interactive());
  for (;;) {
    context.out() << '\n';
    const std::optional<std::string> line =
        prompt.line("Choose a game (number or name), or a tool, or Enter to quit: ");
    if (!line) return std::nullopt;
    const std::string_view answer = trim(*line);
    if (answer.empty() || is_quit(answer)) return std::nullopt;
    if (std::optional<std::string> choice = choice_of(context, answer)) return choice;
  }
}

}  // namespace

std::span<const ToolEntry> tools() { return kTools; }

void add_game_commands(CLI::App& app, Context& context) {
  for (const app::GameEntry& game : app::games()) {
    CLI::App* command = app.add_subcommand(std::string(game.name), std::string(game.summary));
    command->group("Games");
    command_of(game.id)(*command, context);
  }
}

std::optional<std::string> ask_again(Context& context) {
  if (!context.interactive()) return std::nullopt;
  // A short question, not the whole menu: what the game or tool printed last stays on screen.
  Prompt prompt(context.in(), context.out(), !context.interactive());
  for (;;) {
    context.out() << '\n';
    const std::optional<std::string> line =
        prompt.line("Enter for the menu, or a game's number or name (q quits): ");
    if (!line) return std::nullopt;
    const std::string_view answer = trim(*line);
    if (is_quit(answer)) return std::nullopt;
    if (answer.empty()) {
      print_listing(context.out(), context.columns(), unfinished_game_count(context));
      return ask_for_game(context);
    }
    if (std::optional<std::string> choice = choice_of(context, answer)) return choice;
  }
}

std::optional<std::string> show_menu(Context& context) {
  if (context.options().json) {
    print_listing_json(context.out());
    return std::nullopt;
  }
  if (!context.interactive()) {
    print_listing(context.out(), context.columns());
    return std::nullopt;
  }
  print_listing(context.out(), context.columns(), unfinished_game_count(context));
  return ask_for_game(context);
}

}  // namespace wg::cli
