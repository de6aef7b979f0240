// The arcade's players and store (server/players.h, Arcade with ArcadeOptions::store): every
// game kind recorded when it finishes, unfinished games saved as they go and resumed after a
// "restart" (a second Arcade on the same database file), and the refusals.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/game_store.h"
#include "app/lexicon_catalog.h"
#include "app/registry.h"
#include "core/text.h"
#include "server/arcade.h"
#include "server/handler_calls.h"
#include "server/responses.h"
#include "server/stored_arcade.h"
#include "server/test_time.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;
using namespace std::chrono_literals;

class PlayersTest : public test::StoredArcadeTest {
 protected:
  PlayersTest() : StoredArcadeTest("wg-arcade-store") {}

  /// The secrets this "browser" was given, by lower-case name.
  std::map<std::string, std::string> secrets_;

  /// The player a request acts as: its body's "player", or the NAME of /api/players/NAME/...
  static std::string player_of(const std::string& path, const Json& body) {
    if (body.is_object() && body.contains("player") && body["player"].is_string()) {
      return body["player"].get<std::string>();
    }
    const std::string prefix = "/api/players/";
    if (!path.starts_with(prefix)) return "";
    const std::size_t end = path.find('/', prefix.size());
    if (end == std::string::npos) return "";
    return percent_decoded(std::string_view(path).substr(prefix.size(), end - prefix.size()),
                           /*plus_is_space=*/false)
        .value_or("");
  }

  /// A request as this browser sends it: with the secret of the player it names, signing the
  /// player its body names in first (POST /api/players) when it is new to this browser.
  HttpResponse request(std::string method, std::string path, const Json& body = nullptr) {
    const std::string player = player_of(path, body);
    const bool names_in_body = body.is_object() && body.contains("player");
    if (names_in_body && valid_player_name(player) && !secrets_.contains(lower_ascii(player))) {
      sign_in(player);
    }
    HttpRequest sent =
        test::handler_request(std::move(method), path, body.is_null() ? "" : body.dump());
    if (const auto found = secrets_.find(lower_ascii(player)); found != secrets_.end()) {
      sent.player_secret = found->second;
    }
    const HttpResponse response = test::handle(*arcade_, std::move(sent));
    if (path == "/api/players" && (response.status == 200 || response.status == 201)) {
      const Json answer = Json::parse(response.body);
      if (answer.contains("secret")) {
        secrets_[lower_ascii(answer["name"].get<std::string>())] = answer["secret"];
      }
    }
    return response;
  }
  /// Signs `name` in as this browser (created if new); a name someone else holds stays theirs.
  void sign_in(const std::string& name) { request("POST", "/api/players", {{"name", name}}); }
  Json reply(const HttpResponse& response) { return Json::parse(response.body); }
  Json post(const std::string& path, const Json& body, int expected) {
    const HttpResponse response = request("POST", path, body);
    EXPECT_EQ(response.status, expected) << path << ' ' << response.body;
    return reply(response);
  }
  Json create(const Json& body) { return post("/api/sessions", body, 201); }
  Json command(const std::string& id, const Json& command) {
    return post("/api/sessions/" + id + "/commands", command, 200);
  }
  Json get(const std::string& path, int expected = 200) {
    const HttpResponse response = request("GET", path);
    EXPECT_EQ(response.status, expected) << path << ' ' << response.body;
    return reply(response);
  }
  /// The refusal's code, checking its status.
  std::string refusal(const HttpResponse& response, int status) {
    EXPECT_EQ(response.status, status) << response.body;
    return reply(response).value("code", "");
  }
};

