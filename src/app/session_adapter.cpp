#include "app/session_adapter.h"

namespace wg::app {

Json malformed_event(const std::string& detail) {
  return {{"event", "rejected"}, {"reason", to_string(Refusal::kMalformed)}, {"detail", detail}};
}

}  // namespace wg::app
