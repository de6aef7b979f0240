#include "server/rooms.h"

#include <random>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "server/players.h"
#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

struct Rooms::Room {
  std::string code;            ///< what players type to join: short, not secret
  const app::GameEntry* game;  ///< the room's entry (GameEntry::rooms)
  LivePtr live;                ///< the room's session (its members' keys with it)
};

namespace {

constexpr std::string_view kRoomLetters = "BCDFGHJKLMNPQRSTVWXZ";  // no vowels: no words
/// 20^8 = 2.56e10 codes: at kMaxMissedCodes a minute, a client trying codes needs about five
/// years to find one of a thousand open rooms (at the 19,000 a second of an unlimited client,
/// five consonants fell in three minutes).
constexpr std::size_t kRoomCodeLength = 8;
/// Codes that are no room's a client may ask for in a minute (a typo or two, an expired link),
/// and the clients remembered before the oldest minutes are forgotten.
constexpr int kMaxMissedCodes = 10;
constexpr std::size_t kMaxClientsRemembered = 100000;

/// A room's code: eight consonants, easy to read out in a classroom (as two groups of four).
/// On a server of a cluster (ArcadeOptions::node), the first names the server, so that the
/// balancer sends the room's requests to it (scripts/cluster): node N's letter is the N-th of
/// kRoomLetters (counting on from the first again past 20).
std::string random_room_code(std::string_view node) {
  std::random_device device;
  std::string code;
  if (!node.empty()) {
    const unsigned number = std::stoul(std::string(node), nullptr, 16);
    code += kRoomLetters[(number + kRoomLetters.size() - 1) % kRoomLetters.size()];
  }
  while (code.size() < kRoomCodeLength) code += kRoomLetters[device() % kRoomLetters.size()];
  return code;
}

/// The game a new room plays: the one named ("game"), or the first that has rooms; nullptr when
/// the name is not one of a game with rooms.
const app::GameEntry* room_game(const Json& body) {
  const auto named = body.find("game");
  if (named == body.end()) {
    for (const app::GameEntry& game : app::games()) {
      if (game.rooms) return &game;
    }
    return nullptr;
  }
  if (!named->is_string()) return nullptr;
  const app::GameEntry* game = app::find_game(named->get<std::string>());
  return game != nullptr && game->rooms ? game : nullptr;
}

/// The name a player asks to be shown by ("name", else their "player" name in the store), or
/// the refusal; the room's session judges it.
std::variant<std::string, HttpResponse> requested_name(const Json& body) {
  const auto name = body.find("name");
  if (name != body.end() && name->is_string()) return name->get<std::string>();
  const auto player = body.find("player");
  if (name == body.end() && player != body.end() && player->is_string()) {
    return player->get<std::string>();
  }
  return error(400, "bad_request", "say your name: {\"name\": \"Ann\"}");
}

/// The first event named `name` among `events`, or an empty object.
Json event_named(const Json& events, std::string_view name) {
  for (const Json& event : events) {
    if (event.value("event", "") == name) return event;
  }
  return Json::object();
}

}  // namespace

Rooms::Rooms(Sessions& sessions, std::shared_ptr<const Lexicon> lexicon,
             const ArcadeOptions& options, const ArcadeClock& clock)
    : sessions_(sessions), lexicon_(std::move(lexicon)), options_(options), clock_(clock) {}

Rooms::~Rooms() = default;

bool Rooms::owns(const std::vector<std::string_view>& parts) {
  return parts.size() >= 2 && parts[0] == "api" && parts[1] == "rooms";
}

