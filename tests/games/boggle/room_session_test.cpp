#include "games/boggle/room_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"
#include "lexicons.h"

namespace wg::boggle {
namespace {

using room::Close;
using room::Join;
using room::Remove;
using room::Start;
using room::Submit;
using room::Tick;

using test::enable;
using test::small;

// The board "at/xe" holds ate, eat and tea (3 letters or more) from small().
Config given(std::uint64_t seconds = 60) {
  Config c;
  c.board = "at/xe";
  c.seconds = seconds;
  return c;
}

/// A room of Ann (seat 0, the host) and Bo (seat 1).
RoomSession two_players(Config config = given(), std::uint64_t seed = 1,
                        std::shared_ptr<const Lexicon> lexicon = small()) {
  RoomSession room(std::move(lexicon), std::move(config), seed);
  room.apply(Join{"Ann"});
  room.apply(Join{"Bo"});
  return room;
}

template <class T>
std::vector<T> all_of(const std::vector<room::Event>& events) {
  std::vector<T> out;
  for (const room::Event& event : events) {
    if (const T* e = std::get_if<T>(&event)) out.push_back(*e);
  }
  return out;
}

room::Rejected refusal(const std::vector<room::Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  const auto found = all_of<room::Rejected>(events);
  return found.empty() ? room::Rejected{} : found.front();
}

TEST(RoomSession, PlayersJoinBySeatAndBadNamesAreRefused) {
  RoomSession room(small(), given(), 1);
  EXPECT_EQ(all_of<room::Joined>(room.apply(Join{"Ann"})), (std::vector<room::Joined>{{0, "Ann"}}));
  EXPECT_EQ(all_of<room::Joined>(room.apply(Join{"  Bo "})),
            (std::vector<room::Joined>{{1, "Bo"}}));
  EXPECT_EQ(refusal(room.apply(Join{"Ann"})).reason, Refusal::kRepeated);
  EXPECT_EQ(refusal(room.apply(Join{"   "})).reason, Refusal::kMalformed);
  EXPECT_EQ(refusal(room.apply(Join{std::string(room::kMaxNameLength + 1, 'x')})).reason,
            Refusal::kMalformed);
  EXPECT_EQ(refusal(room.apply(Join{"A\x1b[2Jnn"})).reason, Refusal::kMalformed);
  EXPECT_EQ(refusal(room.apply(Join{"A\xc2\x85n"})).reason, Refusal::kMalformed);  // C1 NEL
  room.apply(Join{std::string(room::kMaxNameLength, 'y')});
  for (std::size_t i = room.seats(); i < room::kMaxPlayers; ++i) {
    room.apply(Join{"P" + std::to_string(i)});
  }
  EXPECT_EQ(room.seats(), room::kMaxPlayers);
  EXPECT_EQ(refusal(room.apply(Join{"Late"})).reason, Refusal::kNotAllowed);
  EXPECT_EQ(room.commands().size(), room::kMaxPlayers) << "a refusal records nothing";
  const room::View v = room.view(1);
  EXPECT_EQ(v.you, 1);
  EXPECT_EQ(v.players[0], (room::Player{"Ann", true, false, false}));
  EXPECT_EQ(v.players[1].name, "Bo");
  EXPECT_EQ(v.name_limit, room::kMaxNameLength);
  EXPECT_EQ(v.max_players, room::kMaxPlayers);
  EXPECT_EQ(v.status, room::Status::kWaiting);
  EXPECT_FALSE(v.own);
}

TEST(RoomSession, OnlyTheHostStartsARoundAndNotWhileOneIsOn) {
  RoomSession room = two_players();
  EXPECT_EQ(refusal(room.apply(Start{1})).reason, Refusal::kNotAllowed);
  EXPECT_EQ(refusal(room.apply(Start{5})).reason, Refusal::kMalformed);
  EXPECT_EQ(refusal(room.apply(Submit{0, "eat", 0})).reason, Refusal::kWrongPhase);
  const auto started = all_of<room::RoundStarted>(room.apply(Start{0}));
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0].round, 0);
  EXPECT_EQ(started[0].seats, (std::vector<Seat>{0, 1}));
  EXPECT_EQ(started[0].board.spec(), "AT/XE");
  EXPECT_EQ(room.status(), room::Status::kPlaying);
  EXPECT_EQ(refusal(room.apply(Start{0})).reason, Refusal::kWrongPhase);
  const room::View v = room.view(0);
  ASSERT_TRUE(v.own);
  EXPECT_EQ(v.own->board.spec(), "AT/XE");
  EXPECT_EQ(v.own->seconds, 60u);
}

