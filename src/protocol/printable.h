#pragma once
/// Text from outside (a bot's reply or stderr, a replayed log's names and lexicon source) made
/// safe to show on a terminal: a terminal obeys escape sequences, so a bot that could print ESC
/// could move the cursor, rewrite what the user saw, set the window title or worse.

#include <string>
#include <string_view>

#include "core/text.h"

namespace wg::protocol {

/// True if `text` is valid UTF-8 (core/text.h: one decoder for every layer).
using wg::is_valid_utf8;

/// `text` with every byte a terminal could take for a control shown as `\xNN` instead: C0
/// controls (tab and, if `keep_newlines`, the newline excepted), DEL, the C1 controls U+0080 to
/// U+009F (some terminals obey them as CSI and the like) and bytes that are not valid UTF-8.
/// Printable ASCII and valid UTF-8 letters pass unchanged; a backslash stays a backslash.
std::string printable(std::string_view text, bool keep_newlines = false);

}  // namespace wg::protocol
