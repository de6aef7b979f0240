// src/app/game_store.h: the game store port's contract (players, finished and unfinished games,
// live sessions, statistics and leaderboards, tournaments and logs, the puzzle of the day's
// records, the import of a FileStore directory), run against every implementation: the same
// tests, the same results. What only one implementation does (a file's migrations, refusals and
// locks; a server's) is tested beside it (sqlite_store_test.cpp, postgres_store_test.cpp).
// The PostgreSQL half (GameStoreTest/1.*) starts a throwaway server per test, and skips,
// saying why, where PostgreSQL's server binaries or libpq are missing; ctest labels it
// "postgres" (tests/app/CMakeLists.txt).

#include "app/game_store.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "app/file_store.h"
#include "app/postgres_connection.h"
#include "app/postgres_store.h"
#include "app/sqlite_store.h"
#include "app/stored_games.h"
#include "core/rng.h"
#include "support/postgres_server.h"
#include "support/temp_dir.h"

// A JSON field is assigned `Json{...}`, never a bare braced list: inside a typed test (a template)
// clang 14 does not destroy the by-value argument of Json's operator= built from a braced list,
// and LeakSanitizer reports the value it replaced.

namespace wg::app {
namespace {

/// Stores of one implementation for the life of a test: open(name) opens the store of that name
/// (created empty on its first opening), each call a store of its own on the same data, as a
/// program started later would find it.
/// Each implementation's Stores also says, as unavailable(), why it cannot run here ("" when it
/// can).
class SqliteStores {
 public:
  static std::string unavailable() { return ""; }

  std::unique_ptr<GameStore> open(std::string_view name) {
    return std::make_unique<SqliteStore>(dir_ / (std::string(name) + ".db"));
  }

 private:
  test::TempDir dir_{"wg-game-store"};
};

/// A throwaway server for the test (support/postgres_server.h), a database per name, made at
/// its first opening.
class PostgresStores {
 public:
  static std::string unavailable() {
    if (!postgres_available()) return "this wordgames was built without libpq-dev";
    return test::PostgresServer::unavailable();
  }

  std::unique_ptr<GameStore> open(std::string_view name) {
    auto [url, made] = urls_.try_emplace(std::string(name));
    if (made) url->second = server_.create_database(name);
    return std::make_unique<PostgresStore>(url->second);
  }

 private:
  test::PostgresServer server_;
  std::map<std::string, std::string, std::less<>> urls_;  ///< by name
};

// In this order: tests/app/CMakeLists.txt labels GameStoreTest/1.* (PostgreSQL's) "postgres".
using Implementations = ::testing::Types<SqliteStores, PostgresStores>;

template <class Stores>
class GameStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = Stores::unavailable(); !why.empty()) GTEST_SKIP() << why;
    stores_.emplace();
  }

  /// The test's store (named "wordgames"), or another one, empty at first: opened anew at each
  /// call.
  std::unique_ptr<GameStore> open(std::string_view name = "wordgames") {
    return stores_->open(name);
  }

  test::TempDir dir_{"wg-game-store-files"};  ///< files beside the store (a FileStore's)

 private:
  std::optional<Stores> stores_;
};

TYPED_TEST_SUITE(GameStoreTest, Implementations);

// --- Players.

TYPED_TEST(GameStoreTest, PlayersAreFoundByNameInAnyCaseAndCreatedOnce) {
  const auto store = this->open();
  EXPECT_TRUE(store->players().empty());
  EXPECT_FALSE(store->find_player("Ann"));
  const Player ann = store->player("Ann");
  EXPECT_EQ(ann.name, "Ann");
  EXPECT_EQ(store->player("ann"), ann);  // the name as first given
  EXPECT_EQ(store->find_player("ANN"), ann);
  store->player("Zoé Martin");
  store->player("bob");
  std::vector<std::string> names;
  for (const Player& p : store->players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "bob", "Zoé Martin"}));
  for (const std::string& bad :
       std::vector<std::string>{"", " Ann", "Ann ", "a\tb", std::string(41, 'x'), "bad\xffname",
                                "a\xc2\x85z" /* C1 NEL */, "\xc3"}) {
    EXPECT_FALSE(valid_player_name(bad)) << bad;
    EXPECT_THROW(store->player(bad), std::invalid_argument) << bad;
  }
  EXPECT_TRUE(valid_player_name(std::string(40, 'x')));
}

// --- Finished games.

