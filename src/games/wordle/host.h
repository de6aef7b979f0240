#pragma once
/// The hosts. The adversarial ones never pick a word: after each guess they split the answers
/// still possible into families by the feedback each would give, and keep one family (Evil
/// Hangman's trick applied to Wordle's feedback, as Absurdle plays). The fair host picks a word
/// at the start and answers for it: plain Wordle.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "games/wordle/feedback.h"
#include "games/wordle/words.h"

namespace wg::wordle {

enum class HostKind : std::uint8_t {
  kLargest,    ///< Absurdle's rule: the largest family
  kLookahead,  ///< of the largest families, the one the best next guess splits worst
  kFair,       ///< a word chosen at the start by the seeded generator
};

/// "largest", "lookahead", "fair".
std::string_view to_string(HostKind host);
std::optional<HostKind> parse_host(std::string_view name);
/// Every host, in the order front ends list them.
std::span<const HostKind> all_hosts();
/// Whether the host never commits to a word.
inline bool adversarial(HostKind host) { return host != HostKind::kFair; }

/// The answers that give a guess one pattern.
struct Family {
  Pattern pattern = 0;
  std::vector<WordId> words;
  bool operator==(const Family&) const = default;
};

/// The families of `answers` for `guess`, by increasing pattern code; only families with words.
std::vector<Family> partition(const WordBank& words, std::span<const WordId> answers,
                              std::span<const Letter> guess);

/// True when family a goes before b in the largest host's order: more words; ties, fewer
/// greens, then fewer yellows, then the smaller pattern code.
bool larger_family(const Family& a, const Family& b, std::size_t length);

/// The index of the family the largest host keeps: the first in larger_family's order.
std::size_t largest_family(std::span<const Family> families, std::size_t length);

/// The lookahead host's bounds: it weighs the `families` first in larger_family's order, each
/// by the best reply among `replies` (guesser.h's candidates).
struct LookaheadLimits {
  std::size_t families = 8;
  std::size_t scored = 48;   ///< GuesserLimits::scored of the replies
  std::size_t answers = 24;  ///< GuesserLimits::answers of the replies
};

/// What the lookahead host thinks of a family: the largest family the guesser's best reply
/// (best_guess within the limits) still leaves in it; -1 for the all-green family (it ends the
/// game).
long family_hardness(const WordBank& words, const Family& family, const LookaheadLimits& limits);

/// The index of the family the lookahead host keeps: of the first `limits.families` in
/// larger_family's order, the hardest (family_hardness); ties, the first in that order.
std::size_t lookahead_family(const WordBank& words, std::span<const Family> families,
                             const LookaheadLimits& limits = {});

}  // namespace wg::wordle
