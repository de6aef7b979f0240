#include "server/sessions.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <optional>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "app/review_jobs.h"
#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;

std::int64_t Sessions::now_ms() const { return clock_.unix_ms(); }

void Sessions::keep(LiveSession& live) {
  if (options_.store == nullptr) return;
  const std::int64_t now = now_ms();
  live.not_kept.clear();
  try {
    if (live.players.empty()) {
      live.moved = !keep_alive(live, now);
      return;
    }
    collect_finished(live, now);  // held by the session until the store takes them
    // The session's step is kept first: a process that no longer owns the game (another took
    // it over) keeps and records nothing of it.
    if (!keep_alive(live, now)) {
      live.moved = true;
      live.unrecorded.clear();  // the games of a stale copy: the owner records the real ones
      return;
    }
    const std::int64_t unfinished = live.unfinished;
    keep_for_players(live, now);
    // The game was saved to resume for the first time: its kept session says where.
    if (live.unfinished != unfinished && live.kept_sequence) live.moved = !keep_alive(live, now);
  } catch (const std::exception& problem) {
    live.not_kept = fmt::format("This game was not saved: {}.", problem.what());
    store_failed(problem);
  }
}

void Sessions::collect_finished(LiveSession& live, std::int64_t now) {
  bool ended = false;
  for (const auto& [seat, player] : live.players) {
    for (app::FinishedGame& game : live.session->finished_records(player, seat)) {
      game.started_ms = live.started_ms;
      game.ended_ms = std::max(now, live.started_ms);
      game.practice = live.practice;
      game.daily = live.daily;
      live.unrecorded.push_back({std::move(game), seat, seat == live.seat});
      ended = true;
    }
  }
  if (ended) live.started_ms = std::max(now, live.started_ms);  // the next game begins now
  if (ended) live.daily.clear();  // the session's next game is no puzzle of the day
}

void Sessions::keep_for_players(LiveSession& live, std::int64_t now) {
  record_unrecorded(live);
  const auto owner = live.players.find(live.seat);
  if (owner == live.players.end()) return;  // only the owner's game is saved to resume
  if (live.session->finished()) {
    // Finished without a record (position hangman's game given up before a guess).
    if (const std::int64_t id = live.unfinished.exchange(0); id != 0) {
      options_.store->delete_unfinished(id);
    }
    return;
  }
  // A game on a clock that a stopped server cannot give back (GameEntry::resumable: a Boggle
  // round, a room's) is not saved to resume (docs/API.md, "Players").
  if (!live.game->resumable) return;
  app::UnfinishedGame unfinished{live.unfinished, owner->second, live.session->saved(),
                                 live.started_ms, now,           live.practice};
  try {
    live.unfinished = options_.store->save_unfinished(unfinished);
  } catch (const app::StoreError&) {
    if (unfinished.id == 0) throw;
    // Gone from the store (finished or deleted by another front end on the same file): this
    // session's game is saved anew.
    unfinished.id = 0;
    live.unfinished = options_.store->save_unfinished(unfinished);
  }
}

void Sessions::record_unrecorded(LiveSession& live) {
  while (!live.unrecorded.empty()) {
    const LiveSession::UnrecordedGame& next = live.unrecorded.front();
    // The owner's game was saved unfinished as it went (a room member's never is): recording it
    // removes that save in the same transaction, and only once it is recorded is it gone here.
    const std::int64_t id =
        options_.store->record_finished_game(next.game, next.owners ? live.unfinished.load() : 0);
    if (next.owners) {
      live.unfinished = 0;
      // The owner's review (GET .../review) is of the recorded game, a worker's once kept; not
      // of a later game of the session's, should this one have been recorded late.
      app::FinishedGame* reviewable = live.reviewable ? &*live.reviewable : nullptr;
      if (reviewable != nullptr && reviewable->id == 0 && reviewable->seed == next.game.seed &&
          reviewable->commands == next.game.commands) {
        reviewable->id = id;
      }
    }
    if (options_.on_workers) {
      app::FinishedGame recorded = next.game;
      recorded.id = id;
      queue_review(recorded, next.seat);
    }
    live.unrecorded.erase(live.unrecorded.begin());
  }
}

void Sessions::queue_review(const app::FinishedGame& game, Seat seat) {
  try {
    // Workers that lag behind are given no more: the review is computed here when asked.
    if (options_.store->jobs_to_do() >= app::kMaxQueuedJobs) return;
    app::queue_review(*options_.store, game, seat, options_.log_lexicon(*lexicon_), now_ms());
  } catch (const std::exception& problem) {
    // Not queued: a review asked for is computed by the server then, as without workers.
    store_failed(problem);
  }
}

