#include "server/arcade.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/lexicon_catalog.h"
#include "app/registry.h"
#include "server/handler_calls.h"
#include "server/test_time.h"
#include "server/web_assets.h"
#include "support/blocking_wait.h"

namespace wg::server {
namespace {

using app::Json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

using test::TestTime;

using test::RecordingPeer;

/// A WebSocket of a session whose commands run on a worker: it keeps what it is sent, from any
/// thread, and holds the worker inside the first progress message it gets until the test
/// releases it, so that a test acts in the middle of a decision without any timing.
struct GatedPeer : WebSocketPeer {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<Json> received;
  bool hold = true;
  bool holding = false;

  void send(std::string text) override {
    std::unique_lock lock(mutex);
    received.push_back(Json::parse(text));
    changed.notify_all();
    if (hold && received.back()["type"] == "progress") {
      holding = true;
      changed.notify_all();
      changed.wait_for(lock, wg::test::kHangGuard, [this] { return !hold; });
    }
  }
  void close() override {}
  /// Blocks until the worker is held in a progress message; false if the hang guard passed.
  bool wait_held() {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, wg::test::kHangGuard, [this] { return holding; });
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      hold = false;
    }
    changed.notify_all();
  }
  std::vector<Json> messages() {
    std::lock_guard lock(mutex);
    return received;
  }
  /// Blocks until an update numbered `version` has come; false if the hang guard passed.
  bool wait_update(std::uint64_t version) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, wg::test::kHangGuard, [&] {
      return std::any_of(received.begin(), received.end(), [&](const Json& message) {
        return message["type"] == "update" && message["version"] == version;
      });
    });
  }
};

class ArcadeTest : public ::testing::Test {
 protected:
  TestTime time_;
  ArcadeOptions options_;
  std::unique_ptr<Arcade> arcade_ = make();

  std::unique_ptr<Arcade> make() {
    return std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options_, time_.clock());
  }

  HttpResponse request(std::string method, std::string path, std::string body = "",
                       std::string origin = "") {
    return test::handle(*arcade_, test::handler_request(std::move(method), std::move(path),
                                                        std::move(body), std::move(origin)));
  }
  /// A request whose answer may come later, from a worker.
  std::future<HttpResponse> request_later(std::string method, std::string path,
                                          std::string body = "") {
    return test::handle_later(
        *arcade_, test::handler_request(std::move(method), std::move(path), std::move(body)));
  }
  /// Blocks until the answer comes (a failed test, status -1, if the hang guard passes first).
  static HttpResponse answer_of(std::future<HttpResponse>& answer) {
    if (answer.wait_for(wg::test::kHangGuard) != std::future_status::ready) {
      ADD_FAILURE() << "no answer";
      HttpResponse none;
      none.status = -1;
      return none;
    }
    return answer.get();
  }
  /// A command to a session whose commands run on a worker: its answer, once it has come.
  Json slow_command(const std::string& id, const Json& command, int expected = 200) {
    auto answer = request_later("POST", "/api/sessions/" + id + "/commands", command.dump());
    const HttpResponse response = answer_of(answer);
    EXPECT_EQ(response.status, expected) << response.body;
    return response.status < 0 ? Json() : json_of(response);
  }
  /// An evil hangman session with the optimal host (on a small budget: a decision of a
  /// moment), its first game begun, and a GatedPeer on its socket.
  std::pair<std::string, std::shared_ptr<GatedPeer>> optimal_evil_hangman() {
    const Json created = create({{"game", "evil-hangman"},
                                 {"seed", 12},
                                 {"config",
                                  {{"strategy", "optimal"},
                                   {"work", 2'000'000},
                                   {"length", 4},
                                   {"guesses", 8},
                                   {"show_remaining", true}}}});
    const std::string id = created["id"];
    EXPECT_EQ(slow_command(id, {{"command", "new_game"}})["view"]["status"], "playing");
    auto peer = std::make_shared<GatedPeer>();
    HttpRequest upgrade;
    upgrade.path = "/api/sessions/" + id + "/live";
    EXPECT_EQ(arcade_->open_socket(upgrade, peer).status, 0);
    return {id, peer};
  }
  Json json_of(const HttpResponse& response) { return Json::parse(response.body); }
  Json post(const std::string& path, const Json& body, int expected = 200) {
    const HttpResponse response = request("POST", path, body.dump());
    EXPECT_EQ(response.status, expected) << response.body;
    return json_of(response);
  }
  Json create(const Json& body) { return post("/api/sessions", body, 201); }
  Json command(const std::string& id, const Json& command) {
    return post("/api/sessions/" + id + "/commands", command);
  }
};

bool has_event(const Json& events, const std::string& name) {
  return std::any_of(events.begin(), events.end(),
                     [&](const Json& e) { return e.value("event", "") == name; });
}

TEST_F(ArcadeTest, TheBestBoardsAreScoredOnTheArcadesWordList) {
  const Json reply = json_of(request("GET", "/api/boggle/best-boards"));
  const Json& boards = reply["boards"];
  ASSERT_FALSE(boards.empty());
  EXPECT_EQ(boards[0]["title"], "4×4");
  EXPECT_EQ(boards[0]["board"]["spec"], "PERS/LATG/SINE/TERS");
  EXPECT_EQ(boards[0]["board"]["cells"].size(), 16u);
  EXPECT_EQ(boards[0]["score"], 3623) << "the arcade plays on ENABLE";
  EXPECT_EQ(boards[0]["enable_score"], 3623);
  EXPECT_EQ(boards[0]["words"], 1044);
  EXPECT_EQ(boards[0]["scoring"], "boggle");
  EXPECT_EQ(json_of(request("GET", "/api/boggle/best-boards")), reply) << "the same each time";
  EXPECT_EQ(request("POST", "/api/boggle/best-boards").status, 405);
}

TEST_F(ArcadeTest, ListsEveryGameOfTheRegistryWithItsConfigSchema) {
  const Json reply = json_of(request("GET", "/api/games"));
  const Json& games = reply["games"];
  ASSERT_EQ(games.size(), app::games().size());
  EXPECT_EQ(games[0]["name"], "hand");
  EXPECT_TRUE(games[0]["config_schema"].is_object());
  // The word list's lengths with words: ENABLE has none of 1 or 26 letters.
  EXPECT_EQ(reply["lexicon"]["words"], app::built_in_lexicon().lexicon->size());
  const Json& lengths = reply["lexicon"]["lengths"];
  ASSERT_FALSE(lengths.empty());
  EXPECT_EQ(lengths[0]["length"], 2);
  std::size_t words = 0;
  for (const Json& length : lengths) {
    EXPECT_NE(length["length"], 26);
    words += length["words"].get<std::size_t>();
  }
  EXPECT_EQ(words, app::built_in_lexicon().lexicon->size());
}

