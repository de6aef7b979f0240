// The arcade and its HTTP server under abuse, over real loopback sockets (issue 15): slow clients
// past the connection cap, oversized and malformed requests, thousands of sessions, guessed ids,
// path traversal, other sites' pages and WebSocket abuse. Each test asserts outcomes (the answer
// and its JSON, the server still answering afterwards), never how fast: the sizes are bounded, and
// the figures (memory, rates) are bench/arcade_abuse's.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "app/json.h"
#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/http_server.h"
#include "server/test_client.h"
#include "support/blocking_wait.h"

namespace wg::server {
namespace {

using app::Json;
using test::ClientResponse;
using test::HttpConnection;
using test::RawConnection;
using test::TestSocket;
using namespace std::chrono_literals;

/// The arcade's clock, moved by the test (thread-safe: the server's threads read it).
struct MovableClock {
  std::atomic<std::int64_t> offset_ms{0};
  ArcadeClock clock() {
    return {[this] {
              return std::chrono::steady_clock::time_point{} + 1h +
                     std::chrono::milliseconds(offset_ms.load());
            },
            [](std::chrono::milliseconds, std::function<void()>) { return TimerHandle(); }};
  }
};

constexpr std::size_t kMaxConnections = 24;
constexpr std::size_t kMaxSessions = 2000;

/// True if `response` is an error the front end can read: JSON with an "error" string.
::testing::AssertionResult is_json_error(const ClientResponse& response) {
  const Json body = Json::parse(response.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded() || !body.is_object() || !body.contains("error") ||
      !body["error"].is_string()) {
    return ::testing::AssertionFailure()
           << "status " << response.status << ", not a JSON error: " << response.body;
  }
  return ::testing::AssertionSuccess();
}

class ServerAbuseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ArcadeOptions options;
    options.max_sessions = kMaxSessions;
    options.offline = true;
    arcade_ = std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options, time_.clock());
    ServerLimits limits;
    limits.max_connections = kMaxConnections;
    // Never reached by a passing test, however slow the machine: the tests hold slow clients.
    limits.request_timeout = std::chrono::hours(1);
    limits.keep_alive_timeout = std::chrono::hours(1);
    server_ = std::make_unique<HttpServer>(*arcade_, limits);
    port_ = server_->listen("127.0.0.1", 0);
    runner_ = std::thread([this] { server_->run(2); });
  }

  void TearDown() override {
    server_->stop();
    runner_.join();
    server_.reset();
    arcade_.reset();
  }

  /// The server still serves: the list of games, on a connection of its own.
  ::testing::AssertionResult still_answers() {
    const ClientResponse games = test::http_get(port_, "/api/games");
    if (games.status != 200 || games.body.find("\"games\"") == std::string::npos) {
      return ::testing::AssertionFailure() << "GET /api/games: " << games.status;
    }
    return ::testing::AssertionSuccess();
  }

  /// A new hangman session: its id and watch code.
  std::pair<std::string, std::string> create_session(HttpConnection& connection) {
    const ClientResponse created =
        connection.request("POST", "/api/sessions", R"({"game": "hangman", "seed": 7})",
                           {{"Content-Type", "application/json"}});
    EXPECT_EQ(created.status, 201) << created.body;
    const Json body = Json::parse(created.body, nullptr, false);
    if (body.is_discarded()) return {};
    return {body.value("id", ""), body.value("watch", "")};
  }

  MovableClock time_;
  std::unique_ptr<Arcade> arcade_;
  std::unique_ptr<HttpServer> server_;
  std::uint16_t port_ = 0;
  std::thread runner_;
};

