#include "cli/resume_command.h"

#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/game_store.h"
#include "app/registry.h"
#include "cli/app.h"
#include "cli/game_commands.h"  // generated: every game's cli/<id>_command.h
#include "cli/game_recorder.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "core/text.h"

namespace wg::cli {

namespace {

/// A game's terminal entry for a resumed game (resume_<id>_game in cli/<id>_command.h).
using ResumeGame = int (*)(Context& context, ResumedGame& game);

/// The resume entry of the game `id`, from the one list of games.
ResumeGame resume_entry_of(std::string_view id) {
#define WG_GAME(game) \
  if (id == #game) return &resume_##game##_game;
#include "app/game_list.inc"
#undef WG_GAME
  return nullptr;
}

bool same_player(std::string_view a, std::string_view b) {
  return lower_ascii(a) == lower_ascii(b);
}

/// The moves a saved game holds (its commands).
std::size_t moves_of(const app::UnfinishedGame& game) {
  const auto commands = game.saved.find("commands");
  return commands != game.saved.end() && commands->is_array() ? commands->size() : 0;
}

std::string game_name_of(const app::UnfinishedGame& game) {
  return game.saved.value("game", std::string("?"));
}

/// Resumes the unfinished game `id` of the player: checks that it is theirs and that it
/// replays, then hands it to its game's command. Throws StoreError (bad input) otherwise,
/// leaving the saved game as it was.
int resume_game(Context& context, app::GameStore& store, std::int64_t id) {
  const std::string& player = context.player_name();
  app::UnfinishedGame unfinished;
  try {
    unfinished = store.unfinished_game(id);
  } catch (const app::StoreError&) {
    throw app::StoreError(fmt::format(
        "no unfinished game {}; 'wordgames resume' lists {}'s unfinished games", id, player));
  }
  if (!same_player(unfinished.player, player)) {
    throw app::StoreError(
        fmt::format("unfinished game {} is not {}'s (play as that player with "
                    "--player to resume it)",
                    id, player));
  }
  const std::string name = game_name_of(unfinished);
  const app::GameEntry* entry = app::find_game(name);
  const ResumeGame resume = entry != nullptr ? resume_entry_of(entry->id) : nullptr;
  if (resume == nullptr) {
    throw app::StoreError(
        fmt::format("unfinished game {} is a game of '{}', which this program does not know; it "
                    "is kept",
                    id, name));
  }
  ResumedGame game;
  try {
    game.session = app::restore(unfinished.saved, context.shared_lexicon());
  } catch (const LexiconError&) {
    throw;
  } catch (const std::exception& error) {
    throw app::StoreError(fmt::format("unfinished game {} ({}) no longer replays: {}; it is kept",
                                      id, name, error.what()));
  }
  if (game.session->finished()) {
    throw app::StoreError(
        fmt::format("unfinished game {} ({}) has nothing left to play; it is kept", id, name));
  }
  game.unfinished_id = unfinished.id;
  game.started_ms = unfinished.started_ms;
  return resume(context, game);
}

Json unfinished_json(const app::UnfinishedGame& game) {
  return {{"id", game.id},
          {"game", game_name_of(game)},
          {"moves", moves_of(game)},
          {"started_ms", game.started_ms},
          {"updated_ms", game.updated_ms}};
}

/// "2026-11-24 13:49 UTC".
std::string when_text(std::int64_t unix_ms) {
  const std::chrono::sys_time<std::chrono::milliseconds> time{std::chrono::milliseconds(unix_ms)};
  const auto day = std::chrono::floor<std::chrono::days>(time);
  const std::chrono::year_month_day date{day};
  const std::chrono::hh_mm_ss clock{std::chrono::floor<std::chrono::minutes>(time - day)};
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02} UTC", static_cast<int>(date.year()),
                     static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                     clock.hours().count(), clock.minutes().count());
}

/// Lists the player's unfinished games; at a terminal, then asks which to resume.
int list_or_ask(Context& context, app::GameStore& store) {
  const std::string& player = context.player_name();
  const std::vector<app::UnfinishedGame> games = store.unfinished_games(player);
  std::ostream& out = context.out();
  if (context.options().json) {
    Json list = Json::array();
    for (const app::UnfinishedGame& game : games) list.push_back(unfinished_json(game));
    print_json(out, {{"player", player}, {"games", std::move(list)}});
    return kExitOk;
  }
  if (games.empty()) {
    out << fmt::format("{} has no unfinished game.\n", player);
    return kExitOk;
  }
  out << fmt::format("Unfinished games of {}, most recently played first:\n", player);
  for (const app::UnfinishedGame& game : games) {
    out << fmt::format("  {:>4}  {:<13} {:>4}  last played {}\n", game.id, game_name_of(game),
                       count_of(static_cast<long long>(moves_of(game)), "move"),
                       when_text(game.updated_ms));
  }
  if (!context.interactive()) {
    out << "Run 'wordgames resume ID' to go on with one.\n";
    return kExitOk;
  }
  Prompt prompt(context.in(), out, false);
  const std::optional<std::int64_t> id = prompt.ask<std::int64_t>(
      "Which game (its number, empty for none): ",
      [&games](std::string_view answer, std::string& error) -> std::optional<std::int64_t> {
        if (answer.empty()) return std::int64_t{0};
        const std::optional<std::uint64_t> n = parse_unsigned(answer);
        for (const app::UnfinishedGame& game : games) {
          if (n && static_cast<std::uint64_t>(game.id) == *n) return game.id;
        }
        error = "Please give the number of a game listed above, or an empty line.";
        return std::nullopt;
      });
  if (!id || *id == 0) return kExitOk;
  return resume_game(context, store, *id);
}

}  // namespace

std::size_t unfinished_game_count(Context& context) {
  try {
    app::GameStore* store = &context.required_game_store();
    std::string player = context.options().player;
    if (player.empty()) {
      const std::optional<app::Player> last = store->last_player();
      if (!last) return 0;
      player = last->name;
    }
    return store->unfinished_games(player).size();
  } catch (const std::exception&) {
    return 0;  // the menu never fails on the store: the game commands report it
  }
}

void add_resume_command(CLI::App& app, Context& context) {
  CLI::App* command = app.add_subcommand("resume", std::string(kResumeCommandSummary));
  auto id = std::make_shared<std::optional<std::uint64_t>>();
  add_number_option(
      *command, "ID", 1, static_cast<std::uint64_t>(INT64_MAX), [id](std::uint64_t n) { *id = n; },
      "The unfinished game to resume (default: list them, and at a terminal ask)");
  command->add_flag("--json", context.options().json, "Print the list as a JSON document");
  command->footer(
      "Games played in the terminal are saved after every move, so that a game stopped or\n"
      "killed can be resumed: every game but Boggle (a round is a race against its clock), and\n"
      "of the auction, games with your seat. A resumed game goes on where it was left and is\n"
      "recorded once, when it ends.\n"
      "JSON: {\"player\", \"games\": [{\"id\", \"game\", \"moves\", \"started_ms\", "
      "\"updated_ms\"}]}.");
  on_run(*command, context, [&context, id]() -> int {
    app::GameStore& store = context.required_game_store();
    if (!*id) return list_or_ask(context, store);
    if (context.options().json) {
      throw UsageError("resume ID plays the game; --json lists the unfinished games");
    }
    return resume_game(context, store, static_cast<std::int64_t>(**id));
  });
}

}  // namespace wg::cli
