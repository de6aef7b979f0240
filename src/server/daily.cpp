#include "server/daily.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <iostream>
#include <string>

#include "app/daily.h"
#include "core/play.h"
#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

namespace {

HttpResponse bad_date(const ConfigError& problem) {
  return error(400, "bad_date", problem.what(), "date");
}

/// Makes the store's work on the puzzles of `day` this process's (app::take_daily_draws, which
/// reads the store until it has them) and, on workers, queues the day after today's unless the
/// store holds it already. The store is a shortcut: when it fails, the draws are tried here.
void prepare_day(std::chrono::year_month_day day, std::chrono::year_month_day today,
                 std::int64_t now_ms, const ArcadeOptions& options, const Lexicon& lexicon) {
  if (options.store == nullptr) return;
  const app::LogLexicon named = options.log_lexicon(lexicon);
  try {
    app::take_daily_draws(*options.store, day, options.daily_secret, lexicon, named);
    if (options.on_workers) {
      const std::chrono::year_month_day tomorrow{std::chrono::sys_days(today) +
                                                 std::chrono::days(1)};
      app::queue_daily_puzzles(*options.store, tomorrow, options.daily_secret, named, now_ms);
    }
  } catch (const std::exception& problem) {
    // The store is away: this process tries the day's draws itself; the operator hears of it
    // once.
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true)) {
      std::cerr << "wordgames: warning: the puzzles of the day were not read from the store ("
                << problem.what() << "); trying them here\n";
    }
  }
}

}  // namespace

HttpResponse daily_puzzles(const HttpRequest& request, std::chrono::year_month_day today,
                           std::int64_t now_ms, const ArcadeOptions& options,
                           const Lexicon& lexicon) {
  if (!reads_only(request)) return method_not_allowed(request, "GET");
  std::chrono::year_month_day day;
  try {
    day = app::daily_day(query_value(request.query, "date"), today);
  } catch (const ConfigError& problem) {
    return bad_date(problem);
  }
  const std::string date = app::daily_date_text(day);
  const std::string player = query_value(request.query, "player");
  if (!player.empty() && !app::valid_player_name(player)) {
    return error(400, "bad_request", "'player' is a player's name", "player");
  }
  prepare_day(day, today, now_ms, options, lexicon);
  app::Json puzzles = app::Json::array();
  for (const app::GameEntry& game : app::games()) {
    app::Json puzzle = app::daily_json(game, day, options.daily_secret, lexicon);
    puzzle["open"] = {{"game", game.name}, {"daily", date}};
    if (options.store != nullptr) {
      app::add_daily_standing(puzzle, *options.store, game, day, player, today);
    }
    puzzles.push_back(std::move(puzzle));
  }
  return json_response(
      200,
      {{"date", date}, {"today", app::daily_date_text(today)}, {"puzzles", std::move(puzzles)}});
}

std::variant<DailyOpening, HttpResponse> daily_opening(
    const app::GameEntry& game, const app::Json& date, std::chrono::year_month_day today,
    std::int64_t now_ms, const ArcadeOptions& options, const Lexicon& lexicon) {
  if (!date.is_string()) {
    return error(400, "bad_date", "'daily' is the day of the puzzle: \"YYYY-MM-DD\"", "date");
  }
  try {
    const std::chrono::year_month_day day =
        app::daily_day(date.get<std::string>().empty() ? "-" : date.get<std::string>(), today);
    prepare_day(day, today, now_ms, options, lexicon);
    return DailyOpening{game.daily.config,
                        app::daily_seed(game, day, options.daily_secret, lexicon), day != today,
                        app::daily_date_text(day)};
  } catch (const ConfigError& problem) {
    return bad_date(problem);
  }
}

}  // namespace wg::server
