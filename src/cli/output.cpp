#include "cli/output.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

namespace wg::cli {

void print_json(std::ostream& out, const Json& document) {
  out << document.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::string count_of(long long n, std::string_view noun, std::string_view plural) {
  if (n == 1) return fmt::format("1 {}", noun);
  if (!plural.empty()) return fmt::format("{} {}", n, plural);
  const bool sibilant =
      noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh");
  return fmt::format("{} {}{}", n, noun, sibilant ? "es" : "s");
}

std::string_view yes_no(bool value) { return value ? "yes" : "no"; }

std::string json_key(SkipReason reason) {
  std::string key(to_string(reason));  // "invalid character" -> "invalid_character"
  std::replace(key.begin(), key.end(), ' ', '_');
  return key;
}

}  // namespace wg::cli
