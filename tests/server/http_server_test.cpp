#include "server/http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "server/test_client.h"

namespace wg::server {
namespace {

using test::ClientResponse;
using test::HttpConnection;
using test::TestSocket;

/// A handler for the tests: echoes requests, answers from other threads, throws on demand and
/// keeps the WebSocket peers and what they said.
class TestHandler : public Handler {
 public:
  ~TestHandler() override {
    for (auto& thread : threads_) thread.join();
  }

  void handle(HttpRequest request, Respond respond) override {
    if (request.path == "/throw") throw std::runtime_error("the handler failed");
    if (request.path == "/never") {
      std::lock_guard lock(mutex_);
      held_.push_back(std::move(respond));  // answered never (or when dropped)
      changed_.notify_all();
      return;
    }
    if (request.path == "/drop") return;  // the Respond dies unanswered
    HttpResponse response;
    response.content_type = "text/plain";
    response.body = request.method + " " + request.path + " ?" + request.query + " [" +
                    request.content_type + "] " + request.body;
    response.headers.emplace_back("Cache-Control", "no-store");
    if (request.path == "/thread") {
      std::lock_guard lock(mutex_);
      threads_.emplace_back([respond = std::move(respond), response]() { respond(response); });
      return;
    }
    respond(std::move(response));
  }

  HttpResponse open_socket(const HttpRequest& request,
                           std::shared_ptr<WebSocketPeer> peer) override {
    if (request.path != "/ws") {
      HttpResponse refusal;
      refusal.status = 404;
      refusal.body = R"({"error": "no such socket"})";
      return refusal;
    }
    peer->send("hello");  // queued before the handshake completes: goes out first
    std::lock_guard lock(mutex_);
    peers_.push_back(std::move(peer));
    changed_.notify_all();
    HttpResponse accepted;
    accepted.status = 0;
    return accepted;
  }

  /// "echo:x" answers "x"; "count:n" answers n numbered messages from another thread; anything
  /// else is kept.
  void socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text) override {
    if (text.starts_with("echo:")) {
      peer->send(std::string(text.substr(5)));
      return;
    }
    if (text.starts_with("count:")) {
      int n = std::stoi(std::string(text.substr(6)));
      std::lock_guard lock(mutex_);
      threads_.emplace_back([peer, n] {
        for (int i = 0; i < n; ++i) peer->send(std::to_string(i));
      });
      return;
    }
    if (text == "close") {
      peer->close();
      return;
    }
    std::lock_guard lock(mutex_);
    messages_.emplace_back(text);
    changed_.notify_all();
  }

  bool takes_upload(std::string_view path) const override { return path == "/upload"; }

  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer) override {
    std::lock_guard lock(mutex_);
    closed_.push_back(peer);
    changed_.notify_all();
  }

  /// Counts the calls, and how many sockets were closed by then.
  void stopping() override {
    std::lock_guard lock(mutex_);
    ++stopping_calls_;
    closed_when_stopping_ = closed_.size();
  }

  /// Waits until `ready()` holds (checked under the lock).
  template <class Predicate>
  void wait(Predicate ready) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return ready(); });
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::thread> threads_;
  std::vector<Respond> held_;
  std::vector<std::shared_ptr<WebSocketPeer>> peers_;
  std::vector<std::shared_ptr<WebSocketPeer>> closed_;
  std::vector<std::string> messages_;
  int stopping_calls_ = 0;
  std::size_t closed_when_stopping_ = 0;
};

ServerLimits small_limits() {
  ServerLimits limits;
  limits.max_body_bytes = 1024;
  limits.max_upload_bytes = 4096;
  limits.max_header_bytes = 2048;
  limits.max_message_bytes = 1024;
  limits.max_queued_bytes = 64 * 1024;
  return limits;
}

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override { start(small_limits()); }

  void start(ServerLimits limits) {
    server_ = std::make_unique<HttpServer>(handler_, limits);
    port_ = server_->listen("127.0.0.1", 0);
    runner_ = std::thread([this] { server_->run(2); });
  }

  void TearDown() override {
    server_->stop();
    runner_.join();
    server_.reset();
  }

  TestHandler handler_;
  std::unique_ptr<HttpServer> server_;
  std::uint16_t port_ = 0;
  std::thread runner_;
};

