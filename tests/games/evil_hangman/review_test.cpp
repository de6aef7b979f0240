#include "games/evil_hangman/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stop_token>
#include <string>
#include <variant>
#include <vector>

#include "games/evil_hangman/game.h"
#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

/// Sixteen four-letter words: enough families for losses, small enough for brute force.
std::shared_ptr<const Lexicon> four_letters() {
  std::vector<std::string> words = {"ally", "beta", "cool", "deal", "else", "flew", "good", "hope",
                                    "ibex", "monk", "tear", "bark", "dusk", "pink", "lamb", "wolf"};
  std::sort(words.begin(), words.end());
  return std::make_shared<const Lexicon>(Lexicon::build(words));
}

/// The brute force: misses an optimal host forces from `position` (plain minimax, no horizon).
int brute_value(const WordSet& words, const Position& position) {
  return forced_misses(words, position, 64);
}

/// The brute force after guessing `letter`: the worst family for the guesser, its miss included.
int brute_after(const WordSet& words, const Position& position, Letter letter) {
  const Partition part = partition(words, position.candidates, letter);
  LetterSet next = position.guessed;
  next.insert(letter);
  int worst = 0;
  for (const Family& f : part.families()) {
    const int miss = f.is_miss() ? 1 : 0;
    worst = std::max(worst, miss + brute_value(words, Position{part.words_of(f), next,
                                                               position.misses_left - miss}));
  }
  return worst;
}

/// Plays `letters` in a session with `config` (game 0 of length 4 with `guesses`), and reviews
/// it. `positions` gets each position before a guess (a Game replayed alongside).
struct Played {
  WordSet words;
  PlayedGame game;
  std::vector<Letter> word;
  std::vector<std::vector<WordId>> candidates;  ///< before each guess
  std::vector<LetterSet> guessed;
  std::vector<int> misses_left;
};

Played play(const Config& config, int guesses, std::string_view letters, std::uint64_t seed = 7) {
  const auto lexicon = four_letters();
  Played out{WordSet::of_length(*lexicon, 4), {}, {}, {}, {}, {}};
  Session session(lexicon, config, seed);
  session.apply(NewGame{4, guesses, true});
  Game game(out.words, guesses, config.host(), game_seed(seed, 0));
  for (char c : letters) {
    if (session.finished()) break;
    out.candidates.emplace_back(game.candidates().begin(), game.candidates().end());
    out.guessed.push_back(game.guessed());
    out.misses_left.push_back(game.guesses_left());
    for (const Event& e : session.apply(Guess{code(c), std::nullopt})) {
      if (const auto* f = std::get_if<Finished>(&e)) out.word = f->word;
    }
    game.guess(code(c));
  }
  EXPECT_TRUE(session.finished());
  out.game = *played_game(config, session.commands(), 0);
  return out;
}

TEST(EvilHangmanReview, PlayedGameReadsTheCommandsOfOneGame) {
  Config config;
  config.strategy = Strategy::kLookahead;
  const std::vector<Command> commands = {
      NewGame{4, 3, false}, Guess{code('e'), {}}, GiveUp{},
      NewGame{3, 5, true},  Guess{code('a'), {}}, SwitchHost{Strategy::kLargest},
      Withdraw{code('o')},  Guess{code('o'), {}}};
  const std::optional<PlayedGame> first = played_game(config, commands, 0);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->length, 4);
  EXPECT_EQ(first->guesses, 3);
  EXPECT_EQ(first->letters, std::vector<Letter>{code('e')});
  EXPECT_TRUE(first->gave_up);
  const std::optional<PlayedGame> second = played_game(config, commands, 1);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->length, 3);
  EXPECT_EQ(second->letters, (std::vector<Letter>{code('a'), code('o')}));
  EXPECT_EQ(second->hosts, (std::vector<Strategy>{Strategy::kLookahead, Strategy::kLargest}));
  EXPECT_FALSE(second->gave_up);
  EXPECT_FALSE(played_game(config, commands, 2));
}

