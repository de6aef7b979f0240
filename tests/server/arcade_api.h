#pragma once
/// The fixture of the API tests that need no store: an arcade on a test clock, called as the
/// HTTP server calls it (handler_calls.h), with JSON requests and answers.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "app/json.h"
#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/handler_calls.h"
#include "server/test_time.h"

namespace wg::server::test {

class ArcadeApiTest : public ::testing::Test {
 protected:
  using Json = app::Json;

  TestTime time_;
  /// The arcade's options: a test that changes them makes the arcade again (make()).
  ArcadeOptions options_;
  std::unique_ptr<Arcade> arcade_ = make();

  std::unique_ptr<Arcade> make() {
    return std::make_unique<Arcade>(app::built_in_lexicon().lexicon, options_, time_.clock());
  }
  /// A request from a page of this server, its body (if any) as JSON, `query` after the path.
  HttpResponse request(std::string method, std::string path, const Json& body = nullptr,
                       std::string query = "") {
    HttpRequest r =
        handler_request(std::move(method), std::move(path), body.is_null() ? "" : body.dump());
    r.query = std::move(query);
    return handle(*arcade_, std::move(r));
  }
  /// The answer's JSON, checking its status.
  Json post(const std::string& path, const Json& body, int expected = 200,
            const std::string& query = "") {
    const HttpResponse response = request("POST", path, body, query);
    EXPECT_EQ(response.status, expected) << path << " " << response.body;
    return Json::parse(response.body);
  }
  Json get(const std::string& path, int expected = 200, const std::string& query = "") {
    const HttpResponse response = request("GET", path, nullptr, query);
    EXPECT_EQ(response.status, expected) << path << " " << response.body;
    return Json::parse(response.body);
  }
  /// A new session (201): its snapshot and id.
  Json create(const Json& body) { return post("/api/sessions", body, 201); }
  /// A command to a session (200): its reply.
  Json command(const std::string& id, const Json& command) {
    return post("/api/sessions/" + id + "/commands", command);
  }
};

}  // namespace wg::server::test
