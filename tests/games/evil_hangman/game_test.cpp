#include "games/evil_hangman/game.h"

#include <gtest/gtest.h>

#include "games/evil_hangman/guesser.h"
#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

TEST(GameTest, SpecWalkthroughEThenO) {
  const WordSet words = test::spec_words();
  Game game(words, 5, HostConfig{}, 1);
  GuessResult r = game.guess(code('e'));
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(r.words_before, 9u);
  EXPECT_EQ(game.guesses_left(), 4);
  ASSERT_EQ(game.candidates().size(), 3u);  // ally, cool, good
  r = game.guess(code('o'));
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.revealed, 2);
  EXPECT_EQ(game.guesses_left(), 4);
  EXPECT_EQ(game.candidates().size(), 2u);  // cool, good
  const std::vector<Letter> expected = {kNoLetter, code('o'), code('o'), kNoLetter};
  EXPECT_EQ(game.pattern(), expected);
  r = game.guess(code('t'));  // in neither word: the one family, a miss
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(game.candidates().size(), 2u);
  EXPECT_EQ(game.guesses_made().size(), 3u);
  EXPECT_EQ(game.misses(), 2);
}

TEST(GameTest, BadGuessesThrowAndChangeNothing) {
  const WordSet words = test::spec_words();
  Game game(words, 2, HostConfig{}, 1);
  game.guess(code('e'));
  EXPECT_THROW(game.guess(code('e')), std::invalid_argument);
  EXPECT_THROW(game.guess(kNoLetter), std::invalid_argument);
  EXPECT_THROW(game.guess(26), std::invalid_argument);
  EXPECT_EQ(game.guesses_left(), 1);
  EXPECT_EQ(game.candidates().size(), 3u);
  EXPECT_EQ(game.guesses_made().size(), 1u);
  game.guess(code('z'));
  EXPECT_EQ(game.status(), GameStatus::kLost);
  EXPECT_THROW(game.guess(code('a')), std::invalid_argument);
  EXPECT_THROW(Game(words, 0, HostConfig{}, 1), std::invalid_argument);
  EXPECT_THROW(Game(WordSet(), 3, HostConfig{}, 1), std::invalid_argument);
}

TEST(GameTest, LosingNamesAWordTheHostHeld) {
  const WordSet words = test::deal_tear_monk();
  Game game(words, 1, HostConfig{Strategy::kLookahead, 2, {}}, 3);
  const GuessResult r = game.guess(code('e'));
  EXPECT_EQ(r.status, GameStatus::kLost);
  EXPECT_EQ(words.text(game.word()), "monk");
  Game largest(words, 1, HostConfig{}, 3);
  EXPECT_EQ(largest.guess(code('e')).status, GameStatus::kPlaying);
}

TEST(GameTest, GivingUpLosesAndNamesAWordTheHostHolds) {
  const WordSet words = test::spec_words();
  Game game(words, 5, HostConfig{}, 3);
  game.guess(code('e'));  // ally cool good
  game.give_up();
  EXPECT_EQ(game.status(), GameStatus::kLost);
  const std::string word = words.text(game.word());
  EXPECT_TRUE(word == "ally" || word == "cool" || word == "good") << word;
  EXPECT_THROW(game.give_up(), std::invalid_argument);
  // The fair host names its own word.
  Game fair(words, 5, HostConfig{Strategy::kFair, 2, {}}, 3);
  fair.give_up();
  EXPECT_EQ(fair.word(), *fair.host().secret());
}

TEST(GameTest, RevealingEveryLetterWins) {
  const WordSet words = test::deal_tear_monk();
  Game game(words, 3, HostConfig{}, 3);
  // E keeps deal/tear (-e--); A keeps both (-ea-); then D or T decides, L/R finish.
  game.guess(code('e'));
  game.guess(code('a'));
  game.guess(code('d'));
  for (char c : {'l', 'r', 't'}) {
    if (game.over()) break;
    if (!game.guessed().contains(code(c))) game.guess(code(c));
  }
  EXPECT_EQ(game.status(), GameStatus::kWon);
  for (Letter l : game.pattern()) EXPECT_NE(l, kNoLetter);
  EXPECT_EQ(words.word(game.word())[1], code('e'));
}

TEST(GameTest, SameSeedSameGame) {
  const WordSet words = WordSet::of_length(default_lexicon(), 5);
  for (Strategy s : {Strategy::kLargest, Strategy::kLookahead, Strategy::kFair}) {
    std::vector<WordId> ends;
    for (int run = 0; run < 2; ++run) {
      Game game(words, 4, HostConfig{s, 2, {}}, 42);
      while (!game.over()) {
        game.guess(choose_guess(words, game.position(), GuesserKind::kFrequency));
      }
      ends.push_back(game.word());
      EXPECT_EQ(game.candidates().size() == 1,
                game.status() == GameStatus::kWon || game.candidates().size() == 1);
    }
    EXPECT_EQ(ends[0], ends[1]) << to_string(s);
  }
}

TEST(GameTest, FairHostCanBeBeaten) {
  // With 26 guesses every game ends in a win; the fair host's word is the one completed.
  const WordSet words = WordSet::of_length(default_lexicon(), 6);
  Game game(words, 26, HostConfig{Strategy::kFair, 2, {}}, 9);
  while (!game.over()) game.guess(choose_guess(words, game.position(), GuesserKind::kMinimax));
  EXPECT_EQ(game.status(), GameStatus::kWon);
  EXPECT_EQ(game.word(), *game.host().secret());
}

}  // namespace
}  // namespace wg::evil_hangman
