#pragma once
/// A small blocking HTTP and WebSocket client for tests of the server (Boost.Beast stays in
/// test_client.cpp). Every call connects to 127.0.0.1:port; errors throw std::runtime_error,
/// except that a closed connection is an answer some tests expect (see the notes below).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wg::server::test {

using Headers = std::vector<std::pair<std::string, std::string>>;

/// One answer. status 0: the server closed the connection without answering.
struct ClientResponse {
  int status = 0;
  std::string body;
  Headers headers;
  /// The first header of that name (case-insensitive), "" if none.
  std::string header(const std::string& name) const;
};

/// One request on a connection of its own (closed after the answer).
ClientResponse http_request(std::uint16_t port, const std::string& method,
                            const std::string& target, const std::string& body = "",
                            const Headers& headers = {});
ClientResponse http_get(std::uint16_t port, const std::string& target, const Headers& headers = {});
ClientResponse http_post(std::uint16_t port, const std::string& target, const std::string& body,
                         const Headers& headers = {});

/// Sends `bytes` as they are (garbage, a request too large, a half request) and reads one answer
/// (status 0 if the server closes first).
ClientResponse send_raw(std::uint16_t port, const std::string& bytes);

/// A kept-alive connection: several requests, one socket.
class HttpConnection {
 public:
  explicit HttpConnection(std::uint16_t port);
  ~HttpConnection();
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;
  ClientResponse request(const std::string& method, const std::string& target,
                         const std::string& body = "", const Headers& headers = {});
  /// True when the server has closed this connection (reads the end of the stream; blocks until
  /// it comes, so call it only when the server is expected to close).
  bool closed_by_server();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A TCP connection that sends exactly the bytes it is given, when it is told: a slow client
/// (slowloris), half a request, garbage, many requests in one write. Plain sockets, so that a
/// bench may hold thousands. Reads block until the answer or the close (SO_RCVTIMEO of a minute
/// is a hang guard: past it, a read throws std::runtime_error).
class RawConnection {
 public:
  explicit RawConnection(std::uint16_t port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  /// Sends the bytes; false if the server has closed the connection (reset, broken pipe).
  bool send(std::string_view bytes);
  /// Sends the bytes one write a byte.
  bool send_bytewise(std::string_view bytes);
  /// Reads one response (Content-Length bodies): status 0 if the server closes first.
  ClientResponse read_response();
  /// Blocks until the server closes the connection (what it sends meanwhile is dropped).
  void wait_closed();
  /// Blocks until the server closes the connection, and returns every byte it sent that no
  /// read_response() took: an answer as it came on the wire (a HEAD's, with no body).
  std::string read_until_closed();

 private:
  bool read_more();
  int fd_;
  std::string received_;
};

/// A WebSocket client.
class TestSocket {
 public:
  TestSocket();
  ~TestSocket();
  TestSocket(const TestSocket&) = delete;
  TestSocket& operator=(const TestSocket&) = delete;

  /// Opens ws://127.0.0.1:port/path. True if the server accepted the upgrade; otherwise false,
  /// refusal() being the server's answer.
  bool connect(std::uint16_t port, const std::string& path, const Headers& headers = {});
  const ClientResponse& refusal() const;

  void send(const std::string& text);
  /// Sends `text` as one frame however long (send() cuts a message into 4 KiB frames): a client
  /// announcing a message past the server's limit. False if the server closed the connection
  /// before the whole frame was written (then receive() returns std::nullopt).
  bool send_one_frame(const std::string& text);
  /// The next text message; std::nullopt when the server has closed the socket (then
  /// close_code() tells why: 1000 normal, 1009 too big, ...).
  std::optional<std::string> receive();
  int close_code() const;
  /// Closes normally (a close frame, then waits for the server's).
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace wg::server::test
