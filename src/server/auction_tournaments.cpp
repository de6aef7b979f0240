#include "server/auction_tournaments.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "app/auction_codec.h"
#include "app/auction_log.h"
#include "app/auction_tournament_jobs.h"
#include "app/auction_tournament_keeper.h"
#include "games/auction/bots.h"
#include "games/auction/tournament.h"
#include "protocol/external_player.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;
namespace au = wg::auction;

namespace {

/// Thrown by the player factory once the tournament is to stop: run_tournament stops handing
/// out games and rethrows it.
struct Stopped {};

}  // namespace

/// One tournament: its settings, progress and table, its watchers and its thread.
struct Tournaments::Run {
  std::mutex mutex;  ///< guards everything below but the constant members and the thread
  std::string id;
  au::TournamentConfig config;
  std::string status = "running";  ///< "running", "finished", "stopped" or "failed"
  int done = 0;
  Json table;                ///< the final table, null until finished
  std::string error;         ///< why it failed
  std::int64_t kept_id = 0;  ///< its id in the store once its first game is kept, else 0
  std::vector<std::shared_ptr<WebSocketPeer>> peers;
  /// The server is stopping (Tournaments::stop_all): the game in play ends at its next event,
  /// where a stop of its thread alone (a DELETE, the last watcher gone) lets it finish.
  std::atomic<bool> halt{false};
  std::jthread thread;  ///< last: joined first on destruction

  Json state() const {
    Json state{{"id", id},
               {"status", status},
               {"done", done},
               {"games", config.games},
               {"seed", config.seed},
               {"lineup", config.lineup},
               {"rules", app::rules_json(config.rules)}};
    if (!table.is_null()) state["table"] = table;
    if (!error.empty()) state["error"] = error;
    if (kept_id != 0) state["kept_id"] = kept_id;
    return state;
  }
  /// The state as a WebSocket message, and the watchers to send it to (the lock held). Sent
  /// after the lock is released: a watcher slow to take it never holds up a request.
  std::pair<std::shared_ptr<const std::string>, std::vector<std::shared_ptr<WebSocketPeer>>>
  update() const {
    Json message = state();
    message["type"] = "tournament";
    return {std::make_shared<const std::string>(json_text(message)), peers};
  }
  bool running() const { return status == "running"; }
};

bool Tournaments::owns(const std::vector<std::string_view>& parts) {
  return parts.size() >= 3 && parts[0] == "api" && parts[1] == app::AuctionCodec::kGame &&
         parts[2] == "tournaments";
}

Tournaments::Tournaments(std::shared_ptr<const Lexicon> lexicon, TournamentOptions options)
    : lexicon_(std::move(lexicon)), options_(std::move(options)) {
  if (options_.on_workers) poller_ = std::jthread([this](std::stop_token stop) { poll(stop); });
}

Tournaments::~Tournaments() {
  std::vector<RunPtr> runs;
  {
    std::lock_guard lock(mutex_);
    runs = order_;
    runs_.clear();
    order_.clear();
    peers_.clear();
  }
  for (const RunPtr& run : runs) run->thread.request_stop();
  for (const RunPtr& run : runs) {
    if (run->thread.joinable()) run->thread.join();
  }
}

Tournaments::RunPtr Tournaments::find(std::string_view id) const {
  if (id.size() != kIdHexDigits) return nullptr;
  std::lock_guard lock(mutex_);
  const auto found = runs_.find(std::string(id));
  return found == runs_.end() ? nullptr : found->second;
}

