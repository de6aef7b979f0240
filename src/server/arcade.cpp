#include "server/arcade.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/auction_log.h"
#include "core/session.h"
#include "core/text.h"
#include "server/auction_replay.h"
#include "server/responses.h"
#include "server/statistics.h"
#include "server/web_assets.h"

namespace wg::server {

using app::Json;
using Clock = std::chrono::steady_clock;

/// One open game session, and who watches it.
struct Arcade::Live {
  std::mutex mutex;  ///< guards everything below but the constant members
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = nullptr;
  std::string id;     ///< controls the session
  std::string watch;  ///< sees it as a spectator
  Seat seat = 0;      ///< the seat the session's owner plays
  Clock::time_point last_used;
  /// When the session's round timer (app::Timer::kRound) began: its clocked commands count from it.
  Clock::time_point clock_start;
  /// The keys of the session's timers started (app::Timer::key), while the session lists them.
  std::set<std::string> timers;
  std::chrono::seconds answer_time{30};  ///< a person's time to answer (app::Timer::kAnswer)
  std::uint64_t version = 0;  ///< commands applied: each update's number, so clients keep order
  /// Open sockets, with the seat each sees (the owner's, or kObserver for a watch code).
  std::vector<std::pair<std::shared_ptr<WebSocketPeer>, Seat>> peers;
  std::string player;  ///< whose game it is in the store; "" for nobody's (not kept)
  /// The unfinished game the store keeps of it (0: none yet). Atomic: a resume looks for it
  /// with only the map lock held.
  std::atomic<std::int64_t> unfinished{0};
  std::int64_t started_ms = 0;  ///< when its current game began (unix ms), for its record
  std::weak_ptr<Room> room;     ///< the room this session is a player's round of, if any
  int member = -1;              ///< the player's index in that room
  bool slow = false;            ///< its commands run on a worker (GameEntry::slow of its config)
  /// A command running on a worker, while it runs: the session is the worker's alone, and
  /// readers see it as it was when the command began.
  struct Running {
    std::stop_source stop;       ///< requested when the session is deleted or the arcade ends
    std::map<Seat, Json> views;  ///< the owner's and a spectator's
    bool finished = false;
    Json saved;
  };
  std::unique_ptr<Running> running;
};

/// A few threads taking jobs in turn. Every job posted runs, even when the pool is being
/// destroyed (the arcade has stopped their work first), so every request gets its answer.
class Arcade::Workers {
 public:
  explicit Workers(unsigned count) {
    for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Workers() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    ready_.notify_all();
    threads_.clear();  // joins
  }
  void post(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool closing_ = false;
  std::vector<std::jthread> threads_;  ///< last: joined before the rest goes
};

struct Arcade::Room {
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
  Clock::time_point last_used;
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

/// The value of `key` in a query string "a=1&b=2" ("" if absent).
std::string query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto end = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, end);
    if (pair.size() > key.size() && pair.substr(0, key.size()) == key && pair[key.size()] == '=') {
      return std::string(pair.substr(key.size() + 1));
    }
    query.remove_prefix(std::min(end + 1, query.size()));
  }
  return "";
}

/// The path's parts between slashes: "/api/sessions/ab/commands" -> {api, sessions, ab, commands}.
std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    const auto end = std::min(path.find('/'), path.size());
    parts.push_back(path.substr(0, end));
    path.remove_prefix(end);
  }
  return parts;
}

/// True if the request comes from a page of this server (or from no page: curl, a test, a bot).
bool same_origin(const HttpRequest& request) {
  if (request.origin.empty()) return true;
  const auto scheme = request.origin.find("://");
  return scheme != std::string::npos && request.origin.substr(scheme + 3) == request.host;
}

/// True if a request that changes or costs something (not a GET) comes from another site's page
/// and the operator asked to refuse those.
bool foreign_post(const HttpRequest& request, bool check_origin) {
  const bool get = request.method == "GET" || request.method == "HEAD";
  return !get && check_origin && !same_origin(request);
}

/// Accepts a WebSocket upgrade, the state as it is now going out first.
HttpResponse accept_socket(WebSocketPeer& peer, Json state, std::string_view type) {
  state["type"] = type;
  peer.send(state.dump());
  HttpResponse accepted;
  accepted.status = 0;  // Handler::open_socket: accept
  return accepted;
}

