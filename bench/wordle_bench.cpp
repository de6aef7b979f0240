// Adversarial Wordle on ENABLE at the registry's default settings (5 letters, the largest host,
// the common words as answers): the review of a finished game, target under 1 s
// (docs/games/wordle.md, "Review"). The games are the AI guesser's (its hints played as guesses),
// so they are the same on every run. Run:
//   ninja -C build wordle_bench && build/bench/wordle_bench --benchmark_filter=Review

#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <string_view>
#include <variant>

#include "games/wordle/review.h"
#include "games/wordle/session.h"
#include "lexicon/common_words.h"

namespace {

namespace wd = wg::wordle;

std::shared_ptr<const wg::Lexicon> enable() {
  return std::shared_ptr<const wg::Lexicon>(&wg::default_lexicon(), [](const wg::Lexicon*) {});
}

/// A finished game at the default settings: `opening` (none: the AI's), then the AI's hints,
/// with the exact search of its end, as played.
struct Game {
  wd::Session session;
  wd::Finished finished;
};

Game play(std::uint64_t seed, std::string_view opening = {}) {
  Game game{wd::Session(enable(), wd::Config{}, seed, wg::common_words()), {}};
  wd::Session& s = game.session;
  if (!opening.empty()) s.apply(wd::Guess{*wg::Alphabet::english().encode(opening)});
  while (!s.finished()) {
    const auto hinted = s.apply(wd::Hint{});
    for (const wd::Event& e : s.apply(wd::Guess{std::get<wd::Hinted>(hinted.front()).word})) {
      if (const auto* f = std::get_if<wd::Finished>(&e)) game.finished = *f;
    }
  }
  return game;
}

/// Reviews `game` as the app does (`known`: with the value its end computed, from its record)
/// or searching every position again.
void review(benchmark::State& state, const Game& game, bool known) {
  wd::ReviewOptions options;
  options.exact = game.session.config().exact;
  if (known && game.finished.best_possible) {
    options.known = wd::KnownValue{*game.finished.best_from,
                                   *game.finished.best_possible - *game.finished.best_from};
  }
  std::size_t guesses = 0;
  for (auto _ : state) {
    const std::optional<wd::Review> r =
        wd::review_game(enable(), game.session.config(), game.session.seed(),
                        game.session.commands(), 0, wg::common_words(), options);
    guesses = r->guesses.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["guesses"] = static_cast<double>(guesses);
}

const Game& ai_game() {
  static const Game game = play(2024);
  return game;
}

const Game& poor_opening() {
  static const Game game = play(7, "fuzzy");
  return game;
}

void BM_ReviewDefaultGame(benchmark::State& state) { review(state, ai_game(), true); }
BENCHMARK(BM_ReviewDefaultGame)->Unit(benchmark::kMillisecond);

void BM_ReviewDefaultGameSearchingAgain(benchmark::State& state) {
  review(state, ai_game(), false);
}
BENCHMARK(BM_ReviewDefaultGameSearchingAgain)->Unit(benchmark::kMillisecond);

void BM_ReviewPoorOpening(benchmark::State& state) { review(state, poor_opening(), true); }
BENCHMARK(BM_ReviewPoorOpening)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