TEST_F(ArcadeTest, CreatesASessionWithAnUnguessableIdAndPlaysIt) {
  const Json created = create({{"game", "evil-hangman"}, {"seed", 7}});
  const std::string id = created["id"];
  EXPECT_EQ(id.size(), 32u);
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(created["watch"], created["id"]);
  EXPECT_EQ(created["seat"], 0);
  EXPECT_EQ(created["view"]["status"], "idle");
  const Json started = command(id, {{"command", "new_game"}, {"length", 5}, {"guesses", 8}});
  EXPECT_EQ(started["view"]["status"], "playing") << started.dump();
  const Json after = command(id, {{"command", "guess"}, {"letter", "e"}});
  ASSERT_TRUE(has_event(after["events"], "guessed")) << after.dump();
  EXPECT_EQ(json_of(request("GET", "/api/sessions/" + id))["view"], after["view"]);
}

TEST_F(ArcadeTest, TheSameSeedAndCommandsGiveTheSameGame) {
  const Json first = create({{"game", "hand"}, {"seed", 42}});
  const Json second = create({{"game", "hand"}, {"seed", 42}});
  EXPECT_EQ(first["view"], second["view"]);
  const Json saved =
      json_of(request("GET", "/api/sessions/" + first["id"].get<std::string>() + "/saved"));
  EXPECT_EQ(saved["seed"], 42);
  const Json restored = create({{"saved", saved}});
  EXPECT_EQ(restored["view"], first["view"]);
}

TEST_F(ArcadeTest, ARefusedCommandIsTheGamesAnswerAndChangesNothing) {
  const std::string id = create({{"game", "evil-hangman"}, {"seed", 1}})["id"];
  const Json started = command(id, {{"command", "new_game"}, {"length", 6}, {"guesses", 8}});
  const Json reply = command(id, {{"command", "guess"}, {"letter", "7"}});
  ASSERT_EQ(reply["events"].size(), 1u);
  EXPECT_EQ(reply["events"][0]["event"], "rejected");
  EXPECT_EQ(reply["view"], started["view"]);
  const Json malformed = command(id, {{"command", "fly"}});
  EXPECT_EQ(malformed["events"][0]["reason"], "malformed");
}

TEST_F(ArcadeTest, AMovesAnswerIsTheSessionAsReadThenItsEventsInTheSameOrder) {
  for (const app::GameEntry& game : app::games()) {
    const std::string id = create({{"game", game.name}, {"seed", 3}})["id"];
    for (int i = 0; i < 2; ++i) {  // the second answer from the view the session kept
      Json moved = command(id, {{"command", "fly"}});
      ASSERT_TRUE(moved.contains("view")) << game.name << ": " << moved.dump();
      moved.erase("events");
      Json read = json_of(request("GET", "/api/sessions/" + id));
      read.erase("config");
      EXPECT_EQ(moved.dump(), read.dump()) << game.name;
    }
  }
}

TEST_F(ArcadeTest, AViewKeptThroughRefusedCommandsChangesWithTheFirstOneTaken) {
  const std::string id = create({{"game", "evil-hangman"}, {"seed", 1}})["id"];
  const Json started = command(id, {{"command", "new_game"}, {"length", 6}, {"guesses", 8}});
  EXPECT_EQ(command(id, {{"command", "guess"}, {"letter", "7"}})["view"], started["view"]);
  EXPECT_EQ(command(id, {{"command", "guess"}, {"letter", "7"}})["view"], started["view"]);
  const Json guessed = command(id, {{"command", "guess"}, {"letter", "e"}});
  EXPECT_NE(guessed["view"], started["view"]);
  EXPECT_EQ(json_of(request("GET", "/api/sessions/" + id))["view"], guessed["view"]);
  const Json refused = command(id, {{"command", "guess"}, {"letter", "e"}});  // guessed before
  EXPECT_EQ(refused["events"][0]["event"], "rejected") << refused.dump();
  EXPECT_EQ(refused["view"], guessed["view"]);
}

TEST_F(ArcadeTest, ACommandWhoseNameIsNotAStringIsRefusedByEveryGame) {
  for (const app::GameEntry& game : app::games()) {
    const Json created = create({{"game", game.name}, {"seed", 1}});
    const std::string id = created["id"];
    const HttpResponse reply =
        request("POST", "/api/sessions/" + id + "/commands", R"({"command":5,"seat":0})");
    // A spectator's session refuses a seated command before the game sees it; any other is the
    // game's refusal, never a failure of the server.
    EXPECT_NE(reply.status, 500) << game.name << ": " << reply.body;
    if (reply.status != 200) continue;
    const Json body = json_of(reply);
    if (body.contains("events")) {
      ASSERT_EQ(body["events"].size(), 1u) << game.name;
      EXPECT_EQ(body["events"][0]["reason"], "malformed") << game.name;
    }
    // Over the session's socket too: the update carries the refusal.
    HttpRequest upgrade;
    upgrade.path = "/api/sessions/" + id + "/live";
    if (game.slow && game.slow(Json::object()) && !created["seat"].is_null()) {
      // A game whose commands run on a worker: its update comes when the command ends.
      auto gated = std::make_shared<GatedPeer>();
      gated->release();
      ASSERT_EQ(arcade_->open_socket(upgrade, gated).status, 0);
      arcade_->socket_message(gated, R"({"command":[1,2]})");
      std::unique_lock lock(gated->mutex);
      const auto update = [&] {
        return std::find_if(gated->received.begin(), gated->received.end(), [](const Json& m) {
          return m["type"] == "update" && m.contains("events");
        });
      };
      ASSERT_TRUE(gated->changed.wait_for(lock, wg::test::kHangGuard, [&] {
        return update() != gated->received.end();
      })) << game.name;
      EXPECT_EQ((*update())["events"][0]["reason"], "malformed") << game.name;
      continue;
    }
    auto peer = std::make_shared<RecordingPeer>();
    ASSERT_EQ(arcade_->open_socket(upgrade, peer).status, 0);
    const std::size_t before = peer->received.size();
    arcade_->socket_message(peer, R"({"command":[1,2]})");
    if (created["seat"].is_null()) continue;  // a watched game takes no commands
    ASSERT_EQ(peer->received.size(), before + 1) << game.name;
    if (peer->received.back().contains("events")) {
      EXPECT_EQ(peer->received.back()["events"][0]["reason"], "malformed") << game.name;
    }
  }
}

