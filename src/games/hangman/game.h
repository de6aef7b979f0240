#pragma once
/// One game of position hangman. The host holds a secret word of the dictionary; the player
/// guesses (position, letter) pairs. The candidates are the dictionary's words of the secret's
/// length consistent with every revealed letter and every missed guess; a letter's probability
/// at an open position is the share of candidates with that letter there. A hit earns points by
/// that probability before the guess (points_for_hit), a miss costs a life and kMissPenalty
/// points (never below 0). Refused guesses (a revealed position, a repeated guess, out of range,
/// after the end) change nothing. Deterministic: the seed and the guesses decide everything.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/alphabet.h"
#include "core/rng.h"
#include "games/hangman/dictionary.h"

namespace wg::hangman {

inline constexpr int kLives = 6;
inline constexpr int kMissPenalty = 15;

/// Points for a hit whose letter had probability P = count/total before the guess, as the spec
/// says: P > 0.6: 5, 0.4 < P <= 0.6: 10, 0.25 < P <= 0.4: 15, P <= 0.25: 30 (so exactly 3/5
/// scores 10, 2/5 scores 15 and 1/4 scores 30). Exact (integer comparisons), so the boundaries
/// hold whatever the rounding of count/total. total > 0.
int points_for_hit(std::size_t count, std::size_t total);

struct Guess {
  std::size_t position = 0;  ///< 0-based; front ends number positions from 1
  Letter letter = 0;
  bool operator==(const Guess&) const = default;
};

/// Where one game stands (a session's Status, session.h, says where the session stands).
enum class GameState { kPlaying, kWon, kLost };

enum class Outcome {
  kHit,
  kMiss,
  kAlreadyRevealed,  ///< refused: the position is already open
  kRepeated,         ///< refused: this (position, letter) was already guessed
  kOutOfRange,       ///< refused: no such position or letter
  kGameOver,         ///< refused: the game has ended
};

/// True for the outcomes that refuse the guess (nothing changed).
constexpr bool refused(Outcome outcome) {
  return outcome != Outcome::kHit && outcome != Outcome::kMiss;
}

/// What one guess did.
struct GuessResult {
  Outcome outcome = Outcome::kOutOfRange;
  double probability = 0;      ///< the letter's probability there before the guess
  int points_change = 0;       ///< +points on a hit, -(what was taken) on a miss
  std::size_t candidates = 0;  ///< candidates after the guess
  GameState status = GameState::kPlaying;
};

/// A guess as played, for history and replays.
struct PlayedGuess {
  Guess guess;
  bool hit = false;
  int points_change = 0;
};

class Game {
 public:
  /// A game on a random word of the dictionary (uniform over all its words), drawn from `rng`.
  /// The dictionary must outlive the game.
  Game(const Dictionary& dictionary, Rng& rng);
  /// A game on a random word of `pool` (indices for Dictionary::word_at, uniform over them),
  /// drawn from `rng`; an empty pool means every word, as the constructor above. Candidates
  /// are still all the dictionary's words of the secret's length.
  Game(const Dictionary& dictionary, std::span<const std::uint32_t> pool, Rng& rng);
  /// A game on a given secret; throws std::invalid_argument if it is not in the dictionary.
  Game(const Dictionary& dictionary, std::span<const Letter> secret);

  /// Plays a guess; see Outcome. Never throws.
  GuessResult guess(Guess guess);
  /// Ends the game as a loss and reveals the word; false (and nothing changes) if it had ended.
  bool give_up();

  const Dictionary& dictionary() const { return *dictionary_; }
  std::size_t length() const { return secret_.size(); }
  /// The secret word. Front ends show it only once status() != kPlaying.
  const std::vector<Letter>& secret() const { return secret_; }
  /// The letter at each position found by a hit, kNoLetter elsewhere (at the end of a lost game,
  /// secret() tells the rest).
  const std::vector<Letter>& revealed() const { return revealed_; }
  bool is_open(std::size_t position) const {
    return position < revealed_.size() && revealed_[position] == kNoLetter && !finished();
  }
  /// Letters already missed at a position.
  LetterSet missed(std::size_t position) const { return missed_.at(position); }
  int lives() const { return lives_; }
  int points() const { return points_; }
  GameState status() const { return status_; }
  bool finished() const { return status_ != GameState::kPlaying; }
  bool gave_up() const { return gave_up_; }
  /// The accepted guesses, in order.
  const std::vector<PlayedGuess>& guesses() const { return guesses_; }
  std::size_t misses() const;

  /// Number of candidates.
  std::size_t candidate_count() const;
  /// Indices of the candidates among dictionary().words_of_length(length()), increasing.
  std::vector<std::uint32_t> candidates() const;
  /// Candidates with `letter` at `position` (0 for a revealed position's other letters).
  std::uint32_t count(std::size_t position, Letter letter) const;
  /// count / candidate_count.
  double probability(std::size_t position, Letter letter) const;
  /// The letters with a nonzero probability at a position, most probable first (ties: in
  /// alphabetical order), with their counts.
  std::vector<std::pair<Letter, std::uint32_t>> ranked_letters(std::size_t position) const;

 private:
  void start();
  void recount();

  const Dictionary* dictionary_;
  std::vector<Letter> secret_;
  std::vector<Letter> revealed_;
  std::vector<LetterSet> missed_;
  /// The candidates once a guess has narrowed them; before that every word of the length is
  /// one, and the list is not made (an idle game holds no copy of the dictionary's indices).
  std::vector<std::uint32_t> candidates_;
  bool all_candidates_ = true;
  std::vector<std::uint32_t> counts_;  ///< position * letters + letter
  int lives_ = kLives;
  int points_ = 0;
  GameState status_ = GameState::kPlaying;
  bool gave_up_ = false;
  std::vector<PlayedGuess> guesses_;
};

}  // namespace wg::hangman