/// The seed a new session or room asks for ("seed"), or one drawn from std::random_device when
/// it names none; or the refusal of a seed that is not one.
std::variant<std::uint64_t, HttpResponse> requested_seed(const Json& body) {
  if (!body.contains("seed")) {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }
  if (!body["seed"].is_number_unsigned()) {
    return error(400, "bad_request", "'seed' is a whole number from 0 to 2^64-1");
  }
  return body["seed"].get<std::uint64_t>();
}

/// The refusal of a config the game cannot play, naming the field.
HttpResponse config_refusal(const ConfigError& problem) {
  return error(400, "bad_config", problem.what(), problem.field());
}

/// Long commands running at once; more wait their turn (each session runs one at a time).
constexpr unsigned kWorkers = 2;
/// A progress message goes out when the work has grown by this share since the last one, or...
constexpr double kProgressStep = 0.01;
/// ...when this long has passed since the last one (and the work has grown at all).
constexpr std::chrono::milliseconds kProgressInterval{100};

/// Whether the commands of a session of `game` with `config` (complete, as saved) may take long.
bool runs_long(const app::GameEntry& game, const Json& config) {
  return game.slow && game.slow(config);
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

Json seat_json(Seat seat) { return seat == kObserver ? Json(nullptr) : Json(seat); }

std::uint64_t elapsed_ms(Clock::time_point from, Clock::time_point to) {
  return to <= from ? 0
                    : static_cast<std::uint64_t>(
                          std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count());
}

}  // namespace

Arcade::Arcade(std::shared_ptr<const Lexicon> lexicon, ArcadeOptions options, ArcadeClock clock)
    : lexicon_(std::move(lexicon)),
      options_(options),
      clock_(std::move(clock)),
      dictionaries_(std::make_unique<Dictionaries>(lexicon_, options_.dictionaries)),
      tournaments_(lexicon_,
                   [this] {
                     TournamentOptions kept = options_.tournaments;  // kept in the store too
                     kept.store = options_.store;
                     kept.now_ms = [this] { return now_ms(); };
                     return kept;
                   }()),
      players_(options_.store),
      workers_(std::make_unique<Workers>(kWorkers)) {}

