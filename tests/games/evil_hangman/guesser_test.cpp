#include "games/evil_hangman/guesser.h"

#include <gtest/gtest.h>

#include <array>

#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

TEST(GuesserTest, Names) {
  for (GuesserKind g : all_guessers()) EXPECT_EQ(parse_guesser(to_string(g)), g);
  EXPECT_FALSE(parse_guesser("smart"));
}

TEST(GuesserTest, FrequencyTakesTheLetterInMostWords) {
  const WordSet words = test::spec_words();
  const std::vector<WordId> all = words.all_ids();
  // E is in six of the nine words; L in five (ally, cool, deal, else, flew).
  EXPECT_EQ(choose_guess(words, Position{all, LetterSet(), 5}, GuesserKind::kFrequency), code('e'));
  LetterSet guessed;
  guessed.insert(code('e'));
  EXPECT_EQ(choose_guess(words, Position{all, guessed, 5}, GuesserKind::kFrequency), code('l'));
}

TEST(GuesserTest, MinimaxTakesTheLetterWithTheSmallestWorstFamily) {
  // E splits the nine words 3/2/2/1/1 (worst 3); L gives 4 without it; O gives 6 without.
  const WordSet words = test::spec_words();
  const std::vector<WordId> all = words.all_ids();
  const Letter g = choose_guess(words, Position{all, LetterSet(), 5}, GuesserKind::kMinimax);
  const Partition part = partition(words, all, g);
  std::uint32_t worst = 0;
  for (const Family& f : part.families()) worst = std::max(worst, f.size);
  for (Letter l = 0; l < 26; ++l) {
    const Partition other = partition(words, all, l);
    std::uint32_t w = 0;
    for (const Family& f : other.families()) w = std::max(w, f.size);
    EXPECT_LE(worst, w) << words.alphabet().lower(l);
  }
}

TEST(GuesserTest, NeverRepeatsAndFailsWhenNothingIsLeft) {
  const WordSet words = test::deal_tear_monk();
  const std::vector<WordId> all = words.all_ids();
  LetterSet guessed;
  for (int i = 0; i < 26; ++i) {
    const Letter g = choose_guess(words, Position{all, guessed, 3}, GuesserKind::kMinimax);
    EXPECT_FALSE(guessed.contains(g));
    guessed.insert(g);
  }
  EXPECT_THROW(choose_guess(words, Position{all, guessed, 3}, GuesserKind::kFrequency),
               std::invalid_argument);
}

}  // namespace
}  // namespace wg::evil_hangman