Rooms::RoomPtr Rooms::find(const HttpRequest& request, std::string_view code,
                           HttpResponse& refusal) {
  const auto now = clock_.now();
  std::unique_lock lock(mutex_);
  Misses* misses = nullptr;
  if (const auto client = misses_.find(request.remote); client != misses_.end()) {
    if (now - client->second.since >= std::chrono::minutes(1)) {
      misses_.erase(client);
    } else {
      misses = &client->second;
    }
  }
  if (misses != nullptr && misses->count >= kMaxMissedCodes) {
    refusal = error(429, "too_many_guesses",
                    "too many room codes that are no room's from here: wait a minute, and ask "
                    "for the room's link");
    refusal.headers.emplace_back("Retry-After", "60");
    return nullptr;
  }
  if (const auto found = rooms_.find(std::string(code)); found != rooms_.end()) {
    return found->second;
  }
  // Kept in the store (this server restarted, or took the room over from another): revived.
  lock.unlock();
  if (LivePtr live = sessions_.revive_room(code); live != nullptr) {
    auto room = std::make_shared<Room>(Room{live->room, live->game, live});
    lock.lock();
    return rooms_.try_emplace(room->code, room).first->second;
  }
  lock.lock();
  if (const auto client = misses_.find(request.remote); client != misses_.end()) {
    misses = &client->second;  // the map may have changed while unlocked
  } else {
    misses = nullptr;
  }
  if (misses == nullptr) {
    if (misses_.size() >= kMaxClientsRemembered) {
      std::erase_if(misses_, [&](const auto& entry) {
        return now - entry.second.since >= std::chrono::minutes(1);
      });
    }
    if (misses_.size() < kMaxClientsRemembered) misses = &(misses_[request.remote] = {now, 0});
  }
  if (misses != nullptr) ++misses->count;
  refusal = error(404, "unknown_room", "there is no room with that code (it may have expired)");
  return nullptr;
}

HttpResponse Rooms::route(const HttpRequest& request, const std::vector<std::string_view>& parts) {
  if (parts.size() == 2) {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return create_room(request);
  }
  HttpResponse refusal;
  const RoomPtr room = find(request, parts[2], refusal);
  if (room == nullptr) return refusal;
  if (parts.size() == 3) {
    if (request.method != "GET") return method_not_allowed(request, "GET");
    std::lock_guard lock(room->live->mutex);
    const auto seat = room->live->room_keys.find(query_value(request.query, "player"));
    if (seat == room->live->room_keys.end()) {
      return error(403, "not_in_room", "join the room first: POST /api/rooms/CODE/players");
    }
    room->live->last_used = clock_.now();
    return json_response(200, state(*room, seat->second));
  }
  if (parts.size() == 4 && parts[3] == "players") {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return join_room(room, request);
  }
  if (parts.size() == 4 && (parts[3] == "start" || parts[3] == "commands")) {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    auto parsed = json_body(request);
    if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
    Json& body = std::get<Json>(parsed);
    if (parts[3] == "start") {
      // {"player": KEY}: the host's start.
      const auto key = body.find("player");
      if (key == body.end() || !key->is_string()) {
        return error(400, "bad_request", "say whose start it is: {\"player\": KEY}", "player");
      }
      return member_command(room, request, key->get<std::string>(), {{"command", "start"}});
    }
    return member_command(room, request, query_value(request.query, "player"), std::move(body));
  }
  return not_found(request);
}

Json Rooms::state(const Room& room, Seat seat) const {
  Json reply = sessions_.snapshot(*room.live, seat);
  reply["room"] = room.code;
  return reply;
}

HttpResponse Rooms::seat_player(Room& room, const std::string& name, const std::string& stored) {
  const Json events =
      sessions_.play_host_command(*room.live, {{"command", "join"}, {"name", name}});
  const Json joined = event_named(events, "joined");
  if (joined.empty()) {
    const Json refused = event_named(events, "rejected");
    const std::string reason = refused.value("reason", "");
    const std::string message = refused.value("detail", "the room refused that name");
    if (reason == "repeated") return error(409, "name_taken", message);
    if (reason == "not_allowed") return error(409, "room_full", message);
    return error(400, "bad_request", message);
  }
  const Seat seat = joined.value("seat", kObserver);
  std::string key = random_id();
  room.live->room_keys[key] = seat;
  if (!stored.empty()) room.live->players[seat] = stored;  // their rounds are kept as theirs
  sessions_.keep(*room.live);  // the key with the room, for the server that takes it over
  Json reply = state(room, seat);
  reply["player"] = std::move(key);
  return json_response(201, reply);
}

