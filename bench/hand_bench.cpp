// The word game's AI: best word and exact optimal plan over seeded random hands of enable1.
// Targets (docs/games/hand.md): best word for 7 tiles with * <= 20 us; optimal plan <= 1 ms
// for 7 tiles and <= 50 ms for 10 tiles, median and worst over 10,000 hands.
//
//   ninja -C build hand_bench && build/bench/hand_bench
//
// BM_* report the mean per hand over the 10,000 hands (Google Benchmark's timing); the
// Distribution benchmarks time each hand once and report median and worst as counters.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "games/hand/hand.h"
#include "games/hand/solver.h"
#include "lexicon/lexicon.h"

namespace {

using wg::hand::Hand;

constexpr int kHands = 10'000;

const std::vector<Hand>& hands(int size) {
  static std::vector<std::vector<Hand>> cache(32);
  auto& v = cache[static_cast<std::size_t>(size)];
  if (v.empty()) {
    wg::Rng rng(20240601);
    for (int i = 0; i < kHands; ++i) v.push_back(wg::hand::deal(rng, size));
  }
  return v;
}

void BM_BestWord(benchmark::State& state) {
  const wg::Lexicon& lexicon = wg::default_lexicon();
  const auto& hs = hands(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(wg::hand::best_word(lexicon, hs[i]));
    i = (i + 1) % hs.size();
  }
}
BENCHMARK(BM_BestWord)->Arg(7)->Arg(10)->Unit(benchmark::kMicrosecond);

void BM_Solve(benchmark::State& state) {
  const wg::Lexicon& lexicon = wg::default_lexicon();
  const auto& hs = hands(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(wg::hand::solve(lexicon, hs[i]));
    i = (i + 1) % hs.size();
  }
}
BENCHMARK(BM_Solve)->Arg(7)->Arg(10)->Unit(benchmark::kMicrosecond);

/// Times `work` on each of the 10,000 hands once; counters: median and worst in microseconds.
template <class Work>
void distribution(benchmark::State& state, Work work) {
  const auto& hs = hands(static_cast<int>(state.range(0)));
  std::vector<double> micros;
  for (auto _ : state) {
    micros.clear();
    for (const Hand& hand : hs) {
      const auto start = std::chrono::steady_clock::now();
      work(hand);
      const auto end = std::chrono::steady_clock::now();
      micros.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
  }
  std::sort(micros.begin(), micros.end());
  state.counters["median_us"] = micros[micros.size() / 2];
  state.counters["worst_us"] = micros.back();
  state.counters["hands"] = static_cast<double>(micros.size());
}

void BM_BestWordDistribution(benchmark::State& state) {
  const wg::Lexicon& lexicon = wg::default_lexicon();
  distribution(state,
               [&](const Hand& h) { benchmark::DoNotOptimize(wg::hand::best_word(lexicon, h)); });
}
BENCHMARK(BM_BestWordDistribution)->Arg(7)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_PlanDistribution(benchmark::State& state) {
  const wg::Lexicon& lexicon = wg::default_lexicon();
  distribution(state, [&](const Hand& h) {
    benchmark::DoNotOptimize(wg::hand::optimal_plan(lexicon, h, state.range(1) != 0));
  });
}
BENCHMARK(BM_PlanDistribution)
    ->Args({7, 0})
    ->Args({7, 1})
    ->Args({10, 0})
    ->Args({10, 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
