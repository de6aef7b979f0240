#include "cli/output.h"

#include <ostream>

namespace wg::cli {

void print_json(std::ostream& out, const Json& document) {
  out << document.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::string_view yes_no(bool value) { return value ? "yes" : "no"; }

std::string_view json_key(SkipReason reason) {
  switch (reason) {
    case SkipReason::kBlank:
      return "blank";
    case SkipReason::kComment:
      return "comment";
    case SkipReason::kInvalidCharacter:
      return "invalid_character";
    case SkipReason::kTooLong:
      return "too_long";
    case SkipReason::kDuplicate:
      return "duplicate";
  }
  return "unknown";
}

}  // namespace wg::cli