HttpResponse Rooms::create_room(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "game" && key != "config" && key != "seed" && key != "name" && key != "player") {
      return error(400, "bad_request", fmt::format("a new room takes no '{}'", key));
    }
  }
  auto name = requested_name(body);
  if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
  auto player = acting_player(request, body, options_.store.get());
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const app::GameEntry* game = room_game(body);
  if (game == nullptr) {
    std::string names;
    for (const app::GameEntry& entry : app::games()) {
      if (entry.rooms) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", entry.name);
    }
    return error(400, "bad_request", fmt::format("rooms are for the games {}", names));
  }
  const Json config = body.value("config", Json::object());
  auto requested = requested_seed(body);
  if (auto* refusal = std::get_if<HttpResponse>(&requested)) return std::move(*refusal);
  if (auto refusal = sessions_.refuse_opening()) return std::move(*refusal);
  std::unique_ptr<app::GameSession> session;
  try {
    session = game->rooms->open(config, std::get<std::uint64_t>(requested), lexicon_);
  } catch (const ConfigError& e) {
    return config_refusal(e);
  }
  auto room = std::make_shared<Room>();
  room->game = game->rooms.get();
  // A room's seed rolls all its rounds: never shown, unless its host chose it (then every round
  // of the room is practice).
  room->live = sessions_.add(std::move(session), *room->game,
                             {.known = body.contains("seed"), .shown_at_end = false});
  room->live->room = true;
  const std::string stored = sessions_.stored_player(std::get<std::string>(player));
  {
    std::lock_guard lock(mutex_);
    do {
      room->code = random_room_code(options_.node);
    } while (rooms_.contains(room->code));
    rooms_[room->code] = room;
  }
  room->live->room = room->code;  // not shared yet: its id is no one's
  std::lock_guard lock(room->live->mutex);
  // The one who opens the room takes its first seat, the host's.
  HttpResponse reply = seat_player(*room, std::get<std::string>(name), stored);
  if (reply.status != 201) {
    sessions_.remove(*room->live);
    sessions_.forget(room->live->id);
    std::lock_guard map_lock(mutex_);
    rooms_.erase(room->code);
  }
  return reply;
}

HttpResponse Rooms::join_room(const RoomPtr& room, const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  auto name = requested_name(std::get<Json>(parsed));
  if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
  auto player = acting_player(request, std::get<Json>(parsed), options_.store.get());
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const std::string stored = sessions_.stored_player(std::get<std::string>(player));
  std::lock_guard lock(room->live->mutex);
  return seat_player(*room, std::get<std::string>(name), stored);
}

HttpResponse Rooms::member_command(const RoomPtr& room, const HttpRequest& request,
                                   const std::string& key, Json command) {
  std::lock_guard lock(room->live->mutex);
  const auto seat = room->live->room_keys.find(key);
  if (seat == room->live->room_keys.end()) {
    return error(403, "not_in_room", "join the room first: POST /api/rooms/CODE/players");
  }
  if (app::host_only(*room->game, command)) return host_only_refusal();
  if (const auto refusal = sessions_.refuse_command(*room->live)) {
    return refusal->response();
  }
  const bool start = command.value("command", "") == "start";
  Json events =
      sessions_.play_as(*room->live, std::move(command), seat->second, client_of(request));
  if (start) {
    // The start's own route answers a refusal as an error, as it always has.
    const Json refused = event_named(events, "rejected");
    if (refused.value("reason", "") == "not_allowed") {
      return error(403, "not_host", "only the player who opened the room starts its rounds");
    }
    if (refused.value("reason", "") == "wrong_phase") {
      return error(409, "playing", "the round is on: wait for it to end");
    }
  }
  Json reply = state(*room, seat->second);
  reply["events"] = std::move(events);
  return json_response(200, reply);
}

HttpResponse Rooms::open_socket(const HttpRequest& request,
                                const std::vector<std::string_view>& parts,
                                std::shared_ptr<WebSocketPeer> peer) {
  HttpResponse refusal;
  const RoomPtr room = find(request, parts[2], refusal);
  if (room == nullptr) return refusal;
  Seat seat = kObserver;
  {
    std::lock_guard lock(room->live->mutex);
    const auto found = room->live->room_keys.find(query_value(request.query, "player"));
    if (found == room->live->room_keys.end())
      return error(403, "not_in_room", "join the room first");
    seat = found->second;
  }
  return sessions_.follow(room->live, request, std::move(peer), seat);
}

std::size_t Rooms::expire_idle() {
  std::lock_guard lock(mutex_);
  return std::erase_if(rooms_,
                       [&](const auto& entry) { return !sessions_.open(*entry.second->live); });
}

std::size_t Rooms::count() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace wg::server
