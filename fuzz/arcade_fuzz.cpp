// The arcade's request handling itself (server/arcade.h, the Handler that the HTTP server calls),
// in process and without a socket: the targets below start under it (a codec, a config) and
// miss what the router, the sessions' routes, the rooms and the players' routes do with a
// request. Each input is a conversation with one fresh arcade (no store, a small lexicon), one
// line a step:
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
// upgrade), and a JSON answer is JSON.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
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
  void send(std::string text) override {
    const Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    require(!json.is_discarded(), "a socket message is JSON");
  }
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
  void learn(const Json& answer) {
    if (!answer.is_object()) return;
    const auto keep = [&](const char* field, const char* placeholder) {
      const auto found = answer.find(field);
      if (found != answer.end() && found->is_string()) values[placeholder] = *found;
    };
    keep("id", "$ID");
    keep("watch", "$WATCH");
    keep("room", "$ROOM");
    keep("player", "$KEY");
  }
};

void check(const HttpResponse& response, Names& names) {
  if (response.status == 500) std::fprintf(stderr, "500: %s\n", response.body.c_str());
  require(response.status >= 100 && response.status <= 599, "a status from 100 to 599");
  require(response.status != 500, "the arcade never fails (500)");
  if (response.content_type.starts_with("application/json")) {
    const Json body = Json::parse(response.body, nullptr, /*allow_exceptions=*/false);
    require(!body.is_discarded(), "a JSON answer is JSON");
    names.learn(body);
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto lexicon = wg::fuzz::fuzz_lexicon();
  wg::server::ArcadeOptions options;
  options.max_sessions = 32;
  options.game_routes.clear();  // the games' own routes fetch and run bots: not here
  wg::server::Arcade arcade(lexicon, options);
  Names names;
  std::string secret;
  std::shared_ptr<Peer> peer;
  std::string_view text = wg::fuzz::as_text(data, size);
  for (std::size_t step = 0; step < kMaxSteps && !text.empty(); ++step) {
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
  return 0;
}