TYPED_TEST(GameStoreTest, RecordsFinishedGamesAndReadsThemBackAsTheyWere) {
  const auto store = this->open();
  FinishedGame first = game_of("hangman", {{"Ann", 45, true}}, 10'000);
  first.seed = 18446744073709551615u;  // 2^64 - 1 survives SQLite's signed integers
  first.result = Json{{"word", "COTTON"}, {"guesses", 7}, {"nested", {{"a", Json::array({1, 2})}}}};
  const std::int64_t one = store->record_finished_game(first);
  const std::int64_t two = store->record_finished_game(
      game_of("auction", {{"Bob", 120, true}, {"ann", 80, false}}, 20'000));
  const std::int64_t three =
      store->record_finished_game(game_of("hangman", {{"Ann", 0, false}}, 30'000));
  EXPECT_NE(one, two);

  FinishedGame read = store->finished_game(one);
  EXPECT_EQ(read.id, one);
  first.id = one;
  EXPECT_EQ(read, first);
  EXPECT_EQ(store->finished_game(two).players,
            (std::vector<GamePlayer>{{"Bob", 120, true}, {"Ann", 80, false}}));  // seat order
  EXPECT_THROW(store->finished_game(999), StoreError);

  auto ids = [](const std::vector<GameSummary>& games) {
    std::vector<std::int64_t> result;
    for (const GameSummary& g : games) result.push_back(g.id);
    return result;
  };
  EXPECT_EQ(ids(store->finished_games("Ann")), (std::vector<std::int64_t>{three, two, one}));
  EXPECT_EQ(ids(store->finished_games("ANN", "hangman")), (std::vector<std::int64_t>{three, one}));
  EXPECT_EQ(ids(store->finished_games("Ann", std::nullopt, 1, 1)), std::vector<std::int64_t>{two});
  EXPECT_EQ(ids(store->finished_games("Bob")), std::vector<std::int64_t>{two});
  const GameSummary summary = store->finished_games("Ann", "hangman", 1, 1).at(0);
  EXPECT_EQ(summary, (GameSummary{one,
                                  "hangman",
                                  {{"Ann", 45, true}},
                                  first.config,
                                  first.result,
                                  first.started_ms,
                                  first.ended_ms}));
  EXPECT_TRUE(store->finished_games("Nobody").empty());
  EXPECT_TRUE(store->finished_games("Bob", "hangman").empty());
}

TYPED_TEST(GameStoreTest, RefusesWhatCannotBeAFinishedGameAndKeepsNothingOfIt) {
  const auto store = this->open();
  EXPECT_THROW(store->record_finished_game(game_of("hangman", {}, 1000)), std::invalid_argument);
  EXPECT_THROW(store->record_finished_game(game_of("hangman", {{"Ann"}, {"ANN"}}, 1000)),
               std::invalid_argument);
  EXPECT_THROW(store->record_finished_game(game_of("../x", {{"Ann"}}, 1000)),
               std::invalid_argument);
  EXPECT_THROW(store->record_finished_game(game_of("hangman", {{" Ann"}}, 1000)),
               std::invalid_argument);
  FinishedGame backwards = game_of("hangman", {{"Ann"}}, 1000);
  backwards.started_ms = 2000;
  EXPECT_THROW(store->record_finished_game(backwards), std::invalid_argument);
  FinishedGame commands = game_of("hangman", {{"Ann"}}, 1000);
  commands.commands = Json::object();
  EXPECT_THROW(store->record_finished_game(commands), std::invalid_argument);
  EXPECT_TRUE(store->players().empty());
  EXPECT_TRUE(store->finished_games("Ann").empty());
}

// --- Unfinished games.

TYPED_TEST(GameStoreTest, UnfinishedGamesAreSavedAsTheyGoListedLoadedAndDeleted) {
  const auto store = this->open();
  UnfinishedGame game{0, "Ann", saved_game("hangman", 5, 1), 1000, 1000};
  game.id = store->save_unfinished(game);
  EXPECT_NE(game.id, 0);
  EXPECT_EQ(store->unfinished_game(game.id), game);
  game.saved = saved_game("hangman", 5, 2);  // one more command
  game.updated_ms = 3000;
  EXPECT_EQ(store->save_unfinished(game), game.id);
  EXPECT_EQ(store->unfinished_game(game.id), game);

  const UnfinishedGame other{
      store->save_unfinished({0, "ann", saved_game("boggle", 9, 0), 1500, 2000}), "Ann",
      saved_game("boggle", 9, 0), 1500, 2000};
  store->save_unfinished({0, "Bob", saved_game("hand", 1, 0), 0, 0});
  EXPECT_EQ(store->unfinished_games("Ann"), (std::vector<UnfinishedGame>{game, other}));
  EXPECT_EQ(store->unfinished_games("Bob").size(), 1u);
  EXPECT_TRUE(store->unfinished_games("Cy").empty());

  EXPECT_THROW(store->save_unfinished({0, "Ann", Json{{"seed", 1u}}, 0, 0}), std::invalid_argument);
  EXPECT_THROW(store->save_unfinished({999, "Ann", saved_game("hand", 1, 0), 0, 0}), StoreError);
  EXPECT_THROW(store->unfinished_game(999), StoreError);

  EXPECT_TRUE(store->delete_unfinished(other.id));
  EXPECT_FALSE(store->delete_unfinished(other.id));
  // Finishing a resumed game deletes it in the same transaction.
  store->record_finished_game(game_of("hangman", {{"Ann", 10, true}}, 5000), game.id);
  EXPECT_TRUE(store->unfinished_games("Ann").empty());
  EXPECT_EQ(store->finished_games("Ann").size(), 1u);
}

TYPED_TEST(GameStoreTest, TheIdOfADeletedUnfinishedGameIsNeverGivenAgain) {
  // A session goes on saving under its first id: had the newest id been freed and given to
  // another game, the session's next save would overwrite that game.
  const auto store = this->open();
  const std::int64_t first = store->save_unfinished({0, "Ann", saved_game("hand", 1, 0), 0, 0});
  const std::int64_t newest = store->save_unfinished({0, "Bob", saved_game("hand", 2, 0), 0, 0});
  EXPECT_TRUE(store->delete_unfinished(newest));  // e.g. finished in another terminal
  const std::int64_t next = store->save_unfinished({0, "Cy", saved_game("hand", 3, 0), 0, 0});
  EXPECT_GT(next, newest);
  EXPECT_NE(next, first);
  EXPECT_THROW(store->save_unfinished({newest, "Bob", saved_game("hand", 2, 1), 0, 0}), StoreError);
  EXPECT_EQ(store->unfinished_game(next).player, "Cy");
}

// --- Live sessions.

TYPED_TEST(GameStoreTest, LiveSessionsAreKeptByIdFoundByWatchCodeAndForgotten) {
  const std::string id(32, 'a');
  const KeptSession anonymous{
      id, std::string(32, 'b'), "", saved_game("hand", 3, 1), Json{{"version", 1}}, 1000};
  const KeptSession anns{std::string(32, 'c'),       std::string(32, 'd'), "Ann",
                         saved_game("wordle", 4, 0), Json::object(),       5000};
  {
    const auto store = this->open();
    store->keep_session(anonymous);
    store->keep_session(anns);
    KeptSession later = anonymous;
    later.saved = saved_game("hand", 3, 2);
    later.updated_ms = 2000;
    store->keep_session(later);  // replaces what was kept
  }
  const auto store = this->open();  // kept across a reopening
  KeptSession expected = anonymous;
  expected.saved = saved_game("hand", 3, 2);
  expected.updated_ms = 2000;
  EXPECT_EQ(store->kept_session(id), expected);
  EXPECT_EQ(store->kept_session(std::string(32, 'b'), /*by_watch=*/true), expected);
  EXPECT_EQ(store->kept_session(std::string(32, 'b')), std::nullopt) << "a watch code is no id";
  EXPECT_EQ(store->kept_session(id, /*by_watch=*/true), std::nullopt);
  EXPECT_EQ(store->kept_session(std::string(32, 'c')), anns);
  EXPECT_EQ(store->kept_session("no such"), std::nullopt);
  EXPECT_THROW(store->keep_session({"", "", "", saved_game("hand", 1, 0), {}, 0}),
               std::invalid_argument);
  EXPECT_THROW(store->keep_session({"a/b", "", "", saved_game("hand", 1, 0), {}, 0}),
               std::invalid_argument);
  EXPECT_THROW(store->keep_session({id, "", "", Json{{"seed", 1u}}, {}, 0}), std::invalid_argument);

  EXPECT_TRUE(store->forget_session(id));
  EXPECT_FALSE(store->forget_session(id));
  EXPECT_EQ(store->kept_session(id), std::nullopt);
  EXPECT_EQ(store->kept_session(std::string(32, 'b'), true), std::nullopt) << "its watch code too";
  // The sessions not played since a time are forgotten, with their watch codes.
  store->keep_session(anonymous);  // updated at 1000
  EXPECT_EQ(store->forget_sessions_before(3000), 1u);
  EXPECT_EQ(store->kept_session(id), std::nullopt);
  EXPECT_EQ(store->kept_session(std::string(32, 'd'), true), anns);
  EXPECT_EQ(store->forget_sessions_before(6000), 1u);
  EXPECT_EQ(store->kept_session(std::string(32, 'd'), true), std::nullopt);
  EXPECT_FALSE(store->last_player().has_value()) << "the other meta rows are left alone";
}

TYPED_TEST(GameStoreTest, ARoomsSessionIsFoundByTheRoomsCode) {
  const auto store = this->open();
  KeptSession room{std::string(32, '1'),     std::string(32, '2'),        "",
                   saved_game("hand", 3, 1), Json{{"seats", {{"k", 0}}}}, 1000};
  room.room = "BCDFGHJK";
  store->keep_session(room);
  EXPECT_EQ(store->kept_room("BCDFGHJK"), room);
  EXPECT_EQ(store->kept_room("BCDFGHJL"), std::nullopt);
  EXPECT_EQ(store->kept_room("no such"), std::nullopt);
  EXPECT_EQ(store->kept_session(std::string(32, '2'), /*by_watch=*/true), room);
  EXPECT_THROW(store->keep_session([&] {
    KeptSession bad = room;
    bad.room = "a/b";
    return bad;
  }()),
               std::invalid_argument);
  EXPECT_TRUE(store->forget_session(room.id));
  EXPECT_EQ(store->kept_room("BCDFGHJK"), std::nullopt) << "its code forgotten with it";
  store->keep_session(room);
  EXPECT_EQ(store->forget_sessions_before(2000), 1u);
  EXPECT_EQ(store->kept_room("BCDFGHJK"), std::nullopt) << "and when it is forgotten as old";
}

TYPED_TEST(GameStoreTest, EachKeepOfASessionFollowsTheOneBeforeSoThatAGameHasOneOwner) {
  const auto store = this->open();
  const std::string id(32, 'e');
  const std::string watch(32, 'f');
  const auto at = [&](std::uint64_t sequence) {
    return KeptSession{id, watch, "",      saved_game("hand", 3, static_cast<int>(sequence)),
                       {}, 1000,  sequence};
  };
  EXPECT_TRUE(store->keep_session_after(at(0), std::nullopt));
  EXPECT_FALSE(store->keep_session_after(at(0), std::nullopt)) << "one is kept already";
  EXPECT_TRUE(store->keep_session_after(at(1), 0));
  EXPECT_TRUE(store->keep_session_after(at(1), 1)) << "the same step, written again";
  EXPECT_FALSE(store->keep_session_after(at(2), 0)) << "a process that kept step 0 last is stale";
  EXPECT_EQ(store->kept_session(id), at(1)) << "and wrote nothing";
  EXPECT_FALSE(store->forget_session_at(id, 0));
  EXPECT_EQ(store->kept_session(watch, /*by_watch=*/true), at(1));
  EXPECT_TRUE(store->forget_session_at(id, 1));
  EXPECT_EQ(store->kept_session(watch, /*by_watch=*/true), std::nullopt) << "its watch code too";
  EXPECT_FALSE(store->keep_session_after(at(2), 1)) << "forgotten (the game ended elsewhere)";
  EXPECT_FALSE(store->forget_session_at(id, 1));

  // Processes racing on one game (a store each): each step is taken by exactly one of them.
  EXPECT_TRUE(store->keep_session_after(at(0), std::nullopt));
  constexpr int kRacers = 4;
  constexpr std::uint64_t kSteps = 20;
  std::vector<std::unique_ptr<GameStore>> racers;
  for (int i = 0; i < kRacers; ++i) racers.push_back(this->open());
  std::vector<std::vector<std::uint64_t>> won(kRacers);
  std::vector<std::thread> threads;
  for (int i = 0; i < kRacers; ++i) {
    threads.emplace_back([&, i] {
      for (std::uint64_t step = 1; step <= kSteps; ++step) {
        if (racers[i]->keep_session_after(at(step), step - 1)) won[i].push_back(step);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<std::uint64_t> steps;
  for (const auto& taken : won) steps.insert(steps.end(), taken.begin(), taken.end());
  std::sort(steps.begin(), steps.end());
  // Every step was taken once, by one racer, in order from the first: never twice, never skipped.
  ASSERT_FALSE(steps.empty());
  std::vector<std::uint64_t> expected(steps.back());
  std::iota(expected.begin(), expected.end(), std::uint64_t{1});
  EXPECT_EQ(steps, expected);
  EXPECT_EQ(store->kept_session(id), at(steps.back()));
}

TYPED_TEST(GameStoreTest, TheLastPlayerIsRememberedAcrossOpenings) {
  {
    const auto store = this->open();
    EXPECT_FALSE(store->last_player());
    EXPECT_EQ(store->set_last_player("Ann").name, "Ann");
    EXPECT_EQ(store->set_last_player("ann").name, "Ann");  // the profile, as first named
    EXPECT_THROW(store->set_last_player(" x"), std::invalid_argument);
  }
  const auto store = this->open();
  ASSERT_TRUE(store->last_player());
  EXPECT_EQ(store->last_player()->name, "Ann");
  store->set_last_player("Bob");
  EXPECT_EQ(store->last_player()->name, "Bob");
}

// --- Statistics.

TYPED_TEST(GameStoreTest, StatisticsCountWinsStreaksAndScoresPerPlayerAndGame) {
  const auto store = this->open();
  EXPECT_EQ(store->statistics("Ann", "hangman"), (PlayerStatistics{"Ann", "hangman"}));
  // Ann at hangman, in the order the games ended: W W L W W W L W.
  const bool wins[] = {true, true, false, true, true, true, false, true};
  const int scores[] = {10, 20, 0, 30, 40, 50, 0, 60};
  for (int i = 0; i < 8; ++i) {
    store->record_finished_game(game_of("hangman", {{"Ann", scores[i], wins[i]}}, 1000 * (i + 1)));
  }
  // And one auction with Bob.
  store->record_finished_game(game_of("auction", {{"Ann", 5, false}, {"Bob", 9, true}}, 500));

  PlayerStatistics ann = store->statistics("ann", "hangman");
  EXPECT_EQ(ann.player, "Ann");
  EXPECT_EQ(ann.games, 8);
  EXPECT_EQ(ann.wins, 6);
  EXPECT_DOUBLE_EQ(ann.win_rate, 0.75);
  EXPECT_EQ(ann.current_streak, 1);
  EXPECT_EQ(ann.best_streak, 3);
  EXPECT_EQ(ann.best_score, 60);
  EXPECT_DOUBLE_EQ(ann.mean_score, 210.0 / 8);

  // A game that ended earlier than the last one counted (an import, a clock set back): the
  // statistics are recounted in order. A loss at 4500 splits the run of three: W W L W L W W L W.
  store->record_finished_game(game_of("hangman", {{"Ann", 0, false}}, 4500));
  ann = store->statistics("Ann", "hangman");
  EXPECT_EQ(ann.games, 9);
  EXPECT_EQ(ann.wins, 6);
  EXPECT_EQ(ann.best_streak, 2);
  EXPECT_EQ(ann.current_streak, 1);
  // A win at the very end, then a later loss.
  store->record_finished_game(game_of("hangman", {{"Ann", 70, true}}, 9000));
  EXPECT_EQ(store->statistics("Ann", "hangman").current_streak, 2);
  store->record_finished_game(game_of("hangman", {{"Ann", 1, false}}, 9500));
  ann = store->statistics("Ann", "hangman");
  EXPECT_EQ(ann.current_streak, 0);
  EXPECT_EQ(ann.best_streak, 2);
  EXPECT_EQ(ann.best_score, 70);

  const PlayerStatistics bob = store->statistics("Bob", "auction");
  EXPECT_EQ(bob.games, 1);
  EXPECT_EQ(bob.wins, 1);
  EXPECT_DOUBLE_EQ(bob.win_rate, 1.0);
  EXPECT_EQ(bob.current_streak, 1);
  EXPECT_DOUBLE_EQ(bob.mean_score, 9.0);
  const std::vector<PlayerStatistics> all = store->statistics("Ann");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].game, "auction");
  EXPECT_EQ(all[0].wins, 0);
  EXPECT_EQ(all[0].best_streak, 0);
  EXPECT_EQ(all[1].game, "hangman");
  EXPECT_TRUE(store->statistics("Nobody").empty());
}

TYPED_TEST(GameStoreTest, StatisticsAreTheSameInWhateverOrderGamesAreRecorded) {
  // Random games of three players at two games, recorded in the order they ended (each
  // statistic updated in place) and shuffled (recounted whenever one arrives late), against a
  // count made here.
  Rng rng(14);
  std::vector<FinishedGame> games;
  const char* names[] = {"Ann", "Bob", "Cy"};
  for (int i = 0; i < 300; ++i) {
    std::vector<GamePlayer> players = {
        {names[rng.below(3)], static_cast<std::int64_t>(rng.below(100)), rng.below(3) != 0}};
    games.push_back(game_of(rng.below(2) == 0 ? "hangman" : "boggle", players, 1000 + i));
  }
  const auto in_order = this->open("in-order");
  for (const FinishedGame& g : games) in_order->record_finished_game(g);
  std::vector<FinishedGame> shuffled = games;
  rng.shuffle(shuffled);
  const auto out_of_order = this->open("shuffled");
  for (const FinishedGame& g : shuffled) out_of_order->record_finished_game(g);

  for (const char* name : names) {
    for (const char* game : {"hangman", "boggle"}) {
      const PlayerStatistics expected = counted_statistics(games, name, game);
      EXPECT_EQ(in_order->statistics(name, game), expected) << name << " " << game;
      EXPECT_EQ(out_of_order->statistics(name, game), expected) << name << " " << game;
    }
  }
}

// --- Bots and practice.

TYPED_TEST(GameStoreTest, BotsAreNoPlayersAndHaveABoardOfTheirOwn) {
  const auto store = this->open();
  store->record_finished_game(game_of(
      "auction",
      {{"Ann", 10, false}, {"value (seat 2)", 30, true, "value"}, {"strong", 20, false, "strong"}},
      1000));
  store->record_finished_game(game_of(
      "auction", {{"value (seat 1)", 12, false, "value"}, {"Value (seat 2)", 16, true, "value"}},
      2000));
  FinishedGame practice =
      game_of("auction", {{"Ann", 99, true}, {"strong", 0, false, "strong"}}, 3000);
  practice.practice = true;
  store->record_finished_game(practice);
  store->claim_player("strong", "secret");  // a person who took a bot's name

  std::vector<std::string> names;
  for (const Player& p : store->players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "strong"}));

  const std::vector<LeaderboardEntry> board = store->leaderboard("auction");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[0].games, 1);

  // One line per bot, its seats together, practice left out; by mean score.
  const std::vector<LeaderboardEntry> bots = store->bot_leaderboard("auction");
  ASSERT_EQ(bots.size(), 2u);
  EXPECT_EQ(bots[0].player, "strong");
  EXPECT_EQ(bots[0].games, 1);
  EXPECT_DOUBLE_EQ(bots[0].mean_score, 20);
  EXPECT_EQ(bots[1].player, "value");
  EXPECT_EQ(bots[1].games, 3);
  EXPECT_EQ(bots[1].wins, 2);
  EXPECT_EQ(bots[1].best_score, 30);
  EXPECT_NEAR(bots[1].mean_score, 58.0 / 3, 1e-9);
  EXPECT_EQ(store->bot_leaderboard("auction", 1).size(), 1u);
  EXPECT_TRUE(store->bot_leaderboard("hangman").empty());

  // Read back as recorded, and said so in the JSON.
  const FinishedGame first = store->finished_game(1);
  EXPECT_EQ(first.players[1], (GamePlayer{"value (seat 2)", 30, true, "value"}));
  const Json summary = game_summary_json(store->finished_games("Ann").back(), "Ann");
  EXPECT_FALSE(summary["players"][0].contains("bot"));
  EXPECT_EQ(summary["players"][1]["bot"], "value");
  const Json boards = leaderboards_json("auction", board, bots);
  EXPECT_EQ(boards["game"], "auction");
  EXPECT_EQ(boards["players"][0]["player"], "Ann");
  EXPECT_EQ(boards["bots"][1], (Json{{"rank", 2},
                                     {"games", 3},
                                     {"wins", 2},
                                     {"win_rate", 2.0 / 3},
                                     {"best_score", 30},
                                     {"mean_score", 58.0 / 3},
                                     {"bot", "value"}}));
}

TYPED_TEST(GameStoreTest, PracticeGamesAreKeptButCountInNoStatisticsNorLeaderboard) {
  const auto store = this->open();
  FinishedGame counted = game_of("hangman", {{"Ann", 10, true}}, 1000);
  counted.details = {
      {"length", 6}, {"misses", 1}, {"won", true}, {"points", 10}, {"dictionary_words", 0}};
  store->record_finished_game(counted);
  // A practice game (its seed known before it began): the best score, and won.
  FinishedGame practice = counted;
  practice.players = {{"Ann", 500, true}};
  practice.ended_ms = 2000;
  practice.practice = true;
  const std::int64_t practice_id = store->record_finished_game(practice);
  // Bob plays only practice.
  FinishedGame bob = practice;
  bob.players = {{"Bob", 700, true}};
  store->record_finished_game(bob);

  EXPECT_TRUE(store->finished_game(practice_id).practice);
  const std::vector<GameSummary> listed = store->finished_games("Ann");
  ASSERT_EQ(listed.size(), 2u) << "kept, and listed with the others";
  EXPECT_TRUE(listed[0].practice);
  EXPECT_FALSE(listed[1].practice);
  EXPECT_EQ(game_summary_json(listed[0], "Ann")["practice"], true);

  const PlayerStatistics ann = store->statistics("Ann", "hangman");
  EXPECT_EQ(ann.games, 1);
  EXPECT_EQ(ann.best_score, 10);
  const GameStatistics details = store->game_statistics("Ann", "hangman");
  EXPECT_EQ(details.details["by_length"][0]["games"], 1) << "its figures neither";
  EXPECT_EQ(details.details["last_games"].size(), 1u);
  EXPECT_TRUE(store->statistics("Bob").empty());
  const std::vector<LeaderboardEntry> board = store->leaderboard("hangman");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[0].best_score, 10);

  // A game arriving out of order is recounted from the games: practice still left out.
  store->record_finished_game(game_of("hangman", {{"Ann", 3, false}}, 500));
  const PlayerStatistics recounted = store->statistics("Ann", "hangman");
  EXPECT_EQ(recounted.games, 2);
  EXPECT_EQ(recounted.best_score, 10);
  EXPECT_EQ(recounted.current_streak, 1);
}

TYPED_TEST(GameStoreTest, AnUnfinishedPracticeGameIsSavedAsPractice) {
  const auto store = this->open();
  UnfinishedGame game{0, "Ann", saved_game("hangman", 7, 1), 500, 600, true};
  game.id = store->save_unfinished(game);
  EXPECT_EQ(store->unfinished_game(game.id), game);
  game.practice = false;  // an update says it again
  store->save_unfinished(game);
  EXPECT_FALSE(store->unfinished_games("Ann").at(0).practice);
}

// --- Logs and tournaments.

TYPED_TEST(GameStoreTest, AGameKeepsItsLogByteForByte) {
  const auto store = this->open();
  FinishedGame game = game_of("auction", {{"Ann", 30, true}, {"greedy", 12, false}}, 5000);
  // Lines as `auction --log` writes them, with what text must not lose: UTF-8, a NUL-free
  // control-free byte mix, the final newline.
  game.log = std::string("{\"log\": \"wordgames-auction\", \"players\": [\"Zoë\"]}\n") +
             "{\"event\": \"game_ended\", \"points\": [30, 12], \"winners\": [0]}\n";
  const std::int64_t id = store->record_finished_game(game);
  EXPECT_EQ(store->game_log(id), game.log);
  FinishedGame read = store->finished_game(id);
  EXPECT_EQ(read.log, std::nullopt);  // the log is read on its own
  read.log = game.log;
  game.id = id;
  EXPECT_EQ(read, game);

  const std::int64_t without =
      store->record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 6000));
  EXPECT_EQ(store->game_log(without), std::nullopt);
  EXPECT_EQ(store->game_log(999), std::nullopt);

  FinishedGame empty = game_of("auction", {{"Ann", 0, false}}, 7000);
  empty.log = "";
  EXPECT_EQ(store->game_log(store->record_finished_game(empty)), std::string());
}

TYPED_TEST(GameStoreTest, ATournamentKeepsItsTableAndEachGameWithItsLog) {
  const auto store = this->open();
  const std::int64_t before =
      store->record_finished_game(game_of("auction", {{"Ann", 1, true}}, 10));
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.config = Json{{"lineup", {"greedy", "random"}}, {"games", 2}, {"seed", 7}};
  tournament.table = Json::array(
      {Json{{"name", "greedy"}, {"win_rate", 0.5}}, Json{{"name", "random"}, {"win_rate", 0.5}}});
  tournament.started_ms = 1000;
  tournament.ended_ms = 3000;
  std::vector<FinishedGame> games;
  for (int i = 0; i < 2; ++i) {
    FinishedGame g =
        game_of("auction", {{"greedy", 10 + i, i == 0}, {"random", 5, i == 1}}, 2000 + i);
    g.log = fmt::format("{{\"log\": \"wordgames-auction\", \"game\": {}}}\n", i);
    games.push_back(std::move(g));
  }
  const std::int64_t id = store->record_tournament(tournament, games);

  const TournamentRecord read = store->tournament(id);
  ASSERT_EQ(read.game_ids.size(), 2u);
  EXPECT_GT(read.game_ids[0], before);
  EXPECT_LT(read.game_ids[0], read.game_ids[1]);
  TournamentRecord expected = tournament;
  expected.id = id;
  expected.game_ids = read.game_ids;
  EXPECT_EQ(read, expected);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(store->game_log(read.game_ids[i]), games[i].log);
    EXPECT_EQ(store->finished_game(read.game_ids[i]).players, games[i].players);
  }
  // Bots are players like any other name: a teacher finds their games.
  EXPECT_EQ(store->finished_games("greedy").size(), 2u);
  EXPECT_EQ(store->statistics("greedy", "auction").wins, 1);

  TournamentRecord stopped = tournament;
  stopped.status = "stopped";
  stopped.ended_ms = 4000;
  const std::int64_t second = store->record_tournament(stopped, {});
  const std::vector<TournamentRecord> listed = store->tournaments();
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].id, second);  // the last ended first
  EXPECT_EQ(listed[0].status, "stopped");
  EXPECT_TRUE(listed[1].game_ids.empty());  // lists leave the games out
  EXPECT_EQ(store->tournaments(1).size(), 1u);
  EXPECT_TRUE(store->tournament(second).game_ids.empty());
  EXPECT_THROW(store->tournament(999), StoreError);
}

