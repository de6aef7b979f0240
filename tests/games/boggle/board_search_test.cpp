#include "games/boggle/board_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/play.h"
#include "dice_check.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {
namespace {

// A search over the embedded ENABLE on a small board, cheap enough for a unit test.
SearchConfig small(std::uint64_t episodes, std::uint64_t seed = 7) {
  SearchConfig config;
  config.rows = 3;
  config.cols = 3;
  config.seed = seed;
  config.episodes = episodes;
  config.steps = 300;
  return config;
}

std::string field_of(const SearchConfig& config) {
  try {
    config.validate();
  } catch (const ConfigError& e) {
    return e.field();
  }
  return "";
}

TEST(DiceSet, NamesRoundTrip) {
  for (DiceSet dice : {DiceSet::kClassic, DiceSet::kBig, DiceSet::kSuperBig, DiceSet::kLetters})
    EXPECT_EQ(dice_set_named(to_string(dice)), dice);
  EXPECT_EQ(to_string(DiceSet::kSuperBig), "super-big");
  EXPECT_EQ(to_string(static_cast<DiceSet>(9)), "?");  // not a value of the table
  EXPECT_FALSE(dice_set_named("huge"));
}

TEST(SearchConfig, RefusesWhatCannotBeSearched) {
  SearchConfig config;
  EXPECT_EQ(field_of(config), "");
  config.rows = 0;
  EXPECT_EQ(field_of(config), "size");
  config.rows = SearchConfig::kMaxSide + 1;
  EXPECT_EQ(field_of(config), "size");
  config.rows = 5;
  config.cols = 5;
  config.dice = DiceSet::kClassic;  // 16 dice for 25 cells
  EXPECT_EQ(field_of(config), "dice");
  config.dice = DiceSet::kBig;
  EXPECT_EQ(field_of(config), "");
  config.min_length = SearchConfig::kMaxMinLength + 1;
  EXPECT_EQ(field_of(config), "min_length");
  config.min_length = 0;
  config.target = -1;
  EXPECT_EQ(field_of(config), "target");
  EXPECT_THROW(BoardSearch(default_lexicon(), config), ConfigError);
}

TEST(SearchConfig, TheSizeGivesTheMinimumAndTheSteps) {
  SearchConfig config;
  EXPECT_EQ(config.min_word_length(), 3u);
  EXPECT_EQ(config.steps_per_episode(), 20'000u);
  EXPECT_DOUBLE_EQ(config.start_temperature(), 60.0);
  config.rows = config.cols = 5;
  EXPECT_EQ(config.steps_per_episode(), 186'264u);
  EXPECT_NEAR(config.start_temperature(), 146.48, 0.01);
  config.rows = config.cols = 2;
  EXPECT_EQ(config.steps_per_episode(), 1'000u) << "a floor for tiny boards";
  config.rows = 1;
  EXPECT_DOUBLE_EQ(config.start_temperature(), 1.0) << "never below the last temperature";
  config.rows = config.cols = 6;
  EXPECT_EQ(config.min_word_length(), 4u) << "Super Big Boggle's rule";
  EXPECT_EQ(config.steps_per_episode(), 1'153'300u);
  config.min_length = 5;
  config.steps = 10;
  EXPECT_EQ(config.min_word_length(), 5u);
  EXPECT_EQ(config.steps_per_episode(), 10u);
}

TEST(BoardSearch, TheBestBoardScoresWhatTheSolverSays) {
  BoardSearch search(default_lexicon(), small(3));
  const SearchProgress result = search.run(1);
  ASSERT_TRUE(result.best);
  EXPECT_EQ(result.episodes, 3u);
  EXPECT_GT(result.boards, 900u) << "300 steps and a climb per episode";
  Solver solver(default_lexicon());
  const Solver::Summary summary = solver.summarize(result.best->board, 3, Scoring::kBoggle);
  EXPECT_EQ(result.best->score, summary.score);
  EXPECT_EQ(result.best->words, summary.words);
  EXPECT_GT(result.best->score, 100) << result.best->board.spec();
}

TEST(BoardSearch, ABudgetOfEpisodesGivesTheSameBoardOnAnyNumberOfThreads) {
  BoardSearch one(default_lexicon(), small(4));
  BoardSearch two(default_lexicon(), small(4));
  const SearchProgress a = one.run(1);
  const SearchProgress b = two.run(2);
  ASSERT_TRUE(a.best && b.best);
  EXPECT_EQ(a.best->board, b.best->board);
  EXPECT_EQ(a.best->episode, b.best->episode);
  EXPECT_EQ(a.boards, b.boards);
  // And the episode alone finds it again.
  SearchConfig again = small(a.best->episode + 1);
  BoardSearch replay(default_lexicon(), again);
  const SearchProgress replayed = replay.run(1);
  ASSERT_TRUE(replayed.best);
  EXPECT_EQ(replayed.best->board, a.best->board);
}

TEST(BoardSearch, SeedsGiveDifferentSearches) {
  BoardSearch a(default_lexicon(), small(1, 1));
  BoardSearch b(default_lexicon(), small(1, 2));
  EXPECT_NE(a.run(1).best->board, b.run(1).best->board);
}

TEST(BoardSearch, TheTargetEndsTheSearch) {
  SearchConfig config = small(1000);  // a budget far beyond the target, so a failure ends
  config.target = 50;
  BoardSearch search(default_lexicon(), config);
  const SearchProgress result = search.run(2);
  ASSERT_TRUE(result.best);
  EXPECT_GE(result.best->score, 50);
  EXPECT_LT(result.episodes, 1000u) << "the target, not the budget, ended it";
}

TEST(BoardSearch, StopBeforeRunReturnsAtOnce) {
  BoardSearch search(default_lexicon(), small(0));
  search.stop();
  const SearchProgress result = search.run(2);
  EXPECT_FALSE(result.best);
  EXPECT_EQ(result.boards, 0u);
  EXPECT_EQ(result.episodes, 0u);
}

TEST(BoardSearch, DiceBoardsShowOneFaceOfEachDie) {
  SearchConfig config;
  config.dice = DiceSet::kClassic;
  config.episodes = 2;
  config.steps = 200;
  BoardSearch search(default_lexicon(), config);
  const SearchProgress result = search.run(1);
  ASSERT_TRUE(result.best);
  EXPECT_TRUE(test::rolled_from(result.best->board, Board::classic_dice()))
      << result.best->board.spec();
  EXPECT_FALSE(test::rolled_from(Board::parse("zzzz/zzzz/zzzz/zzzz"), Board::classic_dice()));
}

}  // namespace
}  // namespace wg::boggle