bool Sessions::keep_alive(LiveSession& live, std::int64_t now) {
  // An ended game is not revived (the session's next game is kept once it begins), but a room
  // is, between its rounds too. A game on a clock is, its clock with it (LiveSession::deadlines).
  if (live.session->finished() && live.room.empty()) {
    if (!live.kept_sequence) return true;
    if (!options_.store->forget_session_at(live.id, *live.kept_sequence)) return false;
    live.kept_sequence.reset();
    return true;
  }
  const auto owner = live.players.find(live.seat);
  Json deadlines = Json::object();
  for (const auto& [key, deadline] : live.deadlines) {
    deadlines[key] = {{"began_ms", deadline.began_ms}, {"ends_ms", deadline.ends_ms}};
  }
  Json players = Json::object();  // by seat: whose rounds are kept as theirs (a room's members)
  for (const auto& [seat, name] : live.players) players[std::to_string(seat)] = name;
  app::KeptSession kept{live.id,
                        live.watch,
                        owner == live.players.end() ? std::string() : owner->second,
                        live.session->saved(),
                        Json{{"seed_known", live.seed_known},
                             {"seed_at_end", live.seed_at_end},
                             {"practice", live.practice},
                             {"unfinished", live.unfinished.load()},
                             {"started_ms", live.started_ms},
                             {"answer_seconds", live.answer_time.count()},
                             {"deadlines", std::move(deadlines)},
                             {"players", std::move(players)},
                             {"room_keys", live.room_keys},
                             {"version", live.version}},
                        now,
                        live.version,
                        live.room};
  if (!options_.store->keep_session_after(kept, live.kept_sequence)) return false;
  live.kept_sequence = live.version;
  return true;
}

void Sessions::keep_opened(LiveSession& live) {
  if (options_.store == nullptr) return;
  try {
    live.moved = !keep_alive(live, now_ms());
  } catch (const std::exception& problem) {
    live.not_kept = fmt::format("This game was not saved: {}.", problem.what());
    store_failed(problem);
  }
}

bool Sessions::forget(std::string_view id) {
  if (options_.store == nullptr) return false;
  try {
    return options_.store->forget_session(id);
  } catch (const std::exception& problem) {
    store_failed(problem);
    return false;
  }
}

std::variant<LivePtr, HttpResponse> Sessions::find_or_revive(std::string_view key, bool by_watch,
                                                             const HttpRequest& request,
                                                             Respond* respond) {
  bool is_watch = false;
  LivePtr live = find(key, &is_watch);
  if (live != nullptr) return is_watch == by_watch ? live : LivePtr();
  return revive(key, by_watch, request, respond);
}

std::variant<LivePtr, HttpResponse> Sessions::revive(std::string_view key, bool by_watch,
                                                     const HttpRequest& request, Respond* respond) {
  if (options_.store == nullptr || key.size() != kIdHexDigits) return LivePtr();
  std::optional<app::KeptSession> kept;
  Json saved;
  std::int64_t unfinished = 0;
  try {
    kept = options_.store->kept_session(key, by_watch);
    if (!kept) return LivePtr();
    saved = kept->saved;
    unfinished = kept->host.value("unfinished", std::int64_t{0});
    if (!kept->player.empty()) {
      // A named player's game is theirs: only a spectator needs no proof.
      if (!by_watch &&
          !options_.store->player_secret_matches(kept->player, request.player_secret)) {
        return error(403, "not_your_game",
                     fmt::format("this game is {}'s: choose that player on this device (or "
                                 "enter their player code) to go on with it",
                                 kept->player));
      }
      if (unfinished != 0) {
        // The player's unfinished game is the game: it may have gone on elsewhere, or ended.
        app::UnfinishedGame game;
        try {
          game = options_.store->unfinished_game(unfinished);
        } catch (const app::StoreError&) {
          options_.store->forget_session(kept->id);  // finished or deleted since
          return LivePtr();
        }
        saved = std::move(game.saved);
      }
    }
  } catch (const std::exception& problem) {
    store_failed(problem);
    return error(503, "store_failed",
                 fmt::format("the arcade could not read its saved games: {}", problem.what()));
  }
  if (unfinished != 0) {
    std::lock_guard lock(mutex_);
    for (const auto& [id, open] : sessions_) {
      // Resumed at another id since (from the player's unfinished games): played there only.
      if (id == open->id && open->unfinished == unfinished && open->id != kept->id) {
        return LivePtr();
      }
    }
  }
  if (auto refusal = refuse_opening()) return std::move(*refusal);
  const app::GameEntry* game = app::find_entry(saved.value("game", ""));
  if (game == nullptr) {  // not this program's game: nothing to revive
    forget(kept->id);
    return LivePtr();
  }
  if (!runs_long(*game, saved.value("config", Json::object()))) {
    return rebuild(*kept, saved, unfinished, *game);
  }
  // Its commands may take long to replay (the optimal host's decisions): on a worker, which then
  // answers the request as the session would have, never on a network thread.
  if (respond == nullptr || !*respond) {
    return error(503, "reviving",
                 "this game takes a while to bring back: ask for it over HTTP first "
                 "(GET /api/sessions/ID), then follow it");
  }
  workers_->post([this, request, kept = std::move(*kept), saved = std::move(saved), unfinished,
                  game, answer = std::exchange(*respond, nullptr)]() mutable {
    HttpResponse response;
    try {
      if (rebuild(kept, saved, unfinished, *game) == nullptr) {
        response = unknown_session();
      } else {
        response = route(request, split_path(request.path), answer);
      }
    } catch (const std::exception& e) {
      response = error(500, "internal", fmt::format("the server failed: {}", e.what()));
    }
    if (answer) answer(std::move(response));  // else the command's worker answers
  });
  return LivePtr();
}

