// src/app/postgres_store.h: what only the PostgreSQL store does (what every store does is the
// conformance suite's, game_store_test.cpp): a database of a newer wordgames refused, the
// server's address in errors without its password, several programs on one database, a
// server that stops and comes back. Each test starts its own throwaway server
// (support/postgres_server.h), or skips saying why.

#include "app/postgres_store.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/postgres_connection.h"
#include "app/postgres_database.h"
#include "app/postgres_schema.h"
#include "app/store_factory.h"
#include "app/stored_games.h"
#include "support/postgres_server.h"

namespace wg::app {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

/// A fresh server per test and a database "wordgames" on it, no store opened yet.
using PostgresStoreTest = PostgresDatabaseTest;

/// The message of the StoreError opening `url` throws (a failure when it opens).
std::string opening_error(const std::string& url) {
  try {
    PostgresStore store(url);
  } catch (const StoreError& error) {
    return error.what();
  }
  ADD_FAILURE() << url << " opened";
  return "";
}

TEST_F(PostgresStoreTest, ADatabaseOfANewerWordgamesIsRefusedAndLeftUntouched) {
  {
    PostgresStore store(url_);
    store.record_finished_game(game_of("hangman", {{"Ann", 10, true}}, 1000), 0);
  }
  PostgresConnection db(url_);
  db.exec("UPDATE wordgames_schema SET version = $1", {kStoreSchemaVersion + 1});
  const std::string message = opening_error(url_);
  EXPECT_THAT(message, HasSubstr("newer wordgames"));
  EXPECT_THAT(message, HasSubstr(url_));
  EXPECT_THROW(open_store_at(url_), StoreError);
  EXPECT_EQ(postgres_schema_version(db), kStoreSchemaVersion + 1);
  EXPECT_EQ(db.exec("SELECT count(*) FROM games").integer(0, 0), 1);
  EXPECT_EQ(db.exec("SELECT count(*) FROM player_stats").integer(0, 0), 1);
}

TEST_F(PostgresStoreTest, ADatabaseOfSomethingElseIsRefusedAndLeftUntouched) {
  PostgresConnection db(url_);
  db.exec("CREATE TABLE invoices (id BIGINT PRIMARY KEY)");
  EXPECT_THAT(opening_error(url_), HasSubstr("not a wordgames store"));
  EXPECT_EQ(
      db.exec("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").integer(0, 0),
      1);
}

TEST(PostgresStoreErrorTest, ABadUrlOrAnUnreachableServerIsAClearErrorWithoutThePassword) {
  // None of these needs a server: port 1 refuses at once, the socket's directory does not exist,
  // the others are not URLs libpq can read.
  struct Case {
    std::string url;
    std::string named;  ///< what the message names
  };
  const std::vector<Case> cases = {
      {"postgresql://ann:s3cr3t@127.0.0.1:1/wordgames", "127.0.0.1"},
      {"postgres://ann:s3cr3t@127.0.0.1:1/wordgames", "127.0.0.1"},
      {"postgresql:///wordgames?host=/nonexistent/wg&password=s3cr3t", "/nonexistent/wg"},
      {"postgresql://ann:s3cr3t@localhost:notaport/wordgames", "localhost:notaport"},
      {"postgresql://ann:s3cr3t%zz@localhost/wordgames", "localhost"},
      {"postgresql://ann:s3cr3t@127.0.0.1:1/wordgames?sslmode=nonsense", "sslmode"},
      {"sqlite:/home/ann/wordgames.db", "postgresql://"},
  };
  for (const Case& c : cases) {
    const std::string message = opening_error(c.url);
    EXPECT_THAT(message, HasSubstr(c.named)) << c.url;
    EXPECT_THAT(message, Not(HasSubstr("s3cr3t"))) << c.url;
  }
}

TEST_F(PostgresStoreTest, TheFactoryOpensAPostgresUrlAsThisStore) {
  {
    const auto store = open_store_at(url_);
    EXPECT_EQ(store->location(), url_);
    store->player("Ann");
  }
  // postgres:// is the same database.
  const auto store =
      open_store_at("postgres://" + url_.substr(std::string("postgresql://").size()));
  EXPECT_TRUE(store->find_player("ann").has_value());
  EXPECT_FALSE(store->read_only());
}

TEST_F(PostgresStoreTest, ARoleThatMayOnlyReadServesWhatTheStoreHoldsAndWritesNothing) {
  {
    PostgresStore store(url_);
    store.record_finished_game(game_of("hangman", {{"Ann", 10, true}}, 1000), 0);
  }
  PostgresConnection db(url_);
  db.exec("CREATE ROLE reader LOGIN");
  db.exec("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader");
  const std::string reader = url_.substr(0, url_.rfind("&user=")) + "&user=reader";
  PostgresStore store(reader);
  EXPECT_TRUE(store.read_only());
  EXPECT_EQ(store.statistics("Ann", "hangman").wins, 1);
  EXPECT_EQ(store.finished_games("Ann", std::nullopt, 10, 0).size(), 1u);
  EXPECT_THROW(store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 2000), 0),
               StoreError);
  EXPECT_THROW(store.player("Bob"), StoreError);
  const ImportReport report = store.import_file_store("/nonexistent");
  EXPECT_FALSE(report.already_done);
  EXPECT_EQ(db.exec("SELECT count(*) FROM meta").integer(0, 0), 0) << "no import recorded";
  EXPECT_EQ(db.exec("SELECT count(*) FROM games").integer(0, 0), 1);
}

