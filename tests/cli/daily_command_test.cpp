// `wordgames daily`: the puzzles of the day in the terminal (app/daily.h). Real processes.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "app/daily.h"
#include "app/registry.h"
#include "lexicon/lexicon.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const app::GameEntry& game(std::string_view name) {
  const app::GameEntry* entry = app::find_game(name);
  if (entry == nullptr) throw std::logic_error("no such game");
  return *entry;
}

std::uint64_t seed_of(std::string_view name, std::string_view date, std::string_view secret = {}) {
  return app::daily_seed(game(name), app::parse_daily_date(date), secret, default_lexicon());
}

TEST(DailyCli, ListsEveryGamesPuzzleOfTheDay) {
  const ProcessResult r = wordgames({"daily", "--date", "2026-11-20"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "The puzzles of 2026-11-20 (UTC)")) << r.out;
  for (const app::GameEntry& entry : app::games()) {
    EXPECT_TRUE(contains(r.out, std::string(entry.title))) << entry.title;
    EXPECT_TRUE(contains(r.out, std::string(entry.daily.description))) << entry.title;
  }
  EXPECT_TRUE(contains(r.out, "wordgames daily GAME --date 2026-11-20")) << r.out;
}

TEST(DailyCli, TodayIsTheUtcDate) {
  const auto before = app::utc_day(std::chrono::system_clock::now());
  const ProcessResult r = wordgames({"daily", "--json"});
  const auto after = app::utc_day(std::chrono::system_clock::now());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string date = json::parse(r.out).at("date");
  // A run across midnight may see either day.
  EXPECT_TRUE(date == app::daily_date_text(before) || date == app::daily_date_text(after)) << date;
}

