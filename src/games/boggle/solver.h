#pragma once
/// Finding words on a board: every lexicon word that can be traced (the solver), and the cells
/// that trace one given word (the path finder).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "games/boggle/board.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// How found words score.
enum class Scoring {
  kSpec,    ///< the spec: 1 + (K − M) for a word of K letters with minimum length M
  kBoggle,  ///< Boggle's table: 3–4 letters 1, 5: 2, 6: 3, 7: 5, 8 or more: 11
};

/// The scoring's stable name, for options and codecs: "spec" or "boggle".
std::string_view to_string(Scoring scoring);
/// The scoring named `name` ("spec", "boggle"); nullopt for any other name.
std::optional<Scoring> scoring_named(std::string_view name);

/// Points for a word of `length` letters (a "Qu" cell counts two). 0 below `min_length`.
int word_points(std::size_t length, std::size_t min_length, Scoring scoring);

/// The cells, in order, that spell `word` by the board rules (adjacent, no cell twice; a
/// multi-letter cell matches all its letters at once, a blocked cell nothing), or empty if none
/// does. Needs no lexicon and no minimum length. Tries start cells in row-major order and, from
/// each cell, neighbours in decreasing order (which gives the spec's own answers, LENT as
/// 5 6 9 14), so the path returned is always the same.
std::vector<int> find_path(const Board& board, std::span<const Letter> word);

/// Finds all the words of a lexicon on boards. The lexicon is laid out for the search once per
/// lexicon (5-15 ms for ENABLE, on the first solver made) and shared by every solver of it, so a
/// solver is cheap to make (a bit per word, about 21 kB for ENABLE); one solver per thread. It
/// marks found words in a bit per word and clears only the marks it set. Boards of up to 64 cells
/// keep the visited cells in a 64-bit mask; larger ones are a padded grid of a byte per cell,
/// searched in bands of rows on several threads when large. The result never depends on the number
/// of threads. A blocked cell is given a letter code that no word has, so no path enters it and no
/// path pays for it.
class Solver {
 public:
  /// `threads`: at most this many threads on large boards; 0 means one per hardware thread.
  explicit Solver(const Lexicon& lexicon, unsigned threads = 0);

  /// Indices of the distinct words on the board with at least `min_length` letters, increasing.
  /// Throws std::invalid_argument when min_length < 1.
  void solve(const Board& board, std::size_t min_length, std::vector<std::uint32_t>& out);

  struct Summary {
    std::size_t words = 0;
    std::int64_t score = 0;
  };
  /// The number of distinct words and their total score, without listing them.
  Summary summarize(const Board& board, std::size_t min_length, Scoring scoring);

  /// At most this many threads on large boards (0: one per hardware thread). A board uses one
  /// thread per kCellsPerThread cells at most: starting a thread costs more than a small board.
  void set_threads(unsigned threads);
  /// The most threads a board may use (never 0).
  unsigned threads() const { return threads_; }
  static constexpr int kCellsPerThread = 4096;

  const Lexicon& lexicon() const { return *lexicon_; }

 private:
  template <class Visit>
  void search(const Board& board, std::size_t min_length, Visit&& visit);
  /// The letters after the first of each cell (by row-major index), for multi-letter cells.
  void prepare_extras(const Board& board);
  /// Boards of up to 64 cells: letters, neighbour masks, multi-letter cells as a mask.
  void prepare_small(const Board& board);
  /// Both fill found_ with (index << 8 | length) of each distinct word, marking it in seen_.
  void search_small(int cells, std::size_t min_length);
  /// Larger boards: found_ comes out in increasing index, whatever the threads did.
  void search_large(const Board& board, std::size_t min_length);

  /// The lexicon laid out for the search (solver.cpp): made once per lexicon and shared,
  /// read-only, by every solver of it (Lexicon::derived).
  struct Layout;

  const Lexicon* lexicon_;
  const Layout* layout_;
  unsigned threads_ = 1;
  std::vector<std::uint64_t> seen_;         ///< a bit per word: found in this solve; clear between
  std::vector<std::uint64_t> found_;        ///< the words found in this solve
  std::vector<std::uint32_t> extra_begin_;  ///< per cell, into extra_; empty if all cells single
  std::vector<Letter> extra_;
  // Small boards.
  int small_rows_ = 0, small_cols_ = 0;   ///< the shape near_ was computed for
  std::array<std::uint64_t, 64> near_{};  ///< neighbours of each cell
  std::array<Letter, 64> first_{};        ///< first letter of each cell (or the blocked code)
  std::uint64_t multi_ = 0;               ///< cells of several letters
};

}  // namespace wg::boggle
