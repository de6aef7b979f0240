#pragma once
/// Helpers for what the commands print: JSON documents and plain `key: value` text, both meant
/// for pipes (no colour, no decoration, one item per line).

#include <iosfwd>
#include <string>
#include <string_view>

#include "app/json.h"
#include "lexicon/word_list.h"

namespace wg::cli {

using app::Json;

/// Writes the document indented by two spaces, then a newline. Bytes that are not UTF-8 (a
/// word as the user typed it) become U+FFFD rather than failing.
void print_json(std::ostream& out, const Json& document);

std::string_view yes_no(bool value);

/// A count with its noun, singular for one: "1 word", "3 words", "0 guesses". `plural` is the
/// noun's plural when adding "s" will not do.
std::string count_of(long long n, std::string_view noun, std::string_view plural = {});

/// A stable identifier for JSON ("invalid_character"); to_string(SkipReason) is for people.
std::string json_key(SkipReason reason);

}  // namespace wg::cli
