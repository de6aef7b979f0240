// The yardstick for the arcade's request path (bench/arcade-vs-bare): the least an HTTP/1.1
// server on Boost.Beast does to answer the arcade's hot requests, on one thread, keep-alive.
// Each connection reads a request (with a deadline, as any server must), answers it with bytes
// fixed at start, and reads the next. No routing beyond the method and the path, no JSON, no
// game: what is left of a request's cost is the HTTP and the sockets, which the arcade pays as
// well, so the arcade's throughput over this one's is the share of a request that is HTTP.
//
//   POST (any path)   200, a JSON body of --move-bytes bytes (the size of the arcade's answer
//                     to the move measured, so that both write the same bytes)
//   GET /api/health   200, {"ok":true,"sessions":12} (25 bytes, as the arcade's)
//   GET /             200, an HTML page of --page-bytes bytes (the arcade's index.html)
//   anything else     404
//
// Usage: bare_server [--port N] [--move-bytes N] [--page-bytes N]
// Prints "listening on http://127.0.0.1:PORT/" once it accepts; SIGINT or SIGTERM stop it.
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

/// The answers, made once.
struct Answers {
  std::string move;
  std::string health = R"({"ok":true,"sessions":12})";
  std::string page;
};

/// `bytes` of valid JSON: an object whose one string pads it to that size (at least 10 bytes).
std::string json_of_size(std::size_t bytes) {
  const std::string head = R"({"pad":")", tail = R"("})";
  const std::size_t fill =
      bytes > head.size() + tail.size() ? bytes - head.size() - tail.size() : 0;
  return head + std::string(fill, 'x') + tail;
}

/// `bytes` of an HTML page.
std::string page_of_size(std::size_t bytes) {
  std::string page =
      "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>bare</title>"
      "</head>\n<body>\n";
  const std::string end = "</body>\n</html>\n";
  while (page.size() + end.size() < bytes) {
    page += "<p>a line of the page</p>\n";
  }
  page.resize(bytes > end.size() ? bytes - end.size() : 0, ' ');
  return page + end;
}

/// One keep-alive connection: read a request, write its answer, again until the client goes.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, const Answers& answers)
      : stream_(std::move(socket)), answers_(answers) {}

  void start() { read(); }

 private:
  void read() {
    request_ = {};
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(
        stream_, buffer_, request_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;  // the client is gone (or sent nothing in time): the connection ends
    }
    response_ = {};
    response_.version(request_.version());
    response_.keep_alive(request_.keep_alive());
    response_.set(http::field::server, "bare");
    const std::string_view target(request_.target().data(), request_.target().size());
    if (request_.method() == http::verb::post) {
      response_.set(http::field::content_type, "application/json");
      response_.body() = answers_.move;
    } else if (request_.method() == http::verb::get && target == "/api/health") {
      response_.set(http::field::content_type, "application/json");
      response_.body() = answers_.health;
    } else if (request_.method() == http::verb::get && target == "/") {
      response_.set(http::field::content_type, "text/html; charset=utf-8");
      response_.body() = answers_.page;
    } else {
      response_.result(http::status::not_found);
      response_.set(http::field::content_type, "application/json");
      response_.body() = R"({"error":"not found"})";
    }
    response_.prepare_payload();
    http::async_write(stream_, response_,
                      [self = shared_from_this()](beast::error_code write_ec, std::size_t) {
                        self->on_write(write_ec);
                      });
  }

  void on_write(beast::error_code ec) {
    if (ec) return;
    if (!response_.keep_alive()) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    read();
  }

  beast::tcp_stream stream_;
  const Answers& answers_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
};

/// Takes connections for as long as the loop runs.
class Listener {
 public:
  Listener(net::io_context& ioc, const tcp::endpoint& endpoint, const Answers& answers)
      : ioc_(ioc), acceptor_(ioc, endpoint), answers_(answers) {}

  unsigned short port() const { return acceptor_.local_endpoint().port(); }

  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_), [this](beast::error_code ec, tcp::socket s) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) {
        s.set_option(tcp::no_delay(true), ec);
        std::make_shared<Connection>(std::move(s), answers_)->start();
      }
      accept();
    });
  }

  void close() {
    beast::error_code ignored;
    acceptor_.close(ignored);
  }

 private:
  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  const Answers& answers_;
};

std::size_t size_argument(const char* text) {
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0') {
    std::fprintf(stderr, "bare_server: '%s' is not a whole number\n", text);
    std::exit(2);
  }
  return static_cast<std::size_t>(value);
}

}  // namespace

int main(int argc, char** argv) {
  unsigned short port = 0;
  std::size_t move_bytes = 64;
  std::size_t page_bytes = 862;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--port") {
      port = static_cast<unsigned short>(size_argument(argv[i + 1]));
    } else if (flag == "--move-bytes") {
      move_bytes = size_argument(argv[i + 1]);
    } else if (flag == "--page-bytes") {
      page_bytes = size_argument(argv[i + 1]);
    } else {
      std::fprintf(stderr, "usage: bare_server [--port N] [--move-bytes N] [--page-bytes N]\n");
      return 2;
    }
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "usage: bare_server [--port N] [--move-bytes N] [--page-bytes N]\n");
    return 2;
  }
  Answers answers;
  answers.move = json_of_size(move_bytes);
  answers.page = page_of_size(page_bytes);

  net::io_context ioc(1);
  Listener listener(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), port), answers);
  listener.accept();
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) {
    listener.close();
    ioc.stop();
  });
  std::printf("listening on http://127.0.0.1:%u/\n", static_cast<unsigned>(listener.port()));
  std::fflush(stdout);
  ioc.run();
  return 0;
}