TEST_F(ServerAbuseTest, SlowClientsPastTheConnectionCapLeaveTheServerAnsweringThem) {
  // Slowloris: every connection the server allows holds a request begun a byte at a time.
  std::vector<std::unique_ptr<RawConnection>> slow;
  for (std::size_t i = 0; i < kMaxConnections; ++i) {
    slow.push_back(std::make_unique<RawConnection>(port_));
    ASSERT_TRUE(slow.back()->send_bytewise("GET /api/games HTTP/1.1\r\nHo"));
  }
  // Past the cap, connections are closed at once, without an answer, and nothing is held.
  for (int i = 0; i < 8; ++i) {
    RawConnection extra(port_);
    extra.send("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_EQ(extra.read_response().status, 0);
  }
  // The slow clients are served when their requests end, a byte at a time still.
  for (auto& client : slow) {
    ASSERT_TRUE(client->send_bytewise("st: 127.0.0.1\r\n\r\n"));
    const ClientResponse games = client->read_response();
    EXPECT_EQ(games.status, 200);
    EXPECT_NE(games.body.find("\"games\""), std::string::npos);
  }
  // And the connections they hold go on serving (keep-alive).
  ASSERT_TRUE(slow.front()->send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  EXPECT_EQ(slow.front()->read_response().status, 200);
}

TEST_F(ServerAbuseTest, PipelinedRequestsInOneWriteAreAnsweredInOrder) {
  // Two hundred requests in one write, the last one malformed: each answered, in order, then the
  // 400, and the connection is closed after it.
  std::string requests;
  for (int i = 0; i < 100; ++i) {
    requests += "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    requests += "GET /api/nothing-here HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  }
  requests += "GET / HTTP/1.1\r\nHost x\r\n\r\n";
  RawConnection client(port_);
  ASSERT_TRUE(client.send(requests));
  for (int i = 0; i < 100; ++i) {
    ASSERT_EQ(client.read_response().status, 200) << i;
    ASSERT_EQ(client.read_response().status, 404) << i;
  }
  const ClientResponse malformed = client.read_response();
  EXPECT_EQ(malformed.status, 400);
  EXPECT_TRUE(is_json_error(malformed));
  EXPECT_EQ(client.read_response().status, 0);
  EXPECT_TRUE(still_answers());
}

TEST_F(ServerAbuseTest, OversizedBodiesAndHeadersAreRefusedWithJson) {
  const std::string big_body(64 * 1024 + 1, 'x');
  const ClientResponse body = test::http_post(port_, "/api/sessions", big_body);
  EXPECT_EQ(body.status, 413);
  EXPECT_TRUE(is_json_error(body));

  // A length announced and never sent is refused on the header alone.
  const ClientResponse announced = test::send_raw(
      port_, "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n");
  EXPECT_EQ(announced.status, 413);
  EXPECT_TRUE(is_json_error(announced));

  // A chunked body that grows past the limit, chunk by chunk.
  std::string chunked =
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 80; ++i) chunked += "400\r\n" + std::string(1024, 'y') + "\r\n";
  chunked += "0\r\n\r\n";
  const ClientResponse chunks = test::send_raw(port_, chunked);
  EXPECT_EQ(chunks.status, 413);
  EXPECT_TRUE(is_json_error(chunks));

  // The upload route takes more, but not without bound.
  const ClientResponse upload =
      test::http_post(port_, "/api/auction/replays", std::string((4 << 20) + 1, 'z'));
  EXPECT_EQ(upload.status, 413);
  EXPECT_TRUE(is_json_error(upload));

  // One header too long, many small ones, a request line too long.
  const ClientResponse header =
      test::http_get(port_, "/api/games", {{"X-Filler", std::string(9000, 'h')}});
  EXPECT_EQ(header.status, 431);
  EXPECT_TRUE(is_json_error(header));
  test::Headers many;
  for (int i = 0; i < 1000; ++i) many.emplace_back("X-H" + std::to_string(i), "v");
  const ClientResponse headers = test::http_get(port_, "/api/games", many);
  EXPECT_EQ(headers.status, 431);
  EXPECT_TRUE(is_json_error(headers));
  const ClientResponse line = test::http_get(port_, "/" + std::string(9000, 'a'));
  EXPECT_EQ(line.status, 431);
  EXPECT_TRUE(is_json_error(line));

  EXPECT_TRUE(still_answers());
}

TEST_F(ServerAbuseTest, MalformedRequestsGetABadRequestInJson) {
  const std::vector<std::string> malformed = {
      std::string("\x00\x01\x02\xff\r\n\r\n", 8),
      "GET\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      "GET / HTTP/1.1\r\nHost x\r\n\r\n",
      "GET /\x7f HTTP/1.1\r\nHost: x\r\n\r\n",
      "G\tET / HTTP/1.1\r\nHost: x\r\n\r\n",
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      std::string("GET / HTTP/1.1\r\nHost: x\x00y\r\n\r\n", 26),
  };
  for (const std::string& request : malformed) {
    const ClientResponse response = test::send_raw(port_, request);
    EXPECT_EQ(response.status, 400) << Json(request).dump();
    EXPECT_TRUE(is_json_error(response)) << Json(request).dump();
  }
  // Bodies that are not the JSON asked for: 400 from the arcade, deeply nested ones included.
  const std::string nested = std::string(30000, '[') + std::string(30000, ']');
  const std::vector<std::string> bodies = {"",
                                           "{",
                                           "[]",
                                           "null",
                                           "\"hangman\"",
                                           "{\"game\": 5}",
                                           "{\"game\": \"nope\"}",
                                           nested,
                                           "{\"game\": \"hangman\", \"config\": " + nested + "}",
                                           "{\"game\": \"hangman\", \"seed\": -1}",
                                           "{\"game\": \"hangman\", \"seed\": 1e400}",
                                           std::string("{\"game\": \"hang\xff\xfeman\"}")};
  for (const std::string& body : bodies) {
    const ClientResponse response = test::http_post(port_, "/api/sessions", body);
    EXPECT_TRUE(response.status == 400 || response.status == 404)
        << response.status << " for " << body.substr(0, 60);
    EXPECT_TRUE(is_json_error(response)) << body.substr(0, 60);
  }
  // Nested past kMaxJsonDepth: refused before anything copies it (copying recursed once per
  // level and overflowed the I/O thread's stack under ASan).
  const ClientResponse deep = test::http_post(port_, "/api/sessions", nested);
  EXPECT_NE(deep.body.find("nested deeper than 128 levels"), std::string::npos) << deep.body;
  EXPECT_TRUE(still_answers());
}

TEST_F(ServerAbuseTest, ThousandsOfSessionsReachTheCapAndExpiryFreesThem) {
  HttpConnection connection(port_);
  for (std::size_t i = 0; i < kMaxSessions; ++i) {
    const ClientResponse created =
        connection.request("POST", "/api/sessions", R"({"game": "hangman"})");
    ASSERT_EQ(created.status, 201) << i << ": " << created.body;
  }
  EXPECT_EQ(arcade_->session_count(), kMaxSessions);
  const ClientResponse full = connection.request("POST", "/api/sessions", R"({"game": "hangman"})");
  EXPECT_EQ(full.status, 503);
  EXPECT_TRUE(is_json_error(full));
  EXPECT_EQ(arcade_->session_count(), kMaxSessions);
  EXPECT_TRUE(still_answers());

  time_.offset_ms += std::chrono::duration_cast<std::chrono::milliseconds>(61min).count();
  EXPECT_EQ(arcade_->expire_idle(), kMaxSessions);
  EXPECT_EQ(arcade_->session_count(), 0u);
  EXPECT_EQ(connection.request("POST", "/api/sessions", R"({"game": "hangman"})").status, 201);
}

TEST_F(ServerAbuseTest, UnknownAndGuessedSessionIdsAreNotFound) {
  HttpConnection connection(port_);
  const auto [id, watch] = create_session(connection);
  ASSERT_EQ(id.size(), 32u);
  std::string near = id;
  near.back() = near.back() == '0' ? '1' : '0';
  std::string upper = id;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  ASSERT_NE(upper, id) << "an id of digits only: run again";
  const std::vector<std::string> guesses = {std::string(32, '0'),
                                            near,
                                            upper,
                                            id.substr(0, 31),
                                            id + "0",
                                            std::string(4000, 'a'),
                                            "..",
                                            "%2e%2e",
                                            id.substr(0, 16) + "%00" + id.substr(16),
                                            watch + "/../" + id};
  for (const std::string& guess : guesses) {
    for (const auto& [method, target] : std::vector<std::pair<std::string, std::string>>{
             {"GET", "/api/sessions/" + guess},
             {"DELETE", "/api/sessions/" + guess},
             {"POST", "/api/sessions/" + guess + "/commands"},
             {"GET", "/api/sessions/" + guess + "/saved"},
             {"GET", "/api/watch/" + guess}}) {
      const ClientResponse response = connection.request(method, target, "{}");
      EXPECT_EQ(response.status, 404) << method << " " << target.substr(0, 80);
      EXPECT_TRUE(is_json_error(response));
    }
  }
  // The watch code is no key to the game, nor the id to the watchers' view.
  EXPECT_EQ(connection.request("GET", "/api/sessions/" + watch).status, 404);
  EXPECT_EQ(connection.request("DELETE", "/api/sessions/" + watch).status, 404);
  EXPECT_EQ(connection.request("GET", "/api/watch/" + id).status, 404);
  TestSocket socket;
  EXPECT_FALSE(socket.connect(port_, "/api/sessions/" + near + "/live"));
  EXPECT_EQ(socket.refusal().status, 404);
  // Rooms: a code nobody opened.
  EXPECT_EQ(connection.request("GET", "/api/rooms/BCDFG").status, 404);
  EXPECT_EQ(connection.request("POST", "/api/rooms/ZZZZZ/players", R"({"name": "x"})").status, 404);
  // The real game is untouched.
  EXPECT_EQ(connection.request("GET", "/api/sessions/" + id).status, 200);
}

TEST_F(ServerAbuseTest, PathTraversalFindsNoFile) {
  const std::vector<std::string> targets = {
      "/../../../../etc/passwd",
      "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "/assets/..%2f..%2f..%2fetc%2fpasswd",
      "/assets/../../etc/passwd",
      "/assets/%2e%2e/%2e%2e/etc/passwd",
      "/assets/..\\..\\etc\\passwd",
      "//etc/passwd",
      "/etc/passwd",
      "/%2fetc%2fpasswd",
      "/assets/app.js%00.txt",
      "/assets/app.js/../../../etc/passwd",
      "/proc/self/environ",
      "/assets/../index.html",
      "/index.html/..",
      "/./index.html",
      "http://127.0.0.1/etc/passwd",
  };
  for (const std::string& target : targets) {
    const ClientResponse response = test::http_get(port_, target);
    EXPECT_TRUE(response.status == 404 || response.status == 400)
        << target << ": " << response.status;
    EXPECT_TRUE(is_json_error(response)) << target;
    EXPECT_EQ(response.body.find("root:"), std::string::npos) << target;
  }
  // Raw request lines a client library would not send: "*" and an absolute path without '/'.
  for (const std::string& line :
       {std::string("GET * HTTP/1.1"), std::string("GET etc/passwd HTTP/1.1"),
        std::string("GET xindex.html HTTP/1.1"),
        std::string("GET C:\\Windows\\win.ini HTTP/1.1")}) {
    const ClientResponse response = test::send_raw(port_, line + "\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_TRUE(response.status == 404 || response.status == 400)
        << line << ": " << response.status;
    EXPECT_TRUE(is_json_error(response)) << line;
  }
  EXPECT_EQ(test::http_get(port_, "/assets/app.js").status, 200);
}

TEST_F(ServerAbuseTest, RequestsFromAnotherSitesPageAreForbidden) {
  HttpConnection connection(port_);
  const auto [id, watch] = create_session(connection);
  const std::string host = "127.0.0.1";  // as the tests' client sends it
  const std::vector<std::string> origins = {"http://evil.example",
                                            "null",
                                            "http://" + host + ".evil.example",
                                            "http://evil.example/" + host,
                                            "https://" + host + ":1",
                                            "file://",
                                            host};
  for (const std::string& origin : origins) {
    const test::Headers foreign = {{"Origin", origin}, {"Content-Type", "application/json"}};
    for (const auto& [method, target] : std::vector<std::pair<std::string, std::string>>{
             {"POST", "/api/sessions"},
             {"POST", "/api/sessions/" + id + "/commands"},
             {"DELETE", "/api/sessions/" + id},
             {"POST", "/api/rooms"},
             {"POST", "/api/auction/replays"},
             {"POST", "/api/auction/tournaments"},
             {"POST", "/api/hangman/dictionaries"}}) {
      const ClientResponse response =
          connection.request(method, target, R"({"game": "hangman"})", foreign);
      EXPECT_EQ(response.status, 403) << origin << " " << method << " " << target;
      EXPECT_TRUE(is_json_error(response));
    }
    TestSocket socket;
    EXPECT_FALSE(socket.connect(port_, "/api/sessions/" + id + "/live", {{"Origin", origin}}))
        << origin;
    EXPECT_EQ(socket.refusal().status, 403);
  }
  // The game is still there, and this server's own pages play.
  EXPECT_EQ(connection.request("GET", "/api/sessions/" + id).status, 200);
  EXPECT_EQ(connection
                .request("POST", "/api/sessions", R"({"game": "hangman"})",
                         {{"Origin", "http://" + host}})
                .status,
            201);
}

// DNS rebinding: a page on attacker.example has its name resolve to 127.0.0.1, so the browser
// sends the attacker's name as the Host and its page's origin, which matches it, as the Origin.
TEST_F(ServerAbuseTest, AForgedHostIsMisdirectedWhateverItsOrigin) {
  HttpConnection connection(port_);
  const auto [id, watch] = create_session(connection);
  const std::string port = std::to_string(port_);
  for (const std::string& host : std::vector<std::string>{
           "attacker.example:" + port, "attacker.example", "localhost.attacker.example:" + port,
           "127.0.0.1.attacker.example:" + port, "user@127.0.0.1:" + port, "[::1].example:" + port,
           "::1:" + port, "127.0.0.1:port"}) {
    const test::Headers rebound = {
        {"Host", host}, {"Origin", "http://" + host}, {"Content-Type", "application/json"}};
    for (const auto& [method, target] : std::vector<std::pair<std::string, std::string>>{
             {"POST", "/api/sessions"},
             {"GET", "/api/players"},
             {"GET", "/api/sessions/" + id},
             {"POST", "/api/sessions/" + id + "/commands"},
             {"GET", "/api/hangman/dictionaries"},
             {"GET", "/"},
             {"GET", "/assets/app.js"}}) {
      const ClientResponse response = connection.request(
          method, target, method == "POST" ? R"({"game": "hangman"})" : "", rebound);
      EXPECT_EQ(response.status, 421) << host << " " << method << " " << target;
      EXPECT_TRUE(is_json_error(response)) << host << " " << target;
    }
    TestSocket socket;
    EXPECT_FALSE(socket.connect(port_, "/api/sessions/" + id + "/live",
                                {{"Host", host}, {"Origin", "http://" + host}}))
        << host;
    EXPECT_EQ(socket.refusal().status, 421) << host;
  }
  // The loopback names, as a browser on this machine sends them, are answered.
  for (const std::string& host :
       std::vector<std::string>{"localhost:" + port, "LocalHost:" + port, "127.0.0.1:" + port,
                                "127.0.0.2:" + port, "[::1]:" + port, "127.0.0.1"}) {
    EXPECT_EQ(connection.request("GET", "/api/games", "", {{"Host", host}}).status, 200) << host;
  }
  TestSocket socket;
  EXPECT_TRUE(socket.connect(port_, "/api/sessions/" + id + "/live", {{"Host", "localhost"}}));
}

TEST_F(ServerAbuseTest, WebSocketAbuseClosesTheAbuserOnly) {
  HttpConnection connection(port_);
  const auto [id, watch] = create_session(connection);
  TestSocket player;
  ASSERT_TRUE(player.connect(port_, "/api/sessions/" + id + "/live"));
  ASSERT_TRUE(player.receive().has_value());  // the state on joining

  // A message one byte past the limit (16 KiB), in 4 KiB frames: "message too big" (1009) when
  // its last frame comes, and the socket is closed.
  TestSocket big;
  ASSERT_TRUE(big.connect(port_, "/api/watch/" + watch + "/live"));
  ASSERT_TRUE(big.receive().has_value());
  big.send(std::string(16 * 1024 + 1, 'x'));
  EXPECT_FALSE(big.receive().has_value());
  EXPECT_EQ(big.close_code(), 1009);

  // One frame announcing a mebibyte: refused on its header, the socket closed while the client
  // still writes (then the close frame may be lost to the reset: 1006).
  TestSocket huge;
  ASSERT_TRUE(huge.connect(port_, "/api/watch/" + watch + "/live"));
  ASSERT_TRUE(huge.receive().has_value());
  huge.send_one_frame(std::string(1 << 20, 'x'));
  EXPECT_FALSE(huge.receive().has_value());
  EXPECT_TRUE(huge.close_code() == 1009 || huge.close_code() == 1006) << huge.close_code();

  // Garbage and commands from a watcher: an error message each, and the socket stays.
  TestSocket watcher;
  ASSERT_TRUE(watcher.connect(port_, "/api/watch/" + watch + "/live"));
  ASSERT_TRUE(watcher.receive().has_value());
  for (const std::string& text : {std::string("not json"), std::string("[1, 2]"),
                                  std::string(R"({"command": "new_game"})")}) {
    watcher.send(text);
    const auto reply = watcher.receive();
    ASSERT_TRUE(reply.has_value()) << text;
    EXPECT_EQ(Json::parse(*reply, nullptr, false).value("type", ""), "error") << text;
  }

  // A text message that is not UTF-8: the protocol's close (1007), for that socket only.
  TestSocket garbled;
  ASSERT_TRUE(garbled.connect(port_, "/api/watch/" + watch + "/live"));
  ASSERT_TRUE(garbled.receive().has_value());
  garbled.send("\xff\xfe");
  EXPECT_FALSE(garbled.receive().has_value());
  EXPECT_EQ(garbled.close_code(), 1007);

  // Sockets to nothing, and to paths that are not sockets.
  for (const std::string& path : std::vector<std::string>{
           "/api/sessions/" + std::string(32, 'f') + "/live", "/api/rooms/BCDFG/live", "/api/games",
           "/../live", "/api/auction/tournaments/nope/live"}) {
    TestSocket nowhere;
    EXPECT_FALSE(nowhere.connect(port_, path)) << path;
    EXPECT_EQ(nowhere.refusal().status, 404) << path;
  }

  // Many sockets up to the connection cap, watching one game: each gets the state.
  {
    std::vector<std::unique_ptr<TestSocket>> many;
    // This test's connections hold at most eleven: the keep-alive one, the player's, the
    // watcher's, and the eight closed above, which the server may not have counted out yet.
    for (std::size_t i = 0; i + 11 < kMaxConnections; ++i) {
      many.push_back(std::make_unique<TestSocket>());
      ASSERT_TRUE(many.back()->connect(port_, "/api/watch/" + watch + "/live")) << i;
      ASSERT_TRUE(many.back()->receive().has_value());
    }
  }
  // The player plays on, through its socket.
  player.send(R"({"command": "new_game"})");
  const auto update = player.receive();
  ASSERT_TRUE(update.has_value());
  EXPECT_EQ(Json::parse(*update, nullptr, false).value("type", ""), "update") << *update;
}

// Several clients at once on one game, on games of their own and on sockets, while expiry runs:
// written for ThreadSanitizer (scripts/test tsan), which sees the server's two threads and the
// arcade's workers touch shared state. Asserts what each client gets, whatever the interleaving.
TEST_F(ServerAbuseTest, ClientsOnSeveralThreadsEachGetAnAnswerWhileExpiryRuns) {
  HttpConnection owner(port_);
  const auto [shared, watch] = create_session(owner);
  ASSERT_FALSE(shared.empty());
  TestSocket watcher;  // never read until the end: the server queues its updates
  ASSERT_TRUE(watcher.connect(port_, "/api/watch/" + watch + "/live"));
  constexpr int kClients = 4;
  constexpr int kRounds = 25;
  std::vector<std::vector<int>> statuses(kClients);
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c, shared = shared] {
      HttpConnection connection(port_);
      const std::string letters = "etaoinshrdlucmfwypvbgkqjxz";
      for (int round = 0; round < kRounds; ++round) {
        const std::string command =
            round % 5 == 0
                ? R"({"command": "new_game"})"
                : R"({"command": "guess", "letter": ")" +
                      letters.substr(static_cast<std::size_t>(c + round) % 26, 1) + "\"}";
        statuses[c].push_back(
            connection.request("POST", "/api/sessions/" + shared + "/commands", command).status);
        const ClientResponse own =
            connection.request("POST", "/api/sessions", R"({"game": "evil-hangman"})");
        statuses[c].push_back(own.status);
        const Json created = Json::parse(own.body, nullptr, false);
        const std::string id = created.is_object() ? created.value("id", "") : "";
        statuses[c].push_back(connection.request("GET", "/api/sessions/" + shared).status);
        statuses[c].push_back(connection.request("DELETE", "/api/sessions/" + id).status);
      }
    });
  }
  std::size_t expired = 0;
  for (int i = 0; i < 50; ++i) expired += arcade_->expire_idle();  // nothing is idle for long
  for (std::thread& client : clients) client.join();
  EXPECT_EQ(expired, 0u);
  for (int c = 0; c < kClients; ++c) {
    ASSERT_EQ(statuses[c].size(), 4u * kRounds);
    for (std::size_t i = 0; i < statuses[c].size(); ++i) {
      const int status = statuses[c][i];
      switch (i % 4) {
        case 0:  // a command on the shared game: played, refused (a letter guessed), or busy
          EXPECT_TRUE(status == 200 || status == 400 || status == 409) << status;
          break;
        case 1:
          EXPECT_EQ(status, 201);
          break;
        case 2:
          EXPECT_EQ(status, 200);
          break;
        default:
          EXPECT_EQ(status, 200);
          break;
      }
    }
  }
  EXPECT_EQ(arcade_->session_count(), 1u);
  EXPECT_TRUE(watcher.receive().has_value());
  EXPECT_EQ(owner.request("GET", "/api/sessions/" + shared).status, 200);
  EXPECT_TRUE(still_answers());
}