TEST_F(PlayersTest, ListsAndAddsPlayersByName) {
  EXPECT_EQ(get("/api/players"), (Json{{"store", true}, {"players", Json::array()}}));
  const Json made = post("/api/players", {{"name", "Ann Lee"}}, 201);
  EXPECT_EQ(made["name"], "Ann Lee");
  EXPECT_EQ(made["secret"].get<std::string>().size(), 32u) << "128 random bits";
  HttpRequest again = test::handler_request("POST", "/api/players", R"({"name": "ANN LEE"})");
  again.player_secret = made["secret"];
  const HttpResponse signed_in = test::handle(*arcade_, again);
  EXPECT_EQ(signed_in.status, 200);
  EXPECT_EQ(reply(signed_in), (Json{{"name", "Ann Lee"}}))
      << "names are matched without regard to case; a player's secret is given once";
  post("/api/players", {{"name", "Bob"}}, 201);
  EXPECT_EQ(get("/api/players")["players"], (Json{"Ann Lee", "Bob"}));
  EXPECT_EQ(get("/api/players/Ann%20Lee/unfinished"),
            (Json{{"player", "Ann Lee"}, {"unfinished", Json::array()}}));
}

TEST_F(PlayersTest, NoOneTakesOverANamedPlayersGameWithoutTheirSecret) {
  // Issue 31: the players' list gave the names, a name's unfinished games gave their ids, and a
  // resume with the name gave the victim's live session.
  const Json game = create({{"game", "hand"}, {"seed", 7}, {"player", "Ann"}});
  command(game["id"], {{"command", "discard"}});
  const std::int64_t unfinished = get("/api/players/Ann/unfinished")["unfinished"][0]["id"];
  const std::string secret = secrets_["ann"];

  // Mallory, another browser: no secret, or a wrong one.
  for (const std::string& guess : {std::string(), std::string("0123456789abcdef0123456789abcdef"),
                                   secret.substr(0, 31), secret + "0"}) {
    const auto as_mallory = [&](std::string method, std::string path, const Json& body) {
      HttpRequest sent = test::handler_request(std::move(method), std::move(path),
                                               body.is_null() ? "" : body.dump());
      sent.player_secret = guess;
      return test::handle(*arcade_, std::move(sent));
    };
    EXPECT_EQ(refusal(as_mallory("GET", "/api/players/Ann/unfinished", nullptr), 403),
              "wrong_secret");
    EXPECT_EQ(refusal(as_mallory("POST", "/api/sessions/resume",
                                 {{"unfinished", unfinished}, {"player", "Ann"}}),
                      403),
              "wrong_secret");
    EXPECT_EQ(
        refusal(as_mallory("POST", "/api/sessions", {{"game", "hand"}, {"player", "ann"}}), 403),
        "wrong_secret")
        << "nor may anyone play under her name";
    EXPECT_EQ(refusal(as_mallory("POST", "/api/players", {{"name", "ANN"}}), 403), "wrong_secret")
        << "nor take the name over";
  }
  // Ann, with her secret, on this browser or another she carried it to.
  EXPECT_EQ(
      post("/api/sessions/resume", {{"unfinished", unfinished}, {"player", "Ann"}}, 200)["id"],
      game["id"]);
}

TEST_F(PlayersTest, ANameTheTerminalMadeIsClaimedByTheFirstBrowserToAsk) {
  store_->set_last_player("Term");  // the terminal's player: no secret
  const Json claimed = post("/api/players", {{"name", "term"}}, 200);
  EXPECT_EQ(claimed["name"], "Term");
  EXPECT_TRUE(claimed.contains("secret"));
  secrets_.clear();  // another browser now
  EXPECT_EQ(refusal(request("POST", "/api/players", {{"name", "Term"}}), 403), "wrong_secret");
}

TEST_F(PlayersTest, APlayerIsToldEveryTimeThatTheGameIsNotKept) {
  // Issue 31: with the disk full, 2,997 of 3,000 games answered "finished" and were not kept,
  // with one line on the server's stderr for its whole life.
  const Json game = create({{"game", "hand"}, {"seed", 7}, {"player", "Ann"}});
  EXPECT_FALSE(game.contains("not_kept")) << "kept";
  // The store fails under the arcade (another program broke the file: its writes now fail).
  const auto raw = [&](const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "wordgames.db").c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  };
  raw("ALTER TABLE unfinished_games RENAME TO elsewhere");
  for (int i = 0; i < 2; ++i) {
    const Json answer = command(game["id"], {{"command", "discard"}});
    ASSERT_TRUE(answer.contains("not_kept")) << "every time: " << answer.dump();
    EXPECT_TRUE(answer["not_kept"].get<std::string>().starts_with("This game was not saved: "))
        << answer["not_kept"];
    EXPECT_TRUE(get("/api/sessions/" + game["id"].get<std::string>()).contains("not_kept"));
    EXPECT_FALSE(get("/api/watch/" + game["watch"].get<std::string>()).contains("not_kept"))
        << "a spectator's game is not theirs";
  }
  // The store is back: the next command is kept, and said no more.
  raw("ALTER TABLE elsewhere RENAME TO unfinished_games");
  EXPECT_FALSE(command(game["id"], {{"command", "discard"}}).contains("not_kept"));
}

