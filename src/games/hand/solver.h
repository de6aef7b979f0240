#pragma once
/// The word game's AI: the best single word for a hand, and the exact optimal plan, the
/// sequence of plays that maximises the hand's total score.
///
/// A play's score depends only on the multiset of tiles it uses and on the hand's size, so the
/// solver works on sub-multisets of the hand: one pass over the lexicon marks which can be
/// spelled as a word (a `*` standing for a vowel), then dynamic programming over the
/// sub-multisets, smallest first, gives the best total from each. Order matters (n shrinks),
/// and the DP takes it into account exactly. With discards, any non-empty sub-multiset may also
/// be thrown away for 0 points (an invalid entry uses up its letters), which can raise the
/// multiplier of later words.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/play.h"
#include "games/hand/hand.h"
#include "lexicon/lexicon.h"

namespace wg::hand {

/// One entry of a plan.
struct Play {
  std::vector<Letter> typed;  ///< what to type: the word, with `*` where the wildcard is used
  std::vector<Letter> word;   ///< the lexicon word it spells; empty for a discard
  int score = 0;
  bool discard = false;  ///< an invalid entry typed only to use up its tiles (scores 0)
  bool operator==(const Play&) const = default;
};

struct Plan {
  std::vector<Play> plays;  ///< in order; empty when no play scores
  int total = 0;
  bool operator==(const Plan&) const = default;
};

struct Solution {
  std::optional<Play> best_word;  ///< highest-scoring single word; nullopt if the hand has none
  Plan plan;                      ///< optimal using valid words only
  Plan plan_with_discards;        ///< optimal when invalid entries may be used to discard
};

/// The highest-scoring valid word (ties: the first in alphabetical order). Real tiles are
/// preferred to the wildcard, which is worth 0. Works for any hand size.
std::optional<Play> best_word(const Lexicon& lexicon, const Hand& hand);

/// Work the plan DP does for this hand: the number of (state, sub-multiset) pairs,
/// prod over distinct tiles of (m+1)(m+2)/2; grows as 3^n for n distinct tiles.
std::uint64_t plan_work(const Hand& hand);
/// plan_work above which optimal_plan and solve refuse a hand (about a second of work).
inline constexpr std::uint64_t kMaxPlanWork = std::uint64_t{1} << 26;

/// The exact optimal plan. Ties are broken towards fewer plays (stopping early is free).
/// Throws std::invalid_argument if plan_work(hand) > kMaxPlanWork.
Plan optimal_plan(const Lexicon& lexicon, const Hand& hand, bool allow_discards);

/// Best word and both plans from one pass over the lexicon. Same limit as optimal_plan.
Solution solve(const Lexicon& lexicon, const Hand& hand);
/// solve() for a hand that may be too large, in work that may be stopped: nullopt ("not
/// computed") when plan_work(hand) > kMaxPlanWork or `work.stop` is requested before the plans
/// are done. Reports progress as the fraction of the plan's states done.
std::optional<Solution> try_solve(const Lexicon& lexicon, const Hand& hand, const Work& work = {});

}  // namespace wg::hand
