#pragma once
/// The search for the highest-scoring board (docs/games/boggle.md, "The best board"): episodes
/// of simulated annealing over the solver, each polished by hill climbing, on several threads.
///
/// An episode starts from a random board and changes it a cell at a time (a new letter, or a die
/// rolled to another face) or two cells at once (swapped), keeping a worse board with a chance
/// that falls as the episode cools; it ends by climbing to a board that no single change or swap
/// improves. Episode k draws its randomness from game_seed(seed, k) alone, so its boards are
/// the same whatever thread runs it, and the search's answer is the best board of the episodes
/// run, the lowest episode on a tie: with a budget of episodes and no target, the same for any
/// number of threads (on one platform: the annealing's chances use the C library's exp). The
/// search reads no clock: a front end ends it with stop() (its time limit), and reads
/// progress() while it runs.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string_view>

#include "games/boggle/board.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// What a searched board's cells may show.
enum class DiceSet {
  kClassic,   ///< the classic 16 dice, one per cell (a board of 16 cells)
  kBig,       ///< the 25 Big Boggle dice (25 cells)
  kSuperBig,  ///< the 36 Super Big Boggle dice, blank faces included (36 cells)
  kLetters,   ///< any letter in any cell, Q as Qu: the puzzle's board
};

/// The set's stable name, for options and codecs: "classic", "big", "super-big" or "letters".
std::string_view to_string(DiceSet dice);
/// The set named `name`; nullopt for any other name.
std::optional<DiceSet> dice_set_named(std::string_view name);

/// The settings of a search.
struct SearchConfig {
  static constexpr int kMaxSide = 16;
  static constexpr std::size_t kMaxMinLength = 64;

  int rows = 4;
  int cols = 4;
  DiceSet dice = DiceSet::kLetters;
  /// The minimum word length, 1 to kMaxMinLength; 0: the size's own (min_word_length()).
  std::size_t min_length = 0;
  Scoring scoring = Scoring::kBoggle;
  std::uint64_t seed = 1;
  /// Episodes to run, 0 for no limit (until stop() or the target).
  std::uint64_t episodes = 0;
  /// The first episode run: episodes first_episode, first_episode + 1... A search shared out
  /// among processes runs a range of episodes in each; the best of their best boards
  /// (better_found) is the whole search's, as one process would have found it.
  std::uint64_t first_episode = 0;
  /// Stop once a board scores at least this; 0: no target.
  std::int64_t target = 0;
  /// Annealing steps (boards tried) in an episode before its final climb; 0: by the size
  /// (steps_per_episode()).
  std::uint64_t steps = 0;

  /// Throws ConfigError naming the field: "size" (a side below 1 or above kMaxSide), "dice" (a
  /// set whose dice do not fill rows × cols cells), "min_length" (above kMaxMinLength),
  /// "target" (negative).
  void validate() const;
  /// min_length, else 3, or 4 on a 6×6 board as Super Big Boggle's rules say.
  std::size_t min_word_length() const;
  /// steps, else 20,000 × (cells / 16)^5 (at least 1,000): 20,000 on 4×4, 186,264 on 5×5 (larger
  /// boards need longer walks: on 5×5, episodes of 48,828 steps did not find the best known board
  /// in 80).
  std::uint64_t steps_per_episode() const;
  /// The annealing's first temperature, in points: 60 × (cells / 16)^2, at least 1 (60 on 4×4,
  /// 146 on 5×5),
  /// so a change that loses that much is kept a time in three at first; it falls geometrically
  /// to 1 point by the episode's end. Scores, and what a change loses, grow with the board.
  double start_temperature() const;
};

/// A board found, with what it scores.
struct FoundBoard {
  Board board;
  std::int64_t score = 0;
  std::size_t words = 0;
  /// The episode that found it (0-based). A budget of K + 1 episodes with the same seed finds
  /// it again, or a board at least as good when the run that found it was cut short (by
  /// stop() or a target) before episode K or an earlier one ran to its end.
  std::uint64_t episode = 0;
};

/// Whether `a` beats `b` as the search's answer: a higher score, or the same from a lower
/// episode. The answer of a search is the same whatever order its episodes are compared in.
bool better_found(const FoundBoard& a, const FoundBoard& b);

/// Where a search stands.
struct SearchProgress {
  /// Empty until a board is scored (a search stopped before its threads scored one).
  std::optional<FoundBoard> best;
  std::uint64_t boards = 0;    ///< boards scored so far, in all episodes
  std::uint64_t episodes = 0;  ///< episodes finished (an episode ended by stop() is not)
};

class BoardSearch {
 public:
  /// Throws ConfigError (SearchConfig::validate).
  BoardSearch(const Lexicon& lexicon, SearchConfig config);

  /// Runs episodes first_episode, first_episode + 1... on `jobs` threads (0: one per core) until
  /// the budget of episodes, the target or stop(), and returns where the search ended. An episode
  /// cut short by stop() still offers the best board it had seen. Call once.
  SearchProgress run(unsigned jobs);
  /// Asks run() to return: each thread stops after the board it is scoring. Thread-safe; may be
  /// called before run(), which then returns at once.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  /// The best board so far and the counts. Thread-safe.
  SearchProgress progress() const;

  const SearchConfig& config() const { return config_; }

 private:
  class Episode;
  /// Offers a board better than any before it in its episode; a higher score, or the same from a
  /// lower episode, wins.
  void offer(const FoundBoard& found);

  const Lexicon& lexicon_;
  SearchConfig config_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> boards_{0};
  std::atomic<std::uint64_t> next_episode_{0};
  std::atomic<std::uint64_t> episodes_done_{0};
  mutable std::mutex mutex_;
  std::optional<FoundBoard> best_;  ///< guarded by mutex_
};

}  // namespace wg::boggle
