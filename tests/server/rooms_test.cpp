#include "server/rooms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/lexicon_catalog.h"
#include "server/arcade_api.h"

namespace wg::server {
namespace {

using app::Json;
using namespace std::chrono_literals;

using test::RecordingPeer;

// Ann and Bo both find TEAM; only Ann finds STEAM.
const Json kTeamBoard = {{"seconds", 90}, {"board", "TEAM/ESTA/AMTE/STEA"}};

class RoomsTest : public test::ArcadeApiTest {
 protected:
  /// A room of Ann (the host) and Bo: its code and their keys.
  struct Room {
    std::string code, ann, bo;
  };
  Room open_room(const Json& config = kTeamBoard, std::uint64_t seed = 1) {
    const Json opened =
        post("/api/rooms", {{"config", config}, {"seed", seed}, {"name", "Ann"}}, 201);
    const std::string code = opened["room"];
    const Json joined = post("/api/rooms/" + code + "/players", {{"name", "Bo"}}, 201);
    return {code, opened["player"], joined["player"]};
  }
  Json state(const std::string& code, const std::string& key) {
    const HttpResponse response = request("GET", "/api/rooms/" + code, nullptr, "player=" + key);
    EXPECT_EQ(response.status, 200) << response.body;
    return Json::parse(response.body);
  }
  /// A member's command, at the seat of their key.
  Json act(const Room& room, const std::string& key, const Json& command) {
    return post("/api/rooms/" + room.code + "/commands", command, 200, "player=" + key);
  }
  std::shared_ptr<RecordingPeer> follow(const std::string& code, const std::string& key) {
    int status = -1;
    auto peer = test::open_recording_socket(*arcade_, "/api/rooms/" + code + "/live",
                                            "player=" + key, &status);
    EXPECT_EQ(status, 0);
    return peer;
  }
  static std::vector<std::string> words_of(const Json& round) {
    std::vector<std::string> words;
    for (const Json& found : round["found"]) words.push_back(found["word"]);
    return words;
  }
};

TEST_F(RoomsTest, TwoPlayersPlayOneBoardAndASharedWordScoresForNobody) {
  const Room room = open_room();
  EXPECT_EQ(room.code.size(), 8u);
  const Json bo_state = state(room.code, room.bo);
  EXPECT_EQ(bo_state["view"]["you"], 1);
  EXPECT_EQ(bo_state["view"]["players"].size(), 2u);
  EXPECT_EQ(bo_state["view"]["name_limit"], 24);
  EXPECT_EQ(bo_state["view"]["max_players"], 16);
  EXPECT_EQ(post("/api/rooms/" + room.code + "/players", {{"name", "Bo"}}, 409)["code"],
            "name_taken");
  EXPECT_EQ(post("/api/rooms/" + room.code + "/start", {{"player", room.bo}}, 403)["code"],
            "not_host");
  const auto bo_socket = follow(room.code, room.bo);

  const Json started = post("/api/rooms/" + room.code + "/start", {{"player", room.ann}});
  EXPECT_EQ(started["view"]["status"], "playing");
  EXPECT_EQ(post("/api/rooms/" + room.code + "/start", {{"player", room.ann}}, 409)["code"],
            "playing");
  EXPECT_EQ(started["view"]["your_round"]["board"],
            state(room.code, room.bo)["view"]["your_round"]["board"]);

  const Json team = act(room, room.ann, {{"command", "submit"}, {"word", "team"}});
  EXPECT_EQ(team["events"][0]["event"], "word_accepted");
  act(room, room.ann, {{"command", "submit"}, {"word", "steam"}});
  act(room, room.bo, {{"command", "submit"}, {"word", "team"}});
  for (const Json& message : bo_socket->received) {
    EXPECT_EQ(message.dump().find("steam"), std::string::npos) << "Ann's words are hers";
  }
  act(room, room.ann, {{"command", "close"}});
  const Json waiting = state(room.code, room.ann);
  EXPECT_EQ(waiting["view"]["status"], "playing") << "Bo is still playing";
  EXPECT_TRUE(waiting["view"]["players"][0]["done"]);

  time_.advance(90s);  // the room's clock runs out on Bo
  const Json ended = state(room.code, room.ann);
  ASSERT_EQ(ended["view"]["status"], "finished") << ended.dump();
  const Json results = ended["view"]["results"];
  EXPECT_EQ(results["shared"], Json::array({"team"}));
  const Json ann_words = results["players"][0]["words"];
  ASSERT_EQ(ann_words.size(), 2u);
  EXPECT_TRUE(ann_words[0]["shared"]);
  EXPECT_FALSE(ann_words[1]["shared"]);
  EXPECT_EQ(results["players"][0]["score"], ann_words[1]["points"]) << "only her own word counts";
  EXPECT_EQ(results["players"][1]["score"], 0);
  EXPECT_EQ(results["winners"], Json::array({0}));
  ASSERT_FALSE(bo_socket->received.empty());
  EXPECT_EQ(bo_socket->received.back()["type"], "update");
  EXPECT_EQ(bo_socket->received.back()["view"]["status"], "finished");
  EXPECT_EQ(bo_socket->received.back()["view"]["your_round"]["end"], "time_up");
}

TEST_F(RoomsTest, APlayerWhoClosesEarlySeesNoSolutionUntilEveryoneIsDone) {
  const Room room = open_room();
  post("/api/rooms/" + room.code + "/start", {{"player", room.ann}});
  const auto ann_socket = follow(room.code, room.ann);
  const Json closed = act(room, room.ann, {{"command", "close"}});
  const Json mine = closed["view"]["your_round"];
  EXPECT_EQ(mine["status"], "finished");
  for (const char* key : {"all_words", "missed", "total_score"}) {
    EXPECT_FALSE(mine.contains(key)) << key << " while Bo plays";
  }
  // MEAT is on the board and nobody found it: not in anything Ann is sent or can read.
  EXPECT_EQ(closed.dump().find("\"meat\""), std::string::npos);
  EXPECT_EQ(state(room.code, room.ann).dump().find("\"meat\""), std::string::npos);
  act(room, room.bo, {{"command", "submit"}, {"word", "team"}});
  for (const Json& message : ann_socket->received) {
    EXPECT_EQ(message.dump().find("\"meat\""), std::string::npos);
    EXPECT_EQ(message.dump().find("team"), std::string::npos) << "Bo's word is his";
  }
  act(room, room.bo, {{"command", "close"}});
  const Json over = state(room.code, room.ann)["view"]["your_round"];
  ASSERT_TRUE(over.contains("missed")) << over.dump();
  const auto meat = std::find_if(over["missed"].begin(), over["missed"].end(),
                                 [](const Json& w) { return w["word"] == "meat"; });
  ASSERT_NE(meat, over["missed"].end());
  EXPECT_EQ((*meat)["path"].size(), 4u);
  EXPECT_TRUE((*meat)["points"].is_number());
  EXPECT_EQ(ann_socket->received.back()["view"]["status"], "finished");
}

TEST_F(RoomsTest, ARoomAndASoloGameWithOneSeedPlayTheSameBoards) {
  const Json rolled = {{"seconds", 60}};
  const Room room = open_room(rolled, 4242);
  const Json solo =
      post("/api/sessions", {{"game", "boggle"}, {"config", rolled}, {"seed", 4242}}, 201);
  const std::string id = solo["id"];
  for (int round = 0; round < 2; ++round) {
    post("/api/rooms/" + room.code + "/start", {{"player", room.ann}});
    const Json solo_view = Json::parse(request("GET", "/api/sessions/" + id).body)["view"];
    EXPECT_EQ(state(room.code, room.bo)["view"]["your_round"]["board"], solo_view["board"])
        << "round " << round;
    act(room, room.ann, {{"command", "close"}});
    act(room, room.bo, {{"command", "close"}});
    post("/api/sessions/" + id + "/commands", {{"command", "close"}});
    post("/api/sessions/" + id + "/commands", {{"command", "new_game"}});
  }
}

TEST_F(RoomsTest, ARoomNeverShowsADrawnSeed) {
  // The seed rolls the board of every round the room will play: shown at a round's end, it
  // would give the next rounds' boards away.
  const Json opened = post("/api/rooms", {{"config", kTeamBoard}, {"name", "Ann"}}, 201);
  const std::string code = opened["room"];
  const std::string ann = opened["player"];
  EXPECT_FALSE(opened.contains("seed")) << opened.dump();
  EXPECT_FALSE(opened["practice"].get<bool>());
  const Json joined = post("/api/rooms/" + code + "/players", {{"name", "Bo"}}, 201);
  const Room room{code, ann, joined["player"]};
  const auto bo_socket = follow(code, room.bo);
  for (int round = 0; round < 2; ++round) {
    post("/api/rooms/" + code + "/start", {{"player", ann}});
    act(room, ann, {{"command", "close"}});
    act(room, room.bo, {{"command", "close"}});
    const Json ended = state(code, ann);
    ASSERT_EQ(ended["view"]["status"], "finished") << ended.dump();
    EXPECT_FALSE(ended.contains("seed")) << "round " << round;
    EXPECT_FALSE(ended["practice"].get<bool>()) << "round " << round;
  }
  for (const Json& message : bo_socket->received) EXPECT_FALSE(message.contains("seed"));
  // A room on a seed its host chose shows it, and every round of it is practice.
  const Room chosen = open_room(kTeamBoard, 5);
  const Json seen = state(chosen.code, chosen.bo);
  EXPECT_EQ(seen["seed"], 5);
  EXPECT_TRUE(seen["practice"].get<bool>());
}

TEST_F(RoomsTest, AMemberActsOnlyAtTheSeatOfTheirKey) {
  const Room room = open_room();
  post("/api/rooms/" + room.code + "/start", {{"player", room.ann}});
  // Bo names Ann's seat: the word is his, and Ann's round goes on.
  act(room, room.bo, {{"command", "submit"}, {"seat", 0}, {"word", "team"}});
  act(room, room.bo, {{"command", "close"}, {"seat", 0}});
  const Json ann = state(room.code, room.ann)["view"];
  EXPECT_TRUE(words_of(ann["your_round"]).empty());
  EXPECT_FALSE(ann["players"][0]["done"]);
  EXPECT_TRUE(ann["players"][1]["done"]);
  // Over his socket too.
  const auto socket = follow(room.code, room.ann);
  arcade_->socket_message(socket, R"({"command": "submit", "seat": 1, "word": "steam"})");
  EXPECT_EQ(words_of(state(room.code, room.ann)["view"]["your_round"]),
            std::vector<std::string>{"steam"});
  // Only the arcade seats a player; a key must be a member's.
  EXPECT_EQ(post("/api/rooms/" + room.code + "/commands", {{"command", "join"}, {"name", "Eve"}},
                 403, "player=" + room.bo)["code"],
            "host_only");
  arcade_->socket_message(socket, R"({"command": "join", "name": "Eve"})");
  EXPECT_EQ(socket->received.back()["code"], "host_only");
  EXPECT_EQ(state(room.code, room.ann)["view"]["players"].size(), 2u);
  EXPECT_EQ(post("/api/rooms/" + room.code + "/commands", {{"command", "close"}}, 403,
                 "player=" + std::string(32, 'f'))["code"],
            "not_in_room");
  EXPECT_EQ(
      request("GET", "/api/rooms/" + room.code, nullptr, "player=" + room.ann.substr(1)).status,
      403);
}

TEST_F(RoomsTest, TheHostRemovesAPlayerWhoHoldsUpTheRound) {
  // Issue 31: in a room with no clock, a member who never closed his round kept it playing for
  // ever; a room filled to 16 by strangers kept its real players out.
  Json untimed = kTeamBoard;
  untimed["seconds"] = 0;
  const Room room = open_room(untimed);
  post("/api/rooms/" + room.code + "/start", {{"player", room.ann}});
  act(room, room.ann, {{"command", "close"}});
  // Bo may not remove Ann, nor name himself the host.
  EXPECT_EQ(act(room, room.bo,
                {{"command", "remove"}, {"seat", 0}, {"player", 0}})["events"][0]["reason"],
            "not_allowed");
  const Json removed = act(room, room.ann, {{"command", "remove"}, {"player", 1}});
  EXPECT_EQ(removed["view"]["status"], "finished") << "the round no longer waits on Bo";
  EXPECT_EQ(removed["view"]["results"]["players"].size(), 1u);
  // Bo's key shows him the room as a spectator, and plays nothing.
  const Json bo = state(room.code, room.bo);
  EXPECT_TRUE(bo["view"]["you"].is_null());
  EXPECT_TRUE(bo["view"]["players"][1]["removed"]);
  EXPECT_EQ(act(room, room.bo, {{"command", "close"}})["events"][0]["reason"], "malformed");
}

TEST_F(RoomsTest, APlayerWhoJoinsDuringARoundPlaysTheNextAndHoldsUpNoResults) {
  const Json opened = post("/api/rooms", {{"config", kTeamBoard}, {"name", "Ann"}}, 201);
  const std::string code = opened["room"];
  const std::string ann = opened["player"];
  EXPECT_FALSE(opened["view"]["players"][0]["in_round"]);
  post("/api/rooms/" + code + "/start", {{"player", ann}});
  const Json late = post("/api/rooms/" + code + "/players", {{"name", "Cy"}}, 201);
  const std::string cy = late["player"];
  EXPECT_EQ(late["view"]["status"], "playing");
  EXPECT_FALSE(late["view"].contains("your_round")) << "no round for Cy in a round already on";
  EXPECT_TRUE(late["view"]["players"][0]["in_round"]);
  EXPECT_FALSE(late["view"]["players"][1]["in_round"]);
  const Room room{code, ann, cy};
  act(room, ann, {{"command", "submit"}, {"word", "team"}});
  act(room, ann, {{"command", "close"}});
  const Json ended = state(code, cy)["view"];
  ASSERT_EQ(ended["status"], "finished") << "the results wait for nobody who is not playing";
  ASSERT_EQ(ended["results"]["players"].size(), 1u);
  EXPECT_EQ(ended["results"]["players"][0]["name"], "Ann");
  EXPECT_EQ(ended["results"]["winners"], Json::array({0}));

  post("/api/rooms/" + code + "/start", {{"player", ann}});
  const Json next = state(code, cy)["view"];
  EXPECT_EQ(next["status"], "playing");
  EXPECT_TRUE(next.contains("your_round")) << "the next round is everyone's";
  EXPECT_TRUE(next["players"][1]["in_round"]);
}

TEST_F(RoomsTest, CodesCannotBeFoundByTrying) {
  // Issue 31: codes of five consonants answered 404 when missing and 403 when someone's, and one
  // connection tried 19,158 a second: every room was found in about three minutes.
  const Room room = open_room();
  EXPECT_EQ(room.code.size(), 8u);
  const auto from = [&](const std::string& address, const std::string& code) {
    HttpRequest r = test::handler_request("GET", "/api/rooms/" + code);
    r.query = "player=x";
    r.remote = address;
    return test::handle(*arcade_, std::move(r));
  };
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(from("192.0.2.7", "BBBBBBB" + std::string(1, static_cast<char>('B' + i))).status,
              404);
  }
  // The eleventh code in the minute is refused, be it a room's or not, on every route.
  const HttpResponse refused = from("192.0.2.7", room.code);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(Json::parse(refused.body)["code"], "too_many_guesses");
  EXPECT_NE(std::find(refused.headers.begin(), refused.headers.end(),
                      std::pair<std::string, std::string>{"Retry-After", "60"}),
            refused.headers.end());
  HttpRequest join =
      test::handler_request("POST", "/api/rooms/" + room.code + "/players", R"({"name": "Eve"})");
  join.remote = "192.0.2.7";
  EXPECT_EQ(test::handle(*arcade_, std::move(join)).status, 429);
  // Other clients, and the room's players, are not held back.
  EXPECT_EQ(from("192.0.2.8", room.code).status, 403);
  EXPECT_EQ(request("GET", "/api/rooms/" + room.code, nullptr, "player=" + room.bo).status, 200);
  // A minute later the client may ask again.
  time_.advance(std::chrono::minutes(1));
  EXPECT_EQ(from("192.0.2.7", room.code).status, 403);
}

TEST_F(RoomsTest, RoomsRefuseWhatTheyCannotPlay) {
  EXPECT_EQ(post("/api/rooms", {{"game", "hand"}, {"name", "Ann"}}, 400)["code"], "bad_request");
  EXPECT_EQ(post("/api/rooms", {{"game", "boggle"}}, 400)["code"], "bad_request");
  EXPECT_EQ(post("/api/rooms", {{"game", "boggle"}, {"name", "   "}}, 400)["code"], "bad_request");
  EXPECT_EQ(post("/api/rooms", {{"name", std::string(25, 'x')}}, 400)["code"], "bad_request");
  // A name every player is shown is text: not bytes that are no UTF-8, nor control characters.
  for (const std::string name : {"A\x1b[2Jnn", "A\xc2\x85n" /* C1 NEL */, "A\x7fnn"}) {
    EXPECT_EQ(post("/api/rooms", {{"game", "boggle"}, {"name", name}}, 400)["code"], "bad_request");
  }
  EXPECT_EQ(post("/api/rooms", {{"name", "Ann"}, {"config", {{"size", 3}}}}, 400)["field"], "size");
  EXPECT_EQ(arcade_->session_count(), 0u) << "a room refused leaves no session behind";
  // Found by the arcade's fuzz target: a key that is no string answered 500.
  {
    const Json started = post("/api/rooms", {{"name", "Zed"}}, 201);
    for (const Json& key : {Json(0), Json(nullptr), Json::array()}) {
      EXPECT_EQ(post("/api/rooms/" + started["room"].get<std::string>() + "/start",
                     {{"player", key}}, 400)["field"],
                "player");
    }
  }
  EXPECT_EQ(request("GET", "/api/rooms/BCDFGHJK", nullptr, "player=x").status, 404);
  const Json opened = post("/api/rooms", {{"name", "Ann"}}, 201);
  EXPECT_EQ(request("GET", "/api/rooms/" + opened["room"].get<std::string>()).status, 403);
  const std::string code = opened["room"];
  for (int i = 1; i < 16; ++i) {
    post("/api/rooms/" + code + "/players", {{"name", "P" + std::to_string(i)}}, 201);
  }
  EXPECT_EQ(post("/api/rooms/" + code + "/players", {{"name", "Late"}}, 409)["code"], "room_full");
}

TEST_F(RoomsTest, ARoomIdleWithNobodyFollowingExpiresWithItsSession) {
  open_room();
  EXPECT_EQ(arcade_->room_count(), 1u);
  time_.advance(options_.idle_expiry + 1s);
  arcade_->expire_idle();
  EXPECT_EQ(arcade_->room_count(), 0u);
  EXPECT_EQ(arcade_->session_count(), 0u);
}

}  // namespace
}  // namespace wg::server
