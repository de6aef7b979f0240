#include "cli/gallows.h"

#include <gtest/gtest.h>

namespace wg::cli {
namespace {

TEST(Gallows, SixMissesDrawTheFigureAPiecePerMiss) {
  for (int m = 0; m <= 6; ++m) EXPECT_EQ(gallows_pieces(m, 6), 4 + m) << m;
}

TEST(Gallows, EveryAllowanceEndsComplete) {
  for (int allowed = 1; allowed <= 40; ++allowed) {
    EXPECT_EQ(gallows_pieces(allowed, allowed), kGallowsPieces) << allowed;
    int last = gallows_pieces(0, allowed);
    EXPECT_LT(last, kGallowsPieces) << allowed;
    for (int m = 1; m <= allowed; ++m) {
      const int now = gallows_pieces(m, allowed);
      EXPECT_GE(now, last) << allowed << " " << m;
      if (allowed <= kGallowsPieces) EXPECT_GT(now, last) << "a miss must show" << allowed;
      last = now;
    }
  }
}

TEST(Gallows, MissesBeyondTheAllowanceDrawNoMore) {
  EXPECT_EQ(gallows_pieces(9, 6), kGallowsPieces);
  EXPECT_EQ(gallows_pieces(-1, 6), 4);
}

TEST(Gallows, TheFullDrawing) {
  const std::vector<std::string> expected = {"  +----+", "  |    |",   "  |    O", "  |   /|\\",
                                             "  |    |", "  |   / \\", "==+====="};
  EXPECT_EQ(gallows_lines(kGallowsPieces), expected);
}

TEST(Gallows, TheEmptyGallowsAndNothing) {
  const std::vector<std::string> frame = {"  +----+", "  |    |", "  |",     "  |",
                                          "  |",      "  |",      "==+====="};
  EXPECT_EQ(gallows_lines(4), frame);
  for (const std::string& line : gallows_lines(0)) EXPECT_EQ(line, "");
}

TEST(Gallows, FitsTwelveColumns) {
  for (int p = 0; p <= kGallowsPieces; ++p) {
    for (const std::string& line : gallows_lines(p)) EXPECT_LE(line.size(), 12u);
  }
}

}  // namespace
}  // namespace wg::cli
