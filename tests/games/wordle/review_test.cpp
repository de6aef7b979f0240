#include "games/wordle/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "games/wordle/host.h"
#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

using test::codes;

/// The small lexicon's five-letter words, as text.
std::vector<std::string> five_letter_text() {
  std::vector<std::string> words;
  for (const std::string& w : test::small_words()) {
    if (w.size() == 5) words.push_back(w);
  }
  return words;
}

/// The families of `answers` for `guess`, by brute force on text.
std::map<Pattern, std::vector<std::string>> families_of(const std::string& guess,
                                                        const std::vector<std::string>& answers) {
  std::map<Pattern, std::vector<std::string>> families;
  for (const std::string& a : answers) families[feedback(codes(guess), codes(a))].push_back(a);
  return families;
}

/// What the largest host leaves after `guess`: its largest family but the green one.
std::size_t brute_worst(const std::string& guess, const std::vector<std::string>& answers) {
  std::size_t worst = 0;
  for (const auto& [pattern, family] : families_of(guess, answers)) {
    if (pattern != all_green(guess.size())) worst = std::max(worst, family.size());
  }
  return worst;
}

/// The fewest answers any guess leaves against the largest host, by brute force.
std::size_t brute_best(const std::vector<std::string>& answers) {
  std::size_t best = SIZE_MAX;
  for (const std::string& g : five_letter_text()) best = std::min(best, brute_worst(g, answers));
  return best;
}

/// The fewest guesses to be sure of the word (minimax over the families), by brute force.
int brute_fewest(const std::vector<std::string>& answers,
                 std::map<std::vector<std::string>, int>& memo) {
  if (answers.size() == 1) return 1;
  if (const auto found = memo.find(answers); found != memo.end()) return found->second;
  int best = 1000;
  for (const std::string& g : five_letter_text()) {
    const auto families = families_of(g, answers);
    if (families.size() == 1 && families.begin()->first != all_green(5)) continue;
    int worst = 0;
    for (const auto& [pattern, family] : families) {
      if (pattern != all_green(5)) worst = std::max(worst, brute_fewest(family, memo));
    }
    best = std::min(best, 1 + worst);
  }
  memo[answers] = best;
  return best;
}

/// Guesses the first word still possible until the game ends.
void finish(Session& s) {
  while (!s.finished()) {
    const std::span<const Letter> word = s.words().word(s.remaining().front());
    s.apply(Guess{std::vector<Letter>(word.begin(), word.end())});
  }
}

/// Plays `guesses` in a session (no common list: all 27 words are answers), then the first word
/// still possible until the game ends.
Session play(const Config& config, const std::vector<std::string>& guesses,
             std::uint64_t seed = 5) {
  Session s(test::small_lexicon(), config, seed);
  for (const std::string& g : guesses) {
    const std::vector<Event> events = s.apply(Guess{codes(g)});
    if (std::holds_alternative<Rejected>(events.front())) throw std::logic_error("refused " + g);
  }
  finish(s);
  return s;
}

Review review_of(const Session& s, const ReviewOptions& limits = {}, int game = 0) {
  const std::optional<Review> r =
      review_game(test::small_lexicon(), s.config(), s.seed(), s.commands(), game, nullptr, limits);
  if (!r) throw std::logic_error("stopped");
  return *r;
}

/// The brute-force best opening of the 27 answers against the largest host.
std::string best_opening() {
  const std::vector<std::string> all = five_letter_text();
  const std::size_t best = brute_best(all);
  for (const std::string& g : all) {
    if (brute_worst(g, all) == best) return g;
  }
  return {};
}

TEST(WordleReview, EachGuessAgainstTheBestByBruteForce) {
  // SPEED, then the first word left each time: the review must agree with brute force.
  const Session p = play(Config{}, {"speed"});
  const Review r = review_of(p);
  ASSERT_EQ(r.guesses.size(), p.view(0).rows.size());
  ASSERT_GE(r.guesses.size(), 2u);
  std::vector<std::string> answers = five_letter_text();
  std::map<std::vector<std::string>, int> memo;
  for (std::size_t i = 0; i < r.guesses.size(); ++i) {
    const GuessReview& g = r.guesses[i];
    const std::string word = Alphabet::english().decode(g.word);
    SCOPED_TRACE(word);
    EXPECT_EQ(g.before, answers.size());
    EXPECT_EQ(g.judged, brute_worst(word, answers));
    EXPECT_EQ(g.best_left, brute_best(answers));
    EXPECT_EQ(brute_worst(p.words().text(g.best), answers), g.best_left);
    EXPECT_EQ(g.best_is_played, g.judged == g.best_left);
    EXPECT_TRUE(g.exact);
    ASSERT_TRUE(g.fewest_before.guesses);  // at most 27 answers: always valued
    EXPECT_EQ(*g.fewest_before.guesses, brute_fewest(answers, memo));
    // The host's family: the answers of the player's pattern.
    answers = families_of(word, answers)[g.pattern];
    if (g.left == 0) {
      EXPECT_EQ(g.fewest_after.guesses, 0);
    } else {
      EXPECT_EQ(g.left, answers.size());
      EXPECT_EQ(*g.fewest_after.guesses, brute_fewest(answers, memo));
    }
  }
  EXPECT_TRUE(r.finished.won);
  EXPECT_EQ(r.remaining.size(), 1u);
  EXPECT_EQ(r.best_from, 0);
  EXPECT_EQ(r.best_possible, brute_fewest(five_letter_text(), memo));
}

