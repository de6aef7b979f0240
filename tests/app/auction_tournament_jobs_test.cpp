// src/app/auction_tournament_jobs.h: an auction tournament queued as jobs, played by workers,
// gives the table run_tournament gives in one process, each game kept once even when a unit is
// taken again after its worker stopped midway; over an SQLite store, with a clock of the test's.

#include "app/auction_tournament_jobs.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/auction_codec.h"
#include "app/sqlite_store.h"
#include "games/auction/bots.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

namespace au = wg::auction;

std::shared_ptr<const Lexicon> lexicon() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}
const LogLexicon kLexicon{"built-in", default_lexicon().size()};

au::TournamentConfig tournament_config() {
  au::TournamentConfig config;
  config.lineup = {"strong", "value", "random"};
  config.rules.rounds = 2;
  config.games = 20;
  config.seed = 5;
  return config;
}

/// The JobContext of a worker that is killed (its progress throws JobLost) after `lives` reports.
class DyingContext final : public JobContext {
 public:
  DyingContext(GameStore& store, int lives) : store_(store), lives_(lives) {}
  GameStore& store() override { return store_; }
  const Lexicon& lexicon() override { return default_lexicon(); }
  const LogLexicon& log_lexicon() override { return kLexicon; }
  std::int64_t now_ms() override { return 1000; }
  void progress(const Json&) override {
    if (lives_-- == 0) throw JobLost("killed");
  }

 private:
  GameStore& store_;
  int lives_;
};

class AuctionTournamentJobsTest : public ::testing::Test {
 protected:
  Worker worker(LogLexicon named = kLexicon) {
    WorkerOptions options;
    options.name = "survivor";
    options.lease_ms = 1000;
    options.once = true;
    options.poll_ms = 1;
    return Worker(
        store_, auction_tournament_job_kinds(), lexicon(), std::move(named),
        [this] { return now_; }, options, [](std::string_view) {});
  }

  test::TempDir dir_{"wg-tournament-jobs"};
  SqliteStore store_{dir_.path() / "store.db"};
  std::int64_t now_ = 1000;
  std::atomic<bool> stop_{false};
};

TEST_F(AuctionTournamentJobsTest, AUnitTakenAgainKeepsEachGameOnceAndTheTableIsOneProcesss) {
  const au::TournamentConfig config = tournament_config();
  const std::int64_t id = queue_auction_tournament(store_, config, kLexicon, now_);
  EXPECT_EQ(store_.tournament(id).status, "stopped");
  const std::vector<Job> units = store_.jobs(auction_tournament_group(id));
  ASSERT_EQ(units.size(), 10u);  // 20 games, 2 per unit
  EXPECT_EQ(units[0].input, Json({{"tournament", id}, {"first", 0}, {"count", 2}}));

  // A worker takes the first unit, keeps its first game and is killed.
  const std::optional<Job> taken = store_.claim_job("killed", now_, 1000);
  ASSERT_TRUE(taken);
  DyingContext dying(store_, 1);
  EXPECT_THROW(auction_tournament_job_kinds().at(0).run(*taken, dying), JobLost);
  EXPECT_EQ(store_.tournament(id).game_ids.size(), 1u);

  // Once its lease has run out, another worker does the rest.
  now_ += 1000;
  EXPECT_EQ(worker().run(stop_), 11);
  const TournamentRecord kept = store_.tournament(id);
  EXPECT_EQ(kept.status, "finished");
  std::set<std::uint64_t> seeds;
  for (const std::int64_t game : kept.game_ids) seeds.insert(store_.finished_game(game).seed);
  EXPECT_EQ(kept.game_ids.size(), 20u);
  EXPECT_EQ(seeds.size(), 20u);
  EXPECT_EQ(store_.job(taken->id)->attempts, 2);
  EXPECT_EQ(store_.job(taken->id)->result["played"], 1);

  const au::PlayerFactory bots = [](std::string_view name) {
    return au::make_bot(name, default_lexicon());
  };
  EXPECT_EQ(kept.table, tournament_table_json(au::run_tournament(config, default_lexicon(), bots)));
}

TEST_F(AuctionTournamentJobsTest, AWorkerWithAnotherLexiconRefusesItAndTheTournamentStops) {
  const std::int64_t id = queue_auction_tournament(store_, tournament_config(), kLexicon, now_);
  EXPECT_EQ(worker({"other.txt", 5}).run(stop_), 11);
  const std::vector<Job> units = store_.jobs(auction_tournament_group(id));
  EXPECT_EQ(units[0].state, "failed");
  EXPECT_NE(units[0].error.find("was queued with the lexicon built-in"), std::string::npos)
      << units[0].error;
  EXPECT_NE(units[0].error.find("start the worker with the same lexicon"), std::string::npos);
  EXPECT_EQ(store_.tournament(id).status, "stopped");
  EXPECT_TRUE(store_.tournament(id).game_ids.empty());
}

TEST_F(AuctionTournamentJobsTest, WhatWorkersCannotPlayIsRefusedAndNothingIsQueued) {
  au::TournamentConfig config = tournament_config();
  config.lineup = {"strong", "cmd:python3 bot.py"};
  EXPECT_THROW(queue_auction_tournament(store_, config, kLexicon, now_), std::invalid_argument);
  config = tournament_config();
  config.games = 0;
  EXPECT_THROW(queue_auction_tournament(store_, config, kLexicon, now_), std::invalid_argument);
  config = tournament_config();
  config.lineup = {"strong"};
  EXPECT_THROW(queue_auction_tournament(store_, config, kLexicon, now_), std::invalid_argument);
  EXPECT_TRUE(store_.tournaments(10).empty());
  EXPECT_EQ(store_.jobs_to_do(), 0);
}

TEST(AuctionTournamentUnits, AreASixteenthOfTheTournamentFromOneToAThousandGames) {
  EXPECT_EQ(auction_tournament_unit_games(1), 1);
  EXPECT_EQ(auction_tournament_unit_games(16), 1);
  EXPECT_EQ(auction_tournament_unit_games(17), 2);
  EXPECT_EQ(auction_tournament_unit_games(1600), 100);
  EXPECT_EQ(auction_tournament_unit_games(100'000'000), 1000);
}

}  // namespace
}  // namespace wg::app
