#include "server/auction_routes.h"

#include <memory>
#include <utility>
#include <variant>

#include "app/registry.h"
#include "server/arcade_options.h"
#include "server/auction_replay.h"
#include "server/responses.h"
#include "server/sessions.h"

namespace wg::server {

namespace {

class AuctionRoutes final : public GameRoutes {
 public:
  AuctionRoutes(const GameRoutesHost& host, TournamentOptions options)
      : lexicon_(host.lexicon), sessions_(host.sessions), tournaments_(host.lexicon, [&] {
          options.allowed_bots = host.options.allowed_bots;
          options.bots = host.options.bots;
          options.store = host.options.store;  // kept in the store too
          options.now_ms = host.now_ms;
          options.on_workers = host.options.on_workers;
          options.lexicon_source = host.options.lexicon_source;
          return options;
        }()) {}

  bool owns(const HttpRequest& request, const std::vector<std::string_view>& parts) const override {
    return Tournaments::owns(parts) || request.path == kReplayPath;
  }

  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts,
                     Respond&) override {
    if (Tournaments::owns(parts))
      return tournaments_.route(request, {parts.begin() + 3, parts.end()});
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return replay(request);
  }

  bool takes_upload(std::string_view path) const override { return path == kReplayPath; }

  bool opens_session(const HttpRequest& request) const override {
    return request.path == kReplayPath && request.method == "POST";
  }

  HttpResponse open_socket(const HttpRequest& request, const std::vector<std::string_view>& parts,
                           std::shared_ptr<WebSocketPeer> peer) override {
    // /api/auction/tournaments/ID/live
    if (parts.size() != 5 || !Tournaments::owns(parts)) return not_found(request);
    return tournaments_.open_socket(parts[3], std::move(peer));
  }

  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer) override {
    tournaments_.socket_closed(peer);
  }

  void stopping() override { tournaments_.stop_all(); }

 private:
  /// A session replaying an uploaded log (server/auction_replay.h).
  HttpResponse replay(const HttpRequest& request) {
    if (auto refusal = sessions_.refuse_opening()) return std::move(*refusal);
    auto replayed = replay_request(request, lexicon_);
    if (auto* refusal = std::get_if<HttpResponse>(&replayed)) return std::move(*refusal);
    auto& session = std::get<std::unique_ptr<app::GameSession>>(replayed);
    const app::GameEntry* game = app::find_game(session->saved().value("game", ""));
    // The log holds the seed: the client knows the game.
    return sessions_.opened(sessions_.add(std::move(session), *game, {.known = true}));
  }

  std::shared_ptr<const Lexicon> lexicon_;
  Sessions& sessions_;
  Tournaments tournaments_;
};

}  // namespace

GameRoutesMaker auction_routes(TournamentOptions options) {
  return [options = std::move(options)](const GameRoutesHost& host) {
    return std::make_unique<AuctionRoutes>(host, options);
  };
}

}  // namespace wg::server
