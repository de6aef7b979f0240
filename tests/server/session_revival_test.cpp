// A session outlives the arcade that hosts it (docs/API.md, "Sessions": a session's lifetime):
// the store keeps the game in play of every session, anonymous ones too, under its id, and a
// request naming an id the arcade no longer holds (a second Arcade on the same database file, or
// an idle expiry) brings it back; a finished, deleted or clocked game is not brought back, nor a
// named player's for a request without their secret. Also: two pages of one session follow each
// other (a command pushed to the seat's other pages with the update).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <utility>

#include "app/game_store.h"
#include "app/lexicon_catalog.h"
#include "app/registry.h"
#include "server/arcade.h"
#include "server/handler_calls.h"
#include "server/stored_arcade.h"
#include "server/test_time.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;
using namespace std::chrono_literals;

class SessionRevivalTest : public test::StoredArcadeTest {
 protected:
  SessionRevivalTest() : StoredArcadeTest("wg-session-revival") {}
  /// The secret of the player this browser signed in as ("" for none).
  std::string secret_;

  HttpResponse request(std::string method, std::string path, const Json& body = nullptr,
                       const std::string& secret = "") {
    HttpRequest sent = test::handler_request(std::move(method), std::move(path),
                                             body.is_null() ? "" : body.dump());
    sent.player_secret = secret;
    return test::handle(*arcade_, std::move(sent));
  }
  /// Signs Ann in on this browser: her secret goes with the requests that say so.
  void sign_in_ann() {
    const HttpResponse made = request("POST", "/api/players", {{"name", "Ann"}});
    ASSERT_EQ(made.status, 201) << made.body;
    secret_ = Json::parse(made.body)["secret"];
  }
  Json expect(const HttpResponse& response, int status) {
    EXPECT_EQ(response.status, status) << response.body;
    return Json::parse(response.body);
  }
  Json create(const Json& body) {
    return expect(request("POST", "/api/sessions", body, secret_), 201);
  }
  Json command(const std::string& id, const Json& command) {
    return expect(request("POST", "/api/sessions/" + id + "/commands", command, secret_), 200);
  }
  Json get(const std::string& path, int status = 200) {
    return expect(request("GET", path, nullptr, secret_), status);
  }
};

TEST_F(SessionRevivalTest, AnAnonymousSessionGoesOnAfterARestart) {
  const Json opened = create({{"game", "hand"}});
  const std::string id = opened["id"];
  const Json before = command(id, {{"command", "decline_substitution"}});
  ASSERT_FALSE(before["finished"]);
  restart();
  const Json revived = get("/api/sessions/" + id);
  EXPECT_EQ(revived["view"], before["view"]);
  EXPECT_EQ(revived["version"], before["version"]) << "updates go on numbered as before";
  EXPECT_EQ(revived["watch"], opened["watch"]) << "its spectators' address too";
  EXPECT_EQ(revived["config"], opened["config"]);
  EXPECT_FALSE(revived.contains("seed")) << "a seed that hides the bag is still hidden";
  EXPECT_EQ(get("/api/sessions/" + id + "/saved", 403)["code"], "hidden_until_finished");
  EXPECT_EQ(arcade_->session_count(), 1u);
  // It plays on, and outlives a second restart, found by its watch code this time.
  const Json played = command(id, {{"command", "play"}, {"word", "zzzz"}});
  EXPECT_EQ(played["version"], before["version"].get<int>() + 1);
  restart();
  EXPECT_EQ(get("/api/watch/" + opened["watch"].get<std::string>())["view"],
            get("/api/sessions/" + id)["view"]);
  // Its game ends: then its seed is shown, as it would have been without the restarts.
  const Json ended = command(id, {{"command", "give_up"}});
  EXPECT_TRUE(ended["finished"]);
  EXPECT_TRUE(ended.contains("seed"));
  EXPECT_EQ(get("/api/sessions/" + id + "/saved")["commands"].size(), 3u);
}

