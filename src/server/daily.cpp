#include "server/daily.h"

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

}  // namespace

HttpResponse daily_puzzles(const HttpRequest& request, std::chrono::year_month_day today,
                           std::string_view secret, app::GameStore* store, const Lexicon& lexicon) {
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
  app::Json puzzles = app::Json::array();
  for (const app::GameEntry& game : app::games()) {
    app::Json puzzle = app::daily_json(game, day, secret, lexicon);
    puzzle["open"] = {{"game", game.name}, {"daily", date}};
    if (store != nullptr) app::add_daily_standing(puzzle, *store, game, day, player, today);
    puzzles.push_back(std::move(puzzle));
  }
  return json_response(
      200,
      {{"date", date}, {"today", app::daily_date_text(today)}, {"puzzles", std::move(puzzles)}});
}

std::variant<DailyOpening, HttpResponse> daily_opening(const app::GameEntry& game,
                                                       const app::Json& date,
                                                       std::chrono::year_month_day today,
                                                       std::string_view secret,
                                                       const Lexicon& lexicon) {
  if (!date.is_string()) {
    return error(400, "bad_date", "'daily' is the day of the puzzle: \"YYYY-MM-DD\"", "date");
  }
  try {
    const std::chrono::year_month_day day =
        app::daily_day(date.get<std::string>().empty() ? "-" : date.get<std::string>(), today);
    return DailyOpening{game.daily.config, app::daily_seed(game, day, secret, lexicon),
                        day != today, app::daily_date_text(day)};
  } catch (const ConfigError& problem) {
    return bad_date(problem);
  }
}

}  // namespace wg::server