TEST_F(PlayersTest, RefusesNamesThatAreNotPlayerNames) {
  for (const Json& bad : {Json(""), Json(" Ann"), Json("Ann "), Json(std::string(41, 'a')),
                          Json("A\tB"), Json("A\x7f"),
                          Json("C1 \xc2\x9b"
                               "2J"),
                          Json("\xc2\x85"), Json(5), Json(nullptr)}) {
    const HttpResponse response = request("POST", "/api/players", {{"name", bad}});
    EXPECT_EQ(refusal(response, 400), "bad_player") << bad.dump();
    EXPECT_EQ(reply(response)["field"], "name");
  }
  for (const Json& bad : {Json(""), Json(" Ann"), Json(7)}) {
    const HttpResponse created =
        request("POST", "/api/sessions", {{"game", "hand"}, {"player", bad}});
    EXPECT_EQ(refusal(created, 400), "bad_player") << bad.dump();
    EXPECT_EQ(reply(created)["field"], "player");
    EXPECT_EQ(refusal(request("POST", "/api/rooms", {{"name", "Ann"}, {"player", bad}}), 400),
              "bad_player");
  }
  EXPECT_EQ(refusal(request("GET", "/api/players/%20Ann/unfinished"), 400), "bad_player");
  EXPECT_EQ(refusal(request("GET", "/api/players/Ann%2/unfinished"), 400), "bad_player");
  EXPECT_EQ(refusal(request("GET", "/api/players/Nobody/unfinished"), 404), "unknown_player");
  // Issue 31: a percent-escaped name that is not UTF-8 answered 500.
  for (const char* path : {"/api/players/bad%FFname/unfinished", "/api/players/%C3/unfinished",
                           "/api/players/%ED%A0%80/unfinished", "/api/players/%C2%9B/unfinished"}) {
    const HttpResponse response = request("GET", path);
    EXPECT_EQ(refusal(response, 400), "bad_player") << path;
    EXPECT_EQ(reply(response)["field"], "player") << path;
  }
  EXPECT_EQ(refusal(request("DELETE", "/api/players"), 405), "method_not_allowed");
  EXPECT_EQ(get("/api/players")["players"], Json::array()) << "nothing was created";
}

TEST_F(PlayersTest, AWordGameIsSavedAsItGoesAndRecordedWhenItFinishes) {
  const Json created = create({{"game", "hand"}, {"seed", 3}, {"player", "Ann"}});
  const std::string id = created["id"];
  EXPECT_EQ(get("/api/players")["players"], (Json{"Ann"})) << "a new player is created";
  EXPECT_TRUE(store_->unfinished_games("Ann").empty()) << "nothing played yet";
  time_.advance(5s);
  command(id, {{"command", "decline_substitution"}});
  const std::vector<app::UnfinishedGame> saved = store_->unfinished_games("Ann");
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].saved["game"], "hand");
  EXPECT_EQ(saved[0].saved["seed"], 3);
  EXPECT_EQ(saved[0].started_ms, test::TestTime::kStartMs);
  EXPECT_EQ(saved[0].updated_ms, test::TestTime::kStartMs + 5000);
  const Json listed = get("/api/players/ann/unfinished")["unfinished"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["id"], saved[0].id);
  EXPECT_EQ(listed[0]["game"], "hand");
  EXPECT_EQ(listed[0]["moves"], saved[0].saved["commands"].size());
  EXPECT_EQ(listed[0]["saved_ms"], test::TestTime::kStartMs + 5000);
  EXPECT_TRUE(listed[0]["config"].is_object());

  time_.advance(10s);
  const Json ended = command(id, {{"command", "give_up"}});
  ASSERT_TRUE(ended["finished"]);
  EXPECT_TRUE(store_->unfinished_games("Ann").empty()) << "finished: no longer unfinished";
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "hand");
  ASSERT_EQ(games[0].players.size(), 1u);
  EXPECT_EQ(games[0].players[0].name, "Ann");
  EXPECT_FALSE(games[0].players[0].won) << "given up";
  EXPECT_EQ(games[0].started_ms, test::TestTime::kStartMs);
  EXPECT_EQ(games[0].ended_ms, test::TestTime::kStartMs + 15000);
  const app::FinishedGame whole = store_->finished_game(games[0].id);
  EXPECT_EQ(whole.seed, 3u);
  EXPECT_EQ(whole.commands, get("/api/sessions/" + id + "/saved")["commands"]);
}