TEST_F(ArcadeTest, BadRequestsGetAJsonErrorAndAFourHundredStatus) {
  const auto error_of = [&](const HttpResponse& response) {
    return Json::parse(response.body).value("code", "");
  };
  EXPECT_EQ(request("POST", "/api/sessions", "{not json").status, 400);
  EXPECT_EQ(error_of(request("POST", "/api/sessions", "{not json")), "bad_json");
  EXPECT_EQ(error_of(request("POST", "/api/sessions", "[1,2]")), "bad_request");
  EXPECT_EQ(error_of(request("POST", "/api/sessions", R"({"game":"hand","colour":1})")),
            "bad_request");
  const HttpResponse unknown = request("POST", "/api/sessions", R"({"game":"chess"})");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(error_of(unknown), "unknown_game");
  const HttpResponse config =
      request("POST", "/api/sessions", R"({"game":"boggle","config":{"size":9}})");
  EXPECT_EQ(config.status, 400);
  EXPECT_EQ(Json::parse(config.body)["field"], "size");
  EXPECT_EQ(error_of(request("POST", "/api/sessions", R"({"game":"hand","seed":-1})")),
            "bad_request");
  EXPECT_EQ(request("GET", "/api/sessions/0123456789abcdef0123456789abcdef").status, 404);
  EXPECT_EQ(request("GET", "/api/sessions/../../etc/passwd").status, 404);
  EXPECT_EQ(request("PUT", "/api/games").status, 405);
  EXPECT_EQ(request("GET", "/api/nothing").status, 404);
  EXPECT_EQ(request("GET", "/secret.txt").status, 404);
  EXPECT_EQ(error_of(request("GET", "/secret.txt")), "not_found");
  HttpRequest form;
  form.method = "POST";
  form.path = "/api/sessions";
  form.body = "game=hand";
  form.content_type = "application/x-www-form-urlencoded";
  arcade_->handle(form, [](HttpResponse r) { EXPECT_EQ(r.status, 400); });
  form.body = R"({"game":"hand"})";  // curl -d's type, with a JSON body
  arcade_->handle(form, [](HttpResponse r) { EXPECT_EQ(r.status, 201); });
}

TEST_F(ArcadeTest, ABoardLargerThanTheArcadePlaysIsABadConfigAndOpensNothing) {
  // A security probe: 200 Word Search sessions of a 250×250 board took a server from 15 MB to
  // 2.4 GB. The arcade plays boards of at most 256 cells, says so in its schema, and refuses a
  // larger one, whether a new game, a saved one or a room.
  const auto board_of = [](int side) {
    std::string board;
    for (int row = 0; row < side; ++row) board += (row > 0 ? "/" : "") + std::string(side, 'e');
    return board;
  };
  const Json games = json_of(request("GET", "/api/games"))["games"];
  const auto boggle = std::find_if(games.begin(), games.end(),
                                   [](const Json& game) { return game["name"] == "boggle"; });
  ASSERT_NE(boggle, games.end());
  const Json board = (*boggle)["config_schema"]["properties"]["board"];
  EXPECT_EQ(board["x-maxCells"], 256);
  EXPECT_EQ(board["maxLength"], 2048);
  for (const Json& body :
       {Json{{"game", "boggle"}, {"config", {{"board", board_of(250)}}}},
        Json{{"game", "boggle"}, {"config", {{"board", board_of(17)}}}},
        Json{
            {"saved", {{"game", "boggle"}, {"seed", 1}, {"config", {{"board", board_of(17)}}}}}}}) {
    const HttpResponse refused = request("POST", "/api/sessions", body.dump());
    EXPECT_EQ(refused.status, 400) << refused.body;
    EXPECT_EQ(json_of(refused)["code"], "bad_config") << refused.body;
    EXPECT_EQ(json_of(refused)["field"], "board") << refused.body;
  }
  const HttpResponse room = request(
      "POST", "/api/rooms", Json{{"name", "Ann"}, {"config", {{"board", board_of(17)}}}}.dump());
  EXPECT_EQ(room.status, 400) << room.body;
  EXPECT_EQ(json_of(room)["field"], "board") << room.body;
  EXPECT_EQ(arcade_->session_count(), 0u);
  EXPECT_EQ(arcade_->room_count(), 0u);
  create({{"game", "boggle"}, {"config", {{"board", board_of(16)}}}});
}

/// A hook for ArcadeOptions::before_open that holds every opening until release(), and says
/// when one is held.
struct OpeningGate {
  std::mutex mutex;
  std::condition_variable changed;
  int held = 0;
  bool released = false;

  std::function<void()> hook() {
    return [this] {
      std::unique_lock lock(mutex);
      ++held;
      changed.notify_all();
      changed.wait_for(lock, wg::test::kHangGuard, [this] { return released; });
    };
  }
  /// Blocks until an opening is held; false if the hang guard passed first.
  bool wait_held() {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, wg::test::kHangGuard, [this] { return held > 0; });
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      released = true;
    }
    changed.notify_all();
  }
};

TEST_F(ArcadeTest, SessionsOpenOnTheArcadesWorkersNeverOnTheThreadThatServesRequests) {
  // A security probe: 16 clients opening Word Search sessions of large boards took everyone's
  // GET /api/health from 1 ms to 2 s: each board was solved on an I/O thread.
  OpeningGate gate;
  options_.before_open = gate.hook();
  arcade_ = make();
  const std::thread::id server_thread = std::this_thread::get_id();
  // Every kind of opening is answered from another thread, refused or not.
  const std::vector<std::pair<std::string, Json>> openings = {
      {"/api/sessions", {{"game", "boggle"}, {"seed", 3}}},
      {"/api/sessions", {{"saved", {{"game", "hand"}, {"seed", 1}, {"commands", Json::array()}}}}},
      {"/api/sessions/resume", {{"unfinished", 1}, {"player", "Ann"}}},
      {"/api/rooms", {{"name", "Ann"}}},
      {"/api/auction/replays", {{"log", "not a log"}}},
  };
  std::vector<std::future<std::pair<HttpResponse, std::thread::id>>> answers;
  for (const auto& [path, body] : openings) {
    auto answer = std::make_shared<std::promise<std::pair<HttpResponse, std::thread::id>>>();
    answers.push_back(answer->get_future());
    arcade_->handle(test::handler_request("POST", path, body.dump()), [answer](HttpResponse r) {
      answer->set_value({std::move(r), std::this_thread::get_id()});
    });
  }
  ASSERT_TRUE(gate.wait_held());
  // While the openings are held on the workers, the thread that took them serves on.
  const HttpResponse health = request("GET", "/api/health");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(json_of(health)["sessions"], 0);
  EXPECT_EQ(request("GET", "/api/games").status, 200);
  gate.release();
  const std::vector<int> statuses = {201, 201, 503, 201, 400};
  for (std::size_t i = 0; i < answers.size(); ++i) {
    ASSERT_EQ(answers[i].wait_for(wg::test::kHangGuard), std::future_status::ready);
    const auto [response, thread] = answers[i].get();
    EXPECT_EQ(response.status, statuses[i]) << openings[i].first << ": " << response.body;
    EXPECT_NE(thread, server_thread) << openings[i].first;
  }
  EXPECT_EQ(arcade_->session_count(), 3u) << "two games and a room";
}