TEST(DailyCli, JsonGivesTheConfigAndOnlySeedsThatHideNothing) {
  const ProcessResult r = wordgames({"daily", "--date", "2026-11-20", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json document = json::parse(r.out);
  EXPECT_EQ(document.at("date"), "2026-11-20");
  ASSERT_EQ(document.at("puzzles").size(), app::games().size());
  for (const json& puzzle : document.at("puzzles")) {
    const app::GameEntry& entry = game(puzzle.at("game").get<std::string>());
    EXPECT_EQ(puzzle.at("config"), json::parse(entry.daily.config.dump())) << entry.name;
    EXPECT_EQ(puzzle.contains("seed"), !app::hides_information(entry, entry.daily.config))
        << entry.name;
  }
  const ProcessResult one = wordgames({"daily", "evil-hangman", "--date", "2026-11-20", "--json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(json::parse(one.out).at("seed"), seed_of("evil-hangman", "2026-11-20"));
}

/// `out` without the offer of the game's review, whose id counts the games the store keeps.
std::string without_review_offer(std::string out) {
  const std::size_t at = out.find("What was best, and what each move cost:");
  if (at != std::string::npos) out.erase(at, out.find('\n', at) + 1 - at);
  return out;
}

TEST(DailyCli, PlaysTheDaysBoardTheSameEveryTime) {
  const std::vector<std::string> args = {"daily", "boggle", "--date", "2026-11-20"};
  ProcessOptions options;
  options.stdin_text = "zzz\n\n";
  const ProcessResult first = wordgames(args, options);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_TRUE(contains(first.out, "Word Search of 2026-11-20: a 4 × 4 board")) << first.out;
  EXPECT_TRUE(contains(first.out, "seed " + std::to_string(seed_of("boggle", "2026-11-20")) + " "))
      << first.out;
  const ProcessResult second = wordgames(args, options);
  EXPECT_EQ(without_review_offer(second.out), without_review_offer(first.out));
  // Another day, another board.
  const ProcessResult other = wordgames({"daily", "boggle", "--date", "2026-11-19"}, options);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_TRUE(contains(other.out, "seed " + std::to_string(seed_of("boggle", "2026-11-19"))));
}

TEST(DailyCli, PlaysAWordleOfTheDay) {
  ProcessOptions options;
  options.stdin_text = "crane\n";
  const ProcessResult r = wordgames({"daily", "wordle", "--date", "2026-11-20"}, options);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Adversarial Wordle of 2026-11-20: 5 letters")) << r.out;
  EXPECT_TRUE(contains(r.out, "Seed " + std::to_string(seed_of("wordle", "2026-11-20")))) << r.out;
  EXPECT_FALSE(contains(r.out, "resumed")) << "a new game, not a resumed one: " << r.out;
}

TEST(DailyCli, ADailyGameLeftInPlayIsSavedAndResumed) {
  const TempDir dir;
  const std::vector<std::string> data = {"--data", dir.path().string(), "--player", "ann"};
  std::vector<std::string> args = data;
  for (const char* word : {"daily", "evil-hangman", "--date", "2026-11-20"}) args.push_back(word);
  ProcessOptions options;
  options.stdin_text = "e\n";
  const ProcessResult played = wordgames(args, options);
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_TRUE(contains(played.out, "Resume with: wordgames")) << played.out;
  args = data;
  for (const char* word : {"resume", "--json"}) args.push_back(word);
  const ProcessResult listed = wordgames(args);
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const json games = json::parse(listed.out).at("games");
  ASSERT_EQ(games.size(), 1u) << listed.out;
  EXPECT_EQ(games[0].at("game"), "evil-hangman");
}

TEST(DailyCli, TheDataFoldersSecretJoinsTheSeed) {
  const TempDir dir;
  std::ofstream(dir.path() / "daily-secret") << "our class\n";
  const ProcessResult r = wordgames(
      {"--data", dir.path().string(), "daily", "evil-hangman", "--date", "2026-11-20", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::uint64_t seed = json::parse(r.out).at("seed");
  EXPECT_EQ(seed, seed_of("evil-hangman", "2026-11-20", "our class"));
  EXPECT_NE(seed, seed_of("evil-hangman", "2026-11-20"));
}

TEST(DailyCli, ABadDateOrGameIsAClearError) {
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const Case cases[] = {
      {{"daily", "--date", "2026-02-30"}, "'2026-02-30' is not a day"},
      {{"daily", "--date", "28/11/2026"}, "YYYY-MM-DD"},
      {{"daily", "boggle", "--date", "9999-01-01"}, "not out yet"},
      {{"daily", "chess"}, "there is no game 'chess'"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = wordgames(c.args);
    EXPECT_EQ(r.exit_code, 1) << c.args.back();
    EXPECT_TRUE(contains(r.err, c.says)) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST(DailyCli, TheListShowsThePlayersStreakAndTheDaysBest) {
  const TempDir dir;
  const std::vector<std::string> data = {"--data", dir.path().string(), "--player", "ann"};
  std::string letters;
  for (char c = 'a'; c <= 'z'; ++c) letters += std::string(1, c) + "\n";
  ProcessOptions options;
  options.stdin_text = letters + "no\n";  // every letter: the host wins; then no more games
  std::vector<std::string> args = data;
  for (const char* word : {"daily", "evil-hangman"}) args.push_back(word);
  const ProcessResult played = wordgames(args, options);
  ASSERT_EQ(played.exit_code, 0) << played.err;
  args = data;
  args.push_back("daily");
  const ProcessResult listed = wordgames(args);
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  // A run across midnight (UTC) may see the next day: no streak of today then.
  EXPECT_TRUE(contains(listed.out, "Your streak: 1 day · Best: ann, 0") ||
              contains(listed.out, "Your streak: 1 day\n"))
      << listed.out;
  args.push_back("--json");
  const json puzzles = json::parse(wordgames(args).out).at("puzzles");
  for (const json& puzzle : puzzles) {
    if (puzzle.at("game") != "evil-hangman") continue;
    EXPECT_EQ(puzzle.at("streak").at("best"), 1);
  }
}

TEST(DailyCli, TheLeaderboardListsTheDaysRecordsOfEachPuzzle) {
  const TempDir dir;
  const std::vector<std::string> data = {"--data", dir.path().string()};
  std::vector<std::string> args = data;
  args.push_back("daily");
  args.push_back("--leaderboard");
  ProcessResult r = wordgames(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Nobody has played this day's puzzles for the record yet.")) << r.out;
  const auto before = app::utc_day(std::chrono::system_clock::now());
  for (const char* name : {"ann", "bob"}) {
    ProcessOptions options;
    options.stdin_text = "1 E\ngive up\n";
    std::vector<std::string> play = data;
    for (const char* word : {"--player", name, "daily", "hangman"}) play.push_back(word);
    ASSERT_EQ(wordgames(play, options).exit_code, 0);
  }
  r = wordgames(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  if (app::utc_day(std::chrono::system_clock::now()) != before) {
    GTEST_SKIP() << "played across midnight (UTC): the records are yesterday's";
  }
  EXPECT_TRUE(contains(r.out, ", today (UTC):\nPosition Hangman:\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "   1. ann: ") || contains(r.out, "   1. bob: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "   2. ")) << r.out;
  args.push_back("hangman");
  EXPECT_EQ(wordgames(args).exit_code, 1) << "every game's, or none";
}

}  // namespace
}  // namespace wg::test
