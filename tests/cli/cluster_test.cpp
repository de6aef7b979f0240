// Several arcade servers over one PostgreSQL store behind HAProxy act as one arcade
// (docs/SCALING.md), started as a user would: `scripts/cluster up` (a throwaway PostgreSQL, the
// servers, HAProxy in front) and `scripts/cluster down`. The server that owns a game is killed
// (SIGKILL) in the middle of it: the game goes on through another, its watcher follows, no
// acknowledged command is lost and the finished game is recorded once. Two servers sent one
// game's commands in turn never both go on with it. Labelled `cluster`; skipped, saying why,
// where HAProxy or PostgreSQL is missing.
#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/postgres_store.h"
#include "server/test_client.h"
#include "support/postgres_server.h"
#include "support/process.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg {
namespace {

using nlohmann::json;
using server::test::ClientResponse;
using server::test::http_get;
using server::test::http_post;
using server::test::TestSocket;
using test::TempDir;

/// Why a cluster cannot start here, or "".
std::string cluster_unavailable() {
  if (std::string why = test::PostgresServer::unavailable(); !why.empty()) return why;
  if (::access("/usr/sbin/haproxy", X_OK) != 0) {
    return "no HAProxy (/usr/sbin/haproxy; scripts/setup test installs it)";
  }
  return "";
}

/// `scripts/cluster up SERVERS` in a folder of its own, and `down` at the end.
class Cluster {
 public:
  explicit Cluster(int servers) : dir_("wg-cluster") {
    // Run as root, the database's server runs as another user, who must reach its folder.
    std::filesystem::permissions(dir_.path(), std::filesystem::perms::others_exec,
                                 std::filesystem::perm_options::add);
    const test::ProcessResult up = script({"up", std::to_string(servers)});
    EXPECT_EQ(up.exit_code, 0) << up;
    std::ifstream nodes(dir_ / "state" / "nodes");
    int node = 0;
    pid_t pid = 0;
    unsigned node_port = 0;
    while (nodes >> node >> pid >> node_port) {
      nodes_[node] = {pid, static_cast<std::uint16_t>(node_port)};
    }
    std::ifstream address(dir_ / "state" / "address");
    std::string text;
    address >> text;  // http://127.0.0.1:PORT/
    unsigned port = 0;
    if (std::sscanf(text.c_str(), "http://127.0.0.1:%u/", &port) == 1) {
      port_ = static_cast<std::uint16_t>(port);
    }
    std::ifstream(dir_ / "state" / "url") >> url_;
    EXPECT_EQ(nodes_.size(), static_cast<std::size_t>(servers)) << up;
  }
  ~Cluster() { script({"down"}); }
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  std::uint16_t port() const { return port_; }  ///< HAProxy's
  const std::string& url() const { return url_; }
  /// The port of the server numbered `node`.
  std::uint16_t node_port(int node) const { return nodes_.at(node).port; }
  /// Kills (SIGKILL) the server whose node number begins the id `id`: the game's owner.
  void kill_owner_of(const std::string& id) { kill_node(std::stoi(id.substr(0, 2), nullptr, 16)); }
  /// Kills (SIGKILL) the server whose letter begins the room's code `code`.
  void kill_owner_of_room(const std::string& code) {
    kill_node(static_cast<int>(std::string_view("BCDFGHJKLMNPQRSTVWXZ").find(code.at(0))) + 1);
  }
  void kill_node(int node) { ASSERT_EQ(::kill(nodes_.at(node).pid, SIGKILL), 0); }

 private:
  struct Node {
    pid_t pid = 0;
    std::uint16_t port = 0;
  };
  test::ProcessResult script(std::vector<std::string> args) {
    args.insert(args.begin(), std::string(WG_SOURCE_DIR) + "/scripts/cluster");
    test::ProcessOptions options;
    options.env["WG_CLUSTER_DIR"] = (dir_ / "state").string();
    options.env["WG_CLUSTER_PORT"] = "0";
    options.env["WG_BINARY"] = WG_BINARY;
    options.env["WG_CLUSTER_STORE"] = std::nullopt;
    return test::run_process(std::move(args), options);
  }