TEST(WordleReview, ABestGuessCostsNothingAndABadOneItsExactLoss) {
  const std::string best = best_opening();
  const std::vector<std::string> all = five_letter_text();
  // A best opening: reviewed as the best there, loss 0.
  {
    const Review r = review_of(play(Config{}, {best}));
    ASSERT_FALSE(r.guesses.empty());
    EXPECT_TRUE(r.guesses[0].best_is_played);
    EXPECT_EQ(r.guesses[0].judged, r.guesses[0].best_left);
    EXPECT_EQ(Alphabet::english().decode(r.guesses[0].word), best);
    EXPECT_EQ(r.guesses[0].best, *test::five_letter_words().find(codes(best)));
  }
  // SWINE splits the -INE words badly: its loss is its largest family against the best's.
  {
    const Review r = review_of(play(Config{}, {"swine"}));
    const GuessReview& g = r.guesses[0];
    EXPECT_FALSE(g.best_is_played);
    EXPECT_EQ(g.judged, brute_worst("swine", all));
    EXPECT_EQ(g.best_left, brute_worst(best, all));
    EXPECT_GT(g.judged, g.best_left);
    EXPECT_EQ(g.left, g.judged);  // the largest host keeps the largest family
  }
}

TEST(WordleReview, TheLineFromTheStartPlaysTheBestGuessesUntilTheWord) {
  const Review r = review_of(play(Config{}, {"speed"}));
  ASSERT_FALSE(r.line.empty());
  EXPECT_TRUE(r.line_exact);
  EXPECT_EQ(r.line.back().left, 0u);
  EXPECT_EQ(r.line.back().pattern, all_green(5));
  std::vector<std::string> answers = five_letter_text();
  for (const LineStep& step : r.line) {
    const std::string word = test::five_letter_words().text(step.guess);
    EXPECT_EQ(brute_worst(word, answers), brute_best(answers)) << word;
    answers = families_of(word, answers)[step.pattern];
  }
}

TEST(WordleReview, AgainstTheFairHostAGuessIsJudgedByTheMostItCouldLeave) {
  Config config;
  config.host = HostKind::kFair;
  config.guesses = 0;
  const Session p = play(config, {"swine"});
  const Review r = review_of(p);
  const GuessReview& g = r.guesses[0];
  EXPECT_EQ(g.judged, brute_worst("swine", five_letter_text()));
  // What it did leave: the fair host's word's family.
  const std::vector<std::string> all = five_letter_text();
  const std::string word = Alphabet::english().decode(r.finished.word);
  EXPECT_EQ(g.left, families_of("swine", all)[feedback(codes("swine"), codes(word))].size());
  EXPECT_EQ(g.best_left, brute_best(five_letter_text()));
  // The line is played against the fair host's word.
  EXPECT_EQ(r.line.back().left, 0u);
  EXPECT_EQ(p.words().text(r.line.back().guess), word);
}

TEST(WordleReview, AgainstTheLookaheadHostTheBestIsItsOwnChoice) {
  Config config;
  config.host = HostKind::kLookahead;
  // Brute force: the lookahead host's choice after every opening.
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> answers = words.all_ids();
  std::size_t best = SIZE_MAX;
  std::size_t worst = 0;
  WordId poorest = 0;
  for (WordId id = 0; id < words.size(); ++id) {
    const std::vector<Family> families = partition(words, answers, words.word(id));
    const Family& kept = families[lookahead_family(words, families, config.lookahead)];
    const std::size_t left = kept.pattern == all_green(5) ? 0 : kept.words.size();
    best = std::min(best, left);
    if (left > worst) {
      worst = left;
      poorest = id;
    }
  }
  ASSERT_LT(best, worst);
  const Session p = play(config, {words.text(poorest)});
  ReviewOptions all;
  all.lookahead_simulations = 1000;
  const Review r = review_of(p, all);
  const GuessReview& g = r.guesses[0];
  EXPECT_TRUE(g.exact);
  EXPECT_EQ(g.judged, worst);
  EXPECT_EQ(g.left, worst);
  EXPECT_EQ(g.best_left, best);
  EXPECT_FALSE(g.best_is_played);
  // With no simulations allowed, the best is the player's own, said to be bounded.
  ReviewOptions none;
  none.lookahead_simulations = 0;
  const Review bounded = review_of(p, none);
  EXPECT_FALSE(bounded.guesses[0].exact);
  EXPECT_TRUE(bounded.guesses[0].best_is_played);
  EXPECT_EQ(bounded.guesses[0].simulated, 0u);
  EXPECT_FALSE(bounded.line_exact);
}

