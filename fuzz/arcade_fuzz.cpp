// The arcade's request handling itself (server/arcade.h, the Handler that the HTTP server calls),
// in process and without a socket: the targets below start under it (a codec, a config) and
// miss what the router, the sessions' routes, the rooms and the players' routes do with a
// request. Each input is a conversation with the arcade (no store, a small lexicon), one line a
// step:
//
//   METHOD TARGET [BODY]   a request ("POST /api/sessions {"game": "hand"}")
//   OPEN TARGET            a WebSocket upgrade to TARGET, the socket then followed
//   SEND TEXT              a message on the last socket opened
//   CLOSE                  the last socket closes
//   SECRET TEXT            the X-Player-Secret of the requests that follow
//
// In a target, a body or a message, $ID, $WATCH, $ROOM and $KEY stand for the last session id,
// watch code, room code and room key the arcade answered with, so that inputs reach a session's
// or a room's routes, whose names are random. Properties: the arcade never fails (no 500, no
// exception out of it), every answer has a status from 100 to 599 (0 only for an accepted
// upgrade), and a JSON answer or socket message is JSON.
//
// One arcade serves every input of the process: making one per input (its four worker threads
// started and joined) cost more than most conversations. Arcade::clear drops every session and
// room after each input (stopping and waiting for the commands still running), so an input
// meets the arcade as new whatever ran before it; the clock is the input's own (it starts at
// the same instant for every input and moves 1 ms a step), so that time depends on the input
// alone.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <future>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/json.h"
#include "fuzz/fuzz_support.h"
#include "server/arcade.h"

namespace {

using wg::app::Json;
using wg::fuzz::require;
using wg::server::HttpRequest;
using wg::server::HttpResponse;

constexpr std::size_t kMaxSteps = 48;

/// A socket that keeps nothing: what the arcade sends it is checked, then dropped.
class Peer final : public wg::server::WebSocketPeer {
 public:
  void send(std::string text) override { require(Json::accept(text), "a socket message is JSON"); }
  void close() override {}
};

/// The names the arcade gave out so far, by placeholder.
struct Names {
  std::map<std::string, std::string> values;

  std::string expand(std::string_view text) const {
    std::string out(text);
    for (const auto& [key, value] : values) {
      for (std::size_t at = out.find(key); at != std::string::npos;
           at = out.find(key, at + value.size())) {
        out.replace(at, key.size(), value);
      }
    }
    return out;
  }
};

/// The placeholders and the answer's fields they stand for.
constexpr std::pair<const char*, const char*> kPlaceholders[] = {
    {"id", "$ID"}, {"watch", "$WATCH"}, {"room", "$ROOM"}, {"player", "$KEY"}};

/// Reads a JSON text with nlohmann's parser, as Json::parse does (strict, no comments), without
/// building the document: parsing every answer into a Json again took 40 % of the target's
/// time. Keeps the value of each top-level field of kPlaceholders when it is a string (the last
/// one, as Json::parse keeps a repeated key's last value).
class Fields final : public nlohmann::json_sax<Json> {
 public:
  /// True if `text` is JSON; learns what it names into `names`.
  bool read(const std::string& text, Names& names) {
    if (!Json::sax_parse(text, this)) return false;
    for (std::size_t i = 0; i < std::size(kPlaceholders); ++i) {
      if (found_[i]) names.values[kPlaceholders[i].second] = std::move(*found_[i]);
    }
    return true;
  }

