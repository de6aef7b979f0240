#pragma once
/// Helpers for what the commands print: JSON documents and plain `key: value` text, both meant
/// for pipes (no colour, no decoration, one item per line).

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "app/json.h"
#include "core/text.h"
#include "lexicon/word_list.h"

namespace wg::cli {

using app::Json;

/// Writes the document indented by two spaces, then a newline. Bytes that are not UTF-8 (a
/// word as the user typed it) become U+FFFD rather than failing.
void print_json(std::ostream& out, const Json& document);

/// Writes "wordgames: MESSAGE" and a newline to `err` (an error or a notice): the message
/// escaped for a terminal (protocol::printable: it may quote a path, a file's line or a name from
/// outside), then wrapped at message_columns(err).
void print_message(std::ostream& err, std::string_view message);

/// print_message(err, "warning: MESSAGE").
void print_warning(std::ostream& err, std::string_view message);

std::string_view yes_no(bool value);

using wg::count_of;  // core/text.h

/// The width the games' text fits when the terminal's is not known (a pipe, a file): an
/// 80-column terminal.
inline constexpr std::size_t kColumns = 80;

/// The columns of the terminal on file descriptor `fd` (by default 1, standard output); kColumns
/// when it is not a terminal or does not say.
std::size_t terminal_columns(int fd = 1);

/// The width that messages on `err` are wrapped at, by the rule of Context::columns() for
/// standard output: the terminal's (at least 40) when `err` is the process's own standard error
/// and that is a terminal, else kColumns, so that a pipe, a file or a test gets the same text
/// whatever the terminal it runs in.
std::size_t message_columns(const std::ostream& err);

/// The columns `text` takes on a terminal: its UTF-8 code points, leaving out ANSI escape
/// sequences (colour).
std::size_t display_width(std::string_view text);

/// `text` broken at spaces into lines of at most `width` columns (display_width), each line
/// after the first starting with `indent`; the spaces at a break are dropped. A word wider than a
/// line stands alone on its line; a new line in `text` is kept. No final newline is added.
std::string wrap(std::string_view text, std::size_t width = kColumns, std::string_view indent = {});

/// `text` in at most `width` columns (display_width, `width` at least 1): itself when it fits,
/// else as many of its first code points as fit before a final "…". For a table's cell whose
/// whole text is shown elsewhere; `text` has no ANSI escapes.
std::string shortened(std::string_view text, std::size_t width);

/// A stable identifier for JSON ("invalid_character"); to_string(SkipReason) is for people.
std::string json_key(SkipReason reason);

}  // namespace wg::cli
