#include "server/responses.h"

#include <cstdint>
#include <mutex>
#include <random>

#include <fmt/format.h>

namespace wg::server {

HttpResponse json_response(int status, const app::Json& body) {
  HttpResponse response;
  response.status = status;
  response.body = body.dump();
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

HttpResponse error(int status, std::string_view code, const std::string& message,
                   std::string_view field) {
  app::Json body{{"error", message}, {"code", code}};
  if (!field.empty()) body["field"] = field;
  return json_response(status, body);
}

std::string random_id() {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  std::string id;
  for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", static_cast<std::uint32_t>(device()));
  return id;
}

}  // namespace wg::server
