#pragma once
/// The puzzles of the day in the arcade (docs/API.md, "The daily puzzle"; app/daily.h):
/// GET /api/daily[?date=YYYY-MM-DD] lists each game's puzzle of the day, and POST /api/sessions
/// with {"game", "daily": "YYYY-MM-DD"} opens one, its config and seed the day's. The seed of a
/// puzzle whose seed hides something goes out only once its game has ended, as any session's.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "server/arcade_options.h"
#include "server/http_server.h"

namespace wg::server {

/// GET /api/daily[?date=YYYY-MM-DD][&player=NAME]: {"date", "today", "puzzles": [{"game",
/// "title", "description", "date", "config", "seed"?, "open": {"game", "daily"}, and with a
/// store "leaderboard": [{"player", "score", "won"}] (the day's records, best first) and with a
/// player "streak": {"current", "best", "last"}}]}, the date today (UTC; `now_ms` in unix
/// milliseconds) by default; 400
/// bad_date for a malformed day or one after today. Without a store (ArcadeOptions::store)
/// nothing is kept. With one, the draws a worker kept of the day are taken from it
/// (app::take_daily_draws) and, on workers (ArcadeOptions::on_workers), the next day's puzzles
/// are queued for them.
HttpResponse daily_puzzles(const HttpRequest& request, std::chrono::year_month_day today,
                           std::int64_t now_ms, const ArcadeOptions& options,
                           const Lexicon& lexicon);

/// What opens a game's puzzle of a day.
struct DailyOpening {
  app::Json config;
  std::uint64_t seed = 0;
  /// An earlier day's puzzle, from the archive: practice (its seed may be shown at once).
  bool archived = false;
  std::string day;  ///< "YYYY-MM-DD"
};

/// The config and seed of `game`'s puzzle of the day `date` names (a "YYYY-MM-DD" string, not
/// after `today`; before it, archived), or the refusal (400 bad_date) of anything else; the
/// store's draws taken, as daily_puzzles does.
std::variant<DailyOpening, HttpResponse> daily_opening(
    const app::GameEntry& game, const app::Json& date, std::chrono::year_month_day today,
    std::int64_t now_ms, const ArcadeOptions& options, const Lexicon& lexicon);

}  // namespace wg::server
