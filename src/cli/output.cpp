#include "cli/output.h"

#include <algorithm>
#include <ostream>

namespace wg::cli {

void print_json(std::ostream& out, const Json& document) {
  out << document.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::string_view yes_no(bool value) { return value ? "yes" : "no"; }

std::string json_key(SkipReason reason) {
  std::string key(to_string(reason));  // "invalid character" -> "invalid_character"
  std::replace(key.begin(), key.end(), ' ', '_');
  return key;
}

}  // namespace wg::cli
