#include "games/boggle/round.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace wg::boggle {
namespace {

Lexicon small() {
  std::vector<std::string> words = {"a", "at", "ate", "eat", "tea", "teat", "tee", "zebra"};
  std::sort(words.begin(), words.end());
  return Lexicon::build(words);
}

TEST(Round, JudgesEachWordOnce) {
  const Lexicon lex = small();
  Round round(lex, Board::parse("at/xe"), 3, Scoring::kSpec);
  EXPECT_EQ(round.all_words(), (std::vector<std::string>{"ate", "eat", "tea"}));
  EXPECT_EQ(round.total_score(), 3);

  Judgement j = round.submit("EAT");
  EXPECT_EQ(j.verdict, Verdict::kAccepted);
  EXPECT_EQ(j.points, 1);
  EXPECT_EQ(j.path, (std::vector<int>{3, 0, 1}));
  EXPECT_EQ(round.submit("eat").verdict, Verdict::kAlreadyFound);
  EXPECT_EQ(round.submit("at").verdict, Verdict::kTooShort);
  EXPECT_EQ(round.submit("tae").verdict, Verdict::kNotAWord);
  EXPECT_EQ(round.submit("zebra").verdict, Verdict::kNotOnBoard);
  EXPECT_EQ(round.submit("tee").verdict, Verdict::kNotOnBoard) << "one E, used once";
  EXPECT_EQ(round.submit("qzx").verdict, Verdict::kNotOnBoard)
      << "the board is checked first: what a player can see for themselves";
  EXPECT_EQ(round.submit("").verdict, Verdict::kNotLetters);
  EXPECT_EQ(round.submit("e4t").verdict, Verdict::kNotLetters);
  EXPECT_EQ(round.found(), (std::vector<std::string>{"eat"}));
  EXPECT_EQ(round.score(), 1);
  EXPECT_EQ(round.missed(), (std::vector<std::string>{"ate", "tea"}));
}

TEST(Round, BoggleScoringCountsQuAsTwoLetters) {
  std::vector<std::string> words = {"quit", "quits"};
  const Lexicon lex = Lexicon::build(words);
  Round round(lex, Board::parse("[QU]i/st"), 3, Scoring::kBoggle);
  const Judgement quits = round.submit("quits");
  EXPECT_EQ(quits.verdict, Verdict::kAccepted);
  EXPECT_EQ(quits.points, 2) << "five letters on four cells";
  EXPECT_EQ(round.submit("quit").points, 1);
  EXPECT_EQ(round.score(), 3);
  EXPECT_TRUE(round.missed().empty());
}

}  // namespace
}  // namespace wg::boggle