Arcade::~Arcade() {
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

void Arcade::handle(HttpRequest request, Respond respond) {
  if (Dictionaries::owns(request.path) && !foreign_post(request, options_.check_origin)) {
    dictionaries_->handle(request, std::move(respond));  // may answer later, from its worker
    return;
  }
  HttpResponse response;
  try {
    response = route(request, respond);
  } catch (const std::exception& e) {
    response = error(500, "internal", fmt::format("the server failed: {}", e.what()));
  }
  if (respond) respond(std::move(response));  // else a worker answers
}

const Json& Arcade::tool_document(const app::GameEntry& game, const app::GameTool& tool) {
  const std::string key = fmt::format("{}/{}", game.name, tool.name);
  {
    std::lock_guard lock(tools_mutex_);
    if (const auto found = tool_documents_.find(key); found != tool_documents_.end()) {
      return *found->second;
    }
  }
  // Computed without the lock (a best-board scoring takes a while); the first one kept wins.
  auto document = std::make_shared<const Json>(tool.document(*lexicon_));
  std::lock_guard lock(tools_mutex_);
  return *tool_documents_.emplace(key, std::move(document)).first->second;
}

HttpResponse Arcade::route(const HttpRequest& request, Respond& respond) {
  const auto parts = split_path(request.path);
  const bool get = request.method == "GET" || request.method == "HEAD";
  if (parts.empty() || parts[0] != "api") {
    // Only an origin-form path names an asset: "xindex.html" or "*" names none.
    const WebAsset* asset = !request.path.starts_with('/') ? nullptr
                            : parts.empty()
                                ? find_web_asset("index.html")
                                : find_web_asset(std::string_view(request.path).substr(1));
    if (asset == nullptr) return not_found(request);
    if (!get) return method_not_allowed(request, "GET");
    HttpResponse response;
    response.content_type = std::string(asset->content_type);
    response.body = std::string(asset->bytes);
    response.headers.emplace_back("Cache-Control", "no-cache");
    response.headers.emplace_back(
        "Content-Security-Policy",
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'");
    return response;
  }
  if (foreign_post(request, options_.check_origin)) {
    return error(403, "forbidden_origin",
                 fmt::format("requests from {} may not play here", request.origin));
  }
  if (parts.size() == 2 && parts[1] == "games") {
    if (!get) return method_not_allowed(request, "GET");
    Json list = Json::array();
    for (const app::GameEntry& game : app::games()) {
      list.push_back({{"id", game.id},
                      {"name", game.name},
                      {"title", game.title},
                      {"summary", game.summary},
                      {"config_schema", game.config_schema()}});
    }
    // The word list every game here plays on: its lengths with words, so that a page offers
    // only lengths that can be played (evil hangman's) without parsing a refusal.
    Json lengths = Json::array();
    const std::vector<std::size_t>& counts = lexicon_->count_by_length();
    for (std::size_t length = 1; length < counts.size(); ++length) {
      if (counts[length] > 0) lengths.push_back({{"length", length}, {"words", counts[length]}});
    }
    return json_response(
        200, Json{{"games", std::move(list)},
                  {"lexicon", {{"words", lexicon_->size()}, {"lengths", std::move(lengths)}}}});
  }
  if (parts.size() == 3) {
    if (const app::GameEntry* game = app::find_game(parts[1]); game != nullptr) {
      for (const app::GameTool& tool : game->tools) {
        if (tool.name != parts[2]) continue;
        if (!get) return method_not_allowed(request, "GET");
        return json_response(200, tool_document(*game, tool));
      }
    }
  }
  if (parts.size() == 2 && parts[1] == "health") {
    return json_response(200, Json{{"ok", true}, {"sessions", session_count()}});
  }
  if (Statistics::owns(parts)) return Statistics(options_.store).route(request, parts);
  if (parts.size() >= 2 && parts[1] == "rooms") return route_room(request, parts);
  if (parts.size() >= 2 && parts[1] == "players") {
    return players_.route(request, {parts.begin() + 2, parts.end()});
  }
  if (parts.size() >= 3 && parts[1] == "auction" && parts[2] == "tournaments") {
    return tournaments_.route(request, {parts.begin() + 3, parts.end()});
  }
  if (parts.size() == 3 && parts[1] == "auction" && parts[2] == "replays") {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return replay(request);
  }
  if (parts.size() >= 2 && (parts[1] == "sessions" || parts[1] == "watch")) {
    const bool watching = parts[1] == "watch";
    if (parts.size() == 2) {
      if (watching) return not_found(request);
      if (request.method != "POST") return method_not_allowed(request, "POST");
      return create(request);
    }
    if (parts.size() == 3 && parts[2] == "resume" && !watching) {
      if (request.method != "POST") return method_not_allowed(request, "POST");
      return resume(request);
    }
    bool by_watch = false;
    LivePtr live = find(parts[2], &by_watch);
    if (live == nullptr || by_watch != watching) {
      return error(404, "unknown_session", "no such game here: it ended, expired or never existed");
    }
    if (parts.size() == 3) {
      if (request.method == "DELETE" && !watching) {
        {
          std::lock_guard lock(live->mutex);
          if (live->running) live->running->stop.request_stop();  // it ends, answers, and goes
        }
        std::lock_guard lock(mutex_);
        sessions_.erase(live->id);
        sessions_.erase(live->watch);
        return json_response(200, Json{{"deleted", true}});
      }
      if (!get) return method_not_allowed(request, watching ? "GET" : "GET, DELETE");
      std::lock_guard lock(live->mutex);
      live->last_used = clock_.now();
      return json_response(200, snapshot(*live, watching ? kObserver : live->seat));
    }
    if (parts.size() == 4 && parts[3] == "commands" && !watching) {
      if (request.method != "POST") return method_not_allowed(request, "POST");
      return command(live, request, respond);
    }
    if (parts.size() == 4 && parts[3] == "saved" && !watching) {
      if (!get) return method_not_allowed(request, "GET");
      std::lock_guard lock(live->mutex);
      return json_response(200, live->running ? live->running->saved : live->session->saved());
    }
  }
  return not_found(request);
}

HttpResponse Arcade::create(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "game" && key != "config" && key != "seed" && key != "saved" &&
        key != "answer_seconds" && key != "player") {
      return error(400, "bad_request", fmt::format("a new session takes no '{}'", key));
    }
  }
  auto player = requested_player(body);
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  if (session_count() >= options_.max_sessions) {
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = nullptr;
  try {
    if (body.contains("saved")) {
      const Json& saved = body["saved"];
      if (!saved.is_object() || !saved.contains("game") || !saved["game"].is_string()) {
        return error(400, "bad_request", "'saved' is a saved game: {\"game\", \"config\", ...}");
      }
      game = app::find_game(saved["game"].get<std::string>());
      session = app::restore(saved, lexicon_);
    } else {
      if (!body.contains("game") || !body["game"].is_string()) {
        return error(400, "bad_request", "name the game: {\"game\": \"hand\", ...}");
      }
      game = app::find_game(body["game"].get<std::string>());
      if (game == nullptr) {
        return error(404, "unknown_game",
                     fmt::format("there is no game '{}'", body["game"].get<std::string>()));
      }
      const Json config = body.value("config", Json::object());
      if (!config.is_object()) return error(400, "bad_config", "'config' is a JSON object");
      auto seed = requested_seed(body);
      if (auto* refusal = std::get_if<HttpResponse>(&seed)) return std::move(*refusal);
      session = game->open(config, std::get<std::uint64_t>(seed), lexicon_);
    }
  } catch (const ConfigError& e) {
    return config_refusal(e);
  } catch (const std::invalid_argument& e) {
    return error(400, "bad_saved_game", e.what());
  }
  LivePtr live = add(std::move(session), *game);
  if (body.contains("answer_seconds")) {
    const Json& seconds = body["answer_seconds"];
    if (!seconds.is_number_unsigned() || seconds.get<std::uint64_t>() < 1 ||
        seconds.get<std::uint64_t>() > 600) {
      std::lock_guard lock(mutex_);
      sessions_.erase(live->id);
      sessions_.erase(live->watch);
      return error(400, "bad_request", "'answer_seconds' is a whole number from 1 to 600");
    }
    live->answer_time = std::chrono::seconds(seconds.get<std::uint64_t>());
  }
  std::lock_guard lock(live->mutex);
  // Kept for its player: an auction without a person seat is nobody's (it is only watched).
  if (live->seat != kObserver) {
    live->player = stored_player(std::get<std::string>(player));
    live->started_ms = now_ms();
  }
  // What the session did on opening (a round dealt, an answer awaited) starts its timers now.
  start_timers(*live);
  Json reply = snapshot(*live, live->seat);
  reply["id"] = live->id;
  return json_response(201, reply);
}

bool Arcade::takes_upload(std::string_view path) const {
  // A log to replay, a text to make a dictionary of (a book's worth of words).
  return path == "/api/auction/replays" || path == "/api/hangman/dictionaries";
}

HttpResponse Arcade::replay(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  if (!body.contains("log") || !body["log"].is_string()) {
    return error(400, "bad_request", "send the log's text: {\"log\": \"...\", \"name\"?}");
  }
  const std::string name = body.value("name", "log");
  if (name.empty() || name.size() > 200) {
    return error(400, "bad_request", "'name' (the log's file name) has 1 to 200 characters");
  }
  if (session_count() >= options_.max_sessions) {
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  std::unique_ptr<app::GameSession> session;
  try {
    session = replay_session(body["log"].get<std::string>(), name, lexicon_);
  } catch (const app::LogError& e) {
    return error(400, "bad_log", e.what());
  } catch (const ReplayError& e) {
    return error(422, "log_not_replayable", e.what());
  }
  const app::GameEntry* game = app::find_game(session->saved().value("game", ""));
  LivePtr live = add(std::move(session), *game);
  std::lock_guard lock(live->mutex);
  Json reply = snapshot(*live, live->seat);
  reply["id"] = live->id;
  return json_response(201, reply);
}

Arcade::LivePtr Arcade::add(std::unique_ptr<app::GameSession> session, const app::GameEntry& game) {
  auto live = std::make_shared<Live>();
  live->game = &game;
  live->seat = session->owner_seat();
  live->session = std::move(session);
  live->id = random_id();
  live->watch = random_id();
  live->last_used = clock_.now();
  live->slow = runs_long(game, live->session->saved().value("config", Json::object()));
  {
    std::lock_guard lock(mutex_);
    sessions_[live->id] = live;
    sessions_[live->watch] = live;
  }
  return live;
}

HttpResponse Arcade::command(const LivePtr& live, const HttpRequest& request, Respond& respond) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  std::lock_guard lock(live->mutex);
  if (live->running) {
    return error(409, "busy", "the game is still working on your last command: wait for it");
  }
  Json& command = std::get<Json>(parsed);
  if (live->seat == kObserver && app::needs_seat(*live->game, command)) {
    return error(403, "no_seat", "this game has no seat for you: you are watching it");
  }
  stamp(*live, command);
  if (live->slow) {
    play_on_worker(live, std::move(command), std::exchange(respond, nullptr));
    return {};  // the worker answers
  }
  Json events = play(*live, std::move(command));
  Json reply = snapshot(*live, live->seat);
  if (!live->game->private_events) reply["events"] = std::move(events);
  return json_response(200, reply);
}

Json Arcade::play(Live& live, Json command) {
  if (live.running) return Json::array();  // a timer's command: no slow game has timers
  return applied(live, live.session->apply(command));
}

void Arcade::stamp(Live& live, Json& command) {
  live.last_used = clock_.now();
  app::stamp_player_command(*live.game, command, live.seat,
                            elapsed_ms(live.clock_start, live.last_used));
}

Json Arcade::applied(Live& live, std::vector<Json> applied_events) {
  Json events = Json::array();
  for (Json& event : applied_events) events.push_back(std::move(event));
  ++live.version;
  keep(live);
  start_timers(live);
  push(live, events);
  if (!live.room.expired()) room_session_changed(live);
  return events;
}

std::int64_t Arcade::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             clock_.system_now().time_since_epoch())
      .count();
}

