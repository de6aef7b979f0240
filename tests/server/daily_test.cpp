// The puzzles of the day in the arcade (server/daily.h, docs/API.md "The daily puzzle"): the
// list of the day's puzzles, and a session opened on one, whose config and seed are the day's
// and whose seed, when it hides the game, goes out only once the game has ended. The test clock
// starts on 2026-01-01 (UTC).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/daily.h"
#include "app/registry.h"
#include "app/store_factory.h"
#include "server/arcade_api.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;

constexpr const char* kToday = "2026-01-01";

std::uint64_t seed_of(std::string_view game, std::string_view date, std::string_view secret = {}) {
  return app::daily_seed(*app::find_game(game), app::parse_daily_date(date), secret,
                         *app::built_in_lexicon().lexicon);
}

class DailyTest : public test::ArcadeApiTest {
 protected:
  /// The secret word of a position hangman game, given up, and the seed shown then.
  std::pair<std::string, std::uint64_t> given_up(const std::string& id) {
    const Json ended = command(id, {{"command", "give_up"}});
    EXPECT_TRUE(ended["finished"].get<bool>()) << ended.dump();
    return {ended["view"]["word"], get("/api/sessions/" + id)["seed"].get<std::uint64_t>()};
  }
};

TEST_F(DailyTest, ListsEveryGamesPuzzleOfToday) {
  const Json daily = get("/api/daily");
  EXPECT_EQ(daily["date"], kToday);
  EXPECT_EQ(daily["today"], kToday);
  ASSERT_EQ(daily["puzzles"].size(), app::games().size());
  for (const Json& puzzle : daily["puzzles"]) {
    const app::GameEntry& game = *app::find_game(puzzle["game"].get<std::string>());
    SCOPED_TRACE(std::string(game.name));
    EXPECT_EQ(puzzle["title"], std::string(game.title));
    EXPECT_EQ(puzzle["description"], std::string(game.daily.description));
    EXPECT_EQ(puzzle["config"], game.daily.config);
    EXPECT_EQ(puzzle["open"], Json({{"game", game.name}, {"daily", kToday}}));
    const bool hides = app::hides_information(game, game.daily.config);
    EXPECT_EQ(puzzle.contains("seed"), !hides);
    if (!hides) EXPECT_EQ(puzzle["seed"], seed_of(game.name, kToday));
  }
}

TEST_F(DailyTest, AnEarlierDayIsTheArchiveALaterOneIsNotOutYet) {
  EXPECT_EQ(get("/api/daily", 200, "date=2025-12-31")["date"], "2025-12-31");
  EXPECT_EQ(get("/api/daily", 400, "date=2026-01-02")["code"], "bad_date");
  const Json malformed = get("/api/daily", 400, "date=yesterday");
  EXPECT_EQ(malformed["code"], "bad_date");
  EXPECT_NE(malformed["error"].get<std::string>().find("YYYY-MM-DD"), std::string::npos);
  EXPECT_EQ(post("/api/daily", Json::object(), 405)["code"], "method_not_allowed");
}

TEST_F(DailyTest, APuzzleOfTheDayIsTheSameGameForEveryoneItsSeedHiddenUntilTheEnd) {
  const Json created = create({{"game", "hangman"}, {"daily", kToday}});
  EXPECT_FALSE(created.contains("seed")) << created.dump();
  EXPECT_FALSE(created["practice"].get<bool>());
  EXPECT_EQ(created["config"]["mode"], "easy");
  const auto [word, seed] = given_up(created["id"]);
  EXPECT_EQ(seed, seed_of("hangman", kToday));
  // Another player, the same day: the same word.
  const Json again = create({{"game", "hangman"}, {"daily", kToday}});
  EXPECT_EQ(given_up(again["id"]).first, word);
  // An earlier day's puzzle plays that day's seed, as practice: its seed is shown at once.
  const Json archived = create({{"game", "hangman"}, {"daily", "2025-12-25"}});
  EXPECT_TRUE(archived["practice"].get<bool>());
  EXPECT_EQ(archived["seed"], seed_of("hangman", "2025-12-25"));
  EXPECT_EQ(given_up(archived["id"]).second, seed_of("hangman", "2025-12-25"));
}

TEST_F(DailyTest, EveryGamesPuzzleOpens) {
  for (const app::GameEntry& game : app::games()) {
    const Json created = create({{"game", game.name}, {"daily", kToday}});
    EXPECT_TRUE(created.contains("id")) << game.name;
  }
}

TEST_F(DailyTest, TheArcadesSecretJoinsTheSeed) {
  options_.daily_secret = "our class";
  arcade_ = make();
  const Json created = create({{"game", "hangman"}, {"daily", kToday}});
  EXPECT_EQ(given_up(created["id"]).second, seed_of("hangman", kToday, "our class"));
  const Json daily =
      get("/api/daily");  // kept: a loop over a temporary's member reads freed memory
  for (const Json& puzzle : daily["puzzles"]) {
    if (puzzle["game"] == "evil-hangman") {
      EXPECT_EQ(puzzle["seed"], seed_of("evil-hangman", kToday, "our class"));
    }
  }
}

TEST_F(DailyTest, ABadOpeningIsRefusedClearly) {
  EXPECT_EQ(post("/api/sessions", {{"game", "hangman"}, {"daily", "2026-01-02"}}, 400)["code"],
            "bad_date");
  EXPECT_EQ(post("/api/sessions", {{"game", "hangman"}, {"daily", "2026-1-1"}}, 400)["code"],
            "bad_date");
  EXPECT_EQ(post("/api/sessions", {{"game", "hangman"}, {"daily", 20260101}}, 400)["code"],
            "bad_date");
  EXPECT_EQ(post("/api/sessions", {{"game", "chess"}, {"daily", kToday}}, 404)["code"],
            "unknown_game");
  for (const char* field : {"config", "seed"}) {
    const Json refused = post(
        "/api/sessions", {{"game", "hangman"}, {"daily", kToday}, {field, Json::object()}}, 400);
    EXPECT_NE(refused["error"].get<std::string>().find("from the day"), std::string::npos);
  }
}

TEST_F(DailyTest, WithAStoreEachPuzzleHasTheDaysBoardAndThePlayersStreak) {
  const wg::test::TempDir dir;
  options_.store = app::open_store(dir.path());
  arcade_ = make();
  const auto record = [&](std::string player, std::int64_t score, std::string day) {
    app::FinishedGame game;
    game.game = "hangman";
    game.players = {{std::move(player), score, score > 0}};
    game.daily = std::move(day);
    options_.store->record_finished_game(game);
  };
  record("Ann", 30, "2025-12-31");
  record("Ann", 10, kToday);
  record("Bob", 20, kToday);
  record("Ann", 99, kToday);  // a second play: practice
  const Json daily = get("/api/daily", 200, "player=Ann");
  for (const Json& puzzle : daily["puzzles"]) {
    if (puzzle["game"] != "hangman") {
      EXPECT_EQ(puzzle["leaderboard"], Json::array());
      continue;
    }
    EXPECT_EQ(puzzle["leaderboard"], Json::parse(R"([{"player": "Bob", "score": 20, "won": true},
                              {"player": "Ann", "score": 10, "won": true}])"));
    EXPECT_EQ(puzzle["streak"], Json({{"current", 2}, {"best", 2}, {"last", kToday}}));
  }
  EXPECT_FALSE(get("/api/daily")["puzzles"][0].contains("streak"));
  EXPECT_EQ(get("/api/daily", 400, "player=" + std::string(41, 'a'))["code"], "bad_request");
}

}  // namespace
}  // namespace wg::server
