#pragma once
/// Wordle's feedback: for a guess against an answer of the same length, each letter of the guess
/// is green (the answer has it at that place), yellow (the answer has it elsewhere) or grey.
/// Repeated letters follow Wordle's rule: greens first, then yellows from left to right, each
/// using one of the answer's remaining (not green) copies of the letter, so a letter is never
/// marked more times than the answer holds it.
///
/// A pattern is a compact code in base 3: mark i (0 grey, 1 yellow, 2 green) is the digit of
/// weight 3^(length-1-i), so the first letter is the most significant digit and patterns compare
/// as the marks read left to right. Engines work on letter codes, never on text.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/alphabet.h"

namespace wg::wordle {

/// The word lengths the game plays.
inline constexpr int kMinLength = 4;
inline constexpr int kMaxLength = 7;

enum class Mark : std::uint8_t { kGrey = 0, kYellow = 1, kGreen = 2 };

/// A feedback pattern's code, 0 to 3^length - 1.
using Pattern = std::uint16_t;

/// The number of patterns of a length: 3^length.
constexpr std::size_t pattern_count(std::size_t length) {
  std::size_t n = 1;
  for (std::size_t i = 0; i < length; ++i) n *= 3;
  return n;
}

/// The feedback `guess` gets against `answer` (same length, 1 to kMaxLength letters, codes
/// below 32).
Pattern feedback(std::span<const Letter> guess, std::span<const Letter> answer);

/// The marks of a pattern, first letter first.
std::vector<Mark> marks_of(Pattern pattern, std::size_t length);
/// The pattern of marks.
Pattern pattern_of(std::span<const Mark> marks);
/// Every letter green: the guess is the answer.
Pattern all_green(std::size_t length);
/// How many greens and yellows a pattern has.
int greens(Pattern pattern, std::size_t length);
int yellows(Pattern pattern, std::size_t length);

}  // namespace wg::wordle
