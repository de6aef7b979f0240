#pragma once
/// The review of a finished series: each entry the player typed (and each hand they ended with
/// tiles left) against the exact optimal plan from the tiles held at that moment, discards
/// included (optimal_plan with allow_discards). An entry's loss is what the best plan from the
/// tiles before it could still score, less the entry's score and the best plan from the tiles
/// after it: 0 for an entry some optimal plan begins with, never negative.
///
/// Where a position is too large for the exact plan (plan_work above kMaxPlanWork) the entry is
/// compared with the best single word instead, and marked not exact.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/play.h"
#include "games/hand/hand.h"
#include "games/hand/session.h"
#include "games/hand/solver.h"
#include "lexicon/lexicon.h"

namespace wg::hand {

/// What the player did at a reviewed step.
enum class StepKind : std::uint8_t {
  kWord,    ///< typed an entry (PlayWord), valid or not
  kEnd,     ///< ended the hand with tiles left (EndHand)
  kGiveUp,  ///< left the series with tiles in hand (GiveUp)
};

/// One step of one play of a hand.
struct ReviewedStep {
  int hand = 0;         ///< 0-based
  bool replay = false;  ///< a step of the hand's replay
  int entry = 0;        ///< 0-based index of the step within its play
  StepKind kind = StepKind::kWord;
  std::vector<Letter> typed;  ///< the entry as typed (kWord)
  bool valid = false;         ///< the entry was a word
  int score = 0;              ///< what the entry scored
  Hand before;                ///< the tiles held before the step
  /// The optimal totals (discards allowed) from the tiles before and after the step; nullopt
  /// when too large to compute exactly. After an end or a give-up the total is 0.
  std::optional<int> best_before;
  std::optional<int> best_after;
  /// The best entry here: the first of the optimal plan from `before` (exact), or the best
  /// single word (not exact); nullopt when nothing from `before` scores.
  std::optional<Play> best;
  /// The optimal plan from `before` (discards allowed), whose first play is `best`; nullopt when
  /// too large to compute.
  std::optional<Plan> plan;
  /// Exact: best_before - (score + best_after). Not exact: the best single word's score less
  /// the step's score, when above 0.
  int loss = 0;
  bool exact = true;
  bool operator==(const ReviewedStep&) const = default;
};

/// One hand of the series.
struct ReviewedHand {
  int hand = 0;  ///< 0-based
  Hand start;    ///< as play began (after any substitution)
  int counted = 0;
  /// The optimal plan from `start`, discards allowed; nullopt when too large to compute.
  std::optional<Plan> plan;
  bool operator==(const ReviewedHand&) const = default;
};

struct Review {
  std::vector<ReviewedStep> steps;  ///< in the order played
  std::vector<ReviewedHand> hands;  ///< every hand begun
  int total = 0;                    ///< the series' counted points
  /// The sum of the hands' optimal totals; nullopt when some hand's was not computed.
  std::optional<int> optimal_total;
  bool given_up = false;
  bool operator==(const Review&) const = default;
};

/// Replays the series (`config`, `seed`, the accepted `commands` in order, as
/// Session::commands() holds them) and reviews it. Throws ConfigError("commands") when a
/// command is refused (a record of another lexicon or program). nullopt when `work.stop` was
/// requested first; reports progress as the fraction of positions solved.
std::optional<Review> review(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands,
                             const Work& work = {});

}  // namespace wg::hand
