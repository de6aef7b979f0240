#include "server/test_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <cerrno>
#include <stdexcept>
#include <utility>

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

bool TestSocket::send_one_frame(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.auto_fragment(false);
  impl_->ws.write(net::buffer(text), ec);
  impl_->ws.auto_fragment(true);
  if (ec == net::error::broken_pipe || ec == net::error::connection_reset) return false;
  if (ec) fail("send", ec);
  return true;
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

RawConnection::RawConnection(std::uint16_t port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
  if (fd_ < 0) throw std::runtime_error("test client: socket: " + std::to_string(errno));
  timeval guard{};
  guard.tv_sec = 60;
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &guard, sizeof guard);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    ::close(fd_);
    throw std::runtime_error("test client: connect: " + std::to_string(error));
  }
}

RawConnection::~RawConnection() { ::close(fd_); }

bool RawConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

bool RawConnection::send_bytewise(std::string_view bytes) {
  for (char byte : bytes) {
    if (!send(std::string_view(&byte, 1))) return false;
  }
  return true;
}

ClientResponse RawConnection::read_response() {
  std::size_t header_end = std::string::npos;
  while ((header_end = received_.find("\r\n\r\n")) == std::string::npos) {
    if (!read_more()) return {};
  }
  const std::string head = received_.substr(0, header_end);
  received_.erase(0, header_end + 4);
  if (head.size() < 12 || !head.starts_with("HTTP/1.")) return {};
  ClientResponse response;
  std::size_t length = 0;
  for (std::size_t line = head.find("\r\n"); line != std::string::npos;) {
    const std::size_t next = head.find("\r\n", line + 2);
    const std::string field =
        head.substr(line + 2, next == std::string::npos ? std::string::npos : next - line - 2);
    line = next;
    const std::size_t colon = field.find(':');
    if (colon == std::string::npos) continue;
    std::string name = field.substr(0, colon);
    const std::size_t value_start = field.find_first_not_of(' ', colon + 1);
    std::string value = value_start == std::string::npos ? "" : field.substr(value_start);
    if (::strcasecmp(name.c_str(), "content-length") == 0) length = std::stoul(value);
    response.headers.emplace_back(std::move(name), std::move(value));
  }
  while (received_.size() < length) {
    if (!read_more()) return {};
  }
  response.status = std::stoi(head.substr(9, 3));
  response.body = received_.substr(0, length);
  received_.erase(0, length);
  return response;
}

void RawConnection::wait_closed() {
  while (read_more()) received_.clear();
}

std::string RawConnection::read_until_closed() {
  while (read_more()) {
  }
  return std::exchange(received_, std::string());
}

bool RawConnection::read_more() {
  char chunk[16 * 1024];
  for (;;) {
    const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      throw std::runtime_error("test client: the server neither answered nor closed");
    }
    if (got <= 0) return false;  // closed, or reset
    received_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
}

}  // namespace wg::server::test
