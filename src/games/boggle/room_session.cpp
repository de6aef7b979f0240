#include "games/boggle/room_session.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "core/text.h"

namespace wg::boggle {

RoomSession::RoomSession(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed)
    : lexicon_(std::move(lexicon)), config_(std::move(config)), seed_(seed) {
  if (!lexicon_) throw std::invalid_argument("boggle: a room needs a lexicon");
  config_.validate();
  boards_ = std::make_shared<SolvedBoards>(lexicon_);
}

bool RoomSession::seated(Seat seat) const {
  return seat >= 0 && static_cast<std::size_t>(seat) < seats_.size();
}

bool RoomSession::present(Seat seat) const {
  return seated(seat) && !seats_[static_cast<std::size_t>(seat)].removed;
}

const Session& RoomSession::seat_session(Seat seat) const {
  if (!seated(seat)) throw std::out_of_range("boggle: no seat " + std::to_string(seat));
  return seats_[static_cast<std::size_t>(seat)].session;
}

bool RoomSession::late(std::uint64_t elapsed_ms) const {
  return config_.seconds != 0 && elapsed_ms >= deadline_ms();
}

bool RoomSession::visible(const Event& event, Seat viewer) {
  return std::visit(
      [viewer](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, room::WordAccepted> || std::is_same_v<T, room::Rejected> ||
                      std::is_same_v<T, room::SeatFinished>) {
          return e.seat == viewer;
        } else {
          return true;
        }
      },
      event);
}

std::vector<room::Event> RoomSession::apply(const Command& command, const Work& /*work*/) {
  return std::visit([this](const auto& c) { return on(c); }, command);
}

std::vector<room::Event> RoomSession::on(const room::Join& join) {
  const std::string name(trim(join.name));
  if (name.empty() || name.size() > room::kMaxNameLength) {
    return {
        room::Rejected{kObserver,
                       Refusal::kMalformed,
                       {},
                       "a name has 1 to " + std::to_string(room::kMaxNameLength) + " characters"}};
  }
  // Shown to every player of the room: text, as a player's name is (core/text.h).
  if (!is_plain_text(name)) {
    return {room::Rejected{
        kObserver, Refusal::kMalformed, {}, "a name is text: UTF-8 without control characters"}};
  }
  const auto here = std::count_if(seats_.begin(), seats_.end(),
                                  [](const SeatState& seat) { return !seat.removed; });
  if (static_cast<std::size_t>(here) >= room::kMaxPlayers) {
    return {room::Rejected{kObserver,
                           Refusal::kNotAllowed,
                           {},
                           "a room holds " + std::to_string(room::kMaxPlayers) + " players"}};
  }
  for (const SeatState& seat : seats_) {
    if (!seat.removed && seat.name == name) {
      return {room::Rejected{
          kObserver, Refusal::kRepeated, {}, "someone in the room has that name; choose another"}};
    }
  }
  seats_.push_back(
      SeatState{name, Session(lexicon_, config_, seed_, boards_), false, false, std::nullopt});
  commands_.push_back(room::Join{name});
  return {room::Joined{static_cast<Seat>(seats_.size() - 1), name}};
}

std::vector<room::Event> RoomSession::on(const room::Start& start) {
  if (!seated(start.seat)) {
    return {room::Rejected{
        start.seat, Refusal::kMalformed, {}, "there is no seat " + std::to_string(start.seat)}};
  }
  if (start.seat != 0) {
    return {room::Rejected{start.seat,
                           Refusal::kNotAllowed,
                           {},
                           "only the host (the room's first player) starts a round"}};
  }
  if (status_ == Status::kPlaying) {
    return {room::Rejected{
        start.seat, Refusal::kWrongPhase, {}, "the round is on: wait for it to end"}};
  }
  // Round k of the room is round k of each seat's solo session: a round a seat did not play is
  // closed at once, untouched, and the next one begun.
  const int round = rounds_++;
  room::RoundStarted started;
  for (SeatState& seat : seats_) {
    if (seat.removed) continue;
    Session& session = seat.session;
    while (session.round() < round) {
      if (!session.finished()) session.apply(boggle::Close{0});
      session.apply(NewGame{});
    }
    if (session.round() != round || session.finished()) {
      throw std::logic_error("boggle: a seat's session is not at the room's round");
    }
    seat.in_round = true;
    seat.finished.reset();
    started.seats.push_back(static_cast<Seat>(&seat - seats_.data()));
  }
  const boggle::RoundStarted solo = seats_.front().session.started();
  started.round = round;
  started.board = solo.board;
  started.min_length = solo.min_length;
  started.scoring = solo.scoring;
  started.seconds = solo.seconds;
  status_ = Status::kPlaying;
  elapsed_ms_ = 0;
  timed_out_ = false;
  results_.reset();
  commands_.push_back(start);
  return {std::move(started)};
}

