#include "server/sessions.h"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "app/challenge.h"
#include "app/daily.h"
#include "core/text.h"
#include "server/daily.h"
#include "server/players.h"
#include "server/requests.h"
#include "server/responses.h"
#include "server/reviews.h"

namespace wg::server {

using app::Json;

bool Sessions::owns(const std::vector<std::string_view>& parts) {
  return parts.size() >= 2 && parts[0] == "api" && (parts[1] == "sessions" || parts[1] == "watch");
}

HttpResponse Sessions::route(const HttpRequest& request, const std::vector<std::string_view>& parts,
                             Respond& respond) {
  const bool get = request.method == "GET" || request.method == "HEAD";
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
  const bool deleting = parts.size() == 3 && request.method == "DELETE" && !watching;
  LivePtr live;
  if (deleting) {
    live = find(parts[2]);
    if (live != nullptr && live->id != parts[2]) live = nullptr;  // a watch code deletes nothing
    // A session the table no longer holds is not revived to be deleted: forgotten.
    if (live == nullptr) {
      return forget(parts[2]) ? json_response(200, Json{{"deleted", true}}) : unknown_session();
    }
  } else {
    auto found = find_or_revive(parts[2], watching, request, &respond);
    if (auto* refusal = std::get_if<HttpResponse>(&found)) return std::move(*refusal);
    live = std::move(std::get<LivePtr>(found));
    if (live == nullptr) return respond ? unknown_session() : HttpResponse{};  // else a worker
  }
  if (parts.size() == 3) {
    if (deleting) {
      {
        std::lock_guard lock(live->mutex);
        if (live->running) live->running->stop.request_stop();  // it ends, answers, and goes
        live->cancel_timers();  // now, even while sockets still hold it
        live->kept_sequence.reset();
      }
      {
        std::lock_guard lock(mutex_);
        sessions_.erase(live->id);
        sessions_.erase(live->watch);
      }
      forget(live->id);  // never revived
      return json_response(200, Json{{"deleted", true}});
    }
    if (!get) return method_not_allowed(request, watching ? "GET" : "GET, DELETE");
    std::lock_guard lock(live->mutex);
    live->last_used = clock_.now();
    return json_response(200, handed(*live, watching ? kObserver : live->seat));
  }
  if (parts.size() == 4 && parts[3] == "commands" && !watching) {
    if (request.method != "POST") return method_not_allowed(request, "POST");
    return command(live, request, respond);
  }
  if (parts.size() == 4 && parts[3] == "saved" && !watching) {
    if (!get) return method_not_allowed(request, "GET");
    std::lock_guard lock(live->mutex);
    live->last_used = clock_.now();
    // The saved game holds the seed, and the seed of a hidden game is the game.
    if (!shows_seed(*live)) {
      return error(403, "hidden_until_finished",
                   "this game hides what its seed would show: its seed and saved game are given "
                   "once it has ended (GET /api/sessions/ID/events gives the events of its "
                   "commands)");
    }
    return json_response(200, live->running ? live->running->saved : live->session->saved());
  }
  if (parts.size() == 4 && parts[3] == "events" && !watching) {
    if (!get) return method_not_allowed(request, "GET");
    return events(live, request, respond);
  }
  if (parts.size() == 4 && parts[3] == "review" && !watching) {
    if (!get) return method_not_allowed(request, "GET");
    return review(live, respond);
  }
  return not_found(request);
}

HttpResponse Sessions::create(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "game" && key != "config" && key != "seed" && key != "saved" &&
        key != "answer_seconds" && key != "player" && key != "daily" && key != "challenge") {
      return error(400, "bad_request", fmt::format("a new session takes no '{}'", key));
    }
  }
  if (body.contains("daily") &&
      (body.contains("config") || body.contains("seed") || body.contains("saved"))) {
    return error(400, "bad_request",
                 "a puzzle of the day takes its config and seed from the day: send no 'config', "
                 "'seed' or 'saved' with 'daily'");
  }
  auto player = acting_player(request, body, options_.store.get());
  if (auto* refusal = std::get_if<HttpResponse>(&player)) return std::move(*refusal);
  if (auto refusal = refuse_opening()) return std::move(*refusal);
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = nullptr;
  bool archived_daily = false;  // an earlier day's puzzle: practice
  std::string daily_day;        // the day of a puzzle of the day
  std::optional<app::Challenge> challenge;
  try {
    if (body.contains("challenge")) {
      // A challenge code opens the game it carries; its seed stays the server's (app/challenge.h).
      if (!body["challenge"].is_string() || body.contains("game") || body.contains("seed") ||
          body.contains("saved") || body.contains("config") || body.contains("daily")) {
        return error(400, "bad_request",
                     "'challenge' is a challenge code, given alone: {\"challenge\": CODE}");
      }
      challenge = app::decode_challenge(body["challenge"].get<std::string>());
      game = app::find_game(challenge->game);
      session = app::open_challenge(*challenge, lexicon_);
    } else if (body.contains("saved")) {
      const Json& saved = body["saved"];
      if (!saved.is_object() || !saved.contains("game") || !saved["game"].is_string()) {
        return error(400, "bad_request", "'saved' is a saved game: {\"game\", \"config\", ...}");
      }
      game = app::find_game(saved["game"].get<std::string>());
      session = app::restore(saved, lexicon_);
    } else if (body.contains("daily")) {
      // The day's puzzle: its config and seed are the day's, never the client's.
      if (!body.contains("game") || !body["game"].is_string()) {
        return error(400, "bad_request", "name the game: {\"game\": \"boggle\", \"daily\": ...}");
      }
      game = app::find_game(body["game"].get<std::string>());
      if (game == nullptr) {
        return error(404, "unknown_game",
                     fmt::format("there is no game '{}'", body["game"].get<std::string>()));
      }
      auto daily = daily_opening(*game, body["daily"], app::utc_day(clock_.system_now()),
                                 clock_.unix_ms(), options_, *lexicon_);
      if (auto* refusal = std::get_if<HttpResponse>(&daily)) return std::move(*refusal);
      const DailyOpening& opening = std::get<DailyOpening>(daily);
      session = game->open(opening.config, opening.seed, lexicon_);
      archived_daily = opening.archived;
      daily_day = opening.day;
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
  } catch (const app::ChallengeError& e) {
    return error(400, "bad_challenge", e.what());
  } catch (const ConfigError& e) {
    return config_refusal(e);
  } catch (const std::invalid_argument& e) {
    return error(400, "bad_saved_game", e.what());
  }
  // A seed the client chose (or a saved game, which holds one) is known: its games are practice.
  // So are an earlier day's puzzle's, from the archive.
  LivePtr live = add(std::move(session), *game,
                     {.known = body.contains("seed") || body.contains("saved") || archived_daily});
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
  live->daily = std::move(daily_day);
  live->challenge = challenge;
  // Kept for its player: an auction without a person seat is nobody's (it is only watched).
  if (live->seat != kObserver) {
    if (std::string stored = stored_player(std::get<std::string>(player)); !stored.empty()) {
      live->players[live->seat] = std::move(stored);
    }
    live->started_ms = now_ms();
  }
  // What the session did on opening (a round dealt, an answer awaited) starts its timers now.
  start_timers(*live);
  keep_opened(*live);  // a reload after a restart finds it before its first command
  Json reply = handed(*live, live->seat);
  reply["id"] = live->id;
  if (challenge) reply["challenge"] = {{"name", challenge->name}, {"result", challenge->result}};
  return json_response(201, reply);
}