TEST_F(SessionRevivalTest, ASessionNotYetPlayedIsRevivedToo) {
  const Json opened = create({{"game", "wordle"}, {"config", {{"host", "fair"}}}});
  restart();
  EXPECT_EQ(get("/api/sessions/" + opened["id"].get<std::string>())["view"], opened["view"]);
}

TEST_F(SessionRevivalTest, ANamedPlayersSessionIsRevivedForThemOnly) {
  sign_in_ann();
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  const Json before = command(id, {{"command", "decline_substitution"}});
  restart();
  for (const std::string& guess : {std::string(), std::string(32, '0'), secret_ + "0"}) {
    EXPECT_EQ(expect(request("GET", "/api/sessions/" + id, nullptr, guess), 403)["code"],
              "not_your_game");
  }
  EXPECT_EQ(arcade_->session_count(), 0u) << "nothing revived for them";
  const Json revived = get("/api/sessions/" + id);
  EXPECT_EQ(revived["view"], before["view"]);
  EXPECT_EQ(revived["resumable"], true) << "among her unfinished games";
  EXPECT_EQ(revived["practice"], true) << "on a seed she chose, as before";
  // Her game goes on as the one in her unfinished games, and is recorded once when it ends.
  command(id, {{"command", "give_up"}});
  EXPECT_TRUE(store_->unfinished_games("Ann").empty());
  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(store_->finished_game(games[0].id).commands.size(), 2u);
  EXPECT_EQ(games[0].started_ms, test::TestTime::kStartMs) << "when it first began";
}

TEST_F(SessionRevivalTest, ANamedPlayersSessionFollowsTheirUnfinishedGame) {
  sign_in_ann();
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  command(id, {{"command", "decline_substitution"}});
  const std::int64_t unfinished = store_->unfinished_games("Ann").at(0).id;
  restart();
  // Resumed from her unfinished games first (another id), and played on there.
  const std::string resumed =
      expect(request("POST", "/api/sessions/resume",
                     {{"unfinished", unfinished}, {"player", "Ann"}}, secret_),
             201)["id"];
  command(resumed, {{"command", "play"}, {"word", "zzzz"}});
  EXPECT_EQ(get("/api/sessions/" + id, 404)["code"], "unknown_session")
      << "played at another id now: not a second session saving over it";
  restart();
  // The old address brings back the game as it went on, not as the old session left it.
  EXPECT_EQ(get("/api/sessions/" + id)["version"], 2);
  // Finished from a terminal on the same file: no longer revived.
  ASSERT_TRUE(store_->delete_unfinished(unfinished));
  restart();
  EXPECT_EQ(get("/api/sessions/" + id, 404)["code"], "unknown_session");
  EXPECT_EQ(get("/api/sessions/" + resumed, 404)["code"], "unknown_session");
}

// Two servers of one arcade hold the same game (one took it over while the other was cut off):
// each step of the game is kept by one of them only. The one behind has its command refused
// (409 game_moved, not played), drops its copy, and the same command sent again is played on
// the game as the other left it; the game ends and is recorded once.
TEST_F(SessionRevivalTest, TwoServersNeverBothGoOnWithOneGame) {
  sign_in_ann();
  const std::string id = create({{"game", "hand"}, {"seed", 8}, {"player", "Ann"}})["id"];
  const std::string commands = "/api/sessions/" + id + "/commands";
  command(id, {{"command", "decline_substitution"}});
  std::unique_ptr<Arcade> other = make(open_store());
  const auto on_other = [&](const Json& body, int status) {
    HttpRequest sent = test::handler_request("POST", commands, body.dump());
    sent.player_secret = secret_;
    return expect(test::handle(*other, std::move(sent)), status);
  };
  const Json taken = on_other({{"command", "play"}, {"word", "zzzz"}}, 200);  // revived there
  EXPECT_EQ(taken["version"], 2);

  const Json stale = expect(request("POST", commands, {{"command", "give_up"}}, secret_), 409);
  EXPECT_EQ(stale["code"], "game_moved");
  EXPECT_EQ(arcade_->session_count(), 0u) << "its stale copy dropped";
  EXPECT_TRUE(store_->finished_games("Ann").empty()) << "a stale copy records nothing";
  const Json again = command(id, {{"command", "give_up"}});  // revived as the other left it
  EXPECT_EQ(again["version"], 3);
  EXPECT_TRUE(again["finished"]);
  EXPECT_EQ(on_other({{"command", "play"}, {"word", "zzzz"}}, 409)["code"], "game_moved")
      << "and now the other is behind";

  const std::vector<app::GameSummary> games = store_->finished_games("Ann");
  ASSERT_EQ(games.size(), 1u);
  const Json played = store_->finished_game(games[0].id).commands;
  ASSERT_EQ(played.size(), 3u) << played.dump();
  EXPECT_EQ(played[1]["command"], "play") << "the other's step is in it";
  EXPECT_EQ(played[2]["command"], "give_up");
}

