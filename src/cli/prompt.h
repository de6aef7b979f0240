#pragma once
/// Asking a person for input in a terminal game: reprompting on bad answers, ending cleanly at
/// end of input. When input is not a terminal (a pipe, a file, a test), each answer read is
/// echoed after its prompt, so a piped session reads like the terminal session it replays.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "cli/output.h"
#include "core/text.h"

namespace wg::cli {

/// How a prompt starts its answer to a number too large to read, before saying what it takes.
inline constexpr std::string_view kNumberTooLarge = "That number is too large. ";

class Prompt {
 public:
  /// `echo_input`: print each answer after its prompt (input that is not a terminal). When `in`
  /// and `out` are the process's standard streams and both are terminals, answers are read with
  /// line editing and history (line_editor.h).
  Prompt(std::istream& in, std::ostream& out, bool echo_input);

  /// Prints the question and reads one line (without its line ending). nullopt at end of input.
  std::optional<std::string> line(std::string_view question);

  /// Asks until `parse` accepts the answer; `parse` returns nullopt and sets `error` (printed on
  /// a line of its own, wrapped to the terminal's width, before asking again) to refuse it.
  /// nullopt at end of input.
  template <class T>
  std::optional<T> ask(
      std::string_view question,
      const std::function<std::optional<T>(std::string_view, std::string&)>& parse) {
    for (;;) {
      const std::optional<std::string> answer = line(question);
      if (!answer) return std::nullopt;
      std::string error;
      if (std::optional<T> value = parse(trim(*answer), error)) return value;
      say(wrap(error, columns_));  // it may quote the answer: any length
    }
  }

  /// y, yes, n or no in any case; reprompts on anything else.
  std::optional<bool> yes_no(std::string_view question);
  /// A whole number in [min, max]; reprompts on anything else.
  std::optional<std::int64_t> integer(std::string_view question, std::int64_t min,
                                      std::int64_t max);

  /// True when answers are read with line editing (a person at a terminal): a caller that reads
  /// against a clock then uses read_edited_line_within (line_editor.h) rather than line().
  bool line_editing() const { return line_editing_; }

  /// Prints a line of text.
  void say(std::string_view text);
  std::ostream& out() { return out_; }

 private:
  std::istream& in_;
  std::ostream& out_;
  bool echo_input_;
  bool line_editing_;
  std::size_t columns_;  ///< the terminal's when line editing, else kColumns (output.h)
};

}  // namespace wg::cli
