// Position hangman: the time each player takes to choose a guess. Target (issue 16,
// docs/PERFORMANCE.md): the planners at most 50 ms a guess, median, over seeded games on the
// default dictionary.
//
//   ninja -C build hangman_bench && build/bench/hangman_bench --benchmark_counters_tabular=true
//
// Each benchmark plays the first 1,000 games of `wordgames hangman autoplay --seed 1` (the same
// words in the same order) and times every guess; the wins and points of all 10,000 come from
// autoplay itself (docs/games/hangman.md).

#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/rng.h"
#include "decision_times.h"
#include "games/hangman/advisor.h"
#include "games/hangman/dictionary.h"
#include "games/hangman/game.h"
#include "lexicon/lexicon.h"

namespace {

using namespace wg::hangman;

const Dictionary& dictionary() {
  static const Dictionary d = Dictionary::from_lexicon(wg::default_lexicon());
  return d;
}

/// One game an iteration, game i on autoplay's word i; counters: the guesses timed and their
/// median, 99th percentile and worst times (wall and CPU), and the games won.
void BM_Guess(benchmark::State& state, Strategy strategy) {
  const wg::Rng root(1);
  wg::bench::DecisionTimes times;
  std::uint64_t game_index = 0;
  std::uint64_t wins = 0;
  for (auto _ : state) {
    wg::Rng rng = root.fork(game_index++);
    Game game(dictionary(), rng);
    while (!game.finished()) {
      game.guess(times.time([&] { return advise(game, strategy); }).guess);
    }
    wins += game.status() == GameState::kWon ? 1 : 0;
  }
  times.report(state, "guesses");
  state.counters["wins"] = static_cast<double>(wins);
}
BENCHMARK_CAPTURE(BM_Guess, safe, Strategy::kSafe)->Iterations(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Guess, advisor, Strategy::kAdvisor)
    ->Iterations(1000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Guess, plan_win, Strategy::kPlanWin)
    ->Iterations(1000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Guess, plan_points, Strategy::kPlanPoints)
    ->Iterations(1000)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
