#include "server/definitions.h"

#include <optional>
#include <stdexcept>
#include <string>

#include "app/definitions.h"
#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

bool owns_definition(const std::vector<std::string_view>& parts) {
  return parts.size() == 3 && parts[0] == "api" && parts[1] == "definitions";
}

HttpResponse definition_route(const HttpRequest& request,
                              const std::vector<std::string_view>& parts) {
  if (!reads_only(request)) return method_not_allowed(request, "GET");
  const std::optional<std::string> word = percent_decoded(parts[2], false);
  if (!word) return error(400, "bad_word", "the word has a malformed %-escape", "word");
  app::Definition definition;
  try {
    definition = app::define(*word);
  } catch (const std::invalid_argument& e) {
    return error(400, "bad_word", e.what(), "word");
  }
  if (definition.status == app::DefinitionStatus::not_installed) {
    return error(503, "not_installed", std::string(app::kDefinitionsNotInstalled));
  }
  return json_response(200, app::definition_json(definition));
}

}  // namespace wg::server