TEST_F(HttpServerTest, ListeningOnPortZeroGivesAPort) { EXPECT_NE(port_, 0); }

TEST_F(HttpServerTest, EchoesARequest) {
  ClientResponse response =
      test::http_post(port_, "/echo?x=1", "the body", {{"Content-Type", "text/plain"}});
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "POST /echo ?x=1 [text/plain] the body");
  EXPECT_EQ(response.header("Content-Type"), "text/plain");
  EXPECT_EQ(response.header("Content-Length"), std::to_string(response.body.size()));
  EXPECT_EQ(response.header("Server"), "wordgames");
  EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(response.header("Cache-Control"), "no-store");
}

TEST_F(HttpServerTest, AnswersHeadWithTheHeadersOfGetAndNoBody) {
  // Issue 31: HEAD /assets/app.js carried its 308,883 bytes. The HEAD on a kept-alive
  // connection, then a GET on the same one: the GET's answer follows the HEAD's headers at once.
  test::RawConnection connection(port_);
  ASSERT_TRUE(
      connection.send("HEAD /page HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                      "GET /page HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
  const std::string bytes = connection.read_until_closed();
  const std::size_t head_end = bytes.find("\r\n\r\n");
  ASSERT_NE(head_end, std::string::npos) << bytes;
  const std::string head = bytes.substr(0, head_end);
  const std::string rest = bytes.substr(head_end + 4);
  EXPECT_TRUE(head.starts_with("HTTP/1.1 200")) << head;
  EXPECT_NE(head.find("Content-Length: " + std::to_string(std::string("HEAD /page ? [] ").size())),
            std::string::npos)
      << "the length a GET's body would have: " << head;
  EXPECT_NE(head.find("Content-Type: text/plain"), std::string::npos) << head;
  EXPECT_TRUE(rest.starts_with("HTTP/1.1 200")) << "no body after the HEAD's headers: " << rest;
  EXPECT_TRUE(rest.ends_with("\r\n\r\nGET /page ? [] ")) << rest;
}

TEST_F(HttpServerTest, KeepsAConnectionAliveForSeveralRequests) {
  HttpConnection connection(port_);
  EXPECT_EQ(connection.request("GET", "/one").body, "GET /one ? [] ");
  EXPECT_EQ(connection.request("GET", "/two").body, "GET /two ? [] ");
  EXPECT_EQ(connection.request("POST", "/three", "x").body, "POST /three ? [] x");
}

TEST_F(HttpServerTest, ReadsARequestThatComesAByteAtATimeThenOneThatFollowsItsBody) {
  test::RawConnection connection(port_);
  ASSERT_TRUE(connection.send_bytewise(
      "POST /echo?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 8\r\n\r\nthe body"));
  EXPECT_EQ(connection.read_response().body, "POST /echo ?x=1 [] the body");
  // A whole request and the start of the next in one write: the rest is read after.
  ASSERT_TRUE(
      connection.send("POST /a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\n\r\nx"
                      "POST /b HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le"));
  EXPECT_EQ(connection.read_response().body, "POST /a ? [] x");
  ASSERT_TRUE(connection.send("ngth: 2\r\n\r\nyz"));
  EXPECT_EQ(connection.read_response().body, "POST /b ? [] yz");
}

TEST_F(HttpServerTest, RefusesABodyTooLarge) {
  ClientResponse response = test::http_post(port_, "/echo", std::string(2000, 'b'));
  EXPECT_EQ(response.status, 413);
  EXPECT_EQ(response.header("Content-Type"), "application/json");
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
}

TEST_F(HttpServerTest, TakesALargerBodyOnAnUploadPath) {
  const std::string body(3000, 'u');
  ClientResponse response = test::http_post(port_, "/upload?x=1", body);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "POST /upload ?x=1 [] " + body);
}

TEST_F(HttpServerTest, RefusesAnUploadOverItsLimit) {
  ClientResponse response = test::http_post(port_, "/upload", std::string(5000, 'u'));
  EXPECT_EQ(response.status, 413);
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
}

TEST_F(HttpServerTest, RefusesHeadersTooLarge) {
  ClientResponse response = test::http_get(port_, "/echo", {{"X-Big", std::string(4000, 'h')}});
  EXPECT_EQ(response.status, 431);
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
}

TEST_F(HttpServerTest, AnswersGarbageWithBadRequest) {
  ClientResponse response = test::send_raw(port_, "\x01\x02 not http at all\r\n\r\n");
  EXPECT_EQ(response.status, 400);
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
}

TEST_F(HttpServerTest, TakesAnAnswerFromAnotherThread) {
  ClientResponse response = test::http_get(port_, "/thread");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "GET /thread ? [] ");
}

