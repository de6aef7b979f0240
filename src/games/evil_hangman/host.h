#pragma once
/// The cheating host: after each guess it splits the words it still holds into families
/// (partition.h) and commits to one, by a strategy chosen by name:
///
///   largest    the spec's rule: the largest family. Ties: the family revealing fewer
///              positions (a miss first), then the smaller position mask (bit i = position
///              i from the left, so the family revealing later positions comes first).
///   lookahead  minimax over families `depth` host decisions deep: the family that forces the
///              most misses on a guesser who answers as well as possible, knowing the guesses
///              left; a position at the horizon is valued by an estimate of the misses still to
///              come (HorizonEstimate: slope x log2(words held), the slope calibrated on the word
///              set). Ties: the miss family (a miss in hand), then as largest.
///   optimal    the exact game value (misses an optimal host forces against an optimal guesser):
///              alpha-beta with lower/upper bounds memoised on the words held in canonical form
///              (which alone decides the value), within a work and memory budget; beyond it,
///              lookahead decides and the Decision says so.
///   fair       an honest host: commits to one random word at the start, for comparison.
///
/// Everything here is deterministic for a given seed, word set and inputs (the budget counts
/// work, not time, so a fallback happens on every machine alike).

#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/play.h"
#include "core/rng.h"
#include "games/evil_hangman/partition.h"
#include "games/evil_hangman/word_set.h"

namespace wg::evil_hangman {

enum class Strategy { kLargest, kLookahead, kOptimal, kFair };

/// "largest", "lookahead", "optimal", "fair".
std::string_view to_string(Strategy strategy);
/// The strategy of that name (exact, lowercase), or nullopt.
std::optional<Strategy> parse_strategy(std::string_view name);
/// Every strategy, in the order above.
std::span<const Strategy> all_strategies();

/// Limits of the exact solver. All are counts, so the outcome does not depend on the machine.
struct OptimalBudget {
  /// The most a config may give (Config::validate refuses more): ten times the defaults, which
  /// keeps one decision within about half a minute and its memo within 1 GiB. A budget has no
  /// business being unbounded: a host that may think for ever holds a worker, or a terminal,
  /// for ever (issue 31: 1e15 held a server's worker for six minutes, until killed).
  static constexpr std::uint64_t kMaxPositions = 200'000'000;
  static constexpr std::uint64_t kMaxMemo = std::uint64_t{1} << 26;
  static constexpr std::uint64_t kMaxWork = 30'000'000'000;

