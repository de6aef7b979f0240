#include "app/game_store.h"

#include "app/registry.h"
#include "core/text.h"

namespace wg::app {

bool valid_player_name(std::string_view name) { return wg::valid_player_name(name); }

std::vector<StatisticsLine> statistics_lines(const GameStatistics& statistics) {
  const GameEntry* entry = find_game(statistics.totals.game);
  if (entry == nullptr || !entry->statistics.lines) return {};
  return entry->statistics.lines(statistics.details);
}

std::string_view score_meaning(std::string_view game) {
  const GameEntry* entry = find_game(game);
  return entry == nullptr ? std::string_view() : entry->statistics.score;
}

Json statistics_json(const GameStatistics& statistics) {
  const PlayerStatistics& s = statistics.totals;
  return {{"game", s.game},
          {"score_meaning", score_meaning(s.game)},
          {"games", s.games},
          {"wins", s.wins},
          {"win_rate", s.win_rate},
          {"current_streak", s.current_streak},
          {"best_streak", s.best_streak},
          {"best_score", s.best_score},
          {"mean_score", s.mean_score},
          {"details", statistics.details},
          {"lines", statistics_lines_json(statistics_lines(statistics))}};
}

Json leaderboard_json(const std::vector<LeaderboardEntry>& board) {
  Json players = Json::array();
  std::int64_t rank = 0;
  for (const LeaderboardEntry& e : board) {
    players.push_back({{"rank", ++rank},
                       {"player", e.player},
                       {"games", e.games},
                       {"wins", e.wins},
                       {"win_rate", e.win_rate},
                       {"best_score", e.best_score},
                       {"mean_score", e.mean_score}});
  }
  return players;
}

Json leaderboards_json(std::string_view game, const std::vector<LeaderboardEntry>& players,
                       const std::vector<LeaderboardEntry>& bots) {
  Json bot_lines = leaderboard_json(bots);
  for (Json& line : bot_lines) {
    line["bot"] = std::move(line["player"]);
    line.erase("player");
  }
  return {{"game", game},
          {"score_meaning", score_meaning(game)},
          {"players", leaderboard_json(players)},
          {"bots", std::move(bot_lines)}};
}

Json game_summary_json(const GameSummary& game, std::string_view player) {
  const std::string wanted = lower_ascii(player);
  const GamePlayer* part = nullptr;
  Json players = Json::array();
  for (const GamePlayer& p : game.players) {
    if (part == nullptr && lower_ascii(p.name) == wanted) part = &p;
    Json line = {{"name", p.name}, {"score", p.score}, {"won", p.won}};
    if (!p.bot.empty()) line["bot"] = p.bot;
    players.push_back(std::move(line));
  }
  return {{"id", game.id},
          {"game", game.game},
          {"started_ms", game.started_ms},
          {"ended_ms", game.ended_ms},
          {"score", part != nullptr ? part->score : 0},
          {"won", part != nullptr && part->won},
          {"players", std::move(players)},
          {"config", game.config},
          {"result", game.result},
          {"practice", game.practice}};
}

}  // namespace wg::app