TYPED_TEST(GameStoreTest, ATournamentIsRecordedAsItGoes) {
  const auto store = this->open();
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.config = Json{{"games", 2}};
  tournament.started_ms = 100;
  tournament.ended_ms = 100;
  tournament.status = "stopped";  // until it ends
  const std::int64_t id = store->record_tournament(tournament, {});
  FinishedGame game = game_of("auction", {{"greedy", 3, true}}, 150);
  game.log = "line\n";
  const std::int64_t one = store->record_tournament_game(id, game);
  EXPECT_EQ(store->tournament(id).status, "stopped");
  const std::int64_t two = store->record_tournament_game(id, game);
  store->end_tournament(id, Json::array({Json{{"name", "greedy"}}}), 200);
  const TournamentRecord read = store->tournament(id);
  EXPECT_EQ(read.status, "finished");
  EXPECT_EQ(read.ended_ms, 200);
  EXPECT_EQ(read.table, Json::array({Json{{"name", "greedy"}}}));
  EXPECT_EQ(read.game_ids, (std::vector<std::int64_t>{one, two}));
  EXPECT_EQ(store->game_log(two), "line\n");
  EXPECT_THROW(store->record_tournament_game(999, game), StoreError);
  EXPECT_THROW(store->record_tournament_game(id, game_of("hangman", {{"Ann", 1, true}}, 150)),
               std::invalid_argument);
  EXPECT_THROW(store->end_tournament(999, Json::array(), 300), StoreError);
  EXPECT_THROW(store->end_tournament(id, Json::array(), 300, "paused"), std::invalid_argument);
  EXPECT_EQ(store->tournament(id).game_ids.size(), 2u);
}

