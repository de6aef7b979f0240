// The arcade's statistics routes (/api/stats, /api/leaderboard, /api/players/NAME/history)
// through its Handler, on a store in a temporary directory filled directly.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/lexicon_catalog.h"
#include "app/store_factory.h"
#include "server/arcade.h"
#include "server/handler_calls.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;

/// A finished one-player game of `game`, ending at `ended_ms`.
app::FinishedGame game_of(std::string game, std::string player, std::int64_t score, bool won,
                          std::int64_t ended_ms, Json details = nullptr) {
  app::FinishedGame finished;
  finished.game = std::move(game);
  finished.players = {{std::move(player), score, won}};
  finished.result = {{"score", score}};
  finished.details = std::move(details);
  finished.started_ms = ended_ms - 100;
  finished.ended_ms = ended_ms;
  return finished;
}

class StatisticsApi : public ::testing::Test {
 protected:
  StatisticsApi() : store_(app::open_store(dir_.path())) {}

  Arcade& arcade(bool with_store = true) {
    if (!arcade_) {
      ArcadeOptions options;
      if (with_store) options.store = store_;
      arcade_ = std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options);
    }
    return *arcade_;
  }

  /// The answer to `method target` ("/api/stats?player=Ann").
  HttpResponse call(std::string target, std::string method = "GET", bool with_store = true) {
    HttpRequest request = test::handler_request(std::move(method), target);
    const std::size_t question = target.find('?');
    if (question != std::string::npos) {
      request.path = target.substr(0, question);
      request.query = target.substr(question + 1);
    }
    return test::handle(arcade(with_store), std::move(request));
  }

  /// The JSON of a 200 answer.
  Json get(std::string target) {
    const HttpResponse response = call(target);
    EXPECT_EQ(response.status, 200) << target << ": " << response.body;
    return Json::parse(response.body);
  }

  /// The status and error code of a refusal.
  std::pair<int, std::string> refusal(std::string target, std::string method = "GET",
                                      bool with_store = true) {
    const HttpResponse response = call(std::move(target), std::move(method), with_store);
    const Json body = Json::parse(response.body, nullptr, false);
    EXPECT_TRUE(body.is_object() && body.contains("error")) << response.body;
    return {response.status, body.is_object() ? body.value("code", "") : ""};
  }

  void fill() {
    store_->record_finished_game(
        game_of("boggle", "Ann", 12, true, 1000,
                {{"found", 3}, {"words", 30}, {"score", 12}, {"total_score", 60}}));
    store_->record_finished_game(
        game_of("boggle", "Ann", 4, false, 2000,
                {{"found", 1}, {"words", 10}, {"score", 4}, {"total_score", 20}}));
    store_->record_finished_game(game_of("boggle", "Bob Ray", 20, true, 3000));
    store_->record_finished_game(game_of("evil-hangman", "Ann", 1, true, 4000,
                                         {{"length", 5}, {"misses", 3}, {"won", true}}));
  }

  /// Renames a player in the database file behind the store's back, to a name the store
  /// would refuse today (as an older wordgames, which checked less, kept it).
  void rename_behind_the_store(const std::string& from, const std::string& to) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "wordgames.db").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE players SET name = ?1 WHERE name = ?2", -1, &statement,
                                 nullptr),
              SQLITE_OK);
    sqlite3_bind_text(statement, 1, to.data(), static_cast<int>(to.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(statement, 2, from.data(), static_cast<int>(from.size()), SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(statement), SQLITE_DONE);
    EXPECT_EQ(sqlite3_changes(db), 1);
    sqlite3_finalize(statement);
    sqlite3_close(db);
  }

  wg::test::TempDir dir_{"wg-statistics-api"};
  std::shared_ptr<app::GameStore> store_;
  std::unique_ptr<Arcade> arcade_;
};

