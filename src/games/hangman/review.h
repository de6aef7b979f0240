#pragma once
/// The review of a game of position hangman: each of the player's guesses (and a give-up)
/// against the best guess in the same position, for both of the game's objectives: the expected
/// final points (the game's score) and the chance to win, each candidate word equally likely to
/// be the secret, as the player saw it (never the secret).
///
/// The best guess and the values come from the planners (planner.h): plan-points-2
/// for points (kReviewPointsPlan), plan-win for the chance to win (kReviewWinPlan). Where few
/// candidates are left they are exact, the best any player can do: for points from
/// kExactPointsCandidates candidates or fewer (plan_points_exactly), for the chance to win from
/// plan-win's 24 or fewer (plays_exactly). Elsewhere a value is the planner's (the guess, then
/// for points plan-points' play and for the chance to win the safe player's, to the end and
/// exact over the candidates), a lower bound of the best, and a loss is measured against the
/// planner's best guess.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "games/hangman/game.h"
#include "games/hangman/planner.h"
#include "games/hangman/session.h"

namespace wg::hangman {

/// The planners the review judges by. For points the strongest, two guesses ahead
/// (Strategy::kPlanPoints2), its first guesses cached. For the chance to win plan-win, one guess
/// ahead: plan-win-2 judging a guess it would not play follows plan-win's play over every
/// candidate after it, which took the review of a game past 1 s (docs/games/hangman.md).
inline constexpr PlanOptions kReviewPointsPlan = kPlanPoints2;
inline constexpr PlanOptions kReviewWinPlan{};

/// One objective's judgement of a move: the best guess there and the player's, each with its
/// probability and value (expected final points, or the chance to win from 0 to 1).
struct Judgement {
  PlannedGuess best;
  PlannedGuess played;  ///< for a give-up: no guess, probability 0, the points kept or 0 to win
  /// True when both values are the best any player can do (not a bounded estimate).
  bool exact = false;
  /// What the player's move cost: best.value - played.value, never negative (a guess better
  /// than the planner's own is made the best).
  double loss() const { return best.value > played.value ? best.value - played.value : 0; }
};

/// One move of the player, judged.
struct ReviewedGuess {
  std::optional<Guess> guess;  ///< nullopt: the player gave up
  bool hit = false;
  int points_change = 0;  ///< as GuessResult's
  int points_before = 0;
  int lives_before = 0;
  std::size_t candidates_before = 0;
  std::size_t candidates_after = 0;
  Judgement points;  ///< in expected final points
  Judgement win;     ///< in chances to win, 0 to 1
};

/// The review of one game.
struct Review {
  std::uint64_t game = 0;  ///< its number in the run, from 1
  std::size_t length = 0;
  std::vector<Letter> secret;
  bool won = false;
  bool gave_up = false;
  int points = 0;
  std::size_t misses = 0;
  std::vector<ReviewedGuess> guesses;  ///< in the order played
};

/// Replays `commands` on `session` (a new session, no command applied, made from the reviewed
/// game's config and seed) and reviews game number `game` of the run (Session::game_number(),
/// from 1; 0 for the last game the commands play): each accepted Guess and GiveUp of it, judged
/// in the position before it. Hints are not moves. Reports progress through `work` (the share of
/// the moves judged) and returns nullopt when `work.stop` is requested. Throws
/// std::invalid_argument when a command is refused (not a game this session played) or the
/// commands never reach that game.
std::optional<Review> review_game(Session& session, std::span<const Command> commands,
                                  std::uint64_t game, const Work& work = {});

}  // namespace wg::hangman
