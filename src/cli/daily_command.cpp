#include "cli/daily_command.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/registry.h"
#include "cli/app.h"
#include "cli/game_commands.h"  // generated: every game's cli/<id>_command.h
#include "cli/game_recorder.h"
#include "cli/output.h"
#include "core/play.h"
#include "protocol/printable.h"

namespace wg::cli {

namespace {

/// A game's terminal entry for a session opened elsewhere (resume_<id>_game in
/// cli/<id>_command.h): it plays the session from where it stands, here its start.
using PlaySession = int (*)(Context& context, ResumedGame& game);

PlaySession play_entry_of(std::string_view id) {
#define WG_GAME(game) \
  if (id == #game) return &resume_##game##_game;
#include "app/game_list.inc"
#undef WG_GAME
  return nullptr;
}

struct Options {
  std::string game;
  std::string date;
  bool leaderboard = false;
};

const app::GameEntry& game_named(std::string_view name) {
  if (const app::GameEntry* game = app::find_game(name)) return *game;
  std::string names;
  for (const app::GameEntry& game : app::games()) {
    names += names.empty() ? "" : ", ";
    names += game.name;
  }
  throw UsageError(fmt::format("there is no game '{}'; the games are {}", name, names));
}

/// "Today's Word Search" or "Word Search of 2026-11-20".
std::string puzzle_name(const app::GameEntry& game, std::chrono::year_month_day day,
                        std::chrono::year_month_day today) {
  if (day == today) return fmt::format("Today's {}", game.title);
  return fmt::format("{} of {}", game.title, app::daily_date_text(day));
}

/// The store and the player whose streaks the list shows (--player, else the last player):
/// never asked, never warned of; no store when there is none.
std::pair<app::GameStore*, std::string> standing_of(Context& context) {
  try {
    app::GameStore& store = context.required_game_store();
    std::string player = context.options().player;
    if (player.empty()) {
      if (const std::optional<app::Player> last = store.last_player()) player = last->name;
    }
    return {&store, player};
  } catch (const std::exception&) {
    return {nullptr, {}};
  }
}

/// "Your streak: 3 days · Best: Ann, 20", or "".
std::string standing_text(const Json& puzzle) {
  std::string text;
  if (const auto streak = puzzle.find("streak");
      streak != puzzle.end() && streak->at("current").get<std::int64_t>() > 0) {
    text = fmt::format("Your streak: {}", count_of(streak->at("current").get<long long>(), "day"));
  }
  if (const auto board = puzzle.find("leaderboard"); board != puzzle.end() && !board->empty()) {
    if (!text.empty()) text += " · ";
    text += fmt::format("Best: {}, {}", board->front().at("player").get<std::string>(),
                        board->front().at("score").get<std::int64_t>());
  }
  return text;
}

/// The day's leaderboard of each puzzle played for the record (at most 10 each), or a line
/// saying none was.
void print_leaderboards(std::ostream& out, const Json& puzzles, std::size_t columns) {
  bool any = false;
  for (const Json& puzzle : puzzles) {
    const auto board = puzzle.find("leaderboard");
    if (board == puzzle.end() || board->empty()) continue;
    any = true;
    out << fmt::format("{}:\n", puzzle.at("title").get<std::string>());
    int rank = 0;
    for (const Json& line : *board) {
      out << wrap(fmt::format("  {:>2}. {}: {}{}", ++rank,
                              protocol::printable(line.at("player").get<std::string>()),
                              line.at("score").get<std::int64_t>(),
                              line.at("won").get<bool>() ? " (won)" : ""),
                  columns, "      ")
          << '\n';
    }
  }
  if (!any) out << "Nobody has played this day's puzzles for the record yet.\n";
}

int list(Context& context, std::chrono::year_month_day day, std::chrono::year_month_day today,
         const std::string& secret, bool leaderboards) {
  std::ostream& out = context.out();
  const auto [store, player] = standing_of(context);
  Json puzzles = Json::array();
  for (const app::GameEntry& game : app::games()) {
    Json puzzle = app::daily_json(game, day, secret, context.lexicon());
    if (store != nullptr) app::add_daily_standing(puzzle, *store, game, day, player, today);
    puzzles.push_back(std::move(puzzle));
  }
  if (context.options().json) {
    print_json(out, {{"date", app::daily_date_text(day)}, {"puzzles", std::move(puzzles)}});
    return kExitOk;
  }
  if (leaderboards) {
    out << fmt::format("The leaderboards of {}{} (UTC):\n", app::daily_date_text(day),
                       day == today ? ", today" : "");
    print_leaderboards(out, puzzles, context.columns());
    return kExitOk;
  }
  out << fmt::format("The puzzles of {}{} (UTC):\n", app::daily_date_text(day),
                     day == today ? ", today" : "");
  for (std::size_t i = 0; i < app::games().size(); ++i) {
    const app::GameEntry& game = app::games()[i];
    out << fmt::format("  {:<13} {}: {}\n", game.name, game.title, game.daily.description);
    const std::string standing = standing_text(puzzles[i]);
    if (!standing.empty()) out << fmt::format("  {:<13} {}\n", "", standing);
  }
  out << fmt::format("Play one with 'wordgames daily GAME{}'.\n",
                     day == today ? "" : " --date " + app::daily_date_text(day));
  return kExitOk;
}

int play(Context& context, const app::GameEntry& game, std::chrono::year_month_day day,
         std::chrono::year_month_day today, const std::string& secret) {
  if (context.options().json) {
    print_json(context.out(), app::daily_json(game, day, secret, context.lexicon()));
    return kExitOk;
  }
  const PlaySession play_session = play_entry_of(game.id);
  if (play_session == nullptr) throw UsageError(fmt::format("{} has no terminal", game.title));
  ResumedGame opened;
  opened.session =
      game.open(game.daily.config, app::daily_seed(game, day, secret, context.lexicon()),
                context.shared_lexicon());
  opened.started_ms = Context::now_ms();
  opened.fresh = true;
  opened.daily = app::daily_date_text(day);
  std::string said = fmt::format("{}: {}", puzzle_name(game, day, today), game.daily.description);
  if (!game.daily.fairness.empty()) said += fmt::format(" ({})", game.daily.fairness);
  context.out() << wrap(said + ".", context.columns(), "  ") << '\n';
  return play_session(context, opened);
}

}  // namespace

std::string daily_secret(Context& context, const std::optional<std::string>& given) {
  if (given) return app::daily_secret_of(*given);
  std::filesystem::path data_dir;
  try {
    data_dir = context.data_dir();
  } catch (const app::StoreError&) {
    return {};  // no data folder (no HOME): no secret
  }
  return app::read_daily_secret(data_dir);
}

void add_daily_command(CLI::App& app, Context& context) {
  CLI::App* command = app.add_subcommand("daily", "The puzzles of the day: list them, or play one");
  auto options = std::make_shared<Options>();
  command->add_option("GAME", options->game, "The game whose puzzle to play (default: list them)");
  command->add_option("--date", options->date, "An earlier day's puzzle (default: today, UTC)")
      ->type_name("YYYY-MM-DD");
  command->add_flag("--leaderboard", options->leaderboard,
                    "List the day's leaderboard of each puzzle instead (the best 10 records)");
  command->add_flag("--json", context.options().json,
                    "Print the puzzles (or GAME's) as a JSON document instead of playing");
  command->footer(
      "Every game has a puzzle of the day, the same for everyone: its config is the game's, its\n"
      "seed comes from the date (UTC) and the game (docs/ARCHITECTURE.md, \"The daily puzzle\").\n"
      "JSON: {\"date\", \"puzzles\": [{\"game\", \"title\", \"description\", \"date\", "
      "\"config\", \"seed\"?}]}.");
  on_run(*command, context, [&context, options]() -> int {
    const std::chrono::year_month_day today = app::utc_day(
        std::chrono::system_clock::time_point(std::chrono::milliseconds(Context::now_ms())));
    std::chrono::year_month_day day;
    try {
      day = app::daily_day(options->date, today);
    } catch (const ConfigError& error) {
      throw UsageError(fmt::format("--date: {}", error.what()));
    }
    const app::GameEntry* game = options->game.empty() ? nullptr : &game_named(options->game);
    const std::string secret = daily_secret(context);
    if (game == nullptr) return list(context, day, today, secret, options->leaderboard);
    if (options->leaderboard) throw UsageError("--leaderboard lists every game's: name no GAME");
    return play(context, *game, day, today, secret);
  });
}

}  // namespace wg::cli