TEST(EvilHangmanReview, EveryGuessAgainstTheBruteForce) {
  for (const Strategy host : {Strategy::kLargest, Strategy::kLookahead, Strategy::kOptimal}) {
    for (const std::string_view letters :
         {"zeaoiltrsnkbmdcfgpuwy", "aeoiulrstnkbmdcfgpwy", "qxeotkalsrnbmdcfgpuiwy"}) {
      Config config;
      config.strategy = host;
      const Played played = play(config, 4, letters);
      const Review review = evil_hangman::review(played.words, played.game, played.word);
      ASSERT_FALSE(review.stopped);
      ASSERT_EQ(review.guesses.size(), played.candidates.size());
      for (std::size_t k = 0; k < review.guesses.size(); ++k) {
        SCOPED_TRACE(std::string(to_string(host)) + " " + std::string(letters) + " guess " +
                     std::to_string(k));
        const GuessReview& g = review.guesses[k];
        const Position at{played.candidates[k], played.guessed[k], played.misses_left[k]};
        EXPECT_EQ(g.words_before, played.candidates[k].size());
        EXPECT_EQ(g.misses_left, played.misses_left[k]);
        ASSERT_TRUE(g.exact);  // sixteen words: always within the budget
        const int value = brute_value(played.words, at);
        const int after = brute_after(played.words, at, g.letter);
        EXPECT_EQ(*g.forced, value);
        EXPECT_EQ(*g.forced_after, after);
        EXPECT_EQ(g.loss, after - value);
        EXPECT_EQ(brute_after(played.words, at, g.best), value);
        if (after == value) {
          EXPECT_EQ(g.best, g.letter);
        }
        // The fewest kept: no guess has a smaller largest family.
        auto fewest = static_cast<std::uint32_t>(played.candidates[k].size());
        for (const Letter l : played.words.alphabet().letters() & ~at.guessed) {
          const Partition part = partition(played.words, at.candidates, l);
          std::uint32_t largest = 0;
          for (const Family& f : part.families()) largest = std::max(largest, f.size);
          fewest = std::min(fewest, largest);
        }
        EXPECT_EQ(g.fewest_kept, fewest);
      }
      // The value from the start is the first guess's.
      ASSERT_TRUE(review.value);
      EXPECT_EQ(*review.value,
                brute_value(played.words, Position{played.candidates[0], LetterSet(), 4}));
      // The words still held: consistent with the word at the end.
      EXPECT_NE(std::find(review.held.begin(), review.held.end(),
                          static_cast<WordId>(played.words.find(played.word))),
                review.held.end());
      // The optimal line forces the value it claims, as the brute force says.
      ASSERT_EQ(review.line_from, 0);
      EXPECT_TRUE(review.line_complete);
      EXPECT_EQ(review.line_forced, *review.value);
      int misses = 0;
      for (const LineStep& step : review.line) misses += step.hit ? 0 : 1;
      EXPECT_EQ(misses, review.line_forced);
    }
  }
}

TEST(EvilHangmanReview, ABestGuessLosesNothingAndABadOneItsExactLoss) {
  Config config;
  // Z is in no word: a sure miss, which lets the host force one more miss than a best guess
  // (with eight guesses it cannot force them all).
  const Played played = play(config, 8, "zeaoiltrsnkbmdcfgpuwy");
  const Review bad = review(played.words, played.game, played.word);
  const GuessReview& z = bad.guesses[0];
  ASSERT_TRUE(z.exact);
  EXPECT_FALSE(z.hit);
  EXPECT_NE(z.best, code('z'));
  EXPECT_EQ(z.loss, 1);
  EXPECT_EQ(*z.forced_after, *z.forced + 1);

  // The best guess from the start, played: no loss, and it is the best named.
  const Letter best = z.best;
  std::string letters(1, played.words.alphabet().lower(best));
  for (char c : std::string_view("eaoiltrsnkbmdcfgpuwy")) {
    if (code(c) != best) letters += c;
  }
  const Played good = play(config, 8, letters);
  const Review review_good = review(good.words, good.game, good.word);
  EXPECT_EQ(review_good.guesses[0].loss, 0);
  EXPECT_EQ(review_good.guesses[0].best, best);
  EXPECT_TRUE(review_good.guesses[0].exact);
}

TEST(EvilHangmanReview, BeyondTheBudgetLookaheadChoosesAndSaysSo) {
  Config config;
  const Played played = play(config, 4, "zeaoiltrsnkbmdcfgpuwy");
  ReviewBudget budget;
  budget.move_work = 1;  // nothing beyond two words is solved
  const Review review = evil_hangman::review(played.words, played.game, played.word, budget);
  ASSERT_FALSE(review.stopped);
  const GuessReview& z = review.guesses[0];
  EXPECT_FALSE(z.exact);
  EXPECT_FALSE(z.forced);
  EXPECT_NE(z.best, code('z'));  // lookahead never prefers a sure miss
  EXPECT_GT(z.loss, 0);
  EXPECT_DOUBLE_EQ(z.loss, z.expected_after - z.expected_best);
  EXPECT_FALSE(review.value);
}

TEST(EvilHangmanReview, AStopEndsTheReviewAndProgressRises) {
  Config config;
  const Played played = play(config, 4, "eaoiltrsnkbmdcfgpuwy");
  std::vector<double> reports;
  const Review done = review(played.words, played.game, played.word, {},
                             Work{{}, [&](double f) { reports.push_back(f); }});
  EXPECT_FALSE(done.stopped);
  ASSERT_FALSE(reports.empty());
  EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  EXPECT_DOUBLE_EQ(reports.back(), 1.0);

  std::stop_source stop;
  stop.request_stop();
  const Review stopped =
      review(played.words, played.game, played.word, {}, Work{stop.get_token(), nullptr});
  EXPECT_TRUE(stopped.stopped);
}

TEST(EvilHangmanReview, AWordNotInTheListIsRefused) {
  Config config;
  const Played played = play(config, 4, "eaoiltrsnkbmdcfgpuwy");
  const std::vector<Letter> unknown = {code('z'), code('z'), code('z'), code('z')};
  EXPECT_THROW(review(played.words, played.game, unknown), std::invalid_argument);
  // Another word of the list makes another game of the same letters (the host could have
  // kept its families): the record's misses tell them apart (the codec checks them).
  const Review mine = review(played.words, played.game, played.word);
  int misses = 0;
  for (const GuessReview& g : mine.guesses) misses += g.hit ? 0 : 1;
  EXPECT_EQ(misses, 4 - played.misses_left.back() + (mine.guesses.back().hit ? 0 : 1));
}

}  // namespace
}  // namespace wg::evil_hangman
