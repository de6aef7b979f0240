#include "games/boggle/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
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
  Board row = Board::parse("a,b,c");
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
  EXPECT_EQ(error_of(""), "the board is empty");
  EXPECT_EQ(error_of(" \n "), "the board is empty");
  EXPECT_NE(error_of("a[]b").find("row 1"), std::string::npos);
  EXPECT_NE(error_of("*").find("row 1"), std::string::npos);
}

TEST(Board, BracketedCellsBetweenCommas) {
  // Issue 17: the documented "[QU],A/T,E" was refused ("not a cell").
  const Board b = Board::parse("[QU],A/T,E");
  ASSERT_EQ(b.rows(), 2);
  ASSERT_EQ(b.cols(), 2);
  EXPECT_EQ(b.spec(), "[QU]A/TE");
  EXPECT_EQ(Board::parse("[qu] a [#]").spec(), "QU,A,#");
  EXPECT_EQ(Board::parse("QU,A/T,E"), b) << "brackets are optional between commas";
  EXPECT_NE(error_of("[QU,A/T,E").find("never closed"), std::string::npos);
  EXPECT_NE(error_of("[],A").find("empty cell"), std::string::npos);
}

TEST(Board, ABadCharacterIsNamedWhole) {
  // Issue 17: 'é' was reported as a broken byte.
  EXPECT_EQ(error_of("ab/cé"), "row 2: 'é' is not a letter");
  EXPECT_EQ(error_of("ab/c3"), "row 2: '3' is not a letter");
  EXPECT_EQ(error_of("a,é/b,c"), "row 1: 'é' is not a letter");
  EXPECT_EQ(error_of("a,bé/b,c"), "row 1: cell \"bé\": 'é' is not a letter");
  EXPECT_EQ(error_of("a[QÜ]/bc"), "row 1: cell \"QÜ\": 'Ü' is not a letter");
  EXPECT_EQ(error_of("ab/c\xC3"), "row 2: the byte 0xC3 (not UTF-8) is not a letter");
  EXPECT_EQ(error_of("*"), "row 1: '*' is not a letter");
}

TEST(Board, RowsOfSeveralLinesAreNamedByLine) {
  // A board file: its problems name the line, counting lines trimmed before the board.
  EXPECT_EQ(error_of("\n\nabc\nab\n"), "line 4 has 2 cells, line 3 has 3");
  EXPECT_EQ(error_of("\n\nabc\na\n"), "line 4 has 1 cell, line 3 has 3");  // issue 17: "1 cells"
  EXPECT_EQ(error_of("ab\ncd\nx3"), "line 3: '3' is not a letter");
  EXPECT_EQ(error_of("ab/cd\nx3/ab"), "line 2 (row 3): '3' is not a letter");
  EXPECT_EQ(error_of("ab\n\ncd"), "line 2 is empty");
  EXPECT_EQ(Board::parse("ab\r\ncd\r\n").spec(), "AB/CD");
}

TEST(Board, UnseparatedSquareCountReadsAsASquare) {
  // Issue 12: sixteen letters typed without '/' were one row of sixteen.
  const Board b = Board::parse("perslatgsineters");
  EXPECT_EQ(b.rows(), 4);
  EXPECT_EQ(b.cols(), 4);
  EXPECT_EQ(b.spec(), "PERS/LATG/SINE/TERS");
  EXPECT_EQ(Board::parse("  EECAALEPHNBOQTTY\n").spec(), "EECA/ALEP/HNBO/QTTY");
  EXPECT_EQ(Board::parse("ca#t").spec(), "CA/#T") << "a blocked cell is a cell";
  EXPECT_EQ(Board::parse("[QU]its").spec(), "[QU]I/TS") << "so is a bracketed one";
  EXPECT_EQ(Board::parse("abcdefghi").rows(), 3);
  EXPECT_EQ(Board::parse(std::string(25, 'e')).rows(), 5);
  EXPECT_EQ(Board::parse(std::string(36, 'e')).rows(), 6);
  EXPECT_EQ(Board::parse("x").rows(), 1) << "one cell is a square of one";
  // Any other count without separators is refused with the syntax, never read as one row.
  for (const char* text : {"ab", "abc", "cat#s", "abcdefghijklmno", "[QU][TH]"}) {
    const std::string error = error_of(text);
    EXPECT_NE(error.find("cells in one row without separators"), std::string::npos) << text;
    EXPECT_NE(error.find("separate rows with '/'"), std::string::npos) << text;
  }
  EXPECT_EQ(error_of("abcdefghijklmno").substr(0, 3), "15 ");
  // Separated, one row is one row.
  EXPECT_EQ(Board::parse("c,a,t,#,s").rows(), 1);
  EXPECT_EQ(Board::parse("c a t s").cols(), 4);
  EXPECT_EQ(Board::parse("c/a/t/s").cols(), 1);
}

