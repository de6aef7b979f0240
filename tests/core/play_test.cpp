// core/play.h: the vocabulary every game's session shares (the seed rule, refusals, secrets).

#include "core/play.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/rng.h"

namespace wg {
namespace {

TEST(GameSeed, IsTheFirstNumberOfTheForkedStream) {
  for (std::uint64_t seed : {0ull, 1ull, 42ull, ~0ull}) {
    for (std::uint64_t game : {0ull, 1ull, 7ull}) {
      EXPECT_EQ(game_seed(seed, game), Rng(seed).fork(game).next());
    }
  }
}

TEST(GameSeed, DiffersBetweenGamesAndSessions) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    for (std::uint64_t game = 0; game < 20; ++game) seen.insert(game_seed(seed, game));
  }
  EXPECT_EQ(seen.size(), 400u);
}

TEST(ConfigError, NamesItsField) {
  const ConfigError error("length", "no words of length 40");
  EXPECT_EQ(error.field(), "length");
  EXPECT_STREQ(error.what(), "no words of length 40");
}

TEST(Refusal, EveryCodeHasItsOwnIdentifier) {
  std::set<std::string> names;
  for (int r = 0; r <= static_cast<int>(Refusal::kNotAwaited); ++r) {
    const std::string name(to_string(static_cast<Refusal>(r)));
    EXPECT_NE(name, "unknown");
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(Refusal::kNotAwaited) + 1);
  EXPECT_EQ(to_string(Refusal::kWrongPhase), "wrong_phase");
}

}  // namespace
}  // namespace wg
