#pragma once
/// Position-hangman players that plan (issue 16): each looks one guess ahead of a base player
/// and judges every guess it considers by the exact value of playing the base player from
/// there to the end, over every candidate word as the secret.
///
/// The base players are advisor.h's greedy ones: the safe player (the most probable guess) for
/// the chance to win, the advisor for points. A base player is deterministic and sees only the
/// candidates, so for each candidate taken as the secret its game is decided: its value from a
/// position (the chance to win, or the expected final points) is an average over the
/// candidates, computed exactly by following its decisions down a tree whose every level splits
/// the candidates into those that hit and those that miss. The planner then plays, among the
/// guesses it considers (the base player's own choice, and the next best by its rule), the one
/// whose hit and miss positions are worth the most: a rollout, so it is never worse in
/// expectation than the base player, and better wherever a guess that is not the most probable
/// narrows the candidates more usefully.
///
/// For the chance to win, once at most 24 candidates are left, play is exact instead: the most
/// candidates a player can win from a set with so many lives is max over guesses of (the wins
/// from the hits, same lives) + (the wins from the misses, one life less), found by a search
/// with a memo and a bound (a won game's path has at most one hit per position where the
/// candidates differ and lives - 1 misses). The rollout's base player is then the safe player
/// down to 24 candidates and exact play after.
///
/// A second level of lookahead (PlanOptions::levels) judges the guesses considered by the play
/// of the planner itself after them, instead of the base player's: policy iteration's next
/// step, never worse in expectation than the first level, whose guess is among those considered.
///
/// Deterministic, and like every player sees only what the player sees. The cost of a
/// decision grows with the candidates: the first guess of a long game on a large dictionary
/// is the slowest (docs/games/hangman.md gives the times); `breadth` bounds the guesses
/// considered.

#include <cstddef>
#include <optional>

#include "games/hangman/game.h"

namespace wg::hangman {

/// What a plan is for.
enum class Goal {
  kWin,     ///< the chance to win (base player: safe, then exact play from 24 candidates)
  kPoints,  ///< the expected final points (base player: the advisor)
};

struct PlanOptions {
  /// Guesses considered: the base player's choice and the next best by its rule.
  std::size_t breadth = 6;
  /// Guesses of lookahead: 1 judges each guess considered by the base player's play after it;
  /// 2 by the play of the planner at level 1 after it (the same guesses considered at every
  /// position), which costs about `breadth` times as much and gains about a quarter of what
  /// the first level gained (docs/games/hangman.md, "How far planning goes").
  int levels = 1;
  /// At 2 levels or more, whether plan() may answer a game's first guesses from its cache
  /// (below); false computes them, as the cache would hold them.
  bool cache = true;
};

/// The shipped two-level planners (advisor.h: plan-win-2, plan-points-2). For points the
/// advisor's 8 best guesses are considered, not 6: over every word of the default dictionary,
/// 18.51 points against 18.44 (docs/PERFORMANCE.md, "Position hangman").
inline constexpr PlanOptions kPlanWin2{.levels = 2};
inline constexpr PlanOptions kPlanPoints2{.breadth = 8, .levels = 2};

/// At 2 levels, the first guesses of a game are the slowest by far (seconds on a long list of
/// words of one length), and every game of a length asks the same ones: plan() keeps them. A
/// game's first kFirstGuessesCached positions along the planner's own play (its first guess,
/// and the next after each outcome) are planned once for each dictionary (the words of the
/// secret's length), goal and options, by the first game that reaches them, and read after by
/// any thread. A game that played another guess is planned afresh, as is any game once the cache
/// holds kCachedDictionaries of them. The cached guess is the one plan() would compute.
/// The cache starts filled with the opening book (opening_book.h): the default word list's
/// openings, computed ahead.
inline constexpr int kFirstGuessesCached = 2;
inline constexpr std::size_t kCachedDictionaries = 64;

/// The planned guess: `probability` is its probability, `value` what the planner expects of it
/// (the chance to win, or the expected final points, with the base player after it).
struct PlannedGuess {
  Guess guess;
  double probability = 0;
  double value = 0;
  bool operator==(const PlannedGuess&) const = default;
};

/// A game's first kFirstGuessesCached positions as plan() plays them, what the cache keeps for
/// one dictionary: the first guess, and the guess after it hits and after it misses (none where
/// no candidate does so, or the game is over).
struct Opening {
  PlannedGuess first;
  std::optional<PlannedGuess> after_hit;
  std::optional<PlannedGuess> after_miss;
  bool operator==(const Opening&) const = default;
};

/// The opening of the words of `length` in `dictionary`, computed (the cache neither read nor
/// filled): for the opening book and its test. Requires options.levels >= 1 and words of that
/// length.
Opening opening_of(const Dictionary& dictionary, std::size_t length, Goal goal,
                   const PlanOptions& options);

/// The planner's guess. Requires !game.finished().
PlannedGuess plan(const Game& game, Goal goal, const PlanOptions& options = {});

/// What the planner expects of playing `guess` now, judged as plan() judges the guesses it
/// considers: its probability, and as `value` the chance to win (kWin) or the expected final
/// points (kPoints) with the base player after it (at 2 levels, with the planner at level 1 after
/// it), or with exact play after it where plan() plays exactly (kWin, at most 24 candidates). Any
/// guess may be judged, one plan() would not consider
/// included: a guess no candidate has there is a miss for certain. Requires !game.finished().
PlannedGuess judge(const Game& game, Guess guess, Goal goal, const PlanOptions& options = {});

/// True when plan()'s and judge()'s values for `goal` are exact, the best any player can do from
/// the position (and after the guess): for the chance to win, once at most 24 candidates are
/// left (plan-win's exact play), or one; for points, once one candidate is left. Elsewhere they
/// are the rollout's, what the base player makes after the guess: a lower bound.
bool plays_exactly(const Game& game, Goal goal);

/// Exact play for points on few candidates (at most kExactPointsCandidates): the guess that
/// makes the most expected final points, each candidate equally likely to be the secret, found
/// by an expectimax over every guess (sure hits included: when to take a position every
/// candidate agrees on matters, since points taken make the next miss cost more, and a game
/// lost leaves them untaken), and `played`, what `played` makes followed by exact play.
struct ExactPoints {
  PlannedGuess best;
  PlannedGuess played;
};
inline constexpr std::size_t kExactPointsCandidates = 8;
/// nullopt when more than kExactPointsCandidates candidates are left, or when the search passes
/// its budget of solved positions (long words whose candidates differ at many positions): the
/// caller then has the planner's bounded figures. Requires !game.finished().
std::optional<ExactPoints> plan_points_exactly(const Game& game, Guess played);

/// The exact value of playing the base player from the game's position to the end: the chance
/// to win (kWin, the safe player) or the expected final points (kPoints, the advisor), each
/// candidate equally likely to be the secret. For tests and the docs.
double base_value(const Game& game, Goal goal);

/// The exact value of plan()'s own play with `options` from the game's position to the end: the
/// chance to win (kWin) or the expected final points (kPoints), each candidate equally likely
/// to be the secret. At the start of a game, what autoplay samples. For the benchmarks and tests.
double plan_value(const Game& game, Goal goal, const PlanOptions& options = {});

}  // namespace wg::hangman