std::optional<room::Rejected> RoomSession::refuse_play(Seat seat, std::uint64_t elapsed_ms,
                                                       const std::string& word) const {
  if (!present(seat)) {
    return room::Rejected{seat, Refusal::kMalformed, word,
                          "there is no seat " + std::to_string(seat)};
  }
  if (status_ != Status::kPlaying) {
    return room::Rejected{seat, Refusal::kWrongPhase, word, "no round is on"};
  }
  const SeatState& state = seats_[static_cast<std::size_t>(seat)];
  if (!state.in_round) {
    return room::Rejected{seat, Refusal::kWrongPhase, word, "you play from the next round"};
  }
  if (state.session.finished()) {
    return room::Rejected{seat, Refusal::kWrongPhase, word, "your round is over"};
  }
  if (elapsed_ms < elapsed_ms_) {
    return room::Rejected{seat, Refusal::kMalformed, word,
                          "elapsed_ms " + std::to_string(elapsed_ms) + " is before " +
                              std::to_string(elapsed_ms_) + ", the time of an earlier command"};
  }
  return std::nullopt;
}

std::vector<room::Event> RoomSession::on(const room::Submit& submit) {
  if (auto refused = refuse_play(submit.seat, submit.elapsed_ms, submit.word)) {
    return {std::move(*refused)};
  }
  std::vector<Event> events;
  if (late(submit.elapsed_ms)) {
    // The word is refused, and the time it brings ends the round: what changed is the Tick.
    events.push_back(room::Rejected{submit.seat, Refusal::kTooLate, submit.word, {}});
    commands_.push_back(room::Tick{submit.elapsed_ms});
    time_up(submit.elapsed_ms, events);
    return events;
  }
  Session& session = seats_[static_cast<std::size_t>(submit.seat)].session;
  for (boggle::Event& solo : session.apply(boggle::Submit{submit.word, submit.elapsed_ms})) {
    if (auto* accepted = std::get_if<boggle::WordAccepted>(&solo)) {
      events.push_back(room::WordAccepted{submit.seat, std::move(accepted->word), accepted->points,
                                          accepted->score, std::move(accepted->path)});
      elapsed_ms_ = submit.elapsed_ms;
      commands_.push_back(submit);
    } else if (auto* rejected = std::get_if<boggle::Rejected>(&solo)) {
      events.push_back(room::Rejected{submit.seat, rejected->reason, std::move(rejected->word),
                                      std::move(rejected->detail)});
    }
  }
  return events;
}

std::vector<room::Event> RoomSession::on(const room::Close& close) {
  if (auto refused = refuse_play(close.seat, close.elapsed_ms, {})) return {std::move(*refused)};
  std::vector<Event> events;
  commands_.push_back(close);
  if (late(close.elapsed_ms)) {
    time_up(close.elapsed_ms, events);
    return events;
  }
  elapsed_ms_ = close.elapsed_ms;
  Session& session = seats_[static_cast<std::size_t>(close.seat)].session;
  add_seat_finished(close.seat, session.apply(boggle::Close{close.elapsed_ms}), events);
  end_if_all_done(events);
  return events;
}

std::vector<room::Event> RoomSession::on(const room::Tick& tick) {
  if (status_ != Status::kPlaying) {
    return {room::Rejected{kObserver, Refusal::kWrongPhase, {}, "no round is on"}};
  }
  if (tick.elapsed_ms < elapsed_ms_) {
    return {room::Rejected{kObserver,
                           Refusal::kMalformed,
                           {},
                           "elapsed_ms " + std::to_string(tick.elapsed_ms) + " is before " +
                               std::to_string(elapsed_ms_) + ", the time of an earlier command"}};
  }
  if (!late(tick.elapsed_ms)) return {};
  std::vector<Event> events;
  commands_.push_back(tick);
  time_up(tick.elapsed_ms, events);
  return events;
}

