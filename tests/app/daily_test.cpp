#include "app/daily.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "app/job_queue.h"
#include "app/registry.h"
#include "app/sqlite_store.h"
#include "core/play.h"
#include "lexicon/lexicon.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

using std::chrono::day;
using std::chrono::month;
using std::chrono::year;
using std::chrono::year_month_day;

const year_month_day kDay{year(2026), month(11), day(28)};

std::shared_ptr<const Lexicon> shared_lexicon() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

std::string hex(const std::array<std::uint8_t, 32>& digest) {
  std::string text;
  for (std::uint8_t byte : digest) {
    constexpr char kDigits[] = "0123456789abcdef";
    text += kDigits[byte >> 4];
    text += kDigits[byte & 15];
  }
  return text;
}

TEST(Sha256, MatchesTheStandardsVectors) {
  EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Two blocks: 56 bytes push the length into a second one.
  EXPECT_EQ(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(DailySeed, IsTheRulesFirstEightBytesOfSha256) {
  const GameEntry* boggle = find_game("boggle");
  ASSERT_NE(boggle, nullptr);
  // printf %s 'wordgames-daily/1/boggle/2026-11-28' | sha256sum: f858d4a8dd850a2a...
  EXPECT_EQ(daily_draw(*boggle, kDay), 0xf858d4a8dd850a2aULL);
  EXPECT_EQ(daily_draw(*boggle, kDay), 17895286941092743722ULL);
  // ... '/s3cret' appended: e5a9216022d749ab...
  EXPECT_EQ(daily_draw(*boggle, kDay, "s3cret"), 0xe5a9216022d749abULL);
  // Draw 2: printf %s 'wordgames-daily/1/boggle/2026-11-28~2' | sha256sum
  EXPECT_EQ(daily_draw(*boggle, kDay, "", 2), 0x8ffa53838e6bab03ULL);
  EXPECT_EQ(daily_draw(*boggle, kDay, "s3cret", 2), 0xe6e5254ee812e928ULL);
}

TEST(DailySeed, IsTheSameForTheSameDayAndGame) {
  for (const GameEntry& game : games()) {
    EXPECT_EQ(daily_seed(game, kDay, "", default_lexicon()),
              daily_seed(game, parse_daily_date("2026-11-28"), "", default_lexicon()));
    EXPECT_EQ(daily_seed(game, kDay, "x", default_lexicon()),
              daily_seed(game, kDay, "x", default_lexicon()));
  }
}

TEST(DailySeed, DiffersBetweenGamesDaysAndSecrets) {
  std::set<std::uint64_t> seeds;
  std::size_t count = 0;
  for (const GameEntry& game : games()) {
    for (const char* date : {"2026-11-27", "2026-11-28", "2027-01-01"}) {
      for (const char* secret : {"", "one", "two"}) {
        seeds.insert(daily_draw(game, parse_daily_date(date), secret));
        ++count;
      }
    }
  }
  EXPECT_EQ(seeds.size(), count);
}

TEST(DailyDate, ReadsAndWritesTheDay) {
  EXPECT_EQ(parse_daily_date("2026-11-28"), kDay);
  EXPECT_EQ(daily_date_text(kDay), "2026-11-28");
  EXPECT_EQ(daily_date_text(parse_daily_date("2028-02-29")), "2028-02-29");
  EXPECT_EQ(utc_day(std::chrono::sys_days(kDay) + std::chrono::hours(23)), kDay);
}

TEST(DailyDate, RefusesWhatIsNoDay) {
  for (const char* bad :
       {"", "2026-11-8", "2026/11/28", "28-11-2026", "2026-13-01", "2026-02-29", "2026-11-31",
        "2026-00-10", "abcd-ef-gh", "2026-11-28 ", "1999-12-31", "+026-11-28"}) {
    EXPECT_THROW(parse_daily_date(bad), ConfigError) << bad;
  }
  try {
    parse_daily_date("2026-02-30");
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_EQ(error.field(), "date");
    EXPECT_NE(std::string(error.what()).find("2026-02-30"), std::string::npos);
  }
}

TEST(DailyDate, TodayUnlessNamedAndNeverAfterIt) {
  EXPECT_EQ(daily_day("", kDay), kDay);
  EXPECT_EQ(daily_day("2026-01-01", kDay), parse_daily_date("2026-01-01"));
  EXPECT_EQ(daily_day("2026-11-28", kDay), kDay);
  EXPECT_THROW(daily_day("2026-11-29", kDay), ConfigError);
  EXPECT_THROW(daily_day("2026-11-", kDay), ConfigError);
}

TEST(DailySecret, IsTheFilesFirstLineTrimmed) {
  EXPECT_EQ(daily_secret_of("  open sesame \nsecond line\n"), "open sesame");
  EXPECT_EQ(daily_secret_of(""), "");
  EXPECT_THROW(daily_secret_of(std::string(kMaxDailySecret + 1, 'x')), ConfigError);
  EXPECT_THROW(daily_secret_of("a\x01z"), ConfigError);
  const test::TempDir dir;
  EXPECT_EQ(read_daily_secret(dir.path()), "");
  std::ofstream(dir.path() / kDailySecretFile) << "shared by two arcades\n";
  EXPECT_EQ(read_daily_secret(dir.path()), "shared by two arcades");
}

TEST(DailyPuzzle, EveryGameHasOneThatOpens) {
  for (const GameEntry& game : games()) {
    SCOPED_TRACE(std::string(game.id));
    EXPECT_TRUE(game.daily.config.is_object());
    EXPECT_FALSE(game.daily.description.empty());
    auto session = game.open(game.daily.config, daily_seed(game, kDay, "", default_lexicon()),
                             shared_lexicon());
    ASSERT_NE(session, nullptr);
  }
}

TEST(DailyPuzzle, ItsJsonHidesASeedThatHidesTheGame) {
  for (const GameEntry& game : games()) {
    SCOPED_TRACE(std::string(game.id));
    const Json json = daily_json(game, kDay, "", default_lexicon());
    EXPECT_EQ(json["game"], std::string(game.name));
    EXPECT_EQ(json["date"], "2026-11-28");
    EXPECT_EQ(json["config"], game.daily.config);
    EXPECT_EQ(json.contains("seed"), !hides_information(game, game.daily.config));
    if (json.contains("seed"))
      EXPECT_EQ(json["seed"], daily_seed(game, kDay, "", default_lexicon()));
  }
}

TEST(DailyPuzzle, AFairGamesPuzzleIsItsFirstFairDraw) {
  std::size_t fair_games = 0;
  for (const GameEntry& game : games()) {
    if (!game.daily.fair) continue;
    SCOPED_TRACE(std::string(game.id));
    ++fair_games;
    EXPECT_FALSE(game.daily.fairness.empty());
    for (const char* date : {"2026-11-27", "2026-11-28", "2026-12-25"}) {
      const year_month_day day = parse_daily_date(date);
      unsigned first = 0;
      while (first < kDailyDraws &&
             !game.daily.fair(game.daily.config, daily_draw(game, day, "", first),
                              default_lexicon())) {
        ++first;
      }
      ASSERT_LT(first, kDailyDraws) << date;
      EXPECT_EQ(daily_seed(game, day, "", default_lexicon()), daily_draw(game, day, "", first));
    }
  }
  EXPECT_EQ(fair_games, 2u) << "Word Search and the word game choose fair puzzles";
}

TEST(DailyPuzzle, ItsJsonSaysWhatMakesItFair) {
  const Json boggle = daily_json(*find_game("boggle"), kDay, "", default_lexicon());
  EXPECT_EQ(boggle["fairness"], "a board worth 100 to 300 points, all its words found");
  const Json wordle = daily_json(*find_game("wordle"), kDay, "", default_lexicon());
  EXPECT_FALSE(wordle.contains("fairness"));
}

// The puzzles of a day worked out by a worker: the draws it keeps are those daily_seed tries,
// and an arcade takes them from the store rather than trying any itself.
TEST(DailyJobs, AWorkerKeepsTheDrawsAnArcadeWouldHaveTried) {
  test::TempDir dir("wg-daily-jobs");
  SqliteStore store(dir.path() / "store.db");
  const LogLexicon named{"enable", default_lexicon().size()};
  EXPECT_TRUE(queue_daily_puzzles(store, kDay, "s3cret", named, 1000));
  EXPECT_FALSE(queue_daily_puzzles(store, kDay, "s3cret", named, 1000)) << "queued once";
  EXPECT_EQ(store.jobs(daily_group(kDay)).at(0).input["secret"].get<std::string>().size(), 64u)
      << "the secret's digest, never the secret";
  WorkerOptions options;
  options.name = "w1";
  options.once = true;
  options.daily_secret = "s3cret";
  std::atomic<bool> stop{false};
  Worker(
      store, registered_job_kinds(), shared_lexicon(), named, [] { return 2000; }, options,
      [](std::string_view) {})
      .run(stop);
  const Job done = store.jobs(daily_group(kDay)).at(0);
  ASSERT_EQ(done.state, "done") << done.error;
  const GameEntry& boggle = *find_game("boggle");
  const std::uint64_t draw = done.result["draws"]["boggle"];
  EXPECT_EQ(daily_draw(boggle, kDay, "s3cret", static_cast<unsigned>(draw)),
            daily_seed(boggle, kDay, "s3cret", default_lexicon()));
}

TEST(DailyJobs, AnArcadeTakesTheKeptDrawsForItsSecretAndLexiconOnly) {
  test::TempDir dir("wg-daily-jobs");
  SqliteStore store(dir.path() / "store.db");
  const LogLexicon named{"enable", default_lexicon().size()};
  const year_month_day day{year(2031), month(3), std::chrono::day(4)};
  queue_daily_puzzles(store, day, "kept", named, 1000);
  const std::optional<Job> job = store.claim_job("w1", 1000, 60'000);
  ASSERT_TRUE(job.has_value());
  // A result that is not the first fair draw, to see that it is taken as it is.
  Json draws = Json::object();
  for (const GameEntry& game : games()) {
    if (game.daily.fair) draws[std::string(game.id)] = 7;
  }
  ASSERT_TRUE(store.finish_job(job->id, "w1", 1000, {{"draws", draws}}));
  EXPECT_FALSE(take_daily_draws(store, day, "other", default_lexicon(), named));
  EXPECT_FALSE(take_daily_draws(store, day, "kept", default_lexicon(), {"other", 3}));
  ASSERT_TRUE(take_daily_draws(store, day, "kept", default_lexicon(), named));
  const GameEntry& boggle = *find_game("boggle");
  EXPECT_EQ(daily_seed(boggle, day, "kept", default_lexicon()), daily_draw(boggle, day, "kept", 7));
}

TEST(DailyJobs, AWorkerWithAnotherSecretRefusesTheDay) {
  test::TempDir dir("wg-daily-jobs");
  SqliteStore store(dir.path() / "store.db");
  const LogLexicon named{"enable", default_lexicon().size()};
  queue_daily_puzzles(store, kDay, "theirs", named, 1000);
  WorkerOptions options;
  options.name = "w1";
  options.once = true;
  std::atomic<bool> stop{false};
  Worker(
      store, registered_job_kinds(), shared_lexicon(), named, [] { return 2000; }, options,
      [](std::string_view) {})
      .run(stop);
  const Job failed = store.jobs(daily_group(kDay)).at(0);
  EXPECT_EQ(failed.state, "failed");
  EXPECT_NE(failed.error.find("--daily-secret"), std::string::npos) << failed.error;
  // A failed day is queued again, up to kMaxDailyAttempts failures; the arcade then tries the
  // draws itself.
  for (int attempt = 1; attempt < kMaxDailyAttempts; ++attempt) {
    ASSERT_TRUE(queue_daily_puzzles(store, kDay, "theirs", named, 1000));
    const std::optional<Job> job = store.claim_job("w1", 1000, 60'000);
    ASSERT_TRUE(job.has_value());
    ASSERT_TRUE(store.fail_job(job->id, "w1", 1000, "no secret"));
  }
  EXPECT_FALSE(queue_daily_puzzles(store, kDay, "theirs", named, 1000));
}

TEST(DailyJobs, ADayQueuedWithAnotherSecretOrLexiconIsQueuedAgainWithOnesOwn) {
  test::TempDir dir("wg-daily-jobs");
  SqliteStore store(dir.path() / "store.db");
  const LogLexicon named{"enable", default_lexicon().size()};
  EXPECT_TRUE(queue_daily_puzzles(store, kDay, "theirs", named, 1000));
  EXPECT_TRUE(queue_daily_puzzles(store, kDay, "mine", named, 1000));
  EXPECT_TRUE(queue_daily_puzzles(store, kDay, "mine", {"other", 3}, 1000));
  EXPECT_FALSE(queue_daily_puzzles(store, kDay, "mine", named, 1000));
  EXPECT_EQ(store.jobs(daily_group(kDay)).size(), 3u);
}

}  // namespace
}  // namespace wg::app
