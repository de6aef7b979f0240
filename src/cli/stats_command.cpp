#include "cli/stats_command.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/game_store.h"
#include "app/registry.h"
#include "app/review.h"
#include "cli/app.h"
#include "cli/output.h"
#include "cli/style.h"
#include "core/text.h"
#include "protocol/printable.h"

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
std::optional<std::string> chosen_player(Context& context, app::GameStore& store) {
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

/// A figure's value and unit: "69%", "2.5 misses", "12 words", "-" when it cannot be computed.
std::string figure_text(const app::StatisticsFigure& figure) {
  if (figure.unit == "%") return percent_text(figure.value);
  std::string value = "-";
  if (figure.value.is_number_integer()) {
    value = fmt::format("{}", figure.value.get<long long>());
  } else if (figure.value.is_number()) {
    value = fmt::format("{:.1f}", figure.value.get<double>());
  }
  return figure.unit.empty() ? value : value + " " + figure.unit;
}

/// The lines of the game's own figures under its row (app::statistics_lines, as the game's
/// entry says them), each starting with two spaces and wrapped to 80 columns: "Title: label
/// value unit (note), ...".
std::vector<std::string> detail_lines(const app::GameStatistics& g) {
  std::vector<std::string> lines;
  for (const app::StatisticsLine& line : app::statistics_lines(g)) {
    std::string text = line.title + ":";
    for (std::size_t i = 0; i < line.figures.size(); ++i) {
      const app::StatisticsFigure& figure = line.figures[i];
      text += i == 0 ? " " : ", ";
      if (!figure.label.empty()) text += figure.label + " ";
      text += figure_text(figure);
      if (!figure.note.empty()) text += " (" + figure.note + ")";
    }
    lines.push_back("  " + wrap(text, kColumns - 2, "    "));
  }
  return lines;
}

int run_stats(Context& context, const Filters& filters) {
  app::GameStore& store = context.required_game_store();
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
    out << (player ? fmt::format("{} has not finished a game{} yet.\n",
                                 protocol::printable(*player), game.empty() ? "" : " of " + game)
                   : std::string("No game has been finished yet.\n"));
    return kExitOk;
  }
  out << "Statistics of " << protocol::printable(*player) << ":\n";
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
  // What a score is, for the games whose score is not their points (evil hangman's 1 or 0).
  for (const app::GameStatistics& g : statistics) {
    const std::string_view meaning = app::score_meaning(g.totals.game);
    if (meaning.empty()) continue;
    out << wrap(fmt::format("({}: {})", g.totals.game, meaning), kColumns, " ") << '\n';
  }
  return kExitOk;
}

int run_history(Context& context, const Filters& filters) {
  app::GameStore& store = context.required_game_store();
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
    out << (player ? fmt::format("{} has not finished a game{} yet.\n",
                                 protocol::printable(*player), game.empty() ? "" : " of " + game)
                   : std::string("No game has been finished yet.\n"));
    return kExitOk;
  }
  out << "Games of " << protocol::printable(*player) << ", newest first:\n";
  out << fmt::format("{:>6}  {:<13} {:<17} {:>7}  {}\n", "Id", "Game", "When (UTC)", "Score",
                     "Won");
  for (const app::GameSummary& g : games) {
    const Json summary = app::game_summary_json(g, *player);
    out << fmt::format("{:>6}  {:<13} {:<17} {:>7}  {}\n", g.id, g.game, when_text(g.ended_ms),
                       summary["score"].get<std::int64_t>(), yes_no(summary["won"].get<bool>()));
  }
  out << "'wordgames history show ID' prints a game to replay ('--log': an auction's log).\n";
  return kExitOk;
}

int run_show(Context& context, std::uint64_t id, bool log) {
  app::GameStore& store = context.required_game_store();
  const app::FinishedGame game = store.finished_game(static_cast<std::int64_t>(id));
  if (log) {
    // The log as it was kept, byte for byte: `wordgames auction replay` reads it back.
    const std::optional<std::string> text = store.game_log(game.id);
    if (!text) {
      throw std::runtime_error(
          fmt::format("game {} ({}) has no log: auction games keep one", id, game.game));
    }
    context.out() << *text << std::flush;
    return kExitOk;
  }
  print_json(context.out(), {{"game", game.game},
                             {"config", game.config},
                             {"seed", game.seed},
                             {"commands", game.commands}});
  return kExitOk;
}

