#include "server/rooms.h"

#include <algorithm>
#include <random>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "core/text.h"
#include "server/players.h"
#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

struct Rooms::Room {
  enum class Phase : std::uint8_t { kWaiting, kPlaying, kFinished };
  struct Member {
    std::string name;
    std::string player;   ///< their name in the store ("" for nobody's: not recorded)
    std::string token;    ///< the player's key to the room (128 random bits)
    std::string session;  ///< the id of the player's session this round ("" before the first)
    Json view;            ///< the player's view at their last command
    bool done = false;    ///< the player's round is over
  };
  std::mutex
      mutex;  ///< guards all below but the constant members; taken after a Live's, never before
  std::string code;  ///< what players type to join: short, not secret
  const app::GameEntry* game = nullptr;
  Json config;
  std::uint64_t seed = 0;
  Phase phase = Phase::kWaiting;
  int round = 0;                ///< rounds started
  std::vector<Member> members;  ///< members[0] is the host, who starts each round
  Json results;                 ///< the last round's comparison, null before one ends
  std::vector<std::pair<std::shared_ptr<WebSocketPeer>, int>> peers;  ///< with the member's index
  std::chrono::steady_clock::time_point last_used;
};

namespace {

constexpr std::string_view kRoomLetters = "BCDFGHJKLMNPQRSTVWXZ";  // no vowels: no words
constexpr std::size_t kRoomCodeLength = 5;
constexpr std::size_t kMaxRoomPlayers = 16;
constexpr std::size_t kMaxNameLength = 24;

/// A room's code: five consonants, easy to read out in a classroom.
std::string random_room_code() {
  std::random_device device;
  std::string code;
  for (std::size_t i = 0; i < kRoomCodeLength; ++i)
    code += kRoomLetters[device() % kRoomLetters.size()];
  return code;
}

/// The game a new room plays: the one named ("game"), or the first that has rooms; nullptr when
/// the name is not one of a game with rooms.
const app::GameEntry* room_game(const Json& body) {
  const auto named = body.find("game");
  if (named == body.end()) {
    for (const app::GameEntry& game : app::games()) {
      if (game.room_result) return &game;
    }
    return nullptr;
  }
  if (!named->is_string()) return nullptr;
  const app::GameEntry* game = app::find_game(named->get<std::string>());
  return game != nullptr && game->room_result ? game : nullptr;
}

/// A player's name as given, trimmed, or the refusal.
std::variant<std::string, HttpResponse> player_name(const Json& body) {
  if (!body.contains("name") && body.contains("player") && body["player"].is_string()) {
    return player_name(Json{{"name", body["player"]}});  // their name in the store
  }
  if (!body.contains("name") || !body["name"].is_string()) {
    return error(400, "bad_request", "say your name: {\"name\": \"Ann\"}");
  }
  std::string name = std::string(trim(body["name"].get<std::string>()));
  if (name.empty() || name.size() > kMaxNameLength) {
    return error(400, "bad_request", fmt::format("a name has 1 to {} characters", kMaxNameLength));
  }
  // Shown to every player of the room: text, as a player's name is (core/text.h).
  if (!is_plain_text(name)) {
    return error(400, "bad_request", "a name is text: UTF-8 without control characters");
  }
  return name;
}

}  // namespace

Rooms::Rooms(Sessions& sessions, std::shared_ptr<const Lexicon> lexicon,
             const ArcadeOptions& options, const ArcadeClock& clock)
    : sessions_(sessions), lexicon_(std::move(lexicon)), options_(options), clock_(clock) {}

Rooms::~Rooms() = default;

bool Rooms::owns(const std::vector<std::string_view>& parts) {
  return parts.size() >= 2 && parts[0] == "api" && parts[1] == "rooms";
}

