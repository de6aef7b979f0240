// The auction's browser routes: replaying a log (POST /api/auction/replays) and tournaments
// (/api/auction/tournaments), through the Arcade's Handler; the upload limit over real sockets.
// Tournaments run on worker threads: the tests wait on what those threads push, and hold them
// at a known point through TournamentOptions::after_game (blocking waits on condition
// variables), never on the clock.

#include <signal.h>
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/auction_log.h"
#include "app/auction_tournament_jobs.h"
#include "app/job_queue.h"
#include "app/lexicon_catalog.h"
#include "app/store_factory.h"
#include "games/auction/session.h"
#include "server/arcade.h"
#include "server/auction_routes.h"
#include "server/handler_calls.h"
#include "server/http_server.h"
#include "server/test_client.h"
#include "support/blocking_wait.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;
namespace au = wg::auction;

/// A WebSocket whose messages the test waits for (they come from a worker thread).
class WaitingPeer : public WebSocketPeer {
 public:
  void send(std::string text) override {
    std::lock_guard lock(mutex_);
    received_.push_back(Json::parse(text));
    changed_.notify_all();
  }
  void close() override {}

  /// Blocks until a message satisfies `wanted`, and returns it.
  Json wait_for(const std::function<bool(const Json&)>& wanted) {
    std::unique_lock lock(mutex_);
    Json found;
    const bool seen = changed_.wait_for(lock, wg::test::kHangGuard, [&] {
      for (const Json& message : received_) {
        if (wanted(message)) {
          found = message;
          return true;
        }
      }
      return false;
    });
    EXPECT_TRUE(seen) << "no such message came";
    return found;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Json> received_;
};

/// Holds a tournament's worker thread after its first game (TournamentOptions::after_game)
/// until released: the tournament is then running, at a known point, for as long as the test
/// needs, whatever the threads' speed.
class Gate {
 public:
  void after_game(int done) {
    std::unique_lock lock(mutex_);
    if (done != 1 || released_) return;
    held_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return released_; });
  }
  void wait_held() {
    std::unique_lock lock(mutex_);
    EXPECT_TRUE(changed_.wait_for(lock, wg::test::kHangGuard, [&] { return held_; }));
  }
  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool held_ = false;
  bool released_ = false;
};

bool over(const Json& state) { return state.value("status", "running") != "running"; }

/// A whole game of bots as the terminal logs it (`wordgames auction --log`).
std::string game_log(std::uint64_t seed) {
  au::Config config;
  config.seats = {{au::SeatKind::kBot, "strong"},
                  {au::SeatKind::kBot, "value"},
                  {au::SeatKind::kBot, "random"}};
  config.rules.players = 3;
  config.rules.rounds = 1;
  const app::LoadedLexicon catalog = app::built_in_lexicon();
  au::Session session(catalog.lexicon, config, seed);
  std::ostringstream out;
  const app::LogLexicon lexicon{catalog.info.source, catalog.lexicon->size()};
  while (!session.finished()) {
    for (const au::Event& event : session.apply(au::RunToEnd{})) {
      app::write_log_line(out, event, lexicon);
    }
  }
  return out.str();
}

/// The log with line `number` (1-based) replaced.
std::string with_line(const std::string& log, int number, const std::string& line) {
  std::istringstream in(log);
  std::string out;
  std::string current;
  for (int at = 1; std::getline(in, current); ++at) out += (at == number ? line : current) + "\n";
  return out;
}

/// Line `number` (1-based) of the log.
std::string line_of(const std::string& log, int number) {
  std::istringstream in(log);
  std::string line;
  for (int at = 1; std::getline(in, line) && at < number; ++at) {
  }
  return line;
}

class AuctionRoutesTest : public ::testing::Test {
 protected:
  ArcadeOptions options_;
  TournamentOptions tournaments_;  ///< the auction's routes' caps and hooks
  std::unique_ptr<Arcade> arcade_;