TEST_F(HttpServerTest, TurnsAHandlerExceptionIntoAnInternalError) {
  ClientResponse response = test::http_get(port_, "/throw");
  EXPECT_EQ(response.status, 500);
  EXPECT_EQ(response.header("Content-Type"), "application/json");
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
  EXPECT_EQ(test::http_get(port_, "/after").status, 200);  // and serves on
}

TEST_F(HttpServerTest, AnswersARequestTheHandlerDropped) {
  EXPECT_EQ(test::http_get(port_, "/drop").status, 500);
}

TEST_F(HttpServerTest, UpgradesAWebSocketAndTalksBothWays) {
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port_, "/ws"));
  EXPECT_EQ(socket.receive(), "hello");
  for (int i = 0; i < 50; ++i) socket.send("echo:" + std::to_string(i));
  for (int i = 0; i < 50; ++i) EXPECT_EQ(socket.receive(), std::to_string(i));
  socket.send("count:500");
  for (int i = 0; i < 500; ++i) ASSERT_EQ(socket.receive(), std::to_string(i));
  for (int i = 0; i < 20; ++i) socket.send("m" + std::to_string(i));
  handler_.wait([&] { return handler_.messages_.size() == 20; });
  for (int i = 0; i < 20; ++i) EXPECT_EQ(handler_.messages_[i], "m" + std::to_string(i));
  socket.close();
  handler_.wait([&] { return handler_.closed_.size() == 1; });
  EXPECT_EQ(handler_.closed_[0], handler_.peers_[0]);
}

TEST_F(HttpServerTest, RefusesAnUpgradeWithTheHandlersAnswer) {
  TestSocket socket;
  EXPECT_FALSE(socket.connect(port_, "/nowhere"));
  EXPECT_EQ(socket.refusal().status, 404);
  EXPECT_EQ(socket.refusal().body, R"({"error": "no such socket"})");
  EXPECT_TRUE(handler_.peers_.empty());
}

TEST_F(HttpServerTest, ClosesASocketThatSendsAMessageTooLarge) {
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port_, "/ws"));
  EXPECT_EQ(socket.receive(), "hello");
  socket.send(std::string(2000, 'm'));
  EXPECT_EQ(socket.receive(), std::nullopt);
  EXPECT_EQ(socket.close_code(), 1009);
  handler_.wait([&] { return handler_.closed_.size() == 1; });
  EXPECT_TRUE(handler_.messages_.empty());
}

TEST_F(HttpServerTest, ClosesAPeerOnRequestAfterItsQueuedMessages) {
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port_, "/ws"));
  EXPECT_EQ(socket.receive(), "hello");
  socket.send("echo:last words");
  socket.send("close");
  EXPECT_EQ(socket.receive(), "last words");
  EXPECT_EQ(socket.receive(), std::nullopt);
  EXPECT_EQ(socket.close_code(), 1000);
  handler_.wait([&] { return handler_.closed_.size() == 1; });
}