void Arcade::keep(Live& live) {
  if (options_.store == nullptr || live.player.empty()) return;
  const std::int64_t now = now_ms();
  try {
    for (app::FinishedGame& game : live.session->finished_records(live.player, live.seat)) {
      game.started_ms = live.started_ms;
      game.ended_ms = std::max(now, live.started_ms);
      options_.store->record_finished_game(game, live.unfinished.exchange(0));
      live.started_ms = game.ended_ms;  // the session's next game begins now
    }
    if (live.session->finished()) {
      // Finished without a record (position hangman's game given up before a guess).
      if (const std::int64_t id = live.unfinished.exchange(0); id != 0) {
        options_.store->delete_unfinished(id);
      }
      return;
    }
    // A Boggle round runs on a clock that a stopped server cannot give back, and a room's
    // round is the room's: neither is saved to resume (docs/API.md, "Players").
    if (!live.game->resumable || live.member >= 0) return;
    app::UnfinishedGame unfinished{live.unfinished, live.player, live.session->saved(),
                                   live.started_ms, now};
    try {
      live.unfinished = options_.store->save_unfinished(unfinished);
    } catch (const app::StoreError&) {
      if (unfinished.id == 0) throw;
      // Gone from the store (finished or deleted by another front end on the same file): this
      // session's game is saved anew.
      unfinished.id = 0;
      live.unfinished = options_.store->save_unfinished(unfinished);
    }
  } catch (const std::exception& problem) {
    store_failed(problem);
  }
}