HttpResponse Tournaments::route(const HttpRequest& request,
                                const std::vector<std::string_view>& parts) {
  if (parts.empty()) {
    if (request.method == "GET" || request.method == "HEAD") {
      return json_response(
          200, Json{{"allowed_bots",
                     options_.on_workers ? std::vector<std::string>() : options_.allowed_bots},
                    {"max_games", options_.max_games},
                    {"max_game_rounds", options_.max_game_rounds},
                    {"max_running", options_.max_running},
                    {"on_workers", options_.on_workers}});
    }
    if (request.method != "POST") {
      HttpResponse response =
          error(405, "method_not_allowed", "/api/auction/tournaments takes GET, POST");
      response.headers.emplace_back("Allow", "GET, POST");
      return response;
    }
    return start(request);
  }
  if (options_.on_workers) {
    if (parts.size() != 1) return error(404, "unknown_tournament", "no such tournament here");
    return queued_route(request, parts[0]);
  }
  const RunPtr run = parts.size() == 1 ? find(parts[0]) : nullptr;
  if (run == nullptr) {
    return error(404, "unknown_tournament",
                 "no such tournament here: it was never started, "
                 "or it is long over");
  }
  if (request.method == "DELETE") {
    run->thread.request_stop();
    std::lock_guard lock(run->mutex);
    return json_response(200, run->state());
  }
  if (request.method != "GET" && request.method != "HEAD") {
    HttpResponse response = error(405, "method_not_allowed", "a tournament takes GET, DELETE");
    response.headers.emplace_back("Allow", "GET, DELETE");
    return response;
  }
  std::lock_guard lock(run->mutex);
  return json_response(200, run->state());
}

HttpResponse Tournaments::start(const HttpRequest& request) {
  std::variant<Json, HttpResponse> parsed = json_body(request);
  if (HttpResponse* refused = std::get_if<HttpResponse>(&parsed)) return std::move(*refused);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "config" && key != "games" && key != "seed") {
      return error(400, "bad_request", fmt::format("a tournament takes no '{}'", key));
    }
  }
  const Json config_json = body.value("config", Json::object());
  if (!config_json.is_object()) return error(400, "bad_config", "'config' is a JSON object");
  au::TournamentConfig config;
  std::set<std::string> external;
  try {
    const au::Config table = app::AuctionCodec::config_from_json(config_json);
    for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
      const au::SeatConfig& s = table.seats[seat];
      if (s.kind == au::SeatKind::kPerson) {
        return error(400, "bad_config",
                     fmt::format("seat {}: a tournament is played by bots, not people", seat + 1),
                     "seats");
      }
      if (s.kind == au::SeatKind::kExternal && options_.on_workers) {
        return error(403, "bot_not_allowed",
                     fmt::format("this arcade's tournaments are played by workers (wordgames "
                                 "serve --on-workers), which play built-in bots only: "
                                 "'{}' cannot play in one",
                                 s.name),
                     "seats");
      }
      if (s.kind == au::SeatKind::kExternal) {
        const auto& allowed = options_.allowed_bots;
        if (std::find(allowed.begin(), allowed.end(), s.name) == allowed.end()) {
          return error(403, "bot_not_allowed",
                       allowed.empty()
                           ? fmt::format("this server runs no external bots ('{}'): its "
                                         "operator allows them with wordgames serve "
                                         "--allow-bot COMMAND",
                                         s.name)
                           : fmt::format("'{}' is not one of the external bots this server "
                                         "allows: {}",
                                         s.name, fmt::join(allowed, ", ")),
                       "seats");
        }
        external.insert(s.name);
      }
      config.lineup.push_back(s.name);
    }
    table.validate();  // the number of seats, the bots' names, the rules together
    config.rules = table.rules;
  } catch (const ConfigError& e) {
    return error(400, "bad_config", e.what(), e.field());
  }
  const Json games = body.value("games", Json(100));
  if (!games.is_number_unsigned() || games.get<std::uint64_t>() < 1 ||
      games.get<std::uint64_t>() > static_cast<std::uint64_t>(options_.max_games)) {
    return error(400, "too_many_games",
                 fmt::format("'games' is a whole number from 1 to {}", options_.max_games),
                 "games");
  }
  config.games = static_cast<int>(games.get<std::uint64_t>());
  if (static_cast<std::int64_t>(config.games) * config.rules.rounds > options_.max_game_rounds) {
    return error(400, "too_many_games",
                 fmt::format("games × rounds is at most {} here ({} × {} asked)",
                             options_.max_game_rounds, config.games, config.rules.rounds),
                 "games");
  }
  if (body.contains("seed")) {
    if (!body["seed"].is_number_unsigned()) {
      return error(400, "bad_request", "'seed' is a whole number from 0 to 2^64-1", "seed");
    }
    config.seed = body["seed"].get<std::uint64_t>();
  } else {
    std::random_device device;
    config.seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }
  config.jobs = 1;  // one worker thread per tournament: the cores are the players' too
  if (options_.on_workers) return queue(config);

  auto run = std::make_shared<Run>();
  run->id = random_id();
  run->config = config;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return error(503, "stopping", "the server is stopping");
    std::size_t running = 0;
    for (const RunPtr& r : order_) {
      std::lock_guard run_lock(r->mutex);
      running += r->running() ? 1 : 0;
    }
    if (running >= options_.max_running) {
      return error(429, "too_many_tournaments",
                   fmt::format("{} tournaments are running, the most at once here; try again "
                               "when one is over",
                               running));
    }
    // The oldest tournaments that are over make room for this one.
    for (auto it = order_.begin(); it != order_.end() && order_.size() >= options_.max_kept;) {
      bool over = false;
      {
        std::lock_guard run_lock((*it)->mutex);
        over = !(*it)->running();
      }
      if (over) {
        runs_.erase((*it)->id);
        it = order_.erase(it);
      } else {
        ++it;
      }
    }
    runs_[run->id] = run;
    order_.push_back(run);
    // Started under the registry's lock, so that no DELETE sees the run before its thread.
    start_thread(*run, external);
  }
  std::lock_guard lock(run->mutex);
  return json_response(201, run->state());
}