TEST_F(StatisticsApi, StatsGiveEachGameWithItsOwnFigures) {
  fill();
  const Json stats = get("/api/stats?player=ann");
  EXPECT_EQ(stats["player"], "Ann");  // as first given
  ASSERT_EQ(stats["games"].size(), 2u) << stats;
  const Json& boggle = stats["games"][0];
  EXPECT_EQ(boggle["game"], "boggle");
  EXPECT_EQ(boggle["games"], 2);
  EXPECT_EQ(boggle["wins"], 1);
  EXPECT_EQ(boggle["win_rate"], 0.5);
  EXPECT_EQ(boggle["best_score"], 12);
  EXPECT_EQ(boggle["details"]["found"], 4);
  EXPECT_EQ(boggle["details"]["words"], 40);
  EXPECT_EQ(boggle["details"]["share"], 0.1);
  const Json& evil = stats["games"][1];
  EXPECT_EQ(evil["game"], "evil-hangman");
  EXPECT_EQ(evil["details"]["by_length"][0]["mean_misses"], 3.0);

  const Json one = get("/api/stats?player=Ann&game=evil-hangman");
  ASSERT_EQ(one["games"].size(), 1u);
  EXPECT_EQ(one["games"][0]["game"], "evil-hangman");
  // A game by its id works like its name; a game never played gives none.
  EXPECT_EQ(get("/api/stats?player=Ann&game=hand")["games"], Json::array());
  // A name with a space, escaped either way.
  EXPECT_EQ(get("/api/stats?player=Bob+Ray")["games"][0]["best_score"], 20);
  EXPECT_EQ(get("/api/stats?player=bob%20ray")["player"], "Bob Ray");
}

TEST_F(StatisticsApi, TheLeaderboardRanksPlayersByBestScore) {
  fill();
  const Json boards = get("/api/leaderboard?game=boggle");
  ASSERT_EQ(boards["leaderboards"].size(), 1u);
  EXPECT_EQ(boards["leaderboards"][0]["game"], "boggle");
  const Json& players = boards["leaderboards"][0]["players"];
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0], (Json{{"rank", 1},
                              {"player", "Bob Ray"},
                              {"games", 1},
                              {"wins", 1},
                              {"win_rate", 1.0},
                              {"best_score", 20},
                              {"mean_score", 20.0}}));
  EXPECT_EQ(players[1]["player"], "Ann");
  EXPECT_EQ(players[1]["rank"], 2);
  EXPECT_EQ(get("/api/leaderboard?game=boggle&limit=1")["leaderboards"][0]["players"].size(), 1u);
  // Every game, in the registry's order, those nobody played empty.
  const Json all = get("/api/leaderboard");
  EXPECT_EQ(all["leaderboards"].size(), app::games().size());
  for (const Json& board : all["leaderboards"]) {
    if (board["game"] == "hand") {
      EXPECT_EQ(board["players"], Json::array());
    }
  }
}

TEST_F(StatisticsApi, BotsAreNotPlayersAndHaveTheirOwnBoard) {
  fill();
  // A person's auction against two seats of the bot "value", and a tournament's game of bots.
  app::FinishedGame auction = game_of("auction", "Ann", 10, false, 5000);
  auction.players = {{"Ann", 10, false},
                     {"value (seat 2)", 30, true, "value"},
                     {"value (seat 3)", 5, false, "value"}};
  store_->record_finished_game(auction);
  app::TournamentRecord tournament;
  tournament.game = "auction";
  app::FinishedGame bots = game_of("auction", "random", 7, false, 6000);
  bots.players = {{"random", 7, false, "random"}, {"strong", 9, true, "strong"}};
  store_->record_tournament(tournament, {bots});

  const Json players = get("/api/players")["players"];
  EXPECT_EQ(players, Json::array({"Ann", "Bob Ray"})) << "no bot among the players";

  const Json board = get("/api/leaderboard?game=auction")["leaderboards"][0];
  EXPECT_EQ(board["game"], "auction");
  ASSERT_EQ(board["players"].size(), 1u) << board;
  EXPECT_EQ(board["players"][0]["player"], "Ann");
  ASSERT_EQ(board["bots"].size(), 3u) << board;
  EXPECT_EQ(board["bots"][0], (Json{{"rank", 1},
                                    {"games", 2},
                                    {"wins", 1},
                                    {"win_rate", 0.5},
                                    {"best_score", 30},
                                    {"mean_score", 17.5},
                                    {"bot", "value"}}))
      << "one line for the bot's two seats";
  EXPECT_EQ(board["bots"][1]["bot"], "strong");
  EXPECT_EQ(board["bots"][2]["bot"], "random");
  EXPECT_EQ(board["score_meaning"], "");
  // The games that score a win say what the score is.
  const Json evil = get("/api/leaderboard?game=evil-hangman")["leaderboards"][0];
  EXPECT_EQ(evil["score_meaning"], std::string(app::kWinScore));
  EXPECT_EQ(evil["bots"], Json::array());
  EXPECT_EQ(get("/api/stats?player=Ann&game=evil-hangman")["games"][0]["score_meaning"],
            std::string(app::kWinScore));
  // A game's players say which seats were bots.
  const Json history = get("/api/players/Ann/history?game=auction");
  EXPECT_EQ(history["games"][0]["players"][1]["bot"], "value");
  EXPECT_FALSE(history["games"][0]["players"][0].contains("bot"));
}

