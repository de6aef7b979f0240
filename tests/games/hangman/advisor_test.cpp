#include "games/hangman/advisor.h"

#include <gtest/gtest.h>

#include "fixtures.h"

namespace wg::hangman {
namespace {

using test::code;
using test::codes;

TEST(HangmanAdvisor, NamesRoundTrip) {
  for (Strategy s : {Strategy::kNaive, Strategy::kSafe, Strategy::kAdvisor}) {
    EXPECT_EQ(parse_strategy(to_string(s)), s);
  }
  EXPECT_EQ(parse_strategy("Advisor"), std::nullopt);
  EXPECT_EQ(parse_strategy(""), std::nullopt);
}

TEST(HangmanAdvisor, NaiveTakesTheMostProbableLetterAtTheFirstOpenPosition) {
  const Dictionary dictionary = test::small_dictionary();
  Game game(dictionary, codes("COTTON"));
  Advice advice = advise(game, Strategy::kNaive);
  EXPECT_EQ(advice.guess, (Guess{0, code('B')}));
  EXPECT_DOUBLE_EQ(advice.probability, 0.5);
  game.guess({0, code('C')});
  advice = advise(game, Strategy::kNaive);
  EXPECT_EQ(advice.guess, (Guess{1, code('A')}));  // CANNON CASTLE CATTLE vs COTTON
}

TEST(HangmanAdvisor, SafeTakesTheMostProbableLetterAnywhere) {
  const Dictionary dictionary = test::small_dictionary();
  Game game(dictionary, codes("COTTON"));
  game.guess({0, code('C')});
  game.guess({1, code('A')});  // a miss: only COTTON is left
  const Advice advice = advise(game, Strategy::kSafe);
  EXPECT_DOUBLE_EQ(advice.probability, 1.0);
  EXPECT_EQ(advice.guess, (Guess{1, code('O')}));
}

TEST(HangmanAdvisor, AdvisorExpectsThePointsOfItsGuess) {
  const Dictionary dictionary = test::small_dictionary();
  Game game(dictionary, codes("COTTON"));
  const Advice advice = advise(game, Strategy::kAdvisor);
  // No points yet: a miss takes nothing, so the expectation is P * points(P).
  const std::size_t count = game.count(advice.guess.position, advice.guess.letter);
  EXPECT_DOUBLE_EQ(advice.expected_points,
                   advice.probability * points_for_hit(count, game.candidate_count()));
  EXPECT_TRUE(game.is_open(advice.guess.position));
  EXPECT_GT(advice.probability, 0.0);
}

TEST(HangmanAdvisor, EveryStrategyFinishesEveryGameWithoutARefusedGuess) {
  const Dictionary dictionary = test::small_dictionary();
  for (Strategy s : {Strategy::kNaive, Strategy::kSafe, Strategy::kAdvisor}) {
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      Rng rng(seed);
      Game game(dictionary, rng);
      int moves = 0;
      while (!game.finished()) {
        ASSERT_LT(++moves, 100);
        EXPECT_FALSE(refused(game.guess(advise(game, s).guess).outcome));
      }
      // With every candidate consistent and a dictionary word secret, the safe player never
      // misses on a dictionary this small once one letter is known... but all must end.
      EXPECT_TRUE(game.finished());
    }
  }
}

TEST(HangmanAdvisor, AutoplayIsReproducibleAndCountsConsistently) {
  const Dictionary dictionary = test::small_dictionary();
  const AutoplaySummary a = autoplay(dictionary, Strategy::kAdvisor, 50, 7);
  const AutoplaySummary b = autoplay(dictionary, Strategy::kAdvisor, 50, 7);
  EXPECT_EQ(a.wins, b.wins);
  EXPECT_EQ(a.points, b.points);
  EXPECT_EQ(a.guesses, b.guesses);
  EXPECT_EQ(a.games, 50u);
  EXPECT_LE(a.wins, a.games);
  EXPECT_LE(a.misses, a.guesses);
  EXPECT_DOUBLE_EQ(a.mean_points(), static_cast<double>(a.points) / 50);
  EXPECT_EQ(autoplay(dictionary, Strategy::kNaive, 0, 7).games, 0u);
}

TEST(HangmanAdvisor, BeatsNaiveOnTheDefaultDictionary) {
  // A small sample; the 10,000-game table is in docs/games/hangman.md.
  const Dictionary dictionary = Dictionary::from_lexicon(default_lexicon());
  const AutoplaySummary naive = autoplay(dictionary, Strategy::kNaive, 200, 1);
  const AutoplaySummary advisor = autoplay(dictionary, Strategy::kAdvisor, 200, 1);
  const AutoplaySummary safe = autoplay(dictionary, Strategy::kSafe, 200, 1);
  EXPECT_GT(advisor.mean_points(), naive.mean_points());
  EXPECT_GT(advisor.wins, naive.wins);
  EXPECT_GT(safe.wins, naive.wins);
}

}  // namespace
}  // namespace wg::hangman
