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

std::string count_of(long long n, std::string_view noun, std::string_view plural) {
  std::string text = std::to_string(n) + " ";
  if (n == 1) return text.append(noun);
  if (!plural.empty()) return text.append(plural);
  const bool sibilant =
      noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh");
  return text.append(noun).append(sibilant ? "es" : "s");
}

}  // namespace wg