TEST_F(HttpServerTest, ClosesAPeerThatDoesNotRead) {
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port_, "/ws"));
  handler_.wait([&] { return handler_.peers_.size() == 1; });
  // 32 MB: more than the kernel's buffers hold, so the server's queue must pass its 64 KB.
  std::string message(1024, 'q');
  for (int i = 0; i < 32 * 1024; ++i) handler_.peers_[0]->send(message);
  handler_.wait([&] { return handler_.closed_.size() == 1; });
  handler_.peers_[0]->send("after the end");  // harmless
}

TEST_F(HttpServerTest, CallsSocketClosedOnceWhenTheClientGoes) {
  {
    TestSocket socket;
    ASSERT_TRUE(socket.connect(port_, "/ws"));
  }  // dropped without a close frame
  handler_.wait([&] { return handler_.closed_.size() == 1; });
  handler_.peers_[0]->close();  // after the end: nothing happens, no second call
  TestSocket other;
  ASSERT_TRUE(other.connect(port_, "/ws"));
  other.close();
  handler_.wait([&] { return handler_.closed_.size() == 2; });
  EXPECT_NE(handler_.closed_[0], handler_.closed_[1]);
}

TEST_F(HttpServerTest, RunsATaskAfterADelay) {
  std::promise<void> fired;
  server_->post_after(std::chrono::milliseconds(5), [&] { fired.set_value(); });
  fired.get_future().get();
}

TEST_F(HttpServerTest, ACancelledTimerDropsItsTaskAtOnceNotAtItsDeadline) {
  // A security probe: 20,000 deleted Word Search sessions kept 25 MB in timers waiting for
  // their round's end, up to a day away.
  auto held = std::make_shared<std::string>(1000, 'x');
  const std::weak_ptr<std::string> weak = held;
  TimerHandle cancelled = server_->post_after(std::chrono::hours(24), [held] {});
  held.reset();
  TimerHandle kept = server_->post_after(std::chrono::hours(24), [] {});
  cancelled.cancel();
  cancelled.cancel();  // twice: nothing more
  // A task posted after the cancel runs after it (the server's strand keeps their order).
  std::promise<std::size_t> pending;
  server_->post_after(std::chrono::milliseconds(0),
                      [&] { pending.set_value(server_->pending_timers()); });
  EXPECT_EQ(pending.get_future().get(), 1u) << "the kept timer only";
  EXPECT_TRUE(weak.expired()) << "what the cancelled task held is freed";
  TimerHandle().cancel();  // an empty handle: nothing
  std::promise<void> ran;
  TimerHandle done = server_->post_after(std::chrono::milliseconds(0), [&] { ran.set_value(); });
  ran.get_future().get();
  done.cancel();  // after it ran: nothing
  kept.cancel();
  std::promise<std::size_t> none;
  server_->post_after(std::chrono::milliseconds(0),
                      [&] { none.set_value(server_->pending_timers()); });
  EXPECT_EQ(none.get_future().get(), 0u);
}

TEST(HttpServerTimers, ACancelAfterTheServerIsGoneDoesNothing) {
  TestHandler handler;
  TimerHandle timer;
  {
    HttpServer server(handler);
    timer = server.post_after(std::chrono::hours(1), [] {});
  }
  timer.cancel();
}

TEST_F(HttpServerTest, SaysWhyItCannotListen) {
  TestHandler other_handler;
  HttpServer other(other_handler);
  try {
    other.listen("127.0.0.1", port_);
    FAIL() << "listened twice on one port";
  } catch (const std::runtime_error& e) {
    std::string expected = "cannot listen on 127.0.0.1:" + std::to_string(port_) + ": ";
    EXPECT_EQ(std::string(e.what()).substr(0, expected.size()), expected) << e.what();
    EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
  }
}