HttpResponse Rooms::route(const HttpRequest& request, const std::vector<std::string_view>& parts) {
  if (parts.size() == 2) {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return create_room(request);
  }
  RoomPtr room;
  {
    std::lock_guard lock(mutex_);
    const auto found = rooms_.find(std::string(parts[2]));
    if (found != rooms_.end()) room = found->second;
  }
  if (room == nullptr) {
    return error(404, "unknown_room", "there is no room with that code (it may have expired)");
  }
  if (parts.size() == 3) {
    if (request.method != "GET") return method_not_allowed(request, "GET");
    std::lock_guard lock(room->mutex);
    const std::string token = query_value(request.query, "player");
    for (std::size_t i = 0; i < room->members.size(); ++i) {
      if (room->members[i].token == token) {
        return json_response(200, room_state(*room, static_cast<int>(i)));
      }
    }
    return error(403, "not_in_room", "join the room first: POST /api/rooms/CODE/players");
  }
  if (parts.size() == 4 && parts[3] == "players") {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return join_room(room, request);
  }
  if (parts.size() == 4 && parts[3] == "start") {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return start_room(room, request);
  }
  return not_found(request);
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
  auto name = player_name(body);
  if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
  auto player = requested_player(body);
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const app::GameEntry* game = room_game(body);
  if (game == nullptr) {
    std::string names;
    for (const app::GameEntry& entry : app::games()) {
      if (entry.room_result)
        names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", entry.name);
    }
    return error(400, "bad_request", fmt::format("rooms are for the games {}", names));
  }
  const Json config = body.value("config", Json::object());
  auto requested = requested_seed(body);
  if (auto* refusal = std::get_if<HttpResponse>(&requested)) return std::move(*refusal);
  const std::uint64_t seed = std::get<std::uint64_t>(requested);
  try {
    game->open(config, seed, lexicon_);  // the config is checked now, not at the first round
  } catch (const ConfigError& e) {
    return config_refusal(e);
  }
  auto room = std::make_shared<Room>();
  room->game = game;
  room->config = config;
  room->seed = seed;
  room->last_used = clock_.now();
  const std::string stored = sessions_.stored_player(std::get<std::string>(player));
  room->members.push_back({std::get<std::string>(name), stored, random_id(), "", Json(), false});
  {
    std::lock_guard lock(mutex_);
    if (rooms_.size() >= options_.max_sessions) {
      return error(503, "too_many_sessions", "the arcade is full; try again later");
    }
    do {
      room->code = random_room_code();
    } while (rooms_.contains(room->code));
    rooms_[room->code] = room;
  }
  std::lock_guard lock(room->mutex);
  Json reply = room_state(*room, 0);
  reply["player"] = room->members[0].token;
  return json_response(201, reply);
}

HttpResponse Rooms::join_room(const RoomPtr& room, const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  auto name = player_name(std::get<Json>(parsed));
  if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
  auto player = requested_player(std::get<Json>(parsed));
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const std::string stored = sessions_.stored_player(std::get<std::string>(player));
  std::lock_guard lock(room->mutex);
  if (room->members.size() >= kMaxRoomPlayers) {
    return error(409, "room_full", fmt::format("a room holds {} players", kMaxRoomPlayers));
  }
  for (const Room::Member& member : room->members) {
    if (member.name == std::get<std::string>(name)) {
      return error(409, "name_taken", "someone in the room has that name; choose another");
    }
  }
  room->members.push_back({std::get<std::string>(name), stored, random_id(), "", Json(), false});
  room->last_used = clock_.now();
  const int index = static_cast<int>(room->members.size() - 1);
  Json reply = room_state(*room, index);
  reply["player"] = room->members.back().token;
  push_room(*room);
  return json_response(201, reply);
}

