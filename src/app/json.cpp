#include "app/json.h"

#include <fmt/format.h>

namespace wg::app {

bool nested_deeper_than(std::string_view text, int max) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

std::variant<Json, std::string> parse_json(std::string_view text) {
  if (nested_deeper_than(text)) return fmt::format("nested deeper than {} levels", kMaxJsonDepth);
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return std::string("not valid JSON");
  return json;
}

}  // namespace wg::app