void Tournaments::start_thread(Run& run, std::set<std::string> external) {
  Run* const target = &run;
  std::shared_ptr<const Lexicon> lexicon = lexicon_;
  const au::TournamentConfig config = run.config;
  const protocol::ExternalBotOptions bot_options = options_.bots;
  run.thread = std::jthread([target, lexicon, config, external, bot_options,
                             after_game = options_.after_game, store = options_.store,
                             now_ms = options_.now_ms,
                             source = options_.lexicon_source](std::stop_token stop) mutable {
    // The store: the tournament when its first game ends, each game with its log as it ends;
    // a store that fails is left alone (the tournament goes on).
    app::TournamentKeeper keeper(store.get(),
                                 {{"games", config.games},
                                  {"seed", config.seed},
                                  {"lineup", config.lineup},
                                  {"rules", app::rules_json(config.rules)}},
                                 now_ms);
    const auto keep_game = [&](int index, const au::Finished& finished, std::string log) {
      au::Config seated;
      seated.rules = config.rules;
      seated.seats.clear();
      for (const std::string& name : au::tournament_seating(config.lineup, index)) {
        seated.seats.push_back(
            {external.contains(name) ? au::SeatKind::kExternal : au::SeatKind::kBot, name});
      }
      keeper.keep_game(seated, finished, std::move(log));
      std::lock_guard run_lock(target->mutex);
      target->kept_id = keeper.id();
    };
    const app::LogLexicon log_lexicon{source, lexicon->size()};
    // Each event of a game: the server stopping ends the game there (its external bots are
    // being killed; played out, a game of many rounds would hold the server's exit), and a
    // game kept in the store is logged.
    const au::GameObserver observe = [&](int index) -> std::function<void(const au::GameEvent&)> {
      auto text = keeper.keeping() ? std::make_shared<std::ostringstream>() : nullptr;
      return [&, text, index](const au::GameEvent& event) {
        if (target->halt.load()) throw Stopped{};
        if (text == nullptr) return;
        app::write_log_line(*text, au::to_event(event), log_lexicon);
        if (const auto* finished = std::get_if<au::Finished>(&event)) {
          keep_game(index, *finished, text->str());
        }
      };
    };
    const au::PlayerFactory players = [&](std::string_view name) -> std::unique_ptr<au::Player> {
      if (stop.stop_requested()) throw Stopped{};
      if (!external.contains(std::string(name))) return au::make_bot(name, *lexicon);
      std::unique_ptr<au::Player> bot =
          protocol::start_external_player(std::string(name), bot_options);
      // A stop that came while it started (the server stopping kills the bots there are, maybe
      // before this one was): it ends now (quit, then its process stopped), its game unbegun.
      if (stop.stop_requested()) throw Stopped{};
      return bot;
    };
    std::string status = "finished";
    std::string error;
    Json table;
    try {
      table = app::tournament_table_json(au::run_tournament(
          config, *lexicon, players,
          [&](int done, int) {
            std::unique_lock lock(target->mutex);
            target->done = done;
            auto [text, peers] = target->update();
            lock.unlock();
            for (const auto& peer : peers) peer->send_shared(text);
            if (after_game) after_game(done);
          },
          observe));
    } catch (const Stopped&) {
      status = "stopped";
    } catch (const std::exception& e) {
      status = "failed";
      error = e.what();
    }
    keeper.end(table.is_null() ? Json::array() : table,
               status == "finished" ? "finished" : "stopped");
    std::unique_lock lock(target->mutex);
    target->status = status;
    target->error = error;
    target->table = std::move(table);
    auto [text, peers] = target->update();
    lock.unlock();
    for (const auto& peer : peers) peer->send_shared(text);
  });
}

