#include "core/text.h"

#include <algorithm>
#include <charconv>
#include <system_error>

namespace wg {

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string_view trim(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(kSpace);
  return text.substr(first, last - first + 1);
}

std::vector<std::string_view> split_words(std::string_view line) {
  constexpr std::string_view kSpace = " \t\r\n";
  std::vector<std::string_view> words;
  for (line = trim(line); !line.empty(); line = trim(line)) {
    const std::size_t end = std::min(line.find_first_of(kSpace), line.size());
    words.push_back(line.substr(0, end));
    line.remove_prefix(end);
  }
  return words;
}

std::string lower_ascii(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

ParsedNumber parse_integer(std::string_view text, bool allow_negative) {
  const bool negative = allow_negative && text.starts_with('-');
  if (!all_digits(negative ? text.substr(1) : text)) return {0, NumberProblem::kNotANumber};
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value, 10);
  if (error == std::errc::result_out_of_range) return {0, NumberProblem::kTooLarge};
  if (error != std::errc() || ptr != end) return {0, NumberProblem::kNotANumber};
  return {value, NumberProblem::kNone};
}

std::optional<std::uint64_t> parse_unsigned(std::string_view text, bool* too_large) {
  if (too_large != nullptr) *too_large = false;
  if (!all_digits(text)) return std::nullopt;
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value, 10);
  if (error == std::errc::result_out_of_range) {
    if (too_large != nullptr) *too_large = true;
    return std::nullopt;
  }
  if (error != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::string grouped(long long n) {
  std::string digits = std::to_string(n);
  const std::ptrdiff_t first = n < 0 ? 1 : 0;  // after the sign
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > first; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

std::string count_of(long long n, std::string_view noun, std::string_view plural) {
  std::string text = grouped(n) + " ";
  if (n == 1) return text.append(noun);
  if (!plural.empty()) return text.append(plural);
  const bool sibilant =
      noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh");
  return text.append(noun).append(sibilant ? "es" : "s");
}

std::string_view without_utf8_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.starts_with(kBom)) text.remove_prefix(kBom.size());
  return text;
}

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;  // a continuation byte, an overlong lead (C0, C1) or past U+10FFFF (F5-FF)
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  if (length == 3 && (code < 0x800 || (code >= 0xD800 && code <= 0xDFFF))) return 0;
  if (length == 4 && (code < 0x10000 || code > 0x10FFFF)) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

bool is_plain_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x20 || lead == 0x7F) return false;                                     // C0, DEL
    if (lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) return false;  // C1
    i += length;
  }
  return true;
}

bool valid_player_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxPlayerNameBytes && name.front() != ' ' &&
         name.back() != ' ' && is_plain_text(name);
}

}  // namespace wg