TEST_F(StatisticsApi, TheHistoryComesNewestFirstAPageAtATime) {
  fill();
  Json page = get("/api/players/Ann/history?limit=2");
  EXPECT_EQ(page["player"], "Ann");
  ASSERT_EQ(page["games"].size(), 2u);
  EXPECT_EQ(page["games"][0]["game"], "evil-hangman");
  EXPECT_EQ(page["games"][0]["ended_ms"], 4000);
  EXPECT_EQ(page["games"][1]["ended_ms"], 2000);
  EXPECT_EQ(page["games"][1]["score"], 4);
  EXPECT_EQ(page["games"][1]["won"], false);
  EXPECT_EQ(page["next_offset"], 2);
  page = get("/api/players/Ann/history?limit=2&offset=2");
  ASSERT_EQ(page["games"].size(), 1u);
  EXPECT_EQ(page["games"][0]["ended_ms"], 1000);
  EXPECT_TRUE(page["next_offset"].is_null());
  page = get("/api/players/ann/history?game=boggle");
  EXPECT_EQ(page["games"].size(), 2u);
  EXPECT_EQ(page["limit"], 20);
  EXPECT_EQ(get("/api/players/Bob%20Ray/history")["games"].size(), 1u);
}

TEST_F(StatisticsApi, BadRequestsGetAClearErrorAndChangeNothing) {
  fill();
  EXPECT_EQ(refusal("/api/stats"), (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/stats?player=Zed"), (std::pair<int, std::string>{404, "unknown_player"}));
  EXPECT_EQ(refusal("/api/stats?player=%20Ann"), (std::pair<int, std::string>{400, "bad_player"}));
  EXPECT_EQ(refusal("/api/stats?player=%zz"), (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/stats?player=Ann%"), (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/stats?player=Ann&game=chess"),
            (std::pair<int, std::string>{400, "unknown_game"}));
  EXPECT_EQ(refusal("/api/stats?player=Ann&colour=red"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/leaderboard?limit=0"), (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/leaderboard?limit=101"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/leaderboard?limit=ten"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/players/Zed/history"),
            (std::pair<int, std::string>{404, "unknown_player"}));
  EXPECT_EQ(refusal("/api/players/Ann/history?offset=-1"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/players/Ann%2/history"),
            (std::pair<int, std::string>{400, "bad_request"}));
  const HttpResponse post = call("/api/stats?player=Ann", "POST");
  EXPECT_EQ(post.status, 405);
  EXPECT_NE(std::find(post.headers.begin(), post.headers.end(),
                      std::pair<std::string, std::string>{"Allow", "GET"}),
            post.headers.end());
  EXPECT_EQ(refusal("/api/players/Ann/history", "DELETE").first, 405);
  // Nothing was lost.
  EXPECT_EQ(get("/api/stats?player=Ann")["games"][0]["games"], 2);
}

TEST_F(StatisticsApi, ANameStoredThatIsNotTextBreaksNoList) {
  // Issue 31: `--player $'bad\xffname'` in the terminal, and from then on every visitor's
  // /api/players and /api/leaderboard answered 500. Such a name is listed with U+FFFD for each
  // byte that is not UTF-8.
  fill();
  rename_behind_the_store("Bob Ray", "bad\xffname");
  const std::string shown = "bad\xef\xbf\xbdname";
  EXPECT_EQ(get("/api/players")["players"], (Json{"Ann", shown}));
  const Json boards = get("/api/leaderboard?game=boggle");
  const Json& board = boards["leaderboards"][0]["players"];
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0]["player"], shown);
  EXPECT_EQ(get("/api/leaderboard")["leaderboards"].size(), app::games().size());
  // Its own pages cannot be asked for by a name that is not UTF-8: a clear refusal.
  EXPECT_EQ(refusal("/api/stats?player=bad%FFname"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/players/bad%FFname/history"),
            (std::pair<int, std::string>{400, "bad_player"}));
  EXPECT_EQ(get("/api/stats?player=Ann")["player"], "Ann") << "the others are served as before";
}

TEST_F(StatisticsApi, APercentEscapedNameOrQueryThatIsNotUtf8IsABadRequest) {
  // Issue 31: invalid UTF-8 in a percent-escaped name answered 500 "internal".
  fill();
  for (const char* target :
       {"/api/players/%FF/history", "/api/players/Ann%C3/history", "/api/players/%C0%AF/history"}) {
    EXPECT_EQ(refusal(target), (std::pair<int, std::string>{400, "bad_player"})) << target;
  }
  for (const char* target :
       {"/api/stats?player=%FF", "/api/stats?player=Ann&game=%FF", "/api/leaderboard?game=%FE%FF",
        "/api/leaderboard?%FF=1", "/api/players/Ann/history?game=b%FFggle"}) {
    EXPECT_EQ(refusal(target), (std::pair<int, std::string>{400, "bad_request"})) << target;
  }
  EXPECT_EQ(refusal("/api/stats?player=a%C2%9Bb"), (std::pair<int, std::string>{400, "bad_player"}))
      << "a C1 control is no part of a name";
}

TEST_F(StatisticsApi, AServerWithoutAStoreSaysItKeepsNothing) {
  for (const char* target :
       {"/api/stats?player=Ann", "/api/leaderboard", "/api/players/Ann/history"}) {
    const HttpResponse response = call(target, "GET", /*with_store=*/false);
    EXPECT_EQ(response.status, 503) << target;
    const Json body = Json::parse(response.body);
    EXPECT_EQ(body["code"], "not_kept");
    EXPECT_NE(body["error"].get<std::string>().find("keeps nothing"), std::string::npos);
  }
}

TEST_F(StatisticsApi, KeptTournamentsAreListedAndShownWithTheirTablesAndGames) {
  EXPECT_EQ(get("/api/tournaments")["tournaments"], Json::array());
  app::TournamentRecord tournament;
  tournament.game = "auction";
  tournament.config = {{"lineup", {"value", "random"}}, {"games", 2}};
  tournament.table = Json::array({Json{{"name", "value"}}, Json{{"name", "random"}}});
  tournament.started_ms = 100;
  tournament.ended_ms = 200;
  app::FinishedGame game = game_of("auction", "value", 30, true, 150);
  game.players.push_back({"random", 10, false});
  game.log = "{\"log\": \"wordgames-auction\"}\n{\"event\": \"game_ended\"}\n";
  const std::int64_t id = store_->record_tournament(tournament, {game, game});

  const Json list = get("/api/tournaments?limit=5")["tournaments"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["id"], id);
  EXPECT_EQ(list[0]["status"], "finished");
  EXPECT_EQ(list[0]["table"], tournament.table);
  EXPECT_FALSE(list[0].contains("game_ids"));
  const Json one = get("/api/tournaments/" + std::to_string(id));
  ASSERT_EQ(one["game_ids"].size(), 2u);
  EXPECT_EQ(one["config"], tournament.config);

  // A game's log, byte for byte, as text for the browser's replay.
  const HttpResponse log =
      call("/api/games/" + std::to_string(one["game_ids"][1].get<std::int64_t>()) + "/log");
  EXPECT_EQ(log.status, 200);
  EXPECT_EQ(log.body, *game.log);
  EXPECT_EQ(log.content_type.rfind("text/plain", 0), 0u) << log.content_type;

  const std::int64_t plain = store_->record_finished_game(game_of("boggle", "Ann", 1, true, 300));
  EXPECT_EQ(refusal("/api/games/" + std::to_string(plain) + "/log"),
            (std::pair<int, std::string>{404, "no_log"}));
  EXPECT_EQ(refusal("/api/games/999/log"), (std::pair<int, std::string>{404, "no_log"}));
  EXPECT_EQ(refusal("/api/games/x1/log"), (std::pair<int, std::string>{404, "no_log"}));
  EXPECT_EQ(refusal("/api/tournaments/999"),
            (std::pair<int, std::string>{404, "unknown_tournament"}));
  EXPECT_EQ(refusal("/api/tournaments/-1"),
            (std::pair<int, std::string>{404, "unknown_tournament"}));
  EXPECT_EQ(refusal("/api/tournaments?limit=0"), (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/tournaments?color=red"),
            (std::pair<int, std::string>{400, "bad_request"}));
  EXPECT_EQ(refusal("/api/tournaments", "POST"),
            (std::pair<int, std::string>{405, "method_not_allowed"}));
}

TEST_F(StatisticsApi, TournamentsAndLogsWithoutAStoreSaySoRatherThanNothing) {
  EXPECT_EQ(refusal("/api/tournaments", "GET", false),
            (std::pair<int, std::string>{503, "not_kept"}));
}

}  // namespace
}  // namespace wg::server
