// The arcade and its HTTP server under abuse, in numbers (issue 15; tests/server/abuse_test.cpp
// asserts the outcomes on a small scale): the server in this process on a loopback port with
// its production limits (but a connection cap the process's descriptors can honour, both ends of
// every connection being here), then each abuse in bulk. For each: what came back, and the
// process's resident memory (VmRSS) and its peak (VmHWM) from /proc/self/status. At the end the
// server must still answer GET /api/games.
//   cmake --build build --target arcade_abuse && build/bench/arcade_abuse [SLOW] [SESSIONS]
// SLOW: slowloris connections (default 4,000, the cap 3,000); SESSIONS: the session cap (20,000).
#include <malloc.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "app/json.h"
#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/http_server.h"
#include "server/test_client.h"

namespace {

using wg::app::Json;
using wg::server::test::ClientResponse;
using wg::server::test::HttpConnection;
using wg::server::test::RawConnection;
using wg::server::test::TestSocket;
using Clock = std::chrono::steady_clock;

/// A field of /proc/self/status in MB ("VmRSS", "VmHWM").
double status_mb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with(field + ":"))
      return std::strtod(line.c_str() + field.size() + 1, nullptr) / 1024;
  }
  return 0;
}

/// Prints one phase: what it did, what came back (status: count), the memory.
void report(const std::string& phase, const std::map<int, int>& statuses, Clock::time_point start) {
  std::string answers;
  for (const auto& [status, count] : statuses) {
    answers += (answers.empty() ? "" : ", ") + std::to_string(count) + "x " +
               (status == 0 ? std::string("closed") : std::to_string(status));
  }
  std::printf("%-58s %-34s RSS %7.1f MB  HWM %7.1f MB  %6.2f s\n", phase.c_str(), answers.c_str(),
              status_mb("VmRSS"), status_mb("VmHWM"),
              std::chrono::duration<double>(Clock::now() - start).count());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const int slow_count = argc > 1 ? std::atoi(argv[1]) : 4000;
  const std::size_t max_sessions = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20000;
  struct rlimit files {};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);

  std::atomic<std::int64_t> clock_offset_minutes{0};
  wg::server::ArcadeClock clock;
  clock.now = [&] { return Clock::now() + std::chrono::minutes(clock_offset_minutes.load()); };
  wg::server::ArcadeOptions options;
  options.max_sessions = max_sessions;
  options.offline = true;
  wg::server::Arcade arcade(wg::app::built_in_lexicon().lexicon, options, clock);
  wg::server::ServerLimits limits;  // the production limits...
  limits.max_connections = static_cast<std::size_t>(slow_count) * 3 / 4;  // ...but this cap,
  limits.max_connections_per_address = 0;  // and none per address: every client is this process
  wg::server::HttpServer server(arcade, limits);
  const std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread loop([&] { server.run(2); });
  const auto games_answer = [&] { return wg::server::test::http_get(port, "/api/games").status; };
  games_answer();
  std::printf("server on 127.0.0.1:%u, 2 threads; connection cap %zu, session cap %zu\n", port,
              limits.max_connections, max_sessions);
  const double rss_start = status_mb("VmRSS");
  report("start (after one GET /api/games)", {{games_answer(), 1}}, Clock::now());

  {  // Slowloris: headers a byte at a time on more connections than the cap.
    auto start = Clock::now();
    std::vector<std::unique_ptr<RawConnection>> slow;
    for (int i = 0; i < slow_count; ++i) {
      slow.push_back(std::make_unique<RawConnection>(port));
      slow.back()->send_bytewise("GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    }
    for (int round = 0; round < 8; ++round) {
      for (auto& client : slow) client->send("a");
    }
    report("slowloris: " + std::to_string(slow_count) + " connections, 50 bytes each", {}, start);
    std::map<int, int> statuses;
    for (auto& client : slow) {
      client->send("\r\n\r\n");
      statuses[client->read_response().status]++;
    }
    report("  ...then each ends its request", statuses, start);
  }
  report("  ...closed; GET /api/games", {{games_answer(), 1}}, Clock::now());

  {  // Oversized bodies, headers, uploads.
    auto start = Clock::now();
    std::map<int, int> statuses;
    const std::string body(64 * 1024 + 1, 'x');
    for (int i = 0; i < 1000; ++i) {
      statuses[wg::server::test::http_post(port, "/api/sessions", body).status]++;
    }
    for (int i = 0; i < 1000; ++i) {
      statuses[wg::server::test::http_get(port, "/api/games", {{"X-Big", std::string(9000, 'h')}})
                   .status]++;
    }
    const std::string upload((4 << 20) + 1, 'u');
    for (int i = 0; i < 20; ++i) {
      statuses[wg::server::test::http_post(port, "/api/auction/replays", upload).status]++;
    }
    report("oversized: 1000 64 KiB+1 bodies, 1000 9 KB headers, 20 4 MiB+1 uploads", statuses,
           start);
  }

  {  // Malformed requests.
    auto start = Clock::now();
    std::map<int, int> statuses;
    const std::vector<std::string> garbage = {
        std::string("\x00\x01\x02\xff\r\n\r\n", 8), "GET / HTTP/1.1\r\nHost x\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"};
    for (int i = 0; i < 10000; ++i) {
      statuses[wg::server::test::send_raw(port, garbage[i % garbage.size()]).status]++;
    }
    report("malformed: 10,000 requests", statuses, start);
  }

  std::string watch;
  {  // Sessions to the cap, then expiry.
    auto start = Clock::now();
    std::map<int, int> statuses;
    HttpConnection connection(port);
    for (std::size_t i = 0; i < max_sessions + 1000; ++i) {
      const ClientResponse created =
          connection.request("POST", "/api/sessions", R"({"game": "hangman"})");
      statuses[created.status]++;
      if (watch.empty() && created.status == 201) watch = Json::parse(created.body)["watch"];
    }
    report("sessions: " + std::to_string(max_sessions + 1000) + " hangman games created", statuses,
           start);
    start = Clock::now();
    statuses.clear();
    std::mt19937_64 random(1);
    char id[33];
    for (int i = 0; i < 100000; ++i) {
      std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(random()),
                    static_cast<unsigned long long>(random()));
      statuses[connection.request("GET", std::string("/api/sessions/") + id).status]++;
    }
    report("guessed ids: 100,000 random 128-bit ids", statuses, start);
  }

  {  // Path traversal and other sites' pages.
    auto start = Clock::now();
    std::map<int, int> statuses;
    HttpConnection connection(port);
    const std::vector<std::string> targets = {
        "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",      "/assets/../index.html",     "/%2fetc%2fpasswd"};
    for (int i = 0; i < 6000; ++i) {
      const ClientResponse response = connection.request("GET", targets[i % targets.size()]);
      statuses[response.body.find("root:") == std::string::npos ? response.status : -1]++;
    }
    for (int i = 0; i < 6000; ++i) {
      statuses[connection
                   .request("POST", "/api/sessions", R"({"game": "hangman"})",
                            {{"Origin", "http://evil.example"}})
                   .status]++;
    }
    report("traversal: 6,000 GETs; other origin: 6,000 POSTs", statuses, start);
  }

  {  // WebSocket: watchers of one game, messages too big, sockets to nothing.
    auto start = Clock::now();
    std::map<int, int> statuses;
    std::vector<std::unique_ptr<TestSocket>> sockets;
    const int watchers = slow_count / 2;
    for (int i = 0; i < watchers; ++i) {
      auto socket = std::make_unique<TestSocket>();
      if (socket->connect(port, "/api/watch/" + watch + "/live") && socket->receive()) {
        statuses[101]++;
        sockets.push_back(std::move(socket));
      } else {
        statuses[socket->refusal().status]++;
      }
    }
    report("websocket: " + std::to_string(watchers) + " watchers of one game", statuses, start);
    start = Clock::now();
    statuses.clear();
    const std::string huge(1 << 20, 'w');
    for (int i = 0; i < 200; ++i) {
      auto& socket = *sockets[static_cast<std::size_t>(i)];
      try {
        // One frame announcing 1 MiB: refused on its header; 1006 when the close frame was lost
        // to the reset of a connection the client was still writing on.
        socket.send_one_frame(huge);
        socket.receive();
        statuses[socket.close_code()]++;
      } catch (const std::runtime_error&) {
        statuses[-2]++;  // an error the test client does not expect
      }
    }
    for (int i = 0; i < 1000; ++i) {
      TestSocket nowhere;
      nowhere.connect(port, "/api/sessions/" + std::string(32, 'f') + "/live");
      statuses[nowhere.refusal().status]++;
    }
    report("websocket: 200 1 MiB frames (close code), 1000 to no game", statuses, start);
  }

  {
    auto start = Clock::now();
    clock_offset_minutes += 61;
    const std::size_t expired = arcade.expire_idle();
    malloc_trim(0);
    report("expiry: " + std::to_string(expired) + " idle sessions dropped, malloc_trim",
           {{games_answer(), 1}}, start);
  }
  {  // Watchers that never read while the game they watch goes on: every update waits for them.
    auto start = Clock::now();
    std::map<int, int> statuses;
    // 16×16, the largest board the arcade plays, of letters that make many words: each round
    // over, a spectator's update lists them all (about 166 kB).
    const std::string board =
        "RCOITCNDCECAUNSO/RRPNOUONLDUIRDIU/OLPADMEIMCASMAUU/SNCPLPMLLPMCNITE/AINRSDLMDUSLOULC/"
        "TOCLCRTDAUSCDPIP/UTOCCEPDRDUCSSEE/NUDNETMELIASLMLU/EACCMALPCTOSORAS/AEECOARLSCSIPAUT/"
        "TTIULLNUOLDUCDOE/CMOSLDPPRSLSOSOT/AMLCTALCCDIADDTN/TDTCPSPNACADATSD/NSCCTITITMTUCSSM/"
        "LEMUACDPISORDMSR";
    HttpConnection owner(port);
    const Json game = Json::parse(
        owner
            .request(
                "POST", "/api/sessions",
                Json{{"game", "boggle"}, {"config", {{"board", board}, {"seconds", 0}}}}.dump())
            .body);
    const std::string id = game["id"];
    std::vector<std::unique_ptr<TestSocket>> sockets;
    const int watchers = slow_count / 4;
    for (int i = 0; i < watchers; ++i) {
      auto socket = std::make_unique<TestSocket>();
      statuses[socket->connect(port, "/api/watch/" + game["watch"].get<std::string>() + "/live")
                   ? 101
                   : socket->refusal().status]++;
      sockets.push_back(std::move(socket));
    }
    for (int i = 0; i < 250; ++i) {
      statuses[owner
                   .request("POST", "/api/sessions/" + id + "/commands",
                            Json{{"command", i % 2 == 0 ? "close" : "new_game"}}.dump())
                   .status]++;
    }
    report("unread: " + std::to_string(watchers) + " watchers never read; 250 rounds ended/begun",
           statuses, start);
    std::printf("%-58s queued now %.1f MB\n", "", static_cast<double>(server.queued_bytes()) / 1e6);
    start = Clock::now();
    sockets.clear();  // the watchers go, without reading
    while (server.queued_bytes() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    report("  ...the watchers gone: their queues dropped", {}, start);
  }

  std::printf("RSS: %.1f MB at the start, %.1f MB at the end; peak %.1f MB\n", rss_start,
              status_mb("VmRSS"), status_mb("VmHWM"));
  const int final_status = games_answer();
  server.stop();
  loop.join();
  return final_status == 200 ? 0 : 1;
}
