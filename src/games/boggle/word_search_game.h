#pragma once
/// The spec's WordSearchGame engine contract, in C++: a lexicon, a board, and the game-play
/// queries. Words come in as text in any case and go out upper-case, as the spec shows them.

#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/boggle/board.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// A method that needs a lexicon was called before one was given.
class StateError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class WordSearchGame {
 public:
  /// The spec's default board and no lexicon.
  WordSearchGame();

  /// Loads a word list or compiled lexicon file. Throws LexiconError naming the file.
  void load_lexicon(const std::filesystem::path& file);
  /// Uses a lexicon the caller keeps alive (the built-in one, say).
  void use_lexicon(const Lexicon& lexicon);
  bool has_lexicon() const { return lexicon_ != nullptr; }

  /// Case-insensitive; a word is a prefix of itself. StateError without a lexicon.
  bool is_valid_word(std::string_view word) const;
  bool is_valid_prefix(std::string_view prefix) const;

  /// N² cells in row-major order ("E", "QU", "TIGER"). std::invalid_argument when the count is
  /// not a perfect square or a cell is empty or not letters (no blocked cell: the spec's contract
  /// has none); the board is then unchanged.
  void set_board(std::span<const std::string> cells);
  /// Any board, rectangular ones and blocked cells included.
  void set_board(Board board) { board_ = std::move(board); }
  const Board& board() const { return board_; }
  /// A readable form of the board, one row per line.
  std::string board_text() const { return board_.text(); }

  /// Every word on the board with at least `min_length` letters, sorted, upper-case.
  /// std::invalid_argument when min_length < 1; StateError without a lexicon.
  std::vector<std::string> all_valid_words(std::size_t min_length);
  /// The row-major positions of the cells that spell the word, or empty when it cannot be traced.
  /// Needs no lexicon and no minimum length.
  std::vector<int> find_path(std::string_view word) const;
  /// The total score of the scorable words: at least `min_length` letters, in the lexicon and on
  /// the board; each scores by `scoring` (the spec's 1 + (K − M) by default). Repeats, in any
  /// case, count once. std::invalid_argument when min_length < 1; StateError without a lexicon.
  std::int64_t score(std::span<const std::string> words, std::size_t min_length,
                     Scoring scoring = Scoring::kSpec);

 private:
  const Lexicon& need_lexicon() const;

  std::unique_ptr<Lexicon> owned_;
  const Lexicon* lexicon_ = nullptr;
  std::unique_ptr<Solver> solver_;
  Board board_;
};

}  // namespace wg::boggle
