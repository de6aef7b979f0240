#pragma once
/// Line editing and history for a person typing at a terminal (libedit): arrow keys move and
/// recall earlier answers instead of inserting `^[[A`. Used by Prompt only when standard input
/// and output are both terminals; pipes and files are read as plain lines.

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

}  // namespace wg::cli
