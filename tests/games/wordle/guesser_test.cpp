#include "games/wordle/guesser.h"

#include <gtest/gtest.h>

#include <array>

#include "games/wordle/host.h"
#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

using test::codes;

Row row(std::string_view guess, std::string_view answer) {
  return Row{codes(guess), feedback(codes(guess), codes(answer))};
}

TEST(WordleGuesser, HardModeKeepsGreensAndUsesYellows) {
  // CRANE against TRACE: R, A, E green; C yellow.
  const std::vector<Row> rows = {row("crane", "trace")};
  EXPECT_FALSE(hard_mode_problem(rows, codes("trace")));
  EXPECT_FALSE(hard_mode_problem(rows, codes("craze")));  // R, A, E kept; C used
  const auto green = hard_mode_problem(rows, codes("ocean"));
  ASSERT_TRUE(green);
  EXPECT_EQ(green->position, 1);
  EXPECT_EQ(green->letter, codes("r")[0]);
  const auto yellow = hard_mode_problem(rows, codes("brake"));  // R, A, E kept, no C
  ASSERT_TRUE(yellow);
  EXPECT_EQ(yellow->position, -1);
  EXPECT_EQ(yellow->letter, codes("c")[0]);
  EXPECT_EQ(yellow->count, 1);
  // A letter revealed twice must appear twice: SPEED against ERASE shows two Es.
  const std::vector<Row> twice = {row("speed", "erase")};
  const auto count = hard_mode_problem(twice, codes("sweat"));
  ASSERT_TRUE(count);
  EXPECT_EQ(count->letter, codes("e")[0]);
  EXPECT_EQ(count->count, 2);
  EXPECT_FALSE(hard_mode_problem(twice, codes("erase")));
  // Greys ask nothing.
  EXPECT_FALSE(hard_mode_problem(std::vector<Row>{row("abide", "lymph")}, codes("lymph")));
}

TEST(WordleGuesser, EveryConsistentAnswerKeepsToHardMode) {
  const WordBank words = test::five_letter_words();
  const std::vector<Row> rows = {row("speed", "creed"), row("bleed", "creed")};
  const std::vector<WordId> left = consistent_answers(words, words.all_ids(), rows);
  ASSERT_FALSE(left.empty());
  for (WordId id : left) {
    EXPECT_FALSE(hard_mode_problem(rows, words.word(id))) << words.text(id);
  }
}

TEST(WordleGuesser, TheBestGuessMinimisesTheWorstFamily) {
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> all = words.all_ids();
  const Advice advice = best_guess(words, all);
  EXPECT_EQ(advice.worst, worst_family(words, all, words.word(advice.word)));
  GuesserLimits everything{words.size(), words.size()};
  for (WordId id = 0; id < words.size(); ++id) {
    EXPECT_GE(worst_family(words, all, words.word(id)), best_guess(words, all, everything).worst);
  }
  // One answer: that word; two: one of them.
  const std::vector<WordId> one = {5};
  EXPECT_EQ(best_guess(words, one).word, 5u);
  EXPECT_EQ(best_guess(words, one).worst, 0u);
  const std::vector<WordId> two = {3, 9};
  const Advice pair = best_guess(words, two);
  EXPECT_TRUE(pair.word == 3 || pair.word == 9);
  EXPECT_EQ(pair.worst, 1u);
}

TEST(WordleGuesser, HardModeFiltersTheCandidatesButNeverTheAnswers) {
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> all = words.all_ids();
  const Advice only_answers =
      best_guess(words, std::vector<WordId>{1, 2, 3}, {}, [](WordId) { return false; });
  EXPECT_TRUE(only_answers.word >= 1 && only_answers.word <= 3);
  EXPECT_EQ(best_guess(words, all, {}, [](WordId) { return true; }), best_guess(words, all));
}

TEST(WordleGuesser, CandidatesAreListedOnceInAFixedOrder) {
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> all = words.all_ids();
  const std::vector<WordId> candidates = candidate_guesses(words, all, GuesserLimits{5, 3});
  EXPECT_LE(candidates.size(), 8u);
  EXPECT_EQ(candidates, candidate_guesses(words, all, GuesserLimits{5, 3}));
  std::vector<WordId> sorted = candidates;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
}

}  // namespace
}  // namespace wg::wordle
