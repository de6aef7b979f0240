#include "games/wordle/exact.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stop_token>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/wordle/feedback.h"
#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

/// The value by brute force on text: every guess of `guesses`, every family, no pruning.
int brute_force(const std::vector<std::string>& guesses, const std::vector<std::string>& answers,
                std::map<std::vector<std::string>, int>& memo) {
  if (answers.size() == 1) return 1;
  if (const auto found = memo.find(answers); found != memo.end()) return found->second;
  int best = 1000;
  for (const std::string& g : guesses) {
    std::map<Pattern, std::vector<std::string>> families;
    for (const std::string& a : answers) {
      families[feedback(test::codes(g), test::codes(a))].push_back(a);
    }
    if (families.size() == 1 && families.begin()->first != all_green(g.size())) continue;
    int worst = 0;
    for (const auto& [pattern, family] : families) {
      if (pattern == all_green(g.size())) continue;
      worst = std::max(worst, brute_force(guesses, family, memo));
    }
    best = std::min(best, 1 + worst);
  }
  memo[answers] = best;
  return best;
}

TEST(WordleExact, SmallPositionsHaveTheirObviousValues) {
  const WordBank words = test::five_letter_words();
  EXPECT_EQ(fewest_guesses(words, std::vector<WordId>{4}).guesses, 1);
  EXPECT_EQ(fewest_guesses(words, std::vector<WordId>{4, 7}).guesses, 2);
  EXPECT_FALSE(fewest_guesses(words, std::vector<WordId>{}).guesses);
  // Too many answers: not computed.
  ExactLimits small;
  small.max_answers = 3;
  EXPECT_FALSE(fewest_guesses(words, words.all_ids(), small).guesses);
}

TEST(WordleExact, AgreesWithBruteForceOnRandomTinyLists) {
  // Words of four letters over three letters: many collisions of patterns, deep trees.
  Rng rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<std::string> guesses;
    const int count = 4 + static_cast<int>(rng.below(9));
    for (int i = 0; i < count; ++i) {
      std::string w;
      for (int k = 0; k < 4; ++k) w += static_cast<char>('a' + rng.below(3));
      guesses.push_back(w);
    }
    std::sort(guesses.begin(), guesses.end());
    guesses.erase(std::unique(guesses.begin(), guesses.end()), guesses.end());
    std::vector<std::string_view> views(guesses.begin(), guesses.end());
    const WordBank words = WordBank::from_words(views);
    std::vector<WordId> answers;
    std::vector<std::string> answer_text;
    for (WordId id = 0; id < words.size(); ++id) {
      if (rng.below(3) != 0 || id == 0) {
        answers.push_back(id);
        answer_text.push_back(words.text(id));
      }
    }
    std::map<std::vector<std::string>, int> memo;
    const int expected = brute_force(guesses, answer_text, memo);
    const ExactResult r = fewest_guesses(words, answers);
    ASSERT_TRUE(r.guesses) << trial;
    EXPECT_EQ(*r.guesses, expected) << trial;
  }
}

TEST(WordleExact, AgreesWithBruteForceOnTheSmallList) {
  const WordBank words = test::five_letter_words();
  std::vector<std::string> guesses;
  for (WordId id = 0; id < words.size(); ++id) guesses.push_back(words.text(id));
  std::map<std::vector<std::string>, int> memo;
  const int expected = brute_force(guesses, guesses, memo);
  const ExactResult r = fewest_guesses(words, words.all_ids());
  ASSERT_TRUE(r.guesses);
  EXPECT_EQ(*r.guesses, expected);
  EXPECT_GT(r.work, 0u);
  EXPECT_FALSE(r.stopped);
}

TEST(WordleExact, OverBudgetOrStoppedGivesNoValue) {
  const WordBank words = test::five_letter_words();
  ExactLimits tight;
  tight.max_work = 10;
  const ExactResult over = fewest_guesses(words, words.all_ids(), tight);
  EXPECT_FALSE(over.guesses);
  EXPECT_TRUE(over.over_budget);
  std::stop_source source;
  source.request_stop();
  Work work;
  work.stop = source.get_token();
  const ExactResult stopped = fewest_guesses(words, words.all_ids(), {}, work);
  EXPECT_FALSE(stopped.guesses);
  EXPECT_TRUE(stopped.stopped);
}

TEST(WordleExact, ProgressReachesOne) {
  const WordBank words = test::five_letter_words();
  double last = -1;
  Work work;
  work.progress = [&last](double fraction) { last = fraction; };
  fewest_guesses(words, words.all_ids(), {}, work);
  EXPECT_EQ(last, 1.0);
}

}  // namespace
}  // namespace wg::wordle
