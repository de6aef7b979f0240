#pragma once
/// One timed round of the word-search game, without the clock (time is the front end's): the
/// board, the words the player has found, and the judgement of each word typed.

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
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

/// A board's words, as a round needs them: what every round on the board may share, read-only.
struct SolvedBoard {
  std::vector<std::uint32_t> words;  ///< lexicon indices, increasing
  std::int64_t total_score = 0;      ///< the score of every word of the board
};

/// Solves `board` for the words of at least `min_length` letters and scores them.
SolvedBoard solve_board(const Lexicon& lexicon, const Board& board, std::size_t min_length,
                        Scoring scoring);

/// The boards last solved on one lexicon, so that rounds on the same board (a room's seats, each
/// playing in a session of its own) solve it once and share its words, read-only. A round's
/// words depend only on the lexicon, the board, the minimum length and the scoring, so sharing
/// changes nothing a round shows. Thread-safe; keeps the last kKept boards.
class SolvedBoards {
 public:
  static constexpr std::size_t kKept = 4;
  explicit SolvedBoards(std::shared_ptr<const Lexicon> lexicon) : lexicon_(std::move(lexicon)) {}

  const Lexicon& lexicon() const { return *lexicon_; }
  /// solve_board on this lexicon, or the same board's words solved before.
  std::shared_ptr<const SolvedBoard> solve(const Board& board, std::size_t min_length,
                                           Scoring scoring);

 private:
  struct Entry {
    Board board;
    std::size_t min_length = 0;
    Scoring scoring = Scoring::kSpec;
    std::shared_ptr<const SolvedBoard> solved;
  };
  std::shared_ptr<const Lexicon> lexicon_;
  std::mutex mutex_;
  std::deque<Entry> entries_;  ///< the most recent last
};

class Round {
 public:
  /// Solves the board at once, so that the words missed and the board's total are known; with
  /// `shared` (for this same lexicon), takes the words of the board from it, solved once for
  /// every round that asks it.
  Round(const Lexicon& lexicon, Board board, std::size_t min_length, Scoring scoring,
        SolvedBoards* shared = nullptr);

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
  std::int64_t total_score() const { return solved_->total_score; }
  int points(std::size_t length) const { return word_points(length, min_length_, scoring_); }

 private:
  const Lexicon* lexicon_;
  Board board_;
  std::size_t min_length_;
  Scoring scoring_;
  std::shared_ptr<const SolvedBoard> solved_;  ///< the board's words, never null
  std::vector<std::uint32_t> found_indices_;
  std::vector<std::string> found_;
  std::int64_t score_ = 0;
};

}  // namespace wg::boggle