std::vector<room::Event> RoomSession::on(const room::Remove& remove) {
  if (!present(remove.seat)) {
    return {room::Rejected{
        remove.seat, Refusal::kMalformed, {}, "there is no seat " + std::to_string(remove.seat)}};
  }
  if (remove.seat != 0) {
    return {room::Rejected{
        remove.seat, Refusal::kNotAllowed, {}, "only the host (the room's first player) removes"}};
  }
  if (!present(remove.player)) {
    return {room::Rejected{remove.seat,
                           Refusal::kMalformed,
                           {},
                           "there is no player at seat " + std::to_string(remove.player)}};
  }
  if (remove.player == 0) {
    return {room::Rejected{remove.seat, Refusal::kNotAllowed, {}, "the host stays in the room"}};
  }
  SeatState& removed = seats_[static_cast<std::size_t>(remove.player)];
  removed.removed = true;
  removed.in_round = false;  // out of the round: it neither waits for them nor lists them
  commands_.push_back(remove);
  std::vector<Event> events = {room::Removed{remove.player, removed.name}};
  if (status_ == Status::kPlaying) end_if_all_done(events);
  return events;
}

void RoomSession::add_seat_finished(Seat seat, std::vector<boggle::Event> solo,
                                    std::vector<Event>& events) {
  for (boggle::Event& event : solo) {
    if (auto* finished = std::get_if<boggle::Finished>(&event)) {
      seats_[static_cast<std::size_t>(seat)].finished = *finished;
      events.push_back(room::SeatFinished{seat, std::move(*finished)});
    }
  }
}

void RoomSession::time_up(std::uint64_t elapsed_ms, std::vector<Event>& events) {
  timed_out_ = true;
  elapsed_ms_ = elapsed_ms;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    SeatState& seat = seats_[i];
    if (!seat.in_round || seat.session.finished()) continue;
    add_seat_finished(static_cast<Seat>(i), seat.session.apply(boggle::Tick{elapsed_ms}), events);
  }
  end_if_all_done(events);
}

void RoomSession::end_if_all_done(std::vector<Event>& events) {
  const bool all_done = std::all_of(seats_.begin(), seats_.end(), [](const SeatState& seat) {
    return !seat.in_round || seat.session.finished();
  });
  if (!all_done) return;
  // A player who joined during the round is not in it: the results neither wait for them nor
  // list them.
  std::vector<RoomEntry> entries;
  room::Finished finished;
  finished.round = round();
  finished.end = timed_out_ ? RoundEnd::kTimeUp : RoundEnd::kClosed;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].in_round) continue;
    entries.push_back({seats_[i].name, seats_[i].session.view(0).found});
    finished.seats.push_back(static_cast<Seat>(i));
    finished.rounds.push_back(seats_[i].finished.value_or(boggle::Finished{}));
  }
  finished.results = score_room(entries);
  results_ = finished.results;
  status_ = Status::kFinished;
  events.push_back(std::move(finished));
}

room::View RoomSession::view(Seat seat) const {
  View v;
  v.status = status_;
  v.round = round();
  v.config = config_;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const SeatState& s = seats_[i];
    v.players.push_back(
        {s.name, i == 0, s.in_round && s.session.finished(), s.in_round, s.removed});
  }
  v.results = results_;          // once the round is over for everyone
  if (!present(seat)) return v;  // a spectator, or a player removed
  v.you = seat;
  const SeatState& own = seats_[static_cast<std::size_t>(seat)];
  if (own.in_round) {
    boggle::View round = own.session.view(0);
    if (status_ != Status::kFinished) {
      // The board's words are the answers: no seat sees them while another still plays.
      round.all_words.clear();
      round.missed.clear();
      round.total_score.reset();
    }
    v.own = std::move(round);
  }
  return v;
}

}  // namespace wg::boggle