TYPED_TEST(GameStoreTest, RefusesWhatCannotBeATournamentAndKeepsNothingOfIt) {
  const auto store = this->open();
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.started_ms = 10;
  tournament.ended_ms = 20;
  tournament.status = "paused";
  EXPECT_THROW(store->record_tournament(tournament, {}), std::invalid_argument);
  tournament.status = "finished";
  tournament.ended_ms = 5;
  EXPECT_THROW(store->record_tournament(tournament, {}), std::invalid_argument);
  tournament.ended_ms = 20;
  EXPECT_THROW(store->record_tournament(tournament, {game_of("hangman", {{"Ann", 1, true}}, 15)}),
               std::invalid_argument);  // a game of another game
  FinishedGame twice = game_of("auction", {{"Ann", 1, true}, {"ann", 2, false}}, 15);
  EXPECT_THROW(
      store->record_tournament(tournament, {game_of("auction", {{"Bob", 1, true}}, 15), twice}),
      std::invalid_argument);
  EXPECT_TRUE(store->tournaments().empty());
  EXPECT_TRUE(store->finished_games("Bob").empty());
}

// --- Game-specific statistics and the leaderboard.

TYPED_TEST(GameStoreTest, DetailsAreKeptWithTheGameAndRefusedWhenNotAnObject) {
  const auto store = this->open();
  FinishedGame game = game_of("boggle", {{"Ann", 12, true}}, 1000);
  game.details = Json{{"found", 3}, {"words", 10}, {"score", 12}, {"total_score", 40}};
  const std::int64_t id = store->record_finished_game(game);
  game.id = id;
  EXPECT_EQ(store->finished_game(id), game);
  game.details = Json::array();
  EXPECT_THROW(store->record_finished_game(game), std::invalid_argument);
}

