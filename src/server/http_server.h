#pragma once
/// A small HTTP/1.1 and WebSocket server: the one place that knows the network library
/// (Boost.Beast, in http_server.cpp only, so that heavy translation unit is compiled once and
/// can be built without UBSan). Everything the arcade decides (routes, sessions, JSON) is a
/// Handler; this file only moves bytes, applies the limits and keeps the connections.
///
/// Threads: the server runs its event loop on the threads given to run(). Handler methods are
/// called on those threads, possibly at once for different connections; a Handler guards its
/// own state. A request is answered when the handler calls its Respond (from any thread, once);
/// until then the connection waits and the loop goes on serving the others, so a handler may
/// hand long work to a thread of its own.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wg::server {

/// One request, read whole (the body within ServerLimits::max_body_bytes).
struct HttpRequest {
  std::string method;           ///< "GET", "POST", ...
  std::string target;           ///< as sent: "/api/sessions/ab12?x=1"
  std::string path;             ///< the target before any '?', percent-decoding not applied
  std::string query;            ///< after the '?', "" if none
  std::string body;             ///< "" if none
  std::string content_type;     ///< the Content-Type header, "" if none
  std::string accept;           ///< the Accept header, "" if none
  std::string accept_encoding;  ///< the Accept-Encoding header, "" if none
  std::string if_none_match;    ///< the If-None-Match header, "" if none
  std::string origin;           ///< the Origin header, "" if none (same-origin GETs send none)
  std::string host;             ///< the Host header
  /// The X-Player-Secret header, "" if none: what proves that the request comes from the player
  /// it names (docs/API.md, "Players").
  std::string player_secret;
  /// The client's address as the connection shows it ("" when unknown): what limits per client
  /// count by.
  std::string remote;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  /// Further headers, e.g. {"Cache-Control", "no-store"}, {"Allow", "GET, POST"}.
  std::vector<std::pair<std::string, std::string>> headers;
};

/// Answers one request. Call it once, from any thread.
using Respond = std::function<void(HttpResponse)>;

/// One open WebSocket. Owned by the server; a handler keeps shared_ptrs to the peers it pushes
/// to and forgets them on socket_closed().
class WebSocketPeer {
 public:
  virtual ~WebSocketPeer() = default;
  /// Queues one text message; messages go out in the order queued. Thread-safe. A peer whose
  /// queue grows past ServerLimits::max_queued_bytes (a client that does not read) is closed
  /// instead: a slow watcher cannot make the server hold unbounded memory.
  virtual void send(std::string text) = 0;
  /// The same, for a message sent to many peers: they share it rather than each holding a copy
  /// (an update pushed to a thousand watchers is held once, however long they take to read it).
  /// Counted whole in each peer's queue. By default, a copy.
  virtual void send_shared(std::shared_ptr<const std::string> text) { send(*text); }
  /// Closes the socket (normal closure). Thread-safe; socket_closed() follows.
  virtual void close() = 0;
};

/// What the server calls. Every method may run on any of the loop's threads.
class Handler {
 public:
  virtual ~Handler() = default;
  /// An HTTP request (not an upgrade). Must call `respond` exactly once.
  virtual void handle(HttpRequest request, Respond respond) = 0;
  /// A WebSocket upgrade request for `request.path`. Return an empty response (status 0) to
  /// accept it, `peer` then being open; any other response refuses the upgrade with it.
  virtual HttpResponse open_socket(const HttpRequest& request,
                                   std::shared_ptr<WebSocketPeer> peer) = 0;
  /// A text message from a peer (within ServerLimits::max_message_bytes; larger ones close the
  /// socket with "message too big" and never reach here).
  virtual void socket_message(const std::shared_ptr<WebSocketPeer>& peer,
                              std::string_view text) = 0;
  /// The peer is gone (closed by either side, or the server stopping).
  virtual void socket_closed(const std::shared_ptr<WebSocketPeer>& peer) = 0;
  /// True if requests to `path` (the target before any '?') may carry a body of up to
  /// ServerLimits::max_upload_bytes rather than max_body_bytes: the few routes that take a
  /// file (a game's log). Asked once the request's header is read, on the loop's threads.
  virtual bool takes_upload(std::string_view /*path*/) const { return false; }
  /// The server is stopping (stop(), SIGINT, SIGTERM): called once, on the loop, before any
  /// connection is closed. The handler stops what it runs on threads of its own (a tournament:
  /// no game or bot starts after this returns) so that its host can end promptly; it must not
  /// wait for that work to end.
  virtual void stopping() {}
};