std::string Arcade::stored_player(const std::string& name) {
  if (options_.store == nullptr || name.empty()) return "";
  try {
    return options_.store->player(name).name;
  } catch (const std::exception& problem) {
    store_failed(problem);
    return "";
  }
}

void Arcade::store_failed(const std::exception& problem) {
  // Play goes on without the store; the operator hears of it once.
  if (!store_warned_.exchange(true)) {
    std::cerr << "wordgames: warning: the arcade could not save a game: " << problem.what()
              << "; playing on without saving\n";
  }
}

HttpResponse Arcade::resume(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "unfinished" && key != "player") {
      return error(400, "bad_request", fmt::format("a resume takes no '{}'", key));
    }
  }
  auto player = requested_player(body);
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const std::string& name = std::get<std::string>(player);
  if (name.empty()) {
    return error(400, "bad_player", "say whose game it is: {\"player\": \"Ann\"}", "player");
  }
  const auto id_field = body.find("unfinished");
  if (id_field == body.end() || !id_field->is_number_integer() ||
      id_field->get<std::int64_t>() < 1) {
    return error(400, "bad_request", "'unfinished' is the id of an unfinished game", "unfinished");
  }
  const std::int64_t id = id_field->get<std::int64_t>();
  if (options_.store == nullptr) return no_store();
  app::UnfinishedGame unfinished;
  try {
    unfinished = options_.store->unfinished_game(id);
  } catch (const app::StoreError&) {
    return error(404, "unknown_unfinished",
                 "there is no such unfinished game: it was finished, or never saved");
  }
  if (lower_ascii(unfinished.player) != lower_ascii(name)) {
    return error(403, "not_your_game", "that unfinished game is another player's");
  }
  // Already open (another tab, or resumed before): that session, not a second one that would
  // save over it.
  LivePtr open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, live] : sessions_) {
      if (key == live->id && live->unfinished == id) open = live;
    }
  }
  if (open != nullptr) {
    std::lock_guard lock(open->mutex);
    Json reply = snapshot(*open, open->seat);
    reply["id"] = open->id;
    return json_response(200, reply);
  }
  if (session_count() >= options_.max_sessions) {
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = app::find_game(unfinished.saved.value("game", ""));
  try {
    session = app::restore(unfinished.saved, lexicon_);
  } catch (const std::exception& e) {  // ConfigError, std::invalid_argument: not this program's
    return error(422, "bad_saved_game",
                 fmt::format("the saved game cannot be resumed: {}", e.what()));
  }
  if (game == nullptr) return error(422, "bad_saved_game", "the saved game names no game here");
  LivePtr live = add(std::move(session), *game);
  std::lock_guard lock(live->mutex);
  live->player = unfinished.player;
  live->unfinished = id;
  live->started_ms = unfinished.started_ms;
  start_timers(*live);
  Json reply = snapshot(*live, live->seat);
  reply["id"] = live->id;
  return json_response(201, reply);
}

