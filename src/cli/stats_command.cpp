#include "cli/stats_command.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/registry.h"
#include "app/sqlite_store.h"
#include "cli/app.h"
#include "cli/output.h"
#include "core/text.h"

namespace wg::cli {

namespace {

struct Filters {
  std::string game;  ///< --game; empty: every game
  std::uint64_t limit = 20;
  std::uint64_t leaderboard_limit = 10;
};

/// The registry's name of the game `name` names (its name or id), or a UsageError listing them.
std::string game_name(const std::string& name) {
  if (const app::GameEntry* entry = app::find_game(name)) return std::string(entry->name);
  std::string names;
  for (const app::GameEntry& game : app::games()) {
    if (!names.empty()) names += ", ";
    names += game.name;
  }
  throw UsageError(fmt::format("unknown game '{}': the games are {}", name, names));
}

/// Whose games to show: --player (which must have played: else a UsageError), else the last
/// player; nothing when nobody has played yet.
std::optional<std::string> chosen_player(Context& context, app::SqliteStore& store) {
  const std::string& name = context.options().player;
  if (!name.empty()) {
    const std::optional<app::Player> found = store.find_player(name);
    if (!found) throw UsageError(fmt::format("unknown player '{}'", name));
    return found->name;
  }
  if (const std::optional<app::Player> last = store.last_player()) return last->name;
  return std::nullopt;
}

/// "2026-11-24 13:49" (UTC).
std::string when_text(std::int64_t unix_ms) {
  const std::chrono::sys_time<std::chrono::milliseconds> time{std::chrono::milliseconds(unix_ms)};
  const auto day = std::chrono::floor<std::chrono::days>(time);
  const std::chrono::year_month_day date{day};
  const std::chrono::hh_mm_ss clock{std::chrono::floor<std::chrono::minutes>(time - day)};
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}", static_cast<int>(date.year()),
                     static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                     clock.hours().count(), clock.minutes().count());
}

/// "69%", or "-" for a share that could not be computed (null).
std::string percent_text(const Json& share) {
  return share.is_number() ? fmt::format("{:.0f}%", share.get<double>() * 100) : "-";
}

/// The lines of the game's own figures (app::GameStatistics::details) under its row, each
/// starting with two spaces and wrapped to 80 columns; none when there is nothing to say.
std::vector<std::string> detail_lines(const app::GameStatistics& g) {
  const Json& d = g.details;
  std::vector<std::string> lines;
  const auto rows = [&](const char* key) { return d.contains(key) ? d[key] : Json::array(); };
  if (g.totals.game == "hand" && !rows("hands").empty()) {
    std::string text =
        fmt::format("Share of the best possible score: {}", percent_text(d["share"]));
    std::string per_hand;
    for (const Json& hand : rows("hands")) {
      if (!per_hand.empty()) per_hand += ", ";
      per_hand += fmt::format("{} {}", hand["hand"].get<int>(), percent_text(hand["share"]));
    }
    lines.push_back(text + " (by hand: " + per_hand + ")");
  } else if (g.totals.game == "boggle" && d.value("games", 0) > 0) {
    lines.push_back(fmt::format("Words found: {} of the {} on the boards ({})",
                                d["found"].get<long long>(), d["words"].get<long long>(),
                                percent_text(d["share"])));
  } else if (g.totals.game == "evil-hangman" || g.totals.game == "hangman") {
    if (!rows("by_length").empty()) {
      std::string text = "Misses by word length:";
      bool first = true;
      for (const Json& row : rows("by_length")) {
        text += fmt::format("{} {} letters {:.1f} ({})", first ? "" : ",", row["length"].get<int>(),
                            row["mean_misses"].get<double>(),
                            count_of(row["games"].get<long long>(), "game"));
        first = false;
      }
      lines.push_back(text);
    }
    if (!rows("dictionaries").empty()) {
      std::string text = "Dictionaries:";
      bool first = true;
      for (const Json& row : rows("dictionaries")) {
        const long long words = row["words"].get<long long>();
        text += fmt::format("{} {} {} won of {}", first ? "" : ";",
                            words == 0 ? std::string("the lexicon's words")
                                       : "a list of " + count_of(words, "word"),
                            row["wins"].get<long long>(),
                            count_of(row["games"].get<long long>(), "game"));
        first = false;
      }
      lines.push_back(text);
    }
    if (!rows("last_games").empty()) {
      lines.push_back("Last 5 games, newest first:");
      for (const Json& game : rows("last_games")) {
        const auto number = [&](const char* key) {
          return game[key].is_number() ? game[key].get<long long>() : 0;
        };
        lines.push_back(fmt::format(
            "  {} {}, {}, {}", game["word"].is_string() ? game["word"].get<std::string>() : "?",
            game["won"] == true ? "found" : "not found",
            count_of(number("guesses"), "guess", "guesses"), count_of(number("points"), "point")));
      }
    }
  }
  for (std::string& line : lines) line = "  " + wrap(line, kColumns - 2, "    ");
  return lines;
}