TYPED_TEST(GameStoreTest, WordGameStatisticsGiveTheShareOfTheOptimumPerHand) {
  const auto store = this->open();
  FinishedGame first = game_of("hand", {{"Ann", 30, true}}, 1000);
  first.details = Json{{"hands", Json::array({Json{{"score", 10}, {"best", 20}},
                                              Json{{"score", 20}, {"best", nullptr}}})}};
  FinishedGame second = game_of("hand", {{"Ann", 45, true}}, 2000);
  second.details =
      Json{{"hands",
            Json::array({Json{{"score", 15}, {"best", 20}}, Json{{"score", 30}, {"best", 40}}})}};
  store->record_finished_game(first);
  store->record_finished_game(second);
  const GameStatistics stats = store->game_statistics("ann", "hand");
  EXPECT_EQ(stats.totals.games, 2);
  const Json& hands = stats.details["hands"];
  ASSERT_EQ(hands.size(), 2u);
  EXPECT_EQ(hands[0], (Json{{"hand", 1},
                            {"played", 2},
                            {"score", 25},
                            {"solved", 2},
                            {"solved_score", 25},
                            {"best", 40},
                            {"share", 25.0 / 40}}));
  EXPECT_EQ(hands[1]["played"], 2);
  EXPECT_EQ(hands[1]["solved"], 1);
  EXPECT_EQ(hands[1]["share"], 30.0 / 40);
  EXPECT_EQ(stats.details["share"], 55.0 / 80);
}

TYPED_TEST(GameStoreTest, EvilHangmanStatisticsCountMissesByLength) {
  const auto store = this->open();
  const auto record = [&](std::int64_t when, int length, int misses, bool won) {
    FinishedGame game = game_of("evil-hangman", {{"Ann", won ? 1 : 0, won}}, when);
    game.details = Json{{"length", length}, {"misses", misses}, {"won", won}};
    store->record_finished_game(game);
  };
  record(1000, 5, 3, true);
  record(2000, 5, 8, false);
  record(3000, 7, 2, true);
  const Json by_length = store->game_statistics("Ann", "evil-hangman").details["by_length"];
  EXPECT_EQ(
      by_length,
      Json::array(
          {Json{{"length", 5}, {"games", 2}, {"wins", 1}, {"misses", 11}, {"mean_misses", 5.5}},
           Json{{"length", 7}, {"games", 1}, {"wins", 1}, {"misses", 2}, {"mean_misses", 2.0}}}));
  // Another player's games are theirs.
  EXPECT_EQ(store->game_statistics("Bob", "evil-hangman").details["by_length"], Json::array());
}

TYPED_TEST(GameStoreTest, BoggleStatisticsCountWordsFoundAgainstWordsOnTheBoard) {
  const auto store = this->open();
  for (int i = 0; i < 2; ++i) {
    FinishedGame game = game_of("boggle", {{"Ann", 5 + i, true}}, 1000 + i);
    game.details = Json{{"found", 3 + i}, {"words", 20}, {"score", 5 + i}, {"total_score", 50}};
    store->record_finished_game(game);
  }
  const Json details = store->game_statistics("Ann", "boggle").details;
  EXPECT_EQ(details["games"], 2);
  EXPECT_EQ(details["found"], 7);
  EXPECT_EQ(details["words"], 40);
  EXPECT_EQ(details["share"], 7.0 / 40);
  EXPECT_EQ(details["score_share"], 11.0 / 100);
}