void Arcade::play_on_worker(const LivePtr& live, Json command, Respond respond) {
  auto running = std::make_unique<Live::Running>();
  for (const Seat seat : {live->seat, kObserver}) running->views[seat] = live->session->view(seat);
  running->finished = live->session->finished();
  running->saved = live->session->saved();
  const std::stop_token stop = running->stop.get_token();
  live->running = std::move(running);
  workers_->post([this, live, command = std::move(command), respond = std::move(respond), stop] {
    // Progress, throttled: only when it grew by a step, or grew at all after an interval.
    double sent = -1;
    Clock::time_point sent_at{};
    const Work work{stop, [&](double fraction) {
                      fraction = std::clamp(fraction, 0.0, 1.0);
                      const auto now = clock_.now();
                      if (fraction <= sent) return;
                      if (fraction < sent + kProgressStep && now - sent_at < kProgressInterval) {
                        return;
                      }
                      sent = fraction;
                      sent_at = now;
                      push_progress(*live, fraction);
                    }};
    std::vector<Json> events;
    std::optional<std::string> failure;
    try {
      events = live->session->apply(command, work);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    HttpResponse response;
    {
      std::lock_guard lock(live->mutex);
      live->running.reset();
      if (failure) {
        response = error(500, "internal", fmt::format("the server failed: {}", *failure));
      } else {
        Json done = applied(*live, std::move(events));
        Json reply = snapshot(*live, live->seat);
        if (!live->game->private_events) reply["events"] = std::move(done);
        response = json_response(200, reply);
      }
    }
    if (respond) respond(std::move(response));
  });
}

void Arcade::push_progress(Live& live, double fraction) {
  std::vector<std::shared_ptr<WebSocketPeer>> peers;
  std::uint64_t version = 0;
  {
    std::lock_guard lock(live.mutex);
    for (const auto& [peer, seat] : live.peers) peers.push_back(peer);
    version = live.version;
  }
  // Sent without the lock: a slow peer must not hold up the session's readers.
  const std::string message =
      Json{{"type", "progress"}, {"fraction", fraction}, {"version", version}}.dump();
  for (const auto& peer : peers) peer->send(message);
}

void Arcade::start_timers(Live& live) {
  std::weak_ptr<Live> weak;
  {
    std::lock_guard lock(mutex_);
    const auto found = sessions_.find(live.id);
    if (found != sessions_.end()) weak = found->second;
  }
  std::set<std::string> listed;
  for (const app::Timer& timer : live.session->timers()) {
    listed.insert(timer.key);
    if (!live.timers.insert(timer.key).second) continue;  // started before
    const bool round = timer.kind == app::Timer::Kind::kRound;
    if (round) live.clock_start = clock_.now();
    const auto after =
        round ? timer.after
              : std::chrono::duration_cast<std::chrono::milliseconds>(live.answer_time);
    if (after.count() <= 0) continue;  // an untimed round: its clock only counts
    clock_.after(after, [this, weak, key = timer.key] {
      const LivePtr held = weak.lock();
      if (held == nullptr) return;
      std::lock_guard lock(held->mutex);
      for (app::Timer& now : held->session->timers()) {
        if (now.key != key) continue;  // over: the session moved on
        app::stamp_timer_command(*held->game, now.command,
                                 elapsed_ms(held->clock_start, clock_.now()));
        play(*held, std::move(now.command));
        return;
      }
    });
  }
  std::erase_if(live.timers, [&](const std::string& key) { return !listed.contains(key); });
}

void Arcade::push(Live& live, const Json& events) {
  if (live.peers.empty()) return;
  std::map<Seat, std::string> messages;  // one rendering per seat watching
  for (const auto& [peer, seat] : live.peers) {
    auto message = messages.find(seat);
    if (message == messages.end()) {
      Json update = snapshot(live, seat);
      update["type"] = "update";
      if (!live.game->private_events && seat == live.seat) update["events"] = events;
      message = messages.emplace(seat, update.dump()).first;
    }
    peer->send(message->second);
  }
}

Json Arcade::snapshot(const Live& live, Seat seat) const {
  if (live.running) {  // the session is the worker's: as it was when the command began
    const auto view = live.running->views.find(seat);
    return Json{{"game", live.game->name},
                {"version", live.version},
                {"watch", live.watch},
                {"seat", seat_json(seat)},
                {"finished", live.running->finished},
                {"view", view == live.running->views.end() ? Json() : view->second},
                {"busy", true}};
  }
  return Json{{"game", live.game->name},
              {"version", live.version},
              {"watch", live.watch},
              {"seat", seat_json(seat)},
              {"finished", live.session->finished()},
              {"view", live.session->view(seat)}};
}

Arcade::LivePtr Arcade::find(std::string_view id, bool* is_watch) {
  if (id.size() != kIdHexDigits) return nullptr;
  std::lock_guard lock(mutex_);
  const auto found = sessions_.find(std::string(id));
  if (found == sessions_.end()) return nullptr;
  if (is_watch != nullptr) *is_watch = found->second->watch == id;
  return found->second;
}

HttpResponse Arcade::open_socket(const HttpRequest& request, std::shared_ptr<WebSocketPeer> peer) {
  const auto parts = split_path(request.path);
  if (parts.size() == 5 && parts[0] == "api" && parts[1] == "auction" &&
      parts[2] == "tournaments" && parts[4] == "live") {
    if (options_.check_origin && !same_origin(request)) {
      return error(403, "forbidden_origin",
                   fmt::format("pages from {} may not watch here", request.origin));
    }
    return tournaments_.open_socket(parts[3], std::move(peer));
  }
  if (parts.size() != 4 || parts[0] != "api" ||
      (parts[1] != "sessions" && parts[1] != "watch" && parts[1] != "rooms") ||
      parts[3] != "live") {
    return not_found(request);
  }
  if (options_.check_origin && !same_origin(request)) {
    return error(403, "forbidden_origin",
                 fmt::format("pages from {} may not watch here", request.origin));
  }
  if (parts[1] == "rooms") {
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
      room_peers_[peer.get()] = room;
    }
    return accept_socket(*peer, room_state(*room, index), "room");
  }
  bool by_watch = false;
  LivePtr live = find(parts[2], &by_watch);
  if (live == nullptr || by_watch != (parts[1] == "watch")) {
    return error(404, "unknown_session", "no such game here: it ended, expired or never existed");
  }
  std::lock_guard lock(live->mutex);
  const Seat seat = by_watch ? kObserver : live->seat;
  live->peers.emplace_back(peer, seat);
  {
    std::lock_guard map_lock(mutex_);
    peers_[peer.get()] = live;
  }
  return accept_socket(*peer, snapshot(*live, seat), "update");
}