HttpResponse Tournaments::open_socket(std::string_view id, std::shared_ptr<WebSocketPeer> peer) {
  if (options_.on_workers) return open_queued_socket(id, std::move(peer));
  const RunPtr run = find(id);
  if (run == nullptr) {
    return error(404, "unknown_tournament",
                 "no such tournament here: it was never started, "
                 "or it is long over");
  }
  {
    std::lock_guard lock(mutex_);
    peers_[peer.get()] = run;
  }
  std::lock_guard lock(run->mutex);
  run->peers.push_back(peer);
  Json state = run->state();
  state["type"] = "tournament";
  peer->send(json_text(state));
  HttpResponse accepted;
  accepted.status = 0;
  return accepted;
}

void Tournaments::stop_all() {
  std::vector<RunPtr> runs;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    runs = order_;
  }
  for (const RunPtr& run : runs) {
    run->halt.store(true);
    run->thread.request_stop();
  }
  poller_.request_stop();  // wakes it: it ends without reading the store again
}

void Tournaments::socket_closed(const std::shared_ptr<WebSocketPeer>& peer) {
  if (options_.on_workers) {
    std::lock_guard lock(follow_mutex_);
    const auto found = followers_.find(peer.get());
    if (found == followers_.end()) return;
    const auto followed = followed_.find(found->second);
    followers_.erase(found);
    if (followed == followed_.end()) return;
    std::erase(followed->second.peers, peer);
    if (followed->second.peers.empty()) followed_.erase(followed);
    return;
  }
  RunPtr run;
  {
    std::lock_guard lock(mutex_);
    const auto found = peers_.find(peer.get());
    if (found == peers_.end()) return;
    run = found->second;
    peers_.erase(found);
  }
  bool last = false;
  {
    std::lock_guard lock(run->mutex);
    std::erase(run->peers, peer);
    last = run->peers.empty() && run->running();
  }
  if (last) run->thread.request_stop();
}

// --- On workers: tournaments queued in the store and read from it.

namespace {

/// How long a tournament may be kept without its jobs before it is said to have failed: they
/// are queued right after it is kept, and only a store that failed in between leaves none.
constexpr std::int64_t kJobsQueuedWithinMs = 60'000;

/// The id of a tournament in a path: a whole number from 1; nothing otherwise.
std::optional<std::int64_t> store_id_of(std::string_view text) {
  std::int64_t id = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || problem != std::errc() || end != text.data() + text.size() || id < 1) {
    return std::nullopt;
  }
  return id;
}

