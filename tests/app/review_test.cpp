// The review's shape (app/review.h): its JSON, its lines for a terminal, the costliest move,
// and how a host finds the reviewed player's seat.
#include "app/review.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/registry.h"

namespace wg::app {
namespace {

GameReview two_moves() {
  GameReview review;
  review.unit = "points";
  review.moves = {{"Hand 1, play 1", "QUIET (24 points)", "QUIET (24 points)", 0, true, ""},
                  {"Hand 1, play 2", "AT (4 points)", "TA, then nothing (6 points)", 2, false,
                   "the plan was cut at its budget"}};
  review.summary = "28 points against the optimal 30";
  review.share = 28.0 / 30.0;
  review.method = "Exact: dynamic programming over the hand's letters.";
  review.sections = {{"Optimal plan of hand 1", {"QUIET, TA"}, nullptr}};
  return review;
}

TEST(GameReview, TheCostliestMoveIsTheFirstThatLostMost) {
  GameReview review = two_moves();
  EXPECT_EQ(review.costliest(), 1u);
  review.moves.push_back(review.moves[1]);
  EXPECT_EQ(review.costliest(), 1u) << "the first of equals";
  review.moves[0].loss = 0;
  review.moves[1].loss = 0;
  review.moves[2].loss = 0;
  EXPECT_EQ(review.costliest(), std::nullopt) << "no move cost anything";
}

TEST(GameReview, ItsJsonSaysEveryMoveTheSummaryAndTheMethod) {
  const Json told = review_json(two_moves());
  EXPECT_EQ(told["unit"], "points");
  ASSERT_EQ(told["moves"].size(), 2u);
  EXPECT_EQ(told["moves"][0], (Json{{"label", "Hand 1, play 1"},
                                    {"played", "QUIET (24 points)"},
                                    {"best", "QUIET (24 points)"},
                                    {"loss", 0.0},
                                    {"exact", true}}))
      << "no note when there is none";
  EXPECT_EQ(told["moves"][1]["note"], "the plan was cut at its budget");
  EXPECT_FALSE(told["moves"][1]["exact"].get<bool>());
  EXPECT_EQ(told["costliest"], 1);
  EXPECT_NEAR(told["share"].get<double>(), 28.0 / 30.0, 1e-12);
  EXPECT_EQ(told["sections"][0],
            (Json{{"title", "Optimal plan of hand 1"}, {"lines", {"QUIET, TA"}}}));
  GameReview none;
  const Json empty = review_json(none);
  EXPECT_TRUE(empty["share"].is_null());
  EXPECT_TRUE(empty["costliest"].is_null());
}

TEST(GameReview, ItsLinesPutTheBestBesideAMoveThatLost) {
  const std::vector<std::string> lines = review_lines(two_moves());
  const std::vector<std::string> expected{
      "28 points against the optimal 30",
      "Share of the best possible: 93 %",
      "",
      "Hand 1, play 1: QUIET (24 points), a best move",
      "Hand 1, play 2: AT (4 points); best TA, then nothing (6 points), 2 points lost (bounded "
      "search)",
      "  the plan was cut at its budget",
      "",
      "Costliest move: Hand 1, play 2 (2 points lost)",
      "",
      "Optimal plan of hand 1:",
      "  QUIET, TA",
      "",
      "Exact: dynamic programming over the hand's letters."};
  EXPECT_EQ(lines, expected);
}

TEST(GameReview, AFractionalLossKeepsOneDecimal) {
  GameReview review;
  review.unit = "% chance of winning";
  review.moves = {{"Guess 1", "E at 2", "S at 5", 12.345, true, ""}};
  review.summary = "Lost";
  EXPECT_EQ(review_lines(review)[2], "Guess 1: E at 2; best S at 5, 12.3 % chance of winning lost");
}

TEST(GameReview, ALossOfOneSaysItsUnitInTheSingular) {
  GameReview review;
  review.summary = "Lost";
  review.moves = {{"Guess 1", "Z", "O", 1, true, ""}};
  for (const auto& [unit, one] : std::vector<std::pair<std::string, std::string>>{
           {"misses", "1 miss"},
           {"guesses", "1 guess"},
           {"points", "1 point"},
           {"answers", "1 answer"},
           {"% chance of winning", "1 % chance of winning"}}) {
    review.unit = unit;
    EXPECT_EQ(review_lines(review)[2], "Guess 1: Z; best O, " + one + " lost");
  }
}

TEST(GameReview, TheSeatOfAPlayerIsTheirFirstByName) {
  FinishedGame game;
  game.players = {{"Ann", 3, false, "value"}, {"Bob", 5, true}};
  EXPECT_EQ(seat_of(game, "Bob"), 1);
  EXPECT_EQ(seat_of(game, "Ann"), 0);
  EXPECT_EQ(seat_of(game, "Cy"), std::nullopt);
}

TEST(GameReview, AGameWithoutAReviewerGivesNone) {
  GameEntry entry;
  FinishedGame game;
  EXPECT_EQ(review_game(entry, game, 0, nullptr), std::nullopt);
}

}  // namespace
}  // namespace wg::app