TEST_F(PlayersTest, EvilHangmanIsRecordedForEachGameOfItsSession) {
  const std::string id = create({{"game", "evil-hangman"}, {"seed", 1}, {"player", "Ann"}})["id"];
  command(id, {{"command", "new_game"}, {"length", 5}, {"guesses", 3}});
  command(id, {{"command", "give_up"}});
  command(id, {{"command", "new_game"}, {"length", 4}, {"guesses", 3}});
  EXPECT_EQ(store_->unfinished_games("Ann").size(), 1u) << "the second game is in play";
  command(id, {{"command", "give_up"}});
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game, "evil-hangman");
  EXPECT_EQ(games[0].result["event"], "finished");
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
}

TEST_F(PlayersTest, PositionHangmanRecordsPlayedGamesOnly) {
  const std::string id = create({{"game", "hangman"}, {"seed", 2}, {"player", "Ann"}})["id"];
  command(id, {{"command", "give_up"}});  // before any guess: not a game
  EXPECT_TRUE(store_->finished_games("Ann").empty());
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
  command(id, {{"command", "new_game"}});
  const Json guessed = command(id, {{"command", "guess"}, {"position", 0}, {"letter", "e"}});
  ASSERT_FALSE(guessed["finished"]) << guessed.dump();
  EXPECT_EQ(store_->unfinished_games("Ann").size(), 1u);
  command(id, {{"command", "give_up"}});
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "hangman");
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
}

TEST_F(PlayersTest, ABoggleRoundIsRecordedButNeverSavedUnfinished) {
  const std::string id = create({{"game", "boggle"}, {"seed", 4}, {"player", "Ann"}})["id"];
  command(id, {{"command", "submit"}, {"word", "qqq"}});
  EXPECT_TRUE(store_->unfinished_games("Ann").empty()) << "a round on a clock is not resumed";
  time_.advance(180s);  // the round's clock runs out: the arcade's timer ends it
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "boggle");
  EXPECT_EQ(games[0].ended_ms, test::TestTime::kStartMs + 180'000);
}

TEST_F(PlayersTest, AnAuctionRecordsThePersonAsThePlayerAndTheBotsByName) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "You"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const Json created = create({{"game", "auction"},
                               {"seed", 2},
                               {"config", config},
                               {"answer_seconds", 5},
                               {"player", "Ann"}});
  command(created["id"], {{"command", "run_to_end"}});
  for (int i = 0; i < 100 && !get("/api/sessions/" + created["id"].get<std::string>())["finished"];
       ++i) {
    time_.advance(5s);  // every answer not given in time is the empty one
  }
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "auction");
  ASSERT_EQ(games[0].players.size(), 2u);
  EXPECT_EQ(games[0].players[0].name, "Ann");
  EXPECT_EQ(games[0].players[1].name, "value");
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());

  // Its log is kept with it, and the browser's "Open a log" replays it.
  const HttpResponse log = request("GET", "/api/games/" + std::to_string(games[0].id) + "/log");
  ASSERT_EQ(log.status, 200) << log.body;
  EXPECT_EQ(log.body, store_->game_log(games[0].id).value_or(""));
  EXPECT_EQ(log.body.rfind("{", 0), 0u) << log.body;
  post("/api/auction/replays", {{"log", log.body}, {"name", "kept.jsonl"}}, 201);
}

