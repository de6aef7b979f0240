#include "server/test_client.h"

#include <strings.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <stdexcept>

namespace wg::server::test {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

tcp::endpoint local(std::uint16_t port) { return {net::ip::make_address("127.0.0.1"), port}; }

[[noreturn]] void fail(const std::string& what, const beast::error_code& ec) {
  throw std::runtime_error("test client: " + what + ": " + ec.message());
}

ClientResponse to_response(const http::response<http::string_body>& message) {
  ClientResponse response;
  response.status = message.result_int();
  response.body = message.body();
  for (const auto& field : message) {
    response.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  return response;
}

http::request<http::string_body> make_request(const std::string& method, const std::string& target,
                                              const std::string& body, const Headers& headers,
                                              bool keep_alive) {
  http::request<http::string_body> request;
  request.method_string(method);
  request.target(target);
  request.version(11);
  request.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.body() = body;
  request.keep_alive(keep_alive);
  request.prepare_payload();
  return request;
}

/// Reads one response; status 0 if the server closed the connection first.
ClientResponse read_response(tcp::socket& socket, beast::flat_buffer& buffer) {
  http::response_parser<http::string_body> parser;
  parser.body_limit(boost::none);
  parser.header_limit(1u << 20);
  beast::error_code ec;
  http::read(socket, buffer, parser, ec);
  if (ec == http::error::end_of_stream || ec == net::error::connection_reset ||
      ec == net::error::eof || ec == http::error::partial_message) {
    return {};
  }
  if (ec) fail("read", ec);
  return to_response(parser.get());
}

}  // namespace

std::string ClientResponse::header(const std::string& name) const {
  for (const auto& [key, value] : headers) {
    if (strcasecmp(key.c_str(), name.c_str()) == 0) return value;
  }
  return "";
}

ClientResponse http_request(std::uint16_t port, const std::string& method,
                            const std::string& target, const std::string& body,
                            const Headers& headers) {
  HttpConnection connection(port);
  return connection.request(method, target, body, headers);
}

ClientResponse http_get(std::uint16_t port, const std::string& target, const Headers& headers) {
  return http_request(port, "GET", target, "", headers);
}

ClientResponse http_post(std::uint16_t port, const std::string& target, const std::string& body,
                         const Headers& headers) {
  return http_request(port, "POST", target, body, headers);
}

ClientResponse send_raw(std::uint16_t port, const std::string& bytes) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(local(port));
  beast::error_code ec;
  net::write(socket, net::buffer(bytes), ec);
  // A write cut short by the server's answer-and-close still leaves the answer to read.
  beast::flat_buffer buffer;
  return read_response(socket, buffer);
}

struct HttpConnection::Impl {
  net::io_context ioc;
  tcp::socket socket{ioc};
  beast::flat_buffer buffer;
};

HttpConnection::HttpConnection(std::uint16_t port) : impl_(std::make_unique<Impl>()) {
  beast::error_code ec;
  impl_->socket.connect(local(port), ec);
  if (ec) fail("connect", ec);
}

HttpConnection::~HttpConnection() = default;

ClientResponse HttpConnection::request(const std::string& method, const std::string& target,
                                       const std::string& body, const Headers& headers) {
  beast::error_code ec;
  http::write(impl_->socket, make_request(method, target, body, headers, true), ec);
  if (ec == net::error::broken_pipe || ec == net::error::connection_reset) return {};
  if (ec) fail("write", ec);
  return read_response(impl_->socket, impl_->buffer);
}

bool HttpConnection::closed_by_server() {
  char byte;
  beast::error_code ec;
  impl_->socket.read_some(net::buffer(&byte, 1), ec);
  return ec == net::error::eof || ec == net::error::connection_reset;
}

struct TestSocket::Impl {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  ClientResponse refusal;
  int close_code = 0;
};

TestSocket::TestSocket() : impl_(std::make_unique<Impl>()) {}
TestSocket::~TestSocket() = default;

bool TestSocket::connect(std::uint16_t port, const std::string& path, const Headers& headers) {
  beast::error_code ec;
  impl_->ws.next_layer().connect(local(port), ec);
  if (ec) fail("connect", ec);
  impl_->ws.set_option(
      websocket::stream_base::decorator([headers](websocket::request_type& request) {
        for (const auto& [name, value] : headers) request.set(name, value);
      }));
  websocket::response_type response;
  impl_->ws.handshake(response, "127.0.0.1", path, ec);
  if (ec == websocket::error::upgrade_declined) {
    impl_->refusal = to_response(response);
    return false;
  }
  if (ec) fail("handshake", ec);
  return true;
}

const ClientResponse& TestSocket::refusal() const { return impl_->refusal; }

void TestSocket::send(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(text), ec);
  if (ec) fail("send", ec);
}

std::optional<std::string> TestSocket::receive() {
  beast::flat_buffer buffer;
  beast::error_code ec;
  impl_->ws.read(buffer, ec);
  // A close frame came (its tearing down may still fail: the server need not wait for ours).
  if (ec == websocket::error::closed || (ec && impl_->ws.reason().code != 0)) {
    impl_->close_code = impl_->ws.reason().code;
    return std::nullopt;
  }
  if (ec == net::error::eof || ec == net::error::connection_reset || ec == beast::error::timeout ||
      ec == net::error::operation_aborted) {
    impl_->close_code = 1006;  // gone without a close frame
    return std::nullopt;
  }
  if (ec) fail("receive", ec);
  return beast::buffers_to_string(buffer.data());
}

int TestSocket::close_code() const { return impl_->close_code; }

void TestSocket::close() {
  beast::error_code ec;
  impl_->ws.close(websocket::close_code::normal, ec);
  if (ec && ec != websocket::error::closed) fail("close", ec);
}

}  // namespace wg::server::test
