// One live auction watched by many browsers: the arcade and its HTTP server in this process on
// a loopback port, N WebSocket spectators (the tests' blocking client), and a player who steps
// the game to its end. Every spectator must receive every update, in order (each update's
// version one more than the last). Prints the updates delivered, the time, and the server's
// heap. Target (issue 13): 1,000 concurrent viewers, every event delivered in order.
//   cmake --build build --target arcade_viewers && build/bench/arcade_viewers [VIEWERS]
#include <malloc.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/json.h"
#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/http_server.h"
#include "server/test_client.h"

int main(int argc, char** argv) {
  using wg::app::Json;
  using Clock = std::chrono::steady_clock;
  const int viewers = argc > 1 ? std::atoi(argv[1]) : 1000;
  // Two descriptors a viewer (its end and the server's): raise the soft limit to the hard one.
  struct rlimit files {};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);

  wg::server::HttpServer* running = nullptr;
  wg::server::ArcadeClock clock;
  clock.after = [&running](std::chrono::milliseconds delay, std::function<void()> task) {
    return running->post_after(delay, std::move(task));
  };
  wg::server::Arcade arcade(wg::app::built_in_lexicon().lexicon, {}, clock);
  // Every viewer is this process, one address: no cap per address (the classroom's browsers
  // are each their own).
  wg::server::ServerLimits limits;
  limits.max_connections_per_address = 0;
  wg::server::HttpServer server(arcade, limits);
  running = &server;
  const std::uint16_t port = server.listen("127.0.0.1", 0);
  std::thread loop([&] { server.run(1); });

  const Json config = {{"seats",
                        {{{"kind", "bot"}, {"name", "strong"}},
                         {{"kind", "bot"}, {"name", "value"}},
                         {{"kind", "bot"}, {"name", "value"}}}},
                       {"rounds", 3}};
  const Json created = Json::parse(
      wg::server::test::http_post(port, "/api/sessions",
                                  Json{{"game", "auction"}, {"seed", 1}, {"config", config}}.dump(),
                                  {{"Content-Type", "application/json"}})
          .body);
  const std::string id = created["id"];
  const std::string watch = created["watch"];

  const auto heap = [] {
    const struct mallinfo2 info = mallinfo2();
    return static_cast<double>(info.uordblks + info.hblkhd) / 1e6;
  };
  const double heap_before = heap();
  std::vector<std::unique_ptr<wg::server::test::TestSocket>> sockets;
  for (int i = 0; i < viewers; ++i) {
    auto socket = std::make_unique<wg::server::test::TestSocket>();
    if (!socket->connect(port, "/api/watch/" + watch + "/live")) {
      std::fprintf(stderr, "viewer %d was refused\n", i);
      return 1;
    }
    socket->receive();  // the state on joining
    sockets.push_back(std::move(socket));
  }
  const double heap_watched = heap();

  const auto start = Clock::now();
  std::uint64_t version = created["version"];
  std::uint64_t delivered = 0;
  int steps = 0;
  bool finished = false;
  while (!finished) {
    const Json reply = Json::parse(
        wg::server::test::http_post(port, "/api/sessions/" + id + "/commands",
                                    R"({"command":"step"})", {{"Content-Type", "application/json"}})
            .body);
    finished = reply["finished"];
    ++steps;
    ++version;
    for (auto& socket : sockets) {
      const auto message = socket->receive();
      if (!message) {
        std::fprintf(stderr, "a viewer was closed\n");
        return 1;
      }
      if (Json::parse(*message)["version"] != version) {
        std::fprintf(stderr, "an update arrived out of order\n");
        return 1;
      }
      ++delivered;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf(
      "%d viewers, %d updates each, %llu delivered in order (%.0f%%), %.2f s (%.0f "
      "updates/s); server heap %.1f MB for the viewers (%.1f kB each)\n",
      viewers, steps, static_cast<unsigned long long>(delivered),
      100.0 * static_cast<double>(delivered) / (static_cast<double>(viewers) * steps), seconds,
      static_cast<double>(delivered) / seconds, heap_watched - heap_before,
      (heap_watched - heap_before) * 1000 / viewers);
  for (auto& socket : sockets) socket->close();
  server.stop();
  loop.join();
  return 0;
}