int run_stats(Context& context, const Filters& filters) {
  app::SqliteStore& store = context.required_game_store();
  const std::string game = filters.game.empty() ? std::string() : game_name(filters.game);
  const std::optional<std::string> player = chosen_player(context, store);
  std::vector<app::GameStatistics> statistics;
  if (player) {
    if (game.empty()) {
      for (const app::PlayerStatistics& s : store.statistics(*player)) {
        statistics.push_back(store.game_statistics(*player, s.game));
      }
    } else if (app::GameStatistics s = store.game_statistics(*player, game); s.totals.games != 0) {
      statistics.push_back(std::move(s));
    }
  }
  std::ostream& out = context.out();
  if (context.options().json) {
    Json games = Json::array();
    for (const app::GameStatistics& s : statistics) games.push_back(app::statistics_json(s));
    print_json(out, {{"player", player ? Json(*player) : Json(nullptr)}, {"games", games}});
    return kExitOk;
  }
  if (statistics.empty()) {
    out << (player ? fmt::format("{} has not finished a game{} yet.\n", *player,
                                 game.empty() ? "" : " of " + game)
                   : std::string("No game has been finished yet.\n"));
    return kExitOk;
  }
  out << "Statistics of " << *player << ":\n";
  out << fmt::format("{:<13} {:>6} {:>6} {:>6} {:>7} {:>7} {:>11} {:>11}\n", "Game", "Games",
                     "Wins", "Win %", "Streak", "Best", "Best score", "Mean score");
  for (const app::GameStatistics& g : statistics) {
    const app::PlayerStatistics& s = g.totals;
    out << fmt::format("{:<13} {:>6} {:>6} {:>6.0f} {:>7} {:>7} {:>11} {:>11.1f}\n", s.game,
                       s.games, s.wins, s.win_rate * 100, s.current_streak, s.best_streak,
                       s.best_score, s.mean_score);
    for (const std::string& line : detail_lines(g)) out << line << '\n';
  }
  out << "(Streak: wins in a row up to the last game; Best: the longest such streak.)\n";
  return kExitOk;
}

int run_history(Context& context, const Filters& filters) {
  app::SqliteStore& store = context.required_game_store();
  const std::string game = filters.game.empty() ? std::string() : game_name(filters.game);
  const std::optional<std::string> player = chosen_player(context, store);
  std::vector<app::GameSummary> games;
  if (player) {
    games = store.finished_games(
        *player, game.empty() ? std::nullopt : std::optional<std::string_view>(game),
        static_cast<std::size_t>(filters.limit));
  }
  std::ostream& out = context.out();
  if (context.options().json) {
    Json list = Json::array();
    for (const app::GameSummary& g : games) {
      Json summary = app::game_summary_json(g, *player);
      summary["when"] = when_text(g.ended_ms);
      list.push_back(std::move(summary));
    }
    print_json(out, {{"player", player ? Json(*player) : Json(nullptr)}, {"games", list}});
    return kExitOk;
  }
  if (games.empty()) {
    out << (player ? fmt::format("{} has not finished a game{} yet.\n", *player,
                                 game.empty() ? "" : " of " + game)
                   : std::string("No game has been finished yet.\n"));
    return kExitOk;
  }
  out << "Games of " << *player << ", newest first:\n";
  out << fmt::format("{:>6}  {:<13} {:<17} {:>7}  {}\n", "Id", "Game", "When (UTC)", "Score",
                     "Won");
  for (const app::GameSummary& g : games) {
    const Json summary = app::game_summary_json(g, *player);
    out << fmt::format("{:>6}  {:<13} {:<17} {:>7}  {}\n", g.id, g.game, when_text(g.ended_ms),
                       summary["score"].get<std::int64_t>(), yes_no(summary["won"].get<bool>()));
  }
  out << "'wordgames history show ID' prints a game to replay.\n";
  return kExitOk;
}