Json tournament_json(const app::TournamentRecord& t, bool with_games) {
  Json json = {{"id", t.id},
               {"game", t.game},
               {"started_ms", t.started_ms},
               {"ended_ms", t.ended_ms},
               {"when", when_text(t.ended_ms)},
               {"status", t.status},
               {"config", t.config},
               {"table", t.table}};
  if (with_games) json["game_ids"] = t.game_ids;
  return json;
}

/// The start of a table's row: `lead` (the cells before the name), then `name` padded to
/// `width` columns; or, for a name wider than that (an external bot's command, a long player
/// name), `lead` and the name on a line of their own, wrapped at `columns`, and a blank start
/// on the next line, under which the row's figures follow.
std::string row_start(std::string_view lead, std::string_view name, std::size_t width,
                      std::size_t columns) {
  const std::size_t name_width = display_width(name);
  const std::string blank(display_width(lead), ' ');
  if (name_width <= width) {
    return std::string(lead) + std::string(name) + std::string(width - name_width, ' ');
  }
  return wrap(std::string(lead) + std::string(name), columns, blank + "  ") + '\n' + blank +
         std::string(width, ' ');
}

/// config[key] as text for a table cell ("?" when missing).
std::string config_text(const Json& config, const char* key) {
  if (!config.is_object() || !config.contains(key)) return "?";
  const Json& value = config[key];
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string text;
    for (const Json& item : value) {
      if (!text.empty()) text += ", ";
      text += item.is_string() ? item.get<std::string>() : item.dump();
    }
    return text;
  }
  return value.dump();
}

/// A lineup ("random, value, strong") in `width` columns: whole when it fits, else as many of
/// its first names as fit before ", …", else its first name shortened.
std::string lineup_in(std::string_view lineup, std::size_t width) {
  if (display_width(lineup) <= width) return std::string(lineup);
  for (std::size_t end = lineup.rfind(", "); end != std::string_view::npos && end > 0;
       end = lineup.rfind(", ", end - 1)) {
    const std::string_view names = lineup.substr(0, end);
    if (display_width(names) + 3 <= width) return fmt::format("{}, …", names);
  }
  return shortened(lineup, width);
}

int run_tournaments(Context& context, std::uint64_t limit) {
  app::GameStore& store = context.required_game_store();
  const std::vector<app::TournamentRecord> tournaments =
      store.tournaments(static_cast<std::size_t>(limit));
  std::ostream& out = context.out();
  if (context.options().json) {
    Json list = Json::array();
    for (const app::TournamentRecord& t : tournaments) list.push_back(tournament_json(t, false));
    print_json(out, {{"tournaments", std::move(list)}});
    return kExitOk;
  }
  if (tournaments.empty()) {
    out << "No tournament has been played yet ('wordgames auction tournament' plays one).\n";
    return kExitOk;
  }
  out << "Tournaments, newest first:\n";
  const auto row = [](const auto& id, std::string_view game, std::string_view when,
                      std::string_view games, std::string_view status) {
    return fmt::format("{:>6}  {:<8} {:<17} {:>6}  {:<9} ", id, game, when, games, status);
  };
  out << row("Id", "Game", "When (UTC)", "Games", "Status") << "Lineup\n";
  for (const app::TournamentRecord& t : tournaments) {
    const std::string start =
        row(t.id, t.game, when_text(t.ended_ms), config_text(t.config, "games"), t.status);
    // The lineup takes the rest of the line, shortened to it: 'tournaments show' has it whole.
    const std::size_t room = std::max<std::size_t>(
        context.columns() > display_width(start) ? context.columns() - display_width(start) : 0,
        10);
    out << start << lineup_in(protocol::printable(config_text(t.config, "lineup")), room) << '\n';
  }
  out << "'wordgames tournaments show ID' shows one's lineup, table and games.\n";
  return kExitOk;
}