  bool null() override { return value(nullptr); }
  bool boolean(bool) override { return value(nullptr); }
  bool number_integer(number_integer_t) override { return value(nullptr); }
  bool number_unsigned(number_unsigned_t) override { return value(nullptr); }
  bool number_float(number_float_t, const string_t&) override { return value(nullptr); }
  bool string(string_t& text) override { return value(&text); }
  bool binary(binary_t&) override { return value(nullptr); }
  bool start_object(std::size_t) override {
    value(nullptr);
    ++depth_;
    return true;
  }
  bool key(string_t& name) override {
    field_ = -1;
    if (depth_ != 1) return true;
    for (std::size_t i = 0; i < std::size(kPlaceholders); ++i) {
      if (name == kPlaceholders[i].first) field_ = static_cast<int>(i);
    }
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    value(nullptr);
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  /// A value begins: a string (`text`) or another (null); kept if it is a wanted field's.
  bool value(const string_t* text) {
    if (depth_ == 1 && field_ >= 0) {
      found_[field_] = text != nullptr ? std::optional<std::string>(*text) : std::nullopt;
    }
    field_ = -1;
    return true;
  }

  int depth_ = 0;   ///< objects and arrays open
  int field_ = -1;  ///< the kPlaceholders entry whose value comes next, or -1
  std::optional<std::string> found_[std::size(kPlaceholders)];
};

void check(const HttpResponse& response, Names& names) {
  if (response.status == 500) std::fprintf(stderr, "500: %s\n", response.body.c_str());
  require(response.status >= 100 && response.status <= 599, "a status from 100 to 599");
  require(response.status != 500, "the arcade never fails (500)");
  if (response.content_type.starts_with("application/json")) {
    require(Fields().read(response.body, names), "a JSON answer is JSON");
  }
}

HttpRequest request_of(std::string method, std::string target, std::string body,
                       const std::string& secret) {
  HttpRequest request;
  request.method = std::move(method);
  request.target = target;
  const std::size_t question = target.find('?');
  request.path = target.substr(0, question);
  if (question != std::string::npos) request.query = target.substr(question + 1);
  request.body = std::move(body);
  request.content_type = request.body.empty() ? "" : "application/json";
  request.host = "127.0.0.1:8080";
  request.player_secret = secret;
  request.remote = "192.0.2.1";
  return request;
}

/// The input's time: milliseconds since it began (one a step).
std::atomic<std::int64_t> elapsed_ms{0};

/// The arcade every input talks to, made on first use and never destroyed (its threads wait for
/// work until the process exits).
wg::server::Arcade& shared_arcade() {
  static wg::server::Arcade* const made = [] {
    wg::server::ArcadeOptions options;
    options.max_sessions = 32;
    options.game_routes.clear();  // the games' own routes fetch and run bots: not here
    wg::server::ArcadeClock clock;
    // The same instant at the start of every input (any fixed one: 2026-01-01 for the dates).
    clock.now = [] {
      return std::chrono::steady_clock::time_point(std::chrono::hours(1000) +
                                                   std::chrono::milliseconds(elapsed_ms.load()));
    };
    clock.system_now = [] {
      return std::chrono::system_clock::time_point(std::chrono::seconds(1767225600) +
                                                   std::chrono::milliseconds(elapsed_ms.load()));
    };
    return new wg::server::Arcade(wg::fuzz::fuzz_lexicon(), options, clock);
  }();
  return *made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  wg::server::Arcade& arcade = shared_arcade();
  elapsed_ms = 0;
  Names names;
  std::string secret;
  std::shared_ptr<Peer> peer;
  std::string_view text = wg::fuzz::as_text(data, size);
  for (std::size_t step = 0; step < kMaxSteps && !text.empty(); ++step) {
    ++elapsed_ms;
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t space = line.find(' ');
    const std::string_view verb = line.substr(0, space);
    const std::string_view rest =
        space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
    if (verb == "SECRET") {
      secret = names.expand(rest);
    } else if (verb == "OPEN") {
      auto opened = std::make_shared<Peer>();
      const HttpResponse answer =
          arcade.open_socket(request_of("GET", names.expand(rest), "", secret), opened);
      if (answer.status == 0) {
        peer = opened;
      } else {
        check(answer, names);
      }
    } else if (verb == "SEND") {
      if (peer) arcade.socket_message(peer, names.expand(rest));
    } else if (verb == "CLOSE") {
      if (peer) arcade.socket_closed(peer);
      peer.reset();
    } else {
      const std::size_t target_end = rest.find(' ');
      const std::string target = names.expand(rest.substr(0, target_end));
      const std::string body = target_end == std::string_view::npos
                                   ? std::string()
                                   : names.expand(rest.substr(target_end + 1));
      auto answered = std::make_shared<std::promise<HttpResponse>>();
      std::future<HttpResponse> answer = answered->get_future();
      arcade.handle(
          request_of(std::string(verb), target, body, secret),
          [answered](HttpResponse response) { answered->set_value(std::move(response)); });
      check(answer.get(), names);  // a long command answers from a worker
    }
  }
  if (peer) arcade.socket_closed(peer);
  arcade.clear();  // the next input meets a new arcade
  return 0;
}