  Arcade& arcade() {
    if (!arcade_) {
      options_.game_routes = {auction_routes(tournaments_)};
      arcade_ = std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options_);
    }
    return *arcade_;
  }
  HttpResponse request(const std::string& method, const std::string& path,
                       const std::string& body = "") {
    return test::handle(arcade(), test::handler_request(method, path, body));
  }
  Json post(const std::string& path, const Json& body, int expected) {
    const HttpResponse response = request("POST", path, body.dump());
    EXPECT_EQ(response.status, expected) << response.body;
    return Json::parse(response.body);
  }
  std::shared_ptr<WaitingPeer> watch(const std::string& id) {
    auto peer = std::make_shared<WaitingPeer>();
    HttpRequest upgrade;
    upgrade.method = "GET";
    upgrade.path = "/api/auction/tournaments/" + id + "/live";
    upgrade.host = "127.0.0.1:8080";
    EXPECT_EQ(arcade().open_socket(upgrade, peer).status, 0);
    return peer;
  }
  /// Holds every tournament after its first game until the gate is released.
  std::shared_ptr<Gate> gated() {
    auto gate = std::make_shared<Gate>();
    tournaments_.after_game = [gate](int done) { gate->after_game(done); };
    return gate;
  }
  static Json bots(std::initializer_list<const char*> names, int rounds = 1) {
    Json seats = Json::array();
    for (const char* name : names) seats.push_back({{"kind", "bot"}, {"name", name}});
    return {{"seats", seats}, {"rounds", rounds}};
  }
};

// Replays.

TEST_F(AuctionRoutesTest, ReplaysALogAsASessionThatPlaysItsGameAgain) {
  const std::string log = game_log(7);
  const Json created = post("/api/auction/replays", {{"log", log}, {"name", "game.jsonl"}}, 201);
  ASSERT_TRUE(created.contains("id"));
  EXPECT_EQ(created["view"]["status"], "ready");
  EXPECT_EQ(created["view"]["seats"][0]["name"], "strong");
  EXPECT_EQ(created["view"]["seats"][2]["name"], "random");
  const std::string id = created["id"];
  // Step by step, as the page does, to the end: the points are the log's.
  Json last = created;
  for (int steps = 0; !last["finished"].get<bool>() && steps < 1000; ++steps) {
    last = post("/api/sessions/" + id + "/commands", {{"command", "step"}}, 200);
  }
  ASSERT_TRUE(last["finished"].get<bool>());
  std::istringstream lines(log);
  std::string line;
  std::string final_line;
  while (std::getline(lines, line)) final_line = line;
  const Json ended = Json::parse(final_line);
  ASSERT_EQ(ended["event"], "game_ended");
  for (std::size_t seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(last["view"]["seats"][seat]["points"], ended["points"][seat]);
  }
  EXPECT_EQ(last["view"]["winners"], ended["winners"]);
}

TEST_F(AuctionRoutesTest, ReplaysALogCutShortAsFarAsItGoes) {
  const std::string log = game_log(7);
  std::string cut;  // the header, the round's start and two auctions
  std::istringstream lines(log);
  std::string line;
  for (int i = 0; i < 4 && std::getline(lines, line); ++i) cut += line + "\n";
  cut += line.substr(0, line.size() / 2);  // and a line cut in the middle, as a crash leaves it
  const Json created = post("/api/auction/replays", {{"log", cut}}, 201);
  const std::string id = created["id"];
  post("/api/sessions/" + id + "/commands", {{"command", "step"}}, 200);  // the game's start
  post("/api/sessions/" + id + "/commands", {{"command", "step"}}, 200);  // the round's start
  post("/api/sessions/" + id + "/commands", {{"command", "step"}}, 200);
  const Json second = post("/api/sessions/" + id + "/commands", {{"command", "step"}}, 200);
  ASSERT_EQ(second["view"]["auctions"].size(), 2u);
  EXPECT_EQ(second["view"]["auctions"][1], Json::parse(line_of(log, 4)));
}

TEST_F(AuctionRoutesTest, RefusesABrokenLogNamingItsLine) {
  const std::string log = with_line(game_log(7), 3, "{\"event\": \"auction\", \"round\": ");
  const Json refused = post("/api/auction/replays", {{"log", log}, {"name", "game.jsonl"}}, 400);
  EXPECT_EQ(refused["code"], "bad_log");
  EXPECT_NE(refused["error"].get<std::string>().find("game.jsonl:3:"), std::string::npos)
      << refused.dump();
}

TEST_F(AuctionRoutesTest, RefusesALogThatDoesNotPlayTheSameHere) {
  const std::string log = game_log(7);
  Json header = Json::parse(log.substr(0, log.find('\n')));
  header["seed"] = 8;  // another deal: the hidden letters of line 2 differ
  const Json refused =
      post("/api/auction/replays", {{"log", with_line(log, 1, header.dump())}}, 422);
  EXPECT_EQ(refused["code"], "log_not_replayable");
  EXPECT_NE(refused["error"].get<std::string>().find("log:2:"), std::string::npos)
      << refused.dump();
}

