#pragma once
/// One game of Evil Hangman: the host (host.h) against a guesser who guesses letters. Commands
/// in (guess, give up), results out (GuessResult). A session (session.h) plays games one after
/// another with a person; the tools (experiment.h) play them between the AIs.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "games/evil_hangman/host.h"
#include "games/evil_hangman/partition.h"
#include "games/evil_hangman/word_set.h"

namespace wg::evil_hangman {

enum class GameStatus { kPlaying, kWon, kLost };

/// What one guess did.
struct GuessResult {
  Letter letter = kNoLetter;
  bool hit = false;                ///< the letter is in the word (some positions revealed)
  int revealed = 0;                ///< positions revealed by this guess
  std::uint32_t words_before = 0;  ///< candidates before the guess
  Decision decision;               ///< the families and how the host chose
  GameStatus status = GameStatus::kPlaying;
};

class Game {
 public:
  /// A game on `words` (non-empty; must outlive the game) with `guesses` misses allowed (> 0):
  /// as in the spec, only a wrong guess uses one up. `seed` drives the host's random choices.
  /// Throws std::invalid_argument on an empty word set or guesses < 1. `solver` and `secrets`
  /// (which must outlive the game): see Host.
  Game(const WordSet& words, int guesses, HostConfig host, std::uint64_t seed,
       std::shared_ptr<OptimalSolver> solver = nullptr, std::span<const WordId> secrets = {});

  /// Plays a letter. Throws std::invalid_argument, changing nothing, if the letter is not in
  /// the alphabet, was guessed before, or the game is over. `work` and `cut`: Host::choose;
  /// DecisionWithdrawn passes through, the game unchanged.
  GuessResult guess(Letter letter, const Work& work = {},
                    std::optional<std::uint64_t> cut = std::nullopt);

  /// Ends the game lost, the host naming its word as when the guesses run out. Throws
  /// std::invalid_argument if the game is over.
  void give_up();

  /// The host decides the next guesses as `strategy` (Host::switch_to). Throws
  /// std::invalid_argument if the game is over or the strategy is not switchable().
  void switch_host(Strategy strategy);

  GameStatus status() const { return status_; }
  bool over() const { return status_ != GameStatus::kPlaying; }
  /// The pattern shown: the letter at revealed positions, kNoLetter elsewhere.
  const std::vector<Letter>& pattern() const { return pattern_; }
  LetterSet guessed() const { return guessed_; }
  /// The letters guessed, in the order they were played.
  const std::vector<Letter>& guesses_made() const { return order_; }
  int guesses_left() const { return guesses_left_; }
  int misses() const { return guesses_ - guesses_left_; }
  int guesses() const { return guesses_; }
  /// The words the host still holds: all the words consistent with what was revealed.
  std::span<const WordId> candidates() const { return candidates_; }
  /// What the guesser knows now (valid until the next guess).
  Position position() const { return Position{candidates_, guessed_, guesses_left_}; }
  /// Once over: the word, as the guesser completed it or as the host names it when they lose.
  WordId word() const { return word_; }
  const WordSet& words() const { return *words_; }
  const Host& host() const { return host_; }

 private:
  const WordSet* words_;
  Host host_;
  int guesses_;
  int guesses_left_;
  std::vector<WordId> candidates_;
  std::vector<Letter> pattern_;
  LetterSet guessed_;
  std::vector<Letter> order_;
  GameStatus status_ = GameStatus::kPlaying;
  WordId word_ = 0;
  Partition partition_;
};

}  // namespace wg::evil_hangman
