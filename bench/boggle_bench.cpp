// Word search solver throughput. Run (from the repository root):
//   cmake --build build --target boggle_bench &&
//     build/bench/boggle_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
// Boards are seeded and generated outside the timed loops; each iteration solves one board,
// counting its words and its Boggle score, as the targets ask.

#include <benchmark/benchmark.h>

#include <memory>
#include <span>
#include <vector>

#include "core/rng.h"
#include "games/boggle/board_search.h"
#include "games/boggle/review.h"
#include "games/boggle/session.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace {

using wg::Rng;
using wg::boggle::Board;
using wg::boggle::Scoring;
using wg::boggle::Solver;

std::vector<Board> uniform_boards(int count) {
  Rng rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < count; ++i) {
    std::vector<wg::Tile> cells;
    for (int k = 0; k < 16; ++k)
      cells.push_back(wg::Tile{{static_cast<wg::Letter>(rng.below(26))}});
    boards.emplace_back(4, 4, std::move(cells));
  }
  return boards;
}

std::vector<Board> dice_boards(int count, int side, std::span<const wg::boggle::Die> dice) {
  Rng rng(2);
  std::vector<Board> boards;
  for (int i = 0; i < count; ++i) boards.push_back(Board::roll(side, side, dice, rng));
  return boards;
}

void run_boards(benchmark::State& state, const std::vector<Board>& boards,
                std::size_t min_length = 3) {
  Solver solver(wg::default_lexicon());
  std::size_t i = 0, words = 0;
  std::int64_t score = 0;
  for (auto _ : state) {
    const auto summary = solver.summarize(boards[i], min_length, Scoring::kBoggle);
    words += summary.words;
    score += summary.score;
    if (++i == boards.size()) i = 0;
  }
  benchmark::DoNotOptimize(score);
  state.SetItemsProcessed(state.iterations());  // boards
  state.counters["words_per_board"] =
      benchmark::Counter(static_cast<double>(words), benchmark::Counter::kAvgIterations);
}

// Target: 120,000 boards/s (hybrid-boggle's Boggler<4,4>: about 94,000 on this machine kind).
void BM_Boggle4x4Uniform(benchmark::State& state) {
  static const std::vector<Board> boards = uniform_boards(10000);
  run_boards(state, boards);
}
BENCHMARK(BM_Boggle4x4Uniform);

// Target: 45,000 boards/s (Boggler<4,4>: about 34,000).
void BM_Boggle4x4Dice(benchmark::State& state) {
  static const std::vector<Board> boards = dice_boards(10000, 4, Board::classic_dice());
  run_boards(state, boards);
}
BENCHMARK(BM_Boggle4x4Dice);

// The 36 Super Big Boggle dice (6x6), blank faces blocking their cell; no target. Minimum 3 to
// compare with the 4x4 figures, and 4, the game's own rule.
void BM_Boggle6x6Dice(benchmark::State& state) {
  static const std::vector<Board> boards = dice_boards(10000, 6, Board::super_big_dice());
  run_boards(state, boards, static_cast<std::size_t>(state.range(0)));
}
BENCHMARK(BM_Boggle6x6Dice)->ArgName("min")->Arg(3)->Arg(4);

// Solve time against the number of cells: square boards of letters drawn by tile frequency
// (word-rich), on 1 thread and on 2. Target: 1000x1000 in at most 2 s, and time linear in cells.
// Real time (ns_per_cell divides it by the cells), and the CPU time of all threads: on a loaded
// machine, CPU time / threads is what the real time would be with the cores to ourselves.
void BM_BoggleSquare(benchmark::State& state) {
  const auto side = static_cast<int>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  Rng rng(3);
  const Board board = Board::random_letters(side, side, rng);
  Solver solver(wg::default_lexicon(), threads);
  std::size_t words = 0;
  for (auto _ : state) words = solver.summarize(board, 3, Scoring::kBoggle).words;
  state.counters["cells"] = static_cast<double>(side) * side;
  state.counters["words"] = static_cast<double>(words);
  state.counters["ns_per_cell"] = benchmark::Counter(
      static_cast<double>(side) * side,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BoggleSquare)
    ->ArgNames({"side", "threads"})
    ->ArgsProduct({{10, 32, 100, 316, 1000}, {1}})
    ->ArgsProduct({{100, 316, 1000}, {2}})
    ->UseRealTime()
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

// The best-board search (issue 16): one episode on one thread per iteration (seeds 1, 2, ...), so
// the boards scored per second include the annealing's walk through high-scoring boards (which are
// slower to solve than random ones) and the final climb.
void BM_BoardSearchEpisode(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  std::uint64_t boards = 0, episode = 0;
  std::int64_t best = 0;
  for (auto _ : state) {
    wg::boggle::SearchConfig config;
    config.rows = config.cols = side;
    config.seed = 1 + episode++;  // a different episode each iteration
    config.episodes = 1;
    wg::boggle::BoardSearch search(wg::default_lexicon(), config);
    const wg::boggle::SearchProgress result = search.run(1);
    boards += result.boards;
    best = std::max(best, result.best->score);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(boards));  // boards scored
  state.counters["best"] = static_cast<double>(best);
}
BENCHMARK(BM_BoardSearchEpisode)->ArgName("side")->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

// The review of a finished game (issue 33) at the registry's defaults (a board rolled from the
// dice, 3 minutes, words of 3 letters or more, the spec's scoring; the size as the argument, 4 by
// default), on the embedded ENABLE list: the round played by fixed commands (every other word of
// the board, in order, then a close), made outside the timed loop; each iteration replays the
// session and reviews its round. Target: under 1 s.
void BM_ReviewFinishedGame(benchmark::State& state) {
  const auto lexicon =
      std::shared_ptr<const wg::Lexicon>(&wg::default_lexicon(), [](const wg::Lexicon*) {});
  wg::boggle::Config config;
  config.size = static_cast<int>(state.range(0));
  const std::uint64_t seed = 33;
  wg::boggle::Session session(lexicon, config, seed);
  std::vector<std::uint32_t> words;
  Solver(*lexicon).solve(session.started().board, config.min_word_length(), words);
  std::uint64_t ms = 0;
  for (std::size_t i = 0; i < words.size(); i += 2) {
    session.apply(wg::boggle::Submit{lexicon->word_at(words[i]), ms += 100});
  }
  session.apply(wg::boggle::Close{ms + 100});
  std::int64_t par = 0;
  for (auto _ : state) {
    const wg::boggle::SessionReview review =
        wg::boggle::review_session(lexicon, config, seed, session.commands());
    par = review.rounds.at(0).par;
    benchmark::DoNotOptimize(review);
  }
  state.counters["words"] = static_cast<double>(words.size());
  state.counters["par"] = static_cast<double>(par);
}
BENCHMARK(BM_ReviewFinishedGame)
    ->ArgName("size")
    ->Arg(4)
    ->Arg(5)
    ->Arg(6)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
