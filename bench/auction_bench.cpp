// The letter auction: whole games with the simple bots, the strong bot's time per bid, and the
// best-word search. Targets (issue 6, docs/PERFORMANCE.md): >= 2,000 complete 4-player,
// 5-round games per second per core with random/value bots; strong <= 5 ms per bid.
//
//   ninja -C build auction_bench && build/bench/auction_bench
//
// The same program measures strength (docs/games/auction-strategy.md): with --strength it plays
// a seeded tournament instead of benchmarking and prints the table, e.g.
//
//   build/bench/auction_bench --strength strong,value,value,value --games 10000 --seed 1 --jobs 2
//
// (options: --games N --seed S --jobs J --rounds R --hidden H; --samples K --window W
// --budget NODES --reserve P set the strong bot's knobs, for tuning).
//
// BM_Review reviews one seat of a finished game (games/auction/review.h): the registry's
// default config (four bots, strong at seat 0, reviewed) and the daily lineup (a person at
// seat 0 bidding each letter's Scrabble value and naming its best word, against strong, value,
// value and random). Target: under 1 s per review.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "decision_times.h"
#include "games/auction/best_word.h"
#include "games/auction/bots.h"
#include "games/auction/game.h"
#include "games/auction/review.h"
#include "games/auction/session.h"
#include "games/auction/strong_player.h"
#include "games/auction/tournament.h"
#include "lexicon/lexicon.h"

namespace {

using namespace wg::auction;

const wg::Lexicon& lexicon() { return wg::default_lexicon(); }

std::vector<std::unique_ptr<Player>> lineup(std::string_view name, int players) {
  std::vector<std::unique_ptr<Player>> seats;
  for (int i = 0; i < players; ++i) seats.push_back(make_bot(name, lexicon()));
  return seats;
}

/// Complete 4-player, 5-round games (2 hidden letters) between four bots of one kind; the
/// items per second are games per second.
void BM_Games(benchmark::State& state, std::string_view bot) {
  std::uint64_t seed = 1;
  for (auto _ : state) {
    Game game(Rules{}, lexicon(), lineup(bot, 4), seed++);
    benchmark::DoNotOptimize(game.play());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_Games, random, "random")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Games, value, "value")->Unit(benchmark::kMicrosecond);

struct BidTimes {
  wg::bench::DecisionTimes times;
  std::vector<double> nodes;
};

/// Forwards to a strong player, and times its bids and counts their search nodes.
class TimedPlayer : public Player {
 public:
  TimedPlayer(std::unique_ptr<StrongPlayer> inner, BidTimes& times)
      : inner_(std::move(inner)), times_(times) {}
  std::string name() const override { return inner_->name(); }
  void new_game(const GameInfo& info) override { inner_->new_game(info); }
  void new_round(const RoundInfo& info) override { inner_->new_round(info); }
  BidAnswer get_bid(const BidRequest& request) override {
    BidAnswer answer = times_.times.time([&] { return inner_->get_bid(request); });
    times_.nodes.push_back(static_cast<double>(inner_->last_nodes()));
    return answer;
  }
  void bid_result(const AuctionHeld& auction) override { inner_->bid_result(auction); }
  WordAnswer get_word(std::span<const wg::Letter> letters) override {
    return inner_->get_word(letters);
  }
  void scores_updated(const RoundEnded& round) override { inner_->scores_updated(round); }

 private:
  std::unique_ptr<StrongPlayer> inner_;
  BidTimes& times_;
};

/// The strong bot's time per bid, in seats of 4-player, 5-round games against three `value`
/// bots: one game per iteration, the strong bot's seat rotating. Counters: bids timed; the
/// median, 99th percentile and worst time per bid in milliseconds over all of them, by the wall
/// clock and by the thread's CPU time; and the median and worst search nodes per bid.
void BM_StrongBid(benchmark::State& state) {
  BidTimes times;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    std::vector<std::unique_ptr<Player>> seats = lineup("value", 4);
    const auto strong_seat = static_cast<std::size_t>(seed % 4);
    seats[strong_seat] =
        std::make_unique<TimedPlayer>(std::make_unique<StrongPlayer>(lexicon()), times);
    Game game(Rules{}, lexicon(), std::move(seats), seed++);
    benchmark::DoNotOptimize(game.play());
  }
  times.times.report(state, "bids");
  std::sort(times.nodes.begin(), times.nodes.end());
  state.counters["median_nodes"] = wg::bench::quantile(times.nodes, 0.5);
  state.counters["worst_nodes"] = wg::bench::quantile(times.nodes, 1.0);
}
BENCHMARK(BM_StrongBid)->Unit(benchmark::kMillisecond)->MinTime(2.0);

/// best_score and best_word on 10,000 seeded 7-letter racks drawn from the auction pool.
const std::vector<std::vector<wg::Letter>>& racks() {
  static const std::vector<std::vector<wg::Letter>> all = [] {
    std::vector<std::vector<wg::Letter>> v;
    wg::Rng rng(20240601);
    std::vector<wg::Letter> pool = auction_pool();
    for (int i = 0; i < 10'000; ++i) {
      rng.shuffle(pool);
      v.emplace_back(pool.begin(), pool.begin() + 7);
    }
    return v;
  }();
  return all;
}

