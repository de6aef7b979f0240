#pragma once
/// A stand-in for openlibrary.org in tests: plain HTTP on loopback (the project's own
/// HttpServer on a free port), serving the documents a test gives it by path. Point
/// app::OpenLibraryOptions::base_url (or WG_OPENLIBRARY_URL, for a child process) at url(): no
/// test needs the network.

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "server/http_server.h"

namespace wg::server::test {

class OpenLibraryStandIn {
 public:
  OpenLibraryStandIn() : server_(handler_) {
    port_ = server_.listen("127.0.0.1", 0);
    thread_ = std::thread([this] { server_.run(1); });
  }
  ~OpenLibraryStandIn() {
    release();
    server_.stop();
    thread_.join();
  }
  OpenLibraryStandIn(const OpenLibraryStandIn&) = delete;
  OpenLibraryStandIn& operator=(const OpenLibraryStandIn&) = delete;

  /// Serves `body` with `status` at /works/ID.json.
  void add_work(const std::string& id, std::string body, int status = 200) {
    std::lock_guard lock(handler_.mutex);
    handler_.pages["/works/" + id + ".json"] = {status, std::move(body)};
  }
  /// "http://127.0.0.1:PORT".
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  /// Requests received so far.
  int requests() {
    std::lock_guard lock(handler_.mutex);
    return handler_.requests;
  }
  /// From now on, requests wait (unanswered) until release(): a fetch in progress, for tests of
  /// what happens meanwhile.
  void hold() {
    std::lock_guard lock(handler_.mutex);
    handler_.held = true;
  }
  void release() {
    {
      std::lock_guard lock(handler_.mutex);
      handler_.held = false;
    }
    handler_.changed.notify_all();
  }
  /// Waits until `count` requests have been received (an event, not a delay).
  void wait_for_requests(int count) {
    std::unique_lock lock(handler_.mutex);
    handler_.changed.wait(lock, [&] { return handler_.requests >= count; });
  }

 private:
  struct Pages final : Handler {
    std::mutex mutex;
    std::condition_variable changed;
    std::map<std::string, std::pair<int, std::string>> pages;
    int requests = 0;
    bool held = false;
    void handle(HttpRequest request, Respond respond) override {
      HttpResponse response;
      {
        std::unique_lock lock(mutex);
        ++requests;
        changed.notify_all();
        changed.wait(lock, [this] { return !held; });
        const auto page = pages.find(request.path);
        if (page == pages.end()) {
          response.status = 404;
          response.body = R"({"error": "notfound"})";
        } else {
          response.status = page->second.first;
          response.body = page->second.second;
        }
      }
      respond(std::move(response));
    }
    HttpResponse open_socket(const HttpRequest&, std::shared_ptr<WebSocketPeer>) override {
      HttpResponse refused;
      refused.status = 404;
      return refused;
    }
    void socket_message(const std::shared_ptr<WebSocketPeer>&, std::string_view) override {}
    void socket_closed(const std::shared_ptr<WebSocketPeer>&) override {}
  };

  Pages handler_;
  HttpServer server_;
  std::uint16_t port_ = 0;
  std::thread thread_;
};

}  // namespace wg::server::test
