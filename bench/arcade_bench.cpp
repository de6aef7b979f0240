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
#include "app/registry.h"
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
  request.target = std::move(path);
  // As the HTTP server splits the target: the path, and the query after a '?'.
  const std::size_t question = request.target.find('?');
  request.path = request.target.substr(0, question);
  if (question != std::string::npos) request.query = request.target.substr(question + 1);
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

/// Opening a session on a warm arcade (its lexicon and what is derived from it already made, as
/// after the first player), through the arcade as a request: the game made from its config and
/// seed, its first view rendered, the handoff to and from the opening workers. Each session is
/// deleted, untimed, so that the table does not grow. Target (issue 35): under 50 µs (median).
void BM_OpenSession(benchmark::State& state, std::string body) {
  auto arcade = make_arcade();
  call(*arcade, "POST", "/api/sessions", body);  // warm
  for (auto _ : state) {
    const HttpResponse response = call(*arcade, "POST", "/api/sessions", body);
    state.PauseTiming();
    if (response.status != 201) {
      state.SkipWithError(response.body.c_str());
      break;
    }
    const std::string id = Json::parse(response.body)["id"].get<std::string>();
    call(*arcade, "DELETE", "/api/sessions/" + id, "");
    state.ResumeTiming();
  }
}
void OpenSessionArguments(benchmark::internal::Benchmark* bench) {
  bench->Repetitions(5)->ReportAggregatesOnly(true)->Unit(benchmark::kMicrosecond);
}
/// Through the arcade, an opening runs on its workers while this thread waits: the wall time
/// ("Time", median) is the figure, and it sets the iterations.
void ArcadeOpeningArguments(benchmark::internal::Benchmark* bench) {
  OpenSessionArguments(bench);
  bench->UseRealTime();
}
BENCHMARK_CAPTURE(BM_OpenSession, hand, R"({"game":"hand"})")->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_OpenSession, evil_hangman, R"({"game":"evil-hangman"})")
    ->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_OpenSession, boggle, R"({"game":"boggle"})")->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_OpenSession, auction, R"({"game":"auction"})")->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_OpenSession, hangman, R"({"game":"hangman"})")->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_OpenSession, wordle, R"({"game":"wordle"})")->Apply(ArcadeOpeningArguments);

/// The game's own part of an opening, on this thread: the session made from an empty config
/// (the defaults) and a new seed each time, and its owner's first view. What BM_OpenSession
/// adds to it is the arcade's (the request, the table, the workers' handoff, the JSON answer).
void BM_OpenGame(benchmark::State& state, std::string name) {
  const wg::app::GameEntry* game = wg::app::find_game(name);
  const auto lexicon = wg::app::built_in_lexicon().lexicon;
  std::uint64_t seed = 1;
  benchmark::DoNotOptimize(game->open(Json::object(), seed, lexicon)->view(0));  // warm
  for (auto _ : state) {
    auto session = game->open(Json::object(), ++seed, lexicon);
    benchmark::DoNotOptimize(session->view(session->owner_seat()));
  }
}
BENCHMARK_CAPTURE(BM_OpenGame, hand, "hand")->Apply(OpenSessionArguments);
BENCHMARK_CAPTURE(BM_OpenGame, evil_hangman, "evil-hangman")->Apply(OpenSessionArguments);
BENCHMARK_CAPTURE(BM_OpenGame, boggle, "boggle")->Apply(OpenSessionArguments);
BENCHMARK_CAPTURE(BM_OpenGame, auction, "auction")->Apply(OpenSessionArguments);
BENCHMARK_CAPTURE(BM_OpenGame, hangman, "hangman")->Apply(OpenSessionArguments);
BENCHMARK_CAPTURE(BM_OpenGame, wordle, "wordle")->Apply(OpenSessionArguments);

/// A room's round for kMaxPlayers (16) players, in process: the host's start (every seat's
/// solo session brought to the round, its board rolled and solved) and then every member's state
/// of the room, as each of them reads it (or their socket is sent it) when the round begins. The
/// word search is the only game with rooms, and its round's board is what costs: `next` is a
/// round of a room whose players all closed the last one (untimed), `first` the room's first
/// round, its opening and the 15 joins included. Target (issue 35): under 1 ms.
void BM_RoomRound(benchmark::State& state, bool first) {
  constexpr int kPlayers = 16;
  auto arcade = make_arcade();
  call(*arcade, "POST", "/api/sessions", R"({"game":"boggle"})");  // warm: the solver's layout
  std::string code;
  std::vector<std::string> keys;
  // A field of a reply, as text: found, not parsed, so that the client's parsing of whole
  // replies is not counted as the arcade's.
  const auto field = [&](const HttpResponse& reply, const std::string& name) {
    const std::string mark = "\"" + name + "\":\"";
    const std::size_t at = reply.body.find(mark);
    if (reply.status >= 300 || at == std::string::npos) {
      state.SkipWithError(reply.body.c_str());
      return std::string();
    }
    const std::size_t from = at + mark.size();
    return reply.body.substr(from, reply.body.find('"', from) - from);
  };
  const auto open_room = [&] {
    const HttpResponse created =
        call(*arcade, "POST", "/api/rooms", R"({"game":"boggle","name":"p0"})");
    code = field(created, "room");
    keys = {field(created, "player")};
    for (int i = 1; i < kPlayers; ++i) {
      keys.push_back(field(call(*arcade, "POST", "/api/rooms/" + code + "/players",
                                R"({"name":"p)" + std::to_string(i) + R"("})"),
                           "player"));
    }
  };
  const auto start_and_read = [&] {
    const HttpResponse started = call(*arcade, "POST", "/api/rooms/" + code + "/start",
                                      Json{{"player", keys.front()}}.dump());
    if (started.status != 200) state.SkipWithError(started.body.c_str());
    for (const std::string& key : keys) {
      benchmark::DoNotOptimize(call(*arcade, "GET", "/api/rooms/" + code + "?player=" + key, ""));
    }
  };
  if (!first) {
    open_room();
    start_and_read();
  }
  for (auto _ : state) {
    if (first) {
      open_room();
    } else {
      state.PauseTiming();  // every player closes the round before
      for (const std::string& key : keys) {
        call(*arcade, "POST", "/api/rooms/" + code + "/commands?player=" + key,
             R"({"command":"close"})");
      }
      state.ResumeTiming();
    }
    start_and_read();
  }
  state.counters["players"] = kPlayers;
}
BENCHMARK_CAPTURE(BM_RoomRound, next, false)->Apply(ArcadeOpeningArguments);
BENCHMARK_CAPTURE(BM_RoomRound, first, true)->Apply(ArcadeOpeningArguments);

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