TEST(Board, SpecOfOneRowReadsBack) {
  const Board row = Board::parse("c,qu,#,s");
  EXPECT_EQ(row.spec(), "C,QU,#,S");
  EXPECT_EQ(Board::parse(row.spec()).cells(), row.cells());
  EXPECT_EQ(Board::parse(row.spec()).rows(), 1);
  EXPECT_EQ(Board::parse("[TIGER]").spec(), "[TIGER]");
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
    EXPECT_EQ(std::string(e.what()), "3 cells: not a perfect square (N x N)");
  }
}

TEST(Board, CountsInMessagesAgreeWithTheirNouns) {
  // Issue 17: "row 2 has 1 cells".
  EXPECT_EQ(error_of("ab/c"), "row 2 has 1 cell, row 1 has 2");
  EXPECT_EQ(error_of("a/bc"), "row 2 has 2 cells, row 1 has 1");
  auto message = [](auto make) {
    try {
      make();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([] { Board(2, 2, std::vector<Tile>(1)); }), "1 cell does not make a 2x2 board");
  EXPECT_EQ(message([] { Board(2, 2, std::vector<Tile>(3)); }), "3 cells do not make a 2x2 board");
  Rng rng(1);
  const std::vector<Die> one(1, Board::classic_dice().front());
  EXPECT_EQ(message([&] { Board::roll(2, 2, one, rng); }), "1 die does not fill a 2x2 board");
  EXPECT_EQ(message([] { Board::from_cells(std::vector<std::string>{}); }),
            "0 cells: not a perfect square (N x N)");
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

// True when every cell shows a face of its own die: a matching of cells to distinct dice
// (augmenting paths), which a roll that uses each die once always has.
bool each_die_once(const Board& board, std::span<const Die> dice) {
  const std::size_t n = dice.size();
  if (static_cast<std::size_t>(board.size()) != n) return false;
  std::vector<int> die_of_cell(n, -1), cell_of_die(n, -1);
  std::function<bool(std::size_t, std::vector<bool>&)> assign = [&](std::size_t cell,
                                                                    std::vector<bool>& tried) {
    for (std::size_t d = 0; d < n; ++d) {
      if (tried[d] || std::find(dice[d].begin(), dice[d].end(),
                                board.cell(static_cast<int>(cell))) == dice[d].end())
        continue;
      tried[d] = true;
      if (cell_of_die[d] < 0 || assign(static_cast<std::size_t>(cell_of_die[d]), tried)) {
        cell_of_die[d] = static_cast<int>(cell);
        die_of_cell[cell] = static_cast<int>(d);
        return true;
      }
    }
    return false;
  };
  for (std::size_t cell = 0; cell < n; ++cell) {
    std::vector<bool> tried(n, false);
    if (!assign(cell, tried)) return false;
  }
  return true;
}

std::string faces(const Die& die) {
  std::string out;
  for (const Tile& t : die) out += t.is_blank() ? "#" : Alphabet::english().tile_text(t);
  return out;
}

TEST(Board, EachRollUsesEveryDieOnce) {
  Rng rng(21);
  for (int round = 0; round < 200; ++round) {
    ASSERT_TRUE(
        each_die_once(Board::roll(4, 4, Board::classic_dice(), rng), Board::classic_dice()));
    ASSERT_TRUE(each_die_once(Board::roll(5, 5, Board::big_dice(), rng), Board::big_dice()));
    const Board six = Board::roll(6, 6, Board::super_big_dice(), rng);
    ASSERT_TRUE(each_die_once(six, Board::super_big_dice())) << six.spec();
    // Only one die has blank faces, and two have two-letter faces.
    int blocked = 0, double_letters = 0;
    for (int i = 0; i < six.size(); ++i) {
      blocked += six.blocked(i) ? 1 : 0;
      double_letters += six.cell(i).letters.size() == 2 ? 1 : 0;
    }
    ASSERT_LE(blocked, 1);
    ASSERT_LE(double_letters, 2);
  }
  // A board of 36 copies of one die is not the Super Big Boggle set.
  std::vector<Tile> same(36, Tile{{Alphabet::english().code('z')}});
  EXPECT_FALSE(each_die_once(Board(6, 6, same), Board::super_big_dice()));
  EXPECT_THROW(Board::roll(6, 6, Board::big_dice(), rng), std::invalid_argument);
  EXPECT_THROW(Board::roll(5, 5, Board::super_big_dice(), rng), std::invalid_argument);
}

TEST(Board, TheSuperBigBoggleDice) {
  const auto dice = Board::super_big_dice();
  ASSERT_EQ(dice.size(), 36u);
  std::vector<std::string> written;
  for (const Die& die : dice) {
    EXPECT_EQ(die.size(), 6u) << faces(die);
    written.push_back(faces(die));
  }
  EXPECT_EQ(written, (std::vector<std::string>{
                         "AnErHeInQuTh", "JKQuWXZ", "AAAFRS", "AAEEEE", "AAEEOO", "AAFIRS",
                         "ABDEIO",       "ADENNN",  "AEEEEM", "AEEGMU", "AEGMNN", "AEILMN",
                         "AEINOU",       "AFIRSY",  "BBJKXZ", "CCENST", "CDDLNN", "CEIITT",
                         "CEIPST",       "CFGNUY",  "DDHNOT", "DHHLOR", "DHHNOW", "DHLNOR",
                         "EHILRS",       "EIILST",  "EILPST", "EIO###", "EMTTTO", "ENSSSU",
                         "GORRVW",       "HIRSTV",  "HOPRST", "IPRSYY", "NOOTUW", "OOOTTU"}));
  // Two-letter faces are one tile each; the blank faces are all on one die.
  for (const Tile& t : dice[0]) EXPECT_EQ(t.letters.size(), 2u);
  EXPECT_EQ(dice[1][2].letters,
            (std::vector<Letter>{Alphabet::english().code('q'), Alphabet::english().code('u')}));
  int blanks = 0;
  for (const Die& die : dice)
    blanks += static_cast<int>(
        std::count_if(die.begin(), die.end(), [](const Tile& t) { return t.is_blank(); }));
  EXPECT_EQ(blanks, 3);
  EXPECT_EQ(
      std::count_if(dice[27].begin(), dice[27].end(), [](const Tile& t) { return t.is_blank(); }),
      3);
  // The older sets: still one letter a face, the Q face is "Qu".
  EXPECT_EQ(faces(Board::classic_dice()[14]), "HIMNQuU");
  EXPECT_EQ(faces(Board::big_dice()[8]), "BJKQuXZ");
}

TEST(Board, BlockedCells) {
  const Board b = Board::parse("ab#/[QU]#c");
  ASSERT_EQ(b.rows(), 2);
  ASSERT_EQ(b.cols(), 3);
  EXPECT_TRUE(b.blocked(2));
  EXPECT_TRUE(b.blocked(4));
  EXPECT_FALSE(b.blocked(3));
  EXPECT_TRUE(b.cell(2).is_blank());
  EXPECT_EQ(b.text(), "A  B  #\nQU #  C\n");
  EXPECT_EQ(b.spec(), "AB#/[QU]#C");
  EXPECT_EQ(Board::parse(b.spec()).cells(), b.cells()) << "the spec form reads back";
  EXPECT_EQ(Board::parse("a,b,#/qu # c").cells(), b.cells()) << "cells separated";
  EXPECT_EQ(Board::parse("ab[#]/[QU][#]c").cells(), b.cells()) << "in brackets";
  EXPECT_TRUE(Board::parse("a#/cd").single_letters()) << "a blocked cell has no second letter";
  EXPECT_EQ(Board::parse("#").text(), "#\n");
  EXPECT_EQ(Board(1, 2, {Tile{}, Tile{}}).spec(), "#,#");
  // '#' only alone: not a letter in a cell, and '*' (a wild tile elsewhere) is no cell.
  EXPECT_NE(error_of("a[#b]").find("row 1"), std::string::npos);
  EXPECT_NE(error_of("a,#b").find("row 1"), std::string::npos);
  EXPECT_NE(error_of("a*").find("row 1"), std::string::npos);
  // The spec's setBoard contract has no blocked cell.
  EXPECT_THROW(Board::from_cells(std::vector<std::string>{"a", "#", "c", "d"}),
               std::invalid_argument);
}

TEST(Board, RandomLettersFollowTileFrequencies) {
  Rng rng(11);
  Board b = Board::random_letters(30, 30, rng);
  std::map<std::string, int> counts;
  for (const Tile& t : b.cells()) ++counts[Alphabet::english().decode(t.letters)];
  EXPECT_GT(counts["e"], counts["z"] + counts["qu"] + counts["x"]);
  EXPECT_EQ(counts.count("q"), 0u) << "Q shows as Qu";
}

TEST(Board, SetCellChangesOneCellAndKnowsItsLetters) {
  Board board = Board::parse("cat/dog/eel");
  ASSERT_TRUE(board.single_letters());
  board.set_cell(4, *Alphabet::english().parse_tile("qu"));
  EXPECT_EQ(board.spec(), "CAT/D[QU]G/EEL");
  EXPECT_FALSE(board.single_letters());
  board.set_cell(4, Tile{});
  EXPECT_EQ(board.spec(), "CAT/D#G/EEL");
  EXPECT_TRUE(board.blocked(4));
  EXPECT_TRUE(board.single_letters());
  EXPECT_THROW(board.set_cell(9, Tile{}), std::out_of_range);
}

TEST(Board, LetterFacesAreTheAlphabetWithQu) {
  const std::vector<TileCount> faces = Board::letter_faces();
  ASSERT_EQ(faces.size(), 26u);
  EXPECT_EQ(Alphabet::english().decode_upper(faces[16].tile.letters), "QU");
  EXPECT_GT(faces[4].count, faces[25].count) << "E more often than Z";
}

}  // namespace
}  // namespace wg::boggle
