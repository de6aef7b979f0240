#pragma once
/// The tools that play the host against the guesser AIs: one game (autoplay), and the table of
/// misses each host forces on each guesser by word length (with the game value, optionally).
/// Typed results; front ends render them (text, JSON).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/evil_hangman/guesser.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/word_set.h"
#include "lexicon/lexicon.h"

namespace wg::evil_hangman {

/// One guess of an autoplayed game.
struct AutoplayTurn {
  Letter letter = kNoLetter;
  bool hit = false;
  std::vector<Letter> pattern;  ///< after the guess: letters, kNoLetter where hidden
  std::uint32_t words = 0;      ///< words the host holds after the guess
  bool operator==(const AutoplayTurn&) const = default;
};

struct AutoplayResult {
  bool won = false;
  int misses = 0;
  std::vector<Letter> word;  ///< as found, or as the host named it
  bool fell_back = false;    ///< the optimal host ran out of budget at some guess
  std::vector<AutoplayTurn> turns;
  bool operator==(const AutoplayResult&) const = default;
};

/// A guesser AI against a host on `words`, seeded `seed` (as Game). `solver`: see Host.
AutoplayResult autoplay(const WordSet& words, int guesses, const HostConfig& host,
                        GuesserKind guesser, std::uint64_t seed,
                        std::shared_ptr<OptimalSolver> solver = nullptr);

/// One autoplayed game on a lexicon.
struct AutoplayConfig {
  std::int64_t length = 8;
  std::int64_t guesses = 8;  ///< misses allowed; more than an int holds count as INT_MAX
  Strategy strategy = Strategy::kLargest;
  int depth = 2;
  GuesserKind guesser = GuesserKind::kMinimax;

  /// The guesses the game is played with (guesses, clamped to an int).
  int game_guesses() const;
  /// Throws ConfigError: a length without words (no_words_of_length), guesses < 1, a depth
  /// outside 1..kMaxLookaheadDepth (depth_problem).
  void validate(const Lexicon& lexicon) const;
};

/// Validates `config` and plays its game, seeded `seed`.
AutoplayResult autoplay(const Lexicon& lexicon, const AutoplayConfig& config, std::uint64_t seed);

/// The table: every host below against every guesser (all_guessers()), at every length from
/// min_length to max_length that has words, each game seeded `seed`.
struct TableConfig {
  std::int64_t min_length = 4;
  std::int64_t max_length = 12;
  /// Misses allowed; the default lets every game end with the word found, so the misses are
  /// what the host forced.
  std::int64_t guesses = 26;
  std::vector<int> depths = {2, 3};  ///< a lookahead host per depth
  bool optimal = true;               ///< and the optimal host
  /// The optimal host's and the value's limits (the same budget for every decision).
  OptimalBudget budget{2'000'000, OptimalBudget{}.max_memo,
                       std::numeric_limits<std::uint64_t>::max()};
  bool value = false;      ///< solve the game value of each length first
  std::uint64_t jobs = 0;  ///< threads, one length each; 0: one per core

  int game_guesses() const;
  /// Throws ConfigError: min_length < 1 or above max_length, guesses < 1, a depth outside
  /// 1..kMaxLookaheadDepth, a budget limit of 0, no length in the range with words.
  void validate(const Lexicon& lexicon) const;
};

/// A host of the table, by the name its column shows: "largest", "lookahead-2", "optimal".
struct TableHost {
  std::string name;
  HostConfig config;
};

/// The game value of one length: misses an optimal host forces on an optimal guesser.
struct TableValue {
  std::optional<int> value;     ///< nullopt when the budget ran out
  int at_least = 0;             ///< what the solver proved (the value when it has one)
  std::uint64_t positions = 0;  ///< positions the solver evaluated
  std::uint64_t work = 0;       ///< and its steps of work
  bool operator==(const TableValue&) const = default;
};

/// One host against one guesser.
struct TableCell {
  std::string host;
  GuesserKind guesser = GuesserKind::kMinimax;
  /// The game was played: not when the optimal host's value is over budget (it would spend
  /// the budget again at each of its first decisions before falling back).
  bool played = false;
  std::optional<int> misses;  ///< played, and the optimal host never fell back
  bool won = false;           ///< played, and the guesser found the word
  bool operator==(const TableCell&) const = default;
};

struct TableRow {
  std::size_t length = 0;
  std::size_t words = 0;
  std::optional<TableValue> value;  ///< with TableConfig::value
  std::vector<TableCell> results;   ///< hosts in order, each against every guesser
  bool operator==(const TableRow&) const = default;
};

struct TableResult {
  int guesses = 0;
  std::vector<TableHost> hosts;
  std::vector<TableRow> rows;  ///< lengths in increasing order
};

/// The hosts of the table: largest, lookahead per depth, then optimal (if asked).
std::vector<TableHost> table_hosts(const TableConfig& config);

/// The lengths of the table's rows: those from min_length to max_length that have words, in
/// increasing order. Throws ConfigError (TableConfig::validate).
std::vector<std::size_t> table_lengths(const Lexicon& lexicon, const TableConfig& config);

/// The table's row of `length` (one of table_lengths()), as run_table computes it: the rows
/// are independent, so processes may share them out. Throws ConfigError
/// (TableConfig::validate, or a length that is not the table's).
TableRow table_length_row(const Lexicon& lexicon, const TableConfig& config, std::size_t length,
                          std::uint64_t seed);

/// Validates `config` and plays the table, lengths on several threads; the result does not
/// depend on their number. `on_progress(done, total)` is called as each length's row is done,
/// from the worker threads but never two at once.
TableResult run_table(const Lexicon& lexicon, const TableConfig& config, std::uint64_t seed,
                      const std::function<void(int done, int total)>& on_progress = {});

}  // namespace wg::evil_hangman
