// games/auction/rules.h: the rules as data, the pool and word scores.

#include "games/auction/rules.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace wg::auction {
namespace {

TEST(RulesTest, DefaultsAreValid) { EXPECT_NO_THROW(Rules{}.validate()); }

TEST(RulesTest, RejectsOutOfRangeWithTheRuleNamed) {
  auto message_of = [](Rules rules) {
    try {
      rules.validate();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("valid");
  };
  EXPECT_EQ(message_of(Rules{.players = 1}), "players must be between 2 and 14, not 1");
  EXPECT_EQ(message_of(Rules{.players = 15}), "players must be between 2 and 14, not 15");
  EXPECT_EQ(message_of(Rules{.rounds = 0}), "rounds must be between 1 and 10000, not 0");
  // 0 to 7 hidden letters, as the original simulator allowed: up to a full rack.
  EXPECT_EQ(message_of(Rules{.hidden_letters = 7}), "valid");
  EXPECT_EQ(message_of(Rules{.hidden_letters = 0}), "valid");
  EXPECT_EQ(message_of(Rules{.hidden_letters = 8}),
            "hidden letters must be between 0 and 7, not 8");
  EXPECT_EQ(message_of(Rules{.hidden_letters = -1}),
            "hidden letters must be between 0 and 7, not -1");
  EXPECT_EQ(message_of(Rules{.hidden_letters = 5, .rack_size = 4}),
            "hidden letters must be between 0 and 4, not 5");
  EXPECT_EQ(message_of(Rules{.players = 14, .hidden_letters = 7}), "valid");  // the whole pool
  EXPECT_EQ(message_of(Rules{.letters_per_round = 98}), "valid");
  EXPECT_EQ(message_of(Rules{.letters_per_round = 99}),
            "letters per round must be between 0 and 98, not 99");
  EXPECT_EQ(message_of(Rules{.letters_per_round = -1}),
            "letters per round must be between 0 and 98, not -1");
  EXPECT_EQ(message_of(Rules{.players = 14, .hidden_letters = 6}), "valid");
  EXPECT_EQ(message_of(Rules{.players = 14, .hidden_letters = 8, .rack_size = 9}),
            "8 hidden letters for each of 14 players need 112 tiles; the pool has 98");
}

TEST(RulesTest, PoolIsTheScrabbleBagWithoutBlanks) {
  const std::vector<Letter> pool = auction_pool();
  ASSERT_EQ(pool.size(), 98u);
  const LetterCounts counts = count_letters(pool);
  const Alphabet& en = Alphabet::english();
  EXPECT_EQ(counts[en.code('e')], 12);
  EXPECT_EQ(counts[en.code('a')], 9);
  EXPECT_EQ(counts[en.code('z')], 1);
  EXPECT_EQ(counts[en.code('q')], 1);
  EXPECT_EQ(counts[en.code('b')], 2);
}

TEST(RulesTest, WordScoreIsScrabbleValuesPlusBonusForSeven) {
  const Alphabet& en = Alphabet::english();
  const Rules rules;
  EXPECT_EQ(word_score(*en.encode("quiz"), rules), 10 + 1 + 1 + 10);
  EXPECT_EQ(word_score(*en.encode("retains"), rules), 7 + 50);
  EXPECT_EQ(word_score(*en.encode("retain"), rules), 6);
  EXPECT_EQ(word_score({}, rules), 0);
  EXPECT_EQ(word_score(*en.encode("retains"), Rules{.bonus = 0}), 7);
}

}  // namespace
}  // namespace wg::auction
