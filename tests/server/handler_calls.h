#pragma once
/// Calling a server Handler (the Arcade) directly, as HttpServer would, without a socket: the
/// API tests that need no network use these.

#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/json.h"
#include "server/http_server.h"

namespace wg::server::test {

/// A request as HttpServer hands it to its Handler: `target` (the path and any query) from a
/// page of this server (Host 127.0.0.1:8080), with a JSON body when there is one.
inline HttpRequest handler_request(std::string method, std::string target, std::string body = "",
                                   std::string origin = "") {
  HttpRequest request;
  request.method = std::move(method);
  request.target = target;
  request.path = std::move(target);
  request.body = std::move(body);
  request.content_type = request.body.empty() ? "" : "application/json";
  request.origin = std::move(origin);
  request.host = "127.0.0.1:8080";
  return request;
}

/// The handler's answer, whenever it comes: at once, or later from a worker thread.
inline std::future<HttpResponse> handle_later(Handler& handler, HttpRequest request) {
  auto answer = std::make_shared<std::promise<HttpResponse>>();
  std::future<HttpResponse> answered = answer->get_future();
  handler.handle(std::move(request),
                 [answer](HttpResponse response) { answer->set_value(std::move(response)); });
  return answered;
}

/// The handler's answer, waiting for it if a worker gives it.
inline HttpResponse handle(Handler& handler, HttpRequest request) {
  return handle_later(handler, std::move(request)).get();
}

/// A WebSocket that keeps what it was sent, each message as JSON.
struct RecordingPeer : WebSocketPeer {
  std::vector<app::Json> received;
  bool closed = false;
  void send(std::string text) override { received.push_back(app::Json::parse(text)); }
  void close() override { closed = true; }
};

/// A socket upgrade to `path` (with `query`) as HttpServer hands it over: the peer, accepted or
/// not (`status`: the handler's answer, 0 when accepted).
inline std::shared_ptr<RecordingPeer> open_recording_socket(Handler& handler, std::string path,
                                                            std::string query = "",
                                                            int* status = nullptr) {
  auto peer = std::make_shared<RecordingPeer>();
  HttpRequest upgrade;
  upgrade.path = std::move(path);
  upgrade.query = std::move(query);
  upgrade.host = "127.0.0.1:8080";
  const int answered = handler.open_socket(upgrade, peer).status;
  if (status != nullptr) *status = answered;
  return peer;
}

}  // namespace wg::server::test
