// The HTTP/1.1 and WebSocket server on Boost.Beast and Boost.Asio (the only translation unit that
// includes them). The shape follows Beast's "advanced server": one strand per connection, an
// HttpSession reading requests with a request_parser (body and header limits) and handing an
// upgrade over to a WsSession.
//
// Lifetimes. Every live session is held by the registry (Impl::sessions_) until it finishes; the
// Respond callbacks and the WebSocketPeer objects given to the handler hold only weak pointers,
// and post to the loop through a Gate that the server closes when it is destroyed, so a handler
// may keep them as long as it likes. Session destructors touch nothing of the Impl: sessions
// still owned by pending operations when the io_context is destroyed die after the rest.
#include "server/http_server.h"

#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <csignal>
#include <cstdio>
#include <deque>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace wg::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using error_code = beast::error_code;

constexpr const char* kServerName = "wordgames";

void log_error(const char* what, const char* detail) {
  std::fprintf(stderr, "wordgames server: %s: %s\n", what, detail);
}

/// Runs `f`, logging what it throws; false if it threw. Nothing a handler throws leaves the loop.
template <class F>
bool guarded(const char* what, F&& f) noexcept {
  try {
    f();
    return true;
  } catch (const std::exception& e) {
    log_error(what, e.what());
  } catch (...) {
    log_error(what, "an exception of an unknown type");
  }
  return false;
}

HttpResponse json_error(int status, std::string_view message) {
  HttpResponse response;
  response.status = status;
  response.body = "{\"error\": \"" + std::string(message) + "\"}";  // messages are ours: no escapes
  return response;
}

/// Lets other threads post to a session while the loop exists: closed (under its mutex) when the
/// server is destroyed, after which posts are dropped. Nothing that outlives the server may hold
/// a session or an executor: they are taken and let go under the lock.
struct Gate {
  std::shared_mutex mutex;
  bool open = true;

  /// Posts make_task(session) to the session's strand, if both the server and it still exist.
  template <class SessionType, class MakeTask>
  void post(const std::weak_ptr<SessionType>& weak, MakeTask&& make_task) {
    std::shared_lock lock(mutex);
    if (!open) return;
    if (auto session = weak.lock()) {
      auto executor = session->executor();
      net::post(executor, make_task(std::move(session)));
    }
  }
  /// The same, but run at once when called on the session's strand already (a handler that
  /// answers before it returns): no trip through the loop's queue. The task must not come back
  /// to the gate.
  template <class SessionType, class MakeTask>
  void dispatch(const std::weak_ptr<SessionType>& weak, MakeTask&& make_task) {
    std::shared_lock lock(mutex);
    if (!open) return;
    if (auto session = weak.lock()) {
      auto executor = session->executor();
      net::dispatch(executor, make_task(std::move(session)));
    }
  }
};

std::string to_string(beast::string_view text) { return std::string(text.data(), text.size()); }

/// The handler's request from the parsed message: its body moved out (the message is not used
/// after but for an upgrade, which has none), `remote` the address the connection was counted
/// under when it was accepted (Core::enter), so that no request asks the socket again.
HttpRequest make_request(http::request<http::string_body>& message, const std::string& remote) {
  HttpRequest request;
  request.method = to_string(message.method_string());
  request.target = to_string(message.target());
  auto question = request.target.find('?');
  request.path = request.target.substr(0, question);
  if (question != std::string::npos) request.query = request.target.substr(question + 1);
  request.body = std::move(message.body());
  // One pass over the header; the first of a repeated field, as message[name] gives it.
  std::string* const into[] = {&request.content_type,  &request.accept, &request.accept_encoding,
                               &request.if_none_match, &request.origin, &request.host,
                               &request.player_secret};
  bool seen[std::size(into)] = {};
  for (const auto& field : message) {
    std::size_t which = 0;
    switch (field.name()) {
      case http::field::content_type:
        which = 0;
        break;
      case http::field::accept:
        which = 1;
        break;
      case http::field::accept_encoding:
        which = 2;
        break;
      case http::field::if_none_match:
        which = 3;
        break;
      case http::field::origin:
        which = 4;
        break;
      case http::field::host:
        which = 5;
        break;
      case http::field::unknown:
        if (!beast::iequals(field.name_string(), "X-Player-Secret")) continue;
        which = 6;
        break;
      default:
        continue;
    }
    if (std::exchange(seen[which], true)) continue;
    *into[which] = to_string(field.value());
  }
  request.remote = remote;
  return request;
}