TEST(HttpServerListen, KnowsAWildcardAddressInEveryFormAndRefusesAnEmptyHost) {
  TestHandler handler;
  for (const char* host : {"0.0.0.0", "0", "::"}) {
    HttpServer server(handler);
    try {
      EXPECT_NE(server.listen(host, 0), 0) << host;
    } catch (const std::runtime_error& e) {
      if (std::string_view(host) == "::") GTEST_SKIP() << "no IPv6 here: " << e.what();
      throw;
    }
    EXPECT_TRUE(server.listens_on_every_interface()) << host;
  }
  HttpServer local(handler);
  local.listen("127.0.0.1", 0);
  EXPECT_FALSE(local.listens_on_every_interface());
  HttpServer empty(handler);
  try {
    empty.listen("", 0);
    ADD_FAILURE() << "an empty host is every interface to the resolver: refused";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no host given"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(empty.listens_on_every_interface());
}

TEST_F(HttpServerTest, ListensOnLocalhost) {
  TestHandler other_handler;
  HttpServer other(other_handler);
  EXPECT_NE(other.listen("localhost", 0), 0);
}

TEST_F(HttpServerTest, StopClosesConnectionsAndReturns) {
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port_, "/ws"));
  EXPECT_EQ(socket.receive(), "hello");
  HttpConnection waiting(port_);
  std::thread pending([&] { EXPECT_EQ(waiting.request("GET", "/never").status, 0); });
  handler_.wait([&] { return handler_.held_.size() == 1; });
  server_->stop();
  runner_.join();
  EXPECT_EQ(handler_.closed_.size(), 1u);
  EXPECT_EQ(socket.receive(), std::nullopt);
  pending.join();
  handler_.held_[0](HttpResponse{});  // too late: dropped
  runner_ = std::thread([] {});       // for TearDown
}

/// A server on its own thread, stopped when it goes.
struct RunningServer {
  RunningServer(Handler& handler, ServerLimits limits) : server(handler, limits) {
    port = server.listen("127.0.0.1", 0);
    runner = std::thread([this] { server.run(); });
  }
  ~RunningServer() {
    server.stop();
    runner.join();
  }
  HttpServer server;
  std::uint16_t port = 0;
  std::thread runner;
};

/// Sends `count` messages of 1 MiB to `peer`: far more, at 32, than the kernel's buffers hold
/// for a client that does not read (a few MiB), so that the rest waits in the server's queue.
void flood(WebSocketPeer& peer, int count) {
  const std::string message(1 << 20, 'f');
  for (int i = 0; i < count; ++i) peer.send(message);
}

/// Waits until `peer` is closed by the server; false if the hang guard passed first.
bool wait_closed(TestHandler& handler, const std::shared_ptr<WebSocketPeer>& peer) {
  std::unique_lock lock(handler.mutex_);
  return handler.changed_.wait_for(lock, std::chrono::seconds(60), [&] {
    return std::find(handler.closed_.begin(), handler.closed_.end(), peer) != handler.closed_.end();
  });
}

/// Limits whose only cap on a socket's queue is the one a test names.
ServerLimits queue_limits() {
  ServerLimits limits;
  limits.max_queued_bytes = std::size_t{1} << 30;
  limits.max_total_queued_bytes = std::size_t{1} << 30;
  limits.max_queued_bytes_per_address = std::size_t{1} << 30;
  return limits;
}

TEST(HttpServerQueues, PastTheCapOnAllQueuesTheLargestIsCutFirst) {
  // A security probe: each socket's queue was cut at 4 MiB, but 1,000 watchers that never read
  // took the server to 4 GB. Two sockets that do not read, and one that does: past the cap on
  // all queues (16 MiB), the one with the largest queue is closed; the others are served on.
  TestHandler handler;
  ServerLimits limits = queue_limits();
  limits.max_total_queued_bytes = std::size_t{16} << 20;
  RunningServer running(handler, limits);
  TestSocket largest;
  TestSocket smaller;
  TestSocket reader;
  ASSERT_TRUE(largest.connect(running.port, "/ws"));
  ASSERT_TRUE(smaller.connect(running.port, "/ws"));
  ASSERT_TRUE(reader.connect(running.port, "/ws"));
  handler.wait([&] { return handler.peers_.size() == 3; });
  flood(*handler.peers_[1], 4);   // at most 4 MiB: below the largest's whatever the kernel holds
  flood(*handler.peers_[0], 32);  // 32 MiB: its queue passes the cap
  ASSERT_TRUE(wait_closed(handler, handler.peers_[0]));
  // The one cut took its queue's bytes off the count: the cap is no longer passed.
  EXPECT_LE(running.server.queued_bytes(), limits.max_total_queued_bytes);
  // The smaller queue was not cut: its client reads it all, and the socket serves on.
  EXPECT_EQ(smaller.receive(), "hello");
  for (int i = 0; i < 4; ++i) ASSERT_EQ(smaller.receive(), std::string(1 << 20, 'f')) << i;
  smaller.send("echo:still here");
  EXPECT_EQ(smaller.receive(), "still here");
  EXPECT_EQ(reader.receive(), "hello");
  reader.send("echo:me too");
  EXPECT_EQ(reader.receive(), "me too");
  // Cut: its client gets what the kernel had taken, then the end, never the whole flood.
  int got = 0;
  while (largest.receive()) ++got;
  EXPECT_LT(got, 1 + 32);
  {
    std::lock_guard lock(handler.mutex_);
    EXPECT_EQ(handler.closed_.size(), 1u);
  }
}