TEST_F(PlayersTest, AnAuctionOfBotsOnlyIsNobodysGame) {
  const Json created = create({{"game", "auction"}, {"seed", 2}, {"player", "Ann"}});
  EXPECT_EQ(created["seat"], nullptr);
  command(created["id"], {{"command", "run_to_end"}});
  EXPECT_TRUE(get("/api/sessions/" + created["id"].get<std::string>())["finished"]);
  EXPECT_TRUE(store_->finished_games("Ann").empty());
  EXPECT_TRUE(store_->finished_games("value").empty());
}

TEST_F(PlayersTest, EachPlayerOfARoomHasTheirRoundRecorded) {
  const Json room = post("/api/rooms", {{"name", "Ann"}, {"player", "Ann"}}, 201);
  const std::string code = room["room"];
  const Json joined = post("/api/rooms/" + code + "/players", {{"player", "Bob"}}, 201);
  EXPECT_EQ(joined["view"]["players"][1]["name"], "Bob")
      << "the player's name when no other is given";
  post("/api/rooms/" + code + "/players", {{"name", "Guest"}}, 201);  // anonymous
  const Json started = post("/api/rooms/" + code + "/start", {{"player", room["player"]}}, 200);
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
  time_.advance(180s);
  for (const std::string name : {"Ann", "Bob"}) {
    const std::vector<app::GameSummary> games = store_->finished_games(name);
    ASSERT_EQ(games.size(), 1u) << name;
    EXPECT_EQ(games[0].game, "boggle");
    EXPECT_EQ(games[0].players[0].name, name);
    // A Word Search game of its own, seeded as the room: it replays alone.
    const app::FinishedGame game = store_->finished_game(games[0].id);
    const auto solo = app::restore({{"game", game.game},
                                    {"config", game.config},
                                    {"seed", game.seed},
                                    {"commands", game.commands}},
                                   app::built_in_lexicon().lexicon);
    EXPECT_TRUE(solo->finished()) << name;
    EXPECT_EQ(solo->view(0)["board"], started["view"]["your_round"]["board"]) << name;
  }
  EXPECT_FALSE(store_->find_player("Guest").has_value());
  EXPECT_TRUE(store_->unfinished_games("Ann").empty()) << "a room's round is not resumed";
}

TEST_F(PlayersTest, AnUnfinishedGameResumesWhereItWasAfterARestart) {
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  time_.advance(2s);
  const Json before = command(id, {{"command", "decline_substitution"}});
  ASSERT_FALSE(before["finished"]);
  ASSERT_EQ(get("/api/sessions/" + id + "/saved")["commands"].size(), 1u) << before.dump();
  restart();
  EXPECT_EQ(refusal(request("GET", "/api/sessions/" + id), 403), "not_your_game")
      << "the old session comes back for Ann alone (SessionRevivalTest)";
  const Json listed = get("/api/players/Ann/unfinished")["unfinished"];
  ASSERT_EQ(listed.size(), 1u);
  const Json resumed =
      post("/api/sessions/resume", {{"unfinished", listed[0]["id"]}, {"player", "ann"}}, 201);
  EXPECT_EQ(resumed["view"], before["view"]);
  EXPECT_EQ(resumed["game"], "hand");
  const std::string again = resumed["id"];
  EXPECT_NE(again, id);
  // Resumed twice (another tab): the session already open, not a second one saving over it.
  EXPECT_EQ(
      post("/api/sessions/resume", {{"unfinished", listed[0]["id"]}, {"player", "Ann"}}, 200)["id"],
      again);
  time_.advance(3s);
  command(again, {{"command", "play"}, {"word", "zzzz"}});
  ASSERT_EQ(store_->unfinished_games("Ann").size(), 1u) << "the same unfinished game, updated";
  EXPECT_EQ(store_->unfinished_games("Ann")[0].id, listed[0]["id"]);
  command(again, {{"command", "give_up"}});
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].started_ms, test::TestTime::kStartMs) << "when it first began";
  EXPECT_EQ(store_->finished_game(games[0].id).commands,
            (Json{{{"command", "decline_substitution"}},
                  {{"command", "play"}, {"word", "zzzz"}},
                  {{"command", "give_up"}}}))
      << "the commands before the restart and after";
}

