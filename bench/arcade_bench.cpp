// The web arcade's API in process (no network): what the arcade layer costs per request and per
// idle session, measured through Arcade::handle as the HTTP server calls it. The figures over
// loopback (wrk, 1,000 WebSocket viewers) come from bench/arcade-load; both are in
// docs/PERFORMANCE.md.
//   cmake --build build --target arcade_bench && build/bench/arcade_bench
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <algorithm>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/lexicon_catalog.h"
#include "server/arcade.h"

namespace {

using wg::app::Json;
using wg::server::Arcade;
using wg::server::HttpRequest;
using wg::server::HttpResponse;

/// The bytes the process holds on the heap now (glibc's count: exact, unlike the resident size,
/// which keeps pages freed by an earlier benchmark).
double heap_bytes() {
  const struct mallinfo2 info = mallinfo2();
  return static_cast<double>(info.uordblks + info.hblkhd);
}

HttpResponse call(Arcade& arcade, std::string method, std::string path, std::string body) {
  HttpRequest request;
  request.method = std::move(method);
  request.path = std::move(path);
  request.target = request.path;
  request.body = std::move(body);
  request.content_type = "application/json";
  // An opening answers from the arcade's workers: waited for.
  auto answer = std::make_shared<std::promise<HttpResponse>>();
  std::future<HttpResponse> answered = answer->get_future();
  arcade.handle(std::move(request), [answer](HttpResponse r) { answer->set_value(std::move(r)); });
  return answered.get();
}

std::shared_ptr<Arcade> make_arcade() {
  wg::server::ArcadeOptions options;
  options.max_sessions = 1'000'000;
  return std::make_shared<Arcade>(wg::app::built_in_lexicon().lexicon, options);
}

/// 10,000 idle sessions of one game (as a player leaves them after opening): the memory they
/// hold. Target (issue 13): 10,000 idle sessions in under 200 MB.
void BM_IdleSessions(benchmark::State& state, std::string body) {
  constexpr int kSessions = 10'000;
  for (auto _ : state) {
    auto arcade = make_arcade();
    call(*arcade, "POST", "/api/sessions", body);  // the lexicon and caches, before measuring
    const double before = heap_bytes();
    for (int i = 0; i < kSessions; ++i) {
      const HttpResponse response = call(*arcade, "POST", "/api/sessions", body);
      if (response.status != 201) state.SkipWithError(response.body.c_str());
    }
    const double grown = heap_bytes() - before;
    state.counters["sessions"] = kSessions;
    state.counters["MB"] = grown / 1e6;
    state.counters["bytes_per_session"] = grown / kSessions;
    state.counters["target_ratio"] = 200e6 / std::max(grown, 1.0);  // > 1: within the target
  }
}
BENCHMARK_CAPTURE(BM_IdleSessions, hand, R"({"game":"hand"})")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IdleSessions, evil_hangman, R"({"game":"evil-hangman"})")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IdleSessions, boggle, R"({"game":"boggle"})")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IdleSessions, auction, R"({"game":"auction"})")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IdleSessions, hangman, R"({"game":"hangman"})")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

/// One move on a warm session, in process: a Boggle word judged (most of them not on the
/// board, as a player's guesses often are), the view and the reply rendered as JSON.
void BM_BoggleMove(benchmark::State& state) {
  auto arcade = make_arcade();
  const Json created = Json::parse(
      call(*arcade, "POST", "/api/sessions", R"({"game":"boggle","config":{"seconds":0}})").body);
  const std::string path = "/api/sessions/" + created["id"].get<std::string>() + "/commands";
  const std::vector<std::string> words = {"tea", "team", "steam", "rate", "tire", "stone", "note"};
  std::size_t i = 0;
  for (auto _ : state) {
    const Json command = {{"command", "submit"}, {"word", words[i++ % words.size()]}};
    benchmark::DoNotOptimize(call(*arcade, "POST", path, command.dump()));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BoggleMove);

}  // namespace

BENCHMARK_MAIN();