TEST_F(AuctionRoutesTest, RefusesALogOfALaterGameOfItsSession) {
  const std::string log = game_log(7);
  Json header = Json::parse(line_of(log, 1));
  header["game"] = 3;
  const Json refused =
      post("/api/auction/replays", {{"log", with_line(log, 1, header.dump())}}, 422);
  EXPECT_NE(refused["error"].get<std::string>().find("log:1: game 3"), std::string::npos)
      << refused.dump();
}

TEST_F(AuctionRoutesTest, RefusesAReplayWithoutALog) {
  EXPECT_EQ(post("/api/auction/replays", {{"name", "x"}}, 400)["code"], "bad_request");
  EXPECT_EQ(request("GET", "/api/auction/replays").status, 405);
}

TEST(AuctionReplayUpload, TakesALogAboveTheBodyLimitAndRefusesOneAboveTheUploadLimit) {
  Arcade arcade(app::built_in_lexicon().lexicon);
  ServerLimits limits;
  limits.max_body_bytes = 1024;
  limits.max_upload_bytes = 16 * 1024;
  HttpServer server(arcade, limits);
  const std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread runner([&] { server.run(1); });
  const std::string log = game_log(7);
  ASSERT_GT(log.size(), limits.max_body_bytes);
  const test::ClientResponse taken =
      test::http_post(port, "/api/auction/replays", Json{{"log", log}}.dump());
  EXPECT_EQ(taken.status, 201) << taken.body;
  std::string big = log;
  while (big.size() <= limits.max_upload_bytes) big += "\n";
  const test::ClientResponse refused =
      test::http_post(port, "/api/auction/replays", Json{{"log", big}}.dump());
  EXPECT_EQ(refused.status, 413);
  // Other routes keep the ordinary limit.
  EXPECT_EQ(test::http_post(port, "/api/sessions", Json{{"log", log}}.dump()).status, 413);
  server.stop();
  runner.join();
}

// Tournaments.

TEST_F(AuctionRoutesTest, RunsATournamentToItsTable) {
  const Json started =
      post("/api/auction/tournaments",
           {{"config", bots({"strong", "random"})}, {"games", 4}, {"seed", 3}}, 201);
  EXPECT_EQ(started["games"], 4);
  EXPECT_EQ(started["lineup"], Json({"strong", "random"}));
  const std::string id = started["id"];
  const Json done = watch(id)->wait_for(over);
  EXPECT_EQ(done["type"], "tournament");
  EXPECT_EQ(done["status"], "finished") << done.dump();
  EXPECT_EQ(done["done"], 4);
  ASSERT_EQ(done["table"].size(), 2u);
  EXPECT_EQ(done["table"][0]["name"], "strong");
  EXPECT_EQ(done["table"][0]["player_games"], 4);
  EXPECT_EQ(done["table"][1]["player_games"], 4);
  const Json read = Json::parse(request("GET", "/api/auction/tournaments/" + id).body);
  EXPECT_EQ(read["table"], done["table"]);

  // The same seed gives the same table.
  const Json again = post("/api/auction/tournaments",
                          {{"config", bots({"strong", "random"})}, {"games", 4}, {"seed", 3}}, 201);
  EXPECT_EQ(watch(again["id"])->wait_for(over)["table"], done["table"]);
}

TEST_F(AuctionRoutesTest, RefusesABadLineupOrTooManyGames) {
  EXPECT_EQ(post("/api/auction/tournaments", {{"config", bots({"strong"})}}, 400)["field"],
            "seats");
  EXPECT_EQ(post("/api/auction/tournaments", {{"config", bots({"strong", "nobody"})}}, 400)["code"],
            "bad_config");
  const Json person{{"seats", {{{"kind", "bot"}, {"name", "strong"}}, {{"kind", "person"}}}}};
  EXPECT_EQ(post("/api/auction/tournaments", {{"config", person}}, 400)["field"], "seats");
  EXPECT_EQ(post("/api/auction/tournaments",
                 {{"config", bots({"strong", "value"})}, {"games", 1'000'000}}, 400)["code"],
            "too_many_games");
  EXPECT_EQ(post("/api/auction/tournaments", {{"config", bots({"strong", "value"})}, {"games", 0}},
                 400)["code"],
            "too_many_games");
  EXPECT_EQ(
      post("/api/auction/tournaments",
           {{"config", bots({"strong", "value"}, /*rounds=*/11)}, {"games", 2000}}, 400)["code"],
      "too_many_games");
  EXPECT_EQ(post("/api/auction/tournaments", {{"lineup", "strong"}}, 400)["code"], "bad_request");
  EXPECT_EQ(request("GET", "/api/auction/tournaments/0123").status, 404);
}