  TempDir dir_;
  std::map<int, Node> nodes_;
  std::uint16_t port_ = 0;
  std::string url_;
};

/// A player who sends a command until it is acknowledged (200), as a page does when told the
/// server is gone or the game moved: the commands acknowledged, in order.
class Player {
 public:
  Player(std::uint16_t port, std::string secret) : port_(port), secret_(std::move(secret)) {}

  json post(const std::string& target, const json& body, int status) {
    const ClientResponse r = http_post(port_, target, body.dump(), headers());
    EXPECT_EQ(r.status, status) << target << ": " << r.body;
    return json::parse(r.body, nullptr, false);
  }
  /// Plays `command` in the session `id` until it is acknowledged; its answer.
  json play(const std::string& id, const json& command) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      const ClientResponse r =
          http_post(port_, "/api/sessions/" + id + "/commands", command.dump(), headers());
      if (r.status == 200) {
        acknowledged_.push_back(command);
        return json::parse(r.body);
      }
      // The server went while the command was on its way (502, 503, a closed connection), or
      // the game moved (409 game_moved): sent again. Anything else is a failure.
      const bool again = r.status == 0 || r.status == 502 || r.status == 503 ||
                         (r.status == 409 && r.body.find("game_moved") != std::string::npos);
      EXPECT_TRUE(again) << r.status << " " << r.body;
      if (!again) break;
    }
    ADD_FAILURE() << "never acknowledged: " << command.dump();
    return nullptr;
  }
  const std::vector<json>& acknowledged() const { return acknowledged_; }

 private:
  server::test::Headers headers() const { return {{"X-Player-Secret", secret_}}; }
  std::uint16_t port_;
  std::string secret_;
  std::vector<json> acknowledged_;
};

/// The commands of a saved game or record as they were sent: only the fields of `sent` (what
/// a server stamps on a command, such as its time, is left out).
std::vector<json> as_sent(const json& commands, const std::vector<json>& sent) {
  std::vector<json> kept;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    json command = json::object();
    for (const auto& [key, value] : commands[i].items()) {
      if (i >= sent.size() || sent[i].contains(key)) command[key] = value;
    }
    kept.push_back(std::move(command));
  }
  return kept;
}

/// A spectator's socket through the balancer, reconnected whenever it closes: the version of
/// the last update it saw.
class Watcher {
 public:
  Watcher(std::uint16_t port, std::string watch)
      : port_(port), path_("/api/watch/" + watch + "/live") {
    EXPECT_TRUE(connect());
  }
  /// Reads updates until one at `version` or later (reconnecting as a page does); its JSON.
  json until(int version) {
    for (int reconnects = 0; reconnects < 50;) {
      const std::optional<std::string> message = socket_->receive();
      if (!message) {  // its server went: a new socket, to wherever the game is now
        ++reconnects;
        connect();
        continue;
      }
      const json update = json::parse(*message);
      if (update.value("type", "") == "update" && update.value("version", 0) >= version) {
        return update;
      }
    }
    ADD_FAILURE() << "the watcher never saw version " << version;
    return nullptr;
  }

 private:
  bool connect() {
    for (int attempt = 0; attempt < 100; ++attempt) {
      socket_ = std::make_unique<TestSocket>();
      if (socket_->connect(port_, path_)) return true;
    }
    return false;
  }
  std::uint16_t port_;
  std::string path_;
  std::unique_ptr<TestSocket> socket_;
};

