#include "games/boggle/round.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
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

TEST(Round, RoundsOnTheSameBoardShareItsWordsSolvedOnce) {
  const auto lex = std::make_shared<const Lexicon>(small());
  SolvedBoards boards(lex);
  const Board board = Board::parse("at/xe");
  const auto solved = boards.solve(board, 3, Scoring::kSpec);
  EXPECT_EQ(boards.solve(board, 3, Scoring::kSpec), solved) << "solved once";
  const SolvedBoard alone = solve_board(*lex, board, 3, Scoring::kSpec);
  EXPECT_EQ(solved->words, alone.words);
  EXPECT_EQ(solved->total_score, alone.total_score);
  // The minimum length, the scoring or the board changed: solved apart.
  EXPECT_NE(boards.solve(board, 2, Scoring::kSpec), solved);
  EXPECT_EQ(boards.solve(board, 2, Scoring::kSpec)->words.size(), 4u) << "with at";
  EXPECT_NE(boards.solve(board, 3, Scoring::kBoggle), solved);
  EXPECT_NE(boards.solve(Board::parse("ta/xe"), 3, Scoring::kSpec), solved);

  // A round that shares plays as one that solves alone.
  Round shared(*lex, board, 3, Scoring::kSpec, &boards);
  Round own(*lex, board, 3, Scoring::kSpec);
  EXPECT_EQ(shared.all_words(), own.all_words());
  EXPECT_EQ(shared.total_score(), own.total_score());
  EXPECT_EQ(shared.submit("tea").verdict, Verdict::kAccepted);
  EXPECT_EQ(shared.missed(), (std::vector<std::string>{"ate", "eat"}));
  EXPECT_EQ(own.missed(), own.all_words()) << "the other round's words are its own";
}

TEST(Round, BoardsSolvedForAnotherLexiconAreNotTaken) {
  const auto lex = std::make_shared<const Lexicon>(small());
  const Lexicon other = Lexicon::build(std::vector<std::string>{"ate"});
  SolvedBoards boards(lex);
  Round round(other, Board::parse("at/xe"), 3, Scoring::kSpec, &boards);
  EXPECT_EQ(round.all_words(), (std::vector<std::string>{"ate"}));
}

}  // namespace
}  // namespace wg::boggle