TEST_F(PostgresStoreTest, TwoStoresOnOneDatabaseSeeEachOthersWrites) {
  PostgresStore a(url_);
  PostgresStore b(url_);
  const std::int64_t id = a.record_finished_game(game_of("hangman", {{"Ann", 10, true}}, 1000), 0);
  EXPECT_EQ(b.finished_game(id).players.at(0).name, "Ann");
  b.record_finished_game(game_of("hangman", {{"ann", 20, true}}, 2000), 0);
  EXPECT_EQ(a.statistics("Ann", "hangman").games, 2);
  EXPECT_EQ(a.statistics("Ann", "hangman").current_streak, 2);

  const std::int64_t unfinished = b.save_unfinished({0, "Ann", saved_game("hand", 3, 1), 10, 20});
  EXPECT_EQ(a.unfinished_game(unfinished).saved, saved_game("hand", 3, 1));
  a.record_finished_game(game_of("hand", {{"Ann", 5, false}}, 3000), unfinished);
  EXPECT_TRUE(b.unfinished_games("Ann").empty());

  EXPECT_TRUE(a.claim_player("Bob", "first"));
  EXPECT_FALSE(b.claim_player("bob", "second"));
  EXPECT_TRUE(b.player_secret_matches("Bob", "first"));
  b.set_last_player("Bob");
  EXPECT_EQ(a.last_player()->name, "Bob");
  b.save_word_list("small", std::vector<std::string>{"BANANA"});
  EXPECT_TRUE(a.has_word_list("small"));
}