TYPED_TEST(GameStoreTest, HangmanStatisticsGiveTheLastFiveGamesAndTheDictionaries) {
  const auto store = this->open();
  for (int i = 0; i < 7; ++i) {
    const bool won = i % 2 == 0;
    FinishedGame game = game_of("hangman", {{"Ann", won ? 10 : 0, won}}, 1000 + i);
    game.result = Json{{"word", fmt::format("WORD{}", i)},
                       {"guesses", 5 + i},
                       {"misses", i},
                       {"player_won", won},
                       {"points", won ? 10 : 0}};
    game.details = Json{{"length", 5},
                        {"misses", i},
                        {"won", won},
                        {"points", won ? 10 : 0},
                        {"dictionary_words", i < 3 ? 0 : 50}};
    store->record_finished_game(game);
  }
  const Json details = store->game_statistics("Ann", "hangman").details;
  ASSERT_EQ(details["last_games"].size(), 5u);
  EXPECT_EQ(details["last_games"][0], (Json{{"id", 7},
                                            {"word", "WORD6"},
                                            {"guesses", 11},
                                            {"misses", 6},
                                            {"won", true},
                                            {"points", 10},
                                            {"ended_ms", 1006}}));
  EXPECT_EQ(details["last_games"][4]["word"], "WORD2");
  EXPECT_EQ(details["dictionaries"],
            Json::array({Json{{"words", 0}, {"games", 3}, {"wins", 2}, {"points", 20}},
                         Json{{"words", 50}, {"games", 4}, {"wins", 2}, {"points", 20}}}));
  EXPECT_EQ(details["by_length"][0]["games"], 7);
}

TYPED_TEST(GameStoreTest, DetailsOfTheWrongShapeAddNothingAndBreakNothing) {
  const auto store = this->open();
  FinishedGame game = game_of("evil-hangman", {{"Ann", 0, false}}, 1000);
  game.details = Json{{"length", "five"}, {"misses", 2.5}};
  store->record_finished_game(game);
  const GameStatistics stats = store->game_statistics("Ann", "evil-hangman");
  EXPECT_EQ(stats.totals.games, 1);
  EXPECT_EQ(stats.details["by_length"], Json::array());
}

TYPED_TEST(GameStoreTest, TheLeaderboardRanksByBestScoreThenWins) {
  const auto store = this->open();
  store->record_finished_game(game_of("boggle", {{"Ann", 10, true}}, 1000));
  store->record_finished_game(game_of("boggle", {{"Bob", 30, true}}, 2000));
  store->record_finished_game(game_of("boggle", {{"Cy", 10, true}}, 3000));
  store->record_finished_game(game_of("boggle", {{"Cy", 0, false}}, 4000));
  store->record_finished_game(game_of("boggle", {{"Cy", 5, true}}, 5000));
  store->record_finished_game(game_of("hand", {{"Dee", 99, true}}, 6000));
  const std::vector<LeaderboardEntry> board = store->leaderboard("boggle");
  ASSERT_EQ(board.size(), 3u);
  EXPECT_EQ(board[0], (LeaderboardEntry{"Bob", 1, 1, 1.0, 30, 30.0}));
  EXPECT_EQ(board[1].player, "Cy");  // 10 like Ann, and more wins
  EXPECT_EQ(board[1].games, 3);
  EXPECT_EQ(board[1].wins, 2);
  EXPECT_EQ(board[2].player, "Ann");
  EXPECT_EQ(store->leaderboard("boggle", 1).size(), 1u);
  EXPECT_TRUE(store->leaderboard("evil-hangman").empty());
}

// --- Player secrets.

TYPED_TEST(GameStoreTest, APlayersSecretIsGivenOnceAndMatchedExactly) {
  const auto store = this->open();
  store->player("Term");  // made by the terminal: no secret yet
  EXPECT_FALSE(store->player_secret_matches("Term", ""));
  EXPECT_FALSE(store->player_secret_matches("Term", "anything"));
  EXPECT_TRUE(store->claim_player("term", "s3cret"));  // the first to ask claims it
  EXPECT_FALSE(store->claim_player("Term", "other"));  // and it is never replaced
  EXPECT_TRUE(store->player_secret_matches("TERM", "s3cret"));
  for (const char* wrong : {"", "s3cre", "s3cret!", "S3CRET", "other"}) {
    EXPECT_FALSE(store->player_secret_matches("Term", wrong)) << wrong;
  }
  EXPECT_TRUE(store->claim_player("Ann", "ann's"));  // a new player, made with its secret
  EXPECT_EQ(store->players().size(), 2u);
  EXPECT_FALSE(store->player_secret_matches("Nobody", "ann's"));
  EXPECT_THROW(store->claim_player("Bob", ""), std::invalid_argument);
  EXPECT_THROW(store->claim_player("bad\nname", "x"), std::invalid_argument);
  const auto reopened = this->open();
  EXPECT_TRUE(reopened->player_secret_matches("Ann", "ann's"));
}

// --- Reopening.

TYPED_TEST(GameStoreTest, ReopeningKeepsEverything) {
  std::int64_t finished = 0;
  std::int64_t unfinished = 0;
  const std::vector<std::string> words = {"BANANA", "BANDIT", "BASKET"};
  {
    const auto store = this->open();
    finished = store->record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 1000));
    unfinished = store->save_unfinished({0, "Bob", saved_game("hand", 3, 2), 10, 20});
    store->save_word_list("small", words);
    store->save_game("friday", saved_game("hangman", 42, 1));
  }
  const auto store = this->open();
  EXPECT_EQ(store->players().size(), 2u);
  EXPECT_EQ(store->finished_game(finished).players[0].name, "Ann");
  EXPECT_EQ(store->unfinished_game(unfinished).saved, saved_game("hand", 3, 2));
  EXPECT_EQ(store->statistics("Ann", "hangman").wins, 1);
  EXPECT_EQ(store->load_word_list("small"), word_list_text(words));
  EXPECT_EQ(store->load_game("friday"), saved_game("hangman", 42, 1));
  EXPECT_EQ(store->word_list_location("small"), store->location() + " (word list 'small')");
}

// --- Jobs.

/// A job of `kind` whose input is {"n": n}.
NewJob job_of_kind(std::string kind, int n, std::string group = "", std::string after = "") {
  NewJob job;
  job.kind = std::move(kind);
  job.input = Json{{"n", n}};
  job.group = std::move(group);
  job.after = std::move(after);
  return job;
}

TYPED_TEST(GameStoreTest, JobsAreTakenInTheOrderTheyWereQueued) {
  const auto store = this->open();
  EXPECT_FALSE(store->claim_job("w1", 1000, 100));
  EXPECT_EQ(store->jobs_to_do(), 0);
  const std::vector<std::int64_t> ids =
      store->queue_jobs({job_of_kind("sum", 1), job_of_kind("sum", 2)}, 1000);
  ASSERT_EQ(ids.size(), 2u);
  const std::int64_t third = store->queue_jobs({job_of_kind("count", 3)}, 1001).at(0);
  EXPECT_LT(ids[0], ids[1]);
  EXPECT_LT(ids[1], third);
  EXPECT_EQ(store->jobs_to_do(), 3);

  const std::optional<Job> first = store->claim_job("w1", 2000, 500);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->id, ids[0]);
  EXPECT_EQ(first->kind, "sum");
  EXPECT_EQ(first->input, Json({{"n", 1}}));
  EXPECT_EQ(first->state, "running");
  EXPECT_EQ(first->holder, "w1");
  EXPECT_EQ(first->lease_until_ms, 2500);
  EXPECT_EQ(first->attempts, 1);
  EXPECT_EQ(first->queued_ms, 1000);
  EXPECT_EQ(store->claim_job("w2", 2000, 500)->id, ids[1]);
  EXPECT_EQ(store->claim_job("w1", 2000, 500)->id, third);
  EXPECT_FALSE(store->claim_job("w3", 2000, 500));  // every one is held
}