TEST_F(PlayersTest, AnAuctionWithAPersonResumesAtThePersonsSeatAfterARestart) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "You"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const Json created =
      create({{"game", "auction"}, {"seed", 2}, {"config", config}, {"player", "Ann"}});
  const Json before = command(created["id"], {{"command", "run_to_end"}});
  ASSERT_FALSE(before["finished"]) << "the person's answer is awaited";
  restart();
  const std::vector<app::UnfinishedGame> saved = store_->unfinished_games("Ann");
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].saved["game"], "auction");
  const Json resumed =
      post("/api/sessions/resume", {{"unfinished", saved[0].id}, {"player", "Ann"}}, 201);
  EXPECT_EQ(resumed["seat"], 0);
  EXPECT_EQ(resumed["view"], before["view"]);
}

TEST_F(PlayersTest, RefusesToResumeWhatIsNotThePlayersToResume) {
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  command(id, {{"command", "play"}, {"word", "qqqq"}});
  const std::int64_t unfinished = store_->unfinished_games("Ann").at(0).id;
  EXPECT_EQ(refusal(request("POST", "/api/sessions/resume",
                            {{"unfinished", unfinished}, {"player", "Bob"}}),
                    403),
            "not_your_game");
  EXPECT_EQ(refusal(request("POST", "/api/sessions/resume",
                            {{"unfinished", unfinished + 100}, {"player", "Ann"}}),
                    404),
            "unknown_unfinished");
  EXPECT_EQ(refusal(request("POST", "/api/sessions/resume", {{"unfinished", unfinished}}), 400),
            "bad_player");
  EXPECT_EQ(
      refusal(request("POST", "/api/sessions/resume", {{"unfinished", "1"}, {"player", "Ann"}}),
              400),
      "bad_request");
  EXPECT_EQ(refusal(request("POST", "/api/sessions/resume",
                            {{"unfinished", unfinished}, {"player", "Ann"}, {"x", 1}}),
                    400),
            "bad_request");
  EXPECT_EQ(refusal(request("GET", "/api/sessions/resume"), 405), "method_not_allowed");
}

TEST_F(PlayersTest, AnUnfinishedGameGoneFromTheStoreIsSavedAnew) {
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  command(id, {{"command", "decline_substitution"}});
  const std::int64_t first = store_->unfinished_games("Ann").at(0).id;
  ASSERT_TRUE(store_->delete_unfinished(first));  // finished by the terminal, say
  command(id, {{"command", "play"}, {"word", "zzzz"}});
  const std::vector<app::UnfinishedGame> saved = store_->unfinished_games("Ann");
  ASSERT_EQ(saved.size(), 1u) << "saved again, once";
  EXPECT_EQ(saved[0].saved["commands"].size(), 2u);
}

TEST_F(PlayersTest, ARestoredSavedGameIsKeptForItsPlayer) {
  const std::string id = create({{"game", "hand"}, {"seed", 8}})["id"];
  command(id, {{"command", "decline_substitution"}});
  const Json saved = get("/api/sessions/" + id + "/saved");
  const std::string restored = create({{"saved", saved}, {"player", "Ann"}})["id"];
  command(restored, {{"command", "give_up"}});
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(store_->finished_game(games[0].id).commands.size(), 2u);
}

TEST_F(PlayersTest, WithoutAStoreNothingIsKeptAndPlayGoesOn) {
  arcade_ = make(nullptr);
  EXPECT_EQ(get("/api/players"), (Json{{"store", false}, {"players", Json::array()}}));
  EXPECT_EQ(refusal(request("POST", "/api/players", {{"name", "Ann"}}), 503), "no_store");
  EXPECT_EQ(refusal(request("GET", "/api/players/Ann/unfinished"), 503), "no_store");
  EXPECT_EQ(
      refusal(request("POST", "/api/sessions/resume", {{"unfinished", 1}, {"player", "Ann"}}), 503),
      "no_store");
  const std::string id = create({{"game", "hand"}, {"player", "Ann"}})["id"];
  EXPECT_TRUE(command(id, {{"command", "give_up"}})["finished"]);
  EXPECT_FALSE(store_->find_player("Ann").has_value());
}

