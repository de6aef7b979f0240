#include "games/evil_hangman/word_set.h"

#include <gtest/gtest.h>

#include <array>
#include <stdexcept>

#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

TEST(WordSetTest, HoldsEveryWordOfTheLengthInOrder) {
  const WordSet words = WordSet::of_length(default_lexicon(), 8);
  EXPECT_EQ(words.size(), 28420u);
  EXPECT_EQ(words.length(), 8u);
  const std::vector<std::string> expected = default_lexicon().words_of_length(8);
  ASSERT_EQ(expected.size(), words.size());
  for (std::size_t i = 0; i < expected.size(); i += 997) {
    EXPECT_EQ(words.text(static_cast<WordId>(i)), expected[i]);
  }
  EXPECT_EQ(words.text(static_cast<WordId>(words.size() - 1)), expected.back());
}

TEST(WordSetTest, LengthWithoutWordsIsEmpty) {
  EXPECT_TRUE(WordSet::of_length(default_lexicon(), 26).empty());  // ENABLE's gap
  EXPECT_TRUE(WordSet::of_length(default_lexicon(), 40).empty());
  EXPECT_THROW(WordSet::of_length(default_lexicon(), 0), std::invalid_argument);
  EXPECT_THROW(WordSet::of_length(default_lexicon(), kMaxWordLength + 1), std::invalid_argument);
}

TEST(WordSetTest, LetterSetsAndLookup) {
  const WordSet words = test::spec_words();
  ASSERT_EQ(words.size(), 9u);
  const std::int64_t cool = words.find(*Alphabet::english().encode("cool"));
  ASSERT_EQ(cool, 2);
  const LetterSet set = words.letter_set(2);
  EXPECT_EQ(set.size(), 3);
  EXPECT_TRUE(set.contains(test::code('o')));
  EXPECT_FALSE(set.contains(test::code('e')));
  EXPECT_EQ(words.find(*Alphabet::english().encode("zzzz")), -1);
  EXPECT_EQ(words.all_ids().size(), 9u);
}

TEST(WordSetTest, FromWordsRejectsMixedLengthsAndNonLetters) {
  constexpr std::array<std::string_view, 2> kMixed = {"ab", "abc"};
  constexpr std::array<std::string_view, 1> kBad = {"a-b"};
  EXPECT_THROW(WordSet::from_words(kMixed), std::invalid_argument);
  EXPECT_THROW(WordSet::from_words(kBad), std::invalid_argument);
}

}  // namespace
}  // namespace wg::evil_hangman
