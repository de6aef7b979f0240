#include "app/boggle_room_codec.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "app/boggle_codec.h"
#include "app/game_record.h"
#include "app/json_fields.h"
#include "app/session_adapter.h"

namespace wg::app {

namespace {

namespace bg = wg::boggle;
namespace rm = wg::boggle::room;

constexpr Named<rm::Status> kStatusNames[] = {{rm::Status::kWaiting, "waiting"},
                                              {rm::Status::kPlaying, "playing"},
                                              {rm::Status::kFinished, "finished"}};

constexpr CommandShape kCommands[] = {{"join", {"name"}},
                                      {"start", {"seat"}},
                                      {"submit", {"seat", "word", "elapsed_ms"}},
                                      {"close", {"seat", "elapsed_ms"}},
                                      {"tick", {"elapsed_ms"}},
                                      {"remove", {"seat", "player"}}};

Json seat_json(Seat seat) { return seat == kObserver ? Json(nullptr) : Json(seat); }

}  // namespace

bg::Config BoggleRoomCodec::config_from_json(const Json& json) {
  return BoggleCodec::config_from_json(json);
}

Json BoggleRoomCodec::config_to_json(const bg::Config& config) {
  return BoggleCodec::config_to_json(config);
}

rm::Command BoggleRoomCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  const auto elapsed = [&f = fields] { return f.integer("elapsed_ms", std::uint64_t{0}); };
  const auto seat = [&f = fields] { return f.required_integer<Seat>("seat"); };
  if (name == "join") return rm::Join{fields.required_text("name")};
  if (name == "start") return rm::Start{seat()};
  if (name == "submit") return rm::Submit{seat(), fields.required_text("word"), elapsed()};
  if (name == "close") return rm::Close{seat(), elapsed()};
  if (name == "remove") return rm::Remove{seat(), fields.required_integer<Seat>("player")};
  return rm::Tick{fields.required_integer<std::uint64_t>("elapsed_ms")};
}