/// The message answering a request; `head`: the request was HEAD, so the answer has the
/// headers a GET would get, Content-Length included, and no body (RFC 9110, 9.3.2).
http::response<http::string_body> make_response(HttpResponse response, unsigned version,
                                                bool keep_alive, bool head = false) {
  int status = response.status >= 100 && response.status <= 599 ? response.status : 500;
  http::response<http::string_body> message{static_cast<http::status>(status), version};
  message.set(http::field::server, kServerName);
  message.set("X-Content-Type-Options", "nosniff");
  if (!response.content_type.empty()) message.set(http::field::content_type, response.content_type);
  for (auto& [name, value] : response.headers) message.insert(name, value);
  message.keep_alive(keep_alive);
  // A 304 has no body, and no Content-Length but its GET's, which it need not send (RFC 9110,
  // 8.6 and 15.4.5).
  if (status == 304) return message;
  if (head) {
    message.content_length(response.body.size());
    return message;
  }
  message.body() = std::move(response.body);
  message.prepare_payload();
  return message;
}

/// Descriptors kept back from connections: the listening sockets, the loop's own, and what the
/// handler opens (a store, a lexicon, a tournament's bot pipes).
constexpr std::size_t kReservedDescriptors = 128;

/// The connections the server takes at once: ServerLimits::max_connections, but never more than
/// the process may open descriptors for (less the reserve). Past that, accept() itself would fail
/// and leave clients hanging in the backlog, where a connection refused at once tells them.
std::size_t connection_cap(std::size_t max_connections) {
  struct rlimit files {};
  if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY) {
    return max_connections;
  }
  const auto limit = static_cast<std::size_t>(files.rlim_cur);
  const std::size_t reserve = std::min(kReservedDescriptors, limit / 4);
  return std::min(max_connections, limit - reserve);
}

/// A client address's share of the server: its connections (ServerLimits::
/// max_connections_per_address) and the bytes waiting in its WebSockets' queues
/// (max_queued_bytes_per_address). Each of its sessions holds it.
struct Client {
  explicit Client(std::string a) : address(std::move(a)) {}
  const std::string address;
  std::size_t connections = 0;  ///< under Core::addresses_mutex
  std::atomic<std::size_t> queued{0};
};
using ClientPtr = std::shared_ptr<Client>;

/// What the registry knows of a session: it can be shut down (from the loop's strand), and a
/// WebSocket can be cut for what waits in its queue.
class Session {
 public:
  virtual ~Session() = default;
  virtual void shutdown() = 0;  // called on any thread; posts to the session's strand
  /// The bytes queued for the client and counted in the server's totals (WebSockets only).
  virtual std::size_t queued() const { return 0; }
  /// The client address it serves.
  virtual const Client* client() const = 0;
  /// Closes it for its queue (Core::shed), its bytes no longer counted from now. Any thread.
  virtual void cut() {}
};

/// The server's state, shared by its sessions (HttpServer::Impl is this).
struct Core {
  net::io_context ioc;  // first: destroyed last, after everything that uses it
  Handler& handler;
  ServerLimits limits;
  std::shared_ptr<Gate> gate = std::make_shared<Gate>();
  net::strand<net::io_context::executor_type> strand{net::make_strand(ioc)};
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work{ioc.get_executor()};
  std::vector<std::unique_ptr<tcp::acceptor>> acceptors;
  bool every_interface = false;  ///< an acceptor is bound to 0.0.0.0 or ::
  std::optional<net::signal_set> signals;
  /// A task of post_after waiting on its timer. The timer's handler holds only its id, so
  /// that cancelling (erasing it) frees the task at once.
  struct Waiting {
    std::shared_ptr<net::steady_timer> timer;
    std::function<void()> task;
  };
  std::unordered_map<std::uint64_t, Waiting> timers;  // on strand
  std::atomic<std::uint64_t> next_timer{0};
  std::atomic<std::size_t> pending_timers{0};  // timers.size(), for any thread
  bool stopping = false;                       // on strand

  std::mutex sessions_mutex;
  std::unordered_map<std::uint64_t, std::shared_ptr<Session>> sessions;
  std::uint64_t next_session = 0;
  bool closing_sessions = false;  // under sessions_mutex: no new sessions
  std::atomic<std::size_t> connections{0};
  std::size_t max_connections;  // connection_cap: the descriptor limit when the server was made
  std::mutex addresses_mutex;
  /// The clients with connections open, by address.
  std::unordered_map<std::string, ClientPtr> clients;  // under addresses_mutex
  /// The bytes queued for every WebSocket (ServerLimits::max_total_queued_bytes).
  std::atomic<std::size_t> queued_total{0};
  std::mutex shed_mutex;  ///< one shed() at a time
  /// Bytes of queues dropped unsent (sockets cut or closed) since memory was last given back.
  std::atomic<std::size_t> dropped_since_trim{0};

