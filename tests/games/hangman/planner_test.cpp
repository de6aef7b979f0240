#include "games/hangman/planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "fixtures.h"
#include "games/hangman/advisor.h"
#include "lexicon/lexicon.h"

namespace wg::hangman {
namespace {

using test::code;
using test::codes;

/// The default dictionary (ENABLE's words of 6+ letters), built once.
const Dictionary& enable() {
  static const Dictionary dictionary = Dictionary::from_lexicon(default_lexicon());
  return dictionary;
}

/// A length of the default dictionary with 40 to 150 words: small enough to play a game on
/// every one of them.
std::size_t small_length() {
  const auto counts = enable().count_by_length();
  for (std::size_t length = 15; length < counts.size(); ++length) {
    if (counts[length] >= 40 && counts[length] <= 150) return length;
  }
  ADD_FAILURE() << "no length with 40 to 150 words";
  return 0;
}

/// Every word of a length as the secret, each game played to the end by the strategy: the
/// wins and the sum of final points.
struct Totals {
  std::size_t games = 0;
  std::size_t wins = 0;
  long long points = 0;
};
Totals play_every_word(std::size_t length, Strategy strategy) {
  Totals totals;
  const std::span<const Letter> words = enable().words_of_length(length);
  for (std::size_t i = 0; i * length < words.size(); ++i) {
    Game game(enable(), words.subspan(i * length, length));
    while (!game.finished()) game.guess(advise(game, strategy).guess);
    ++totals.games;
    totals.wins += game.status() == GameState::kWon ? 1 : 0;
    totals.points += game.points();
  }
  return totals;
}

Game first_game_of_length(std::size_t length) {
  return Game(enable(), enable().words_of_length(length).first(length));
}

// base_value is exact: the safe player's wins and the advisor's points, played out against
// every word of the length in turn, are what it says.
TEST(HangmanPlanner, BaseValueIsWhatTheBasePlayerMakesOverEveryCandidate) {
  const std::size_t length = small_length();
  const Game start = first_game_of_length(length);
  const Totals safe = play_every_word(length, Strategy::kSafe);
  EXPECT_NEAR(base_value(start, Goal::kWin) * static_cast<double>(safe.games),
              static_cast<double>(safe.wins), 1e-6);
  const Totals advisor = play_every_word(length, Strategy::kAdvisor);
  EXPECT_NEAR(base_value(start, Goal::kPoints) * static_cast<double>(advisor.games),
              static_cast<double>(advisor.points), 1e-6);
}

// A rollout is never worse than its base player: over every word of the length, the planners
// win at least as often as the safe player and make at least the advisor's points.
TEST(HangmanPlanner, ThePlannersAreNeverWorseThanTheirBasePlayers) {
  const std::size_t length = small_length();
  const Totals safe = play_every_word(length, Strategy::kSafe);
  const Totals plan_win = play_every_word(length, Strategy::kPlanWin);
  EXPECT_GE(plan_win.wins, safe.wins);
  const Totals advisor = play_every_word(length, Strategy::kAdvisor);
  const Totals plan_points = play_every_word(length, Strategy::kPlanPoints);
  EXPECT_GE(plan_points.points, advisor.points);
  const Game start = first_game_of_length(length);
  EXPECT_GE(plan(start, Goal::kWin).value, base_value(start, Goal::kWin) - 1e-12);
  EXPECT_GE(plan(start, Goal::kPoints).value, base_value(start, Goal::kPoints) - 1e-9);
}

TEST(HangmanPlanner, ValuesOfEndedAndDecidedGames) {
  const Dictionary dictionary = test::small_dictionary();
  Game game(dictionary, codes("COTTON"));
  game.guess({0, code('C')});
  game.guess({1, code('A')});  // a miss: only COTTON is left
  EXPECT_DOUBLE_EQ(base_value(game, Goal::kWin), 1.0);
  // Every open position (5) a certain hit of 5 points, after the miss took the 5 of the C.
  EXPECT_DOUBLE_EQ(base_value(game, Goal::kPoints), game.points() + 5 * 5);
  const PlannedGuess planned = plan(game, Goal::kWin);
  EXPECT_DOUBLE_EQ(planned.probability, 1.0);
  EXPECT_DOUBLE_EQ(planned.value, 1.0);
  game.give_up();
  EXPECT_DOUBLE_EQ(base_value(game, Goal::kWin), 0.0);
}

/// The most of `candidates` (indices into `words`, `length` letters each) a player with
/// `lives` can win, each in turn the secret: every guess tried at every step, without the
/// planner's bounds (`memo` remembers sets already solved).
int most_wins(std::span<const Letter> words, std::size_t length,
              const std::vector<std::uint32_t>& candidates, int lives,
              std::map<std::pair<std::vector<std::uint32_t>, int>, int>& memo) {
  if (lives == 0) return 0;
  if (candidates.size() <= 1) return static_cast<int>(candidates.size());
  if (const auto found = memo.find({candidates, lives}); found != memo.end()) {
    return found->second;
  }
  int best = 1;
  for (std::size_t position = 0; position < length; ++position) {
    for (Letter letter = 0; letter < 26; ++letter) {
      std::vector<std::uint32_t> hits;
      std::vector<std::uint32_t> misses;
      for (const std::uint32_t word : candidates) {
        (words[word * length + position] == letter ? hits : misses).push_back(word);
      }
      if (hits.empty() || misses.empty()) continue;
      best = std::max(best, most_wins(words, length, hits, lives, memo) +
                                most_wins(words, length, misses, lives - 1, memo));
    }
  }
  memo.emplace(std::pair{candidates, lives}, best);
  return best;
}

// Once the candidates are few, plan-win plays exactly: its chance to win is the most a player
// can win (checked by trying every guess), and playing it against each candidate in turn wins
// that many games.
TEST(HangmanPlanner, PlanWinPlaysFewCandidatesExactly) {
  const Dictionary dictionary = test::small_dictionary();
  const std::span<const Letter> words = dictionary.words_of_length(6);
  for (const int lives : {1, 2, 3, kLives}) {
    std::vector<std::uint32_t> all(words.size() / 6);
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    std::map<std::pair<std::vector<std::uint32_t>, int>, int> memo;
    const int exact = most_wins(words, 6, all, lives, memo);
    std::size_t wins = 0;
    for (const std::uint32_t secret : all) {
      Game game(dictionary, words.subspan(secret * 6, 6));
      // Spend lives on a guess no candidate has, to start with `lives`.
      for (int spent = 0; spent < kLives - lives; ++spent) {
        game.guess({static_cast<std::size_t>(spent), code('Z')});
      }
      if (secret == 0) {
        EXPECT_DOUBLE_EQ(plan(game, Goal::kWin).value,
                         static_cast<double>(exact) / static_cast<double>(all.size()));
      }
      while (!game.finished()) game.guess(advise(game, Strategy::kPlanWin).guess);
      wins += game.status() == GameState::kWon ? 1 : 0;
    }
    EXPECT_EQ(wins, static_cast<std::size_t>(exact)) << lives << " lives";
  }
}

// Sets that cannot be won whole are where the exact search's bounds prune most: on groups of 20
// to 24 six-letter words of the default dictionary that share their last three letters (they
// differ only in the first three), plan-win's chance to win is still the most a player can win.
TEST(HangmanPlanner, PlanWinIsExactOnWordsThatShareTheirEnding) {
  std::map<std::string, std::vector<std::string>> by_ending;
  const std::span<const Letter> six = enable().words_of_length(6);
  for (std::size_t w = 0; w < six.size() / 6; ++w) {
    const std::string word = Alphabet::english().decode_upper(six.subspan(w * 6, 6));
    by_ending[word.substr(3)].push_back(word);
  }
  int groups = 0;
  for (const auto& [ending, group] : by_ending) {
    if (group.size() < 20 || group.size() > 24) continue;
    // Six words of 9 letters make it a dictionary (20 % of 9+ letters); never of the secret's
    // length, they do not change the game.
    std::vector<std::string> words = group;
    for (const char* longer :
         {"ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION", "EVERGREEN", "FURNITURE"}) {
      words.emplace_back(longer);
    }
    std::sort(words.begin(), words.end());
    const Dictionary dictionary = Dictionary::from_words(words);
    const std::span<const Letter> letters = dictionary.words_of_length(6);
    std::vector<std::uint32_t> all(group.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    for (const int lives : {2, 3, kLives}) {
      std::map<std::pair<std::vector<std::uint32_t>, int>, int> memo;
      const int exact = most_wins(letters, 6, all, lives, memo);
      Game game(dictionary, letters.first(6));
      // Spend lives on letters no candidate has at the first positions.
      for (int spent = 0; spent < kLives - lives; ++spent) {
        const auto position = static_cast<std::size_t>(spent);
        Letter absent = 0;
        while (game.count(position, absent) > 0) ++absent;
        game.guess({position, absent});
      }
      ASSERT_EQ(game.lives(), lives);
      EXPECT_DOUBLE_EQ(plan(game, Goal::kWin).value,
                       static_cast<double>(exact) / static_cast<double>(all.size()))
          << ending << ", " << lives << " lives";
    }
    if (++groups == 4) break;
  }
  EXPECT_EQ(groups, 4);
}

// Among the guesses that win the most, plan-win's exact play takes the one with the most hits,
// then the lowest position, then the lowest letter, however its search prunes the others.
TEST(HangmanPlanner, PlanWinBreaksTiesByHitsThenPositionThenLetter) {
  const Dictionary dictionary = test::small_dictionary();
  const std::span<const Letter> words = dictionary.words_of_length(6);
  std::vector<std::uint32_t> all(words.size() / 6);
  for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  for (const int lives : {1, 2, 3, kLives}) {
    std::map<std::pair<std::vector<std::uint32_t>, int>, int> memo;
    Guess expected{};
    int most = -1;
    std::size_t most_hits = 0;
    for (std::size_t position = 0; position < 6; ++position) {
      for (Letter letter = 0; letter < 26; ++letter) {
        std::vector<std::uint32_t> hits;
        std::vector<std::uint32_t> misses;
        for (const std::uint32_t word : all) {
          (words[word * 6 + position] == letter ? hits : misses).push_back(word);
        }
        if (hits.empty() || misses.empty()) continue;
        const int wins =
            most_wins(words, 6, hits, lives, memo) + most_wins(words, 6, misses, lives - 1, memo);
        if (wins > most || (wins == most && hits.size() > most_hits)) {
          most = wins;
          most_hits = hits.size();
          expected = {position, letter};
        }
      }
    }
    Game game(dictionary, words.first(6));
    for (int spent = 0; spent < kLives - lives; ++spent) {
      game.guess({static_cast<std::size_t>(spent), code('Z')});
    }
    const Guess planned = plan(game, Goal::kWin).guess;
    EXPECT_EQ(planned.position, expected.position) << lives << " lives";
    EXPECT_EQ(planned.letter, expected.letter) << lives << " lives";
  }
}

TEST(HangmanPlanner, AdviceNamesThePlannersAndIsDeterministic) {
  EXPECT_EQ(parse_strategy("plan-win"), Strategy::kPlanWin);
  EXPECT_EQ(parse_strategy("plan-points"), Strategy::kPlanPoints);
  EXPECT_EQ(to_string(Strategy::kPlanPoints), "plan-points");
  const Game game = first_game_of_length(small_length());
  EXPECT_EQ(advise(game, Strategy::kPlanWin), advise(game, Strategy::kPlanWin));
  EXPECT_EQ(advise(game, Strategy::kPlanPoints), advise(game, Strategy::kPlanPoints));
  EXPECT_EQ(parse_strategy("plan-points-2"), Strategy::kPlanPoints2);
  EXPECT_EQ(to_string(Strategy::kPlanPoints2), "plan-points-2");
  EXPECT_EQ(advise(game, Strategy::kPlanPoints2), advise(game, Strategy::kPlanPoints2));
  EXPECT_EQ(parse_strategy("plan-win-2"), Strategy::kPlanWin2);
  EXPECT_EQ(advise(game, Strategy::kPlanWin2), advise(game, Strategy::kPlanWin2));
  const std::vector<std::string_view> names = strategy_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "plan-points-2"), names.end());
}

constexpr PlanOptions kTwoLevels = kPlanPoints2;
constexpr PlanOptions kTwoLevelsUncached{
    .breadth = kPlanPoints2.breadth, .levels = kPlanPoints2.levels, .cache = false};

void expect_same(const PlannedGuess& a, const PlannedGuess& b) {
  EXPECT_EQ(a.guess, b.guess);
  EXPECT_DOUBLE_EQ(a.probability, b.probability);
  EXPECT_DOUBLE_EQ(a.value, b.value);
}

// plan_value is exact for the two-level planner too: plan-points-2 played against every word of
// the length makes the points it says; and each level is never worse than the one below (the
// level below's guess is among those the level above considers).
TEST(HangmanPlanner, PlanPoints2MakesWhatItsValueSaysAndNoLessThanPlanPoints) {
  const std::size_t length = small_length();
  const Game start = first_game_of_length(length);
  const Totals two = play_every_word(length, Strategy::kPlanPoints2);
  const double value = plan_value(start, Goal::kPoints, kTwoLevels);
  EXPECT_NEAR(value * static_cast<double>(two.games), static_cast<double>(two.points), 1e-6);
  const Totals one = play_every_word(length, Strategy::kPlanPoints);
  EXPECT_NEAR(plan_value(start, Goal::kPoints) * static_cast<double>(one.games),
              static_cast<double>(one.points), 1e-6);
  EXPECT_GE(two.points, one.points);
  EXPECT_GE(plan_value(start, Goal::kPoints), base_value(start, Goal::kPoints) - 1e-9);
  // The first guess's value: plan-points after it, a lower bound of plan-points-2's own play.
  EXPECT_LE(plan(start, Goal::kPoints, kTwoLevels).value, value + 1e-9);
}

// The same for the chance to win: plan-win-2 wins what plan_value says, and no fewer games than
// plan-win.
TEST(HangmanPlanner, PlanWin2WinsWhatItsValueSaysAndNoFewerThanPlanWin) {
  const std::size_t length = small_length();
  const Game start = first_game_of_length(length);
  const Totals two = play_every_word(length, Strategy::kPlanWin2);
  EXPECT_NEAR(plan_value(start, Goal::kWin, kPlanWin2) * static_cast<double>(two.games),
              static_cast<double>(two.wins), 1e-6);
  const Totals one = play_every_word(length, Strategy::kPlanWin);
  EXPECT_NEAR(plan_value(start, Goal::kWin) * static_cast<double>(one.games),
              static_cast<double>(one.wins), 1e-6);
  EXPECT_GE(two.wins, one.wins);
}

// On the 16 six-letter words of the small dictionary, the first guess of plan-points-2 is the
// one of the advisor's best (as many as it considers) whose hit and miss make the most points
// with plan-points playing after it, found here by playing real games: plan-points against each
// word.
TEST(HangmanPlanner, PlanPoints2ChoosesWhatPlanPointsMakesMostAfter) {
  const Dictionary dictionary = test::small_dictionary();
  const Game start(dictionary, codes("COTTON"));
  // The advisor's best guesses, as the planner ranks them.
  struct Ranked {
    Guess guess;
    double score;
  };
  std::vector<Ranked> ranked;
  for (std::size_t position = 0; position < start.length(); ++position) {
    for (int l = 0; l < dictionary.alphabet().size(); ++l) {
      const std::uint32_t n = start.count(position, static_cast<Letter>(l));
      if (n == 0) continue;
      ranked.push_back({{position, static_cast<Letter>(l)},
                        advisor_score(n, start.candidate_count(), 0, start.length(), kLives)});
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Ranked& a, const Ranked& b) { return a.score > b.score; });
  ranked.resize(kPlanPoints2.breadth);
  const std::span<const Letter> words = dictionary.words_of_length(6);
  Guess best{};
  double best_points = -1;
  for (const Ranked& r : ranked) {
    double points = 0;
    for (std::size_t i = 0; i * 6 < words.size(); ++i) {
      Game game(dictionary, words.subspan(i * 6, 6));
      game.guess(r.guess);
      while (!game.finished()) game.guess(advise(game, Strategy::kPlanPoints).guess);
      points += game.points();
    }
    if (points > best_points + 1e-9) {
      best_points = points;
      best = r.guess;
    }
  }
  const PlannedGuess planned = plan(start, Goal::kPoints, kTwoLevelsUncached);
  EXPECT_EQ(planned.guess, best);
  EXPECT_NEAR(planned.value * 16, best_points, 1e-6);
  // Pinned: the N at the third position (BANANA, BANDIT, CANNON, DINNER: 4 of 16 words, a
  // hit of 30 points), worth 635 points over the 16 games.
  EXPECT_EQ(planned.guess, (Guess{2, code('N')}));
  EXPECT_NEAR(planned.value * 16, 635, 1e-9);
}

// The cache of first guesses answers what computing answers: at the start of a game and after
// the first guess's hit and miss, for each length, from several threads at once; a game that
// left the planner's first guess is computed afresh, and the same.
TEST(HangmanPlanner, CachedFirstGuessesAreTheComputedOnes) {
  const Dictionary dictionary = test::small_dictionary();
  for (const char* secret : {"COTTON", "BREAKFAST"}) {
    const Game start(dictionary, codes(secret));
    std::vector<PlannedGuess> from_threads(4);
    {
      std::vector<std::jthread> threads;
      for (std::size_t t = 0; t < from_threads.size(); ++t) {
        threads.emplace_back([&, t] { from_threads[t] = plan(start, Goal::kPoints, kTwoLevels); });
      }
    }
    const PlannedGuess computed = plan(start, Goal::kPoints, kTwoLevelsUncached);
    for (const PlannedGuess& cached : from_threads) expect_same(cached, computed);
    // After the first guess, a hit for one secret and a miss for another.
    const std::span<const Letter> words = dictionary.words_of_length(start.length());
    for (std::size_t i = 0; i * start.length() < words.size(); ++i) {
      Game game(dictionary, words.subspan(i * start.length(), start.length()));
      game.guess(computed.guess);
      if (game.finished()) continue;
      expect_same(plan(game, Goal::kPoints, kTwoLevels),
                  plan(game, Goal::kPoints, kTwoLevelsUncached));
      Game other(dictionary, words.subspan(i * start.length(), start.length()));
      for (std::size_t p = 0; p < other.length(); ++p) {
        if (Guess{p, code('Z')} != computed.guess &&
            other.guess({p, code('Z')}).outcome == Outcome::kMiss) {
          break;
        }
      }
      expect_same(plan(other, Goal::kPoints, kTwoLevels),
                  plan(other, Goal::kPoints, kTwoLevelsUncached));
    }
  }
}

// From kParallelCandidates candidates (1,000), plan() at two levels judges its guesses on every
// core and judge() values a guess's hit and miss on two threads: the figures are those of the
// one-level player after the guess, as a single thread computes them.
TEST(HangmanPlanner, ManyCandidatesAreJudgedOnSeveralThreadsToTheSameFigures) {
  const Dictionary& dictionary = enable();
  const std::size_t length = 15;  // 3,192 words
  const std::span<const Letter> words = dictionary.words_of_length(length);
  ASSERT_GE(words.size() / length, 1000u);
  const Game start(dictionary, words.first(length));
  const PlannedGuess planned = plan(start, Goal::kPoints, kTwoLevelsUncached);
  expect_same(judge(start, planned.guess, Goal::kPoints, kTwoLevels), planned);
  // The same figure from the one-level player's exact values after a hit and after a miss.
  std::optional<Game> hit;
  std::optional<Game> miss;
  for (std::size_t i = 0; i * length < words.size() && (!hit || !miss); ++i) {
    Game game(dictionary, words.subspan(i * length, length));
    const bool hits = game.guess(planned.guess).outcome == Outcome::kHit;
    std::optional<Game>& slot = hits ? hit : miss;
    if (!slot) slot.emplace(std::move(game));
  }
  ASSERT_TRUE(hit && miss);
  const PlanOptions one_level{.breadth = kTwoLevels.breadth, .levels = 1};
  const double value = (1 - planned.probability) * plan_value(*miss, Goal::kPoints, one_level) +
                       planned.probability * plan_value(*hit, Goal::kPoints, one_level);
  EXPECT_NEAR(planned.value, value, 1e-9);
}

// autoplay shares games among threads and adds up the same totals.
TEST(HangmanPlanner, AutoplayTotalsDoNotDependOnThreads) {
  const Dictionary dictionary = test::small_dictionary();
  const AutoplaySummary one = autoplay(dictionary, Strategy::kPlanPoints, 40, 7, 1);
  const AutoplaySummary three = autoplay(dictionary, Strategy::kPlanPoints, 40, 7, 3);
  EXPECT_EQ(one.wins, three.wins);
  EXPECT_EQ(one.points, three.points);
  EXPECT_EQ(one.guesses, three.guesses);
  EXPECT_EQ(one.misses, three.misses);
}

}  // namespace
}  // namespace wg::hangman
