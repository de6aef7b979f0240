#include "games/boggle/best_boards.h"

#include <gtest/gtest.h>

#include "dice_check.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {
namespace {

TEST(BestBoards, EachScoresItsRecordOnEnableAndFitsItsDice) {
  Solver solver(default_lexicon());
  ASSERT_FALSE(best_boards().empty());
  for (const BestBoard& record : best_boards()) {
    const Board board = Board::parse(record.board);
    EXPECT_EQ(solver.summarize(board, record.min_length, Scoring::kBoggle).score, record.score)
        << record.board;
    SearchConfig config;
    config.rows = board.rows();
    config.cols = board.cols();
    config.dice = record.dice;
    EXPECT_NO_THROW(config.validate()) << record.board;
    if (record.dice == DiceSet::kSuperBig) {
      EXPECT_TRUE(test::rolled_from(board, Board::super_big_dice())) << record.board;
    }
    if (record.dice == DiceSet::kBig) {
      EXPECT_TRUE(test::rolled_from(board, Board::big_dice())) << record.board;
    }
    if (record.dice == DiceSet::kClassic) {
      EXPECT_TRUE(test::rolled_from(board, Board::classic_dice())) << record.board;
    }
    EXPECT_EQ(config.min_word_length(), record.min_length) << record.board;
    EXPECT_FALSE(record.title.empty());
    EXPECT_FALSE(record.note.empty());
  }
}

}  // namespace
}  // namespace wg::boggle