TEST_F(ArcadeTest, APageOfAnotherSiteMayNotPlay) {
  const HttpResponse response =
      request("POST", "/api/sessions", R"({"game":"hand"})", "http://evil.example");
  EXPECT_EQ(response.status, 403);
  EXPECT_EQ(request("POST", "/api/sessions", R"({"game":"hand"})", "http://127.0.0.1:8080").status,
            201);
}

/// POST /api/sessions for a hand game, as a page at `origin` whose browser sends `host`.
HttpRequest new_game_from(const std::string& host, const std::string& origin) {
  HttpRequest post = test::handler_request("POST", "/api/sessions", R"({"game":"hand"})", origin);
  post.host = host;
  return post;
}

TEST_F(ArcadeTest, AnOriginIsAnAllowedHostAtTheServersPort) {
  options_.port = 8080;
  arcade_ = make();
  for (const std::string origin : {"http://127.0.0.1:8080", "http://localhost:8080",
                                   "HTTP://LOCALHOST:8080", "http://[::1]:8080"}) {
    EXPECT_EQ(test::handle(*arcade_, new_game_from("127.0.0.1:8080", origin)).status, 201)
        << origin;
  }
  for (const std::string origin :
       {"http://127.0.0.1:9090", "http://127.0.0.1", "https://127.0.0.1:8080",
        "http://127.0.0.1:8080/", "http://attacker.example:8080", "http://127.0.0.1:08080x",
        "ws://127.0.0.1:8080", "null"}) {
    const HttpResponse refused = test::handle(*arcade_, new_game_from("127.0.0.1:8080", origin));
    EXPECT_EQ(refused.status, 403) << origin;
    EXPECT_EQ(json_of(refused)["code"], "forbidden_origin") << origin;
  }
  // The port is the server's, not the Host's: a Host naming another port does not move it.
  EXPECT_EQ(test::handle(*arcade_, new_game_from("127.0.0.1:9090", "http://127.0.0.1:9090")).status,
            403);
}

TEST_F(ArcadeTest, AHostNotAllowedIsMisdirectedOnEveryPath) {
  const std::string forged = "attacker.example:8080";
  for (const std::string path : {"/", "/assets/app.js", "/api/games", "/api/players", "/api/health",
                                 "/api/hangman/dictionaries", "/api/nowhere"}) {
    HttpRequest get = test::handler_request("GET", path);
    get.host = forged;
    const HttpResponse refused = test::handle(*arcade_, get);
    EXPECT_EQ(refused.status, 421) << path;
    EXPECT_EQ(json_of(refused)["code"], "misdirected_host") << path;
  }
  const HttpResponse created = test::handle(*arcade_, new_game_from(forged, "http://" + forged));
  EXPECT_EQ(created.status, 421);
  EXPECT_EQ(arcade_->session_count(), 0U);
  // A socket to a session that exists.
  const std::string id = create({{"game", "hand"}})["id"];
  HttpRequest upgrade = test::handler_request("GET", "/api/sessions/" + id + "/live");
  upgrade.host = forged;
  upgrade.origin = "http://" + forged;
  auto peer = std::make_shared<GatedPeer>();
  EXPECT_EQ(arcade_->open_socket(upgrade, peer).status, 421);
  EXPECT_TRUE(peer->messages().empty());
}

TEST_F(ArcadeTest, TheOperatorNamesTheOtherHosts) {
  options_.port = 8080;
  options_.allowed_hosts = {"Classroom.Example", "fe80::1", "192.168.1.5"};
  arcade_ = make();
  for (const std::string host :
       {"classroom.example:8080", "[fe80::1]:8080", "192.168.1.5:8080", "localhost:8080"}) {
    EXPECT_EQ(test::handle(*arcade_, new_game_from(host, "http://" + host)).status, 201) << host;
  }
  for (const std::string host : {"192.168.1.6:8080", "[fe80::2]:8080", "other.example:8080"}) {
    EXPECT_EQ(test::handle(*arcade_, new_game_from(host, "http://" + host)).status, 421) << host;
  }
  // Listening on every interface: any address, as the classroom's machines type it, but a name
  // only if listed.
  options_.allowed_hosts = {};
  options_.any_address_host = true;
  arcade_ = make();
  for (const std::string host : {"192.168.1.6:8080", "[fe80::2]:8080", "10.0.0.1"}) {
    EXPECT_EQ(test::handle(*arcade_, new_game_from(host, "")).status, 201) << host;
  }
  EXPECT_EQ(test::handle(*arcade_, new_game_from("other.example:8080", "")).status, 421);
}

