#include "games/wordle/words.h"

#include <gtest/gtest.h>

#include <array>

#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

TEST(WordleWords, TheWordsOfALengthInOrder) {
  const WordBank words = test::five_letter_words();
  EXPECT_EQ(words.length(), 5u);
  EXPECT_EQ(words.size(), 27u);
  EXPECT_EQ(words.text(0), "abide");
  ASSERT_TRUE(words.find(test::codes("speed")));
  EXPECT_EQ(words.text(*words.find(test::codes("speed"))), "speed");
  EXPECT_FALSE(words.find(test::codes("zzzzz")));
  EXPECT_FALSE(words.find(test::codes("bake")));
  EXPECT_EQ(WordBank::of_length(*test::small_lexicon(), 4).size(), 7u);
  EXPECT_TRUE(WordBank::of_length(*test::small_lexicon(), 6).empty());
}

TEST(WordleWords, FromWordsSortsAndRefusesMixedLengths) {
  constexpr std::array<std::string_view, 3> kWords = {"tear", "DEAL", "tear"};
  const WordBank words = WordBank::from_words(kWords);
  EXPECT_EQ(words.size(), 2u);
  EXPECT_EQ(words.text(0), "deal");
  constexpr std::array<std::string_view, 2> kMixed = {"tear", "deals"};
  EXPECT_THROW(WordBank::from_words(kMixed), std::invalid_argument);
}

TEST(WordleWords, AnswersAreTheCommonWordsWhenThereAreEnough) {
  const WordBank words = test::five_letter_words();
  EXPECT_EQ(answer_ids(words, Secrets::kAll, nullptr).size(), words.size());
  EXPECT_EQ(answer_ids(words, Secrets::kCommon, nullptr).size(), words.size());
  // Fewer than kMinCommonAnswers common words: every word.
  const Lexicon few = Lexicon::build(std::vector<std::string>{"crane", "speed"});
  EXPECT_EQ(answer_ids(words, Secrets::kCommon, &few).size(), words.size());
  // Enough: those only.
  std::vector<std::string> many;
  for (WordId id = 0; id < 20; ++id) many.push_back(words.text(id));
  const Lexicon common = Lexicon::build(many);
  const std::vector<WordId> answers = answer_ids(words, Secrets::kCommon, &common);
  ASSERT_EQ(answers.size(), 20u);
  EXPECT_EQ(answers.back(), 19u);
  EXPECT_EQ(answer_ids(words, Secrets::kAll, &common).size(), words.size());
}

}  // namespace
}  // namespace wg::wordle