TEST(Cluster, ATournamentPostedThroughTheBalancerIsPlayedByTheWorkerAndShownByEveryServer) {
  if (const std::string why = cluster_unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster(2);
  const json seats = {{{"kind", "bot"}, {"name", "value"}}, {{"kind", "bot"}, {"name", "random"}}};
  const ClientResponse posted = http_post(
      cluster.port(), "/api/auction/tournaments",
      json{{"config", {{"seats", seats}, {"rounds", 1}}}, {"games", 4}, {"seed", 2}}.dump());
  ASSERT_EQ(posted.status, 201) << posted.body;
  const std::string path =
      "/api/auction/tournaments/" + json::parse(posted.body).value("id", std::string());
  // The cluster's worker plays it while the test looks (a generous deadline, not a timing).
  json first;
  for (int look = 0; look < 1200; ++look) {
    const ClientResponse r = http_get(cluster.node_port(1), path);
    ASSERT_EQ(r.status, 200) << r.body;
    first = json::parse(r.body);
    if (first.value("status", "") != "running") break;
    ::usleep(50'000);
  }
  ASSERT_EQ(first.value("status", ""), "finished") << first.dump();
  EXPECT_EQ(first["done"], 4);
  const ClientResponse second = http_get(cluster.node_port(2), path);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(json::parse(second.body), first);
}

TEST(Cluster, TheOwnerOfAGameKilledMidGameLosesNothingAcknowledged) {
  if (const std::string why = cluster_unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster(2);
  ASSERT_NE(cluster.port(), 0);
  const ClientResponse made =
      http_post(cluster.port(), "/api/players", json{{"name", "ann"}}.dump());
  ASSERT_EQ(made.status, 201) << made.body;
  Player ann(cluster.port(), json::parse(made.body)["secret"]);
  const json opened = ann.post("/api/sessions", {{"game", "evil-hangman"}, {"player", "ann"}}, 201);
  const std::string id = opened["id"];
  Watcher watcher(cluster.port(), opened["watch"]);

  ann.play(id, {{"command", "new_game"}, {"length", 6}, {"guesses", 10}});
  ann.play(id, {{"command", "guess"}, {"letter", "e"}});
  const json before = ann.play(id, {{"command", "guess"}, {"letter", "a"}});
  EXPECT_EQ(watcher.until(before["version"])["view"], before["view"]);

  cluster.kill_owner_of(id);
  const json after = ann.play(id, {{"command", "guess"}, {"letter", "s"}});
  EXPECT_EQ(after["view"]["letters"], json::array({"e", "a", "s"})) << after.dump();
  EXPECT_EQ(watcher.until(after["version"])["view"], after["view"]) << "it follows, elsewhere";
  const json ended = ann.play(id, {{"command", "give_up"}});
  EXPECT_TRUE(ended["finished"]) << ended.dump();
  EXPECT_TRUE(watcher.until(ended["version"])["finished"]);

  // Recorded once, with every acknowledged command in order.
  app::PostgresStore postgres(cluster.url());
  app::GameStore& store = postgres;  // the port's defaults
  const std::vector<app::GameSummary> games = store.finished_games("ann");
  ASSERT_EQ(games.size(), 1u);
  const json recorded = store.finished_game(games[0].id).commands;
  EXPECT_EQ(as_sent(recorded, ann.acknowledged()), ann.acknowledged()) << recorded.dump();
  EXPECT_TRUE(store.unfinished_games("ann").empty());
}

// A live auction with a person's seat: its owner is killed while the person is awaited; the
// other server takes the auction over, with the person's answer clock, and it plays to its end.
TEST(Cluster, ALiveAuctionWithAPersonsSeatOutlivesItsOwner) {
  if (const std::string why = cluster_unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster(2);
  ASSERT_NE(cluster.port(), 0);
  Player ann(cluster.port(), "");
  const json config = {{"seats",
                        {{{"kind", "person"}, {"name", "Ann"}},
                         {{"kind", "bot"}, {"name", "value"}},
                         {{"kind", "bot"}, {"name", "strong"}}}},
                       {"rounds", 2}};
  const json opened = ann.post(
      "/api/sessions", {{"game", "auction"}, {"config", config}, {"answer_seconds", 600}}, 201);
  const std::string id = opened["id"];
  Watcher watcher(cluster.port(), opened["watch"]);
  json reply = ann.play(id, {{"command", "run_to_end"}});
  for (int answers = 0; !reply.is_null() && !reply["finished"].get<bool>() && answers < 200;
       ++answers) {
    if (answers == 2) cluster.kill_owner_of(id);
    const json& seat = reply["view"]["seats"][0];
    ASSERT_EQ(reply["view"]["status"], "awaiting") << reply.dump();
    reply = seat.value("awaited", "") == "bid" ? ann.play(id, {{"command", "bid"}, {"amount", 1}})
                                               : ann.play(id, {{"command", "word"}, {"word", ""}});
    if (!reply.is_null() && !reply["finished"].get<bool>() &&
        reply["view"]["status"] != "awaiting") {
      reply = ann.play(id, {{"command", "run_to_end"}});
    }
  }
  ASSERT_FALSE(reply.is_null());
  EXPECT_TRUE(reply["finished"]) << reply.dump();
  EXPECT_GE(ann.acknowledged().size(), 4u) << "the owner went mid-game";
  EXPECT_TRUE(watcher.until(reply["version"])["finished"]);
  const ClientResponse saved = http_get(cluster.port(), "/api/sessions/" + id + "/saved");
  ASSERT_EQ(saved.status, 200) << saved.body;
  const json commands = json::parse(saved.body)["commands"];
  EXPECT_EQ(as_sent(commands, ann.acknowledged()), ann.acknowledged()) << commands.dump();
}

// A Word Search room whose server is killed mid-round: the round goes on through the other
// server, with every word acknowledged before, and ends with both players' words.
TEST(Cluster, AWordSearchRoomOutlivesItsServer) {
  if (const std::string why = cluster_unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster(2);
  ASSERT_NE(cluster.port(), 0);
  const auto post = [&](const std::string& path, const json& body) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      const ClientResponse r = http_post(cluster.port(), path, body.dump());
      if (r.status != 0 && r.status != 502 && r.status != 503) return r;
    }
    return ClientResponse{};
  };
  const ClientResponse opened =
      post("/api/rooms",
           {{"config", {{"seconds", 0}, {"board", "TEAM/ESTA/AMTE/STEA"}}}, {"name", "Ann"}});
  ASSERT_EQ(opened.status, 201) << opened.body;
  const std::string code = json::parse(opened.body)["room"];
  const std::string ann = json::parse(opened.body)["player"];
  const ClientResponse joined = post("/api/rooms/" + code + "/players", {{"name", "Bo"}});
  ASSERT_EQ(joined.status, 201) << joined.body;
  const std::string bo = json::parse(joined.body)["player"];
  ASSERT_EQ(post("/api/rooms/" + code + "/start", {{"player", ann}}).status, 200);
  const auto act = [&](const std::string& key, const json& command) {
    const ClientResponse r = post("/api/rooms/" + code + "/commands?player=" + key, command);
    EXPECT_EQ(r.status, 200) << r.body;
    return json::parse(r.body, nullptr, false);
  };
  act(ann, {{"command", "submit"}, {"word", "steam"}});
  cluster.kill_owner_of_room(code);
  act(bo, {{"command", "submit"}, {"word", "team"}});
  act(ann, {{"command", "close"}});
  const json ended = act(bo, {{"command", "close"}});
  ASSERT_EQ(ended["view"]["status"], "finished") << ended.dump();
  const json players = ended["view"]["results"]["players"];
  EXPECT_EQ(players[0]["words"].size(), 1u) << players.dump();
  EXPECT_EQ(players[1]["words"].size(), 1u) << players.dump();
}

TEST(Cluster, TwoServersSentOneGamesCommandsInTurnNeverBothGoOnWithIt) {
  if (const std::string why = cluster_unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster(2);
  ASSERT_NE(cluster.port(), 0);
  // Straight to each server, past the balancer: as if each believed it owned the game.
  Player first(cluster.node_port(1), "");
  Player second(cluster.node_port(2), "");
  const std::string id = first.post("/api/sessions", {{"game", "evil-hangman"}}, 201)["id"];
  first.play(id, {{"command", "new_game"}, {"length", 7}, {"guesses", 26}});
  std::vector<json> played = first.acknowledged();
  json last;
  const std::string letters = "etaoinsrhl";
  for (std::size_t i = 0; i < letters.size(); ++i) {
    Player& player = i % 2 == 0 ? second : first;
    const json command{{"command", "guess"}, {"letter", std::string(1, letters[i])}};
    last = player.play(id, command);
    played.push_back(command);
  }
  // Every guess went in once, in the order acknowledged, whichever server took it.
  std::vector<json> guessed;
  for (const json& letter : last["view"]["letters"]) guessed.push_back(letter);
  ASSERT_EQ(guessed.size(), letters.size()) << last.dump();
  for (std::size_t i = 0; i < letters.size(); ++i)
    EXPECT_EQ(guessed[i], std::string(1, letters[i]));
  const ClientResponse saved = http_get(cluster.port(), "/api/sessions/" + id + "/saved");
  ASSERT_EQ(saved.status, 200) << saved.body;
  const json commands = json::parse(saved.body)["commands"];
  EXPECT_EQ(as_sent(commands, played), played) << commands.dump();
}

}  // namespace
}  // namespace wg