const std::string kZeroBot =
    std::string("/bin/sh ") + WG_SOURCE_DIR + "/tests/protocol/bots/zero_bot.sh";

Json with_external(const std::string& command) {
  return {
      {"seats", {{{"kind", "bot"}, {"name", "value"}}, {{"kind", "external"}, {"name", command}}}},
      {"rounds", 1}};
}

TEST_F(AuctionRoutesTest, RefusesAnExternalBotTheOperatorDidNotAllow) {
  const Json refused =
      post("/api/auction/tournaments", {{"config", with_external(kZeroBot)}, {"games", 2}}, 403);
  EXPECT_EQ(refused["code"], "bot_not_allowed");
  EXPECT_NE(refused["error"].get<std::string>().find("--allow-bot"), std::string::npos);
  // A live game is refused one too.
  EXPECT_EQ(post("/api/sessions", {{"game", "auction"}, {"config", with_external(kZeroBot)}},
                 400)["field"],
            "seats");
}

TEST_F(AuctionRoutesTest, RunsAnExternalBotTheOperatorAllowed) {
  options_.allowed_bots = {kZeroBot};
  const Json refused = post("/api/auction/tournaments",
                            {{"config", with_external(kZeroBot + " --other")}, {"games", 2}}, 403);
  EXPECT_EQ(refused["code"], "bot_not_allowed");
  const Json started = post("/api/auction/tournaments",
                            {{"config", with_external(kZeroBot)}, {"games", 2}, {"seed", 1}}, 201);
  const Json done = watch(started["id"])->wait_for(over);
  EXPECT_EQ(done["status"], "finished") << done.dump();
  ASSERT_EQ(done["table"].size(), 2u);
  EXPECT_EQ(done["table"][1]["name"], kZeroBot);
  EXPECT_EQ(done["table"][1]["player_games"], 2);
}

TEST_F(AuctionRoutesTest, SaysWhyATournamentFailed) {
  const std::string missing = std::string(WG_SOURCE_DIR) + "/tests/protocol/bots/no_such_bot";
  options_.allowed_bots = {missing};
  const Json started =
      post("/api/auction/tournaments", {{"config", with_external(missing)}, {"games", 2}}, 201);
  const Json failed = watch(started["id"])->wait_for(over);
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_NE(failed["error"].get<std::string>().find("no_such_bot"), std::string::npos)
      << failed.dump();
  EXPECT_FALSE(failed.contains("table"));
}

TEST_F(AuctionRoutesTest, RefusesATournamentBeyondTheOnesRunningAtOnce) {
  tournaments_.max_running = 1;
  auto gate = gated();
  const Json first =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 50}}, 201);
  gate->wait_held();  // the first is running
  const Json refused =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 429);
  EXPECT_EQ(refused["code"], "too_many_tournaments");
  auto peer = watch(first["id"]);
  gate->release();
  EXPECT_EQ(peer->wait_for(over)["status"], "finished");
  post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 201);
}

TEST_F(AuctionRoutesTest, DeletingATournamentStopsItBetweenGames) {
  auto gate = gated();
  const Json started = post("/api/auction/tournaments",
                            {{"config", bots({"value", "random"})}, {"games", 2000}}, 201);
  const std::string id = started["id"];
  gate->wait_held();
  auto peer = watch(id);
  EXPECT_EQ(request("DELETE", "/api/auction/tournaments/" + id).status, 200);
  gate->release();
  const Json stopped = peer->wait_for(over);
  EXPECT_EQ(stopped["status"], "stopped");
  EXPECT_EQ(stopped["done"], 1);  // the game under way is finished, no other begun
  EXPECT_FALSE(stopped.contains("table"));
}

