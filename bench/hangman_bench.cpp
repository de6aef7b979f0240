// Position hangman: the time each player takes to choose a guess. Target (issue 16,
// docs/PERFORMANCE.md): the planners at most 50 ms a guess, median, over seeded games on the
// default dictionary.
//
//   ninja -C build hangman_bench && build/bench/hangman_bench --benchmark_counters_tabular=true
//
// Each benchmark plays the first 1,000 games of `wordgames hangman autoplay --seed 1` (the same
// words in the same order) and times every guess; the wins and points of all 10,000 come from
// autoplay itself (docs/games/hangman.md). BM_GuessOnSmallDictionaries times the planners on
// dictionaries of 24 long words, where plan-win plays exactly from the first guess.
// BM_Review times the review of a finished game (games/hangman/review.h) at the registry's
// defaults (easy, common secrets, the default dictionary): target under 1 s a game. The review
// judges points by plan-points-2, whose cache of first guesses the first review of each length
// fills (counted).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "decision_times.h"
#include "games/hangman/advisor.h"
#include "games/hangman/dictionary.h"
#include "games/hangman/game.h"
#include "games/hangman/review.h"
#include "games/hangman/session.h"
#include "lexicon/common_words.h"
#include "lexicon/lexicon.h"

namespace {

using namespace wg::hangman;

const Dictionary& dictionary() {
  static const Dictionary d = Dictionary::from_lexicon(wg::default_lexicon());
  return d;
}

/// Plays `game` to its end with the strategy, each guess timed into `times`: 1 if it was won.
std::uint64_t play_timed(Game& game, Strategy strategy, wg::bench::DecisionTimes& times) {
  while (!game.finished()) {
    game.guess(times.time([&] { return advise(game, strategy); }).guess);
  }
  return game.status() == GameState::kWon ? 1 : 0;
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
    wins += play_timed(game, strategy, times);
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
// Two guesses ahead: the first game of each length fills the cache of first guesses (planner.h)
// within its first guess, which counts.
BENCHMARK_CAPTURE(BM_Guess, plan_points_2, Strategy::kPlanPoints2)
    ->Iterations(1000)
    ->Unit(benchmark::kMillisecond);

/// Dictionaries a player may make (`words` in the config): 24 words of one length, drawn at
/// random (seeded) from the built-in lexicon, five of each length from 9 to 15 letters.
std::vector<Dictionary> small_dictionaries() {
  std::vector<Dictionary> out;
  for (std::size_t length = 9; length <= 15; ++length) {
    std::vector<std::string> all;
    wg::default_lexicon().for_each_word([&](std::string_view word) {
      if (word.size() == length) all.emplace_back(word);
    });
    for (std::uint64_t draw = 0; draw < 5; ++draw) {
      wg::Rng rng(length * 100 + draw);
      std::vector<std::string> words = all;
      rng.shuffle(std::span<std::string>(words));
      words.resize(24);
      std::sort(words.begin(), words.end());
      out.push_back(Dictionary::from_words(words));
    }
  }
  return out;
}

/// One game on each small dictionary (35), every guess timed: plan-win's exact play from 24
/// candidates, the hint's slowest case before session 14 (1.4 s for a first guess).
void BM_GuessOnSmallDictionaries(benchmark::State& state, Strategy strategy) {
  static const std::vector<Dictionary> dictionaries = small_dictionaries();
  wg::bench::DecisionTimes times;
  std::uint64_t wins = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < dictionaries.size(); ++i) {
      wg::Rng rng(i);
      Game game(dictionaries[i], rng);
      wins += play_timed(game, strategy, times);
    }
  }
  times.report(state, "guesses");
  state.counters["wins"] = static_cast<double>(wins);
}
BENCHMARK_CAPTURE(BM_GuessOnSmallDictionaries, plan_win, Strategy::kPlanWin)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GuessOnSmallDictionaries, plan_points, Strategy::kPlanPoints)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

/// The session the registry opens with its defaults (Config{}: easy, common secrets, the
/// lexicon's words), on one shared dictionary and secret pool, as the app keeps them.
Session default_session(std::uint64_t seed) {
  static const auto shared = std::shared_ptr<const Dictionary>(&dictionary(), [](auto*) {});
  static const auto pool = std::make_shared<const std::vector<std::uint32_t>>(
      secret_pool(dictionary(), Secrets::kCommon, wg::common_words().get()));
  return Session(shared, pool, Config{}, seed);
}

/// A finished game of session `seed` played by `strategy`: its commands.
std::vector<Command> played_game(std::uint64_t seed, Strategy strategy) {
  Session session = default_session(seed);
  std::vector<Command> commands;
  while (!session.finished()) {
    const Guess guess = advise(session.game(), strategy).guess;
    commands.push_back(guess);
    session.apply(guess);
  }
  return commands;
}

/// The review of a finished game, one an iteration: the games of seeds 1 to 30, played by the
/// strategy; counters: the reviews timed and their median, 99th percentile and worst times.
void BM_Review(benchmark::State& state, Strategy strategy) {
  std::vector<std::vector<Command>> games;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) games.push_back(played_game(seed, strategy));
  wg::bench::DecisionTimes times;
  std::size_t next = 0;
  std::size_t moves = 0;
  for (auto _ : state) {
    const std::uint64_t seed = next % games.size() + 1;
    const std::vector<Command>& commands = games[next++ % games.size()];
    Session session = default_session(seed);
    const auto review = times.time([&] { return review_game(session, commands, 0); });
    moves += review ? review->guesses.size() : 0;
    benchmark::DoNotOptimize(review);
  }
  times.report(state, "reviews");
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK_CAPTURE(BM_Review, safe, Strategy::kSafe)->Iterations(30)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Review, naive, Strategy::kNaive)
    ->Iterations(30)
    ->Unit(benchmark::kMillisecond);

/// The review's slow case: every move among few candidates of long words, where both exact
/// searches run (the small dictionaries above, 24 words of 9 to 15 letters, a game on each
/// played by the naive player); counters as BM_Review's.
void BM_ReviewOnSmallDictionaries(benchmark::State& state) {
  static const std::vector<Dictionary> dictionaries = small_dictionaries();
  wg::bench::DecisionTimes times;
  std::size_t moves = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < dictionaries.size(); ++i) {
      const auto shared = std::shared_ptr<const Dictionary>(&dictionaries[i], [](auto*) {});
      Session session(shared, Config{}, i);
      std::vector<Command> commands;
      while (!session.finished()) {
        const Guess guess = advise(session.game(), Strategy::kNaive).guess;
        commands.push_back(guess);
        session.apply(guess);
      }
      Session replay(shared, Config{}, i);
      const auto review = times.time([&] { return review_game(replay, commands, 0); });
      moves += review ? review->guesses.size() : 0;
    }
  }
  times.report(state, "reviews");
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_ReviewOnSmallDictionaries)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