// A person's answer clock goes on where the session was kept: taken over 15 s into a 20 s wait,
// the revived session times the answer out 5 s later, not 20.
TEST_F(SessionRevivalTest, ARevivedSessionsWaitsRunOutWhenTheyWouldHave) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "Ann"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const std::string id =
      create({{"game", "auction"}, {"seed", 2}, {"config", config}, {"answer_seconds", 20}})["id"];
  const Json waiting = command(id, {{"command", "run_to_end"}});
  ASSERT_EQ(waiting["view"]["seats"][0]["awaited"], "bid") << waiting.dump();
  time_.advance(15s);
  restart();  // the server that held it is gone: the next one takes it over from the store
  EXPECT_EQ(get("/api/sessions/" + id)["version"], waiting["version"]);
  const auto last_command = [&] {
    return get("/api/sessions/" + id + "/saved")["commands"].back();
  };
  time_.advance(4s);
  EXPECT_EQ(last_command()["command"], "run_to_end") << "still waiting 19 s in";
  time_.advance(1s);
  const Json timed_out = last_command();
  EXPECT_EQ(timed_out["command"], "bid");
  EXPECT_EQ(timed_out["amount"], 0) << "an answer not given in time is the empty one";
  EXPECT_EQ(timed_out["seat"], 0);
}

// A room outlives the server that held it: its code finds it again in the store, with its
// members' keys and its round's clock; before its first round, during one and between two.
TEST_F(SessionRevivalTest, ARoomOutlivesItsServerWithItsMembersAndItsClock) {
  const auto post = [&](const std::string& path, const Json& body, const std::string& query,
                        int status) {
    HttpRequest sent = test::handler_request("POST", path, body.dump());
    sent.query = query;
    return expect(test::handle(*arcade_, std::move(sent)), status);
  };
  const auto state = [&](const std::string& code, const std::string& key) {
    HttpRequest sent = test::handler_request("GET", "/api/rooms/" + code);
    sent.query = "player=" + key;
    return expect(test::handle(*arcade_, std::move(sent)), 200);
  };
  const Json opened = post("/api/rooms",
                           {{"config", {{"seconds", 90}, {"board", "TEAM/ESTA/AMTE/STEA"}}},
                            {"seed", 1},
                            {"name", "Ann"}},
                           "", 201);
  const std::string code = opened["room"];
  const std::string ann = opened["player"];
  const std::string bo =
      post("/api/rooms/" + code + "/players", {{"name", "Bo"}}, "", 201)["player"];
  restart();
  EXPECT_EQ(state(code, bo)["view"]["players"].size(), 2u) << "its members, before a round";
  post("/api/rooms/" + code + "/start", {{"player", ann}}, "", 200);
  time_.advance(30s);
  post("/api/rooms/" + code + "/commands", {{"command", "submit"}, {"word", "team"}},
       "player=" + ann, 200);
  restart();
  const Json playing = state(code, ann);
  EXPECT_EQ(playing["view"]["status"], "playing") << playing.dump();
  time_.advance(59s);
  EXPECT_EQ(state(code, ann)["view"]["status"], "playing") << "89 s into the round";
  time_.advance(1s);
  const Json ended = state(code, bo);
  ASSERT_EQ(ended["view"]["status"], "finished") << ended.dump();
  EXPECT_EQ(ended["view"]["results"]["players"][0]["words"].size(), 1u) << ended.dump();
  restart();
  EXPECT_EQ(state(code, ann)["view"]["status"], "finished") << "between rounds too";
  post("/api/rooms/" + code + "/start", {{"player", ann}}, "", 200);
}

