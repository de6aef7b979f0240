#include "games/wordle/feedback.h"

#include <gtest/gtest.h>

#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

using test::codes;
using test::feedback_text;

TEST(WordleFeedback, GreensYellowsAndGreys) {
  EXPECT_EQ(feedback_text("crane", "crane"), "ggggg");
  EXPECT_EQ(feedback_text("crane", "react"), "yyg.y");  // A green; C, R, E yellow; N grey
  EXPECT_EQ(feedback_text("slate", "crate"), "..ggg");
  EXPECT_EQ(feedback_text("abide", "speck"), "....y");
}

TEST(WordleFeedback, RepeatedLettersAreMarkedNoMoreThanTheAnswerHoldsThem) {
  // SPEED against ABIDE: one E in the answer, so only the first E is yellow; D yellow.
  EXPECT_EQ(feedback_text("speed", "abide"), "..y.y");
  // SPEED against ERASE: two Es, both yellow; S yellow.
  EXPECT_EQ(feedback_text("speed", "erase"), "y.yy.");
  // Greens first: the last E is green and takes the answer's only E; the other Es are grey.
  EXPECT_EQ(feedback_text("eerie", "abide"), "...yg");
  EXPECT_EQ(feedback_text("speed", "steed"), "g.ggg");
  EXPECT_EQ(feedback_text("speed", "creed"), "..ggg");
  // A letter twice in the answer, once in the guess: one mark.
  EXPECT_EQ(feedback_text("abide", "speed"), "...yy");
  // Three of a letter in the guess, two in the answer, one of them green.
  EXPECT_EQ(feedback_text("eeexx", "xexex"), "yg.yg");
}

TEST(WordleFeedback, PatternsAreBase3CodesReadLeftToRight) {
  EXPECT_EQ(pattern_count(5), 243u);
  EXPECT_EQ(all_green(5), 242);
  EXPECT_EQ(feedback(codes("abcde"), codes("fghij")), 0);
  EXPECT_EQ(feedback(codes("abcde"), codes("fghia")), 81);  // first letter yellow: 1 * 3^4
  EXPECT_EQ(feedback(codes("abcde"), codes("fghie")), 2);   // last letter green: 2 * 3^0
  const std::vector<Mark> marks = {Mark::kYellow, Mark::kGrey, Mark::kGreen, Mark::kGreen,
                                   Mark::kGrey};
  const Pattern p = pattern_of(marks);
  EXPECT_EQ(marks_of(p, 5), marks);
  EXPECT_EQ(greens(p, 5), 2);
  EXPECT_EQ(yellows(p, 5), 1);
  EXPECT_EQ(pattern_count(7), 2187u);
  EXPECT_EQ(all_green(7), 2186);
}

}  // namespace
}  // namespace wg::wordle