TEST_F(AuctionRoutesTest, ATournamentIsKeptInTheStoreWithEachGameAndItsLog) {
  const wg::test::TempDir dir{"wg-kept-tournament"};
  options_.store = app::open_store(dir.path());
  const Json started =
      post("/api/auction/tournaments",
           {{"config", bots({"value", "random"})}, {"games", 3}, {"seed", 5}}, 201);
  const Json done = watch(started["id"])->wait_for(over);
  ASSERT_EQ(done["status"], "finished") << done.dump();
  ASSERT_TRUE(done["kept_id"].is_number()) << done.dump();
  const Json kept = Json::parse(
      request("GET", "/api/tournaments/" + std::to_string(done["kept_id"].get<std::int64_t>()))
          .body);
  EXPECT_EQ(kept["status"], "finished");
  EXPECT_EQ(kept["table"], done["table"]);
  EXPECT_EQ(kept["config"]["lineup"], Json({"value", "random"}));
  ASSERT_EQ(kept["game_ids"].size(), 3u) << kept.dump();
  for (const Json& id : kept["game_ids"]) {
    const HttpResponse log =
        request("GET", "/api/games/" + std::to_string(id.get<std::int64_t>()) + "/log");
    ASSERT_EQ(log.status, 200) << log.body;
    // A whole game's log, as `wordgames auction tournament --log-dir` writes one.
    std::istringstream in(log.body);
    const app::AuctionLog read = app::read_auction_log(in, "kept.jsonl");
    EXPECT_EQ(read.cut_line, 0);
    EXPECT_TRUE(std::holds_alternative<au::Finished>(read.events.back()));
  }
  // Bots are players like any other name.
  EXPECT_EQ(options_.store->finished_games("random").size(), 3u);
  arcade_.reset();  // before its store's directory goes
  options_.store.reset();
}

TEST_F(AuctionRoutesTest, AStoppedTournamentIsKeptAsStoppedWithTheGamesItPlayed) {
  const wg::test::TempDir dir{"wg-kept-tournament"};
  options_.store = app::open_store(dir.path());
  auto gate = gated();
  const Json started = post("/api/auction/tournaments",
                            {{"config", bots({"value", "random"})}, {"games", 2000}}, 201);
  const std::string id = started["id"];
  gate->wait_held();
  auto peer = watch(id);
  EXPECT_EQ(request("DELETE", "/api/auction/tournaments/" + id).status, 200);
  gate->release();
  const Json stopped = peer->wait_for(over);
  ASSERT_EQ(stopped["status"], "stopped");
  const std::vector<app::TournamentRecord> kept = options_.store->tournaments();
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].status, "stopped");
  EXPECT_EQ(options_.store->tournament(kept[0].id).game_ids.size(), 1u);
  peer.reset();
  arcade_.reset();  // before its store's directory goes
  options_.store.reset();
}

TEST_F(AuctionRoutesTest, TheLastWatcherLeavingStopsATournament) {
  auto gate = gated();
  const Json started = post("/api/auction/tournaments",
                            {{"config", bots({"value", "random"})}, {"games", 2000}}, 201);
  const std::string id = started["id"];
  gate->wait_held();
  auto first = watch(id);
  auto second = watch(id);
  arcade().socket_closed(second);  // one watcher is left: it runs on
  arcade().socket_closed(first);   // none: it stops
  gate->release();
  // A page that comes back sees it stopped (at once, or when its thread ends).
  const Json stopped = watch(id)->wait_for(over);
  EXPECT_EQ(stopped["status"], "stopped");
  EXPECT_EQ(stopped["done"], 1);
}

// A security probe: SIGTERM during a tournament killed its bots, and then the tournament
// started a new game and bot, which it played out for 23.8 s before the server could exit.

TEST_F(AuctionRoutesTest, TheServerStoppingStopsATournamentBeforeItsNextGame) {
  auto gate = gated();
  const Json started = post("/api/auction/tournaments",
                            {{"config", bots({"value", "random"})}, {"games", 2000}}, 201);
  gate->wait_held();  // its first game played, its thread held before the next
  auto peer = watch(started["id"]);
  HttpServer server(arcade());
  server.listen("127.0.0.1", 0);
  server.stop();  // the server stops (on SIGTERM, the same): it tells the arcade first
  server.run();
  const Json refused =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 503);
  EXPECT_EQ(refused["code"], "stopping");
  gate->release();
  const Json stopped = peer->wait_for(over);
  EXPECT_EQ(stopped["status"], "stopped");
  EXPECT_EQ(stopped["done"], 1) << "no game begun after the stop";
}

