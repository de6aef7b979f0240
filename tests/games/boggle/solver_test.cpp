#include "games/boggle/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/rng.h"

namespace wg::boggle {
namespace {

const Alphabet& en() { return Alphabet::english(); }

std::vector<Letter> codes(std::string_view w) { return *en().encode(w); }

TEST(Scoring, SpecAndBoggleTables) {
  EXPECT_EQ(word_points(5, 5, Scoring::kSpec), 1);
  EXPECT_EQ(word_points(7, 5, Scoring::kSpec), 3);
  EXPECT_EQ(word_points(4, 5, Scoring::kSpec), 0);
  EXPECT_EQ(word_points(3, 3, Scoring::kBoggle), 1);
  EXPECT_EQ(word_points(4, 3, Scoring::kBoggle), 1);
  EXPECT_EQ(word_points(5, 3, Scoring::kBoggle), 2);
  EXPECT_EQ(word_points(6, 3, Scoring::kBoggle), 3);
  EXPECT_EQ(word_points(7, 3, Scoring::kBoggle), 5);
  EXPECT_EQ(word_points(8, 3, Scoring::kBoggle), 11);
  EXPECT_EQ(word_points(15, 3, Scoring::kBoggle), 11);
  EXPECT_EQ(word_points(2, 3, Scoring::kBoggle), 0);
}

TEST(FindPath, TracesTheSpecExamples) {
  Board b;
  EXPECT_EQ(find_path(b, codes("peace")), (std::vector<int>{7, 6, 3, 2, 1}));
  EXPECT_EQ(find_path(b, codes("lent")), (std::vector<int>{5, 6, 9, 14}));
  EXPECT_TRUE(find_path(b, codes("place")).empty());
  EXPECT_TRUE(find_path(b, codes("pope")).empty());
  EXPECT_TRUE(find_path(b, codes("pale")).empty());
  EXPECT_EQ(find_path(b, codes("boy")).size(), 3u) << "no lexicon, no minimum length";
  EXPECT_TRUE(find_path(b, {}).empty());
}

TEST(FindPath, MultiLetterCellsMatchWhole) {
  Board tiger = Board::parse("[TIGER]");
  EXPECT_EQ(find_path(tiger, codes("tiger")), (std::vector<int>{0}));
  EXPECT_TRUE(find_path(tiger, codes("tig")).empty());
  EXPECT_TRUE(find_path(tiger, codes("tigers")).empty());
  Board qu = Board::parse("[QU]i/tz");
  EXPECT_EQ(find_path(qu, codes("quit")), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(find_path(qu, codes("qit")).empty());
}

TEST(FindPath, NeverThroughABlockedCell) {
  // A blocked cell matches nothing: "ab" is not traced as a, the blocked cell, b.
  EXPECT_TRUE(find_path(Board::parse("a,#,b"), codes("ab")).empty());
  EXPECT_EQ(find_path(Board::parse("a,#,b"), codes("b")), (std::vector<int>{2}));
  EXPECT_TRUE(find_path(Board::parse("c,a,#,t"), codes("cat")).empty());
  EXPECT_EQ(find_path(Board::parse("c#/at"), codes("cat")), (std::vector<int>{0, 2, 3}));
  // Around the blocked centre, not through it.
  EXPECT_EQ(find_path(Board::parse("cxx/a#t/xxx"), codes("cat")).size(), 0u);
  EXPECT_EQ(find_path(Board::parse("cax/x#t/xxx"), codes("cat")), (std::vector<int>{0, 1, 5}));
  EXPECT_TRUE(find_path(Board::parse("##/##"), codes("a")).empty());
}

std::vector<std::string> words_of(const Lexicon& lex, const std::vector<std::uint32_t>& found) {
  std::vector<std::string> out;
  for (auto i : found) out.push_back(lex.word_at(i));
  return out;
}

TEST(Solver, FindsWordsOnSmallBoards) {
  std::vector<std::string> list = {"a", "at", "ate", "eat", "tea", "tiger", "tigers", "quit"};
  std::sort(list.begin(), list.end());
  Lexicon lex = Lexicon::build(list);
  Solver solver(lex);
  std::vector<std::uint32_t> found;
  solver.solve(Board::parse("[TIGER]"), 1, found);
  EXPECT_EQ(words_of(lex, found), (std::vector<std::string>{"tiger"}));
  solver.solve(Board::parse("at/xe"), 1, found);
  EXPECT_EQ(words_of(lex, found), (std::vector<std::string>{"a", "at", "ate", "eat", "tea"}));
  solver.solve(Board::parse("at/xe"), 3, found);
  EXPECT_EQ(words_of(lex, found), (std::vector<std::string>{"ate", "eat", "tea"}));
  solver.solve(Board::parse("[QU]i/tz"), 1, found);
  EXPECT_EQ(words_of(lex, found), (std::vector<std::string>{"quit"}));
  EXPECT_THROW(solver.solve(Board(), 0, found), std::invalid_argument);
  auto summary = solver.summarize(Board::parse("at/xe"), 2, Scoring::kSpec);
  EXPECT_EQ(summary.words, 4u);
  EXPECT_EQ(summary.score, 1 + 2 + 2 + 2);
}

// A plain reference: every lexicon word the path finder can trace.
std::vector<std::uint32_t> reference(const Lexicon& lex, const Board& board, std::size_t min) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < lex.size(); ++i) {
    const auto w = lex.letters_at(i);
    if (w.size() >= min && !find_path(board, w).empty()) out.push_back(i);
  }
  return out;
}

// A sample of ENABLE: short words, so that random small boards hold many. `without`: a letter
// that no word of the sample has.
Lexicon sample_lexicon(char without = 0) {
  std::vector<std::string> sample;
  const Lexicon& full = default_lexicon();
  full.for_each_word([&](std::string_view w) {
    if (w.size() <= 6 && sample.size() < 4000 && (w.size() <= 3 || w[0] < 'm') &&
        (without == 0 || w.find(without) == std::string_view::npos))
      sample.emplace_back(w);
  });
  return Lexicon::build(sample);
}

// Letters biased towards common ones; one cell in ten gets a second letter, one in fifty a
// third (multi-letter cells); with `blocked_one_in` n > 0, one cell in n is blocked.
Board random_board(Rng& rng, int rows, int cols, int blocked_one_in = 0) {
  std::vector<Tile> cells;
  for (int i = 0; i < rows * cols; ++i) {
    if (blocked_one_in > 0 && rng.below(static_cast<std::uint64_t>(blocked_one_in)) == 0) {
      cells.emplace_back();
      continue;
    }
    Tile t{
        {static_cast<Letter>(rng.below(8) == 0 ? rng.below(26) : "aeilnrst"[rng.below(8)] - 'a')}};
    if (rng.below(10) == 0) t.letters.push_back(static_cast<Letter>("aeiou"[rng.below(5)] - 'a'));
    if (rng.below(50) == 0) t.letters.push_back(static_cast<Letter>("nst"[rng.below(3)] - 'a'));
    cells.push_back(t);
  }
  return Board(rows, cols, cells);
}

TEST(Solver, AgreesWithAPlainReferenceOnRandomBoards) {
  Lexicon lex = sample_lexicon();
  Solver solver(lex);
  Rng rng(2026);
  std::vector<std::uint32_t> found;
  for (int round = 0; round < 1500; ++round) {
    const Board board =
        random_board(rng, 1 + static_cast<int>(rng.below(4)), 1 + static_cast<int>(rng.below(4)));
    const std::size_t min = 1 + rng.below(4);
    solver.solve(board, min, found);
    ASSERT_EQ(found, reference(lex, board, min)) << board.spec() << " min " << min;
  }
}

TEST(Solver, LargeBoardsAgreeWithAPlainReference) {
  // More than 64 cells: the padded byte grid, its borders (thin boards: every cell on one),
  // multi-letter cells, and the 64-cell limit of the mask on either side.
  Lexicon lex = sample_lexicon();
  Solver solver(lex);
  Rng rng(77);
  std::vector<std::uint32_t> found;
  const std::vector<std::pair<int, int>> shapes = {{9, 9},  {5, 13}, {1, 65}, {65, 1},
                                                   {2, 40}, {8, 8},  {13, 5}, {11, 7}};
  for (int round = 0; round < 80; ++round) {
    const auto [rows, cols] = shapes[static_cast<std::size_t>(round) % shapes.size()];
    const Board board = random_board(rng, rows, cols);
    const std::size_t min = 1 + rng.below(4);
    solver.solve(board, min, found);
    ASSERT_EQ(found, reference(lex, board, min)) << board.spec() << " min " << min;
  }
}

TEST(Solver, LargeBoardsUseTheGeneralVisitedSet) {
  Rng rng(3);
  Board big = Board::random_letters(20, 20, rng);  // 400 cells: beyond the 64-bit mask
  std::vector<std::string> list = {"eat", "tea", "ate", "tee", "ten", "net", "ant", "tan"};
  std::sort(list.begin(), list.end());
  Lexicon lex = Lexicon::build(list);
  Solver solver(lex);
  std::vector<std::uint32_t> found;
  solver.solve(big, 1, found);
  EXPECT_EQ(found, reference(lex, big, 1));
}

TEST(Solver, ThreadsDoNotChangeTheResult) {
  // Enough cells for four threads (kCellsPerThread each), with multi-letter cells.
  Rng rng(11);
  const Board board = random_board(rng, 140, 118);
  ASSERT_GE(board.size(), 4 * Solver::kCellsPerThread);
  const Lexicon& lex = default_lexicon();
  Solver one(lex, 1);
  std::vector<std::uint32_t> expected;
  one.solve(board, 3, expected);
  const Solver::Summary expected_summary = one.summarize(board, 3, Scoring::kBoggle);
  ASSERT_GT(expected.size(), 1000u);
  EXPECT_EQ(expected_summary.words, expected.size());
  EXPECT_TRUE(std::is_sorted(expected.begin(), expected.end()));
  EXPECT_EQ(std::adjacent_find(expected.begin(), expected.end()), expected.end());
  for (unsigned threads : {2u, 3u, 4u}) {
    Solver many(lex, threads);
    EXPECT_EQ(many.threads(), threads);
    std::vector<std::uint32_t> found;
    many.solve(board, 3, found);
    EXPECT_EQ(found, expected) << threads << " threads";
    // Again: the marks of the first solve were cleared after it.
    const Solver::Summary summary = many.summarize(board, 3, Scoring::kBoggle);
    EXPECT_EQ(summary.words, expected_summary.words) << threads << " threads";
    EXPECT_EQ(summary.score, expected_summary.score) << threads << " threads";
  }
  Solver automatic(lex);
  EXPECT_GE(automatic.threads(), 1u);
  automatic.set_threads(1);
  EXPECT_EQ(automatic.threads(), 1u);
}

TEST(Solver, OneSolverServesBoardsOfEverySize) {
  // Marks left by one board must not hide words of the next, small or large.
  const Lexicon& lex = default_lexicon();
  Solver reused(lex, 2);
  Rng rng(5);
  std::vector<std::uint32_t> found, fresh_found;
  for (int side : {4, 30, 4, 9, 100, 5, 8}) {
    const Board board = Board::random_letters(side, side, rng);
    reused.solve(board, 3, found);
    Solver fresh(lex, 1);
    fresh.solve(board, 3, fresh_found);
    EXPECT_EQ(found, fresh_found) << side << "x" << side;
  }
  EXPECT_THROW(reused.solve(Board(), 0, found), std::invalid_argument);
  reused.solve(Board(), 3, found);
  Solver fresh(lex);
  fresh.solve(Board(), 3, fresh_found);
  EXPECT_EQ(found, fresh_found);
}

TEST(Solver, LongCellsAndAnEmptyLexicon) {
  std::vector<std::string> list = {"stigers", "tiger", "tigers"};
  Lexicon lex = Lexicon::build(list);
  Solver solver(lex);
  std::vector<std::uint32_t> found;
  // A 70-cell board (the large path) with a five-letter cell in a corner.
  std::vector<Tile> cells(70, Tile{{static_cast<Letter>('x' - 'a')}});
  cells[0] = Tile{codes("tiger")};
  cells[1] = Tile{codes("s")};
  solver.solve(Board(7, 10, cells), 1, found);
  EXPECT_EQ(words_of(lex, found), (std::vector<std::string>{"tiger", "tigers"}));
  Lexicon empty;
  Solver nothing(empty);
  nothing.solve(Board(7, 10, cells), 1, found);
  EXPECT_TRUE(found.empty());
  nothing.solve(Board(), 1, found);
  EXPECT_TRUE(found.empty());
}

// The board with every blocked cell showing `letter` instead.
Board unblocked(const Board& board, char letter) {
  std::vector<Tile> cells = board.cells();
  for (Tile& t : cells)
    if (t.is_blank()) t.letters = codes(std::string(1, letter));
  return Board(board.rows(), board.cols(), cells);
}

// Blocked cells against two references: the path finder on every word, and the same board with
// a letter no word has in the blocked cells (which no search can enter either).
TEST(Solver, NeverPassesThroughABlockedCell) {
  Lexicon lex = sample_lexicon('z');
  Solver solver(lex);
  Rng rng(606);
  std::vector<std::uint32_t> found, with_z;
  for (int round = 0; round < 1500; ++round) {
    const Board board = random_board(rng, 1 + static_cast<int>(rng.below(5)),
                                     1 + static_cast<int>(rng.below(5)), 2 + round % 5);
    const std::size_t min = 1 + rng.below(4);
    solver.solve(board, min, found);
    ASSERT_EQ(found, reference(lex, board, min)) << board.spec() << " min " << min;
    solver.solve(unblocked(board, 'z'), min, with_z);
    ASSERT_EQ(found, with_z) << board.spec() << " min " << min;
  }
  // Larger boards: the padded byte grid, thin ones too, and 64 cells on either side.
  const std::vector<std::pair<int, int>> shapes = {{9, 9}, {1, 65}, {65, 1}, {2, 40},
                                                   {8, 8}, {13, 5}, {6, 6},  {11, 7}};
  for (int round = 0; round < 64; ++round) {
    const auto [rows, cols] = shapes[static_cast<std::size_t>(round) % shapes.size()];
    const Board board = random_board(rng, rows, cols, 3 + round % 6);
    const std::size_t min = 1 + rng.below(4);
    solver.solve(board, min, found);
    ASSERT_EQ(found, reference(lex, board, min)) << board.spec() << " min " << min;
    solver.solve(unblocked(board, 'z'), min, with_z);
    ASSERT_EQ(found, with_z) << board.spec() << " min " << min;
  }
  // No word at all on a board of blocked cells, small or large.
  solver.solve(Board(3, 3, std::vector<Tile>(9)), 1, found);
  EXPECT_TRUE(found.empty());
  solver.solve(Board(9, 9, std::vector<Tile>(81)), 1, found);
  EXPECT_TRUE(found.empty());
}

TEST(Solver, RolledSuperBigBoggleBoards) {
  Lexicon lex = sample_lexicon();
  Solver solver(lex);
  Rng rng(36);
  std::vector<std::uint32_t> found;
  int with_blocked = 0;
  for (int round = 0; round < 150; ++round) {
    const Board board = Board::roll(6, 6, Board::super_big_dice(), rng);
    for (int i = 0; i < board.size(); ++i) with_blocked += board.blocked(i) ? 1 : 0;
    solver.solve(board, 3, found);
    ASSERT_EQ(found, reference(lex, board, 3)) << board.spec();
  }
  EXPECT_GT(with_blocked, 50) << "the blank faces come up one roll in two";
}

TEST(Solver, ThreadsAndBlockedCells) {
  // A board for four threads, one cell in seven blocked: every thread count finds the same words
  // as one thread, and as the board with a letter no word has in the blocked cells.
  std::vector<std::string> words;
  default_lexicon().for_each_word([&](std::string_view w) {
    if (w.find('j') == std::string_view::npos) words.emplace_back(w);
  });
  const Lexicon lex = Lexicon::build(words);
  Rng rng(12);
  const Board board = random_board(rng, 140, 118, 7);
  Solver one(lex, 1);
  std::vector<std::uint32_t> expected, found;
  one.solve(board, 3, expected);
  ASSERT_GT(expected.size(), 1000u);
  one.solve(unblocked(board, 'j'), 3, found);
  EXPECT_EQ(found, expected);
  for (unsigned threads : {2u, 3u, 4u}) {
    Solver many(lex, threads);
    many.solve(board, 3, found);
    EXPECT_EQ(found, expected) << threads << " threads";
  }
}

}  // namespace
}  // namespace wg::boggle
