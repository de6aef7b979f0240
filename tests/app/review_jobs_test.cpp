// src/app/review_jobs.h: the reviews of a recorded game's people, queued as jobs, computed by a
// worker into the store as the document a front end gives, and found there again; over an
// SQLite store.

#include "app/review_jobs.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "app/registry.h"
#include "app/review.h"
#include "app/sqlite_store.h"
#include "lexicon/lexicon.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

std::shared_ptr<const Lexicon> enable() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}

const LogLexicon kLexicon{"enable", 172'823};

/// A Word Search round on the spec's board, two words found by `player`, recorded.
FinishedGame round_of(std::string player) {
  const GameEntry* game = find_game("boggle");
  const std::unique_ptr<GameSession> session = game->open(
      {{"board", "EECA/ALEP/HNBO/QTTY"}, {"seconds", 0}, {"scoring", "spec"}}, 1, enable());
  session->apply({{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 10}});
  session->apply({{"command", "submit"}, {"word", "ace"}, {"elapsed_ms", 20}});
  session->apply({{"command", "close"}, {"elapsed_ms", 30}});
  std::vector<FinishedGame> records = session->finished_records(std::move(player), 0);
  EXPECT_EQ(records.size(), 1u);
  return records.at(0);
}

class ReviewJobsTest : public ::testing::Test {
 protected:
  /// Runs every job queued, as one worker with `lexicon`.
  void work(LogLexicon lexicon = kLexicon) {
    WorkerOptions options;
    options.name = "w1";
    options.once = true;
    options.poll_ms = 1;
    Worker(
        store_, registered_job_kinds(), enable(), std::move(lexicon), [] { return 5000; }, options,
        [](std::string_view) {})
        .run(stop_);
  }

  test::TempDir dir_{"wg-review-jobs"};
  SqliteStore store_{dir_.path() / "store.db"};
  std::atomic<bool> stop_{false};
};

TEST_F(ReviewJobsTest, AWorkerKeepsTheReviewAFrontEndWouldHaveComputed) {
  FinishedGame game = round_of("Ann");
  game.id = store_.record_finished_game(game, 0);
  EXPECT_TRUE(queue_review(store_, game, 0, kLexicon, 1000));
  EXPECT_EQ(kept_review(store_, game.id, 0, kLexicon), std::nullopt) << "not computed yet";

  work();
  const std::optional<Json> kept = kept_review(store_, game.id, 0, kLexicon);
  ASSERT_TRUE(kept.has_value());
  const FinishedGame recorded = store_.finished_game(game.id);
  const std::optional<GameReview> review = review_game(*find_game("boggle"), recorded, 0, enable());
  ASSERT_TRUE(review.has_value());
  EXPECT_EQ(*kept, review_document(recorded, 0, *review));
  EXPECT_EQ((*kept)["player"], "Ann");
  EXPECT_EQ((*kept)["id"], game.id);
}

TEST_F(ReviewJobsTest, ReviewsAreQueuedForPeopleOnlyAndForGamesThatHaveThem) {
  FinishedGame game = round_of("Ann");
  EXPECT_FALSE(queue_review(store_, game, 0, kLexicon, 1000)) << "not recorded: no id";
  game.players[0].bot = "solver";
  game.id = store_.record_finished_game(game, 0);
  EXPECT_FALSE(queue_review(store_, game, 0, kLexicon, 1000)) << "a bot's game";
  EXPECT_FALSE(queue_review(store_, game, 1, kLexicon, 1000)) << "no such seat";
  EXPECT_FALSE(queue_review(store_, game, -1, kLexicon, 1000)) << "no such seat";
  EXPECT_TRUE(store_.jobs(review_group(game.id)).empty());
}

TEST_F(ReviewJobsTest, AWorkerOfAnotherLexiconRefusesTheReviewAndNoneIsServed) {
  FinishedGame game = round_of("Ann");
  game.id = store_.record_finished_game(game, 0);
  queue_review(store_, game, 0, kLexicon, 1000);
  work({"other", 12});
  const std::vector<Job> jobs = store_.jobs(review_group(game.id));
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].state, "failed");
  EXPECT_NE(jobs[0].error.find("start the worker with the same lexicon"), std::string::npos)
      << jobs[0].error;
  EXPECT_EQ(kept_review(store_, game.id, 0, kLexicon), std::nullopt);
}

TEST_F(ReviewJobsTest, AReviewOfAGameNoLongerKeptFailsWithItsReason) {
  store_.queue_jobs({{"game_review",
                      {{"game", 404}, {"seat", 0}, {"lexicon", lexicon_json(kLexicon)}},
                      review_group(404),
                      ""},
                     {"game_review", {{"game", "x"}}, review_group(405), ""}},
                    1000);
  work();
  EXPECT_EQ(store_.jobs(review_group(404)).at(0).state, "failed");
  const Job malformed = store_.jobs(review_group(405)).at(0);
  EXPECT_EQ(malformed.state, "failed");
  EXPECT_NE(malformed.error.find("{\"game\": id, \"seat\": seat}"), std::string::npos)
      << malformed.error;
}

}  // namespace
}  // namespace wg::app