TEST(HttpServerQueues, PastTheCapOfOneAddressItsLargestQueueIsCut) {
  TestHandler handler;
  ServerLimits limits = queue_limits();
  limits.max_queued_bytes_per_address = std::size_t{8} << 20;
  RunningServer running(handler, limits);
  TestSocket watcher;
  TestSocket reader;
  ASSERT_TRUE(watcher.connect(running.port, "/ws"));
  ASSERT_TRUE(reader.connect(running.port, "/ws"));
  handler.wait([&] { return handler.peers_.size() == 2; });
  flood(*handler.peers_[0], 32);
  ASSERT_TRUE(wait_closed(handler, handler.peers_[0]));
  EXPECT_LE(running.server.queued_bytes(), limits.max_queued_bytes_per_address);
  EXPECT_EQ(reader.receive(), "hello");
  reader.send("echo:served");
  EXPECT_EQ(reader.receive(), "served");
  int got = 0;
  while (watcher.receive()) ++got;
  EXPECT_LT(got, 1 + 32) << "cut before the whole flood";
}

TEST(HttpServerQueues, TheDefaultCapsBoundEveryQueueTogether) {
  const ServerLimits limits;
  EXPECT_EQ(limits.max_queued_bytes, std::size_t{4} << 20);
  EXPECT_EQ(limits.max_queued_bytes_per_address, std::size_t{64} << 20);
  EXPECT_EQ(limits.max_total_queued_bytes, std::size_t{256} << 20);
}

TEST(HttpServerLimits, ClosesConnectionsBeyondTheMaximum) {
  TestHandler handler;
  ServerLimits limits;
  limits.max_connections = 1;
  RunningServer running(handler, limits);
  HttpConnection first(running.port);
  EXPECT_EQ(first.request("GET", "/a").status, 200);
  HttpConnection second(running.port);
  EXPECT_EQ(second.request("GET", "/b").status, 0);
  EXPECT_EQ(first.request("GET", "/c").status, 200);
}

/// The status of `GET /from` sent to 127.0.0.1:port from the loopback address `from` (127.0.0.2:
/// another client, as the server sees it); 0 if the server closed the connection unanswered, -1
/// if this machine cannot send from that address.
int status_from(const char* from, std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  timeval guard{60, 0};  // a hang guard, never reached by a passing test
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &guard, sizeof guard);
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, from, &local.sin_addr);
  sockaddr_in server{};
  server.sin_family = AF_INET;
  server.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &server.sin_addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&server), sizeof server) != 0) {
    ::close(fd);
    return -1;
  }
  const std::string request = "GET /from HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  std::string answer;
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
      static_cast<ssize_t>(request.size())) {
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
  }
  ::close(fd);
  return answer.starts_with("HTTP/1.1 ") ? std::stoi(answer.substr(9, 3)) : 0;
}

