#pragma once
/// The arcade's statistics (docs/API.md, "Statistics"): what the store kept of finished games,
/// read only. GET /api/stats?player=NAME[&game=G] (a player's statistics per game, with each
/// game's own figures), GET /api/leaderboard[?game=G][&limit=N] (the players of each game by
/// best score, and its bots in a table of their own) and GET
/// /api/players/NAME/history[?game=G][&limit=N][&offset=M] (a player's finished games, newest
/// first, a page at a time), GET /api/tournaments[?limit=N] and /api/tournaments/ID (the auction
/// tournaments kept, with their tables and games' ids), GET /api/games/ID/log (a kept auction
/// game's JSON Lines log, as text/plain, for the browser's "Open a log" replay) and GET
/// /api/games/ID/review (a kept game's review, server/reviews.h). The JSON is the
/// store's own (app::statistics_json, leaderboard_json, game_summary_json), as `wordgames stats
/// --json` prints it. The Arcade routes the paths owns() names here.
///
/// A server started without a store keeps nothing: every route answers 503 "not_kept" saying
/// so, and a page shows that rather than empty statistics.

#include <memory>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "lexicon/lexicon.h"
#include "server/http_server.h"

namespace wg::server {

class Statistics {
 public:
  /// `store` may be null: nothing is kept. `lexicon` is the arcade's, on which a kept game is
  /// reviewed, named `lexicon_source` as the store's jobs name it (a review a worker computed
  /// ahead on it is given as kept: app/review_jobs.h).
  Statistics(std::shared_ptr<app::GameStore> store, std::shared_ptr<const Lexicon> lexicon,
             std::string lexicon_source = "server")
      : store_(std::move(store)),
        lexicon_(std::move(lexicon)),
        lexicon_source_(std::move(lexicon_source)) {}

  /// Whether the path (split at '/', from "api") is one of the routes above.
  static bool owns(const std::vector<std::string_view>& parts);
  /// Answers a request to one of those paths.
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);

 private:
  HttpResponse stats(const HttpRequest& request);
  HttpResponse leaderboard(const HttpRequest& request);
  HttpResponse history(const HttpRequest& request, std::string_view encoded_player);
  /// GET /api/tournaments[?limit=N]: the tournaments kept, the last ended first.
  HttpResponse tournaments(const HttpRequest& request);
  /// GET /api/tournaments/ID: one, with its table and its games' ids.
  HttpResponse tournament(const HttpRequest& request, std::string_view id);
  /// GET /api/games/ID/log: a kept game's JSON Lines log (text/plain), byte for byte.
  HttpResponse game_log(const HttpRequest& request, std::string_view id);
  /// GET /api/games/ID/review[?player=NAME]: a kept game's review (server/reviews.h), as NAME
  /// played it (default: the first seat a person played). Long: the arcade asks it on a worker.
  HttpResponse game_review(const HttpRequest& request, std::string_view id);

  std::shared_ptr<app::GameStore> store_;
  std::shared_ptr<const Lexicon> lexicon_;
  std::string lexicon_source_;
};

}  // namespace wg::server