HttpResponse Sessions::resume(const HttpRequest& request) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const Json& body = std::get<Json>(parsed);
  for (const auto& [key, value] : body.items()) {
    if (key != "unfinished" && key != "player") {
      return error(400, "bad_request", fmt::format("a resume takes no '{}'", key));
    }
  }
  auto player = acting_player(request, body, options_.store.get());
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
    Json reply = handed(*open, open->seat);
    reply["id"] = open->id;
    return json_response(200, reply);
  }
  if (auto refusal = refuse_opening()) return std::move(*refusal);
  std::unique_ptr<app::GameSession> session;
  const app::GameEntry* game = app::find_game(unfinished.saved.value("game", ""));
  try {
    session = app::restore(unfinished.saved, lexicon_);
  } catch (const std::exception& e) {  // ConfigError, std::invalid_argument: not this program's
    return error(422, "bad_saved_game",
                 fmt::format("the saved game cannot be resumed: {}", e.what()));
  }
  if (game == nullptr) return error(422, "bad_saved_game", "the saved game names no game here");
  // A game that was practice goes on as practice (its seed was known before it began).
  LivePtr live = add(std::move(session), *game, {.known = unfinished.practice});
  std::lock_guard lock(live->mutex);
  live->players[live->seat] = unfinished.player;
  live->unfinished = id;
  live->started_ms = unfinished.started_ms;
  start_timers(*live);
  keep_opened(*live);
  Json reply = handed(*live, live->seat);
  reply["id"] = live->id;
  return json_response(201, reply);
}

