#include "cli/prompt.h"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/line_editor.h"

namespace wg::cli {

Prompt::Prompt(std::istream& in, std::ostream& out, bool echo_input)
    : in_(in),
      out_(out),
      echo_input_(echo_input),
      line_editing_(&in == &std::cin && &out == &std::cout && stdio_is_terminal()),
      columns_(line_editing_ ? std::max<std::size_t>(terminal_columns(), 40) : kColumns) {}

std::optional<std::string> Prompt::line(std::string_view question) {
  if (line_editing_) {
    out_ << std::flush;
    std::optional<std::string> answer = read_edited_line(question);
    if (!answer) out_ << '\n' << std::flush;
    return answer;
  }
  out_ << question << std::flush;
  std::string answer;
  if (!std::getline(in_, answer)) {
    out_ << '\n' << std::flush;  // end the prompt's line before whatever comes next
    return std::nullopt;
  }
  if (!answer.empty() && answer.back() == '\r') answer.pop_back();
  if (echo_input_) out_ << answer << '\n';
  return answer;
}

void Prompt::say(std::string_view text) { out_ << text << '\n'; }

std::optional<bool> Prompt::yes_no(std::string_view question) {
  return ask<bool>(question,
                   [](std::string_view answer, std::string& error) -> std::optional<bool> {
                     const std::string lower = lower_ascii(answer);
                     if (lower == "y" || lower == "yes") return true;
                     if (lower == "n" || lower == "no") return false;
                     error = "Please answer yes or no.";
                     return std::nullopt;
                   });
}

std::optional<std::int64_t> Prompt::integer(std::string_view question, std::int64_t min,
                                            std::int64_t max) {
  return ask<std::int64_t>(
      question,
      [min, max](std::string_view answer, std::string& error) -> std::optional<std::int64_t> {
        const ParsedNumber number = parse_integer(answer, /*allow_negative=*/true);
        if (number && number.value >= min && number.value <= max) return number.value;
        error = max == INT64_MAX
                    ? fmt::format("Please enter a whole number of at least {}.", min)
                    : fmt::format("Please enter a whole number from {} to {}.", min, max);
        if (number.problem == NumberProblem::kTooLarge)
          error = std::string(kNumberTooLarge) + error;
        return std::nullopt;
      });
}

}  // namespace wg::cli