TEST_F(SessionRevivalTest, AFinishedOrDeletedSessionIsNotRevived) {
  const std::string finished = create({{"game", "hand"}})["id"];
  command(finished, {{"command", "give_up"}});
  const std::string deleted = create({{"game", "hand"}})["id"];
  EXPECT_EQ(expect(request("DELETE", "/api/sessions/" + deleted), 200)["deleted"], true);
  const std::string later = create({{"game", "hand"}})["id"];
  restart();
  EXPECT_EQ(get("/api/sessions/" + finished, 404)["code"], "unknown_session");
  EXPECT_EQ(get("/api/sessions/" + deleted, 404)["code"], "unknown_session");
  // Deleted while the arcade no longer holds it: forgotten, not revived to be deleted.
  EXPECT_EQ(expect(request("DELETE", "/api/sessions/" + later), 200)["deleted"], true);
  EXPECT_EQ(arcade_->session_count(), 0u);
  EXPECT_EQ(get("/api/sessions/" + later, 404)["code"], "unknown_session");
  EXPECT_EQ(expect(request("DELETE", "/api/sessions/" + later), 404)["code"], "unknown_session");
}

// A game on a clock is revived with its clock: a Word Search round begun 40 s before the server
// that held it went ends 60 s after it began, not 60 s after its revival.
TEST_F(SessionRevivalTest, AGameOnAClockIsRevivedWithItsClock) {
  const std::string id =
      create({{"game", "boggle"}, {"seed", 3}, {"config", {{"seconds", 60}}}})["id"];
  time_.advance(40s);
  const Json before = command(id, {{"command", "submit"}, {"word", "zzz"}});
  ASSERT_FALSE(before["finished"]) << before.dump();
  restart();
  const Json revived = get("/api/sessions/" + id);
  EXPECT_EQ(revived["view"], before["view"]);
  time_.advance(19s);
  EXPECT_FALSE(get("/api/sessions/" + id)["finished"]) << "59 s into the round";
  time_.advance(1s);
  EXPECT_TRUE(get("/api/sessions/" + id)["finished"]) << "its minute is up";
}

TEST_F(SessionRevivalTest, AnIdleSessionExpiresFromMemoryButNotFromTheStore) {
  const std::string id = create({{"game", "hand"}})["id"];
  const Json before = command(id, {{"command", "decline_substitution"}});
  time_.advance(61min);
  EXPECT_EQ(arcade_->expire_idle(), 1u);
  EXPECT_EQ(arcade_->session_count(), 0u);
  EXPECT_EQ(get("/api/sessions/" + id)["view"], before["view"]);
  // Nobody plays it for a week: the store forgets it.
  time_.advance(24h * 7 + 1min);
  arcade_->expire_idle();
  EXPECT_EQ(get("/api/sessions/" + id, 404)["code"], "unknown_session");
}

TEST_F(SessionRevivalTest, ARevivedSessionCountsAgainstTheCap) {
  options_.max_sessions = 1;
  restart();
  const std::string id = create({{"game", "hand"}})["id"];
  restart();
  create({{"game", "hand"}});
  EXPECT_EQ(get("/api/sessions/" + id, 503)["code"], "too_many_sessions");
}