  std::uint64_t max_positions = 20'000'000;  ///< positions evaluated for one decision
  /// Positions remembered, rounded down to a power of two (16 bytes each, allocated as the memo
  /// fills); when full, a new position replaces one that cost less work to find.
  std::uint64_t max_memo = 4'000'000;
  /// Steps of work for one decision (OptimalSolver::work_done), the count that follows the
  /// time: a position near the root holds thousands of words, one deep in the tree a handful,
  /// so positions alone are no measure of time. About a billion a second on one core of a 2020s
  /// machine, so the default keeps a decision to a few seconds.
  std::uint64_t max_work = 3'000'000'000;
};

/// A game's par: the misses the optimal host forces on the best guesser from the start of a game
/// of these words with `guesses` misses allowed (reaching `guesses`, that host beats every
/// guesser). Exact where the solver finishes within kParBudget, else the lower bound it proved.
struct Par {
  int misses = 0;
  bool exact = false;
  bool operator==(const Par&) const = default;
};

/// The par's search: steps of work, so a par is the same on every machine (about a tenth of a
/// second of one core at most).
inline constexpr OptimalBudget kParBudget{
    .max_positions = 2'000'000, .max_memo = std::uint64_t{1} << 20, .max_work = 120'000'000};

/// The deepest lookahead. Each level multiplies the positions looked at by the families of a
/// guess: an autoplayed game of 8 letters on enable1 takes 1.6 s at depth 3 and 16 s at depth 4
/// (2 shared cores), 5 takes minutes and 6 longer still (issue 15), with no way to stop it. 4
/// keeps a game playable; the optimal host, with its budget, is the one to look deeper.
inline constexpr int kMaxLookaheadDepth = 4;

/// What is wrong with a lookahead depth ("the lookahead depth must be from 1 to 4, not 7"), or
/// "" when it is from 1 to kMaxLookaheadDepth. Every config with a depth refuses it with this.
std::string depth_problem(int depth);

struct HostConfig {
  Strategy strategy = Strategy::kLargest;
  int depth = 2;  ///< lookahead (and optimal's fallback): host decisions looked at, 1..4
  OptimalBudget budget;
};

/// What the guesser knows, which is also what the host is bound by: the words consistent with
/// everything revealed, the letters guessed, and how many more misses end the game.
struct Position {
  std::span<const WordId> candidates;
  LetterSet guessed;
  int misses_left = 0;
};

/// How the host judged one family of a guess.
struct FamilyScore {
  std::uint64_t positions = 0;
  std::uint32_t size = 0;
  /// Misses forced from here on, this guess's miss included (optimal: exact); -1 when the
  /// strategy does not compute it (largest, lookahead, fair).
  int forced_misses = -1;
  /// Misses the host expects from here on, this guess's miss included: lookahead's minimax
  /// value with the horizon estimate, optimal's exact value; -1 for largest and fair.
  double expected_misses = -1;
  bool operator==(const FamilyScore&) const = default;
};

/// A host's choice among the families of one guess, with the reasons for --explain.
struct Decision {
  int family = 0;                            ///< index in Partition::families()
  std::vector<FamilyScore> scores;           ///< one per family, in the partition's order
  Strategy decided_by = Strategy::kLargest;  ///< lookahead when optimal fell back
  bool fell_back = false;  ///< optimal ran out of budget or was cut: lookahead decided
  /// Set when optimal's search was cut (Work::stop, or the cut of a replayed decision): the
  /// steps of work the decision had taken when it stopped. Choosing again from the same state
  /// with this cut stops at the same step, so the decision and the memo it leaves are the same.
  std::optional<std::uint64_t> cut;
  bool operator==(const Decision&) const = default;
};

/// The exact solver: misses an optimal host forces against an optimal guesser from a position,
/// capped at the misses left (reaching the cap means the guesser loses). The uncapped value
/// depends only on the words held, and only up to renaming letters, permuting positions and
/// dropping positions already revealed, so the memo is keyed by that canonical form
/// (solver.cpp) and holds bounds [lower, upper] on the uncapped value; the capped value is
/// min(uncapped, cap). Null-window alpha-beta tests "value >= k?" for rising k, guesses ordered
/// by their largest family, the host's families by a miss first then size, cut by static bounds
/// (words with pairwise disjoint letters force one miss each but one). Remembers positions
/// between calls.
class OptimalSolver {
 public:
  OptimalSolver(const WordSet& words, OptimalBudget budget);
  ~OptimalSolver();
  OptimalSolver(OptimalSolver&&) noexcept;
  /// The value, or nullopt if the budget ran out (work is counted per call, memory over the
  /// solver's life). Letters in position.guessed are not guessed again; as in any game, each
  /// must be at the same positions in every candidate (else std::invalid_argument).
  std::optional<int> value(const Position& position);
  /// The same within these limits for this call instead of the budget's (the memo's size stays).
  /// `work.stop` ends the search as the budget does (nullopt; stopped() tells which), checked at
  /// every step of work; `work.progress` gets the share of this call's limits used so far.
  std::optional<int> value(const Position& position, std::uint64_t max_positions,
                           std::uint64_t max_work, const Work& work = {});
  /// True if the last call ended because its Work was stopped.
  bool stopped() const;
  /// Misses the last call proved the host forces: its value, or when it ran out of budget, a
  /// lower bound (0 if it proved nothing).
  int proved_lower_bound() const;
  /// Positions evaluated by the last call, and remembered now.
  std::uint64_t positions_evaluated() const;
  /// Steps of work of the last call (see OptimalBudget::max_work).
  std::uint64_t work_done() const;
  std::uint64_t positions_remembered() const;
  /// Forgets every position remembered. A decision withdrawn in the middle leaves a memo that no
  /// replay can rebuild (replays do not search what was withdrawn), so the session clears it
  /// there, and again when it replays the record of the withdrawal: both then go on alike.
  void forget();
  const WordSet& words() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The par of `words` with `guesses` misses allowed (Par), remembered for the process by the
/// words' letters and the guesses, so that every game of a length pays for it once.
Par par_of(const WordSet& words, int guesses);

/// Misses the host can force from `position` looking `depth` host decisions ahead (0 beyond),
/// against a guesser who replies best within that horizon; capped at position.misses_left.
/// Plain minimax without memo or estimate: the brute force the solver is checked against.
int forced_misses(const WordSet& words, const Position& position, int depth);

/// Lookahead's value of a position at its horizon: about slope x log2(words held) more misses
/// (0 for one word), capped at the misses left.
struct HorizonEstimate {
  double slope = 0.5;  ///< misses per halving of the words held
  double operator()(std::size_t words_held, int misses_left) const;
  /// The slope that fits how many misses `largest` still forces on the frequency guesser from
  /// each position of one such game on `words` (least squares through the origin against
  /// log2 of the words held). Deterministic; one game's work.
  static HorizonEstimate calibrate(const WordSet& words);
};

/// Lookahead's value of `position`: misses forced within `depth` host decisions plus the
/// estimate at the horizon, against a guesser who replies best; capped at misses_left.
double expected_misses(const WordSet& words, const Position& position, int depth,
                       const HorizonEstimate& estimate);

/// With `secrets: common`, a length needs at least this many common words for the fair host to
/// draw its word from them (fewer would make it guessable); the word named at a loss is a common
/// one whenever the host still holds one, however few there are.
inline constexpr std::size_t kMinCommonSecrets = 20;

/// The ids of the words of `words` that `common` contains, sorted: a Host's secrets. Empty
/// when `common` is null or `secrets` is Secrets::kAll (every word).
std::vector<WordId> common_secrets(const WordSet& words, Secrets secrets, const Lexicon* common);

/// Thrown by Host::choose (and so Game::guess) when the optimal host's search is stopped because
/// the guess was withdrawn (Work::withdraw): the guess is not played and nothing changed but the
/// solver's memo (OptimalSolver::forget).
struct DecisionWithdrawn : std::exception {
  const char* what() const noexcept override { return "the decision was withdrawn"; }
};

/// True for the hosts a game may switch to while it is played (Host::switch_to): the ones that
/// answer at once or nearly (largest, lookahead). The fair host commits to its word when a game
/// begins, and the optimal one may think for seconds: a player switches to leave it.
bool switchable(Strategy strategy);

class Host {
 public:
  /// `rng` drives the fair host's word and the word named when the guesser loses. The optimal
  /// host uses `solver` if given (on the same `words`, else std::invalid_argument), sharing its
  /// memo with other hosts that play one at a time (the games of a table), else makes its own;
  /// either way config.budget limits each decision. Sharing changes no decision the solver finishes
  /// (its values are exact), only how soon it finishes, so it can only spare a fallback.
  ///
  /// `secrets`: the words the host may say it had chosen (common_secrets(): sorted ids; it
  /// must outlive the host; empty: every word). The fair host draws its word from them when
  /// they are at least kMinCommonSecrets, and the word named when the guesser loses is one of
  /// them whenever a word still held is; neither changes how many numbers `rng` draws.
  Host(const WordSet& words, HostConfig config, Rng rng,
       std::shared_ptr<OptimalSolver> solver = nullptr, std::span<const WordId> secrets = {});
  ~Host();
  Host(Host&&) noexcept;