TYPED_TEST(GameStoreTest, ProgressAndResultsReadBackAndOnlyTheHolderWritesThem) {
  const auto store = this->open();
  const std::int64_t id = store->queue_jobs({job_of_kind("sum", 1, "g")}, 10).at(0);
  ASSERT_EQ(store->claim_job("w1", 20, 100)->id, id);
  EXPECT_TRUE(store->renew_job(id, "w1", 50, 100, Json{{"done", 1}, {"of", 4}}));
  EXPECT_FALSE(store->renew_job(id, "w2", 50, 100, Json{{"done", 9}}));  // not its holder
  Job held = *store->job(id);
  EXPECT_EQ(held.progress, Json({{"done", 1}, {"of", 4}}));
  EXPECT_EQ(held.lease_until_ms, 150);
  EXPECT_EQ(held.updated_ms, 50);
  EXPECT_FALSE(store->finish_job(id, "w2", 60, Json{{"sum", 0}}));
  EXPECT_TRUE(store->finish_job(id, "w1", 60, Json{{"sum", 10}}));
  const Job done = *store->job(id);
  EXPECT_EQ(done.state, "done");
  EXPECT_EQ(done.result, Json({{"sum", 10}}));
  EXPECT_EQ(done.progress, Json({{"done", 1}, {"of", 4}}));
  EXPECT_FALSE(store->renew_job(id, "w1", 70, 100, nullptr));  // done: nobody holds it
  EXPECT_FALSE(store->fail_job(id, "w1", 70, "late"));
  EXPECT_FALSE(store->claim_job("w1", 1'000'000, 100));  // a done job is not taken again

  const std::int64_t other = store->queue_jobs({job_of_kind("sum", 2, "g")}, 80).at(0);
  ASSERT_EQ(store->claim_job("w1", 90, 100)->id, other);
  EXPECT_TRUE(store->fail_job(other, "w1", 95, "no such bot"));
  const std::vector<Job> group = store->jobs("g");
  ASSERT_EQ(group.size(), 2u);
  EXPECT_EQ(group[0], done);
  EXPECT_EQ(group[1].state, "failed");
  EXPECT_EQ(group[1].error, "no such bot");
  EXPECT_TRUE(store->jobs("none").empty());
  EXPECT_FALSE(store->job(other + 100));
  EXPECT_FALSE(store->claim_job("w1", 1'000'000, 100));  // nor a failed one
  EXPECT_EQ(store->jobs_to_do(), 0);

  // Another program opening the store reads the same.
  EXPECT_EQ(this->open()->jobs("g"), group);
}

TYPED_TEST(GameStoreTest, AJobWhoseLeaseRanOutIsTakenAgain) {
  const auto store = this->open();
  const std::int64_t id = store->queue_jobs({job_of_kind("sum", 1)}, 0).at(0);
  ASSERT_EQ(store->claim_job("killed", 100, 1000)->id, id);
  EXPECT_FALSE(store->claim_job("w2", 1099, 1000));  // its lease runs
  const std::optional<Job> again = store->claim_job("w2", 1100, 1000);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, id);
  EXPECT_EQ(again->holder, "w2");
  EXPECT_EQ(again->attempts, 2);
  // The worker that lost it finds so, and writes nothing.
  EXPECT_FALSE(store->renew_job(id, "killed", 1200, 1000, Json{{"stale", true}}));
  EXPECT_FALSE(store->finish_job(id, "killed", 1200, Json{{"stale", true}}));
  EXPECT_TRUE(store->finish_job(id, "w2", 1300, Json{{"sum", 1}}));
  EXPECT_EQ(store->job(id)->result, Json({{"sum", 1}}));

  // A job whose worker stops every time is failed after kMaxJobAttempts, not taken for ever.
  const std::int64_t doomed = store->queue_jobs({job_of_kind("crash", 1)}, 0).at(0);
  std::int64_t now = 10'000;
  for (std::int64_t attempt = 1; attempt <= kMaxJobAttempts; ++attempt, now += 100) {
    const std::optional<Job> taken = store->claim_job("w", now, 50);
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->id, doomed);
    EXPECT_EQ(taken->attempts, attempt);
  }
  EXPECT_FALSE(store->claim_job("w", now, 50));
  EXPECT_EQ(store->job(doomed)->state, "failed");
  EXPECT_EQ(store->job(doomed)->error,
            fmt::format("its worker stopped before the end {} times", kMaxJobAttempts));
}

TYPED_TEST(GameStoreTest, AJobWaitingForAGroupIsTakenOnceTheGroupIsOver) {
  const auto store = this->open();
  const std::vector<std::int64_t> ids =
      store->queue_jobs({job_of_kind("table", 0, "", "t.1"), job_of_kind("unit", 1, "t.1"),
                         job_of_kind("unit", 2, "t.1")},
                        0);
  const std::optional<Job> first = store->claim_job("w", 1, 100);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->id, ids[1]);  // the table waits for its units
  EXPECT_EQ(first->after, "");
  EXPECT_EQ(first->group, "t.1");
  const std::optional<Job> second = store->claim_job("w", 1, 100);
  ASSERT_EQ(second->id, ids[2]);
  EXPECT_FALSE(store->claim_job("w", 1, 100));
  EXPECT_TRUE(store->finish_job(ids[1], "w", 2, Json::object()));
  EXPECT_FALSE(store->claim_job("w", 2, 100));  // unit 2 runs
  EXPECT_TRUE(store->fail_job(ids[2], "w", 3, "broken"));
  const std::optional<Job> table = store->claim_job("w", 3, 100);
  ASSERT_TRUE(table);  // a failed unit ends the group too: the table says what came of it
  EXPECT_EQ(table->id, ids[0]);
  EXPECT_EQ(table->after, "t.1");
}

TYPED_TEST(GameStoreTest, TwoClaimersNeverTakeTheSameJob) {
  const auto queue = this->open();
  constexpr int kJobs = 40;
  std::vector<NewJob> jobs;
  for (int n = 0; n < kJobs; ++n) jobs.push_back(job_of_kind("sum", n));
  const std::vector<std::int64_t> ids = queue->queue_jobs(jobs, 0);
  // Two programs (a connection each) claiming at once, from two threads.
  std::vector<std::int64_t> taken[2];
  {
    std::vector<std::thread> claimers;
    for (int c = 0; c < 2; ++c) {
      claimers.emplace_back([this, c, &taken] {
        const auto store = this->open();
        const std::string holder = fmt::format("w{}", c);
        while (const std::optional<Job> job = store->claim_job(holder, 10, 60'000)) {
          taken[c].push_back(job->id);
          EXPECT_EQ(job->holder, holder);
        }
      });
    }
    for (std::thread& claimer : claimers) claimer.join();
  }
  std::vector<std::int64_t> all = taken[0];
  all.insert(all.end(), taken[1].begin(), taken[1].end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, ids);  // each once, none twice
  for (const std::int64_t id : ids) EXPECT_EQ(queue->job(id)->attempts, 1);
}

TYPED_TEST(GameStoreTest, JobsThatCannotBeOneAreRefusedAndNothingIsQueued) {
  const auto store = this->open();
  const auto refused = [&](NewJob bad, const std::string& says) {
    try {
      store->queue_jobs({job_of_kind("sum", 1), std::move(bad)}, 0);
      ADD_FAILURE() << "queued: " << says;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(says), std::string::npos) << error.what();
    }
  };
  refused(job_of_kind("", 1), "a job's kind must be 1 to 64 of a-z, 0-9 and '_', not \"\"");
  refused(job_of_kind("Sum", 1), "not \"Sum\"");
  refused(job_of_kind("a b", 1), "not \"a b\"");
  refused(job_of_kind(std::string(65, 'a'), 1), "1 to 64");
  NewJob not_object = job_of_kind("sum", 1);
  not_object.input = Json::array();
  refused(not_object, "a job's input must be a JSON object, not []");
  refused(job_of_kind("sum", 1, std::string(201, 'g')), "at most 200 bytes");
  refused(job_of_kind("sum", 1, "", std::string(201, 'g')), "at most 200 bytes");
  EXPECT_FALSE(store->claim_job("w", 0, 100));  // the good job of each call was not queued
  EXPECT_THROW(store->claim_job("", 0, 100), std::invalid_argument);
  EXPECT_THROW(store->claim_job(std::string(201, 'w'), 0, 100), std::invalid_argument);
  EXPECT_THROW(store->claim_job("w", 0, 0), std::invalid_argument);
  EXPECT_TRUE(store->queue_jobs({}, 0).empty());
}

