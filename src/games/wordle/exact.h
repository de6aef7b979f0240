#pragma once
/// The exact search: the fewest guesses that are sure to find the word among a few answers,
/// whatever family a host keeps after each guess (minimax over the host's choice), guesses drawn
/// from every word of the length. Against that, no host (adversarial or fair) can make a guesser
/// who plays perfectly need more; it is the value of the game from that position.
///
/// Bounded: at most kMaxExactAnswers answers, and a budget of work (steps: one per answer per
/// guess weighed, which tracks the search's time), so that the same position is answered alike
/// on every machine. A stopped or over-budget search gives no value.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "core/play.h"
#include "games/wordle/words.h"

namespace wg::wordle {

/// The most answers the search takes (its sets of answers are 256-bit masks).
inline constexpr std::size_t kMaxExactAnswers = 256;

struct ExactLimits {
  std::size_t max_answers = 256;       ///< at most kMaxExactAnswers
  std::uint64_t max_work = 300000000;  ///< steps of work (about a second here)
};

struct ExactResult {
  /// The fewest guesses, the last one being the word (1 for one answer); nullopt when not
  /// computed (no answers, too many, over budget or stopped).
  std::optional<int> guesses;
  std::uint64_t work = 0;
  bool stopped = false;      ///< work.stop was requested
  bool over_budget = false;  ///< the budget of work ran out
};

/// The value of the position `answers` (ids of `words`): see above. Progress reports the share
/// of the first guesses weighed at the deepest bound tried.
ExactResult fewest_guesses(const WordBank& words, std::span<const WordId> answers,
                           const ExactLimits& limits = {}, const Work& work = {});

}  // namespace wg::wordle
