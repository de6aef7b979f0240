#include "games/evil_hangman/experiment.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

std::string config_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& error) {
    return error.field() + ": " + error.what();
  }
  return "";
}

TEST(ExperimentTest, AutoplayDealTearMonkWithOneGuessLeft) {
  const WordSet words = test::deal_tear_monk();
  for (Strategy s : {Strategy::kLookahead, Strategy::kOptimal}) {
    HostConfig host;
    host.strategy = s;
    const AutoplayResult r = autoplay(words, 1, host, GuesserKind::kFrequency, 1);
    EXPECT_FALSE(r.won);
    EXPECT_EQ(r.misses, 1);
    EXPECT_EQ(Alphabet::english().decode(r.word), "monk");
    ASSERT_EQ(r.turns.size(), 1u);
    EXPECT_EQ(r.turns[0].letter, code('a'));  // in two of three words; A before E
    EXPECT_FALSE(r.turns[0].hit);
    EXPECT_EQ(r.turns[0].words, 1u);
    EXPECT_FALSE(r.fell_back);
  }
}

TEST(ExperimentTest, AutoplayOnALexiconValidatesAndPlaysTheSameGame) {
  const auto lexicon = test::small_lexicon();
  AutoplayConfig config;
  config.length = 4;
  config.guesses = 26;
  config.strategy = Strategy::kLookahead;
  const AutoplayResult r = autoplay(*lexicon, config, 8);
  const WordSet words = WordSet::of_length(*lexicon, 4);
  EXPECT_EQ(r, autoplay(words, 26, HostConfig{Strategy::kLookahead, 2, {}}, config.guesser, 8));
  EXPECT_TRUE(r.won);  // 26 guesses always finish the word

  config.length = 5;
  EXPECT_EQ(config_error([&] { autoplay(*lexicon, config, 1); }),
            "length: no words of length 5 (lengths with words: 3, 4)");
  config.length = 3;
  config.guesses = 0;
  EXPECT_EQ(config_error([&] { autoplay(*lexicon, config, 1); }).substr(0, 8), "guesses:");
  config.guesses = 1;
  config.depth = 0;
  EXPECT_EQ(config_error([&] { autoplay(*lexicon, config, 1); }).substr(0, 6), "depth:");
  config.depth = 1;
  config.guesses = std::int64_t{1} << 40;  // more than an int: as many as an int holds
  EXPECT_EQ(config.game_guesses(), std::numeric_limits<int>::max());
}

TableConfig small_table() {
  TableConfig config;
  config.min_length = 1;
  config.max_length = 9;
  config.depths = {1, 2};
  config.value = true;
  config.jobs = 1;
  return config;
}

TEST(ExperimentTest, TheTableHasARowPerLengthWithWordsWhateverTheThreads) {
  const auto lexicon = test::small_lexicon();
  TableConfig config = small_table();
  std::vector<std::pair<int, int>> progress;
  const TableResult one = run_table(
      *lexicon, config, 5, [&](int done, int total) { progress.emplace_back(done, total); });
  ASSERT_EQ(one.rows.size(), 2u);  // lengths 3 and 4 only
  EXPECT_EQ(one.rows[0].length, 3u);
  EXPECT_EQ(one.rows[1].words, 9u);
  EXPECT_EQ(progress, (std::vector<std::pair<int, int>>{{1, 2}, {2, 2}}));
  ASSERT_EQ(one.hosts.size(), 4u);  // largest, lookahead-1, lookahead-2, optimal
  EXPECT_EQ(one.hosts[2].name, "lookahead-2");
  const TableRow& four = one.rows[1];
  ASSERT_TRUE(four.value);
  EXPECT_EQ(four.value->value, 2);     // as a brute-force minimax over the nine words finds
  ASSERT_EQ(four.results.size(), 8u);  // 4 hosts x 2 guessers
  for (const TableCell& cell : four.results) {
    EXPECT_TRUE(cell.played);
    EXPECT_TRUE(cell.won);  // 26 guesses
    ASSERT_TRUE(cell.misses);
    if (cell.host == "optimal") {
      EXPECT_GE(*cell.misses, 2);
    }
  }
  config.jobs = 2;
  const TableResult two = run_table(*lexicon, config, 5);
  EXPECT_EQ(two.rows, one.rows);
}

TEST(ExperimentTest, OverBudgetTheOptimalHostIsLeftOut) {
  const auto lexicon = test::small_lexicon();
  TableConfig config = small_table();
  config.min_length = 4;
  config.budget.max_positions = 1;
  const TableResult table = run_table(*lexicon, config, 5);
  ASSERT_EQ(table.rows.size(), 1u);
  EXPECT_FALSE(table.rows[0].value->value);
  for (const TableCell& cell : table.rows[0].results) {
    EXPECT_EQ(cell.played, cell.host != "optimal");
    EXPECT_EQ(cell.misses.has_value(), cell.host != "optimal");
  }
}

TEST(ExperimentTest, TheTableRefusesWhatItCannotPlay) {
  const auto lexicon = test::small_lexicon();
  const auto error = [&](TableConfig config) {
    return config_error([&] { run_table(*lexicon, config, 1); });
  };
  TableConfig config = small_table();
  config.min_length = 0;
  EXPECT_EQ(error(config), "min_length: need 1 <= min length <= max length");
  config = small_table();
  config.max_length = 0;
  EXPECT_NE(error(config), "");
  config = small_table();
  config.guesses = 0;
  EXPECT_EQ(error(config).substr(0, 8), "guesses:");
  config = small_table();
  config.depths = {2, 0};
  EXPECT_EQ(error(config).substr(0, 7), "depths:");
  config = small_table();
  config.budget.max_memo = 0;
  EXPECT_EQ(error(config).substr(0, 5), "memo:");
  config = small_table();
  config.min_length = 5;
  EXPECT_EQ(error(config),
            "min_length: no words of any length from 5 to 9 (lengths with words: 3, 4)");
}

}  // namespace
}  // namespace wg::evil_hangman