  Core(Handler& h, ServerLimits l)
      : handler(h), limits(l), max_connections(connection_cap(l.max_connections)) {}

  /// Counts a new connection from `address`: its client, or null (nothing counted) when the
  /// server, or that address, has as many as it takes.
  ClientPtr enter(const std::string& address) {
    if (connections.load() >= max_connections) return nullptr;
    const std::size_t cap = limits.max_connections_per_address;
    std::lock_guard lock(addresses_mutex);
    ClientPtr& client = clients[address];
    if (client == nullptr) client = std::make_shared<Client>(address);
    if (cap != 0 && client->connections >= cap) return nullptr;
    ++client->connections;
    connections.fetch_add(1);
    return client;
  }
  /// A connection of `client` is closed (once per enter()).
  void leave(const ClientPtr& client) {
    connections.fetch_sub(1);
    std::lock_guard lock(addresses_mutex);
    if (--client->connections == 0) clients.erase(client->address);
  }

  /// Counts `bytes` queued for a socket of `client`; uncount_queued: no longer (written,
  /// dropped, or the socket cut).
  void count_queued(Client& client, std::size_t bytes) {
    client.queued.fetch_add(bytes);
    queued_total.fetch_add(bytes);
  }
  void uncount_queued(Client& client, std::size_t bytes) {
    client.queued.fetch_sub(bytes);
    queued_total.fetch_sub(bytes);
  }
  /// After bytes were queued for a socket of `client`: past a cap on the queues of all sockets
  /// or of that client's, cuts the sockets with the largest queues (those that read the least
  /// of what they are sent) until a quarter of the cap is free again.
  void enforce_queue_caps(const Client& client) {
    if (queued_total.load() > limits.max_total_queued_bytes) shed(nullptr);
    if (client.queued.load() > limits.max_queued_bytes_per_address) shed(&client);
  }
  void shed(const Client* only);
  /// `bytes` of unsent messages were dropped: once many were, the memory is given back.
  void dropped(std::size_t bytes);

  /// Adds a session; false (and the caller drops it) when the server is stopping.
  bool add_session(std::uint64_t& id, std::shared_ptr<Session> session) {
    std::lock_guard lock(sessions_mutex);
    if (closing_sessions) return false;
    id = ++next_session;
    sessions.emplace(id, std::move(session));
    return true;
  }
  void remove_session(std::uint64_t id) {
    std::shared_ptr<Session> gone;  // destroyed outside the lock
    std::lock_guard lock(sessions_mutex);
    auto it = sessions.find(id);
    if (it == sessions.end()) return;
    gone = std::move(it->second);
    sessions.erase(it);
  }

  void accept(tcp::acceptor& acceptor);
  void on_accept(tcp::acceptor& acceptor, error_code ec, tcp::socket socket);
  void do_stop();
};

using Impl = Core;

// ---------------------------------------------------------------------------------------------
// WebSocket sessions

class WsSession;

/// The handler's view of a WebSocket: posts to the session's strand while both exist.
class Peer final : public WebSocketPeer {
 public:
  Peer(std::weak_ptr<WsSession> session, std::shared_ptr<Gate> gate)
      : session_(std::move(session)), gate_(std::move(gate)) {}
  void send(std::string text) override;
  void send_shared(std::shared_ptr<const std::string> text) override;
  void close() override;

 private:
  std::weak_ptr<WsSession> session_;
  std::shared_ptr<Gate> gate_;
};

class WsSession final : public Session, public std::enable_shared_from_this<WsSession> {
 public:
  /// `executor`: the connection's strand; the stream itself comes with open(), and with it the
  /// count of the connection of `client` (Core::enter).
  WsSession(Impl& server, net::any_io_executor executor, ClientPtr client)
      : server_(server), executor_(std::move(executor)), client_(std::move(client)) {}

  std::size_t queued() const override { return counted_.load(); }
  const Client* client() const override { return client_.get(); }
  void cut() override {
    if (cut_.exchange(true)) return;
    server_.uncount_queued(*client_, counted_.exchange(0));
    net::post(executor(), [self = shared_from_this()] {
      error_code ignored;  // a client that does not read: a polite close would wait on it too
      if (self->ws_) beast::get_lowest_layer(*self->ws_).socket().close(ignored);
      self->finish();
    });
  }

  const net::any_io_executor& executor() const { return executor_; }

