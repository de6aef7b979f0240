#pragma once
/// The review of one finished game of Evil Hangman: for each guess, how many words the host
/// kept and the guess after which a host keeping the largest family would have kept fewest;
/// the misses an optimal host could force from each position (the exact solver, host.h) and
/// how many more the player's guess let it force than the best guess did. Where the solver does
/// not finish within the review's budget, the best guess is lookahead's (depth kReviewDepth,
/// with the horizon estimate) and the figures say they are estimates.
///
/// The positions follow from the letters guessed and the word at the end alone: whatever the
/// host, it holds every word consistent with what it has shown, and the word it ends with is
/// one of them. So a review never replays the host's decisions (the optimal host's would cost
/// the seconds the game took, and depend on the memo of the session's earlier games).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/play.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/session.h"
#include "games/evil_hangman/word_set.h"

namespace wg::evil_hangman {

/// The lookahead that chooses where the exact solver does not finish: host decisions deep.
inline constexpr int kReviewDepth = 2;

/// Limits of a review's exact search. Counts of work (OptimalBudget::max_work), so a position is
/// solved or not on every machine alike. The defaults keep the review of a game at the arcade's
/// settings (8 letters, 8 guesses, ENABLE) under a second.
struct ReviewBudget {
  std::uint64_t max_work = 400'000'000;             ///< steps of work for the whole review
  std::uint64_t move_work = 120'000'000;            ///< steps of work for one position
  std::uint64_t max_positions = 2'000'000;          ///< positions evaluated for one position
  std::uint64_t max_memo = std::uint64_t{1} << 20;  ///< positions remembered
};

/// One game of a session as its commands played it.
struct PlayedGame {
  int length = 0;
  int guesses = 0;              ///< misses allowed
  std::vector<Letter> letters;  ///< guessed, in order
  std::vector<Strategy> hosts;  ///< the host that answered each guess
  bool gave_up = false;
};

/// Game `game` (0-based) of a session with `config` that applied `commands` (its commands(), or
/// a saved game's): its length, guesses, letters and hosts, without playing the hosts. Nullopt
/// when the commands start fewer games.
std::optional<PlayedGame> played_game(const Config& config, std::span<const Command> commands,
                                      int game);

/// One guess reviewed.
struct GuessReview {
  Letter letter = kNoLetter;
  bool hit = false;
  std::vector<Letter> pattern;  ///< before the guess (kNoLetter where hidden)
  int misses_left = 0;          ///< before the guess
  std::uint32_t words_before = 0;
  std::uint32_t kept = 0;  ///< words the host held after the guess
  /// The guess whose largest family is smallest (ties: the played one, then by code): after it a
  /// host keeping the largest family keeps `fewest_kept` words, and no host more.
  Letter fewest = kNoLetter;
  std::uint32_t fewest_kept = 0;
  /// The most words any host could have kept after the played guess (its largest family).
  std::uint32_t most_kept = 0;
  /// True when forced, forced_after, best and loss are the exact solver's.
  bool exact = false;
  std::optional<int> forced;        ///< misses the optimal host forces from here (exact)
  std::optional<int> forced_after;  ///< ... after the played guess, its miss included (exact)
  int at_least = 0;         ///< not exact: misses the solver proved the host forces from here
  Letter best = kNoLetter;  ///< the best guess (the played one when it is a best one)
  /// Exact: forced_after - forced. Not exact: lookahead's expected misses after the played
  /// guess minus after its choice (never negative).
  double loss = 0;
  double expected_after = 0;  ///< not exact: lookahead's value of the played guess
  double expected_best = 0;   ///< not exact: lookahead's value of its choice
  bool operator==(const GuessReview&) const = default;
};

/// One step of the optimal line: the guess and the family the optimal host keeps.
struct LineStep {
  Letter letter = kNoLetter;
  bool hit = false;
  std::vector<Letter> pattern;  ///< after the guess
  std::uint32_t words = 0;      ///< held after the guess
  int misses_left = 0;          ///< after the guess
  bool operator==(const LineStep&) const = default;
};

struct Review {
  std::vector<GuessReview> guesses;
  std::vector<WordId> held;  ///< the words the host still held at the end
  /// Misses the optimal host forces from the start; nullopt when not solved within the budget.
  std::optional<int> value;
  int value_at_least = 0;  ///< what the solver proved from the start
  /// The optimal line: from the position before guess `line_from` (the first solved exactly;
  /// -1: none was), the best guess each time and the family the optimal host keeps (the most
  /// misses forced; ties: a miss, then the largest), to the end; `line_forced` misses.
  int line_from = -1;
  int line_forced = 0;
  std::vector<LineStep> line;
  bool line_complete = false;  ///< false when the budget ended the line early
  bool stopped = false;        ///< the Work was stopped: the review is incomplete
};

/// Reviews `game` played on `words` (the words of its length) that ended on `word` (as the
/// guesser completed it or the host named it). Throws std::invalid_argument when `word` is not
/// in `words` or a letter is guessed twice. Progress: the share of the guesses reviewed; a stop
/// ends the review at once (Review::stopped).
Review review(const WordSet& words, const PlayedGame& game, std::span<const Letter> word,
              const ReviewBudget& budget = {}, const Work& work = {});

}  // namespace wg::evil_hangman