void BM_BestScore(benchmark::State& state) {
  std::vector<LetterCounts> counts;
  for (const auto& rack : racks()) counts.push_back(count_letters(rack));
  const Rules rules;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(best_score(lexicon(), counts[i], rules));
    i = (i + 1) % counts.size();
  }
}
BENCHMARK(BM_BestScore)->Unit(benchmark::kMicrosecond);

void BM_BestWord(benchmark::State& state) {
  const Rules rules;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(best_word(lexicon(), racks()[i], rules));
    i = (i + 1) % racks().size();
  }
}
BENCHMARK(BM_BestWord)->Unit(benchmark::kMicrosecond);

std::shared_ptr<const wg::Lexicon> shared_lexicon() {
  return {&lexicon(), [](const wg::Lexicon*) {}};
}

/// The commands of a finished game of `config`: seat 0, when a person's, bids each letter's
/// Scrabble value (capped by its points) and names the best word of its letters.
std::vector<Command> played_game(const Config& config, std::uint64_t seed) {
  Session session(shared_lexicon(), config, seed);
  session.apply(RunToEnd{});
  while (!session.finished()) {
    const View view = session.view(0);
    const SeatView& me = view.seats[0];
    if (me.awaited == Answer::kBid) {
      const int value = lexicon().alphabet().value(view.auction->letter);
      session.apply(Bid{0, std::min(value, me.points)});
    } else {
      std::vector<wg::Letter> held = me.hidden;
      held.insert(held.end(), me.won.begin(), me.won.end());
      session.apply(Word{0, best_word(lexicon(), held, config.rules).word});
    }
  }
  return session.commands();
}

void BM_Review(benchmark::State& state) {
  Config config;  // the registry's defaults: strong, value, value, random
  if (state.range(0) == 1) {
    config.seats = {{SeatKind::kPerson, "person"},
                    {SeatKind::kBot, "strong"},
                    {SeatKind::kBot, "value"},
                    {SeatKind::kBot, "value"},
                    {SeatKind::kBot, "random"}};
    config.rules.players = 5;
  }
  std::vector<std::vector<Command>> games;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) games.push_back(played_game(config, seed));
  std::size_t i = 0;
  double moves = 0;
  for (auto _ : state) {
    const auto review = wg::auction::review(shared_lexicon(), config, i + 1, games[i], 0, 0);
    for (const ReviewedRound& round : review->rounds) moves += round.auctions.size() + 1.0;
    benchmark::DoNotOptimize(review);
    i = (i + 1) % games.size();
  }
  state.SetLabel(state.range(0) == 1 ? "daily lineup, person reviewed" : "registry defaults");
  state.counters["moves_per_review"] = moves / static_cast<double>(state.iterations());
}
BENCHMARK(BM_Review)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// --- The strength tool.

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> parts;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    parts.emplace_back(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return parts;
}

int strength(int argc, char** argv) {
  TournamentConfig config;
  config.games = 1000;
  config.seed = 1;
  config.jobs = 2;
  StrongPlayer::Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    const char* value = argv[i + 1];
    if (flag == "--strength") {
      config.lineup = split(value);
    } else if (flag == "--games") {
      config.games = std::atoi(value);
    } else if (flag == "--seed") {
      config.seed = std::strtoull(value, nullptr, 10);
    } else if (flag == "--jobs") {
      config.jobs = std::atoi(value);
    } else if (flag == "--rounds") {
      config.rules.rounds = std::atoi(value);
    } else if (flag == "--hidden") {
      config.rules.hidden_letters = std::atoi(value);
    } else if (flag == "--samples") {
      options.samples = std::atoi(value);
    } else if (flag == "--window") {
      options.window = std::atof(value);
    } else if (flag == "--budget") {
      options.node_budget = std::atoll(value);
    } else if (flag == "--reserve") {
      options.reserve_per_round = std::atoi(value);
    } else {
      std::fprintf(stderr, "auction_bench: unknown option %s\n", argv[i]);
      return 1;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  const TournamentResult result =
      run_tournament(config, lexicon(), [&](std::string_view name) -> std::unique_ptr<Player> {
        if (name == "strong") return std::make_unique<StrongPlayer>(lexicon(), options);
        return make_bot(name, lexicon());
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d games, %d players, %d rounds, %d hidden letters, seed %llu, %d jobs, %.1f s\n",
              result.games, static_cast<int>(config.lineup.size()), config.rules.rounds,
              config.rules.hidden_letters, static_cast<unsigned long long>(config.seed),
              config.jobs, seconds);
  std::printf("%-8s %5s %9s %7s %9s %6s %8s %6s %7s\n", "bot", "seats", "win %", "±se", "mean",
              "±se", "letters", "price", "invalid");
  for (const BotStats& bot : result.bots) {
    const double n = static_cast<double>(bot.games_played);
    // The win share of one player-game is 0..1; its standard error, from the binomial.
    const double win_se = std::sqrt(bot.win_rate * (1 - bot.win_rate) / n);
    std::printf("%-8s %5d %8.2f%% %6.2f%% %9.1f %6.1f %8.2f %6.2f %7lld\n", bot.name.c_str(),
                bot.seats, 100 * bot.win_rate, 100 * win_se, bot.mean_score, bot.score_std_error,
                bot.letters_per_game, bot.mean_price, static_cast<long long>(bot.invalid_words));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--strength") return strength(argc, argv);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