int run_tournament_show(Context& context, std::uint64_t id) {
  app::GameStore& store = context.required_game_store();
  const app::TournamentRecord t = store.tournament(static_cast<std::int64_t>(id));
  std::ostream& out = context.out();
  if (context.options().json) {
    print_json(out, tournament_json(t, true));
    return kExitOk;
  }
  out << fmt::format("Tournament {} of {}, {} {} UTC: {} games, seed {}.\n", t.id, t.game, t.status,
                     when_text(t.ended_ms), t.game_ids.size(), config_text(t.config, "seed"));
  out << wrap(fmt::format("Lineup: {}.", protocol::printable(config_text(t.config, "lineup"))),
              context.columns(), "  ")
      << '\n';
  if (t.table.is_array() && !t.table.empty()) {
    constexpr std::size_t kNameWidth = 24;
    out << fmt::format("{:<{}} {:>6} {:>11} {:>9}\n", "Bot", kNameWidth, "Seats", "Mean score",
                       "Win rate");
    for (const Json& bot : t.table) {
      const auto number = [&](const char* key) {
        return bot.contains(key) && bot[key].is_number() ? bot[key].get<double>() : 0.0;
      };
      out << row_start("", protocol::printable(config_text(bot, "name")), kNameWidth,
                       context.columns())
          << fmt::format(" {:>6} {:>11.1f} {:>8.1f}%\n", config_text(bot, "seats"),
                         number("mean_score"), 100 * number("win_rate"));
    }
  }
  if (!t.game_ids.empty()) {
    out << fmt::format("Games: {} to {} ('wordgames history show ID --log' prints one's log).\n",
                       t.game_ids.front(), t.game_ids.back());
  }
  return kExitOk;
}

int run_leaderboard(Context& context, const Filters& filters) {
  app::GameStore& store = context.required_game_store();
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
      boards.push_back(app::leaderboards_json(game, store.leaderboard(game, limit),
                                              store.bot_leaderboard(game, limit)));
    }
    print_json(out, {{"leaderboards", std::move(boards)}});
    return kExitOk;
  }
  bool any = false;
  bool any_bots = false;
  for (const std::string& game : games) {
    const std::vector<app::LeaderboardEntry> board = store.leaderboard(game, limit);
    const std::vector<app::LeaderboardEntry> bots = store.bot_leaderboard(game, limit);
    if (board.empty() && bots.empty()) continue;
    out << (any ? "\n" : "");
    // The players' board, then the bots' (one line per bot, whatever seats it held).
    const auto table = [&out, &context](std::string_view who,
                                        const std::vector<app::LeaderboardEntry>& b) {
      constexpr std::size_t kNameWidth = 28;
      out << fmt::format("{:>4}  {:<{}} {:>6} {:>6} {:>6} {:>11} {:>11}\n", "Rank", who, kNameWidth,
                         "Games", "Wins", "Win %", "Best score", "Mean score");
      std::size_t rank = 0;
      for (const app::LeaderboardEntry& e : b) {
        out << row_start(fmt::format("{:>4}  ", ++rank), protocol::printable(e.player), kNameWidth,
                         context.columns())
            << fmt::format(" {:>6} {:>6} {:>6.0f} {:>11} {:>11.1f}\n", e.games, e.wins,
                           e.win_rate * 100, e.best_score, e.mean_score);
      }
    };
    if (!board.empty()) {
      out << "Leaderboard of " << game << ":\n";
      table("Player", board);
    }
    if (!bots.empty()) {
      out << (board.empty() ? "" : "\n") << "Bots of " << game << ":\n";
      table("Bot", bots);
      any_bots = true;
    }
    any = true;
  }
  if (!any) {
    out << (filters.game.empty() ? std::string("No game has been finished yet.\n")
                                 : fmt::format("No game of {} has been finished yet.\n", games[0]));
    return kExitOk;
  }
  out << "(Ranked by best score, then wins, then win rate.)\n";
  if (any_bots) out << "(Bots ranked by mean score, then win rate.)\n";
  return kExitOk;
}

void add_filters(CLI::App& command, Filters& filters) {
  command.add_option("--game", filters.game, "Only this game (hand, boggle, ...)")->type_name("G");
}

/// The seat whose moves `wordgames review` reviews in `game`: `player`'s, else the first seat a
/// person played.
Seat reviewed_seat(const app::FinishedGame& game, const std::optional<std::string>& player) {
  if (player) {
    if (const std::optional<Seat> seat = app::seat_of(game, *player)) return *seat;
  }
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    if (game.players[seat].bot.empty()) return static_cast<Seat>(seat);
  }
  return 0;
}