Json BoggleRoomCodec::command_to_json(const rm::Command& command) {
  return std::visit(
      [](const auto& c) -> Json {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, rm::Join>) {
          return {{"command", "join"}, {"name", c.name}};
        } else if constexpr (std::is_same_v<T, rm::Start>) {
          return {{"command", "start"}, {"seat", c.seat}};
        } else if constexpr (std::is_same_v<T, rm::Submit>) {
          return {{"command", "submit"},
                  {"seat", c.seat},
                  {"word", c.word},
                  {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, rm::Close>) {
          return {{"command", "close"}, {"seat", c.seat}, {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, rm::Remove>) {
          return {{"command", "remove"}, {"seat", c.seat}, {"player", c.player}};
        } else {
          return {{"command", "tick"}, {"elapsed_ms", c.elapsed_ms}};
        }
      },
      command);
}

Json BoggleRoomCodec::results_to_json(const bg::RoomResult& results) {
  Json scores = Json::array();
  for (const bg::RoomScore& player : results.players) {
    Json words = Json::array();
    for (const bg::RoomWord& word : player.words) {
      words.push_back({{"word", word.word}, {"points", word.points}, {"shared", word.shared}});
    }
    scores.push_back({{"name", player.name}, {"words", std::move(words)}, {"score", player.score}});
  }
  return {{"players", std::move(scores)}, {"shared", results.shared}, {"winners", results.winners}};
}

Json BoggleRoomCodec::event_to_json(const rm::Event& event) {
  return std::visit(
      [](const auto& e) -> Json {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, rm::Joined>) {
          return {{"event", "joined"}, {"seat", e.seat}, {"name", e.name}};
        } else if constexpr (std::is_same_v<T, rm::Removed>) {
          return {{"event", "removed"}, {"player", e.player}, {"name", e.name}};
        } else if constexpr (std::is_same_v<T, rm::RoundStarted>) {
          return {{"event", "round_started"},
                  {"round", e.round},
                  {"board", BoggleCodec::board_to_json(e.board)},
                  {"min_length", e.min_length},
                  {"scoring", bg::to_string(e.scoring)},
                  {"seconds", e.seconds},
                  {"seats", e.seats}};
        } else if constexpr (std::is_same_v<T, rm::WordAccepted>) {
          return {{"event", "word_accepted"}, {"seat", e.seat},   {"word", e.word},
                  {"points", e.points},       {"score", e.score}, {"path", e.path}};
        } else if constexpr (std::is_same_v<T, rm::Rejected>) {
          Json out = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
          if (e.seat != kObserver) out["seat"] = e.seat;
          if (!e.word.empty()) out["word"] = e.word;
          if (!e.detail.empty()) out["detail"] = e.detail;
          return out;
        } else if constexpr (std::is_same_v<T, rm::SeatFinished>) {
          // Not the board's words: the seat sees them once the round is over for everyone.
          return {{"event", "seat_finished"},
                  {"seat", e.seat},
                  {"round", e.round.round},
                  {"end", BoggleCodec::end_name(e.round.end)},
                  {"elapsed_ms", e.round.elapsed_ms},
                  {"found", BoggleCodec::found_to_json(e.round.found)},
                  {"score", e.round.score}};
        } else {
          return {{"event", "finished"},
                  {"round", e.round},
                  {"end", BoggleCodec::end_name(e.end)},
                  {"seats", e.seats},
                  {"results", results_to_json(e.results)}};
        }
      },
      event);
}

Json BoggleRoomCodec::view_to_json(const rm::View& view) {
  // Every member's view lists every player (16 objects at most, every member of a round that
  // starts): each copied from one made once and filled in place, rather than built from an
  // initializer list (an array per field, then converted).
  static const Json kPlayerTemplate = {
      {"name", ""}, {"host", false}, {"done", false}, {"in_round", false}, {"removed", false}};
  Json players = Json::array();
  auto& items = players.get_ref<Json::array_t&>();
  items.reserve(view.players.size());
  for (const rm::Player& p : view.players) {
    Json& item = items.emplace_back(kPlayerTemplate);
    auto field = item.begin();
    *field++ = p.name;
    *field++ = p.host;
    *field++ = p.done;
    *field++ = p.in_round;
    *field = p.removed;
  }
  Json out = {{"status", name_of(kStatusNames, view.status)},
              {"round", view.round},
              {"config", config_to_json(view.config)},
              {"players", std::move(players)},
              {"you", seat_json(view.you)},
              {"max_players", view.max_players},
              {"name_limit", view.name_limit}};
  if (view.own) out["your_round"] = BoggleCodec::view_to_json(*view.own);
  if (view.results) out["results"] = results_to_json(*view.results);
  return out;
}

Seat BoggleRoomCodec::owner_seat(const Session&) { return kObserver; }

std::vector<Timer> BoggleRoomCodec::timers(const Session& session) {
  if (session.status() != rm::Status::kPlaying) return {};
  return {Timer{Timer::Kind::kRound, fmt::format("round {}", session.round()),
                std::chrono::milliseconds(session.deadline_ms()),
                command_to_json(rm::Tick{session.deadline_ms()})}};
}

bool BoggleRoomCodec::visible(const rm::Event& event, Seat seat) {
  return Session::visible(event, seat);
}

std::vector<FinishedGame> BoggleRoomCodec::finished_records(const Session& session,
                                                            const std::vector<rm::Event>& events,
                                                            std::string_view person, Seat seat) {
  // A seat's round is recorded once the round is over for everyone: scored as the room scores
  // it (a word two players found scores for nobody), won by the room's winners.
  std::vector<FinishedGame> records;
  for (const rm::Event& event : events) {
    const auto* done = std::get_if<rm::Finished>(&event);
    if (done == nullptr) continue;
    for (std::size_t k = 0; k < done->seats.size() && k < done->rounds.size(); ++k) {
      if (done->seats[k] != seat) continue;
      const bool won = std::find(done->results.winners.begin(), done->results.winners.end(),
                                 static_cast<int>(k)) != done->results.winners.end();
      const std::int64_t score =
          k < done->results.players.size() ? done->results.players[k].score : 0;
      records.push_back(finished_game_record<BoggleCodec>(
          session.seat_session(seat), done->rounds[k], {{std::string(person), score, won}}));
      // The room's results too, so that the review says each player's words no one else found.
      records.back().result["room"] = results_to_json(done->results);
    }
  }
  return records;
}

GameEntry boggle_room_game() {
  GameEntry entry{"boggle",
                  BoggleRoomCodec::kGame,
                  "Word Search room",
                  "Several players on one board and one clock; a word two players find scores "
                  "for nobody",
                  &BoggleCodec::config_schema,
                  &open_session<BoggleRoomCodec>};
  // The round runs on the host's one clock; each player acts at the seat the host gives them,
  // and only the host seats a player (answering with the seat's key).
  entry.stamps.clocked = {"submit", "tick", "close"};
  entry.stamps.seated = {"start", "submit", "close", "remove"};
  entry.stamps.host_only = {"join"};
  entry.resumable = false;
  // A seat's round is recorded as a Word Search game (finished_records): reviewed as one.
  entry.review = &BoggleCodec::review;
  // The seed rolls the board of every round the room will play.
  entry.hidden_information = [](const Json&) { return true; };
  return entry;
}

}  // namespace wg::app