  /// Makes the peer; call once, before open().
  std::shared_ptr<Peer> make_peer() {
    peer_ = std::make_shared<Peer>(weak_from_this(), server_.gate);
    return peer_;
  }

  /// Takes the connection (and its count), registers the session and runs the handshake.
  void open(beast::tcp_stream stream, http::request<http::string_body> request) {
    ws_.emplace(std::move(stream));
    if (!server_.add_session(id_, shared_from_this())) {
      beast::get_lowest_layer(*ws_).close();
      finish();
      return;
    }
    beast::get_lowest_layer(*ws_).expires_never();  // the websocket stream keeps its own timers
    ws_->set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_->set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
      response.set(http::field::server, kServerName);
    }));
    ws_->read_message_max(server_.limits.max_message_bytes);
    ws_->async_accept(request,
                      beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  void shutdown() override {
    net::post(executor(), [self = shared_from_this()] {
      error_code ignored;
      beast::get_lowest_layer(*self->ws_).socket().close(ignored);
      self->finish();
    });
  }

  // On the strand, from Peer.
  void enqueue(std::shared_ptr<const std::string> text) {
    if (finished_ || close_requested_ || cut_.load()) return;
    if (queued_bytes_ + text->size() > server_.limits.max_queued_bytes) {
      // A client that does not read: a polite close would wait on it too.
      error_code ignored;
      if (ws_) beast::get_lowest_layer(*ws_).socket().close(ignored);
      finish();
      return;
    }
    queued_bytes_ += text->size();
    counted_.fetch_add(text->size());
    server_.count_queued(*client_, text->size());
    queue_.push_back(std::move(text));
    server_.enforce_queue_caps(*client_);
    if (accepted_ && !writing_) do_write();
  }

  void request_close() {
    if (finished_ || close_requested_) return;
    close_requested_ = true;
    if (accepted_ && !writing_) do_close();
  }

 private:
  void on_accept(error_code ec) {
    if (ec) return finish();
    accepted_ = true;
    do_read();
    if (!queue_.empty()) {
      do_write();
    } else if (close_requested_) {
      do_close();
    }
  }

  void do_read() {
    ws_->async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(error_code ec, std::size_t) {
    if (ec) return finish();  // closed, too big (Beast sent 1009), timeout, reset
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    guarded("socket_message", [&] { server_.handler.socket_message(peer_, text); });
    if (!finished_) do_read();
  }

  void do_write() {
    writing_ = true;
    ws_->text(true);
    ws_->async_write(net::buffer(*queue_.front()),
                     beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(error_code ec, std::size_t) {
    writing_ = false;
    if (ec || finished_) {
      drop_queue();  // the buffer written from lived here: only now may it go
      return finish();
    }
    queued_bytes_ -= queue_.front()->size();
    uncount(queue_.front()->size());
    queue_.pop_front();
    if (!queue_.empty()) {
      do_write();
    } else if (close_requested_) {
      do_close();
    }
  }

  void do_close() {
    writing_ = true;  // a close counts as a write: nothing else goes out
    ws_->async_close(websocket::close_code::normal, [self = shared_from_this()](error_code) {
      // The pending read ends with `closed` and finishes the session.
      self->writing_ = false;
    });
  }

  /// Drops what is still queued (the session ends), and its count.
  void drop_queue() {
    if (queue_.empty()) return;
    uncount(queued_bytes_);
    server_.dropped(queued_bytes_);
    queue_.clear();
    queued_bytes_ = 0;
  }

  /// Takes `bytes` written or dropped off the server's counts, as far as they are still counted
  /// (a cut took them all off at once).
  void uncount(std::size_t bytes) {
    std::size_t counted = counted_.load();
    std::size_t taken = 0;
    do {
      taken = std::min(bytes, counted);
    } while (!counted_.compare_exchange_weak(counted, counted - taken));
    if (taken > 0) server_.uncount_queued(*client_, taken);
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    if (!writing_) drop_queue();
    server_.leave(client_);
    if (peer_) guarded("socket_closed", [&] { server_.handler.socket_closed(peer_); });
    if (id_ != 0) server_.remove_session(id_);
  }

  Impl& server_;
  net::any_io_executor executor_;
  ClientPtr client_;  ///< as counted by Core::enter
  /// The bytes of queued_bytes_ counted in the server's totals (Core::count_queued): all of
  /// them until a cut takes them off at once. Read by Core::shed from any thread.
  std::atomic<std::size_t> counted_{0};
  std::atomic<bool> cut_{false};  ///< cut for its queue: takes nothing more
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<Peer> peer_;
  std::deque<std::shared_ptr<const std::string>> queue_;  ///< shared with other peers
  std::size_t queued_bytes_ = 0;
  std::uint64_t id_ = 0;
  bool accepted_ = false;
  bool writing_ = false;
  bool close_requested_ = false;
  bool finished_ = false;
};

void Peer::send(std::string text) {
  send_shared(std::make_shared<const std::string>(std::move(text)));
}

void Peer::send_shared(std::shared_ptr<const std::string> text) {
  gate_->post(session_, [&text](std::shared_ptr<WsSession> session) {
    return [session = std::move(session), text = std::move(text)]() mutable {
      session->enqueue(std::move(text));
    };
  });
}

void Peer::close() {
  gate_->post(session_, [](std::shared_ptr<WsSession> session) {
    return [session = std::move(session)] { session->request_close(); };
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP sessions

class HttpSession final : public Session, public std::enable_shared_from_this<HttpSession> {
 public:
  /// `client`: counted by Core::enter (left when the connection ends).
  HttpSession(Impl& server, tcp::socket socket, ClientPtr client)
      : server_(server), stream_(std::move(socket)), client_(std::move(client)) {}

  const Client* client() const override { return client_.get(); }

  net::any_io_executor executor() { return stream_.get_executor(); }

  void start() {
    if (!server_.add_session(id_, shared_from_this())) {
      error_code ignored;
      stream_.socket().close(ignored);
      server_.leave(client_);
      return;
    }
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::read_request, shared_from_this()));
  }

  void shutdown() override {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
      self->stopping_ = true;
      error_code ignored;
      self->stream_.socket().close(ignored);
      if (self->awaiting_handler_) self->finish();  // no operation pending to end it
    });
  }

  /// The handler's answer, on the strand.
  void answer(HttpResponse response) {
    if (!awaiting_handler_ || finished_) return;
    awaiting_handler_ = false;
    write(std::move(response), keep_alive_ && !stopping_);
  }

 private:
  /// An idle keep-alive connection waits (keep_alive_timeout) for the first bytes of the next
  /// request; a request once begun must arrive whole within request_timeout.
  void read_request() {
    if (!request_begun_ && buffer_.size() == 0) {
      stream_.expires_after(server_.limits.keep_alive_timeout);
      stream_.async_read_some(buffer_.prepare(4096),
                              [self = shared_from_this()](error_code ec, std::size_t n) {
                                if (ec) return self->finish();
                                self->buffer_.commit(n);
                                self->request_begun_ = true;  // the request has begun
                                self->read_request();
                              });
      return;
    }
    request_begun_ = false;
    parser_.emplace();
    // The larger of the two limits until the header says the path (Beast checks a
    // Content-Length against the limit as it reads the header): on_header sets the path's own.
    parser_->body_limit(static_cast<std::uint64_t>(
        std::max(server_.limits.max_body_bytes, server_.limits.max_upload_bytes)));
    parser_->header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(
        server_.limits.max_header_bytes, std::numeric_limits<std::uint32_t>::max())));
    stream_.expires_after(server_.limits.request_timeout);
    header_checked_ = false;
    parse();
  }

  /// Feeds the parser what the buffer holds, reading more from the socket while the request is
  /// not whole: Beast's async_read_header then async_read, but a request that came in one read
  /// (most do) is answered without a trip through the loop's queue for each of them.
  void parse() {
    while (buffer_.size() > 0) {
      error_code ec;
      const std::size_t used = parser_->put(buffer_.data(), ec);
      buffer_.consume(used);
      if (ec == http::error::need_more) break;
      if (ec) return on_read(ec, 0);
      if (parser_->is_header_done() && !header_checked_) {
        header_checked_ = true;
        if (!header_within_limits()) return on_read(http::error::body_limit, 0);
      }
      if (parser_->is_done()) return on_read({}, 0);
      if (used == 0) break;
    }
    stream_.async_read_some(
        buffer_.prepare(16 * 1024), [self = shared_from_this()](error_code ec, std::size_t n) {
          if (ec == net::error::eof) {
            // The client stopped sending: no message at all, or one cut short.
            if (!self->parser_->got_some()) return self->on_read(http::error::end_of_stream, 0);
            error_code eof_ec;
            self->parser_->put_eof(eof_ec);  // partial_message: a whole one ended before
            return self->on_read(eof_ec, 0);
          }
          if (ec) return self->on_read(ec, 0);
          self->buffer_.commit(n);
          self->parse();
        });
  }

  /// The header is in: the body limit of its path (larger for a path that takes an upload).
  /// False when its Content-Length is past it.
  bool header_within_limits() {
    const beast::string_view target = parser_->get().target();
    const std::string_view path(target.data(), std::min(target.find('?'), target.size()));
    const bool upload = server_.handler.takes_upload(path);
    const auto limit = static_cast<std::uint64_t>(upload ? server_.limits.max_upload_bytes
                                                         : server_.limits.max_body_bytes);
    const auto length = parser_->content_length();
    if (length && *length > limit) return false;
    parser_->body_limit(limit);
    return true;
  }

  void on_read(error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return finish();
    }
    if (ec == http::error::body_limit) return fail(json_error(413, "request body too large"));
    if (ec == http::error::header_limit) {
      return fail(json_error(431, "request header fields too large"));
    }
    if (ec && ec.category() == http::make_error_code(http::error::bad_target).category() &&
        ec != http::error::partial_message) {
      return fail(json_error(400, "malformed HTTP request"));
    }
    if (ec) return finish();  // timeout, reset, closed mid-request
    if (stopping_) return finish();

    stream_.expires_never();
    auto message = parser_->release();
    parser_.reset();
    keep_alive_ = message.keep_alive();
    version_ = message.version();
    head_ = message.method() == http::verb::head;
    if (websocket::is_upgrade(message)) return upgrade(std::move(message));

    awaiting_handler_ = true;
    auto reply = std::make_shared<Reply>(weak_from_this(), server_.gate);
    if (!guarded("handle", [&] {
          server_.handler.handle(
              make_request(message, client_->address),
              [reply](HttpResponse response) { reply->send(std::move(response)); });
        })) {
      reply->send(json_error(500, "internal server error"));  // unless it answered already
    }
  }

  void upgrade(http::request<http::string_body> message) {
    auto ws = std::make_shared<WsSession>(server_, stream_.get_executor(), client_);
    auto peer = ws->make_peer();
    HttpResponse refusal;
    if (!guarded("open_socket", [&] {
          refusal = server_.handler.open_socket(make_request(message, client_->address), peer);
        })) {
      refusal = json_error(500, "internal server error");
    }
    if (refusal.status == 0) {
      handed_off_ = true;
      finish();
      ws->open(std::move(stream_), std::move(message));
      return;
    }
    write(std::move(refusal), keep_alive_ && !stopping_);
  }

  /// Answers a request that could not be read and closes, reading (and dropping) what the client
  /// still sends for a while, so that it sees the answer rather than a reset.
  void fail(HttpResponse response) {
    version_ = 11;
    head_ = false;
    write(std::move(response), false);
  }

  void write(HttpResponse response, bool keep_alive) {
    response_ = make_response(std::move(response), version_, keep_alive, head_);
    stream_.expires_after(server_.limits.request_timeout);
    http::async_write(stream_, response_,
                      beast::bind_front_handler(&HttpSession::on_write, shared_from_this()));
  }

  void on_write(error_code ec, std::size_t) {
    if (ec) return finish();
    if (!response_.keep_alive()) return linger();
    if (stopping_) return finish();
    read_request();
  }

  void linger() {
    error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::min<std::chrono::steady_clock::duration>(
        server_.limits.request_timeout, std::chrono::seconds(5)));
    drain();
  }

  void drain() {
    buffer_.consume(buffer_.size());
    stream_.async_read_some(
        buffer_.prepare(16 * 1024), [self = shared_from_this()](error_code ec, std::size_t n) {
          self->drained_ += n;
          if (ec || self->stopping_ ||
              self->drained_ > 4 * self->server_.limits.max_upload_bytes + 65536) {
            error_code ignored;
            self->stream_.socket().close(ignored);
            return self->finish();
          }
          self->drain();
        });
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    awaiting_handler_ = false;
    if (!handed_off_) server_.leave(client_);
    server_.remove_session(id_);
  }

  /// The Respond given to the handler: once, from any thread; a 500 if it is dropped unanswered.
  class Reply {
   public:
    Reply(std::weak_ptr<HttpSession> session, std::shared_ptr<Gate> gate)
        : session_(std::move(session)), gate_(std::move(gate)) {}
    ~Reply() {
      if (!done_.load()) send(json_error(500, "the request was not answered"));
    }
    void send(HttpResponse response) {
      if (done_.exchange(true)) return;
      gate_->dispatch(session_, [&response](std::shared_ptr<HttpSession> session) {
        return [session = std::move(session), response = std::move(response)]() mutable {
          session->answer(std::move(response));
        };
      });
    }

   private:
    std::weak_ptr<HttpSession> session_;
    std::shared_ptr<Gate> gate_;
    std::atomic<bool> done_{false};
  };

  Impl& server_;
  beast::tcp_stream stream_;
  ClientPtr client_;  ///< as counted by Core::enter
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::response<http::string_body> response_;
  std::uint64_t id_ = 0;
  std::size_t drained_ = 0;
  unsigned version_ = 11;
  bool request_begun_ = true;
  bool keep_alive_ = true;
  bool head_ = false;            ///< the request being answered is HEAD: headers only
  bool header_checked_ = false;  ///< the request's header was checked against the limits
  bool awaiting_handler_ = false;
  bool stopping_ = false;
  bool handed_off_ = false;
  bool finished_ = false;
};