HttpResponse unknown_tournament() {
  return error(404, "unknown_tournament",
               "no such tournament here: it was never queued (the ids of tournaments on workers "
               "are their ids in the store)");
}

HttpResponse store_failed(const app::StoreError& problem) {
  return error(503, "store_failed",
               fmt::format("the tournaments' store cannot be reached: {}", problem.what()));
}

}  // namespace

HttpResponse Tournaments::queue(const au::TournamentConfig& config) {
  if (options_.store == nullptr) {
    return error(503, "not_kept",
                 "this server keeps nothing, so it cannot queue a tournament for workers");
  }
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return error(503, "stopping", "the server is stopping");
  }
  try {
    const std::int64_t waiting = options_.store->jobs_to_do();
    if (waiting >= options_.max_queued_jobs) {
      return error(429, "too_many_tournaments",
                   fmt::format("{} jobs wait for the workers, the most here; try again when "
                               "some are done",
                               waiting));
    }
    const app::LogLexicon lexicon{options_.lexicon_source, lexicon_->size()};
    const std::int64_t id =
        app::queue_auction_tournament(*options_.store, config, lexicon, options_.now_ms());
    std::optional<Json> state = queued_state(id);
    if (!state) return unknown_tournament();
    return json_response(201, *state);
  } catch (const std::invalid_argument& problem) {
    return error(400, "bad_config", problem.what(), "seats");
  } catch (const app::StoreError& problem) {
    return store_failed(problem);
  }
}

HttpResponse Tournaments::queued_route(const HttpRequest& request, std::string_view id_text) {
  if (request.method != "GET" && request.method != "HEAD" && request.method != "DELETE") {
    HttpResponse response = error(405, "method_not_allowed", "a tournament takes GET, DELETE");
    response.headers.emplace_back("Allow", "GET, DELETE");
    return response;
  }
  std::variant<Json, HttpResponse> read = read_queued(id_text);
  if (HttpResponse* refused = std::get_if<HttpResponse>(&read)) return std::move(*refused);
  const Json& state = std::get<Json>(read);
  if (request.method == "DELETE" && state["status"] == "running") {
    return error(409, "cannot_stop",
                 "this tournament is played by workers (wordgames serve "
                 "--on-workers) and runs to its end: their queue cannot cancel its "
                 "jobs");
  }
  return json_response(200, state);
}

std::variant<Json, HttpResponse> Tournaments::read_queued(std::string_view id_text) {
  const std::optional<std::int64_t> id = store_id_of(id_text);
  if (!id || options_.store == nullptr) return unknown_tournament();
  std::optional<Json> state;
  try {
    state = queued_state(*id);
  } catch (const app::StoreError& problem) {
    return store_failed(problem);
  }
  if (!state) return unknown_tournament();
  return std::move(*state);
}

std::optional<Json> Tournaments::queued_state(std::int64_t id) {
  app::TournamentRecord kept;
  try {
    kept = options_.store->tournament(id);
  } catch (const app::StoreError& problem) {
    if (std::string_view(problem.what()).starts_with("no tournament")) return std::nullopt;
    throw;
  }
  const Json& config = kept.config;
  if (kept.game != app::AuctionCodec::kGame || !config.is_object() ||
      !config.value("workers", false) || !config.contains("lineup") ||
      !config["lineup"].is_array() || !config.contains("rules") || !config["rules"].is_object()) {
    return std::nullopt;  // not one queued for workers: a server or the terminal plays it
  }
  // The rules as the arcade shows them (app::rules_json), read as a config reads them.
  Json table_config = config["rules"];
  table_config.erase("players");
  table_config["seats"] = Json::array();
  for (const Json& name : config["lineup"]) {
    table_config["seats"].push_back({{"kind", "bot"}, {"name", name}});
  }
  au::Rules rules;
  try {
    rules = app::AuctionCodec::config_from_json(table_config).rules;
  } catch (const ConfigError&) {
    return std::nullopt;  // not rules this arcade knows: not one of its tournaments
  }
  const Json& games_json = config.contains("games") ? config["games"] : Json();
  const std::int64_t games = games_json.is_number_integer() ? games_json.get<std::int64_t>() : 0;
  Json state{
      {"id", std::to_string(id)},
      {"status", "running"},
      {"done", std::min<std::int64_t>(static_cast<std::int64_t>(kept.game_ids.size()), games)},
      {"games", games},
      {"seed", config.value("seed", Json(0))},
      {"lineup", config["lineup"]},
      {"rules", app::rules_json(rules)},
      {"kept_id", id},
      {"stoppable", false}};
  if (kept.status == "finished") {
    state["status"] = "finished";
    state["table"] = kept.table;
  } else if (std::string failure = queued_failure(id, kept.started_ms); !failure.empty()) {
    state["status"] = "failed";
    state["error"] = std::move(failure);
  }
  return state;
}