int run_review(Context& context, std::uint64_t id) {
  app::GameStore& store = context.required_game_store();
  const std::optional<std::string> player = chosen_player(context, store);
  if (id == 0) {
    if (!player) throw UsageError("no game has been finished yet: there is nothing to review");
    const std::vector<app::GameSummary> last = store.finished_games(*player, std::nullopt, 1);
    if (last.empty()) {
      throw UsageError(fmt::format("{} has not finished a game yet: there is nothing to review",
                                   protocol::printable(*player)));
    }
    id = static_cast<std::uint64_t>(last.front().id);
  }
  const app::FinishedGame game = store.finished_game(static_cast<std::int64_t>(id));
  const app::GameEntry* entry = app::find_game(game.game);
  if (entry == nullptr || !entry->review) {
    throw std::runtime_error(fmt::format("game {} ({}) has no review", id, game.game));
  }
  const Seat seat = reviewed_seat(game, player);
  std::optional<app::GameReview> review;
  try {
    // A long review (the optimal host's positions) shows its progress at a terminal.
    ProgressLine progress(context.out(), context.interactive(), "Reviewing every move");
    Work work;
    work.progress = [&progress](double fraction) { progress.update(fraction); };
    review = app::review_game(*entry, game, seat, context.shared_lexicon(), work);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(fmt::format(
        "game {} cannot be replayed on this word list ({}): review it with the list it was "
        "played on (--lexicon)",
        id, e.what()));
  }
  std::ostream& out = context.out();
  if (context.options().json) {
    print_json(out, app::review_document(game, seat, *review));
    return kExitOk;
  }
  out << wrap(fmt::format("Review of game {} ({}), {}'s moves, played {} UTC", id, entry->title,
                          protocol::printable(game.players.at(static_cast<std::size_t>(seat)).name),
                          when_text(game.ended_ms)),
              context.columns())
      << '\n';
  for (const std::string& line : app::review_lines(*review)) {
    const std::size_t indent = line.find_first_not_of(' ');
    out << (line.empty() ? line
                         : wrap(line, context.columns(),
                                std::string(indent == std::string::npos ? 0 : indent + 2, ' ')))
        << '\n';
  }
  return kExitOk;
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
  auto log = std::make_shared<bool>(false);
  add_number_option(
      *show, "id", 1, static_cast<std::uint64_t>(INT64_MAX), [id](std::uint64_t n) { *id = n; },
      "The game's id (as 'wordgames history' lists it)")
      ->required();
  show->add_flag("--log", *log,
                 "Print the game's JSON Lines log instead (auction games): 'wordgames auction "
                 "replay FILE' replays it");
  on_run(*show, context, [&context, id, log] { return run_show(context, *id, *log); });

  CLI::App* review = app.add_subcommand("review", "What was best, and what each move cost");
  auto review_id = std::make_shared<std::uint64_t>(0);
  add_number_option(
      *review, "id", 1, static_cast<std::uint64_t>(INT64_MAX),
      [review_id](std::uint64_t n) { *review_id = n; },
      "The game's id (as 'wordgames history' lists it; default: the player's last game)");
  review->footer(
      "Each of the player's moves against the best move there, and what it cost in the game's "
      "own unit, computed by the game's exact solvers (the review says where a figure comes from "
      "a bounded search). --json prints it as the arcade's review does.");
  on_run(*review, context, [&context, review_id] { return run_review(context, *review_id); });

  CLI::App* tournaments =
      app.add_subcommand("tournaments", "The auction tournaments kept, newest first");
  auto tournament_limit = std::make_shared<std::uint64_t>(20);
  add_number_option(
      *tournaments, "--limit", 1, 10000,
      [tournament_limit](std::uint64_t n) { *tournament_limit = n; },
      "How many tournaments to list (default 20)");
  tournaments->footer(
      "Every 'wordgames auction tournament' is kept with its table and each of its games (with "
      "its log: 'wordgames history show ID --log').");
  on_run(*tournaments, context,
         [&context, tournament_limit] { return run_tournaments(context, *tournament_limit); });
  CLI::App* tournament_show =
      tournaments->add_subcommand("show", "A tournament's table and its games' ids");
  auto tournament_id = std::make_shared<std::uint64_t>(0);
  add_number_option(
      *tournament_show, "id", 1, static_cast<std::uint64_t>(INT64_MAX),
      [tournament_id](std::uint64_t n) { *tournament_id = n; },
      "The tournament's id (as 'wordgames tournaments' lists it)")
      ->required();
  on_run(*tournament_show, context,
         [&context, tournament_id] { return run_tournament_show(context, *tournament_id); });
}

}  // namespace wg::cli