/// Answers every request with 200 "ok".
class OkHandler final : public Handler {
 public:
  void handle(HttpRequest, Respond respond) override {
    HttpResponse ok;
    ok.content_type = "text/plain";
    ok.body = "ok";
    respond(std::move(ok));
  }
  HttpResponse open_socket(const HttpRequest&, std::shared_ptr<WebSocketPeer>) override {
    HttpResponse refusal;
    refusal.status = 404;
    return refusal;
  }
  void socket_message(const std::shared_ptr<WebSocketPeer>&, std::string_view) override {}
  void socket_closed(const std::shared_ptr<WebSocketPeer>&) override {}
};

// A security probe: 16 clients opening Word Search sessions of large boards took everyone's
// GET /api/health from 1 ms to 2 s, the solver running on the I/O threads. With one I/O thread
// and an opening held on the arcade's worker (ArcadeOptions::before_open), the server answers
// another client: the opening does not hold the thread that took it.
TEST(ServerAbuseWork, AnOpeningSessionNeverHoldsUpAnIoThread) {
  std::mutex mutex;
  std::condition_variable changed;
  bool held = false;
  bool released = false;
  ArcadeOptions options;
  options.offline = true;
  options.before_open = [&] {
    std::unique_lock lock(mutex);
    held = true;
    changed.notify_all();
    changed.wait_for(lock, wg::test::kHangGuard, [&] { return released; });
  };
  Arcade arcade(app::built_in_lexicon().lexicon, options);
  HttpServer server(arcade);
  const std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread loop([&] { server.run(1); });  // one I/O thread: held, it would answer nobody
  ClientResponse opened;
  std::thread opener(
      [&] { opened = test::http_post(port, "/api/sessions", R"({"game": "boggle", "seed": 5})"); });
  {
    std::unique_lock lock(mutex);
    EXPECT_TRUE(changed.wait_for(lock, wg::test::kHangGuard, [&] { return held; }));
  }
  const ClientResponse health = test::http_get(port, "/api/health");
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_NE(health.body.find("\"sessions\":0"), std::string::npos) << health.body;
  {
    std::lock_guard lock(mutex);
    released = true;
  }
  changed.notify_all();
  opener.join();
  EXPECT_EQ(opened.status, 201) << opened.body;
  server.stop();
  loop.join();
}

