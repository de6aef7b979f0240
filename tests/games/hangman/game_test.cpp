#include "games/hangman/game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "fixtures.h"

namespace wg::hangman {
namespace {

using test::code;
using test::codes;

class HangmanGame : public ::testing::Test {
 protected:
  Dictionary dictionary_ = test::small_dictionary();
  Game play(const std::string& secret) { return Game(dictionary_, codes(secret)); }
};

// The spec's bands: 5 if P > 0.6, 10 if 0.4 < P <= 0.6, 15 if 0.25 < P <= 0.4, 30 if P <= 0.25.
// Each boundary exactly, in several fractions, and its neighbours on both sides.
TEST(HangmanPoints, ExactBoundariesFollowTheSpec) {
  EXPECT_EQ(points_for_hit(1, 1), 5);
  EXPECT_EQ(points_for_hit(601, 1000), 5);  // just above 0.6
  EXPECT_EQ(points_for_hit(4, 6), 5);
  EXPECT_EQ(points_for_hit(3, 5), 10);  // 0.6 exactly
  EXPECT_EQ(points_for_hit(6, 10), 10);
  EXPECT_EQ(points_for_hit(600, 1000), 10);
  EXPECT_EQ(points_for_hit(599, 1000), 10);
  EXPECT_EQ(points_for_hit(1, 2), 10);
  EXPECT_EQ(points_for_hit(401, 1000), 10);  // just above 0.4
  EXPECT_EQ(points_for_hit(2, 5), 15);       // 0.4 exactly
  EXPECT_EQ(points_for_hit(4, 10), 15);
  EXPECT_EQ(points_for_hit(400, 1000), 15);
  EXPECT_EQ(points_for_hit(399, 1000), 15);
  EXPECT_EQ(points_for_hit(251, 1000), 15);  // just above 0.25
  EXPECT_EQ(points_for_hit(1, 3), 15);
  EXPECT_EQ(points_for_hit(1, 4), 30);  // 0.25 exactly
  EXPECT_EQ(points_for_hit(4, 16), 30);
  EXPECT_EQ(points_for_hit(25, 100), 30);
  EXPECT_EQ(points_for_hit(249, 1000), 30);
  EXPECT_EQ(points_for_hit(1, 1000), 30);
  EXPECT_EQ(points_for_hit(0, 7), 30);
}

TEST_F(HangmanGame, StartsWithEveryWordOfTheSecretsLengthAsCandidates) {
  const Game game = play("BANANA");
  EXPECT_EQ(game.length(), 6u);
  EXPECT_EQ(game.candidate_count(), 16u);
  EXPECT_EQ(game.lives(), kLives);
  EXPECT_EQ(game.points(), 0);
  EXPECT_EQ(game.status(), GameState::kPlaying);
  EXPECT_DOUBLE_EQ(game.probability(0, code('B')), 0.5);
  EXPECT_DOUBLE_EQ(game.probability(0, code('C')), 0.25);
  EXPECT_DOUBLE_EQ(game.probability(0, code('Z')), 0.0);
  const auto ranked = game.ranked_letters(0);
  ASSERT_EQ(ranked.size(), 4u);
  EXPECT_EQ(ranked[0], std::make_pair(code('B'), 8u));
  EXPECT_EQ(ranked[1], std::make_pair(code('C'), 4u));
  EXPECT_EQ(ranked[2], std::make_pair(code('D'), 2u));  // ties in alphabetical order
  EXPECT_EQ(ranked[3], std::make_pair(code('F'), 2u));
  EXPECT_EQ(Game(dictionary_, codes("BREAKFAST")).candidate_count(), 4u);
}

TEST_F(HangmanGame, AHitKeepsOnlyCandidatesWithTheLetterAndScoresByItsProbability) {
  Game game = play("BANANA");
  const GuessResult result = game.guess({0, code('B')});
  EXPECT_EQ(result.outcome, Outcome::kHit);
  EXPECT_DOUBLE_EQ(result.probability, 0.5);
  EXPECT_EQ(result.points_change, 10);  // 0.4 < 0.5 <= 0.6
  EXPECT_EQ(game.points(), 10);
  EXPECT_EQ(game.candidate_count(), 8u);
  EXPECT_EQ(game.revealed()[0], code('B'));
  EXPECT_FALSE(game.is_open(0));
  // Among the B words, position 1 holds A in BANANA BANDIT BASKET BATTLE.
  EXPECT_DOUBLE_EQ(game.probability(1, code('A')), 0.5);
  EXPECT_DOUBLE_EQ(game.probability(0, code('B')), 1.0);
  EXPECT_EQ(game.lives(), kLives);
}

TEST_F(HangmanGame, AMissRemovesCandidatesWithTheLetterAndCostsALife) {
  Game game = play("CANNON");
  const GuessResult result = game.guess({0, code('B')});
  EXPECT_EQ(result.outcome, Outcome::kMiss);
  EXPECT_EQ(result.points_change, 0);  // never below 0
  EXPECT_EQ(game.points(), 0);
  EXPECT_EQ(game.lives(), kLives - 1);
  EXPECT_EQ(game.candidate_count(), 8u);
  EXPECT_TRUE(game.missed(0).contains(code('B')));
  EXPECT_DOUBLE_EQ(game.probability(0, code('C')), 0.5);
}

TEST_F(HangmanGame, QuarterProbabilityScoresThirtyAndAMissTakesFifteen) {
  Game game = play("CANNON");
  EXPECT_EQ(game.guess({0, code('C')}).points_change, 30);  // 4/16 = 0.25 exactly: P <= 0.25
  // C words: CANNON CASTLE CATTLE COTTON; A at 1 in three of four: 0.75.
  EXPECT_EQ(game.guess({1, code('A')}).points_change, 5);
  EXPECT_EQ(game.points(), 35);
  EXPECT_EQ(game.guess({2, code('S')}).points_change, -15);
  EXPECT_EQ(game.points(), 20);
  EXPECT_EQ(game.guess({2, code('T')}).points_change, -15);
  EXPECT_EQ(game.points(), 5);
  EXPECT_EQ(game.candidate_count(), 1u);
  EXPECT_EQ(game.guess({3, code('T')}).points_change, -5);  // floor at 0
  EXPECT_EQ(game.points(), 0);
}

TEST_F(HangmanGame, WinsWhenEveryPositionIsRevealed) {
  Game game = play("CANNON");
  for (std::size_t p = 0; p < 6; ++p) {
    EXPECT_EQ(game.guess({p, codes("CANNON")[p]}).outcome, Outcome::kHit);
  }
  EXPECT_EQ(game.status(), GameState::kWon);
  EXPECT_EQ(game.guesses().size(), 6u);
  EXPECT_EQ(game.misses(), 0u);
  EXPECT_EQ(game.guess({0, code('C')}).outcome, Outcome::kGameOver);
}

TEST_F(HangmanGame, LosesAfterSixMisses) {
  Game game = play("BANANA");
  const char* wrong = "ZYXWV";
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(game.guess({1, code(wrong[i])}).outcome, Outcome::kMiss);
    EXPECT_EQ(game.status(), GameState::kPlaying);
  }
  EXPECT_EQ(game.lives(), 1);
  const GuessResult last = game.guess({2, code('Q')});
  EXPECT_EQ(last.outcome, Outcome::kMiss);
  EXPECT_EQ(last.status, GameState::kLost);
  EXPECT_EQ(game.lives(), 0);
  EXPECT_FALSE(game.is_open(3));
  EXPECT_EQ(game.guess({0, code('B')}).outcome, Outcome::kGameOver);
  EXPECT_EQ(game.guesses().size(), 6u);
  EXPECT_FALSE(game.give_up());
}

TEST_F(HangmanGame, RefusedGuessesChangeNothing) {
  Game game = play("BANANA");
  game.guess({0, code('B')});
  game.guess({1, code('E')});
  const int points = game.points();
  const int lives = game.lives();
  const std::size_t candidates = game.candidate_count();
  EXPECT_EQ(game.guess({0, code('B')}).outcome, Outcome::kAlreadyRevealed);
  EXPECT_EQ(game.guess({0, code('C')}).outcome, Outcome::kAlreadyRevealed);
  EXPECT_EQ(game.guess({1, code('E')}).outcome, Outcome::kRepeated);
  EXPECT_EQ(game.guess({6, code('A')}).outcome, Outcome::kOutOfRange);
  EXPECT_EQ(game.guess({1, 26}).outcome, Outcome::kOutOfRange);
  EXPECT_EQ(game.guess({1, kNoLetter}).outcome, Outcome::kOutOfRange);
  EXPECT_TRUE(refused(Outcome::kRepeated));
  EXPECT_FALSE(refused(Outcome::kMiss));
  EXPECT_EQ(game.points(), points);
  EXPECT_EQ(game.lives(), lives);
  EXPECT_EQ(game.candidate_count(), candidates);
  EXPECT_EQ(game.guesses().size(), 2u);
}

TEST_F(HangmanGame, AGuessOfALetterNoCandidateHasIsAPlainMiss) {
  Game game = play("BANANA");
  const GuessResult result = game.guess({0, code('Z')});
  EXPECT_EQ(result.outcome, Outcome::kMiss);
  EXPECT_DOUBLE_EQ(result.probability, 0.0);
  EXPECT_EQ(game.candidate_count(), 16u);
  EXPECT_EQ(game.lives(), kLives - 1);
}

TEST_F(HangmanGame, GivingUpIsALossThatRevealsNothingNew) {
  Game game = play("BANANA");
  game.guess({0, code('B')});
  EXPECT_TRUE(game.give_up());
  EXPECT_EQ(game.status(), GameState::kLost);
  EXPECT_TRUE(game.gave_up());
  EXPECT_EQ(game.secret(), codes("BANANA"));
  EXPECT_EQ(game.points(), 10);
  EXPECT_EQ(game.guess({1, code('A')}).outcome, Outcome::kGameOver);
}

TEST_F(HangmanGame, TheSecretIsAlwaysACandidate) {
  Game game = play("BOTTLE");
  game.guess({1, code('A')});
  game.guess({5, code('E')});
  game.guess({2, code('E')});
  const auto words = dictionary_.words_of_length(6);
  bool found = false;
  for (const std::uint32_t index : game.candidates()) {
    found |=
        std::equal(words.begin() + index * 6, words.begin() + index * 6 + 6, game.secret().begin());
  }
  EXPECT_TRUE(found);
  // No A at 1 leaves BEAVER BEETLE BOTTLE BUTTER COTTON DINNER FOREST; E last keeps BEETLE
  // BOTTLE; no E at 2 leaves BOTTLE.
  EXPECT_EQ(game.candidate_count(), 1u);
}

TEST_F(HangmanGame, SeededGamesAreReproducible) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Rng a(seed);
    Rng b(seed);
    EXPECT_EQ(Game(dictionary_, a).secret(), Game(dictionary_, b).secret());
  }
  std::set<std::string> secrets;  // as text: a set of vectors trips GCC 12's -Wstringop-overread
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    secrets.insert(Alphabet::english().decode(Game(dictionary_, rng).secret()));
  }
  EXPECT_EQ(secrets.size(), 20u);  // every word can be picked, long ones included
}

TEST_F(HangmanGame, ASecretOutsideTheDictionaryIsRefused) {
  EXPECT_THROW(play("ORANGE"), std::invalid_argument);
  EXPECT_THROW(play("BANAN"), std::invalid_argument);
}

}  // namespace
}  // namespace wg::hangman
