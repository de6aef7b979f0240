#include "cli/menu.h"

#include <array>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/auction_command.h"
#include "cli/boggle_command.h"
#include "cli/evil_hangman_command.h"
#include "cli/hand_command.h"
#include "cli/hangman_command.h"
#include "cli/lexicon_command.h"
#include "cli/output.h"

namespace wg::cli {

namespace {

// Each game's issue fills in `define` (and may reword its summary); nothing else changes.
constexpr std::array kGames = {
    GameEntry{"hand", "Score words made from a hand of letters; * is a wild vowel",
              define_hand_command},
    GameEntry{"evil-hangman", "Hangman against a host who keeps changing the word",
              &define_evil_hangman},
    GameEntry{"boggle", "Find words in a grid of letter dice against the clock",
              &define_boggle_command},
    GameEntry{"auction", "Bid for letter tiles, then make words from what you win",
              &define_auction_command},
    GameEntry{"hangman", "Position hangman: guess a letter at a position, scored by its odds",
              &define_hangman_command},
};

constexpr std::array kTools = {
    ToolEntry{"lexicon", kLexiconCommandSummary},
};

constexpr std::string_view kNotYetAvailable = "not yet available";

std::size_t name_width() {
  std::size_t width = 0;
  for (const GameEntry& game : kGames) width = std::max(width, game.name.size());
  for (const ToolEntry& tool : kTools) width = std::max(width, tool.name.size());
  return width;
}

void print_listing(std::ostream& out) {
  const std::size_t width = name_width();
  out << version_text() << ": engine, arcade and AI for five word games\n\nGames:\n";
  int number = 1;
  for (const GameEntry& game : kGames) {
    out << fmt::format("  {}. {:<{}}  {}", number++, game.name, width, game.summary);
    if (!game.available()) out << " (" << kNotYetAvailable << ")";
    out << '\n';
  }
  out << "\nTools:\n";
  for (const ToolEntry& tool : kTools) {
    out << fmt::format("     {:<{}}  {}\n", tool.name, width, tool.summary);
  }
  out << "\nRun 'wordgames COMMAND --help' for a command's options, 'wordgames --help' for the "
         "global options.\n";
}

void print_listing_json(std::ostream& out) {
  Json document = {{"version", version_text()}, {"games", Json::array()}, {"tools", Json::array()}};
  for (const GameEntry& game : kGames) {
    document["games"].push_back(
        {{"name", game.name}, {"summary", game.summary}, {"available", game.available()}});
  }
  for (const ToolEntry& tool : kTools) {
    document["tools"].push_back({{"name", tool.name}, {"summary", tool.summary}});
  }
  print_json(out, document);
}

/// The available game named or numbered by `answer`, if any.
const GameEntry* find_game(std::string_view answer) {
  for (std::size_t i = 0; i < kGames.size(); ++i) {
    if (answer == kGames[i].name || answer == std::to_string(i + 1)) return &kGames[i];
  }
  return nullptr;
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::optional<std::string> ask_for_game(Context& context) {
  for (;;) {
    context.out() << "\nChoose a game (number or name; empty to quit): " << std::flush;
    std::string line;
    if (!std::getline(context.in(), line)) return std::nullopt;
    const std::string_view answer = trim(line);
    if (answer.empty() || answer == "q" || answer == "quit") return std::nullopt;
    const GameEntry* game = find_game(answer);
    if (game == nullptr) {
      context.out() << "No game '" << answer << "'.\n";
    } else if (!game->available()) {
      context.out() << game->name << " is " << kNotYetAvailable << ".\n";
    } else {
      return std::string(game->name);
    }
  }
}

}  // namespace

std::span<const GameEntry> games() { return kGames; }
std::span<const ToolEntry> tools() { return kTools; }

void add_game_commands(CLI::App& app, Context& context) {
  for (const GameEntry& game : kGames) {
    CLI::App* command = app.add_subcommand(std::string(game.name), std::string(game.summary));
    command->group("Games");
    if (game.available()) {
      game.define(*command, context);
      continue;
    }
    command->description(fmt::format("{} ({})", game.summary, kNotYetAvailable));
    command->callback([&context, name = game.name] {
      context.set_action(
          [name]() -> int { throw UsageError(fmt::format("{} is {}", name, kNotYetAvailable)); });
    });
  }
}

std::optional<std::string> show_menu(Context& context) {
  if (context.options().json) {
    print_listing_json(context.out());
    return std::nullopt;
  }
  print_listing(context.out());
  const bool any_available =
      std::any_of(kGames.begin(), kGames.end(), [](const GameEntry& g) { return g.available(); });
  if (!context.interactive() || !any_available) return std::nullopt;
  return ask_for_game(context);
}

}  // namespace wg::cli