// ---------------------------------------------------------------------------------------------
// The server

void Core::accept(tcp::acceptor& acceptor) {
  acceptor.async_accept(net::make_strand(ioc),
                        [this, &acceptor](error_code ec, tcp::socket socket) {
                          on_accept(acceptor, ec, std::move(socket));
                        });
}

void Core::on_accept(tcp::acceptor& acceptor, error_code ec, tcp::socket socket) {
  if (stopping || ec == net::error::operation_aborted) return;
  if (ec) {
    // Out of descriptors, say: try again shortly rather than spin.
    log_error("accept", ec.message().c_str());
    auto timer = std::make_shared<net::steady_timer>(strand, std::chrono::milliseconds(100));
    timer->async_wait([this, timer, &acceptor](error_code wait_ec) {
      if (!wait_ec && !stopping) accept(acceptor);
    });
    return;
  }
  const tcp::endpoint remote = socket.remote_endpoint(ec);
  ClientPtr client = ec ? nullptr : enter(remote.address().to_string());
  if (client == nullptr) {
    socket.close(ec);  // gone already, or past a cap: closed at once
  } else {
    socket.set_option(tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(*this, std::move(socket), std::move(client))->start();
  }
  accept(acceptor);
}

void Core::shed(const Client* only) {
  std::lock_guard lock(shed_mutex);
  const std::size_t cap =
      only != nullptr ? limits.max_queued_bytes_per_address : limits.max_total_queued_bytes;
  const auto held = [&] { return only != nullptr ? only->queued.load() : queued_total.load(); };
  if (held() <= cap) return;  // another shed was first
  std::vector<std::pair<std::size_t, std::shared_ptr<Session>>> largest;
  {
    std::lock_guard sessions_lock(sessions_mutex);
    for (const auto& [id, session] : sessions) {
      if (only != nullptr && session->client() != only) continue;
      if (const std::size_t queued = session->queued(); queued > 0) {
        largest.emplace_back(queued, session);
      }
    }
  }
  std::sort(largest.begin(), largest.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t target = cap - cap / 4;
  for (const auto& [queued, session] : largest) {
    if (held() <= target) break;
    session->cut();
  }
}

void Core::dropped(std::size_t bytes) {
  // Freed memory stays with the allocator's arenas (glibc's keeps a thread's for it): after
  // sockets that held much are gone, it is given back, at most once per this many bytes.
  constexpr std::size_t kGiveBackAfter = 32 << 20;
  if (dropped_since_trim.fetch_add(bytes) + bytes < kGiveBackAfter) return;
  dropped_since_trim.store(0);
  // On the server's strand, after the drops queued before it: once the queues have gone.
  net::post(strand, [] { return_free_memory(); });
}

void Core::do_stop() {
  if (stopping) return;
  stopping = true;
  error_code ignored;
  for (auto& acceptor : acceptors) acceptor->close(ignored);
  guarded("stopping", [&] { handler.stopping(); });  // its long work first: nothing new starts
  if (signals) {
    signals->cancel(ignored);
    signals->clear(ignored);  // SIGINT and SIGTERM behave as usual again
  }
  for (auto& [id, waiting] : timers) waiting.timer->cancel();
  timers.clear();
  pending_timers.store(0);
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard lock(sessions_mutex);
    closing_sessions = true;
    for (auto& [id, session] : sessions) open.push_back(session);
  }
  for (auto& session : open) session->shutdown();
  work.reset();  // run() returns once the sessions have wound down
}

}  // namespace