TEST_F(AuctionRoutesTest, TheServerStoppingEndsTheGameInPlayAtItsNextEvent) {
  // A bot that, asked its first bid, writes its pid to a FIFO and never answers: the game is
  // in play, waiting on it, for as long as the test needs (no reply time limit).
  const wg::test::TempDir dir{"wg-stopping-tournament"};
  const std::string fifo = (dir / "bot.pid").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string stubborn = "/bin/sh " + std::string(WG_SOURCE_DIR) +
                               "/tests/protocol/bots/hostile_bot.sh stubborn " + fifo;
  options_.allowed_bots = {stubborn};
  options_.bots.sandbox.enabled = false;  // trusted: it writes to the test's FIFO
  options_.bots.reply_timeout = std::chrono::hours(1);
  const Json started =
      post("/api/auction/tournaments", {{"config", with_external(stubborn)}, {"games", 2}}, 201);
  auto peer = watch(started["id"]);
  pid_t bot = -1;
  {
    std::ifstream in(fifo);  // blocks until the bot, asked its first bid, writes its pid
    in >> bot;
  }
  ASSERT_GT(bot, 0);
  arcade().stopping();   // what the server calls first when it stops
  ::kill(bot, SIGKILL);  // then `wordgames serve` kills every bot
  const Json stopped = peer->wait_for(over);
  EXPECT_EQ(stopped["status"], "stopped") << "the game was not played out";
  EXPECT_EQ(stopped["done"], 0);
}

// Tournaments on workers (serve --on-workers): queued as jobs in the store, played
// by workers run here in the test's thread (app::Worker), read from the store by any arcade
// over it. Pages following one are sent what the pollers read: the tests wait for a message,
// never on the clock (the poll interval is made short only to keep them quick).

/// A worker's JobContext for playing one unit by hand (and so seeing a tournament midway).
class UnitContext final : public app::JobContext {
 public:
  UnitContext(app::GameStore& store, app::LogLexicon lexicon)
      : store_(store), lexicon_(std::move(lexicon)) {}
  app::GameStore& store() override { return store_; }
  const Lexicon& lexicon() override { return *app::built_in_lexicon().lexicon; }
  const app::LogLexicon& log_lexicon() override { return lexicon_; }
  std::int64_t now_ms() override { return 2000; }
  void progress(const Json&) override {}

 private:
  app::GameStore& store_;
  app::LogLexicon lexicon_;
};

class TournamentsOnWorkersTest : public AuctionRoutesTest {
 protected:
  TournamentsOnWorkersTest() {
    options_.store = store_;
    options_.on_workers = true;
    options_.lexicon_source = lexicon_.source;
    tournaments_.poll_interval = std::chrono::milliseconds(1);
  }
  ~TournamentsOnWorkersTest() override {
    arcade_.reset();  // before its store's directory goes
    options_.store.reset();
  }

