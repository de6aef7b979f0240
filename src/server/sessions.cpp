#include "server/sessions.h"

#include <algorithm>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

namespace {

/// Long commands running at once; more wait their turn (each session runs one at a time).
constexpr unsigned kWorkers = 2;

}  // namespace

Sessions::Sessions(std::shared_ptr<const Lexicon> lexicon, const ArcadeOptions& options,
                   const ArcadeClock& clock)
    : lexicon_(std::move(lexicon)),
      options_(options),
      clock_(clock),
      workers_(std::make_unique<Workers>(kWorkers)) {}

Sessions::~Sessions() {
  std::vector<LivePtr> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, live] : sessions_) open.push_back(live);
  }
  for (const LivePtr& live : open) {
    std::lock_guard lock(live->mutex);
    if (live->running) live->running->stop.request_stop();
  }
  workers_.reset();  // the stopped commands end, answer and push
}

bool Sessions::runs_long(const app::GameEntry& game, const Json& config) {
  return game.slow && game.slow(config);
}

LivePtr Sessions::make_live(std::unique_ptr<app::GameSession> session, const app::GameEntry& game,
                            SeedKnowledge seed) {
  auto live = std::make_shared<LiveSession>();
  live->game = &game;
  live->seat = session->owner_seat();
  live->session = std::move(session);
  live->id = random_id(options_.node);
  live->watch = random_id(options_.node);
  live->last_used = clock_.now();
  const Json saved = live->session->saved();
  live->record_bytes = saved.dump().size();
  live->budget = record_bytes_;
  *record_bytes_ += live->record_bytes;
  live->config = saved.value("config", Json::object());
  live->seed = saved.value("seed", std::uint64_t{0});
  live->hidden = app::hides_information(game, live->config);
  live->seed_known = seed.known;
  live->seed_at_end = seed.shown_at_end;
  live->practice = seed.known;
  live->finished = live->session->finished();
  if (live->finished && live->hidden && live->seed_at_end) live->seed_known = true;
  live->slow = runs_long(game, live->config);
  return live;
}

LivePtr Sessions::insert(LivePtr live) {
  std::lock_guard lock(mutex_);
  const auto [there, fresh] = sessions_.try_emplace(live->id, live);
  if (!fresh) return there->second;
  sessions_[live->watch] = live;
  return live;
}

LivePtr Sessions::add(std::unique_ptr<app::GameSession> session, const app::GameEntry& game,
                      SeedKnowledge seed) {
  return insert(make_live(std::move(session), game, seed));
}

HttpResponse Sessions::opened(const LivePtr& live) {
  std::lock_guard lock(live->mutex);
  keep_opened(*live);
  Json reply = handed(*live, live->seat);
  reply["id"] = live->id;
  return json_response(201, reply);
}

LivePtr Sessions::find(std::string_view id, bool* is_watch) {
  if (id.size() != kIdHexDigits) return nullptr;
  std::lock_guard lock(mutex_);
  const auto found = sessions_.find(std::string(id));
  if (found == sessions_.end()) return nullptr;
  if (is_watch != nullptr) *is_watch = found->second->watch == id;
  return found->second;
}

HttpResponse Sessions::open_socket(const HttpRequest& request,
                                   const std::vector<std::string_view>& parts,
                                   std::shared_ptr<WebSocketPeer> peer) {
  const bool by_watch = parts[1] == "watch";
  auto found = find_or_revive(parts[2], by_watch, request);
  if (auto* refusal = std::get_if<HttpResponse>(&found)) return std::move(*refusal);
  const LivePtr& live = std::get<LivePtr>(found);
  if (live == nullptr) return unknown_session();
  return follow(live, request, std::move(peer), by_watch ? kObserver : live->seat);
}

HttpResponse Sessions::follow(const LivePtr& live, const HttpRequest& request,
                              std::shared_ptr<WebSocketPeer> peer, Seat seat) {
  std::lock_guard lock(live->mutex);
  live->peers.push_back({peer, seat, client_of(request)});
  {
    std::lock_guard map_lock(mutex_);
    peers_[peer.get()] = live;
  }
  return accept_socket(*peer, snapshot(*live, seat), "update");
}

void Sessions::remove(const LiveSession& live) {
  std::lock_guard lock(mutex_);
  sessions_.erase(live.id);
  sessions_.erase(live.watch);
}

bool Sessions::shows_seed(const LiveSession& live) { return !live.hidden || live.seed_known; }

