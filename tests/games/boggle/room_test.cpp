#include "games/boggle/room.h"

#include <gtest/gtest.h>

#include <vector>

namespace wg::boggle {
namespace {

TEST(Room, AWordFoundByTwoPlayersScoresForNobody) {
  const std::vector<RoomEntry> entries = {
      {"Ann", {{"tea", 1}, {"team", 1}, {"steam", 2}}},
      {"Bo", {{"team", 1}, {"meat", 1}}},
      {"Cy", {{"steam", 2}}},
  };
  const RoomResult result = score_room(entries);
  ASSERT_EQ(result.players.size(), 3u);
  EXPECT_EQ(result.shared, (std::vector<std::string>{"steam", "team"}));
  EXPECT_EQ(result.players[0].words,
            (std::vector<RoomWord>{{"tea", 1, false}, {"team", 1, true}, {"steam", 2, true}}));
  EXPECT_EQ(result.players[0].score, 1);
  EXPECT_EQ(result.players[1].score, 1);
  EXPECT_EQ(result.players[2].score, 0);
  EXPECT_EQ(result.winners, (std::vector<int>{0, 1}));
}

TEST(Room, APlayerAloneKeepsEveryPoint) {
  const std::vector<RoomEntry> entries = {{"Ann", {{"quiet", 2}, {"quit", 1}}}};
  const RoomResult result = score_room(entries);
  EXPECT_EQ(result.players[0].score, 3);
  EXPECT_TRUE(result.shared.empty());
  EXPECT_EQ(result.winners, (std::vector<int>{0}));
}

TEST(Room, NoPlayersNoWinners) { EXPECT_TRUE(score_room({}).winners.empty()); }

TEST(Room, ThePlayersWhoFoundNothingTieAtZero) {
  const std::vector<RoomEntry> entries = {{"Ann", {}}, {"Bo", {}}};
  EXPECT_EQ(score_room(entries).winners, (std::vector<int>{0, 1}));
}

}  // namespace
}  // namespace wg::boggle
