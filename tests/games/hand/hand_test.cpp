// games/hand/hand.h: the rules of the word game.

#include "games/hand/hand.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "lexicon/lexicon.h"

namespace wg::hand {
namespace {

std::vector<Letter> tiles(std::string_view text) {
  auto parsed = parse_tiles(text);
  EXPECT_TRUE(parsed.has_value()) << text;
  return parsed.value_or(std::vector<Letter>{});
}

Hand hand_of(std::string_view text) {
  auto parsed = Hand::parse(text);
  EXPECT_TRUE(parsed.has_value()) << text;
  return parsed.value_or(Hand{});
}

const Lexicon& lexicon() { return default_lexicon(); }

TEST(HandTest, ParsesAndPrintsTiles) {
  EXPECT_EQ(tiles_text(tiles("C*wS")), "c*ws");
  EXPECT_FALSE(parse_tiles("c ws").has_value());
  EXPECT_FALSE(parse_tiles("c-ws").has_value());
  EXPECT_FALSE(parse_tiles("cow5").has_value());
  EXPECT_EQ(parse_tiles("")->size(), 0u);
  const Hand hand = hand_of("t r a p i c *");
  EXPECT_EQ(hand.size(), 7);
  EXPECT_EQ(hand.wildcards(), 1);
  EXPECT_EQ(hand_text(hand), "a c i p r t *");
  EXPECT_EQ(hand_text(hand_of("jjolwnn")), "j j l n n o w");
  EXPECT_FALSE(Hand::parse("ab?").has_value());
  EXPECT_THROW(Hand::of(std::vector<Letter>{40}), std::invalid_argument);
}

TEST(HandTest, LetterValuesAreScrabbleValuesAndTheWildcardIsZero) {
  const std::map<char, int> values = {{'a', 1}, {'b', 3}, {'c', 3}, {'d', 2},  {'e', 1},
                                      {'f', 4}, {'k', 5}, {'j', 8}, {'q', 10}, {'z', 10}};
  for (auto [c, v] : values) EXPECT_EQ(tile_value(tiles(std::string(1, c))[0]), v) << c;
  EXPECT_EQ(tile_value(kWildcard), 0);
}

TEST(HandTest, WordScoresFollowTheFormula) {
  // The spec's examples.
  EXPECT_EQ(word_score(tiles("weed"), 6), 176);
  EXPECT_EQ(word_score(tiles("it"), 7), 2);
  // Case does not matter, and the wildcard counts in the length but is worth nothing.
  EXPECT_EQ(word_score(tiles("WeEd"), 6), 176);
  EXPECT_EQ(word_score(tiles("c*ws"), 6), 176);  // (3+0+4+1) * (28 - 6)
  EXPECT_EQ(word_score(tiles("cows"), 6), 198);
  EXPECT_EQ(word_score(tiles("part"), 7), 114);
  EXPECT_EQ(word_score(tiles("ic*"), 3), 84);
  EXPECT_EQ(word_score(tiles("d*d"), 7), 36);
  EXPECT_EQ(word_score(tiles("*t"), 2), 14);
  EXPECT_EQ(word_score(tiles("f*x"), 4), 216);
  // The second factor never drops below 1.
  EXPECT_EQ(word_score(tiles("a"), 20), 1);
  EXPECT_EQ(word_score(tiles("*"), 7), 0);
  EXPECT_EQ(word_score(tiles(""), 7), 0);
  EXPECT_EQ(word_score(10, 3, 3), 210);
}

TEST(HandTest, PlayingUsesUpTheNamedLettersWithoutChangingTheInput) {
  const Hand hand = hand_of("aqlmuil");
  const Hand after = play_word(hand, tiles("quail"));
  EXPECT_EQ(hand_text(after), "l m");
  EXPECT_EQ(hand_text(hand), "a i l l m q u");  // unchanged
  // Penalty: letters the hand lacks are ignored, the rest are used up even if invalid.
  const Hand jolly = hand_of("jjolwnn");
  EXPECT_EQ(hand_text(play_word(jolly, tiles("jolly"))), "j n n w");
  EXPECT_EQ(hand_text(jolly), "j j l n n o w");
  // The spec's wildcard examples.
  const Hand cows = hand_of("cows*z");
  EXPECT_EQ(hand_text(play_word(cows, tiles("cows"))), "z *");
  EXPECT_EQ(hand_text(play_word(cows, tiles("c*ws"))), "o z");
  EXPECT_EQ(hand_text(play_word(cows, tiles("c*wz"))), "o s");
  EXPECT_EQ(hand_text(play_word(cows, tiles("*ows"))), "c z");
  // A `*` typed with no wildcard in the hand removes nothing.
  EXPECT_EQ(play_word(hand_of("ab"), tiles("*")), hand_of("ab"));
}

TEST(HandTest, ValidWordsAreInTheLexiconAndInTheHand) {
  const Hand hand = hand_of("aqlmuil");
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("quail")));
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("QUAIL")));
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("mill")));
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("quill")));    // both l
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("quilt")));   // no t
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("milll")));   // three l
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("quails")));  // no s
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("qmal")));    // not a word
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("")));
  // Validity does not change the hand, and asking twice gives the same answer.
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("quail")));
  EXPECT_EQ(hand_text(hand), "a i l l m q u");
}