int run_show(Context& context, std::uint64_t id) {
  app::SqliteStore& store = context.required_game_store();
  const app::FinishedGame game = store.finished_game(static_cast<std::int64_t>(id));
  print_json(context.out(), {{"game", game.game},
                             {"config", game.config},
                             {"seed", game.seed},
                             {"commands", game.commands}});
  return kExitOk;
}

int run_leaderboard(Context& context, const Filters& filters) {
  app::SqliteStore& store = context.required_game_store();
  std::vector<std::string> games;
  if (!filters.game.empty()) {
    games.push_back(game_name(filters.game));
  } else {
    for (const app::GameEntry& entry : app::games()) games.emplace_back(entry.name);
  }
  std::ostream& out = context.out();
  const auto limit = static_cast<std::size_t>(filters.leaderboard_limit);
  if (context.options().json) {
    Json boards = Json::array();
    for (const std::string& game : games) {
      boards.push_back(
          {{"game", game}, {"players", app::leaderboard_json(store.leaderboard(game, limit))}});
    }
    print_json(out, {{"leaderboards", std::move(boards)}});
    return kExitOk;
  }
  bool any = false;
  for (const std::string& game : games) {
    const std::vector<app::LeaderboardEntry> board = store.leaderboard(game, limit);
    if (board.empty()) continue;
    out << (any ? "\n" : "") << "Leaderboard of " << game << ":\n";
    out << fmt::format("{:>4}  {:<28} {:>6} {:>6} {:>6} {:>11}\n", "Rank", "Player", "Games",
                       "Wins", "Win %", "Best score");
    std::size_t rank = 0;
    for (const app::LeaderboardEntry& e : board) {
      out << fmt::format("{:>4}  {:<28} {:>6} {:>6} {:>6.0f} {:>11}\n", ++rank, e.player, e.games,
                         e.wins, e.win_rate * 100, e.best_score);
    }
    any = true;
  }
  if (!any) {
    out << (filters.game.empty() ? std::string("No game has been finished yet.\n")
                                 : fmt::format("No game of {} has been finished yet.\n", games[0]));
    return kExitOk;
  }
  out << "(Ranked by best score, then wins, then win rate.)\n";
  return kExitOk;
}

void add_filters(CLI::App& command, Filters& filters) {
  command.add_option("--game", filters.game, "Only this game (hand, boggle, ...)")->type_name("G");
}

}  // namespace

void add_stats_commands(CLI::App& app, Context& context) {
  auto filters = std::make_shared<Filters>();

  CLI::App* stats = app.add_subcommand("stats", "Your statistics per game");
  add_filters(*stats, *filters);
  stats->footer(
      "Per game: games finished, wins, win rate, current and best winning streak, best and mean "
      "score, and each game's own figures (the Word Game's share of the best possible score, "
      "Boggle's words found, misses by word length, the last 5 position hangman games), of "
      "--player NAME (default: the last player).");
  on_run(*stats, context, [&context, filters] { return run_stats(context, *filters); });

  CLI::App* history = app.add_subcommand("history", "Your finished games, newest first");
  add_filters(*history, *filters);
  add_number_option(
      *history, "--limit", 1, 10000, [filters](std::uint64_t n) { filters->limit = n; },
      "How many games to list (default 20)");
  history->footer("Games of --player NAME (default: the last player).");
  on_run(*history, context, [&context, filters] { return run_history(context, *filters); });

  CLI::App* leaderboard =
      app.add_subcommand("leaderboard", "The best players of each game (or of --game G)");
  add_filters(*leaderboard, *filters);
  add_number_option(
      *leaderboard, "--limit", 1, 10000,
      [filters](std::uint64_t n) { filters->leaderboard_limit = n; },
      "How many players per game (default 10)");
  leaderboard->footer(
      "Players ranked by best score, then wins, then win rate (fewer games first on a tie), with "
      "their games, wins and win rate.");
  on_run(*leaderboard, context, [&context, filters] { return run_leaderboard(context, *filters); });

  CLI::App* show = history->add_subcommand("show", "Print a finished game's saved game JSON");
  auto id = std::make_shared<std::uint64_t>(0);
  add_number_option(
      *show, "id", 1, static_cast<std::uint64_t>(INT64_MAX), [id](std::uint64_t n) { *id = n; },
      "The game's id (as 'wordgames history' lists it)")
      ->required();
  on_run(*show, context, [&context, id] { return run_show(context, *id); });
}

}  // namespace wg::cli
