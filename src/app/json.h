#pragma once
/// The JSON type of the app layer and the front ends (nlohmann-json). Keys keep their insertion
/// order, so documents read in a stable, logical order. JSON lives in src/app and the front
/// ends only: the games never see it (docs/ARCHITECTURE.md).

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <variant>

namespace wg::app {

using Json = nlohmann::ordered_json;

/// How deeply arrays and objects may nest in JSON from outside (a request, a message, a log
/// line, a saved game): far beyond any document wordgames reads (4 or 5 levels). nlohmann's
/// parser reads any depth, but copying, comparing and printing a value recurse once per level:
/// a request body of 30,000 '[' overflowed a server thread's stack.
inline constexpr int kMaxJsonDepth = 128;

/// Whether the arrays and objects of `text` nest deeper than `max` (brackets inside strings do
/// not count). Linear, and reads no further than needed; for text that is not JSON, the depth
/// of its brackets.
bool nested_deeper_than(std::string_view text, int max = kMaxJsonDepth);

/// `text` as JSON from outside, or why not: "not valid JSON" or "nested deeper than 128
/// levels". Never throws.
std::variant<Json, std::string> parse_json(std::string_view text);

}  // namespace wg::app
