// games/auction/tournament.h: seeded games on several threads and the statistics per bot.

#include "games/auction/tournament.h"

#include <gtest/gtest.h>

#include "games/auction/bots.h"

namespace wg::auction {
namespace {

const Lexicon& lexicon() { return default_lexicon(); }

PlayerFactory built_in() {
  return [](std::string_view name) { return make_bot(name, lexicon()); };
}

TEST(TournamentTest, SeatsRotateAndSeedsDependOnTheGameOnly) {
  const std::vector<std::string> lineup = {"a", "b", "c"};
  EXPECT_EQ(tournament_seating(lineup, 0), lineup);
  EXPECT_EQ(tournament_seating(lineup, 1), (std::vector<std::string>{"b", "c", "a"}));
  EXPECT_EQ(tournament_seating(lineup, 5), (std::vector<std::string>{"c", "a", "b"}));
  EXPECT_EQ(tournament_game_seed(1, 3), tournament_game_seed(1, 3));
  EXPECT_NE(tournament_game_seed(1, 3), tournament_game_seed(1, 4));
  EXPECT_NE(tournament_game_seed(1, 3), tournament_game_seed(2, 3));
}

TEST(TournamentTest, ResultsDoNotDependOnTheThreads) {
  TournamentConfig config;
  config.lineup = {"value", "random", "random"};
  config.rules.rounds = 2;
  config.games = 30;
  config.seed = 9;
  int last = 0;
  const TournamentResult one =
      run_tournament(config, lexicon(), built_in(), [&](int done, int total) {
        EXPECT_EQ(done, last + 1);
        EXPECT_EQ(total, 30);
        last = done;
      });
  EXPECT_EQ(last, 30);
  config.jobs = 3;
  const TournamentResult three = run_tournament(config, lexicon(), built_in());
  ASSERT_EQ(one.bots.size(), 2u);
  ASSERT_EQ(three.bots.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(one.bots[i].name, three.bots[i].name);
    EXPECT_EQ(one.bots[i].mean_score, three.bots[i].mean_score);
    EXPECT_EQ(one.bots[i].win_rate, three.bots[i].win_rate);
    EXPECT_EQ(one.bots[i].mean_price, three.bots[i].mean_price);
  }
  const BotStats& value = one.bots[0];
  const BotStats& random = one.bots[1];
  EXPECT_EQ(value.name, "value");
  EXPECT_EQ(value.seats, 1);
  EXPECT_EQ(random.seats, 2);
  EXPECT_EQ(value.games_played, 30);
  EXPECT_EQ(random.games_played, 60);
  // Every game is won: the win shares of all seats add up to one per game.
  EXPECT_NEAR(value.win_rate * 30 + random.win_rate * 60, 30.0, 1e-9);
  // Every round hands out 3 × 5 letters (two are hidden).
  EXPECT_NEAR(value.letters_per_game * 30 + random.letters_per_game * 60, 30.0 * 2 * 15, 1e-9);
  EXPECT_GT(value.score_std_error, 0);
  EXPECT_EQ(value.invalid_words + random.invalid_words, 0);
}

TEST(TournamentTest, BadConfigurationsAndUnknownPlayersAreErrors) {
  TournamentConfig config;
  config.lineup = {"value"};
  EXPECT_THROW(run_tournament(config, lexicon(), built_in()), std::invalid_argument);
  config.lineup = {"value", "value"};
  config.games = 0;
  EXPECT_THROW(run_tournament(config, lexicon(), built_in()), std::invalid_argument);
  config.games = 10;
  config.jobs = 2;
  config.lineup = {"value", "nobody"};
  try {
    run_tournament(config, lexicon(), built_in());
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "no player named 'nobody'");
  }
}

}  // namespace
}  // namespace wg::auction
