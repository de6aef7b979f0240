#include "cli/output.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <ostream>

#include <fmt/format.h>

#include "protocol/printable.h"

namespace wg::cli {

void print_message(std::ostream& err, std::string_view message) {
  err << wrap("wordgames: " + protocol::printable(message, /*keep_newlines=*/true),
              message_columns(err))
      << '\n';
}

void print_warning(std::ostream& err, std::string_view message) {
  print_message(err, fmt::format("warning: {}", message));
}

void print_json(std::ostream& out, const Json& document) {
  out << document.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::size_t terminal_columns(int fd) {
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return kColumns;
}

std::size_t message_columns(const std::ostream& err) {
  if (&err != &std::cerr || ::isatty(STDERR_FILENO) != 1) return kColumns;
  return std::max<std::size_t>(terminal_columns(STDERR_FILENO), 40);
}

std::size_t display_width(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      // ESC [ parameters, then a final letter.
      i += 2;
      while (i < text.size() &&
             !((text[i] >= 'A' && text[i] <= 'Z') || (text[i] >= 'a' && text[i] <= 'z'))) {
        ++i;
      }
      continue;
    }
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;  // not a continuation byte
  }
  return n;
}

std::string wrap(std::string_view text, std::size_t width, std::string_view indent) {
  std::string result;
  std::size_t column = 0;
  bool words_on_line = false;  // a break goes after a word, never before the first one
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\n') {
      result += '\n';
      column = 0;
      words_on_line = false;
      ++i;
      continue;
    }
    std::size_t word = i;
    while (word < text.size() && text[word] == ' ') ++word;
    std::size_t end = word;
    while (end < text.size() && text[end] != ' ' && text[end] != '\n') ++end;
    const std::string_view spaces = text.substr(i, word - i);
    const std::string_view letters = text.substr(word, end - word);
    const std::size_t letters_width = display_width(letters);
    if (words_on_line && !letters.empty() && column + spaces.size() + letters_width > width) {
      result += '\n';
      result += indent;
      column = display_width(indent);
    } else {
      result += spaces;
      column += spaces.size();
    }
    result += letters;
    column += letters_width;
    words_on_line = words_on_line || !letters.empty();
    i = end;
  }
  return result;
}

std::string shortened(std::string_view text, std::size_t width) {
  if (display_width(text) <= width) return std::string(text);
  std::string result;
  std::size_t columns = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool starts_code_point = (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    if (starts_code_point && ++columns == width) break;  // the last column is the "…"
    result += text[i];
  }
  return result + "…";
}

std::string_view yes_no(bool value) { return value ? "yes" : "no"; }

std::string json_key(SkipReason reason) {
  std::string key(to_string(reason));  // "invalid character" -> "invalid_character"
  std::replace(key.begin(), key.end(), ' ', '_');
  return key;
}

}  // namespace wg::cli
