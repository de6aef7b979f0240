// src/app/evil_hangman_table_jobs.h: the evil hangman table queued as jobs, a unit per length,
// gives, run by one worker or by two taking turns, the table run_table computes in one process;
// a unit run again computes the same row; a table that cannot be computed is refused with
// nothing queued; over an SQLite store.

#include "app/evil_hangman_table_jobs.h"

#include <gtest/gtest.h>

#include <string>

#include "app/evil_hangman_codec.h"
#include "app/sqlite_store.h"
#include "core/play.h"
#include "job_runs.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

namespace eh = wg::evil_hangman;

const LogLexicon kLexicon{"built-in", default_lexicon().size()};
constexpr std::uint64_t kSeed = 23;

/// A small table: short words, the quick hosts.
eh::TableConfig small_table() {
  eh::TableConfig config;
  config.min_length = 3;
  config.max_length = 5;
  config.depths = {2};
  config.optimal = false;
  return config;
}

class EvilHangmanTableJobsTest : public ::testing::Test {
 protected:
  /// The result of the table `config` queued and run by `holders` taking turns.
  Json table_of(const eh::TableConfig& config, const std::vector<std::string>& holders) {
    const QueuedComputation queued =
        queue_evil_hangman_table(store_, config, kSeed, default_lexicon(), kLexicon, 1000);
    EXPECT_EQ(run_jobs_in_turn(store_, evil_hangman_table_job_kinds(), holders), queued.units + 1);
    const std::optional<Job> table = store_.job(queued.final_job);
    EXPECT_EQ(table->state, "done") << table->error;
    return table->result;
  }

  test::TempDir dir_{"wg-evil-hangman-table-jobs"};
  SqliteStore store_{dir_.path() / "store.db"};
};

TEST_F(EvilHangmanTableJobsTest, OneWorkerOrTwoGiveTheTableOfOneProcess) {
  const eh::TableConfig config = small_table();
  const Json expected =
      table_to_json(eh::run_table(default_lexicon(), config, kSeed), "built-in", kSeed);
  const Json alone = table_of(config, {"w1"});
  EXPECT_EQ(alone, expected);
  EXPECT_EQ(table_of(config, {"w1", "w2"}), expected);
  // And it reads back as the table the local command prints.
  const eh::TableResult read = table_of_result(alone, config);
  const eh::TableResult local = eh::run_table(default_lexicon(), config, kSeed);
  EXPECT_EQ(read.rows, local.rows);
  EXPECT_EQ(read.guesses, local.guesses);
  ASSERT_EQ(read.hosts.size(), local.hosts.size());
}

TEST_F(EvilHangmanTableJobsTest, TheValueAndTheOptimalHostComeThroughTheRowsToo) {
  eh::TableConfig config = small_table();
  config.min_length = 2;
  config.max_length = 3;
  config.optimal = true;
  config.value = true;
  config.budget.max_positions = 2000;
  const Json expected =
      table_to_json(eh::run_table(default_lexicon(), config, kSeed), "built-in", kSeed);
  EXPECT_EQ(table_of(config, {"w1", "w2"}), expected);
  EXPECT_EQ(table_of_result(expected, config).rows,
            eh::run_table(default_lexicon(), config, kSeed).rows);
}

TEST_F(EvilHangmanTableJobsTest, AUnitPerLengthAndOneRunAgainComputesTheSameRow) {
  const QueuedComputation queued =
      queue_evil_hangman_table(store_, small_table(), kSeed, default_lexicon(), kLexicon, 1000);
  const std::vector<Job> units = store_.jobs(queued.group);
  ASSERT_EQ(units.size(), 3u);
  EXPECT_EQ(units[1].input.at("length"), 4);
  const std::optional<Job> unit = store_.claim_job("killed", 1000, 1000);
  ASSERT_TRUE(unit);
  TestJobContext context(store_);
  const JobKind kind = evil_hangman_table_job_kinds().at(0);
  const Json first = kind.run(*unit, context);
  EXPECT_EQ(first.at("length"), 3);
  EXPECT_EQ(kind.run(*store_.claim_job("survivor", 5000, 1000), context), first);
}

TEST_F(EvilHangmanTableJobsTest, ATableThatCannotBeComputedIsRefusedAndNothingIsQueued) {
  eh::TableConfig config = small_table();
  config.min_length = 6;
  config.max_length = 5;
  EXPECT_THROW(queue_evil_hangman_table(store_, config, kSeed, default_lexicon(), kLexicon, 1000),
               ConfigError);
  config = small_table();
  config.depths = {0};
  EXPECT_THROW(queue_evil_hangman_table(store_, config, kSeed, default_lexicon(), kLexicon, 1000),
               ConfigError);
  EXPECT_EQ(store_.jobs_to_do(), 0);
}

TEST_F(EvilHangmanTableJobsTest, AWorkerWithAnotherLexiconRefusesItAndTheTableSaysSo) {
  const QueuedComputation queued = queue_evil_hangman_table(
      store_, small_table(), kSeed, default_lexicon(), {"other.txt", 5}, 1000);
  run_jobs_in_turn(store_, evil_hangman_table_job_kinds(), {"w1"});
  const std::vector<Job> units = store_.jobs(queued.group);
  EXPECT_EQ(units[0].state, "failed");
  EXPECT_NE(units[0].error.find("start the worker with the same lexicon"), std::string::npos)
      << units[0].error;
  const std::optional<Job> table = store_.job(queued.final_job);
  EXPECT_EQ(table->state, "failed");
  EXPECT_NE(table->error.find("the table stopped: job"), std::string::npos) << table->error;
}

}  // namespace
}  // namespace wg::app
