#pragma once
/// Small text helpers every layer needs when reading what a person or a program typed: one of
/// each, so that a prompt, a protocol line and an option read numbers and spaces the same way.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wg {

/// `text` without leading and trailing spaces, tabs, carriage returns and newlines.
std::string_view trim(std::string_view text);

/// The words of a line, split at runs of blanks (spaces, tabs, carriage returns, newlines).
std::vector<std::string_view> split_words(std::string_view line);

/// `text` with A-Z in lower case and every other byte as it is: for reading a typed command
/// ("YES", "Give Up") in any case. Letters of words go through Alphabet instead.
std::string lower_ascii(std::string_view text);

/// A count with its noun, singular for one: "1 word", "3 words", "0 guesses". `plural` is the
/// noun's plural when adding "s" (or "es" after s, x, ch, sh) will not do.
std::string count_of(long long n, std::string_view noun, std::string_view plural = {});

/// Why a number could not be read.
enum class NumberProblem : std::uint8_t { kNone, kNotANumber, kTooLarge };

/// A decimal number read from text: a value, or why there is none.
struct ParsedNumber {
  std::int64_t value = 0;
  NumberProblem problem = NumberProblem::kNone;
  explicit operator bool() const { return problem == NumberProblem::kNone; }
};

/// Reads a whole decimal number: an optional '-' (when `allow_negative`), then digits only,
/// nothing else (no spaces, '+', hex or octal). Digits beyond the range of int64 give kTooLarge,
/// so a prompt can say "too large" rather than "not a number".
ParsedNumber parse_integer(std::string_view text, bool allow_negative = false);

/// Reads a whole decimal number from 0 to 2^64-1 (digits only); nullopt otherwise, and
/// `*too_large` (when given) tells whether it was only too large.
std::optional<std::uint64_t> parse_unsigned(std::string_view text, bool* too_large = nullptr);

}  // namespace wg
