#pragma once
/// One timed round of the word-search game, without the clock (time is the front end's): the
/// board, the words the player has found, and the judgement of each word typed.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/boggle/board.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// What became of a word the player typed.
enum class Verdict {
  kAccepted,
  kNotLetters,    ///< empty, or something other than letters
  kTooShort,      ///< fewer letters than the minimum
  kNotAWord,      ///< it can be traced on the board, but it is not in the lexicon
  kNotOnBoard,    ///< it cannot be traced on the board (checked before the lexicon)
  kAlreadyFound,  ///< accepted before in this round
};

/// A word of the board as the end of a round shows it: lower-case, its points, and the cells
/// that spell it (row-major indices, as find_path traces it).
struct BoardWord {
  std::string word;
  int points = 0;
  std::vector<int> path;
  bool operator==(const BoardWord&) const = default;
};

struct Judgement {
  Verdict verdict = Verdict::kNotLetters;
  int points = 0;         ///< for an accepted word
  std::vector<int> path;  ///< for an accepted word: the cells that spell it
};

class Round {
 public:
  /// Solves the board at once, so that the words missed and the board's total are known.
  Round(const Lexicon& lexicon, Board board, std::size_t min_length, Scoring scoring);

  /// Judges a word (any case). Only an accepted word changes the round.
  Judgement submit(std::string_view word);

  const Board& board() const { return board_; }
  std::size_t min_length() const { return min_length_; }
  Scoring scoring() const { return scoring_; }
  /// The player's words, in the order found, lower-case.
  const std::vector<std::string>& found() const { return found_; }
  std::int64_t score() const { return score_; }
  /// Every word of the board, sorted, lower-case; and the ones the player has not found.
  std::vector<std::string> all_words() const;
  std::vector<std::string> missed() const;
  /// missed(), each with its points and its path on the board.
  std::vector<BoardWord> missed_words() const;
  /// The score of every word of the board.
  std::int64_t total_score() const { return total_score_; }
  int points(std::size_t length) const { return word_points(length, min_length_, scoring_); }

 private:
  const Lexicon* lexicon_;
  Board board_;
  std::size_t min_length_;
  Scoring scoring_;
  std::vector<std::uint32_t> board_words_;  ///< lexicon indices, increasing
  std::vector<std::uint32_t> found_indices_;
  std::vector<std::string> found_;
  std::int64_t score_ = 0;
  std::int64_t total_score_ = 0;
};

}  // namespace wg::boggle
