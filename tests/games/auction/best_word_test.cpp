// games/auction/best_word.h: the best word from a player's letters.

#include "games/auction/best_word.h"

#include <gtest/gtest.h>

#include "core/rng.h"

namespace wg::auction {
namespace {

std::vector<Letter> letters(std::string_view text) { return *Alphabet::english().encode(text); }

std::string best(std::string_view text, const Rules& rules = {}) {
  return Alphabet::english().decode(best_word(default_lexicon(), letters(text), rules).word);
}

TEST(BestWordTest, FindsTheHighestScoringWord) {
  EXPECT_EQ(best("zqxjaei"), "zax");  // 19 points, above jiao (11) or qaid-less q words
  EXPECT_EQ(best_word(default_lexicon(), letters("retains"), {}).score, 57);
  EXPECT_EQ(best("retains"), "anestri");  // the first seven-letter anagram, with the bonus
  EXPECT_EQ(best("xyz").size(), 0u);
  EXPECT_EQ(best_word(default_lexicon(), letters("xyz"), {}).score, 0);
  EXPECT_EQ(best(""), "");
}

TEST(BestWordTest, AgreesWithAScanOfTheLexicon) {
  const Lexicon& lexicon = default_lexicon();
  const Rules rules;
  std::vector<std::vector<Letter>> words;
  lexicon.for_each_word([&](std::string_view w) {
    if (w.size() <= 7) words.push_back(*lexicon.alphabet().encode(w));
  });
  std::vector<Letter> pool = auction_pool();
  Rng rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    rng.shuffle(pool);
    const std::span<const Letter> rack(pool.data(), 1 + trial % 7);
    int expected = 0;
    for (const auto& w : words) {
      if (can_make(w, rack)) expected = std::max(expected, word_score(w, rules));
    }
    const BestWord found = best_word(lexicon, rack, rules);
    EXPECT_EQ(found.score, expected) << lexicon.alphabet().decode(rack);
    EXPECT_EQ(best_score(lexicon, count_letters(rack), rules), expected);
    if (found.score > 0) {
      EXPECT_TRUE(can_make(found.word, rack));
      EXPECT_TRUE(lexicon.contains(std::span<const Letter>(found.word)));
      EXPECT_EQ(word_score(found.word, rules), found.score);
    }
  }
}

TEST(BestWordTest, CanMakeCountsCopies) {
  EXPECT_TRUE(can_make(letters("tee"), letters("etes")));
  EXPECT_FALSE(can_make(letters("teee"), letters("etes")));
  EXPECT_TRUE(can_make({}, {}));
}

}  // namespace
}  // namespace wg::auction