TEST(HandTest, WildcardStandsForExactlyOneVowel) {
  const Hand hand = hand_of("cows*z");
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("cows")));
  EXPECT_TRUE(is_valid_word(lexicon(), hand, tiles("c*ws")));
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("c*wz")));  // no vowel completes it
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("*ows")));  // "bows" needs a consonant
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("c**s")));  // only one wildcard
  // A typed vowel the hand lacks is not covered by the wildcard.
  EXPECT_FALSE(is_valid_word(lexicon(), hand, tiles("caws")));
  // A `*` typed when the hand has none.
  EXPECT_FALSE(is_valid_word(lexicon(), hand_of("cows"), tiles("c*ws")));
  EXPECT_EQ(tiles_text(*resolve_wildcards(lexicon(), tiles("c*ws"))), "caws");
  EXPECT_EQ(tiles_text(*resolve_wildcards(lexicon(), tiles("f*x"))), "fax");
  EXPECT_FALSE(resolve_wildcards(lexicon(), tiles("c*wz")).has_value());
  EXPECT_FALSE(resolve_wildcards(lexicon(), tiles("")).has_value());
}

TEST(HandTest, ScorePlayCombinesTheRules) {
  const Hand hand = hand_of("ajef*rx");
  const Turn jar = score_play(lexicon(), hand, tiles("jar"));
  EXPECT_TRUE(jar.valid);
  EXPECT_EQ(jar.score, 90);
  EXPECT_EQ(hand_text(jar.hand_after), "e f x *");
  const Turn fax = score_play(lexicon(), jar.hand_after, tiles("f*x"));
  EXPECT_EQ(fax.score, 216);
  const Turn bad = score_play(lexicon(), hand_of("act*"), tiles("ac"));
  EXPECT_FALSE(bad.valid);
  EXPECT_EQ(bad.score, 0);
  EXPECT_EQ(hand_text(bad.hand_after), "t *");
  EXPECT_EQ(hand_text(hand), "a e f j r x *");
}

TEST(HandTest, DealHasAThirdVowelSlotsOneOfThemTheWildcard) {
  const Alphabet& a = Alphabet::english();
  for (int size = 1; size <= 30; ++size) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Rng rng(seed);
      const Hand hand = deal(rng, size);
      ASSERT_EQ(hand.size(), size);
      EXPECT_EQ(hand.wildcards(), 1);
      int vowels = 0;
      for (Letter tile : hand.tiles()) vowels += tile != kWildcard && a.is_vowel(tile);
      EXPECT_EQ(vowels + 1, (size + 2) / 3) << size;
    }
  }
  Rng a1(5), a2(5);
  EXPECT_EQ(deal(a1, 7), deal(a2, 7));
  Rng r(1);
  EXPECT_THROW(deal(r, 0), std::invalid_argument);
}

TEST(HandTest, SubstitutionReplacesEveryCopyByOneNewLetter) {
  const Hand hand = hand_of("ddlout*");
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Rng rng(seed);
    const Hand after = substitute(hand, tiles("d")[0], rng);
    EXPECT_EQ(after.size(), 7);
    EXPECT_EQ(after.count(tiles("d")[0]), 0);
    EXPECT_EQ(hand.count(tiles("d")[0]), 2);  // input unchanged
    const Hand rest = play_word(after, tiles("lout*"));
    ASSERT_EQ(rest.size(), 2) << hand_text(after);
    const auto two = rest.tiles();
    EXPECT_EQ(two[0], two[1]);
    EXPECT_FALSE(hand.contains(two[0])) << hand_text(after);
  }
  Rng rng(1);
  EXPECT_FALSE(can_substitute(hand, tiles("z")[0]));
  EXPECT_FALSE(can_substitute(hand, kWildcard));
  EXPECT_THROW(substitute(hand, tiles("z")[0], rng), std::invalid_argument);
  EXPECT_THROW(substitute(hand, kWildcard, rng), std::invalid_argument);
  const Hand all = hand_of("abcdefghijklmnopqrstuvwxyz");
  EXPECT_FALSE(can_substitute(all, tiles("a")[0]));
}

}  // namespace
}  // namespace wg::hand