LivePtr Sessions::rebuild(const app::KeptSession& kept, const Json& saved, std::int64_t unfinished,
                          const app::GameEntry& game) {
  std::unique_ptr<app::GameSession> session;
  try {
    session = app::restore(saved, lexicon_);
  } catch (const std::exception&) {  // not this program's game: nothing to revive
    forget(kept.id);
    return nullptr;
  }
  if (session->finished() && kept.room.empty()) {
    forget(kept.id);
    return nullptr;
  }
  const Json& host = kept.host;
  LivePtr live = make_live(
      std::move(session), game,
      {.known = host.value("seed_known", false), .shown_at_end = host.value("seed_at_end", true)});
  live->id = kept.id;
  if (!kept.watch.empty()) live->watch = kept.watch;
  live->practice = host.value("practice", live->practice);
  if (!kept.player.empty()) live->players[live->seat] = kept.player;
  live->room = kept.room;
  if (const auto players = host.find("players"); players != host.end() && players->is_object()) {
    for (const auto& [seat, name] : players->items()) {
      Seat number = kObserver;
      const auto [end, problem] = std::from_chars(seat.data(), seat.data() + seat.size(), number);
      if (problem == std::errc() && end == seat.data() + seat.size() && name.is_string()) {
        live->players[number] = name.get<std::string>();
      }
    }
  }
  if (const auto keys = host.find("room_keys"); keys != host.end() && keys->is_object()) {
    for (const auto& [key, seat] : keys->items()) {
      if (seat.is_number_integer()) live->room_keys[key] = seat.get<Seat>();
    }
  }
  live->unfinished = unfinished;
  live->started_ms = host.value("started_ms", now_ms());
  live->answer_time = std::chrono::seconds(
      std::clamp<std::int64_t>(host.value("answer_seconds", std::int64_t{30}), 1, 600));
  // Its waits run out when they would have on the server that kept it (start_timers).
  if (const auto deadlines = host.find("deadlines");
      deadlines != host.end() && deadlines->is_object()) {
    for (const auto& item : deadlines->items()) {
      const Json& deadline = item.value();
      const auto ms = [&deadline](const char* field) -> std::int64_t {
        const auto found = deadline.find(field);
        return found != deadline.end() && found->is_number_integer() ? found->get<std::int64_t>()
                                                                     : 0;
      };
      if (deadline.is_object()) live->deadlines[item.key()] = {ms("began_ms"), ms("ends_ms")};
    }
  }
  // Updates go on numbered after those the pages have seen.
  live->version =
      std::max(host.value("version", std::uint64_t{0}),
               static_cast<std::uint64_t>(saved.value("commands", Json::array()).size()));
  live->kept_sequence = kept.sequence;
  LivePtr held = insert(live);
  if (held != live) return held;  // another request revived it first
  std::lock_guard lock(live->mutex);
  start_timers(*live);
  return live;
}

LivePtr Sessions::revive_room(std::string_view code) {
  if (options_.store == nullptr) return nullptr;
  std::optional<app::KeptSession> kept;
  try {
    kept = options_.store->kept_room(code);
  } catch (const std::exception& problem) {
    store_failed(problem);
    return nullptr;
  }
  if (!kept) return nullptr;
  if (LivePtr held = find(kept->id); held != nullptr) return held;
  const app::GameEntry* game = app::find_entry(kept->saved.value("game", ""));
  if (game == nullptr || refuse_opening()) return nullptr;
  return rebuild(*kept, kept->saved, 0, *game);
}

void Sessions::drop_moved(LiveSession& live) {
  live.cancel_timers();
  live.kept_sequence.reset();
  const std::string moved = socket_error("game_moved", std::string(kMovedMessage));
  for (const LiveSession::Follower& follower : live.peers) {
    follower.peer->send(moved);
    follower.peer->close();
  }
  remove(live);
}

HttpResponse Sessions::moved_refusal() {
  return error(409, "game_moved", std::string(kMovedMessage));
}

HttpResponse Sessions::unknown_session() const {
  if (options_.store == nullptr) {
    return error(404, "unknown_session",
                 "no such game here: it ended, expired or never existed, or the server restarted "
                 "(it keeps no games: it runs without a store)");
  }
  return error(404, "unknown_session",
               "no such game here: it ended, was deleted, went unplayed for a week or never "
               "existed");
}

std::string Sessions::stored_player(const std::string& name) {
  if (options_.store == nullptr || name.empty()) return "";
  try {
    return options_.store->player(name).name;
  } catch (const std::exception& problem) {
    store_failed(problem);
    return "";
  }
}

void Sessions::store_failed(const std::exception& problem) {
  // Play goes on without the store; the operator hears of it once.
  if (!store_warned_.exchange(true)) {
    std::cerr << "wordgames: warning: the arcade could not save a game: " << problem.what()
              << "; playing on without saving\n";
  }
}

}  // namespace wg::server