HttpResponse Rooms::start_room(const RoomPtr& room, const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const std::string token = std::get<Json>(parsed).value("player", "");
  std::vector<std::string> names;
  std::vector<std::string> players;  ///< in the store
  std::uint64_t seed = 0;
  {
    std::lock_guard lock(room->mutex);
    if (room->members.empty() || room->members[0].token != token) {
      return error(403, "not_host", "only the player who opened the room starts its rounds");
    }
    if (room->phase == Room::Phase::kPlaying) {
      return error(409, "playing", "the round is on: wait for it to end");
    }
    room->phase = Room::Phase::kPlaying;
    seed = game_seed(room->seed, static_cast<std::uint64_t>(room->round));
    ++room->round;
    room->results = nullptr;
    for (const Room::Member& member : room->members) {
      names.push_back(member.name);
      players.push_back(member.player);
    }
  }
  if (sessions_.count() + names.size() > options_.max_sessions) {
    std::lock_guard lock(room->mutex);
    room->phase = Room::Phase::kWaiting;
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  // Every player's round: the same config and seed, so the same board, opened at once so the
  // same clock.
  std::vector<LivePtr> rounds;
  for (std::size_t i = 0; i < names.size(); ++i) {
    LivePtr live = sessions_.add(room->game->open(room->config, seed, lexicon_), *room->game);
    std::lock_guard lock(live->mutex);
    live->saves_unfinished = false;  // the round is the room's
    live->changed = [weak = std::weak_ptr<Room>(room), member = static_cast<int>(i),
                     clock = clock_](LiveSession& changed) {
      if (const RoomPtr held = weak.lock()) member_changed(*held, member, changed, clock.now());
    };
    if (options_.store != nullptr) {
      live->player = players[i];
      live->started_ms = sessions_.now_ms();
    }
    sessions_.start_timers(*live);
    rounds.push_back(std::move(live));
  }
  std::lock_guard lock(room->mutex);
  for (std::size_t i = 0; i < rounds.size() && i < room->members.size(); ++i) {
    room->members[i].session = rounds[i]->id;
    room->members[i].view = Json();
    room->members[i].done = false;
  }
  room->last_used = clock_.now();
  push_room(*room);
  return json_response(200, room_state(*room, 0));
}

void Rooms::member_changed(Room& room, int index, LiveSession& live,
                           std::chrono::steady_clock::time_point now) {
  std::lock_guard lock(room.mutex);
  if (index < 0 || static_cast<std::size_t>(index) >= room.members.size()) return;
  Room::Member& member = room.members[static_cast<std::size_t>(index)];
  if (member.session != live.id) return;  // a round before this one
  member.view = live.session->view(live.seat);
  const bool done = live.session->finished();
  if (done == member.done) return;
  member.done = done;
  room.last_used = now;
  // A player who joined during the round has no session in it: they play the next one, and the
  // results neither wait for them nor list them.
  const bool all_done =
      std::all_of(room.members.begin(), room.members.end(),
                  [](const Room::Member& m) { return m.done || m.session.empty(); });
  if (all_done) {
    std::vector<std::pair<std::string, Json>> players;
    for (const Room::Member& m : room.members) {
      if (!m.session.empty()) players.emplace_back(m.name, m.view);
    }
    room.results = room.game->room_result(players);
    room.phase = Room::Phase::kFinished;
  }
  push_room(room);
}

void Rooms::push_room(Room& room) {
  for (const auto& [peer, index] : room.peers) {
    Json update = room_state(room, index);
    update["type"] = "room";
    peer->send(update.dump());
  }
}

Json Rooms::room_state(const Room& room, int player) {
  static constexpr std::string_view kPhases[] = {"waiting", "playing", "finished"};
  Json players = Json::array();
  for (std::size_t i = 0; i < room.members.size(); ++i) {
    players.push_back({{"name", room.members[i].name},
                       {"host", i == 0},
                       {"done", room.members[i].done},
                       {"in_round", !room.members[i].session.empty()}});
  }
  Json state{{"room", room.code},     {"game", room.game->name},
             {"config", room.config}, {"status", kPhases[static_cast<int>(room.phase)]},
             {"round", room.round},   {"players", std::move(players)},
             {"you", player}};
  const Room::Member& you = room.members[static_cast<std::size_t>(player)];
  if (!you.session.empty()) state["session"] = you.session;
  if (!room.results.is_null()) state["results"] = room.results;
  return state;
}

HttpResponse Rooms::open_socket(const HttpRequest& request,
                                const std::vector<std::string_view>& parts,
                                std::shared_ptr<WebSocketPeer> peer) {
  RoomPtr room;
  {
    std::lock_guard lock(mutex_);
    const auto found = rooms_.find(std::string(parts[2]));
    if (found != rooms_.end()) room = found->second;
  }
  if (room == nullptr) return error(404, "unknown_room", "there is no room with that code");
  std::lock_guard lock(room->mutex);
  const std::string token = query_value(request.query, "player");
  const auto member = std::find_if(room->members.begin(), room->members.end(),
                                   [&](const Room::Member& m) { return m.token == token; });
  if (member == room->members.end()) {
    return error(403, "not_in_room", "join the room first");
  }
  const int index = static_cast<int>(member - room->members.begin());
  room->peers.emplace_back(peer, index);
  {
    std::lock_guard map_lock(mutex_);
    peers_[peer.get()] = room;
  }
  return accept_socket(*peer, room_state(*room, index), "room");
}

void Rooms::socket_closed(const std::shared_ptr<WebSocketPeer>& peer) {
  RoomPtr room;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found == peers_.end()) return;
    room = found->second;
    peers_.erase(found);
  }
  std::lock_guard lock(room->mutex);
  std::erase_if(room->peers, [&](const auto& entry) { return entry.first == peer; });
}

std::size_t Rooms::expire_idle() {
  const auto now = clock_.now();
  std::lock_guard lock(mutex_);
  return std::erase_if(rooms_, [&](const auto& entry) {
    const RoomPtr& room = entry.second;
    std::unique_lock room_lock(room->mutex, std::try_to_lock);
    return room_lock.owns_lock() && room->peers.empty() &&
           now - room->last_used > options_.idle_expiry;
  });
}

std::size_t Rooms::count() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace wg::server
