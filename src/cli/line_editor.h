#pragma once
/// Line editing and history for a person typing at a terminal (libedit): arrow keys move and
/// recall earlier answers instead of inserting `^[[A`. Used by Prompt only when standard input
/// and output are both terminals; pipes and files are read as plain lines.
///
/// A line comes back with the bytes that were typed, exactly as a pipe would give them: a letter
/// such as `é` is never dropped (libedit left to itself drops every byte that the C library's
/// locale cannot decode), and bytes that are not UTF-8 are kept as they came. So whatever judges
/// an answer refuses the same text at a terminal as from a pipe.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace wg::cli {

/// True when standard input and standard output are both terminals.
bool stdio_is_terminal();

/// Reads one line from the terminal with libedit, showing `question` as its prompt; the line
/// joins the history (shared by every prompt of the run) unless it is empty. nullopt at end of
/// input (Ctrl-D on an empty line). The terminal is left as it was found.
std::optional<std::string> read_edited_line(std::string_view question);

/// A line read against a clock (read_edited_line_within).
struct TimedLine {
  enum class Kind { kLine, kEnd, kTimeUp };
  Kind kind = Kind::kEnd;
  std::string text;  ///< the line, for kLine
};

/// The prompt for the whole seconds left, e.g. "[2:59] word: ".
using ClockPrompt = std::function<std::string(std::chrono::seconds left)>;

/// read_edited_line until `deadline`: the line is edited as usual while the clock runs, and the
/// prompt is `prompt(seconds left)`, redrawn in place each second when the terminal can (the
/// prompt keeps its width and the line fits on the prompt's row; never for TERM=dumb), so that
/// the time shown is the time left. kTimeUp when the deadline passes before Enter: a line typed
/// but not entered is dropped, the cursor is left on a new line.
TimedLine read_edited_line_within(std::chrono::steady_clock::time_point deadline,
                                  const ClockPrompt& prompt);

}  // namespace wg::cli