std::string Tournaments::queued_failure(std::int64_t id, std::int64_t kept_ms) {
  app::GameStore& store = *options_.store;
  const std::vector<app::Job> tables = store.jobs(app::auction_tournament_table_group(id));
  if (tables.empty()) {
    if (options_.now_ms() - kept_ms < kJobsQueuedWithinMs) return "";  // being queued
    return "its games were never queued (the store failed as the tournament was queued)";
  }
  for (const app::Job& unit : store.jobs(app::auction_tournament_group(id))) {
    if (unit.state == "failed") return fmt::format("job {}: {}", unit.id, unit.error);
  }
  // Every game is played: its table's job (which waits for the group) counts it, or failed.
  const app::Job& table = tables.front();
  return table.state == "failed" ? fmt::format("job {}: {}", table.id, table.error) : "";
}

HttpResponse Tournaments::open_queued_socket(std::string_view id_text,
                                             std::shared_ptr<WebSocketPeer> peer) {
  std::variant<Json, HttpResponse> read = read_queued(id_text);
  if (HttpResponse* refused = std::get_if<HttpResponse>(&read)) return std::move(*refused);
  Json& state = std::get<Json>(read);
  const std::int64_t id = state["kept_id"].get<std::int64_t>();
  state["type"] = "tournament";
  auto text = std::make_shared<const std::string>(json_text(state));
  {
    std::lock_guard lock(follow_mutex_);
    Followed& followed = followed_[id];
    followed.peers.push_back(peer);
    if (followed.sent == nullptr) {
      followed.sent = text;
      followed.over = state["status"] != "running";
    }
    followers_[peer.get()] = id;
    // The latest state sent to the others (which may be newer than this read), and under the
    // lock, so that no newer state the poller sends can overtake it.
    peer->send_shared(followed.sent);
  }
  HttpResponse accepted;
  accepted.status = 0;
  return accepted;
}

void Tournaments::poll(std::stop_token stop) {
  std::mutex wait_mutex;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(wait_mutex);
      poll_wake_.wait_for(lock, stop, options_.poll_interval, [] { return false; });
    }
    if (stop.stop_requested()) return;
    std::vector<std::int64_t> ids;
    {
      std::lock_guard lock(follow_mutex_);
      for (const auto& [id, followed] : followed_) {
        if (!followed.over) ids.push_back(id);
      }
    }
    for (const std::int64_t id : ids) {
      if (stop.stop_requested()) return;
      std::optional<Json> state;
      try {
        state = queued_state(id);
      } catch (const std::exception&) {
        continue;  // the store fails: read again at the next interval
      }
      if (!state) continue;
      (*state)["type"] = "tournament";
      auto text = std::make_shared<const std::string>(json_text(*state));
      // Sent under the lock (a send only queues), in the order the states were read.
      std::lock_guard lock(follow_mutex_);
      const auto found = followed_.find(id);
      if (found == followed_.end() || *found->second.sent == *text) continue;
      found->second.sent = text;
      found->second.over = (*state)["status"] != "running";
      for (const auto& peer : found->second.peers) peer->send_shared(text);
    }
  }
}

}  // namespace wg::server