// --- Import from a FileStore directory.

TYPED_TEST(GameStoreTest, ImportsAFileStoreOnceAndMovesDamagedFilesAside) {
  const auto old = this->dir_ / "old";
  FileStore files(old);
  std::filesystem::create_directories(old / "hangman");
  this->dir_.write("old/hangman/history.tsv",
                   "# wordgames hangman history 1\n# word\tguesses\twinner\tpoints\n"
                   "COTTON\t7\tyou\t45\nBANANA\t6\thost\t0\n");
  const std::vector<std::string> words = {
      "BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
      "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
      "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"};
  files.save_word_list("small", words);
  files.save_game("friday", saved_game("hangman", 42, 1));
  // Damaged: a history with one bad line, a binary history, a binary word list, a game that is
  // not JSON.
  std::filesystem::create_directories(old / "evil-hangman");
  this->dir_.write("old/evil-hangman/history.tsv",
                   "# wordgames evil-hangman history 1\nOTHER\t3\thost\t0\nnot a record\n");
  std::filesystem::create_directories(old / "boggle");
  this->dir_.write("old/boggle/history.tsv", std::string("\x00\x01zz", 4));
  this->dir_.write("old/hangman/dictionaries/tiny.txt", std::string("BANANA\0COTTON\n", 14));
  this->dir_.write("old/games/broken.json", "{\"game\": ");

  const auto store = this->open();
  const ImportReport report = store->import_file_store(old);
  EXPECT_FALSE(report.already_done);
  EXPECT_EQ(report.history_records, 3u);
  EXPECT_EQ(report.word_lists, 1u);
  EXPECT_EQ(report.games, 1u);
  ASSERT_EQ(report.problems.size(), 4u);
  for (const std::string& problem : report.problems) {
    EXPECT_NE(problem.find("it was moved to " + old.string()), std::string::npos) << problem;
  }
  EXPECT_NE(report.problems[0].find("boggle/history.tsv is not a history file"), std::string::npos)
      << report.problems[0];
  EXPECT_NE(report.problems[1].find("1 damaged records were not imported"), std::string::npos)
      << report.problems[1];

  // What was read whole stays where it was; what was not is beside it, byte for byte.
  EXPECT_TRUE(std::filesystem::exists(old / "hangman" / "history.tsv"));
  EXPECT_TRUE(std::filesystem::exists(old / "games" / "friday.json"));
  EXPECT_FALSE(std::filesystem::exists(old / "boggle" / "history.tsv"));
  EXPECT_EQ(test::read_bytes(old / "boggle" / "history.tsv.corrupt"), std::string("\x00\x01zz", 4));
  EXPECT_EQ(test::read_bytes(old / "hangman" / "dictionaries" / "tiny.txt.corrupt"),
            std::string("BANANA\0COTTON\n", 14));
  EXPECT_EQ(test::read_bytes(old / "games" / "broken.json.corrupt"), "{\"game\": ");
  EXPECT_TRUE(std::filesystem::exists(old / "evil-hangman" / "history.tsv.corrupt"));

  // The histories' games are the default player's (no player was remembered), oldest first.
  const std::vector<GameSummary> imported = store->finished_games(kDefaultPlayerName, "hangman");
  ASSERT_EQ(imported.size(), 2u);
  EXPECT_EQ(imported[0].result["word"], "BANANA");  // newest first: the same time, the later id
  EXPECT_EQ(imported[1].result, (Json{{"word", "COTTON"},
                                      {"guesses", 7},
                                      {"player_won", true},
                                      {"points", 45},
                                      {"imported", "history"}}));
  EXPECT_EQ(imported[1].players, (std::vector<GamePlayer>{{"player", 45, true}}));
  EXPECT_EQ(store->finished_games(kDefaultPlayerName, "evil-hangman").size(), 1u);
  EXPECT_EQ(store->word_list_names(), std::vector<std::string>{"small"});
  EXPECT_EQ(store->load_word_list("small"), word_list_text(words));
  EXPECT_EQ(store->load_game("friday"), saved_game("hangman", 42, 1));

  // Once: a second import, even after reopening, reads nothing.
  files.save_game("saturday", saved_game("hangman", 43, 0));
  EXPECT_TRUE(store->import_file_store(old).already_done);
  const auto reopened = this->open();
  EXPECT_TRUE(reopened->import_file_store(old).already_done);
  EXPECT_EQ(reopened->game_names(), std::vector<std::string>{"friday"});
}

TYPED_TEST(GameStoreTest, ImportingAMissingDirectoryImportsNothingOnce) {
  const auto store = this->open();
  const ImportReport report = store->import_file_store(this->dir_ / "never-played");
  EXPECT_FALSE(report.already_done);
  EXPECT_EQ(report.history_records + report.word_lists + report.games, 0u);
  EXPECT_TRUE(report.problems.empty());
  EXPECT_TRUE(store->import_file_store(this->dir_ / "never-played").already_done);
}

// --- The puzzle of the day: once for the record, streaks, the day's board.

TYPED_TEST(GameStoreTest, APlayersFirstGameOfADaysPuzzleIsTheRecordLaterOnesArePractice) {
  const auto store = this->open();
  const std::int64_t first = store->record_finished_game(daily_game("Ann", 10, "2026-11-20", 1000));
  const std::int64_t again = store->record_finished_game(daily_game("ann", 90, "2026-11-20", 2000));
  const std::int64_t bob = store->record_finished_game(daily_game("Bob", 20, "2026-11-20", 3000));
  EXPECT_FALSE(store->finished_game(first).practice);
  EXPECT_EQ(store->finished_game(first).daily, "2026-11-20");
  EXPECT_TRUE(store->finished_game(again).practice);
  EXPECT_FALSE(store->finished_game(bob).practice);
  // The day's board: each player's record, best first; the practice game counts nowhere.
  EXPECT_EQ(store->daily_leaderboard("hangman", "2026-11-20"),
            (std::vector<DailyResult>{{"Bob", 20, true, bob}, {"Ann", 10, true, first}}));
  EXPECT_TRUE(store->daily_leaderboard("hangman", "2026-11-21").empty());
  EXPECT_TRUE(store->daily_leaderboard("wordle", "2026-11-20").empty());
  EXPECT_EQ(store->game_statistics("Ann", "hangman").totals.games, 1);
  EXPECT_THROW(store->daily_leaderboard("hangman", "2026-02-30"), std::invalid_argument);
  EXPECT_THROW(store->record_finished_game(daily_game("Ann", 1, "someday", 4000)),
               std::invalid_argument);
}

TYPED_TEST(GameStoreTest, StreaksCountDaysInARowEndingTodayOrYesterday) {
  const auto store = this->open();
  for (const char* day :
       {"2026-11-10", "2026-11-11", "2026-11-12", "2026-11-18", "2026-11-19", "2026-11-19"}) {
    store->record_finished_game(daily_game("Ann", 5, day, 1000));
  }
  store->record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 5000));  // no daily
  EXPECT_EQ(store->daily_streak("Ann", "hangman", "2026-11-19"), (DailyStreak{2, 3, "2026-11-19"}));
  EXPECT_EQ(store->daily_streak("Ann", "hangman", "2026-11-20"), (DailyStreak{2, 3, "2026-11-19"}));
  EXPECT_EQ(store->daily_streak("Ann", "hangman", "2026-11-21"), (DailyStreak{0, 3, "2026-11-19"}));
  EXPECT_EQ(store->daily_streak("Bob", "hangman", "2026-11-21"), DailyStreak{});
  EXPECT_EQ(store->daily_streak("Ann", "wordle", "2026-11-21"), DailyStreak{});
}

}  // namespace
}  // namespace wg::app