TEST(WordleReview, HardModeBestGuessesKeepToIt) {
  Config config;
  config.hard = true;
  const Session p = play(config, {"speed"});
  const Review r = review_of(p);
  const std::vector<Row> rows = p.view(0).rows;
  ASSERT_GE(rows.size(), 2u);
  for (std::size_t i = 0; i < r.guesses.size(); ++i) {
    const std::span<const Row> before(rows.data(), i);
    EXPECT_FALSE(hard_mode_problem(before, p.words().word(r.guesses[i].best)));
    EXPECT_TRUE(r.guesses[i].hard);
  }
}

TEST(WordleReview, ALaterGameOfTheSessionAndAGameGivenUp) {
  Session p = play(Config{}, {"speed"});
  p.apply(NewGame{});
  p.apply(Guess{codes("crane")});
  p.apply(Hint{});
  p.apply(GiveUp{});
  const Review r = review_of(p, {}, 1);
  EXPECT_EQ(r.finished.game, 1);
  EXPECT_TRUE(r.finished.gave_up);
  ASSERT_EQ(r.guesses.size(), 1u);
  EXPECT_EQ(Alphabet::english().decode(r.guesses[0].word), "crane");
  EXPECT_EQ(r.remaining.size(), r.guesses[0].left);
  EXPECT_EQ(r.positions.size(), 2u);
  EXPECT_EQ(r.positions[1].answers, r.guesses[0].left);
}

TEST(WordleReview, TooManyAnswersOrNoBudgetAreSaid) {
  const Session p = play(Config{}, {"swine"});
  ReviewOptions small;
  small.exact.max_answers = 5;
  const Review r = review_of(p, small);
  EXPECT_FALSE(r.guesses[0].fewest_before.guesses);
  EXPECT_EQ(r.guesses[0].fewest_before.why, Unvalued::kTooMany);
  ReviewOptions broke;
  broke.exact.max_work = 1;
  const Review r2 = review_of(p, broke);
  EXPECT_FALSE(r2.guesses[0].fewest_before.guesses);
  EXPECT_EQ(r2.guesses[0].fewest_before.why, Unvalued::kOverBudget);
  // The small positions at the end are still valued (they take no work).
  ASSERT_TRUE(r2.best_from);
  EXPECT_GT(*r2.best_from, 0);
}

TEST(WordleReview, AValueTheGameEndComputedIsTakenNotSearchedAgain) {
  const Session p = play(Config{}, {"swine"});
  ReviewOptions options;
  options.known = KnownValue{0, 7};  // not the true value: shows it was taken as given
  const Review r = review_of(p, options);
  EXPECT_EQ(r.guesses[0].fewest_before.guesses, 7);
  EXPECT_EQ(r.best_from, 0);
  EXPECT_EQ(r.best_possible, 7);
  // The others are searched as before.
  const Review searched = review_of(p);
  EXPECT_EQ(r.guesses[0].fewest_after, searched.guesses[0].fewest_after);
  EXPECT_LT(r.exact_work, searched.exact_work);
}

TEST(WordleReview, StoppedWorkGivesNoReview) {
  const Session p = play(Config{}, {"swine"});
  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(review_game(test::small_lexicon(), p.config(), p.seed(), p.commands(), 0, nullptr,
                           {}, Work{stop.get_token(), nullptr}));
}

TEST(WordleReview, CommandsThatDoNotReplayAreRefused) {
  const std::vector<Command> refused = {Guess{codes("zzzzz")}};
  EXPECT_THROW(review_game(test::small_lexicon(), Config{}, 1, refused, 0), std::invalid_argument);
  const std::vector<Command> unfinished = {Guess{codes("swine")}};
  EXPECT_THROW(review_game(test::small_lexicon(), Config{}, 1, unfinished, 0),
               std::invalid_argument);
}

}  // namespace
}  // namespace wg::wordle
