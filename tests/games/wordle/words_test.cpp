#include "games/wordle/words.h"

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

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

TEST(WordleWords, TheAnswersOfALengthAreListedOncePerCommonListAndShared) {
  const std::shared_ptr<const Lexicon> lexicon = test::small_lexicon();
  const WordBanks& banks = lexicon->derived<WordBanks>();
  const WordBank& words = banks.of_length(*lexicon, 5);
  std::vector<std::string> many;
  for (WordId id = 0; id < 20; ++id) many.push_back(words.text(id));
  const auto common = std::make_shared<const Lexicon>(Lexicon::build(many));

  const auto answers = banks.answers(*lexicon, 5, Secrets::kCommon, common);
  EXPECT_EQ(*answers, answer_ids(words, Secrets::kCommon, common.get()));
  EXPECT_EQ(banks.answers(*lexicon, 5, Secrets::kCommon, common), answers)
      << "the same list, not listed again";
  // Another common list, though it holds the same words, is asked on its own.
  const auto other = std::make_shared<const Lexicon>(Lexicon::build(many));
  const auto from_other = banks.answers(*lexicon, 5, Secrets::kCommon, other);
  EXPECT_NE(from_other, answers);
  EXPECT_EQ(*from_other, *answers);
  // Every word: without a common list, or when the config asks for all.
  EXPECT_EQ(*banks.answers(*lexicon, 5, Secrets::kAll, common), words.all_ids());
  EXPECT_EQ(*banks.answers(*lexicon, 5, Secrets::kCommon, nullptr), words.all_ids());
  EXPECT_TRUE(banks.answers(*lexicon, 40, Secrets::kCommon, common)->empty());
}

}  // namespace
}  // namespace wg::wordle
