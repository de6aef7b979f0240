#pragma once
/// Finding words on a board: every lexicon word that can be traced (the solver), and the cells
/// that trace one given word (the path finder).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "games/boggle/board.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// How found words score.
enum class Scoring {
  kSpec,    ///< the spec: 1 + (K − M) for a word of K letters with minimum length M
  kBoggle,  ///< Boggle's table: 3–4 letters 1, 5: 2, 6: 3, 7: 5, 8 or more: 11
};

/// Points for a word of `length` letters (a "Qu" cell counts two). 0 below `min_length`.
int word_points(std::size_t length, std::size_t min_length, Scoring scoring);

/// The cells, in order, that spell `word` by the board rules (adjacent, no cell twice; a
/// multi-letter cell matches all its letters at once), or empty if none does. Needs no lexicon
/// and no minimum length. Tries start cells in row-major order and, from each cell, neighbours
/// in decreasing order (which gives the spec's own answers, LENT as 5 6 9 14), so the path
/// returned is always the same.
std::vector<int> find_path(const Board& board, std::span<const Letter> word);

/// Finds all the words of a lexicon on boards. Reuse one solver for many boards: its per-word
/// marks are stamped with a solve number, so nothing is cleared between boards.
class Solver {
 public:
  explicit Solver(const Lexicon& lexicon);

  /// Indices of the distinct words on the board with at least `min_length` letters, increasing.
  /// Throws std::invalid_argument when min_length < 1.
  void solve(const Board& board, std::size_t min_length, std::vector<std::uint32_t>& out);

  struct Summary {
    std::size_t words = 0;
    std::int64_t score = 0;
  };
  /// The number of distinct words and their total score, without listing them.
  Summary summarize(const Board& board, std::size_t min_length, Scoring scoring);

  const Lexicon& lexicon() const { return *lexicon_; }

 private:
  template <class Visit>
  void search(const Board& board, std::size_t min_length, Visit&& visit);
  /// Lays the board out for the search: first letters flat, the rarer further letters of
  /// multi-letter cells aside, and each cell's neighbours' first letters as a set.
  void prepare(const Board& board);
  template <bool kSmall, class Visit>
  void search_cells(const Board& board, std::size_t min_length, Visit& visit);

  const Lexicon* lexicon_;
  std::vector<std::uint32_t> found_in_;  ///< per word: the solve that last found it
  std::uint32_t solve_ = 0;
  std::vector<std::uint8_t> visited_;  ///< for boards of more than 64 cells
  std::vector<Letter> first_;
  std::vector<std::uint32_t> extra_begin_;
  std::vector<Letter> extra_;
  std::vector<LetterSet> near_letters_;
  std::vector<std::uint64_t> near_;                      ///< small boards: neighbours of each cell
  std::array<std::uint64_t, kMaxLetters> letter_cells_;  ///< small boards: cells of each letter
};

}  // namespace wg::boggle