TEST(HttpServerLimits, ClosesConnectionsBeyondTheMaximumFromOneAddress) {
  // A security probe: one client held all of the server's 19,872 connections.
  TestHandler handler;
  ServerLimits limits;
  limits.max_connections_per_address = 2;
  RunningServer running(handler, limits);
  TestSocket first;
  TestSocket second;
  ASSERT_TRUE(first.connect(running.port, "/ws"));
  ASSERT_TRUE(second.connect(running.port, "/ws"));
  // A third connection from the same address is closed at once, unanswered; WebSockets count.
  HttpConnection third(running.port);
  EXPECT_EQ(third.request("GET", "/a").status, 0);
  // Another client is served.
  const int other = status_from("127.0.0.2", running.port);
  if (other == -1) {
    ADD_FAILURE() << "this machine cannot connect from 127.0.0.2";
  } else {
    EXPECT_EQ(other, 200);
  }
  // One of the address's connections closed, it has room again; the other one serves on.
  first.close();
  handler.wait([&] { return handler.closed_.size() == 1; });
  HttpConnection fourth(running.port);
  EXPECT_EQ(fourth.request("GET", "/b").status, 200);
  EXPECT_EQ(second.receive(), "hello");
  second.send("echo:still here");
  EXPECT_EQ(second.receive(), "still here");
}

TEST(HttpServerLimits, TheDefaultCapPerAddressIsSaneAndZeroIsNone) {
  EXPECT_EQ(ServerLimits{}.max_connections_per_address, 256u);
  TestHandler handler;
  ServerLimits limits;
  limits.max_connections_per_address = 0;
  RunningServer running(handler, limits);
  std::vector<std::unique_ptr<HttpConnection>> connections;
  for (int i = 0; i < 300; ++i) {
    connections.push_back(std::make_unique<HttpConnection>(running.port));
    ASSERT_EQ(connections.back()->request("GET", "/n").status, 200) << i;
  }
}

TEST(HttpServerTimeouts, ClosesAnIdleKeepAliveConnection) {
  TestHandler handler;
  ServerLimits limits;
  limits.keep_alive_timeout = std::chrono::seconds(0);  // idle after an answer: closed at once
  RunningServer running(handler, limits);
  HttpConnection connection(running.port);
  EXPECT_EQ(connection.request("GET", "/a").status, 200);
  EXPECT_TRUE(connection.closed_by_server());
}

TEST(HttpServerTimeouts, ClosesAConnectionThatDoesNotSendItsRequest) {
  TestHandler handler;
  ServerLimits limits;
  limits.request_timeout = std::chrono::seconds(0);
  RunningServer running(handler, limits);
  EXPECT_EQ(test::send_raw(running.port, "GET /a HTTP/1.1\r\n").status, 0);
}

TEST(HttpServerStop, StopsOnSigterm) {
  TestHandler handler;
  HttpServer server(handler);
  std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread runner([&] { server.run(2, true); });
  // An answer means the loop runs, so run() has queued its signal set up on the server's strand;
  // a task posted there now comes after it.
  EXPECT_EQ(test::http_get(port, "/a").status, 200);
  std::promise<void> ready;
  server.post_after(std::chrono::milliseconds(0), [&] { ready.set_value(); });
  ready.get_future().get();
  std::raise(SIGTERM);
  runner.join();
}

TEST(HttpServerStop, TellsTheHandlerOnceBeforeClosingAnything) {
  TestHandler handler;
  HttpServer server(handler);
  const std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread runner([&] { server.run(2); });
  TestSocket socket;
  ASSERT_TRUE(socket.connect(port, "/ws"));
  EXPECT_EQ(socket.receive(), "hello");
  server.stop();
  server.stop();
  runner.join();
  EXPECT_EQ(handler.stopping_calls_, 1);
  EXPECT_EQ(handler.closed_when_stopping_, 0u) << "told before its sockets close";
  EXPECT_EQ(handler.closed_.size(), 1u);
}

TEST(HttpServerStop, StopBeforeRunMakesRunReturn) {
  TestHandler handler;
  HttpServer server(handler);
  server.listen("127.0.0.1", 0);
  server.stop();
  server.run(3, true);
}

}  // namespace
}  // namespace wg::server