struct HttpServer::Impl : Core {
  using Core::Core;
};

HttpServer::HttpServer(Handler& handler, ServerLimits limits)
    : impl_(std::make_unique<Impl>(handler, limits)) {}

HttpServer::~HttpServer() {
  {
    std::unique_lock lock(impl_->gate->mutex);
    impl_->gate->open = false;
  }
  impl_->ioc.stop();
  std::unordered_map<std::uint64_t, std::shared_ptr<Session>> sessions;
  {
    std::lock_guard lock(impl_->sessions_mutex);
    impl_->closing_sessions = true;
    sessions.swap(impl_->sessions);
  }
  sessions.clear();
}

std::uint16_t HttpServer::listen(const std::string& host, std::uint16_t port) {
  auto fail = [&](const std::string& reason) {
    return std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + ": " +
                              reason);
  };
  if (host.empty()) {
    throw std::runtime_error(
        "no host given to listen on: 127.0.0.1 serves this machine only, 0.0.0.0 every "
        "interface");
  }
  error_code ec;
  tcp::resolver resolver(impl_->ioc);
  auto results = resolver.resolve(host, std::to_string(port),
                                  tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec) throw fail(ec.message());
  if (results.empty()) throw fail("no address");
  tcp::endpoint endpoint = results.begin()->endpoint();
  for (const auto& entry : results) {  // "localhost": IPv4 first, as most clients try it first
    if (entry.endpoint().address().is_v4()) {
      endpoint = entry.endpoint();
      break;
    }
  }
  auto acceptor = std::make_unique<tcp::acceptor>(impl_->strand);
  if (acceptor->open(endpoint.protocol(), ec)) throw fail(ec.message());
  if (acceptor->set_option(net::socket_base::reuse_address(true), ec)) throw fail(ec.message());
  if (acceptor->bind(endpoint, ec)) throw fail(ec.message());
  if (acceptor->listen(net::socket_base::max_listen_connections, ec)) throw fail(ec.message());
  auto bound = acceptor->local_endpoint(ec);
  if (ec) throw fail(ec.message());
  tcp::acceptor& ref = *acceptor;
  impl_->acceptors.push_back(std::move(acceptor));
  if (bound.address().is_unspecified()) impl_->every_interface = true;
  net::post(impl_->strand, [impl = impl_.get(), &ref] {
    if (!impl->stopping) impl->accept(ref);
  });
  return bound.port();
}

