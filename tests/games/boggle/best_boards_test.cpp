#include "games/boggle/best_boards.h"

#include <gtest/gtest.h>

#include "lexicon/lexicon.h"

namespace wg::boggle {
namespace {

TEST(BestBoards, EachScoresItsRecordOnEnableUnderItsSizesRules) {
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
    EXPECT_EQ(config.min_word_length(), record.min_length) << record.board;
    EXPECT_FALSE(record.title.empty());
    EXPECT_FALSE(record.note.empty());
  }
}

}  // namespace
}  // namespace wg::boggle