// Regression: with fewer descriptors than ServerLimits::max_connections (a soft limit of 1,024
// under the default cap of 20,000), accept() failed once they ran out, and every client past
// that point hung in the listen backlog instead of being refused. The server runs in a child
// process of its own here, so that the clients' descriptors do not count against its limit.
TEST(ServerAbuseDescriptors, ConnectionsPastTheDescriptorLimitAreRefusedNotLeftHanging) {
  constexpr rlim_t kDescriptors = 256;
  int port_pipe[2];
  ASSERT_EQ(::pipe(port_pipe), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(port_pipe[0]);
    struct rlimit files {};
    ::getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = std::min(files.rlim_max, kDescriptors);
    ::setrlimit(RLIMIT_NOFILE, &files);
    OkHandler handler;
    ServerLimits limits;  // max_connections: the default, 20,000
    limits.keep_alive_timeout = std::chrono::hours(1);
    HttpServer server(handler, limits);
    const std::uint16_t port = server.listen("127.0.0.1", 0);
    if (::write(port_pipe[1], &port, sizeof port) != sizeof port) ::_exit(1);
    ::close(port_pipe[1]);
    server.run(1);
    ::_exit(0);
  }
  ::close(port_pipe[1]);
  struct Reaper {  // the server goes with the test, however the test ends
    pid_t pid;
    ~Reaper() {
      ::kill(pid, SIGKILL);
      int status = 0;
      ::waitpid(pid, &status, 0);
    }
  } reaper{child};
  std::uint16_t port = 0;
  ASSERT_EQ(::read(port_pipe[0], &port, sizeof port), static_cast<ssize_t>(sizeof port));
  ::close(port_pipe[0]);

  std::vector<std::unique_ptr<RawConnection>> held;
  bool refused = false;
  while (!refused && held.size() < kDescriptors) {
    auto client = std::make_unique<RawConnection>(port);
    client->send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    // Without the cap: no answer, no close (the client waits in the backlog), the guard throws.
    const ClientResponse response = client->read_response();
    if (response.status == 0) {
      refused = true;
    } else {
      EXPECT_EQ(response.status, 200);
      held.push_back(std::move(client));
    }
  }
  EXPECT_TRUE(refused);
  EXPECT_LT(held.size(), kDescriptors);
  // The connections it holds are served still.
  ASSERT_FALSE(held.empty());
  held.front()->send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(held.front()->read_response().status, 200);
}

}  // namespace
}  // namespace wg::server
