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

TEST(Solver, AgreesWithAPlainReferenceOnRandomBoards) {
  // A sample of ENABLE: short words, so that random small boards hold many.
  std::vector<std::string> sample;
  const Lexicon& full = default_lexicon();
  full.for_each_word([&](std::string_view w) {
    if (w.size() <= 6 && sample.size() < 4000 && (w.size() <= 3 || w[0] < 'm'))
      sample.emplace_back(w);
  });
  Lexicon lex = Lexicon::build(sample);
  Solver solver(lex);
  Rng rng(2026);
  std::vector<std::uint32_t> found;
  for (int round = 0; round < 1500; ++round) {
    const int rows = 1 + static_cast<int>(rng.below(4));
    const int cols = 1 + static_cast<int>(rng.below(4));
    std::vector<Tile> cells;
    for (int i = 0; i < rows * cols; ++i) {
      Tile t{{static_cast<Letter>(rng.below(8) == 0 ? rng.below(26)
                                                    : "aeilnrst"[rng.below(8)] - 'a')}};
      if (rng.below(10) == 0) t.letters.push_back(static_cast<Letter>("aeiou"[rng.below(5)] - 'a'));
      cells.push_back(t);
    }
    Board board(rows, cols, cells);
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

}  // namespace
}  // namespace wg::boggle
