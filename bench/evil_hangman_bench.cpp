// Evil Hangman speed targets on ENABLE (docs/games/evil-hangman.md, docs/PERFORMANCE.md):
// one partition of all 28,420 eight-letter words <= 1 ms; a lookahead depth-2 decision on that
// class <= 100 ms; the exact solver on the three-letter words; the review of a game at the
// arcade's settings <= 1 s. Run:
//   ninja -C build evil_hangman_bench && build/bench/evil_hangman_bench

#include <benchmark/benchmark.h>

#include "games/evil_hangman/game.h"
#include "games/evil_hangman/guesser.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/partition.h"
#include "games/evil_hangman/review.h"
#include "games/evil_hangman/word_set.h"

namespace {

namespace eh = wg::evil_hangman;

const eh::WordSet& eight() {
  static const eh::WordSet words = eh::WordSet::of_length(wg::default_lexicon(), 8);
  return words;
}

void BM_WordSetOfLength8(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(eh::WordSet::of_length(wg::default_lexicon(), 8));
}
BENCHMARK(BM_WordSetOfLength8)->Unit(benchmark::kMillisecond);

void BM_Partition8(benchmark::State& state) {
  const eh::WordSet& words = eight();
  const std::vector<eh::WordId> all = words.all_ids();
  const wg::Letter e = wg::Alphabet::english().code('e');
  eh::Partition part;
  for (auto _ : state) {
    part.split(words, all, e);
    benchmark::DoNotOptimize(part.families().data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.size()));
}
BENCHMARK(BM_Partition8)->Unit(benchmark::kMicrosecond);

void BM_LookaheadDecision8(benchmark::State& state) {
  const eh::WordSet& words = eight();
  const std::vector<eh::WordId> all = words.all_ids();
  const wg::Letter e = wg::Alphabet::english().code('e');
  const eh::Partition part = eh::partition(words, all, e);
  eh::HostConfig config;
  config.strategy = eh::Strategy::kLookahead;
  config.depth = static_cast<int>(state.range(0));
  eh::Host host(words, config, wg::Rng(1));
  for (auto _ : state) {
    benchmark::DoNotOptimize(host.choose(eh::Position{all, wg::LetterSet(), 8}, e, part));
  }
}
BENCHMARK(BM_LookaheadDecision8)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

void BM_MinimaxGuess8(benchmark::State& state) {
  const eh::WordSet& words = eight();
  const std::vector<eh::WordId> all = words.all_ids();
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        eh::choose_guess(words, eh::Position{all, wg::LetterSet(), 8}, eh::GuesserKind::kMinimax));
  }
}
BENCHMARK(BM_MinimaxGuess8)->Unit(benchmark::kMillisecond);

// The exact solver from scratch (a fresh memo each time): all 972 three-letter words with k
// guesses, i.e. proving that an optimal host forces k misses on any guesser.
void BM_OptimalValue3(benchmark::State& state) {
  static const eh::WordSet words = eh::WordSet::of_length(wg::default_lexicon(), 3);
  const std::vector<eh::WordId> all = words.all_ids();
  const int guesses = static_cast<int>(state.range(0));
  for (auto _ : state) {
    eh::OptimalSolver solver(words, eh::OptimalBudget{4'000'000'000, 4'000'000});
    benchmark::DoNotOptimize(solver.value(eh::Position{all, wg::LetterSet(), guesses}));
    state.counters["positions"] = static_cast<double>(solver.positions_evaluated());
  }
}
BENCHMARK(BM_OptimalValue3)->Arg(8)->Arg(9)->Unit(benchmark::kMillisecond);

// The review of a finished game at the arcade's settings (the registry's config defaults: the
// largest host; the page's 8 letters and 8 wrong guesses), played by the minimax guesser with a
// fixed seed; each review starts with a fresh solver.
void BM_Review8(benchmark::State& state) {
  const eh::WordSet& words = eight();
  eh::Game game(words, 8, eh::HostConfig{}, 1);
  eh::PlayedGame played{8, 8, {}, {}, false};
  while (!game.over()) {
    const wg::Letter l = eh::choose_guess(words, game.position(), eh::GuesserKind::kMinimax);
    game.guess(l);
    played.letters.push_back(l);
    played.hosts.push_back(eh::Strategy::kLargest);
  }
  const std::span<const wg::Letter> word = words.word(game.word());
  int exact = 0;
  for (auto _ : state) {
    const eh::Review review = eh::review(words, played, word);
    exact = 0;
    for (const eh::GuessReview& g : review.guesses) exact += g.exact ? 1 : 0;
    benchmark::DoNotOptimize(review.guesses.data());
  }
  state.counters["guesses"] = static_cast<double>(played.letters.size());
  state.counters["exact"] = exact;
}
BENCHMARK(BM_Review8)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
