#pragma once
/// A word-search board: R×C cells, each showing one or more letters ("E", "Qu", "TIGER"), or
/// blocked (the blank faces of the 6×6 dice). Words join horizontally, vertically or diagonally
/// adjacent cells, without wrapping, without using a cell twice and never through a blocked cell.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "core/rng.h"

namespace wg::boggle {

/// One die: the tiles on its six faces; a blank tile (no letters) is a blank face.
using Die = std::vector<Tile>;

class Board {
 public:
  /// A blocked cell in text(), spec() and parse(), and a blank face in the dice lists.
  static constexpr char kBlockedCell = '#';

  /// The spec's default board: E E C A / A L E P / H N B O / Q T T Y.
  Board();
  /// Cells in row-major order; a cell with no letters (Tile::is_blank) is blocked: no word passes
  /// through it, as a blank face in Super Big Boggle. Throws std::invalid_argument when the
  /// count is not rows × cols or a dimension is 0.
  Board(int rows, int cols, std::vector<Tile> cells);

  /// N² cells as text in row-major order, as the spec's setBoard takes them ("E", "QU").
  /// Throws std::invalid_argument naming the problem: a count that is not a perfect square, an
  /// empty cell, or a cell with something other than letters (so no blocked cell: the spec's
  /// contract has none).
  static Board from_cells(std::span<const std::string> cells,
                          const Alphabet& alphabet = Alphabet::english());

  /// The board syntax of the command line: rows separated by '/' (or new lines); in a row, one
  /// letter per cell, with a multi-letter cell in brackets ("[QU]"), or cells separated by commas
  /// or spaces ("E,QU,TIGER", brackets allowed there too: "[QU],A"); '#' is a blocked cell. Any
  /// case; spaces around the whole are ignored. All rows must be equally long. Text without any
  /// separator ('/', new line, comma, space) whose number of cells is a square reads as a square
  /// board ("perslatgsineters" is 4×4); any other count of two or more cells without separators
  /// is refused, so a one-row board separates its cells with commas ("C,A,T"). Throws
  /// std::invalid_argument naming the problem and where: "row N", or "line L" when the text has
  /// several lines (a board file; "line L (row N)" when it has '/' too); a bad character is
  /// named whole ('é', '3'), a byte that is not UTF-8 by its value. Problems: empty text, a bad
  /// cell, unequal rows, an unseparated non-square.
  static Board parse(std::string_view text, const Alphabet& alphabet = Alphabet::english());

  /// A random board rolled from dice: each die lands in a random cell showing a random face.
  /// `rows` × `cols` must equal the number of dice.
  static Board roll(int rows, int cols, std::span<const Die> dice, Rng& rng);
  /// A random board whose letters follow the frequency of the Scrabble tiles; Q shows as Qu,
  /// as on the dice.
  static Board random_letters(int rows, int cols, Rng& rng,
                              const Alphabet& alphabet = Alphabet::english());
  /// The faces random_letters() draws from, each with its weight: the alphabet's letters, Q as
  /// Qu, weighted by the number of Scrabble tiles.
  static std::vector<TileCount> letter_faces(const Alphabet& alphabet = Alphabet::english());

  /// The classic 16 dice (4×4, 1992 edition), the 25 Big Boggle dice (5×5) and the 36 Super
  /// Big Boggle dice (6×6, 2011): two-letter faces ("Qu", "Th", ...) and three blank faces,
  /// which block their cell.
  static std::span<const Die> classic_dice();
  static std::span<const Die> big_dice();
  static std::span<const Die> super_big_dice();

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int size() const { return rows_ * cols_; }
  const Tile& cell(int index) const { return cells_[static_cast<std::size_t>(index)]; }
  const std::vector<Tile>& cells() const { return cells_; }
  /// True when no cell shows more than one letter (a blocked cell shows none).
  bool single_letters() const { return single_letters_; }
  /// True when the cell is blocked: no word passes through it.
  bool blocked(int index) const { return cell(index).is_blank(); }

  /// Shows `tile` in cell `index` (a blank tile blocks it): for searches that change a board a
  /// cell at a time. Throws std::out_of_range for an index outside the board.
  void set_cell(int index, Tile tile);

  /// Same shape and same cells.
  bool operator==(const Board& other) const {
    return rows_ == other.rows_ && cols_ == other.cols_ && cells_ == other.cells_;
  }

  /// The cells adjacent to `index` (up to eight), in increasing order.
  std::span<const int> neighbors(int index) const {
    const auto i = static_cast<std::size_t>(index);
    return std::span<const int>(neighbors_)
        .subspan(neighbor_begin_[i], neighbor_begin_[i + 1] - neighbor_begin_[i]);
  }

  /// Rows of cells separated by spaces, letters upper-case ("QU"), a blocked cell as '#', columns
  /// aligned; one line per row, each ending in a new line.
  std::string text(const Alphabet& alphabet = Alphabet::english()) const;
  /// The command-line syntax of this board ("EECA/ALEP/HNBO/[QU]TT#"), which parse() reads back;
  /// a board of one row separates its cells with commas ("C,A,T,#,QU").
  std::string spec(const Alphabet& alphabet = Alphabet::english()) const;

 private:
  void link();

  int rows_ = 0;
  int cols_ = 0;
  std::vector<Tile> cells_;
  bool single_letters_ = true;
  std::vector<int> neighbors_;
  std::vector<std::size_t> neighbor_begin_;
};

}  // namespace wg::boggle