TEST_F(PlayersTest, AGameOnAChosenSeedIsRecordedAsPracticeAndLeftOffTheLeaderboards) {
  const std::string practice = create({{"game", "hand"}, {"seed", 3}, {"player", "Ann"}})["id"];
  command(practice, {{"command", "give_up"}});
  const std::string counted = create({{"game", "hand"}, {"player", "Bob"}})["id"];
  command(counted, {{"command", "give_up"}});
  const std::vector<app::GameSummary> anns = store_->finished_games("Ann");
  ASSERT_EQ(anns.size(), 1u) << "a practice game is kept";
  EXPECT_TRUE(anns[0].practice);
  EXPECT_FALSE(store_->finished_games("Bob").at(0).practice) << "the server drew Bob's seed";
  const Json history = get("/api/players/Ann/history");
  ASSERT_EQ(history["games"].size(), 1u);
  EXPECT_EQ(history["games"][0]["practice"], true);
  const std::vector<app::LeaderboardEntry> board = store_->leaderboard("hand");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Bob");
  EXPECT_EQ(store_->statistics("Ann", "hand").games, 0) << "nor in the statistics";
}

TEST_F(PlayersTest, AnUnfinishedGameKeepsItsSeedHiddenOrResumesAsThePracticeItWas) {
  const std::string drawn = create({{"game", "hangman"}, {"player", "Ann"}})["id"];
  command(drawn, {{"command", "guess"}, {"position", 0}, {"letter", "e"}});
  const std::string chosen = create({{"game", "hangman"}, {"seed", 5}, {"player", "Ann"}})["id"];
  command(chosen, {{"command", "guess"}, {"position", 0}, {"letter", "e"}});
  const Json listed = get("/api/players/Ann/unfinished")["unfinished"];
  ASSERT_EQ(listed.size(), 2u);
  for (const Json& game : listed) {
    EXPECT_FALSE(game.contains("seed")) << "the lobby's list: " << game.dump();
  }
  EXPECT_EQ(listed[0]["practice"], true) << "most recent first";
  EXPECT_EQ(listed[1]["practice"], false);
  restart();
  const Json resumed_practice =
      post("/api/sessions/resume", {{"unfinished", listed[0]["id"]}, {"player", "Ann"}}, 201);
  EXPECT_TRUE(resumed_practice["practice"].get<bool>());
  EXPECT_EQ(resumed_practice["seed"], 5) << "the player chose it";
  const Json resumed =
      post("/api/sessions/resume", {{"unfinished", listed[1]["id"]}, {"player", "Ann"}}, 201);
  EXPECT_FALSE(resumed["practice"].get<bool>());
  EXPECT_FALSE(resumed.contains("seed")) << resumed.dump();
  EXPECT_EQ(resumed["config"]["mode"], "easy");
  const std::string id = resumed["id"];
  EXPECT_EQ(refusal(request("GET", "/api/sessions/" + id + "/saved"), 403),
            "hidden_until_finished");
  EXPECT_EQ(get("/api/sessions/" + id + "/events")["events"].size(), 1u)
      << "the guess made before the restart";
  command(resumed_practice["id"], {{"command", "give_up"}});
  command(id, {{"command", "give_up"}});
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_FALSE(games[0].practice);
  EXPECT_TRUE(games[1].practice);
}

TEST_F(PlayersTest, AnAnonymousGameIsNotKept) {
  const std::string id = create({{"game", "hand"}, {"seed", 1}})["id"];
  command(id, {{"command", "play"}, {"word", "qqqq"}});
  command(id, {{"command", "give_up"}});
  EXPECT_TRUE(store_->players().empty());
}

}  // namespace
}  // namespace wg::server
