#include "games/boggle/board.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace wg::boggle {
namespace {

std::string error_of(std::string_view text) {
  try {
    Board::parse(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(Board, DefaultIsTheSpecBoard) {
  Board b;
  EXPECT_EQ(b.rows(), 4);
  EXPECT_EQ(b.cols(), 4);
  EXPECT_EQ(b.text(), "E E C A\nA L E P\nH N B O\nQ T T Y\n");
  EXPECT_EQ(b.spec(), "EECA/ALEP/HNBO/QTTY");
  EXPECT_TRUE(b.single_letters());
}

TEST(Board, Neighbours) {
  Board b;
  EXPECT_EQ(std::vector<int>(b.neighbors(0).begin(), b.neighbors(0).end()),
            (std::vector<int>{1, 4, 5}));
  EXPECT_EQ(std::vector<int>(b.neighbors(5).begin(), b.neighbors(5).end()),
            (std::vector<int>{0, 1, 2, 4, 6, 8, 9, 10}));
  EXPECT_EQ(b.neighbors(15).size(), 3u);
  Board one = Board::parse("x");
  EXPECT_TRUE(one.neighbors(0).empty());
  Board row = Board::parse("abc");
  EXPECT_EQ(std::vector<int>(row.neighbors(1).begin(), row.neighbors(1).end()),
            (std::vector<int>{0, 2}));
}

TEST(Board, ParsesMultiLetterCellsAndSeparators) {
  Board b = Board::parse("ab[QU]/c,d,TIGER");
  ASSERT_EQ(b.rows(), 2);
  ASSERT_EQ(b.cols(), 3);
  EXPECT_FALSE(b.single_letters());
  EXPECT_EQ(b.cell(2).letters.size(), 2u);
  EXPECT_EQ(b.cell(5).letters.size(), 5u);
  EXPECT_EQ(b.spec(), "AB[QU]/CD[TIGER]");
  EXPECT_EQ(Board::parse(b.spec()).spec(), b.spec());
  EXPECT_EQ(Board::parse("e e c a\na l e p").rows(), 2);
  EXPECT_EQ(Board::parse("EECA/ALEP/HNBO/QTTY\n").rows(), 4) << "a final new line is fine";
}

TEST(Board, BadSyntaxNamesTheRow) {
  EXPECT_NE(error_of("abc/ab").find("row 2 has 2 cells"), std::string::npos);
  EXPECT_NE(error_of("ab/a1").find("row 2"), std::string::npos);
  EXPECT_NE(error_of("a[bc").find("never closed"), std::string::npos);
  EXPECT_NE(error_of("ab//cd").find("row 2 is empty"), std::string::npos);
  EXPECT_NE(error_of("").find("row 1 is empty"), std::string::npos);
  EXPECT_NE(error_of("a[]b").find("row 1"), std::string::npos);
  EXPECT_NE(error_of("*").find("row 1"), std::string::npos);
}

TEST(Board, FromCellsWantsAPerfectSquare) {
  std::vector<std::string> sixteen = {"E", "E", "C", "A", "A", "L", "E", "P",
                                      "H", "N", "B", "O", "Q", "T", "T", "Y"};
  EXPECT_EQ(Board::from_cells(sixteen).spec(), "EECA/ALEP/HNBO/QTTY");
  std::vector<std::string> one = {"tiger"};
  EXPECT_EQ(Board::from_cells(one).cell(0).letters.size(), 5u);
  for (auto bad : std::vector<std::vector<std::string>>{
           {}, {"a", "b"}, {"a", "b", "c", "d", "e"}, {"a", "", "c", "d"}, {"a", "b", "c", "4"}}) {
    EXPECT_THROW(Board::from_cells(bad), std::invalid_argument);
  }
  try {
    Board::from_cells(std::vector<std::string>{"a", "b", "c"});
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("perfect square"), std::string::npos);
  }
}

TEST(Board, RollsRealDiceReproducibly) {
  Rng a(5), b(5);
  Board x = Board::roll(4, 4, Board::classic_dice(), a);
  Board y = Board::roll(4, 4, Board::classic_dice(), b);
  EXPECT_EQ(x.spec(), y.spec());
  EXPECT_EQ(Board::classic_dice().size(), 16u);
  EXPECT_EQ(Board::big_dice().size(), 25u);
  // Each die is used exactly once: the multiset of cells comes from distinct dice.
  Rng r(7);
  Board big = Board::roll(5, 5, Board::big_dice(), r);
  EXPECT_EQ(big.size(), 25);
  EXPECT_THROW(Board::roll(5, 5, Board::classic_dice(), r), std::invalid_argument);
  // The Q face is Qu.
  bool saw_qu = false;
  for (int seed = 0; seed < 200 && !saw_qu; ++seed) {
    Rng s(static_cast<std::uint64_t>(seed));
    Board d = Board::roll(4, 4, Board::classic_dice(), s);
    for (const Tile& t : d.cells()) saw_qu |= t.letters.size() == 2;
  }
  EXPECT_TRUE(saw_qu);
}

TEST(Board, RandomLettersFollowTileFrequencies) {
  Rng rng(11);
  Board b = Board::random_letters(30, 30, rng);
  std::map<std::string, int> counts;
  for (const Tile& t : b.cells()) ++counts[Alphabet::english().decode(t.letters)];
  EXPECT_GT(counts["e"], counts["z"] + counts["qu"] + counts["x"]);
  EXPECT_EQ(counts.count("q"), 0u) << "Q shows as Qu";
}

}  // namespace
}  // namespace wg::boggle
