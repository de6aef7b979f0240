#include "server/sessions.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "server/requests.h"
#include "server/responses.h"

namespace wg::server {

using app::Json;
using Clock = std::chrono::steady_clock;

namespace {

/// A progress message goes out when the work has grown by this share since the last one, or...
constexpr double kProgressStep = 0.01;
/// ...when this long has passed since the last one (and the work has grown at all).
constexpr std::chrono::milliseconds kProgressInterval{100};

std::uint64_t elapsed_ms(Clock::time_point from, Clock::time_point to) {
  return to <= from ? 0
                    : static_cast<std::uint64_t>(
                          std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count());
}

/// The owner's game `game`, just finished, told for sharing: {"text" (emoji), "text_plain",
/// "result", "code"? (a session's first game, not itself an answer), "challenge"?: {"name",
/// "result"} (the one it answers)}; null when the game has no share text.
Json share_of(LiveSession& live, const app::FinishedGame& game, const std::string& name) {
  if (!live.game->share) return nullptr;
  const app::ShareText share = live.game->share(game, live.seat);
  Json told{{"text", *app::share_text(*live.game, game, live.seat, true)},
            {"text_plain", *app::share_text(*live.game, game, live.seat, false)},
            {"result", share.result}};
  std::optional<app::Challenge> answered = std::exchange(live.challenge, std::nullopt);
  if (answered && share.game == 0) {
    told["challenge"] = {{"name", answered->name}, {"result", answered->result}};
  } else if (const auto challenge = app::challenge_of(*live.game, game, live.seat, name)) {
    try {
      told["code"] = app::encode_challenge(*challenge);
    } catch (const app::ChallengeError&) {
      // No code for this game (challenge_of's refusals): the share text alone.
    }
  }
  return told;
}

/// Keeps what the owner may do with a game of theirs the last command finished: its share text
/// and its record, for a review.
void keep_finished(LiveSession& live) {
  if (live.seat == kObserver) return;
  const auto player = live.players.find(live.seat);
  const std::string name = player != live.players.end() ? player->second : std::string("player");
  for (app::FinishedGame& game : live.session->finished_records(name, live.seat)) {
    if (Json share = share_of(live, game, name); !share.is_null()) live.share = std::move(share);
    live.reviewable = std::move(game);
    return;
  }
}

}  // namespace

Json Sessions::play(LiveSession& live, Json command, std::string_view replying) {
  if (live.running) return Json::array();  // a timer's command: no slow game has timers
  std::vector<Json> events = live.session->apply(command);
  live.last_command = std::move(command);
  live.last_by = std::exchange(live.commander, kObserver);
  return applied(live, std::move(events), replying);
}

void Sessions::stamp(LiveSession& live, Json& command, Seat seat) {
  live.last_used = clock_.now();
  live.commander = seat;
  app::stamp_player_command(*live.game, command, seat,
                            elapsed_ms(live.clock_start, live.last_used));
}

Json Sessions::play_as(LiveSession& live, Json command, Seat seat, std::string_view replying) {
  stamp(live, command, seat);
  play(live, std::move(command), replying);
  Json events = Json::array();
  for (Json& event : live.session->events_for(seat)) events.push_back(std::move(event));
  return events;
}

Json Sessions::play_host_command(LiveSession& live, Json command) {
  live.last_used = clock_.now();
  return play(live, std::move(command));
}

Json Sessions::applied(LiveSession& live, std::vector<Json> applied_events,
                       std::string_view replying) {
  Json events = Json::array();
  bool rejected = false;
  for (Json& event : applied_events) {
    rejected = rejected || event.value("event", "") == "rejected";
    events.push_back(std::move(event));
  }
  // The record keeps the commands the game took: a refused one adds nothing to it.
  if (!rejected) {
    const std::size_t bytes = json_text(live.last_command).size();
    live.record_bytes += bytes;
    *live.budget += bytes;
  }
  ++live.version;
  const bool was_finished = std::exchange(live.finished, live.session->finished());
  // A game begun on a seed a client knows is foreseen by them: practice.
  if (was_finished && !live.finished && live.seed_known) live.practice = true;
  keep_finished(live);
  if (!live.finished) live.share = nullptr;  // a new game in play: nothing to share yet
  const std::vector<app::Timer> timers = live.session->timers();
  note_deadlines(live, timers);  // the waits this command began are kept with it
  keep(live);
  if (live.moved) {  // played here on a stale copy: the game is another process's now
    drop_moved(live);
    return Json::array();
  }
  // A hidden session's seed is shown once its game has ended; whoever saw it foresees the games
  // the session would begin next.
  if (live.finished && live.hidden && live.seed_at_end) live.seed_known = true;
  start_timers(live, timers);
  push(live, replying);
  return events;
}

void Sessions::play_on_worker(const LivePtr& live, Json command, Respond respond,
                              std::string replying) {
  auto running = std::make_unique<LiveSession::Running>();
  for (const Seat seat : {live->seat, kObserver}) running->views[seat] = live->session->view(seat);
  running->finished = live->session->finished();
  running->saved = live->session->saved();
  const std::stop_token stop = running->stop.get_token();
  const std::stop_token withdraw = running->withdraw.get_token();
  live->running = std::move(running);
  workers_->post([this, live, command = std::move(command), respond = std::move(respond), stop,
                  withdraw, replying = std::move(replying)] {
    // Progress, throttled: only when it grew by a step, or grew at all after an interval.
    double sent = -1;
    Clock::time_point sent_at{};
    const Work work{stop,
                    [&](double fraction) {
                      fraction = std::clamp(fraction, 0.0, 1.0);
                      const auto now = clock_.now();
                      if (fraction <= sent) return;
                      if (fraction < sent + kProgressStep && now - sent_at < kProgressInterval) {
                        return;
                      }
                      sent = fraction;
                      sent_at = now;
                      push_progress(*live, fraction);
                    },
                    withdraw};
    std::vector<Json> events;
    std::optional<std::string> failure;
    try {
      events = live->session->apply(command, work);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    HttpResponse response, next_response;
    std::optional<LiveSession::Running::Next> next;
    {
      std::lock_guard lock(live->mutex);
      next = std::move(live->running->next);
      live->running.reset();
      live->last_command = command;
      live->last_by = std::exchange(live->commander, kObserver);
      Json done;
      if (!failure) done = applied(*live, std::move(events), respond ? replying : std::string());
      // The command that withdrew this one: played now (never a slow one), and both answered
      // with the state after it.
      Json next_events;
      if (next) {
        live->commander = next->seat;
        next_events = play(*live, std::move(next->command), next->replying);
      }
      const auto answer = [&](Json events) {
        Json more = Json::object();
        if (!live->game->private_events) more["events"] = std::move(events);
        return json_text_response(200, snapshot_text(*live, live->seat, more));
      };
      response = failure ? error(500, "internal", fmt::format("the server failed: {}", *failure))
                 : live->moved ? moved_refusal()
                               : answer(std::move(done));
      if (next) next_response = answer(std::move(next_events));
    }
    if (respond) respond(std::move(response));
    if (next && next->respond) next->respond(std::move(next_response));
  });
}

bool Sessions::withdraw_running(LiveSession& live, Json command, Seat seat, Respond& respond,
                                std::string replying) {
  if (live.running->next) return false;
  const Seat running_by = live.commander;
  stamp(live, command, seat);
  live.commander = running_by;  // the running command's, until it is applied
  live.running->next = LiveSession::Running::Next{
      std::move(command), seat, std::exchange(respond, nullptr), std::move(replying)};
  // Withdrawn first: a computation that sees the stop sees why.
  live.running->withdraw.request_stop();
  live.running->stop.request_stop();
  return true;
}

void Sessions::push_progress(LiveSession& live, double fraction) {
  std::vector<std::shared_ptr<WebSocketPeer>> peers;
  std::uint64_t version = 0;
  {
    std::lock_guard lock(live.mutex);
    for (const LiveSession::Follower& follower : live.peers) peers.push_back(follower.peer);
    version = live.version;
  }
  // Sent without the lock: a slow peer must not hold up the session's readers.
  const auto message = std::make_shared<const std::string>(
      json_text(Json{{"type", "progress"}, {"fraction", fraction}, {"version", version}}));
  for (const auto& peer : peers) peer->send_shared(message);
}

void Sessions::note_deadlines(LiveSession& live) { note_deadlines(live, live.session->timers()); }

void Sessions::note_deadlines(LiveSession& live, const std::vector<app::Timer>& timers) {
  const auto listed = [&](const std::string& key) {
    return std::any_of(timers.begin(), timers.end(),
                       [&](const app::Timer& timer) { return timer.key == key; });
  };
  std::optional<std::int64_t> now;
  for (const app::Timer& timer : timers) {
    if (live.deadlines.contains(timer.key)) continue;  // begun before (or restored)
    if (!now) now = now_ms();
    const auto after =
        timer.kind == app::Timer::Kind::kRound
            ? timer.after
            : std::chrono::duration_cast<std::chrono::milliseconds>(live.answer_time);
    live.deadlines[timer.key] = {*now, after.count() > 0 ? *now + after.count() : 0};
  }
  std::erase_if(live.deadlines, [&](const auto& entry) { return !listed(entry.first); });
}

void Sessions::start_timers(LiveSession& live) { start_timers(live, live.session->timers()); }

void Sessions::start_timers(LiveSession& live, const std::vector<app::Timer>& timers) {
  note_deadlines(live, timers);
  // The session's weak pointer, for the timers' tasks: looked up once a timer is to start.
  std::optional<std::weak_ptr<LiveSession>> weak;
  const auto weak_self = [&] {
    if (!weak) {
      std::lock_guard lock(mutex_);
      const auto found = sessions_.find(live.id);
      weak = found != sessions_.end() ? std::weak_ptr<LiveSession>(found->second)
                                      : std::weak_ptr<LiveSession>();
    }
    return *weak;
  };
  const std::int64_t now = now_ms();
  for (const app::Timer& timer : timers) {
    const auto [started, fresh] = live.timers.try_emplace(timer.key);
    if (!fresh) continue;  // started before
    const LiveSession::Deadline deadline = live.deadlines.at(timer.key);
    if (timer.kind == app::Timer::Kind::kRound) {
      // The round's game begins with its clock (restored: when it began on another server).
      live.clock_start = clock_.now() - std::chrono::milliseconds(now - deadline.began_ms);
      live.started_ms = deadline.began_ms;
    }
    if (deadline.ends_ms == 0) continue;  // an untimed round: its clock only counts
    const std::chrono::milliseconds after{std::max<std::int64_t>(0, deadline.ends_ms - now)};
    started->second = clock_.after(after, [this, weak = weak_self(), key = timer.key] {
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
  for (auto it = live.timers.begin(); it != live.timers.end();) {
    if (live.deadlines.contains(it->first)) {
      ++it;
      continue;
    }
    it->second.cancel();  // over (answered, its round ended): dropped now, not at its deadline
    it = live.timers.erase(it);
  }
}

void Sessions::push(LiveSession& live, std::string_view replying) {
  if (live.peers.empty()) return;
  // One rendering per seat watching, shared by its sockets.
  std::map<Seat, std::shared_ptr<const std::string>> messages;
  for (const LiveSession::Follower& follower : live.peers) {
    // The page whose request this answers has the update in the answer already.
    if (!replying.empty() && follower.client == replying) continue;
    auto message = messages.find(follower.seat);
    if (message == messages.end()) {
      Json update{{"type", "update"}};
      // A player's seat gets the events it may see; a spectator, views only.
      if (!live.game->private_events &&
          (follower.seat == live.seat || follower.seat != kObserver)) {
        Json events = Json::array();
        for (Json& event : live.session->events_for(follower.seat))
          events.push_back(std::move(event));
        update["events"] = std::move(events);
        // The seat's own command, played from another of its pages (another tab).
        if (follower.seat == live.last_by) update["command"] = live.last_command;
      }
      message = messages
                    .emplace(follower.seat, std::make_shared<const std::string>(
                                                snapshot_text(live, follower.seat, update)))
                    .first;
    }
    follower.peer->send_shared(message->second);
  }
}

Sessions::SnapshotParts Sessions::snapshot_parts(const LiveSession& live, Seat seat) const {
  SnapshotParts parts;
  parts.before = {{"game", live.game->name},
                  {"version", live.version},
                  {"watch", live.watch},
                  {"seat", seat_json(seat)},
                  {"finished", live.running ? live.running->finished : live.session->finished()}};
  Json& after = parts.after;
  after = {{"hidden_information", live.hidden}, {"practice", live.practice}};
  if (live.running) {  // the session is the worker's: as it was when the command began
    after["busy"] = true;
    if (shows_seed(live)) after["seed"] = live.seed;
    return parts;
  }
  if (shows_seed(live)) after["seed"] = live.seed;
  // Its player finds it among their unfinished games: leaving the page loses nothing.
  if (live.unfinished != 0 && seat == live.seat) after["resumable"] = true;
  // The owner's last game told for sharing (a challenge code with it, or both results).
  if (!live.share.is_null() && seat == live.seat) after["share"] = live.share;
  if (live.reviewable && live.game->review && seat == live.seat) after["review"] = true;
  if (live.challenge && seat == live.seat) {
    after["challenge"] = {{"name", live.challenge->name}, {"result", live.challenge->result}};
  }
  // Its players hear that their game is not kept, every time, not only the operator once.
  if (!live.not_kept.empty() && seat != kObserver) after["not_kept"] = live.not_kept;
  return parts;
}

Json Sessions::snapshot(const LiveSession& live, Seat seat) const {
  SnapshotParts parts = snapshot_parts(live, seat);
  Json snapshot = std::move(parts.before);
  if (live.running) {
    const auto view = live.running->views.find(seat);
    snapshot["view"] = view == live.running->views.end() ? Json() : view->second;
  } else {
    snapshot["view"] = live.session->view(seat);
  }
  for (auto it = parts.after.begin(); it != parts.after.end(); ++it) {
    snapshot[it.key()] = std::move(it.value());
  }
  return snapshot;
}

std::string Sessions::snapshot_text(const LiveSession& live, Seat seat, const Json& more) const {
  const SnapshotParts parts = snapshot_parts(live, seat);
  std::string view;
  if (live.running) {
    const auto found = live.running->views.find(seat);
    view = json_text(found == live.running->views.end() ? Json() : found->second);
  } else {
    view = live.session->view_text(seat);  // kept by the session while its state stands
  }
  // json_text of the snapshot with `more`'s members after, byte for byte: each part's members
  // spliced in.
  std::string text = json_text(parts.before);
  text.pop_back();  // its '}'
  text += ",\"view\":";
  text += view;
  text += ',';
  const std::string after = json_text(parts.after);
  text.append(after, 1, after.size() - 2);  // its members, both braces left out
  if (!more.empty()) {
    const std::string members = json_text(more);
    text += ',';
    text.append(members, 1, members.size() - 2);
  }
  text += '}';
  return text;
}

Json Sessions::handed(const LiveSession& live, Seat seat) const {
  Json reply = snapshot(live, seat);
  reply["config"] = live.config;
  return reply;
}

}  // namespace wg::server