TEST(RoomSession, RoundKIsTheBoardOfASoloGamesRoundKWithTheSameSeed) {
  constexpr std::uint64_t kSeed = 4242;
  Config rolled;
  rolled.seconds = 60;
  RoomSession room = two_players(rolled, kSeed, enable());
  Session solo(enable(), rolled, kSeed);
  for (int round = 0; round < 3; ++round) {
    const auto started = all_of<room::RoundStarted>(room.apply(Start{0}));
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].round, round);
    EXPECT_EQ(started[0].board, solo.started().board) << "round " << round;
    EXPECT_EQ(room.view(1).own->board, solo.started().board);
    room.apply(Tick{60'000});
    ASSERT_TRUE(room.finished());
    solo.apply(boggle::Close{0});
    solo.apply(NewGame{});
  }
}

TEST(RoomSession, AWordIsJudgedByTheSoloRulesForItsSeatAlone) {
  RoomSession room = two_players();
  room.apply(Start{0});
  const auto accepted = all_of<room::WordAccepted>(room.apply(Submit{0, "EAT", 100}));
  ASSERT_EQ(accepted.size(), 1u);
  EXPECT_EQ(accepted[0], (room::WordAccepted{0, "eat", 1, 1, {3, 0, 1}}));
  EXPECT_EQ(refusal(room.apply(Submit{0, "eat", 200})).reason, Refusal::kRepeated);
  EXPECT_EQ(refusal(room.apply(Submit{0, "at", 200})).reason, Refusal::kTooShort);
  EXPECT_EQ(refusal(room.apply(Submit{0, "zebra", 200})).reason, Refusal::kNotHeld);
  EXPECT_EQ(refusal(room.apply(Submit{0, "xyz", 200})).reason, Refusal::kNotHeld);
  EXPECT_EQ(refusal(room.apply(Submit{0, "tae", 200})).reason, Refusal::kNotAWord);
  EXPECT_EQ(refusal(room.apply(Submit{1, "tea", 50})).reason, Refusal::kMalformed)
      << "the room's clock never goes back";
  EXPECT_EQ(all_of<room::WordAccepted>(room.apply(Submit{1, "eat", 300})).size(), 1u)
      << "Bo's list is his own";
  EXPECT_EQ(room.view(0).own->found, (std::vector<FoundWord>{{"eat", 1, {3, 0, 1}}}));
  EXPECT_EQ(room.view(1).own->found, (std::vector<FoundWord>{{"eat", 1, {3, 0, 1}}}));
  EXPECT_FALSE(room.view(kObserver).own) << "a spectator sees nobody's words";
}

TEST(RoomSession, ASeatThatClosesEarlySeesNoAnswersUntilTheRoundIsOverForEveryone) {
  RoomSession room = two_players();
  room.apply(Start{0});
  room.apply(Submit{0, "eat", 100});
  const std::vector<room::Event> closed = room.apply(Close{0, 200});
  const auto done = all_of<room::SeatFinished>(closed);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].seat, 0);
  EXPECT_TRUE(all_of<room::Finished>(closed).empty()) << "Bo still plays";
  EXPECT_FALSE(RoomSession::visible(closed[0], 1)) << "Ann's round end is hers";
  EXPECT_TRUE(RoomSession::visible(closed[0], 0));
  EXPECT_EQ(refusal(room.apply(Submit{0, "tea", 300})).reason, Refusal::kWrongPhase);

  const room::View early = room.view(0);
  EXPECT_EQ(early.status, room::Status::kPlaying);
  EXPECT_TRUE(early.players[0].done);
  EXPECT_FALSE(early.players[1].done);
  ASSERT_TRUE(early.own);
  EXPECT_EQ(early.own->status, Status::kFinished);
  EXPECT_EQ(early.own->end, RoundEnd::kClosed);
  EXPECT_TRUE(early.own->all_words.empty());
  EXPECT_TRUE(early.own->missed.empty());
  EXPECT_FALSE(early.own->total_score);
  EXPECT_FALSE(early.results);

  const std::vector<room::Event> last = room.apply(Close{1, 400});
  const auto finished = all_of<room::Finished>(last);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].end, RoundEnd::kClosed);
  EXPECT_TRUE(RoomSession::visible(last.back(), kObserver));
  const room::View over = room.view(0);
  EXPECT_EQ(over.status, room::Status::kFinished);
  EXPECT_EQ(over.own->all_words, (std::vector<std::string>{"ate", "eat", "tea"}));
  EXPECT_EQ(over.own->missed,
            (std::vector<BoardWord>{{"ate", 1, {0, 1, 3}}, {"tea", 1, {1, 3, 0}}}));
  EXPECT_EQ(over.own->total_score, 3);
  ASSERT_TRUE(over.results);
}