TEST_F(PostgresStoreTest, GamesRecordedAtOnceByTwoStoresAreAllCounted) {
  // Two programs record one player's games at once, each store shared by two threads, each
  // thread's games ending after some of the others' (so that some are counted in place and some
  // recounted): every game counts, as if recorded one by one in order.
  constexpr int kThreads = 4;
  constexpr int kGames = 15;  // a thread's
  std::vector<FinishedGame> games;
  for (int i = 0; i < kThreads * kGames; ++i) {
    games.push_back(
        game_of("hangman", {{"Ann", i % 7, i % 3 != 0}, {"Bob", 1, i % 3 == 0}}, 1000 + 10 * i));
  }
  PostgresStore first(url_);  // makes the schema, once
  PostgresStore second(url_);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      PostgresStore& store = t < kThreads / 2 ? first : second;
      for (int i = 0; i < kGames; ++i) {
        const int n = t % 2 == 0 ? i : kGames - 1 - i;  // in order, or backwards
        try {
          store.record_finished_game(games[static_cast<std::size_t>(n * kThreads + t)], 0);
        } catch (const StoreError& error) {
          ADD_FAILURE() << error.what();
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  PostgresStore store(url_);
  EXPECT_EQ(store.statistics("Ann", "hangman"), counted_statistics(games, "Ann", "hangman"));
  EXPECT_EQ(store.statistics("Bob", "hangman").games, kThreads * kGames);
}

TEST_F(PostgresStoreTest, RecordingAGameWaitsForWhoeverHoldsItsPlayers) {
  // Another program's transaction holds Ann's row (as recording a game of hers does, until it
  // commits): a game of hers is not counted meanwhile. The store gives up waiting after
  // lock_timeout (a setting of its connection, in the URL), and then keeps nothing of it.
  {
    PostgresStore store(url_);
    store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  }
  PostgresConnection other(url_);
  PostgresTransaction holding(other);
  // NO KEY UPDATE: the lock a game's rows referring to the player (FOR KEY SHARE) do not wait
  // for, so only the store's own lock on its players makes it wait.
  other.exec("SELECT 1 FROM players WHERE name = 'Ann' FOR NO KEY UPDATE");
  PostgresStore store(url_ + "&options=-c%20lock_timeout%3D200");
  EXPECT_THROW(store.record_finished_game(
                   game_of("hangman", {{"Bob", 5, true}, {"Ann", 2, false}}, 2000), 0),
               StoreError);
  EXPECT_TRUE(store.finished_games("Bob", std::nullopt, 10, 0).empty());
  EXPECT_FALSE(store.find_player("Bob").has_value()) << "nothing of it is kept";
  store.record_finished_game(game_of("hangman", {{"Bob", 5, true}}, 2000), 0);  // Ann not held
}

TEST_F(PostgresStoreTest, CallsOnOneStoreRunSideBySideEachOnAConnectionOfItsPool) {
  // A call that waits (recording a game of Ann's, whose row another program holds) leaves the
  // store's other calls to go on, on another connection of its pool; it ends once Ann is free.
  {
    PostgresStore store(url_);
    store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  }
  PostgresConnection other(url_);
  PostgresTransaction holding(other);
  other.exec("SELECT 1 FROM players WHERE name = 'Ann' FOR NO KEY UPDATE");
  PostgresStore store(url_, /*pool_size=*/2);
  std::thread waiting([&] {
    store.record_finished_game(game_of("hangman", {{"Ann", 2, false}}, 2000), 0);
  });
  // Once the recording waits for Ann's row (a lock not granted), the store serves another call.
  PostgresConnection watcher(url_);
  while (watcher.exec("SELECT count(*) FROM pg_locks WHERE NOT granted").integer(0, 0) == 0) {
    std::this_thread::yield();
  }
  const KeptSession kept{std::string(32, 'a'), "", "", saved_game("hand", 3, 1), {}, 1000};
  EXPECT_TRUE(store.keep_session_after(kept, std::nullopt));
  EXPECT_EQ(store.kept_session(kept.id, /*by_watch=*/false), kept);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 1) << "the waiting game is not in yet";
  holding.commit();
  waiting.join();
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
}

TEST_F(PostgresStoreTest, SavingResumesWhenTheServerIsBack) {
  PostgresStore store(url_);
  store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  server().stop();
  EXPECT_THROW(store.record_finished_game(game_of("hangman", {{"Ann", 2, true}}, 2000), 0),
               StoreError);
  EXPECT_THROW(store.save_unfinished({0, "Ann", saved_game("hand", 1, 0), 0, 0}), StoreError);
  server().start();
  store.record_finished_game(game_of("hangman", {{"Ann", 3, true}}, 3000), 0);
  const std::vector<GameSummary> games = store.finished_games("Ann", std::nullopt, 10, 0);
  ASSERT_EQ(games.size(), 2u) << "the game refused while the server was down is not kept";
  EXPECT_EQ(games[0].players.at(0).score, 3);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
}

}  // namespace
}  // namespace wg::app