bool HttpServer::listens_on_every_interface() const { return impl_->every_interface; }

void HttpServer::run(int threads, bool stop_on_signals) {
  if (stop_on_signals) {
    net::post(impl_->strand, [impl = impl_.get()] {
      if (impl->stopping) return;
      impl->signals.emplace(impl->strand, SIGINT, SIGTERM);
      impl->signals->async_wait([impl](error_code ec, int) {
        if (!ec) impl->do_stop();
      });
    });
  }
  auto loop = [this] {
    // An exception out of run() is a bug somewhere: it is logged, and the loop serves on.
    while (!guarded("event loop", [&] { impl_->ioc.run(); })) continue;
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(loop);
  loop();
  for (auto& thread : pool) thread.join();
}

void HttpServer::stop() {
  std::shared_lock lock(impl_->gate->mutex);
  if (impl_->gate->open) net::post(impl_->strand, [impl = impl_.get()] { impl->do_stop(); });
}

TimerHandle HttpServer::post_after(std::chrono::milliseconds delay, std::function<void()> task) {
  std::shared_lock lock(impl_->gate->mutex);
  if (!impl_->gate->open) return {};
  const std::uint64_t id = ++impl_->next_timer;
  net::post(impl_->strand, [impl = impl_.get(), id, delay, task = std::move(task)]() mutable {
    if (impl->stopping) return;
    auto timer = std::make_shared<net::steady_timer>(impl->strand, delay);
    impl->timers.emplace(id, Core::Waiting{timer, std::move(task)});
    impl->pending_timers.store(impl->timers.size());
    timer->async_wait([impl, id](error_code ec) {
      if (ec || impl->stopping) return;
      const auto found = impl->timers.find(id);
      if (found == impl->timers.end()) return;  // cancelled
      std::function<void()> due = std::move(found->second.task);
      impl->timers.erase(found);
      impl->pending_timers.store(impl->timers.size());
      guarded("timer task", due);
    });
  });
  // Posted to the same strand after the task above (a handle is used only once it is returned),
  // so a cancel always finds the timer made, unless it has run.
  return TimerHandle([gate = impl_->gate, impl = impl_.get(), id] {
    std::shared_lock gate_lock(gate->mutex);
    if (!gate->open) return;  // the server is gone, and its timers with it
    net::post(impl->strand, [impl, id] {
      const auto found = impl->timers.find(id);
      if (found == impl->timers.end()) return;
      found->second.timer->cancel();
      impl->timers.erase(found);
      impl->pending_timers.store(impl->timers.size());
    });
  });
}

std::size_t HttpServer::pending_timers() const { return impl_->pending_timers.load(); }

std::size_t HttpServer::queued_bytes() const { return impl_->queued_total.load(); }

void return_free_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace wg::server