TEST(RoomSession, AWordFoundByTwoPlayersScoresForNobody) {
  RoomSession room = two_players();
  room.apply(Start{0});
  room.apply(Submit{0, "eat", 100});
  room.apply(Submit{0, "tea", 200});
  room.apply(Submit{1, "eat", 300});
  room.apply(Close{0, 400});
  const auto finished = all_of<room::Finished>(room.apply(Close{1, 500}));
  ASSERT_EQ(finished.size(), 1u);
  const RoomResult& results = finished[0].results;
  EXPECT_EQ(finished[0].seats, (std::vector<Seat>{0, 1}));
  EXPECT_EQ(results.shared, (std::vector<std::string>{"eat"}));
  ASSERT_EQ(results.players.size(), 2u);
  EXPECT_EQ(results.players[0].name, "Ann");
  EXPECT_EQ(results.players[0].score, 1);
  EXPECT_EQ(results.players[1].score, 0);
  EXPECT_EQ(results.winners, (std::vector<int>{0}));
  EXPECT_EQ(room.view(kObserver).results, results);
}

TEST(RoomSession, TheClockEndsEverySeatsRound) {
  RoomSession room = two_players();
  room.apply(Start{0});
  room.apply(Close{0, 1'000});
  EXPECT_TRUE(room.apply(Tick{59'999}).empty()) << "not yet";
  const std::vector<room::Event> events = room.apply(Tick{60'000});
  const auto done = all_of<room::SeatFinished>(events);
  ASSERT_EQ(done.size(), 1u) << "Ann had closed hers";
  EXPECT_EQ(done[0].seat, 1);
  EXPECT_EQ(done[0].round.end, RoundEnd::kTimeUp);
  const auto finished = all_of<room::Finished>(events);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].end, RoundEnd::kTimeUp);
  EXPECT_EQ(refusal(room.apply(Tick{61'000})).reason, Refusal::kWrongPhase);
}

TEST(RoomSession, ALateWordEndsTheRoundForEveryoneAndIsRecordedAsATick) {
  RoomSession room = two_players();
  room.apply(Start{0});
  const std::vector<room::Event> events = room.apply(Submit{1, "eat", 60'000});
  EXPECT_EQ(all_of<room::Rejected>(events).at(0).reason, Refusal::kTooLate);
  EXPECT_EQ(all_of<room::SeatFinished>(events).size(), 2u);
  EXPECT_EQ(all_of<room::Finished>(events).size(), 1u);
  EXPECT_EQ(room.commands().back(), room::Command(Tick{60'000}));
}

TEST(RoomSession, APlayerWhoJoinsDuringARoundPlaysTheNextAndHoldsUpNoResults) {
  RoomSession room(small(), given(), 1);
  room.apply(Join{"Ann"});
  room.apply(Start{0});
  room.apply(Join{"Cy"});
  const room::View waiting = room.view(1);
  EXPECT_FALSE(waiting.own) << "no round for Cy yet";
  EXPECT_FALSE(waiting.players[1].in_round);
  EXPECT_EQ(refusal(room.apply(Submit{1, "eat", 10})).reason, Refusal::kWrongPhase);
  room.apply(Submit{0, "eat", 100});
  const auto finished = all_of<room::Finished>(room.apply(Close{0, 200}));
  ASSERT_EQ(finished.size(), 1u) << "the results wait for nobody who is not playing";
  ASSERT_EQ(finished[0].results.players.size(), 1u);
  EXPECT_EQ(finished[0].results.players[0].name, "Ann");
  EXPECT_EQ(room.view(1).results, finished[0].results) << "Cy sees them";

  const auto next = all_of<room::RoundStarted>(room.apply(Start{0}));
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].seats, (std::vector<Seat>{0, 1}));
  EXPECT_TRUE(room.view(1).own);
  EXPECT_EQ(all_of<room::WordAccepted>(room.apply(Submit{1, "tea", 10})).size(), 1u);
}

TEST(RoomSession, EachSeatsRoundReplaysAsASoloGameWithTheRoomsSeed) {
  Config rolled;
  rolled.seconds = 60;
  RoomSession room(enable(), rolled, 77);
  room.apply(Join{"Ann"});
  room.apply(Start{0});
  room.apply(Tick{60'000});
  room.apply(Join{"Cy"});  // plays from round 1
  room.apply(Start{0});
  const room::View cy = room.view(1);
  room.apply(Submit{1, cy.own->board.spec(), 10});  // not a word, most likely: refused
  const auto done = all_of<room::SeatFinished>(room.apply(Close{1, 500}));
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].round.round, 1);
  const Session& played = room.seat_session(1);
  Session replay(enable(), rolled, 77);
  std::vector<boggle::Event> last;
  for (const boggle::Command& command : played.commands()) last = replay.apply(command);
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(std::get<boggle::Finished>(last[0]), done[0].round);
}

TEST(RoomSession, ReplayingTheCommandsGivesTheSameEvents) {
  RoomSession room = two_players();
  std::vector<room::Event> all;
  const auto play = [&](const room::Command& command) {
    for (room::Event& e : room.apply(command)) all.push_back(std::move(e));
  };
  play(Start{0});
  play(Submit{0, "eat", 100});
  play(Submit{1, "tea", 150});
  play(Submit{1, "zzz", 160});
  play(Close{0, 200});
  play(Tick{60'000});
  play(Join{"Cy"});
  play(Start{0});
  RoomSession again(small(), given(), 1);
  std::vector<room::Event> replayed;
  for (const room::Command& command : room.commands()) {
    for (room::Event& e : again.apply(command)) replayed.push_back(std::move(e));
  }
  std::erase_if(all,
                [](const room::Event& e) { return std::holds_alternative<room::Rejected>(e); });
  // The two joins of two_players() come first in the replay.
  ASSERT_EQ(replayed.size(), all.size() + 2);
  EXPECT_EQ(std::vector<room::Event>(replayed.begin() + 2, replayed.end()), all);
  EXPECT_EQ(again.view(2), room.view(2));
}

TEST(RoomSession, TheHostRemovesAPlayerAndTheRoundGoesOnWithoutThem) {
  // Issue 31: in a room with no clock, a member who never closed his round kept it playing for
  // ever, with no way to remove him; and a room filled by strangers had no way out.
  RoomSession room = two_players(given(0));  // untimed
  room.apply(Join{"Cy"});
  room.apply(Start{0});
  room.apply(Submit{0, "ate", 10});
  room.apply(Close{0, 20});
  room.apply(Submit{2, "tea", 30});
  room.apply(Close{2, 40});
  EXPECT_EQ(room.status(), room::Status::kPlaying) << "Bo never closes";
  // Only the host removes, and not themself; a seat that is no player's is refused.
  EXPECT_EQ(refusal(room.apply(Remove{1, 2})).reason, Refusal::kNotAllowed);
  EXPECT_EQ(refusal(room.apply(Remove{0, 0})).reason, Refusal::kNotAllowed);
  EXPECT_EQ(refusal(room.apply(Remove{0, 7})).reason, Refusal::kMalformed);
  const std::vector<room::Event> events = room.apply(Remove{0, 1});
  EXPECT_EQ(all_of<room::Removed>(events), (std::vector<room::Removed>{{1, "Bo"}}));
  const auto finished = all_of<room::Finished>(events);
  ASSERT_EQ(finished.size(), 1u) << "the round no longer waits on Bo";
  EXPECT_EQ(finished[0].seats, (std::vector<Seat>{0, 2}));
  ASSERT_EQ(finished[0].results.players.size(), 2u);
  EXPECT_EQ(finished[0].results.players[1].name, "Cy");
  EXPECT_EQ(room.status(), room::Status::kFinished);
  // Bo is gone: his seat stays empty, he sees what a spectator sees, and acts no more.
  const room::View seen = room.view(1);
  EXPECT_EQ(seen.you, kObserver);
  EXPECT_FALSE(seen.own.has_value());
  EXPECT_TRUE(seen.players[1].removed);
  EXPECT_EQ(refusal(room.apply(Remove{0, 1})).reason, Refusal::kMalformed) << "removed once";
  room.apply(Start{0});
  EXPECT_EQ(refusal(room.apply(Submit{1, "eat", 5})).reason, Refusal::kMalformed);
  // His name is free again: whoever takes it has a seat of their own.
  EXPECT_EQ(all_of<room::Joined>(room.apply(Join{"Bo"})), (std::vector<room::Joined>{{3, "Bo"}}));
  // A removal replays like any command.
  RoomSession again(small(), given(0), 1);
  for (const room::Command& command : room.commands()) again.apply(command);
  EXPECT_EQ(again.view(0), room.view(0));
  EXPECT_EQ(again.view(3), room.view(3));
}

TEST(RoomSession, ARemovedPlayersPlaceCountsNoMore) {
  RoomSession room(small(), given(), 1);
  for (std::size_t i = 0; i < room::kMaxPlayers; ++i) room.apply(Join{"P" + std::to_string(i)});
  EXPECT_EQ(refusal(room.apply(Join{"Ann"})).reason, Refusal::kNotAllowed);
  room.apply(Remove{0, 5});
  EXPECT_EQ(all_of<room::Joined>(room.apply(Join{"Ann"})).size(), 1u);
}

}  // namespace
}  // namespace wg::boggle
