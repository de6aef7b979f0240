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
/// Deterministic, and like every player sees only what the player sees. The cost of a
/// decision grows with the candidates: the first guess of a long game on a large dictionary
/// is the slowest (docs/games/hangman.md gives the times); `breadth` bounds the guesses
/// considered.

#include <cstddef>

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
};

/// The planned guess: `probability` is its probability, `value` what the planner expects of it
/// (the chance to win, or the expected final points, with the base player after it).
struct PlannedGuess {
  Guess guess;
  double probability = 0;
  double value = 0;
};

/// The planner's guess. Requires !game.finished().
PlannedGuess plan(const Game& game, Goal goal, const PlanOptions& options = {});

/// The exact value of playing the base player from the game's position to the end: the chance
/// to win (kWin, the safe player) or the expected final points (kPoints, the advisor), each
/// candidate equally likely to be the secret. For tests and the docs.
double base_value(const Game& game, Goal goal);

}  // namespace wg::hangman