  const HostConfig& config() const { return config_; }

  /// Chooses among `families` (the partition of position.candidates by `guess`). Only the
  /// optimal host's search watches `work`: stopped, it falls back as over budget, and the
  /// Decision says where (Decision::cut); withdrawn (Work::withdraw), it throws
  /// DecisionWithdrawn. Its progress is the share of the decision's budget used (work or
  /// positions, whichever is further along), then 1 once decided: the search ends by the time
  /// the budget is used up, so the share never claims more done than is. `cut` replays a
  /// stopped decision: the search stops when its work reaches it, as it did.
  Decision choose(const Position& position, Letter guess, const Partition& families,
                  const Work& work = {}, std::optional<std::uint64_t> cut = std::nullopt);

  /// The word the host says it had chosen, from the words it still holds (non-empty): one of
  /// the secrets when any is held.
  WordId reveal(std::span<const WordId> candidates);

  /// The fair host's word; nullopt for the others.
  std::optional<WordId> secret() const { return secret_; }

  /// Decides the next guesses as `strategy` (switchable(), else std::invalid_argument), the
  /// depth and budget kept; a fair host's word is dropped. Draws nothing from the rng.
  void switch_to(Strategy strategy);

 private:
  const WordSet* words_;
  HostConfig config_;
  Rng rng_;
  std::span<const WordId> secrets_;  ///< sorted; empty: every word
  std::optional<WordId> secret_;
  std::optional<HorizonEstimate> estimate_;  ///< calibrated at the first lookahead decision
  std::shared_ptr<OptimalSolver> solver_;
};

}  // namespace wg::evil_hangman