void Arcade::socket_message(const std::shared_ptr<WebSocketPeer>& peer, std::string_view text) {
  LivePtr live;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found != peers_.end()) live = found->second;
  }
  if (live == nullptr) return;
  std::variant<Json, std::string> parsed = app::parse_json(text);
  std::lock_guard lock(live->mutex);
  const auto held = std::find_if(live->peers.begin(), live->peers.end(),
                                 [&](const auto& entry) { return entry.first == peer; });
  if (held == live->peers.end()) return;
  if (!std::holds_alternative<Json>(parsed) || !std::get<Json>(parsed).is_object()) {
    peer->send(
        Json{{"type", "error"}, {"code", "bad_json"}, {"error", "send a JSON command"}}.dump());
    return;
  }
  Json message = std::move(std::get<Json>(parsed));
  if (held->second == kObserver) {
    peer->send(
        Json{{"type", "error"}, {"code", "watching"}, {"error", "spectators only watch"}}.dump());
    return;
  }
  if (live->running) {
    peer->send(Json{{"type", "error"},
                    {"code", "busy"},
                    {"error", "the game is still working on your last command: wait for it"}}
                   .dump());
    return;
  }
  if (live->slow) {
    play_on_worker(live, std::move(message), nullptr);  // the update is pushed when it ends
    return;
  }
  play(*live, std::move(message));
}