  /// A worker over a connection of its own that runs every job queued, then ends; the jobs it
  /// finished.
  int run_worker(app::LogLexicon lexicon) {
    auto store = app::open_store(dir_.path());
    app::WorkerOptions options;
    options.name = "test-worker";
    options.once = true;
    options.poll_ms = 1;
    app::Worker worker(
        *store, app::registered_job_kinds(), app::built_in_lexicon().lexicon, std::move(lexicon),
        [] { return std::int64_t{3000}; }, options, [](std::string_view) {});
    const std::atomic<bool> stop{false};
    return worker.run(stop);
  }
  int run_worker() { return run_worker(lexicon_); }
  /// Plays the first job queued (a unit of games) by hand.
  void play_one_unit() {
    const std::optional<app::Job> job = store_->claim_job("by-hand", 2000, 60'000);
    ASSERT_TRUE(job);
    ASSERT_EQ(job->group.rfind("auction_tournament.", 0), 0u) << job->kind;
    UnitContext context(*store_, lexicon_);
    const Json result = app::auction_tournament_job_kinds().at(0).run(*job, context);
    ASSERT_TRUE(store_->finish_job(job->id, "by-hand", 2000, result));
  }
  /// The state of a tournament through `arcade`'s API.
  static Json state_through(Arcade& arcade, const std::string& id) {
    const HttpResponse response =
        test::handle(arcade, test::handler_request("GET", "/api/auction/tournaments/" + id, ""));
    EXPECT_EQ(response.status, 200) << response.body;
    return Json::parse(response.body);
  }
  static std::shared_ptr<WaitingPeer> watch_through(Arcade& arcade, const std::string& id) {
    auto peer = std::make_shared<WaitingPeer>();
    HttpRequest upgrade;
    upgrade.method = "GET";
    upgrade.path = "/api/auction/tournaments/" + id + "/live";
    upgrade.host = "127.0.0.1:8080";
    EXPECT_EQ(arcade.open_socket(upgrade, peer).status, 0);
    return peer;
  }
  /// The table the same tournament gives when an arcade plays it on its own threads.
  Json table_played_here(const Json& body) {
    ArcadeOptions options;
    options.game_routes = {auction_routes()};
    Arcade local(app::built_in_lexicon().lexicon, options);
    const HttpResponse started =
        test::handle(local, test::handler_request("POST", "/api/auction/tournaments", body.dump()));
    EXPECT_EQ(started.status, 201) << started.body;
    const Json done = watch_through(local, Json::parse(started.body)["id"])->wait_for(over);
    EXPECT_EQ(done["status"], "finished") << done.dump();
    return done["table"];
  }

  wg::test::TempDir dir_{"wg-tournaments-on-workers"};
  std::shared_ptr<app::GameStore> store_ = app::open_store(dir_.path());
  app::LogLexicon lexicon_{app::built_in_lexicon().info.source,
                           app::built_in_lexicon().lexicon->size()};
};

TEST_F(TournamentsOnWorkersTest, AQueuedTournamentShowsItsProgressAndTheTableItGivesHere) {
  const Json body{{"config", bots({"strong", "value", "random"})}, {"games", 6}, {"seed", 3}};
  const Json queued = post("/api/auction/tournaments", body, 201);
  EXPECT_EQ(queued["status"], "running");
  EXPECT_EQ(queued["done"], 0);
  EXPECT_EQ(queued["games"], 6);
  EXPECT_EQ(queued["seed"], 3);
  EXPECT_EQ(queued["lineup"], Json({"strong", "value", "random"}));
  EXPECT_EQ(queued["rules"]["rounds"], 1);
  EXPECT_EQ(queued["stoppable"], false);
  // Its id is its id in the store, where it waits for workers.
  const std::string id = queued["id"];
  EXPECT_EQ(id, std::to_string(queued["kept_id"].get<std::int64_t>()));
  EXPECT_EQ(store_->jobs(app::auction_tournament_group(queued["kept_id"])).size(), 6u);
  auto peer = watch(id);
  EXPECT_EQ(peer->wait_for([](const Json&) { return true; })["done"], 0);

  play_one_unit();  // a unit of one game (6 games: a sixteenth, at least one)
  const Json midway = peer->wait_for([](const Json& state) { return state["done"] == 1; });
  EXPECT_EQ(midway["status"], "running");
  EXPECT_EQ(state_through(arcade(), id)["done"], 1);

  EXPECT_EQ(run_worker(), 6);  // the 5 other units, then the table
  const Json done = peer->wait_for(over);
  EXPECT_EQ(done["type"], "tournament");
  EXPECT_EQ(done["status"], "finished") << done.dump();
  EXPECT_EQ(done["done"], 6);
  ASSERT_EQ(done["table"].size(), 3u);
  EXPECT_EQ(done["table"], table_played_here(body));
  EXPECT_EQ(state_through(arcade(), id)["table"], done["table"]);
  // Kept as every tournament is, with its games.
  const Json kept = Json::parse(request("GET", "/api/tournaments/" + id).body);
  EXPECT_EQ(kept["status"], "finished");
  EXPECT_EQ(kept["game_ids"].size(), 6u);
}

TEST_F(TournamentsOnWorkersTest, ATournamentQueuedThroughOneArcadeIsListedAndFinishedByAnother) {
  // A second server over the same store, on a connection of its own (scripts/cluster's).
  ArcadeOptions other_options = options_;
  other_options.store = app::open_store(dir_.path());
  other_options.game_routes = {auction_routes(tournaments_)};
  Arcade other(app::built_in_lexicon().lexicon, other_options);

  const Json queued = post("/api/auction/tournaments",
                           {{"config", bots({"value", "random"})}, {"games", 4}, {"seed", 9}}, 201);
  const std::string id = queued["id"];
  const Json seen = state_through(other, id);
  EXPECT_EQ(seen["status"], "running");
  EXPECT_EQ(seen["lineup"], Json({"value", "random"}));
  const HttpResponse listed =
      test::handle(other, test::handler_request("GET", "/api/tournaments", ""));
  ASSERT_EQ(listed.status, 200);
  ASSERT_EQ(Json::parse(listed.body)["tournaments"].size(), 1u) << listed.body;
  EXPECT_EQ(Json::parse(listed.body)["tournaments"][0]["id"], queued["kept_id"]);

  auto peer = watch_through(other, id);
  EXPECT_EQ(run_worker(), 5);
  const Json done = peer->wait_for(over);
  EXPECT_EQ(done["status"], "finished") << done.dump();
  EXPECT_EQ(done["done"], 4);
  EXPECT_EQ(state_through(arcade(), id), state_through(other, id));
}

TEST_F(TournamentsOnWorkersTest, RefusesExternalBotsAndSaysAQueuedTournamentCannotBeStopped) {
  options_.allowed_bots = {kZeroBot};
  const Json refused =
      post("/api/auction/tournaments", {{"config", with_external(kZeroBot)}, {"games", 2}}, 403);
  EXPECT_EQ(refused["code"], "bot_not_allowed");
  EXPECT_NE(refused["error"].get<std::string>().find("built-in bots only"), std::string::npos)
      << refused.dump();
  EXPECT_EQ(store_->jobs_to_do(), 0) << "nothing queued";
  const Json rules = Json::parse(request("GET", "/api/auction/tournaments").body);
  EXPECT_EQ(rules["on_workers"], true);
  EXPECT_EQ(rules["allowed_bots"], Json::array());

  const Json queued =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 201);
  const std::string id = queued["id"];
  const HttpResponse stop = request("DELETE", "/api/auction/tournaments/" + id);
  EXPECT_EQ(stop.status, 409);
  EXPECT_EQ(Json::parse(stop.body)["code"], "cannot_stop");
  EXPECT_EQ(request("GET", "/api/auction/tournaments/" + id + "0").status, 404);
  EXPECT_EQ(request("GET", "/api/auction/tournaments/x" + id).status, 404);
  EXPECT_EQ(request("GET", "/api/auction/tournaments/0").status, 404);
  run_worker();
  EXPECT_EQ(Json::parse(request("DELETE", "/api/auction/tournaments/" + id).body)["status"],
            "finished");
}