TEST_F(ArcadeTest, ServesThePageAndItsAssets) {
  const HttpResponse page = request("GET", "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("aria-live"), std::string::npos);
  EXPECT_EQ(request("GET", "/assets/app.js").status, 200);
  EXPECT_EQ(request("GET", "/assets/app.css").status, 200);
  EXPECT_EQ(request("POST", "/", "{}").status, 405);
}

/// The header of `response` named `name`, "" when absent.
std::string header_of(const HttpResponse& response, std::string_view name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

TEST_F(ArcadeTest, ChartJsIsAScriptOfItsOwnThatOnlyTheStatisticsPageImports) {
  const HttpResponse app = request("GET", "/assets/app.js");
  const HttpResponse chart = request("GET", "/assets/chart.js");
  ASSERT_EQ(chart.status, 200);
  EXPECT_EQ(chart.content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(chart.body.find("export{"), std::string::npos) << "an ES module";
  EXPECT_NE(app.body.find("/assets/chart.js"), std::string::npos) << "imported on demand";
  // Chart.js's licence comment is in its own bundle only.
  EXPECT_NE(chart.body.find("Chart.js"), std::string::npos);
  EXPECT_EQ(app.body.find("Chart.js"), std::string::npos);
}

TEST_F(ArcadeTest, AssetsAreGzippedForWhoAsksAndRevalidatedByTheirTag) {
  for (const char* path : {"/assets/app.js", "/assets/chart.js"}) {
    SCOPED_TRACE(path);
    HttpRequest plain = test::handler_request("GET", path, "");
    const HttpResponse full = test::handle(*arcade_, plain);
    ASSERT_EQ(full.status, 200);
    EXPECT_EQ(header_of(full, "Content-Encoding"), "");
    EXPECT_EQ(header_of(full, "Vary"), "Accept-Encoding");
    const std::string etag = header_of(full, "ETag");
    ASSERT_EQ(etag.size(), 18u) << etag;
    EXPECT_EQ(etag.front(), '"');
    EXPECT_EQ(etag.find_first_not_of("0123456789abcdef", 1), 17u) << etag;

    HttpRequest gzip = plain;
    gzip.accept_encoding = "gzip, deflate, br";
    const HttpResponse zipped = test::handle(*arcade_, gzip);
    ASSERT_EQ(zipped.status, 200);
    EXPECT_EQ(header_of(zipped, "Content-Encoding"), "gzip");
    EXPECT_EQ(header_of(zipped, "ETag"), etag) << "one tag for the bytes, however they travel";
    ASSERT_GE(zipped.body.size(), 2u);
    EXPECT_EQ(zipped.body.substr(0, 2), "\x1f\x8b") << "gzip's magic";
    EXPECT_LT(zipped.body.size() * 2, full.body.size()) << "the bundle gzips to under half";

    HttpRequest refused = plain;
    refused.accept_encoding = "gzip;q=0, identity";
    EXPECT_EQ(header_of(test::handle(*arcade_, refused), "Content-Encoding"), "");

    HttpRequest again = gzip;
    again.if_none_match = etag;
    const HttpResponse unchanged = test::handle(*arcade_, again);
    EXPECT_EQ(unchanged.status, 304);
    EXPECT_TRUE(unchanged.body.empty());
    EXPECT_EQ(header_of(unchanged, "ETag"), etag);
    again.if_none_match = "\"0000000000000000\"";
    EXPECT_EQ(test::handle(*arcade_, again).status, 200) << "another tag: the bytes again";
  }
}

TEST_F(ArcadeTest, ServesTheTypefaceAsWoff2NeverGzippedAndRevalidated) {
  if (find_web_asset("assets/inter-400.woff2") == nullptr) {
    GTEST_SKIP() << "built without the typeface (fonts-inter, pyftsubset, python3-brotli)";
  }
  for (const char* weight : {"400", "600", "700"}) {
    HttpRequest font =
        test::handler_request("GET", std::string("/assets/inter-") + weight + ".woff2", "");
    font.accept_encoding = "gzip";
    const HttpResponse served = test::handle(*arcade_, font);
    ASSERT_EQ(served.status, 200) << weight;
    EXPECT_EQ(served.content_type, "font/woff2");
    EXPECT_EQ(served.body.substr(0, 4), "wOF2") << "WOFF2's signature";
    EXPECT_EQ(header_of(served, "Content-Encoding"), "") << "already compressed";
    EXPECT_LT(served.body.size(), 40'000u) << "a Latin cut, not the whole face";
    font.if_none_match = header_of(served, "ETag");
    EXPECT_EQ(test::handle(*arcade_, font).status, 304);
  }
  EXPECT_EQ(request("GET", "/assets/inter-500.woff2").status, 404);
}

TEST(WebAssets, AcceptEncodingAndIfNoneMatchAreReadAsTheRfcSays) {
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("deflate, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip(""));
  EXPECT_FALSE(accepts_gzip("br, deflate"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip; q=0.000"));
  EXPECT_TRUE(matches_etag("\"a\", \"b\"", "\"b\""));
  EXPECT_TRUE(matches_etag("W/\"b\"", "\"b\""));
  EXPECT_TRUE(matches_etag("*", "\"b\""));
  EXPECT_FALSE(matches_etag("", "\"b\""));
  EXPECT_FALSE(matches_etag("\"bb\"", "\"b\""));
}

TEST_F(ArcadeTest, AMistypedPathShowsABrowserAPageAndAProgramJson) {
  HttpRequest browser = test::handler_request("GET", "/foo<b>", "");
  browser.accept = "text/html,application/xhtml+xml,*/*;q=0.8";
  const HttpResponse page = test::handle(*arcade_, browser);
  EXPECT_EQ(page.status, 404);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<a href=\"/\">Go to the arcade</a>"), std::string::npos);
  EXPECT_NE(page.body.find("/foo&lt;b&gt;"), std::string::npos) << "the path, as text";
  const HttpResponse json = request("GET", "/foo");
  EXPECT_EQ(json.status, 404);
  EXPECT_EQ(json.content_type, "application/json");
}

TEST_F(ArcadeTest, TheWatchCodeShowsTheGameButCannotPlayIt) {
  const Json created = create({{"game", "hand"}, {"seed", 3}});
  const std::string watch = created["watch"];
  const Json seen = json_of(request("GET", "/api/watch/" + watch));
  EXPECT_EQ(seen["seat"], nullptr);
  EXPECT_EQ(
      request("POST", "/api/sessions/" + watch + "/commands", R"({"command":"give_up"})").status,
      404);
  EXPECT_EQ(request("GET", "/api/watch/" + created["id"].get<std::string>()).status, 404);
}

TEST_F(ArcadeTest, EvilHangmansCutIsDroppedFromPlayersCommands) {
  const std::string id = create({{"game", "evil-hangman"}, {"seed", 5}})["id"];
  command(id, {{"command", "new_game"}, {"length", 6}, {"guesses", 8}});
  command(id, {{"command", "guess"}, {"letter", "e"}, {"cut", 3}});
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  ASSERT_FALSE(saved["commands"].empty());
  EXPECT_FALSE(saved["commands"].back().contains("cut")) << saved.dump();
}

TEST_F(ArcadeTest, ALongDecisionRunsOnAWorkerReportsProgressAndThenAnswers) {
  const auto [id, peer] = optimal_evil_hangman();
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  ASSERT_TRUE(peer->wait_held()) << "no progress reported";
  // Meanwhile the session answers as it was, and refuses another command.
  const Json during = json_of(request("GET", "/api/sessions/" + id));
  EXPECT_EQ(during["busy"], true);
  EXPECT_EQ(during["view"]["letters"], Json::array());
  EXPECT_EQ(slow_command(id, {{"command", "guess"}, {"letter", "a"}}, 409)["code"], "busy");
  arcade_->socket_message(peer, R"({"command":"guess","letter":"a"})");
  EXPECT_EQ(peer->messages().back()["code"], "busy");
  peer->release();

  const HttpResponse answered = answer_of(guessed);
  ASSERT_EQ(answered.status, 200) << answered.body;
  const Json reply = json_of(answered);
  ASSERT_TRUE(has_event(reply["events"], "guessed")) << reply.dump();
  EXPECT_EQ(reply["view"]["letters"], Json::array({"e"}));
  EXPECT_FALSE(reply.contains("busy"));
  // On the socket: the state on joining, the progress (rising, between 0 and 1, numbered after
  // the last update), the refusal, and the update with the command's events.
  const std::vector<Json> messages = peer->messages();
  ASSERT_GE(messages.size(), 4u);
  EXPECT_EQ(messages.front()["type"], "update");
  double last = -1;
  int progress = 0;
  for (const Json& message : messages) {
    if (message["type"] != "progress") continue;
    ++progress;
    const double fraction = message["fraction"];
    EXPECT_GT(fraction, last);
    EXPECT_LE(fraction, 1.0);
    EXPECT_EQ(message["version"], messages.front()["version"]);
    last = fraction;
  }
  EXPECT_GE(progress, 1);
  EXPECT_LE(progress, 101) << "at most one a percent (the test's clock stands still)";
  EXPECT_EQ(messages.back()["type"], "update");
  EXPECT_EQ(messages.back()["events"], reply["events"]);
  // A command over the socket runs on a worker too; its update comes when it ends.
  arcade_->socket_message(peer, R"({"command":"guess","letter":"a"})");
  ASSERT_TRUE(peer->wait_update(reply["version"].get<std::uint64_t>() + 1));
  EXPECT_EQ(peer->messages().back()["view"]["letters"], Json::array({"e", "a"}));
  // The saved game replays the same.
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  EXPECT_EQ(app::restore(saved, app::built_in_lexicon().lexicon)->view(0),
            peer->messages().back()["view"]);
}

TEST_F(ArcadeTest, DeletingASessionStopsItsDecisionWhichStillAnswers) {
  const auto [id, peer] = optimal_evil_hangman();
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  ASSERT_TRUE(peer->wait_held()) << "no progress reported";
  EXPECT_EQ(request("DELETE", "/api/sessions/" + id).status, 200);
  peer->release();
  const HttpResponse answered = answer_of(guessed);
  ASSERT_EQ(answered.status, 200) << answered.body;
  const Json events = json_of(answered)["events"];
  ASSERT_EQ(events.size(), 1u) << events.dump();
  EXPECT_EQ(events[0]["event"], "guessed");
  EXPECT_EQ(events[0]["fell_back"], true) << "cut, the host fell back";
  EXPECT_TRUE(events[0].contains("cut")) << events.dump();
  EXPECT_EQ(request("GET", "/api/sessions/" + id).status, 404);
}

TEST_F(ArcadeTest, AGiveUpWhileTheHostDecidesWithdrawsTheGuessAndEndsTheGame) {
  const auto [id, peer] = optimal_evil_hangman();
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  ASSERT_TRUE(peer->wait_held()) << "no progress reported";
  // In the middle of the decision: the give up is taken (answered later), a second one waits
  // for no one (busy), and a player may not send the session's own record of a withdrawal.
  auto gave_up =
      request_later("POST", "/api/sessions/" + id + "/commands", R"({"command":"give_up"})");
  EXPECT_EQ(slow_command(id, {{"command", "give_up"}}, 409)["code"], "busy");
  EXPECT_EQ(slow_command(id, {{"command", "withdraw"}, {"letter", "e"}}, 409)["code"], "busy");
  peer->release();

  // The guess's answer says it was withdrawn; the give up's, that the game ended without it.
  // Both show the state after both.
  const HttpResponse guess_answer = answer_of(guessed);
  ASSERT_EQ(guess_answer.status, 200) << guess_answer.body;
  const Json guess_reply = json_of(guess_answer);
  EXPECT_EQ(guess_reply["events"], (Json::array({{{"event", "withdrawn"}, {"letter", "e"}}})));
  const HttpResponse give_up_answer = answer_of(gave_up);
  ASSERT_EQ(give_up_answer.status, 200) << give_up_answer.body;
  const Json reply = json_of(give_up_answer);
  ASSERT_EQ(reply["events"].size(), 1u) << reply.dump();
  EXPECT_EQ(reply["events"][0]["event"], "finished");
  EXPECT_EQ(reply["events"][0]["gave_up"], true);
  EXPECT_EQ(reply["events"][0]["letters"], Json::array());
  EXPECT_EQ(reply["view"]["status"], "finished");
  EXPECT_EQ(guess_reply["view"], reply["view"]);
  // The saved game: the withdrawal, then the give up; it replays the same.
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  const Json commands = saved["commands"];
  ASSERT_EQ(commands.size(), 3u) << saved.dump();
  EXPECT_EQ(commands[1], (Json{{"command", "withdraw"}, {"letter", "e"}}));
  EXPECT_EQ(commands[2]["command"], "give_up");
  EXPECT_EQ(app::restore(saved, app::built_in_lexicon().lexicon)->view(0), reply["view"]);
  // Sockets saw both updates (the page's own requests had none to skip).
  ASSERT_TRUE(peer->wait_update(reply["version"].get<std::uint64_t>()));
}

TEST_F(ArcadeTest, ASwitchOverTheSocketWhileTheHostDecidesGoesOnWithTheQuickHost) {
  const auto [id, peer] = optimal_evil_hangman();
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  ASSERT_TRUE(peer->wait_held()) << "no progress reported";
  // Taken at once (nothing sent back): the worker plays it once the decision is withdrawn.
  const std::size_t before = peer->messages().size();
  arcade_->socket_message(peer, R"({"command":"switch_host","strategy":"largest"})");
  EXPECT_EQ(peer->messages().size(), before);
  peer->release();
  const HttpResponse answered = answer_of(guessed);
  ASSERT_EQ(answered.status, 200) << answered.body;
  EXPECT_EQ(json_of(answered)["events"][0]["event"], "withdrawn");
  const Json after = json_of(request("GET", "/api/sessions/" + id));
  EXPECT_EQ(after["view"]["host"], "largest");
  EXPECT_EQ(after["view"]["letters"], Json::array());
  // The guess again: the quick host answers it.
  const Json again = slow_command(id, {{"command", "guess"}, {"letter", "e"}});
  ASSERT_TRUE(has_event(again["events"], "guessed")) << again.dump();
  EXPECT_EQ(again["view"]["letters"], Json::array({"e"}));
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  EXPECT_EQ(saved["commands"][2], (Json{{"command", "switch_host"}, {"strategy", "largest"}}));
  EXPECT_EQ(app::restore(saved, app::built_in_lexicon().lexicon)->view(0), again["view"]);
}

TEST_F(ArcadeTest, DestroyingTheArcadeAnswersTheCommandsItRuns) {
  const auto [id, peer] = optimal_evil_hangman();
  peer->release();  // nothing held: the command ends before or when the arcade stops it
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  arcade_.reset();
  const HttpResponse answered = answer_of(guessed);
  EXPECT_EQ(answered.status, 200) << answered.body;
}

TEST_F(ArcadeTest, AClearedArcadeKeepsNoSessionRoomOrGuessAndAnswersWhatItRan) {
  // One arcade for many conversations (fuzz/arcade_fuzz.cpp): what one left must not reach the
  // next.
  const auto [id, peer] = optimal_evil_hangman();
  peer->release();
  auto guessed = request_later("POST", "/api/sessions/" + id + "/commands",
                               R"({"command":"guess","letter":"e"})");
  const HttpResponse room = request("POST", "/api/rooms", R"({"name":"Ann"})");
  ASSERT_EQ(room.status, 201) << room.body;
  const std::string code = json_of(room)["room"];
  const auto guess = [&] { return request("GET", "/api/rooms/BBBBBBBB").status; };
  for (int i = 0; i < 10; ++i) EXPECT_EQ(guess(), 404);
  EXPECT_EQ(guess(), 429) << "codes guessed are counted";
  arcade_->clear();
  EXPECT_EQ(answer_of(guessed).status, 200) << "the command running was answered";
  EXPECT_EQ(arcade_->session_count(), 0u);
  EXPECT_EQ(arcade_->room_count(), 0u);
  EXPECT_EQ(request("GET", "/api/sessions/" + id).status, 404);
  EXPECT_EQ(guess(), 404) << "the count of guesses starts again";
  EXPECT_EQ(request("GET", "/api/rooms/" + code).status, 404);
  create({{"game", "hand"}, {"seed", 1}});
  EXPECT_EQ(arcade_->session_count(), 1u);
}

TEST_F(ArcadeTest, BoggleRunsOnTheServersClockAndEndsTheRoundItself) {
  const Json created = create({{"game", "boggle"}, {"seed", 11}, {"config", {{"seconds", 60}}}});
  const std::string id = created["id"];
  auto peer = std::make_shared<RecordingPeer>();
  HttpRequest upgrade;
  upgrade.path = "/api/sessions/" + id + "/live";
  EXPECT_EQ(arcade_->open_socket(upgrade, peer).status, 0);
  ASSERT_EQ(peer->received.size(), 1u);  // the state on joining
  time_.advance(10s);
  const Json closed = command(id, {{"command", "close"}, {"elapsed_ms", 999999}});
  EXPECT_EQ(closed["view"]["end"], "closed");
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  ASSERT_FALSE(saved["commands"].empty());
  EXPECT_EQ(saved["commands"].back()["elapsed_ms"], 10000) << "the client's time is not taken";
  time_.advance(60s);  // the first round's timer finds its round over
  EXPECT_EQ(command(id, {{"command", "new_game"}})["view"]["status"], "playing");
  time_.advance(59s);
  EXPECT_EQ(json_of(request("GET", "/api/sessions/" + id))["view"]["status"], "playing");
  time_.advance(1s);
  const Json view = json_of(request("GET", "/api/sessions/" + id))["view"];
  EXPECT_EQ(view["status"], "finished");
  EXPECT_EQ(view["end"], "time_up");
  ASSERT_GE(peer->received.size(), 3u);
  EXPECT_TRUE(has_event(peer->received.back()["events"], "finished"));
}

TEST_F(ArcadeTest, ADeletedOrExpiredSessionCancelsItsTimersAtOnce) {
  // A security probe: 20,000 deleted Word Search sessions kept 25 MB, their rounds' timers
  // waiting for deadlines up to a day away.
  const Json day = {{"game", "boggle"}, {"config", {{"seconds", 86400}}}};
  const std::string deleted = create(day)["id"];
  const std::string watched = create(day)["id"];
  const std::string idle = create(day)["id"];
  EXPECT_EQ(time_.timers.size(), 3u);
  EXPECT_EQ(request("DELETE", "/api/sessions/" + deleted).status, 200);
  EXPECT_EQ(time_.timers.size(), 2u);
  // Deleted while a socket still follows it: its timers go with the deletion, not the socket.
  const auto peer = test::open_recording_socket(*arcade_, "/api/sessions/" + watched + "/live");
  EXPECT_EQ(request("DELETE", "/api/sessions/" + watched).status, 200);
  EXPECT_EQ(time_.timers.size(), 1u);
  time_.advance(61min);
  EXPECT_EQ(arcade_->expire_idle(), 1u);
  EXPECT_EQ(time_.timers.size(), 0u) << idle;
  // A round's timer that is over is dropped when the next round starts its own.
  const std::string played = create({{"game", "boggle"}, {"config", {{"seconds", 60}}}})["id"];
  command(played, {{"command", "close"}});
  command(played, {{"command", "new_game"}});
  EXPECT_EQ(time_.timers.size(), 1u) << "the new round's, not the closed one's too";
}

TEST_F(ArcadeTest, AnAuctionPersonWhoDoesNotAnswerInTimeBidsNothing) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "Ann"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const Json created =
      create({{"game", "auction"}, {"seed", 2}, {"config", config}, {"answer_seconds", 20}});
  EXPECT_EQ(created["seat"], 0);
  EXPECT_FALSE(created.contains("events")) << "the auction's events are the host's record";
  const std::string id = created["id"];
  Json reply = command(id, {{"command", "run_to_end"}});
  ASSERT_EQ(reply["view"]["status"], "awaiting") << reply.dump();
  EXPECT_EQ(reply["view"]["seats"][0]["awaited"], "bid");
  EXPECT_FALSE(reply.contains("events"));
  EXPECT_FALSE(reply["view"]["seats"][1].contains("hidden"));
  time_.advance(20s);
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  const Json last = saved["commands"].back();
  EXPECT_EQ(last["command"], "bid");
  EXPECT_EQ(last["amount"], 0);
  EXPECT_EQ(last["seat"], 0);
}

TEST_F(ArcadeTest, ACommandOverTheSocketIsStampedLikeOneOverHttp) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "Ann"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const std::string id = create({{"game", "auction"}, {"seed", 2}, {"config", config}})["id"];
  ASSERT_EQ(command(id, {{"command", "run_to_end"}})["view"]["status"], "awaiting");
  auto peer = std::make_shared<RecordingPeer>();
  HttpRequest upgrade;
  upgrade.path = "/api/sessions/" + id + "/live";
  ASSERT_EQ(arcade_->open_socket(upgrade, peer).status, 0);
  // The bid claims the bot's seat: the host writes the seat the socket's owner holds.
  arcade_->socket_message(peer, R"({"command":"bid","seat":1,"amount":3})");
  const Json saved = json_of(request("GET", "/api/sessions/" + id + "/saved"));
  bool bid = false;
  for (const Json& sent : saved["commands"]) {
    if (sent["command"] != "bid") continue;
    bid = true;
    EXPECT_EQ(sent["seat"], 0);
  }
  EXPECT_TRUE(bid) << saved.dump();
  // Boggle's clock: the host's, not the socket's claim.
  const std::string boggle = create({{"game", "boggle"}, {"seed", 3}})["id"];
  auto player = std::make_shared<RecordingPeer>();
  upgrade.path = "/api/sessions/" + boggle + "/live";
  ASSERT_EQ(arcade_->open_socket(upgrade, player).status, 0);
  time_.advance(5s);
  arcade_->socket_message(player, R"({"command":"close","elapsed_ms":1})");
  const Json closed = json_of(request("GET", "/api/sessions/" + boggle + "/saved"));
  EXPECT_EQ(closed["commands"].back()["elapsed_ms"], 5000);
}

TEST_F(ArcadeTest, APageGetsItsOwnCommandsUpdateOnceInTheAnswerNotAgainOnItsSocket) {
  const std::string id = create({{"game", "hand"}, {"seed", 4}})["id"];
  const auto follow = [&](const std::string& client) {
    int status = -1;
    auto peer = test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live",
                                            "client=" + client, &status);
    EXPECT_EQ(status, 0);
    return peer;
  };
  const auto mine = follow("page-1");
  const auto other_tab = follow("page-2");
  ASSERT_EQ(mine->received.size(), 1u);  // the state on joining
  HttpRequest post = test::handler_request("POST", "/api/sessions/" + id + "/commands",
                                           R"({"command":"decline_substitution"})");
  post.query = "client=page-1";
  const HttpResponse answer = test::handle(*arcade_, post);
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(json_of(answer)["version"], 1);
  EXPECT_EQ(mine->received.size(), 1u) << "the answer carried it";
  ASSERT_EQ(other_tab->received.size(), 2u);
  EXPECT_EQ(other_tab->received.back()["version"], 1);
  // A command over the page's own socket has no answer but the push.
  arcade_->socket_message(mine, R"({"command":"play","word":"zzzzzz"})");
  EXPECT_EQ(mine->received.size(), 2u);
  EXPECT_EQ(other_tab->received.size(), 3u);
}

TEST_F(ArcadeTest, AnAuctionWatcherHoldsNoSeat) {
  const Json created = create({{"game", "auction"}, {"seed", 2}});
  EXPECT_EQ(created["seat"], nullptr);
  const HttpResponse bid =
      request("POST", "/api/sessions/" + created["id"].get<std::string>() + "/commands",
              R"({"command":"bid","seat":0,"amount":5})");
  EXPECT_EQ(bid.status, 403);
}

TEST_F(ArcadeTest, PushesEachUpdateToEverySocketWithItsOwnSeatsView) {
  const Json config = {
      {"seats", {{{"kind", "person"}, {"name", "Ann"}}, {{"kind", "bot"}, {"name", "value"}}}},
      {"rounds", 1}};
  const Json created = create({{"game", "auction"}, {"seed", 4}, {"config", config}});
  auto player = std::make_shared<RecordingPeer>();
  auto watcher = std::make_shared<RecordingPeer>();
  HttpRequest upgrade;
  upgrade.path = "/api/sessions/" + created["id"].get<std::string>() + "/live";
  EXPECT_EQ(arcade_->open_socket(upgrade, player).status, 0);
  upgrade.path = "/api/watch/" + created["watch"].get<std::string>() + "/live";
  EXPECT_EQ(arcade_->open_socket(upgrade, watcher).status, 0);
  command(created["id"], {{"command", "run_to_end"}});
  ASSERT_EQ(player->received.size(), 2u);
  ASSERT_EQ(watcher->received.size(), 2u);
  EXPECT_TRUE(player->received[1]["view"]["seats"][0].contains("hidden"));
  EXPECT_FALSE(watcher->received[1]["view"]["seats"][0].contains("hidden"));
  arcade_->socket_message(watcher, R"({"command":"step"})");
  EXPECT_EQ(watcher->received.back()["type"], "error");
  arcade_->socket_closed(watcher);
  arcade_->socket_message(player, R"({"command":"bid","amount":0})");
  EXPECT_EQ(watcher->received.size(), 3u) << "a closed socket gets nothing more";
  upgrade.path = "/api/watch/0123456789abcdef0123456789abcdef/live";
  EXPECT_EQ(arcade_->open_socket(upgrade, watcher).status, 404);
}

TEST_F(ArcadeTest, IdleSessionsExpireAndTheArcadeRefusesMoreThanItsLimit) {
  options_.idle_expiry = 10min;
  options_.max_sessions = 2;
  arcade_ = make();
  const Json first = create({{"game", "hand"}});
  time_.advance(6min);
  create({{"game", "hand"}});
  EXPECT_EQ(request("POST", "/api/sessions", R"({"game":"hand"})").status, 503);
  time_.advance(5min);
  EXPECT_EQ(arcade_->expire_idle(), 1u);
  EXPECT_EQ(arcade_->session_count(), 1u);
  EXPECT_EQ(request("GET", "/api/sessions/" + first["id"].get<std::string>()).status, 404);
  create({{"game", "hand"}});
}

TEST_F(ArcadeTest, ASessionsRecordIsBoundedAndACommandPastItChangesNothing) {
  options_.max_record_bytes = 2048;
  arcade_ = make();
  const Json created = create({{"game", "boggle"}, {"config", {{"seconds", 0}}}});
  const std::string id = created["id"];
  // Rounds closed and begun again: each adds two commands to the record, until it is full.
  int refused_at = -1;
  for (int i = 0; i < 200 && refused_at < 0; ++i) {
    const Json next = {{"command", i % 2 == 0 ? "close" : "new_game"}};
    const HttpResponse answer = request("POST", "/api/sessions/" + id + "/commands", next.dump());
    if (answer.status != 200) {
      EXPECT_EQ(answer.status, 413) << answer.body;
      EXPECT_EQ(json_of(answer)["code"], "game_too_long");
      refused_at = i;
    }
  }
  ASSERT_GT(refused_at, 4) << "a few rounds fit";
  const Json before = json_of(request("GET", "/api/sessions/" + id));
  auto peer = std::make_shared<test::RecordingPeer>();
  HttpRequest upgrade;
  upgrade.path = "/api/sessions/" + id + "/live";
  ASSERT_EQ(arcade_->open_socket(upgrade, peer).status, 0);
  arcade_->socket_message(peer, R"({"command":"close"})");
  EXPECT_EQ(peer->received.back()["type"], "error");
  EXPECT_EQ(peer->received.back()["code"], "game_too_long");
  EXPECT_EQ(json_of(request("GET", "/api/sessions/" + id)), before) << "nothing was played";
  // Any command is refused now, before the game sees it.
  EXPECT_EQ(
      request("POST", "/api/sessions/" + id + "/commands", R"({"command":"submit","word":"zzzz"})")
          .status,
      413);
}

TEST_F(ArcadeTest, AllSessionsRecordsTogetherAreBoundedAndGivenBackWhenOneGoes) {
  options_.max_total_record_bytes = 4096;
  arcade_ = make();
  std::vector<std::string> ids;
  for (int i = 0; i < 100; ++i) {
    const HttpResponse answer = request("POST", "/api/sessions", R"({"game":"hand"})");
    if (answer.status != 201) {
      EXPECT_EQ(answer.status, 503) << answer.body;
      EXPECT_EQ(json_of(answer)["code"], "too_many_sessions");
      break;
    }
    ids.push_back(json_of(answer)["id"]);
  }
  ASSERT_GE(ids.size(), 2u);
  ASSERT_LT(ids.size(), 100u) << "the budget bounds the sessions";
  EXPECT_EQ(request("DELETE", "/api/sessions/" + ids.back()).status, 200);
  ids.pop_back();
  EXPECT_EQ(request("POST", "/api/sessions", R"({"game":"hand"})").status, 201)
      << "the deleted session's bytes were given back";
}

}  // namespace
}  // namespace wg::server