/// The limits that keep one client from exhausting the server.
struct ServerLimits {
  std::size_t max_body_bytes = 64 * 1024;     ///< larger: 413 with a JSON error
  std::size_t max_upload_bytes = 4 << 20;     ///< the same, for Handler::takes_upload paths
  std::size_t max_header_bytes = 8 * 1024;    ///< larger: 431
  std::size_t max_message_bytes = 16 * 1024;  ///< a WebSocket message
  std::size_t max_queued_bytes = 4 << 20;     ///< a WebSocket peer's unsent messages
  /// The unsent messages of every WebSocket together, and of one client address's: past
  /// either, the sockets (of that address) with the largest queues, those that read the least
  /// of what they are sent, are closed until a quarter of the cap is free again. A thousand
  /// watchers that never read cannot make the server hold a thousand times max_queued_bytes.
  std::size_t max_total_queued_bytes = std::size_t{256} << 20;
  std::size_t max_queued_bytes_per_address = std::size_t{64} << 20;
  /// Beyond: new connections are closed at once. Never more than the descriptors the process
  /// may open when the server is made (RLIMIT_NOFILE's soft limit) less a reserve of 128 (a
  /// quarter of a smaller limit) for what the handler opens: raise the limit first.
  std::size_t max_connections = 20000;
  /// Connections open at once from one client address (WebSockets included); beyond, its new
  /// connections are closed at once, as past max_connections: one client cannot take every
  /// connection. Loopback counts like any address (a page on the server's own machine, or every
  /// client of a proxy in front of it: raise it then). An IPv6 client that changes its address
  /// counts once per address. 0: no cap.
  std::size_t max_connections_per_address = 256;
  std::chrono::seconds request_timeout{15};     ///< to read one whole request (slow clients)
  std::chrono::seconds keep_alive_timeout{60};  ///< an idle keep-alive connection
};

/// A task waiting to run after a delay (HttpServer::post_after, or a test's clock): cancel()
/// drops it before it runs, and with it everything it holds, rather than at its deadline (up to
/// a day away: a round's clock). Copies cancel the same task. Cancelling is thread-safe, and
/// does nothing once the task has run, once it was cancelled, or once the server is gone; an
/// empty handle cancels nothing.
class TimerHandle {
 public:
  TimerHandle() = default;
  /// A handle whose cancel() calls `cancel` (at most once per copy).
  explicit TimerHandle(std::function<void()> cancel) : cancel_(std::move(cancel)) {}
  void cancel() {
    if (cancel_) std::exchange(cancel_, nullptr)();
  }

 private:
  std::function<void()> cancel_;
};

/// The server. Construct, listen(), then run() (which returns after stop()).
class HttpServer {
 public:
  HttpServer(Handler& handler, ServerLimits limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds and listens on host:port (port 0: a free port chosen by the system) and returns the
  /// port. Throws std::runtime_error with a message for people ("cannot listen on
  /// 127.0.0.1:8080: Address already in use") when it cannot, and for an empty host (which the
  /// resolver would take for every interface).
  std::uint16_t listen(const std::string& host, std::uint16_t port);

  /// True once listen() has bound a wildcard address (0.0.0.0 or ::, however the host named it:
  /// "0", "::", "0.0.0.0", "0x0"...), so that every interface of the machine is served.
  bool listens_on_every_interface() const;

  /// Runs the loop on `threads` threads (the calling one included) until stop(), then closes
  /// every connection and returns. With `stop_on_signals`, SIGINT and SIGTERM stop it too.
  void run(int threads = 1, bool stop_on_signals = false);

  /// Stops the loop. Thread-safe; returns at once.
  void stop();

  /// Calls `task` on the loop after `delay` (timers: a round's clock, a bid's time limit).
  /// Thread-safe. Tasks still waiting when the server stops are dropped; the handle drops one
  /// at once (a deleted session's), so that a waiting task holds memory only while it may
  /// still run.
  TimerHandle post_after(std::chrono::milliseconds delay, std::function<void()> task);

  /// Tasks of post_after waiting to run (neither run, cancelled nor dropped). Thread-safe.
  std::size_t pending_timers() const;
  /// The bytes of messages queued for every WebSocket, not yet written to the network
  /// (ServerLimits::max_total_queued_bytes). Thread-safe.
  std::size_t queued_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Gives the memory the program has freed back to the system, as far as the allocator can
/// (glibc's malloc_trim; nothing elsewhere). Freed memory otherwise stays with the allocator,
/// and a server that held much once (queues of sockets since cut, sessions since expired) would
/// keep its peak for ever. The server calls it once sockets dropped many bytes unsent; a host
/// calls it after dropping many sessions. Takes a few milliseconds on a large heap.
void return_free_memory();

}  // namespace wg::server
