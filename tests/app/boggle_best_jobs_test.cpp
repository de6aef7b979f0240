// src/app/boggle_best_jobs.h: the best-board search queued as jobs gives, run by one worker or
// by two taking turns, the answer of the search run in one process (the board, its episode,
// the counts); a unit run again finds the same; what workers cannot share is refused with
// nothing queued; over an SQLite store.

#include "app/boggle_best_jobs.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "app/sqlite_store.h"
#include "core/play.h"
#include "job_runs.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

namespace bg = wg::boggle;

const LogLexicon kLexicon{"built-in", default_lexicon().size()};

/// A small search: 3×3 boards, short episodes.
bg::SearchConfig small_search() {
  bg::SearchConfig config;
  config.rows = 3;
  config.cols = 3;
  config.steps = 300;
  config.seed = 17;
  config.episodes = 20;
  return config;
}

class BestBoardJobsTest : public ::testing::Test {
 protected:
  /// The answer of the search `config` queued and run by `holders` taking turns.
  Json answer_of(const bg::SearchConfig& config, const std::vector<std::string>& holders) {
    const QueuedComputation queued = queue_best_board_search(store_, config, kLexicon, 1000);
    EXPECT_EQ(run_jobs_in_turn(store_, best_board_job_kinds(), holders), queued.units + 1);
    const std::optional<Job> answer = store_.job(queued.final_job);
    EXPECT_EQ(answer->state, "done") << answer->error;
    return answer->result;
  }

  test::TempDir dir_{"wg-best-board-jobs"};
  SqliteStore store_{dir_.path() / "store.db"};
};

TEST_F(BestBoardJobsTest, OneWorkerOrTwoGiveTheAnswerOfTheSearchInOneProcess) {
  const bg::SearchConfig config = small_search();
  bg::BoardSearch local(default_lexicon(), config);
  const bg::SearchProgress expected = local.run(2);
  ASSERT_TRUE(expected.best);

  const Json alone = answer_of(config, {"w1"});
  const Json shared = answer_of(config, {"w1", "w2"});
  EXPECT_EQ(alone, shared);
  EXPECT_EQ(alone.at("board"), expected.best->board.spec());
  EXPECT_EQ(alone.at("score"), expected.best->score);
  EXPECT_EQ(alone.at("words"), expected.best->words);
  EXPECT_EQ(alone.at("episode"), expected.best->episode);
  EXPECT_EQ(alone.at("episodes"), expected.episodes);
  EXPECT_EQ(alone.at("boards"), expected.boards);
  EXPECT_EQ(alone.at("seed"), config.seed);
  EXPECT_EQ(alone.at("min"), 3);
}

TEST_F(BestBoardJobsTest, TheSearchIsSharedOutInUnitsOfConsecutiveEpisodes) {
  const QueuedComputation queued = queue_best_board_search(store_, small_search(), kLexicon, 1000);
  const std::vector<Job> units = store_.jobs(queued.group);
  ASSERT_EQ(units.size(), 10u);  // 20 episodes, 2 per unit
  EXPECT_EQ(queued.units, 10);
  EXPECT_EQ(units[3].input.at("first"), 6);
  EXPECT_EQ(units[3].input.at("count"), 2);
  EXPECT_EQ(store_.job(queued.final_job)->after, queued.group);
  // Another search is another group.
  EXPECT_NE(queue_best_board_search(store_, small_search(), kLexicon, 1000).group, queued.group);
}

TEST_F(BestBoardJobsTest, AUnitRunAgainFindsTheSame) {
  queue_best_board_search(store_, small_search(), kLexicon, 1000);
  const std::optional<Job> unit = store_.claim_job("killed", 1000, 1000);
  ASSERT_TRUE(unit);
  TestJobContext context(store_);
  const JobKind kind = best_board_job_kinds().at(0);
  const Json first = kind.run(*unit, context);
  const Json again = kind.run(*store_.claim_job("survivor", 5000, 1000), context);
  EXPECT_EQ(first, again);
  EXPECT_EQ(first.at("episodes"), 2);
}

TEST_F(BestBoardJobsTest, WhatWorkersCannotShareIsRefusedAndNothingIsQueued) {
  bg::SearchConfig config = small_search();
  config.episodes = 0;
  EXPECT_THROW(queue_best_board_search(store_, config, kLexicon, 1000), std::invalid_argument);
  config = small_search();
  config.target = 50;
  EXPECT_THROW(queue_best_board_search(store_, config, kLexicon, 1000), std::invalid_argument);
  config = small_search();
  config.rows = 0;
  EXPECT_THROW(queue_best_board_search(store_, config, kLexicon, 1000), ConfigError);
  EXPECT_EQ(store_.jobs_to_do(), 0);
}

TEST_F(BestBoardJobsTest, AWorkerWithAnotherLexiconRefusesItAndTheAnswerSaysSo) {
  const QueuedComputation queued =
      queue_best_board_search(store_, small_search(), {"other.txt", 5}, 1000);
  run_jobs_in_turn(store_, best_board_job_kinds(), {"w1"});
  const std::vector<Job> units = store_.jobs(queued.group);
  EXPECT_EQ(units[0].state, "failed");
  EXPECT_NE(units[0].error.find("start the worker with the same lexicon"), std::string::npos)
      << units[0].error;
  const std::optional<Job> answer = store_.job(queued.final_job);
  EXPECT_EQ(answer->state, "failed");
  EXPECT_NE(answer->error.find("the search stopped: job"), std::string::npos) << answer->error;
}

TEST(BestBoardUnits, AreASixteenthOfTheSearchFromOneToAThousandEpisodesInAtMostTheMostUnits) {
  EXPECT_EQ(best_board_unit_episodes(1), 1u);
  EXPECT_EQ(best_board_unit_episodes(16), 1u);
  EXPECT_EQ(best_board_unit_episodes(17), 2u);
  EXPECT_EQ(best_board_unit_episodes(4'096'000), 1000u);
  // A search too long for 1000 episodes a unit is queued as kMaxBestBoardUnits units at most.
  const std::uint64_t longest = std::uint64_t{1} << 40;
  const std::uint64_t unit = best_board_unit_episodes(longest);
  EXPECT_LE((longest + unit - 1) / unit, kMaxBestBoardUnits);
  EXPECT_GT((longest + unit - 1) / unit, kMaxBestBoardUnits - 1);
}

}  // namespace
}  // namespace wg::app
