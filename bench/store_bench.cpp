// The SQLite store (issue 14). Target: recording a finished game and reading a player's
// statistics each under 1 ms on a database of 100,000 games.
//
//   ninja -C build store_bench && build/bench/store_bench
//
// The database is made once per run in a temporary directory (removed at the end): 100,000
// finished games of the five games between 20 players (one or two players a game, 20 to 80
// commands each), recorded one transaction each as the program records them. Then:
// BM_RecordFinishedGame records one more game (a transaction: the game, its players, their
// statistics), BM_Statistics reads one player's statistics in one game, BM_GameStatistics the
// same with the game's own figures (BM_GameStatisticsHangman: position hangman's, the most to
// read), BM_Leaderboard a game's top 10, BM_StatisticsAllGames in every game, BM_HistoryPage a
// player's last 20 finished games. BM_RecordOutOfOrder records a game that ended before the
// player's last one, which recounts that player's statistics in that game from their games (the
// slow path: an import, a clock set back); "games" is how many.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/store_factory.h"
#include "core/rng.h"

namespace {

using wg::app::FinishedGame;
using wg::app::GamePlayer;
using wg::app::GameStore;

constexpr int kGames = 100'000;
constexpr int kPlayers = 20;
const char* const kGameNames[] = {"hand", "evil-hangman", "boggle", "auction", "hangman"};

std::string player_name(std::uint64_t i) { return "Player " + std::to_string(i); }

FinishedGame make_game(wg::Rng& rng, std::int64_t ended_ms) {
  FinishedGame game;
  game.game = kGameNames[rng.below(5)];
  const std::uint64_t first = rng.below(kPlayers);
  game.players.push_back(
      {player_name(first), static_cast<std::int64_t>(rng.below(200)), rng.below(2) == 0});
  if (rng.below(3) == 0) {
    const std::uint64_t second = (first + 1 + rng.below(kPlayers - 1)) % kPlayers;
    game.players.push_back(
        {player_name(second), static_cast<std::int64_t>(rng.below(200)), !game.players[0].won});
  }
  game.config = {{"mode", "hard"}, {"length", 7}};
  game.seed = rng.next();
  const std::uint64_t commands = 20 + rng.below(61);
  for (std::uint64_t i = 0; i < commands; ++i) {
    game.commands.push_back(
        {{"command", "guess"}, {"letter", std::string(1, static_cast<char>('A' + i % 26))}});
  }
  game.result = {{"word", "COTTON"}, {"guesses", commands}};
  // The game-specific figures as app/game_record.h writes them (game_store.h, GameStatistics).
  const std::string_view name = game.game;
  const auto some = [&](std::uint64_t below) {
    return static_cast<std::int64_t>(rng.below(below));
  };
  if (name == "hand") {
    game.details = {{"hands", wg::app::Json::array()}};
    for (int hand = 0; hand < 5; ++hand) {
      game.details["hands"].push_back({{"score", some(60)}, {"best", 60 + some(40)}});
    }
  } else if (name == "boggle") {
    game.details = {
        {"found", some(20)}, {"words", 20 + some(100)}, {"score", some(50)}, {"total_score", 300}};
  } else if (name == "evil-hangman") {
    game.details = {{"length", 4 + some(9)}, {"misses", some(26)}, {"won", some(2) == 0}};
  } else if (name == "hangman") {
    game.details = {{"length", 6 + some(8)},
                    {"misses", some(6)},
                    {"won", some(2) == 0},
                    {"points", some(200)},
                    {"dictionary_words", some(3) == 0 ? 0 : 500}};
  }
  game.started_ms = ended_ms - 60'000;
  game.ended_ms = ended_ms;
  return game;
}

/// The benchmark database, made on first use, and the time of its last game.
struct Fixture {
  std::filesystem::path dir;
  std::unique_ptr<GameStore> store;
  std::int64_t now_ms = 1'700'000'000'000;
  wg::Rng rng{20261124};

  Fixture() {
    dir = std::filesystem::temp_directory_path() / ("wg-store-bench-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    store = wg::app::open_store(dir);
    for (int i = 0; i < kGames; ++i) store->record_finished_game(make_game(rng, now_ms += 1000));
    std::fprintf(stderr, "store_bench: %d games in %s (%.1f MB)\n", kGames,
                 (dir / "wordgames.db").c_str(),
                 static_cast<double>(std::filesystem::file_size(dir / "wordgames.db")) / 1e6);
  }
  ~Fixture() {
    store.reset();
    std::filesystem::remove_all(dir);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_RecordFinishedGame(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state) {
    state.PauseTiming();
    const FinishedGame game = make_game(f.rng, f.now_ms += 1000);
    state.ResumeTiming();
    benchmark::DoNotOptimize(f.store->record_finished_game(game));
  }
}
BENCHMARK(BM_RecordFinishedGame)->Unit(benchmark::kMicrosecond);

void BM_Statistics(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f.store->statistics(player_name(i % kPlayers), kGameNames[i % 5]));
    ++i;
  }
}
BENCHMARK(BM_Statistics)->Unit(benchmark::kMicrosecond);

void BM_GameStatistics(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        f.store->game_statistics(player_name(i % kPlayers), kGameNames[i % 5]));
    ++i;
  }
}
BENCHMARK(BM_GameStatistics)->Unit(benchmark::kMicrosecond);

void BM_GameStatisticsHangman(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f.store->game_statistics(player_name(i++ % kPlayers), "hangman"));
  }
}
BENCHMARK(BM_GameStatisticsHangman)->Unit(benchmark::kMicrosecond);

void BM_Leaderboard(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(f.store->leaderboard(kGameNames[i++ % 5], 10));
}
BENCHMARK(BM_Leaderboard)->Unit(benchmark::kMicrosecond);

void BM_StatisticsAllGames(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(f.store->statistics(player_name(i++ % kPlayers)));
}
BENCHMARK(BM_StatisticsAllGames)->Unit(benchmark::kMicrosecond);

void BM_HistoryPage(benchmark::State& state) {
  Fixture& f = fixture();
  std::uint64_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f.store->finished_games(player_name(i++ % kPlayers), "hangman", 20));
  }
}
BENCHMARK(BM_HistoryPage)->Unit(benchmark::kMicrosecond);

void BM_RecordOutOfOrder(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state) {
    state.PauseTiming();
    FinishedGame game = make_game(f.rng, f.now_ms - 3'600'000);  // an hour before the last
    game.players.resize(1);
    state.ResumeTiming();
    benchmark::DoNotOptimize(f.store->record_finished_game(game));
  }
  state.counters["games"] = static_cast<double>(
      f.store->statistics(player_name(0), "hangman").games);  // about what each recount reads
}
BENCHMARK(BM_RecordOutOfOrder)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
