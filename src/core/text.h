#pragma once
/// Small text helpers every layer needs when reading what a person or a program typed: one of
/// each, so that a prompt, a protocol line and an option read numbers and spaces the same way.

#include <cstddef>
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

/// A whole number with its thousands separated by commas, as players read counts: "4,573",
/// "-12,000", "999".
std::string grouped(long long n);

/// A count with its noun, singular for one, the number grouped(): "1 word", "3 words",
/// "28,420 words", "0 guesses". `plural` is the noun's plural when adding "s" (or "es" after s,
/// x, ch, sh) will not do.
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

/// `text` without the UTF-8 byte-order mark (EF BB BF) it may start with: every reader of text
/// files skips it alike.
std::string_view without_utf8_bom(std::string_view text);

/// The length in bytes (1 to 4) of the valid UTF-8 sequence that begins at `text[at]`, or 0 if
/// the bytes there are not one (a stray continuation byte, an overlong form, a surrogate, a
/// code point past U+10FFFF, a sequence cut short by the end of `text`). `at` < `text.size()`.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

/// True if `text` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool is_valid_utf8(std::string_view text);

/// True if `text` is valid UTF-8 holding no control character: no C0 control (tab and newline
/// included), no DEL, no C1 control (U+0080 to U+009F, which some terminals obey). Such text can
/// be shown on a terminal, stored, and encoded as JSON as it is.
bool is_plain_text(std::string_view text);

/// The longest player name, in bytes.
inline constexpr std::size_t kMaxPlayerNameBytes = 40;

/// The rule of valid_player_name, as a sentence for an error message.
inline constexpr std::string_view kPlayerNameRule =
    "a player's name is 1 to 40 bytes of UTF-8 text without control characters, not starting "
    "or ending with a space";

/// True if `name` may name a player (a local profile) wherever a name comes in (the terminal's
/// --player and its prompt, the server's player routes): 1 to kMaxPlayerNameBytes bytes of
/// is_plain_text, not starting or ending with a space.
bool valid_player_name(std::string_view name);

}  // namespace wg
