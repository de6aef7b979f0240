#include "cli/line_editor.h"

#include <editline/readline.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>

namespace wg::cli {

bool stdio_is_terminal() { return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1; }

std::optional<std::string> read_edited_line(std::string_view question) {
  const std::string prompt(question);
  const std::unique_ptr<char, decltype(&std::free)> line(readline(prompt.c_str()), &std::free);
  if (line == nullptr) return std::nullopt;
  std::string text(line.get());
  if (!text.empty()) add_history(text.c_str());
  return text;
}

}  // namespace wg::cli