HttpResponse Sessions::command(const LivePtr& live, const HttpRequest& request, Respond& respond) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  std::lock_guard lock(live->mutex);
  Json& command = std::get<Json>(parsed);
  const auto busy = [] { return error(409, "busy", std::string(kBusyMessage)); };
  if (live->running && !app::withdraws(*live->game, command)) return busy();
  if (live->seat == kObserver && app::needs_seat(*live->game, command)) {
    return error(403, "no_seat", "this game has no seat for you: you are watching it");
  }
  if (app::host_only(*live->game, command)) return host_only_refusal();
  if (const auto refusal = refuse_command(*live)) return refusal->response();
  if (live->running) {  // the player takes the running command back for this one
    if (!withdraw_running(*live, std::move(command), live->seat, respond, client_of(request))) {
      return busy();
    }
    return {};  // the worker answers
  }
  stamp(*live, command, live->seat);
  if (live->slow) {
    play_on_worker(live, std::move(command), std::exchange(respond, nullptr), client_of(request));
    return {};  // the worker answers
  }
  Json events = play(*live, std::move(command), client_of(request));
  if (live->moved) return moved_refusal();
  Json more = Json::object();
  if (!live->game->private_events) more["events"] = std::move(events);
  return json_text_response(200, snapshot_text(*live, live->seat, more));
}

namespace {

/// The index `text` names among `count` commands: a whole number from 0 to count, or a negative
/// one counting from the end (-1: the last command); nullopt for anything else.
std::optional<std::size_t> command_index(std::string_view text, std::size_t count) {
  if (text.empty()) return 0;
  const bool from_end = text.front() == '-';
  if (from_end) text.remove_prefix(1);
  std::size_t number = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || problem != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  if (from_end) return number <= count ? std::optional(count - number) : std::nullopt;
  return number <= count ? std::optional(number) : std::nullopt;
}

/// The answer to an events request: the saved game's commands from `from` on, each with the
/// events `seat` was sent for it, replayed in a scratch session after the commands before.
HttpResponse replayed_events(const Json& saved, std::size_t from, Seat seat,
                             std::shared_ptr<const Lexicon> lexicon) {
  const Json& commands = saved["commands"];
  Json head = saved;
  head["commands"] = Json(commands.begin(), commands.begin() + static_cast<std::ptrdiff_t>(from));
  Json tail(commands.begin() + static_cast<std::ptrdiff_t>(from), commands.end());
  Json events = Json::array();
  try {
    std::unique_ptr<app::GameSession> scratch = app::restore(head, std::move(lexicon));
    for (const Json& command : tail) {
      scratch->apply(command);
      Json seen = Json::array();
      for (Json& event : scratch->events_for(seat)) seen.push_back(std::move(event));
      events.push_back(std::move(seen));
    }
  } catch (const std::exception& e) {  // the session's own commands: never refused
    return error(500, "internal", fmt::format("the server failed: {}", e.what()));
  }
  return json_response(200, Json{{"from", from},
                                 {"count", commands.size()},
                                 {"commands", std::move(tail)},
                                 {"events", std::move(events)}});
}

}  // namespace

HttpResponse Sessions::events(const LivePtr& live, const HttpRequest& request, Respond& respond) {
  if (live->game->private_events) {
    return error(403, "private_events",
                 "this game's events are the host's record, which holds what your seat may not "
                 "see: its view shows what you may");
  }
  Json saved;
  Seat seat = kObserver;
  {
    std::lock_guard lock(live->mutex);
    live->last_used = clock_.now();
    saved = live->running ? live->running->saved : live->session->saved();
    seat = live->seat;
  }
  const std::size_t count = saved["commands"].size();
  const std::optional<std::size_t> from = command_index(query_value(request.query, "from"), count);
  if (!from) {
    return error(400, "bad_request",
                 fmt::format("'from' is a command's index, 0 to {} (or counted from the end, "
                             "-1 to -{})",
                             count, count),
                 "from");
  }
  if (!live->slow) return replayed_events(saved, *from, seat, lexicon_);
  // A slow game's commands may take seconds again: on a worker, as they were played.
  workers_->post([saved = std::move(saved), from = *from, seat, lexicon = lexicon_,
                  respond = std::exchange(respond, nullptr)] {
    respond(replayed_events(saved, from, seat, lexicon));
  });
  return {};
}

HttpResponse Sessions::review(const LivePtr& live, Respond& respond) {
  if (!live->game->review) {
    return error(404, "no_review", fmt::format("{} games have no review", live->game->title));
  }
  app::FinishedGame game;
  Seat seat = kObserver;
  {
    std::lock_guard lock(live->mutex);
    live->last_used = clock_.now();
    if (!live->reviewable) {
      return error(409, "not_finished",
                   "a game is reviewed once it has ended: none of this session's has yet");
    }
    game = *live->reviewable;
    seat = live->seat;
  }
  // A review solves every position the player met: on a worker, never on an I/O thread.
  workers_->post([game = std::move(game), seat, lexicon = lexicon_, store = options_.store,
                  named = options_.log_lexicon(*lexicon_),
                  respond = std::exchange(respond, nullptr)] {
    respond(review_response(game, seat, lexicon, store.get(), named));
  });
  return {};
}

}  // namespace wg::server