TEST_F(TournamentsOnWorkersTest, ATournamentAWorkerCannotPlayFailsSayingWhy) {
  const Json queued =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 201);
  auto peer = watch(queued["id"]);
  run_worker({"other.txt", 5});
  const Json failed = peer->wait_for(over);
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_NE(failed["error"].get<std::string>().find("start the worker with the same lexicon"),
            std::string::npos)
      << failed.dump();
  EXPECT_FALSE(failed.contains("table"));
}

TEST_F(TournamentsOnWorkersTest, ATournamentKeptWithoutItsJobsFailsOnceTheyCannotBeComing) {
  // The store failed between keeping the tournament and queueing its jobs: a copy of a queued
  // tournament's record, kept alone.
  const Json queued =
      post("/api/auction/tournaments", {{"config", bots({"value", "random"})}, {"games", 2}}, 201);
  app::TournamentRecord alone = store_->tournament(queued["kept_id"]);
  alone.id = 0;
  const std::string fresh = std::to_string(store_->record_tournament(alone, {}));
  EXPECT_EQ(state_through(arcade(), fresh)["status"], "running") << "its jobs may be coming";
  alone.started_ms = alone.ended_ms = 1000;  // long ago
  const std::string old = std::to_string(store_->record_tournament(alone, {}));
  const Json failed = state_through(arcade(), old);
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_NE(failed["error"].get<std::string>().find("never queued"), std::string::npos)
      << failed.dump();
}

TEST_F(TournamentsOnWorkersTest, RefusesATournamentWhileTheQueueIsFull) {
  tournaments_.max_queued_jobs = 3;
  const Json two_games{{"config", bots({"value", "random"})}, {"games", 2}};
  post("/api/auction/tournaments", two_games, 201);  // two units and the table: full
  EXPECT_EQ(post("/api/auction/tournaments", two_games, 429)["code"], "too_many_tournaments");
  run_worker();
  post("/api/auction/tournaments", two_games, 201);
}

}  // namespace
}  // namespace wg::server