TEST_F(SessionRevivalTest, ASocketRevivesAnAnonymousSessionAndASpectatorsAnyone) {
  sign_in_ann();
  const Json anonymous = expect(request("POST", "/api/sessions", {{"game", "hand"}}), 201);
  const Json anns = create({{"game", "hand"}, {"player", "Ann"}});
  restart();
  int status = -1;
  auto peer = test::open_recording_socket(
      *arcade_, "/api/sessions/" + anonymous["id"].get<std::string>() + "/live", "", &status);
  EXPECT_EQ(status, 0);
  ASSERT_EQ(peer->received.size(), 1u);
  EXPECT_EQ(peer->received[0]["view"], anonymous["view"]);
  test::open_recording_socket(*arcade_, "/api/sessions/" + anns["id"].get<std::string>() + "/live",
                              "", &status);
  EXPECT_EQ(status, 403) << "a socket carries no secret: the page asks over HTTP first";
  test::open_recording_socket(*arcade_, "/api/watch/" + anns["watch"].get<std::string>() + "/live",
                              "", &status);
  EXPECT_EQ(status, 0) << "a spectator sees what any spectator may";
}

TEST_F(SessionRevivalTest, AGameThatTakesLongToReplayIsRevivedOnAWorker) {
  // The optimal host (on a small budget) replays its decisions: never on a network thread.
  const Json config = {{"strategy", "optimal"}, {"work", 2'000'000}, {"length", 4}, {"guesses", 8}};
  const std::string id = create({{"game", "evil-hangman"}, {"seed", 12}, {"config", config}})["id"];
  command(id, {{"command", "new_game"}});
  const Json before = command(id, {{"command", "guess"}, {"letter", "e"}});
  restart();
  int status = -1;
  test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live", "", &status);
  EXPECT_EQ(status, 503) << "a socket cannot wait for a worker: the page reads first";
  EXPECT_EQ(get("/api/sessions/" + id)["view"], before["view"]);
  test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live", "", &status);
  EXPECT_EQ(status, 0);
  // A command that revives it is played once it is back, on a worker as its commands are.
  restart();
  const Json played = command(id, {{"command", "guess"}, {"letter", "a"}});
  EXPECT_EQ(played["version"], before["version"].get<int>() + 1);
}

TEST_F(SessionRevivalTest, WithoutAStoreASessionDoesNotOutliveARestart) {
  arcade_ = make(nullptr);
  const std::string id = create({{"game", "hand"}})["id"];
  arcade_ = make(nullptr);
  const Json refusal = get("/api/sessions/" + id, 404);
  EXPECT_EQ(refusal["code"], "unknown_session");
  EXPECT_NE(refusal["error"].get<std::string>().find("restarted"), std::string::npos)
      << refusal["error"];
}

TEST_F(SessionRevivalTest, TwoPagesOfOneSessionFollowEachOther) {
  const Json opened = create({{"game", "wordle"}, {"config", {{"host", "fair"}}}});
  const std::string id = opened["id"];
  auto first = test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live", "client=a");
  auto second = test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live", "client=b");
  auto spectator = test::open_recording_socket(
      *arcade_, "/api/watch/" + opened["watch"].get<std::string>() + "/live", "client=c");
  HttpRequest sent = test::handler_request("POST", "/api/sessions/" + id + "/commands",
                                           Json{{"command", "new_game"}}.dump());
  sent.query = "client=a";
  const Json reply = expect(test::handle(*arcade_, std::move(sent)), 200);
  EXPECT_EQ(first->received.size(), 1u) << "the page that sent it has the update in its answer";
  ASSERT_EQ(second->received.size(), 2u);
  const Json& pushed = second->received[1];
  EXPECT_EQ(pushed["version"], reply["version"]);
  EXPECT_EQ(pushed["view"], reply["view"]);
  EXPECT_EQ(pushed["events"], reply["events"]);
  EXPECT_EQ(pushed["command"]["command"], "new_game") << "drawn as the other page drew its reply";
  ASSERT_EQ(spectator->received.size(), 2u);
  EXPECT_FALSE(spectator->received[1].contains("command")) << "a spectator sees views only";
}

}  // namespace
}  // namespace wg::server