bool Sessions::open(const LiveSession& live) const {
  std::lock_guard lock(mutex_);
  return sessions_.contains(live.id);
}

bool Sessions::socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text) {
  LivePtr live;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found != peers_.end()) live = found->second;
  }
  if (live == nullptr) return false;
  std::variant<Json, std::string> parsed = app::parse_json(text);
  std::lock_guard lock(live->mutex);
  const auto held = std::find_if(live->peers.begin(), live->peers.end(),
                                 [&](const LiveSession::Follower& f) { return f.peer == peer; });
  if (held == live->peers.end()) return true;
  if (!std::holds_alternative<Json>(parsed) || !std::get<Json>(parsed).is_object()) {
    peer->send(socket_error("bad_json", "send a JSON command"));
    return true;
  }
  Json message = std::move(std::get<Json>(parsed));
  if (held->seat == kObserver) {
    peer->send(socket_error("watching", "spectators only watch"));
    return true;
  }
  const auto busy = [&] {
    peer->send(socket_error("busy", std::string(kBusyMessage)));
    return true;
  };
  if (live->running && !app::withdraws(*live->game, message)) return busy();
  if (app::host_only(*live->game, message)) {
    peer->send(socket_error("host_only", std::string(kHostOnlyMessage)));
    return true;
  }
  if (const auto refusal = refuse_command(*live)) {
    peer->send(refusal->socket_message());
    return true;
  }
  if (live->running) {  // the player takes the running command back for this one
    Respond none;
    return withdraw_running(*live, std::move(message), held->seat, none) || busy();
  }
  stamp(*live, message, held->seat);
  if (live->slow) {
    play_on_worker(live, std::move(message), nullptr);  // the update is pushed when it ends
    return true;
  }
  play(*live, std::move(message));
  return true;
}

void Sessions::socket_closed(const std::shared_ptr<WebSocketPeer>& peer) {
  LivePtr live;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found == peers_.end()) return;
    live = found->second;
    peers_.erase(found);
  }
  std::lock_guard lock(live->mutex);
  std::erase_if(live->peers, [&](const LiveSession::Follower& f) { return f.peer == peer; });
}

std::size_t Sessions::expire_idle() {
  if (options_.store != nullptr) {
    try {
      options_.store->forget_sessions_before(
          now_ms() -
          std::chrono::duration_cast<std::chrono::milliseconds>(options_.kept_sessions).count());
    } catch (const std::exception& problem) {
      store_failed(problem);
    }
  }
  const auto now = clock_.now();
  std::vector<LivePtr> expired;
  {
    std::lock_guard lock(mutex_);
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      const LivePtr& live = it->second;
      std::unique_lock session_lock(live->mutex, std::try_to_lock);
      const bool idle = session_lock.owns_lock() && live->peers.empty() &&
                        now - live->last_used > options_.idle_expiry;
      if (idle) {
        if (it->first == live->id) expired.push_back(live);
        it = sessions_.erase(it);
      } else {
        ++it;
      }
    }
  }
  // What the store failed to keep (a finished game, the game in play) is tried again: the
  // database may be back, and a game that ended has no next command to bring it.
  std::vector<LivePtr> unkept;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, live] : sessions_) {
      if (key == live->id) unkept.push_back(live);
    }
  }
  for (const LivePtr& live : unkept) {
    std::unique_lock session_lock(live->mutex, std::try_to_lock);
    if (session_lock.owns_lock() && !live->not_kept.empty()) keep(*live);
  }
  return expired.size();
}

std::size_t Sessions::count() const {
  std::lock_guard lock(mutex_);
  return sessions_.size() / 2;
}

std::optional<HttpResponse> Sessions::refuse_opening() const {
  if (count() >= options_.max_sessions || *record_bytes_ >= options_.max_total_record_bytes) {
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  return std::nullopt;
}

std::optional<Refusal> Sessions::refuse_command(const LiveSession& live) const {
  // What the record holds is counted as commands are applied (Sessions::applied): checking it
  // here costs no second rendering of the command. A record may pass its cap by the one command
  // that filled it (a body is at most 64 KiB).
  if (live.record_bytes >= options_.max_record_bytes) {
    return Refusal{
        413, "game_too_long",
        fmt::format("this game holds all a game may ({} kB of commands): start a new one",
                    options_.max_record_bytes / 1024)};
  }
  if (*record_bytes_ >= options_.max_total_record_bytes) {
    return Refusal{503, "arcade_full", "the arcade holds all the games it may; try again later"};
  }
  return std::nullopt;
}

}  // namespace wg::server