void Arcade::socket_closed(const std::shared_ptr<WebSocketPeer>& peer) {
  tournaments_.socket_closed(peer);
  LivePtr live;
  RoomPtr room;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found != peers_.end()) {
      live = found->second;
      peers_.erase(found);
    }
    const auto in_room = room_peers_.find(peer.get());
    if (in_room != room_peers_.end()) {
      room = in_room->second;
      room_peers_.erase(in_room);
    }
  }
  if (room != nullptr) {
    std::lock_guard lock(room->mutex);
    std::erase_if(room->peers, [&](const auto& entry) { return entry.first == peer; });
  }
  if (live == nullptr) return;
  std::lock_guard lock(live->mutex);
  std::erase_if(live->peers, [&](const auto& entry) { return entry.first == peer; });
}

std::size_t Arcade::expire_idle() {
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
  std::lock_guard lock(mutex_);
  std::erase_if(rooms_, [&](const auto& entry) {
    const RoomPtr& room = entry.second;
    std::unique_lock room_lock(room->mutex, std::try_to_lock);
    return room_lock.owns_lock() && room->peers.empty() &&
           now - room->last_used > options_.idle_expiry;
  });
  return expired.size();
}

std::size_t Arcade::room_count() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

std::size_t Arcade::session_count() const {
  std::lock_guard lock(mutex_);
  return sessions_.size() / 2;
}

// Rooms.

namespace {

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
  return name;
}

}  // namespace

HttpResponse Arcade::route_room(const HttpRequest& request,
                                const std::vector<std::string_view>& parts) {
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

HttpResponse Arcade::create_room(const HttpRequest& request) {
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
  const std::string stored = stored_player(std::get<std::string>(player));
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

HttpResponse Arcade::join_room(const RoomPtr& room, const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  auto name = player_name(std::get<Json>(parsed));
  if (auto* refusal = std::get_if<HttpResponse>(&name)) return std::move(*refusal);
  auto player = requested_player(std::get<Json>(parsed));
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  const std::string stored = stored_player(std::get<std::string>(player));
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

HttpResponse Arcade::start_room(const RoomPtr& room, const HttpRequest& request) {
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
  if (session_count() + names.size() > options_.max_sessions) {
    std::lock_guard lock(room->mutex);
    room->phase = Room::Phase::kWaiting;
    return error(503, "too_many_sessions", "the arcade is full; try again later");
  }
  // Every player's round: the same config and seed, so the same board, opened at once so the
  // same clock.
  std::vector<LivePtr> rounds;
  for (std::size_t i = 0; i < names.size(); ++i) {
    LivePtr live = add(room->game->open(room->config, seed, lexicon_), *room->game);
    std::lock_guard lock(live->mutex);
    live->room = room;
    live->member = static_cast<int>(i);
    if (options_.store != nullptr) {
      live->player = players[i];
      live->started_ms = now_ms();
    }
    start_timers(*live);
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

void Arcade::room_session_changed(Live& live) {
  const RoomPtr room = live.room.lock();
  if (room == nullptr) return;
  std::lock_guard lock(room->mutex);
  if (live.member < 0 || static_cast<std::size_t>(live.member) >= room->members.size()) return;
  Room::Member& member = room->members[static_cast<std::size_t>(live.member)];
  if (member.session != live.id) return;  // a round before this one
  member.view = live.session->view(live.seat);
  const bool done = live.session->finished();
  if (done == member.done) return;
  member.done = done;
  room->last_used = clock_.now();
  // A player who joined during the round has no session in it: they play the next one, and the
  // results neither wait for them nor list them.
  const bool all_done =
      std::all_of(room->members.begin(), room->members.end(),
                  [](const Room::Member& m) { return m.done || m.session.empty(); });
  if (all_done) {
    std::vector<std::pair<std::string, Json>> players;
    for (const Room::Member& m : room->members) {
      if (!m.session.empty()) players.emplace_back(m.name, m.view);
    }
    room->results = room->game->room_result(players);
    room->phase = Room::Phase::kFinished;
  }
  push_room(*room);
}

void Arcade::push_room(Room& room) {
  for (const auto& [peer, index] : room.peers) {
    Json update = room_state(room, index);
    update["type"] = "room";
    peer->send(update.dump());
  }
}

Json Arcade::room_state(const Room& room, int player) const {
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

}  // namespace wg::server
