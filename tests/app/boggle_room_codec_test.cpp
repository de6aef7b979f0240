#include "app/boggle_room_codec.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/boggle_codec.h"
#include "app/review.h"
#include "app/session_adapter.h"

namespace wg::app {
namespace {

namespace rm = wg::boggle::room;

std::shared_ptr<const Lexicon> enable() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

const GameEntry& room_entry() {
  const GameEntry* game = find_game("boggle");
  EXPECT_NE(game, nullptr);
  EXPECT_NE(game->rooms, nullptr);
  return *game->rooms;
}

// The spec's board, spec scoring, a minute.
const Json kSpecBoard = {{"board", "EECA/ALEP/HNBO/QTTY"}, {"seconds", 60}, {"scoring", "spec"}};

/// A room of Ann (seat 0) and Bo (seat 1), its round 0 started.
std::unique_ptr<GameSession> playing(const Json& config = kSpecBoard, std::uint64_t seed = 1) {
  auto room = room_entry().open(config, seed, enable());
  room->apply({{"command", "join"}, {"name", "Ann"}});
  room->apply({{"command", "join"}, {"name", "Bo"}});
  room->apply({{"command", "start"}, {"seat", 0}});
  return room;
}

bool has(const std::vector<Json>& events, const std::string& name) {
  return std::any_of(events.begin(), events.end(),
                     [&](const Json& e) { return e.value("event", "") == name; });
}

TEST(BoggleRoomCodec, TheRoomIsWordSearchsAndNoGameOfTheLobby) {
  const GameEntry& room = room_entry();
  EXPECT_EQ(room.name, "boggle-room");
  EXPECT_EQ(find_game("boggle-room"), nullptr) << "played only in rooms";
  EXPECT_FALSE(room.resumable);
  EXPECT_TRUE(host_only(room, {{"command", "join"}, {"name", "Ann"}}));
  EXPECT_FALSE(host_only(room, {{"command", "submit"}}));
  Json command = {{"command", "close"}, {"seat", 5}};
  stamp_player_command(room, command, 1, 2500);
  EXPECT_EQ(command, (Json{{"command", "close"}, {"seat", 1}, {"elapsed_ms", 2500}}));
}

TEST(BoggleRoomCodec, ARemovalIsEveryonesToSee) {
  auto room = room_entry().open(kSpecBoard, 1, enable());
  room->apply({{"command", "join"}, {"name", "Ann"}});
  room->apply({{"command", "join"}, {"name", "Bo"}});
  const std::vector<Json> events = room->apply({{"command", "remove"}, {"seat", 0}, {"player", 1}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0], (Json{{"event", "removed"}, {"player", 1}, {"name", "Bo"}}));
  const Json bo = room->view(1);
  EXPECT_TRUE(bo["you"].is_null()) << "Bo sees the room as a spectator";
  EXPECT_EQ(bo["players"][1]["removed"], true);
  EXPECT_EQ(bo["players"][0]["removed"], false);
}

TEST(BoggleRoomCodec, CommandsRoundTrip) {
  for (const rm::Command& command :
       std::vector<rm::Command>{rm::Join{"Ann"}, rm::Start{0}, rm::Submit{1, "peace", 1500},
                                rm::Close{2, 9}, rm::Tick{60'000}, rm::Remove{0, 3}}) {
    const Json json = BoggleRoomCodec::command_to_json(command);
    EXPECT_EQ(BoggleRoomCodec::command_from_json(json), command) << json.dump();
  }
  auto room = room_entry().open(kSpecBoard, 1, enable());
  for (const Json& bad : std::vector<Json>{{{"command", "join"}},
                                           {{"command", "join"}, {"name", 3}},
                                           {{"command", "start"}},
                                           {{"command", "submit"}, {"word", "peace"}},
                                           {{"command", "submit"}, {"seat", 0}},
                                           {{"command", "close"}, {"seat", "0"}},
                                           {{"command", "tick"}},
                                           {{"command", "remove"}, {"seat", 0}},
                                           {{"command", "remove"}, {"seat", 0}, {"player", "1"}},
                                           {{"command", "new_game"}},
                                           {{"command", "join"}, {"name", "Ann"}, {"seat", 0}}}) {
    const std::vector<Json> events = room->apply(bad);
    ASSERT_EQ(events.size(), 1u) << bad.dump();
    EXPECT_EQ(events[0]["reason"], "malformed") << bad.dump();
  }
  EXPECT_TRUE(room->saved()["commands"].empty());
}

TEST(BoggleRoomCodec, EachSeatSeesItsOwnRoundAndNoAnswersUntilEveryoneIsDone) {
  auto room = playing();
  const Json waiting = room->view(0);
  EXPECT_EQ(waiting["status"], "playing");
  EXPECT_EQ(waiting["you"], 0);
  EXPECT_EQ(waiting["name_limit"], rm::kMaxNameLength);
  EXPECT_EQ(waiting["max_players"], rm::kMaxPlayers);
  EXPECT_EQ(waiting["players"][1], (Json{{"name", "Bo"},
                                         {"host", false},
                                         {"done", false},
                                         {"in_round", true},
                                         {"removed", false}}));
  EXPECT_EQ(waiting["your_round"]["board"]["spec"], "EECA/ALEP/HNBO/QTTY");
  EXPECT_FALSE(room->view(kObserver).contains("your_round"));
  EXPECT_EQ(room->view(kObserver)["you"], nullptr);

  const std::vector<Json> found =
      room->apply({{"command", "submit"}, {"seat", 0}, {"word", "peace"}, {"elapsed_ms", 100}});
  EXPECT_EQ(found[0], (Json{{"event", "word_accepted"},
                            {"seat", 0},
                            {"word", "peace"},
                            {"points", 3},
                            {"score", 3},
                            {"path", found[0]["path"]}}));
  EXPECT_EQ(room->events_for(0).size(), 1u);
  EXPECT_TRUE(room->events_for(1).empty()) << "Ann's word is hers";
  EXPECT_TRUE(room->events_for(kObserver).empty());
  EXPECT_EQ(room->view(1).dump().find("peace"), std::string::npos);

  room->apply({{"command", "close"}, {"seat", 0}, {"elapsed_ms", 200}});
  EXPECT_TRUE(has(room->events_for(0), "seat_finished"));
  EXPECT_FALSE(has(room->events_for(1), "seat_finished"));
  const Json early = room->view(0);
  EXPECT_EQ(early["your_round"]["status"], "finished");
  EXPECT_EQ(early["your_round"]["end"], "closed");
  for (const char* key : {"all_words", "missed", "total_score"}) {
    EXPECT_FALSE(early["your_round"].contains(key)) << key << " while Bo plays";
  }
  EXPECT_FALSE(early.contains("results"));
  // ACE is on the board and nobody found it: nowhere yet.
  EXPECT_EQ(early.dump().find("\"ace\""), std::string::npos);

  const std::vector<Json> last =
      room->apply({{"command", "close"}, {"seat", 1}, {"elapsed_ms", 300}});
  EXPECT_TRUE(has(room->events_for(0), "finished")) << "everyone hears the round's end";
  EXPECT_TRUE(has(room->events_for(kObserver), "finished"));
  const Json over = room->view(0);
  EXPECT_EQ(over["status"], "finished");
  EXPECT_EQ(over["your_round"]["total_score"].is_number(), true);
  const Json missed = over["your_round"]["missed"];
  ASSERT_FALSE(missed.empty());
  EXPECT_TRUE(missed[0].contains("points"));
  EXPECT_TRUE(missed[0].contains("path"));
  EXPECT_EQ(over["results"]["players"][0]["score"], 3);
  EXPECT_EQ(over["results"]["winners"], Json::array({0}));
  EXPECT_EQ(room->view(kObserver)["results"], over["results"]);
}

TEST(BoggleRoomCodec, TheRoundsClockIsATimerWhileARoundIsOn) {
  auto room = room_entry().open(kSpecBoard, 1, enable());
  room->apply({{"command", "join"}, {"name", "Ann"}});
  EXPECT_TRUE(room->timers().empty());
  room->apply({{"command", "start"}, {"seat", 0}});
  const std::vector<Timer> timers = room->timers();
  ASSERT_EQ(timers.size(), 1u);
  EXPECT_EQ(timers[0].kind, Timer::Kind::kRound);
  EXPECT_EQ(timers[0].after, std::chrono::milliseconds(60'000));
  EXPECT_TRUE(has(room->apply(timers[0].command), "finished"));
  EXPECT_TRUE(room->timers().empty());
  EXPECT_TRUE(room->finished());
}

TEST(BoggleRoomCodec, RoomAndSoloGameWithOneSeedShowTheSameBoards) {
  const Json rolled = {{"seconds", 60}};
  auto room = playing(rolled, 4242);
  auto solo = find_game("boggle")->open(rolled, 4242, enable());
  EXPECT_EQ(room->view(1)["your_round"]["board"], solo->view(0)["board"]);
  room->apply({{"command", "tick"}, {"elapsed_ms", 60'000}});
  room->apply({{"command", "start"}, {"seat", 0}});
  solo->apply({{"command", "close"}});
  solo->apply({{"command", "new_game"}});
  EXPECT_EQ(room->view(0)["your_round"]["board"], solo->view(0)["board"]);
}

TEST(BoggleRoomCodec, TheSavedRoomReplaysTheSame) {
  auto room = playing();
  room->apply({{"command", "submit"}, {"seat", 1}, {"word", "peace"}, {"elapsed_ms", 10}});
  room->apply({{"command", "close"}, {"seat", 1}, {"elapsed_ms", 20}});
  room->apply({{"command", "join"}, {"name", "Cy"}});
  const Json saved = room->saved();
  EXPECT_EQ(saved["game"], "boggle-room");
  auto again = room_entry().open(saved["config"], saved["seed"], enable());
  for (const Json& command : saved["commands"]) {
    for (const Json& event : again->apply(command)) EXPECT_NE(event["event"], "rejected");
  }
  for (Seat seat : {kObserver, 0, 1, 2}) EXPECT_EQ(again->view(seat), room->view(seat)) << seat;
}

TEST(BoggleRoomCodec, EachSeatsRoundIsRecordedAsAWordSearchGameThatReplays) {
  auto room = playing({{"seconds", 60}}, 99);
  room->apply({{"command", "tick"}, {"elapsed_ms", 60'000}});
  room->apply({{"command", "join"}, {"name", "Cy"}});
  room->apply({{"command", "start"}, {"seat", 0}});
  const std::string board = room->view(2)["your_round"]["board"]["spec"];
  room->apply({{"command", "close"}, {"seat", 0}, {"elapsed_ms", 1000}});
  EXPECT_TRUE(room->finished_records("Ann", 0).empty())
      << "a round is recorded once it is over for everyone";
  room->apply({{"command", "close"}, {"seat", 2}, {"elapsed_ms", 2000}});
  EXPECT_TRUE(room->finished_records("Cy", 2).empty()) << "Bo's round is not over";
  room->apply({{"command", "close"}, {"seat", 1}, {"elapsed_ms", 3000}});
  const std::vector<FinishedGame> ann = room->finished_records("Ann", 0);
  ASSERT_EQ(ann.size(), 1u);
  EXPECT_EQ(ann[0].game, "boggle");
  EXPECT_EQ(ann[0].players[0].name, "Ann");
  const std::vector<FinishedGame> cy = room->finished_records("Cy", 2);
  ASSERT_EQ(cy.size(), 1u);
  EXPECT_EQ(cy[0].seed, 99u);
  EXPECT_EQ(cy[0].result["round"], 1);
  // Cy joined for round 1: his record closes round 0 unplayed, then plays round 1.
  EXPECT_EQ(cy[0].commands[0], (Json{{"command", "close"}, {"elapsed_ms", 0}}));
  EXPECT_EQ(cy[0].commands[1], (Json{{"command", "new_game"}}));
  const auto solo = restore({{"game", cy[0].game},
                             {"config", cy[0].config},
                             {"seed", cy[0].seed},
                             {"commands", cy[0].commands}},
                            enable());
  EXPECT_EQ(solo->view(0)["board"]["spec"], board);
  EXPECT_EQ(solo->view(0)["found"], cy[0].result["found"]);
  EXPECT_TRUE(solo->finished());
}

TEST(BoggleRoomCodec, ARoundIsRecordedAsTheRoomScoredItAndWonByItsWinners) {
  auto room = playing();
  // Both find PEACE (shared: nobody scores it); Ann alone finds ACE.
  room->apply({{"command", "submit"}, {"seat", 0}, {"word", "peace"}, {"elapsed_ms", 10}});
  room->apply({{"command", "submit"}, {"seat", 0}, {"word", "ace"}, {"elapsed_ms", 20}});
  room->apply({{"command", "submit"}, {"seat", 1}, {"word", "peace"}, {"elapsed_ms", 30}});
  room->apply({{"command", "close"}, {"seat", 0}, {"elapsed_ms", 40}});
  room->apply({{"command", "close"}, {"seat", 1}, {"elapsed_ms", 50}});
  const std::vector<FinishedGame> ann = room->finished_records("Ann", 0);
  const std::vector<FinishedGame> bo = room->finished_records("Bo", 1);
  ASSERT_EQ(ann.size(), 1u);
  ASSERT_EQ(bo.size(), 1u);
  EXPECT_EQ(ann[0].players[0], (GamePlayer{"Ann", 1, true})) << "ACE's point, not PEACE's";
  EXPECT_EQ(bo[0].players[0], (GamePlayer{"Bo", 0, false}));
  EXPECT_EQ(ann[0].result["score"], 4) << "the round itself, as it was played alone";
}

TEST(BoggleRoomCodec, ARoundAloneIsNeverAWin) {
  auto solo = boggle_game().open(kSpecBoard, 1, enable());
  solo->apply({{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 10}});
  solo->apply({{"command", "close"}, {"elapsed_ms", 20}});
  const std::vector<FinishedGame> records = solo->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].players[0], (GamePlayer{"Ann", 3, false})) << "no one to beat";
}

}  // namespace
}  // namespace wg::app

namespace wg::app {
namespace {

TEST(BoggleRoomCodec, ARoomsRoundIsReviewedWithEachPlayersWordsNoOneElseFound) {
  EXPECT_TRUE(room_entry().review) << "a room's records are Word Search games";
  auto room = playing();
  room->apply({{"command", "submit"}, {"seat", 0}, {"word", "peace"}, {"elapsed_ms", 10}});
  room->apply({{"command", "submit"}, {"seat", 0}, {"word", "ace"}, {"elapsed_ms", 20}});
  room->apply({{"command", "submit"}, {"seat", 1}, {"word", "peace"}, {"elapsed_ms", 30}});
  room->apply({{"command", "close"}, {"seat", 0}, {"elapsed_ms", 40}});
  room->apply({{"command", "close"}, {"seat", 1}, {"elapsed_ms", 50}});
  const std::vector<FinishedGame> ann = room->finished_records("Ann", 0);
  ASSERT_EQ(ann.size(), 1u);
  EXPECT_EQ(ann[0].result["room"]["shared"], Json::array({"peace"}));
  const std::optional<GameReview> review = review_game(room_entry(), ann[0], 0, enable());
  ASSERT_TRUE(review.has_value());
  EXPECT_EQ(*review, *review_game(boggle_game(), ann[0], 0, enable())) << "one review";
  ASSERT_EQ(review->moves.size(), 1u);
  EXPECT_EQ(review->moves[0].played, "2 words, 4 points") << "the round as it was played";
  EXPECT_NE(review->moves[0].note.find("the room scored 1 point of them"), std::string::npos)
      << review->moves[0].note;
  ASSERT_EQ(review->sections.size(), 2u);
  const ReviewSection& alone = review->sections[1];
  EXPECT_EQ(alone.title, "Words no one else found");
  EXPECT_EQ(alone.lines, (std::vector<std::string>{"Ann: ACE (1 point)", "Bo: none"}));
  EXPECT_EQ(alone.data[0], (Json{{"name", "Ann"},
                                 {"words", Json::array({{{"word", "ace"}, {"points", 1}}})},
                                 {"points", 1}}));
  EXPECT_EQ(alone.data[1]["words"], Json::array());
}

}  // namespace
}  // namespace wg::app
