#include "app/postgres_schema.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "app/postgres_database.h"
#include "app/sqlite_store.h"
#include "support/postgres_server.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

using ::testing::HasSubstr;

/// A fresh server per test, and a connection to its database; skipped where there is no server
/// or no libpq.
class PostgresSchemaTest : public PostgresConnectedTest {
 protected:
  /// The message of the StoreError migrating throws (a failure when it throws none).
  std::string migration_error() {
    try {
      migrate_postgres_schema(db());
    } catch (const StoreError& error) {
      return error.what();
    }
    ADD_FAILURE() << "the migration was not refused";
    return "";
  }
};

/// Tables and their columns, in order, and the indexes a schema declares by name.
struct Shape {
  std::map<std::string, std::vector<std::string>> tables;
  std::set<std::string> indexes;
};

/// The SQLite store's schema, as a new store file has it.
Shape sqlite_shape() {
  test::TempDir dir("wg-sqlite-shape");
  { SqliteStore store(dir / "wordgames.db"); }
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2((dir / "wordgames.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr),
            SQLITE_OK);
  Shape shape;
  sqlite3_stmt* statement = nullptr;
  sqlite3_prepare_v2(db,
                     "SELECT m.name, p.name FROM sqlite_schema m, pragma_table_info(m.name) p "
                     "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid",
                     -1, &statement, nullptr);
  while (sqlite3_step(statement) == SQLITE_ROW) {
    shape.tables[reinterpret_cast<const char*>(sqlite3_column_text(statement, 0))].push_back(
        reinterpret_cast<const char*>(sqlite3_column_text(statement, 1)));
  }
  sqlite3_finalize(statement);
  // Declared indexes; SQLite's own for a PRIMARY KEY or UNIQUE are sqlite_autoindex_*.
  sqlite3_prepare_v2(db, "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL",
                     -1, &statement, nullptr);
  while (sqlite3_step(statement) == SQLITE_ROW) {
    shape.indexes.insert(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return shape;
}

/// The PostgreSQL store's schema: its tables but wordgames_schema (where SQLite has PRAGMA
/// user_version), its indexes but those of constraints (a PRIMARY KEY, a UNIQUE) and
/// players_name_nocase (SQLite's COLLATE NOCASE UNIQUE, a constraint there).
Shape postgres_shape(PostgresConnection& db) {
  Shape shape;
  const PostgresResult columns = db.exec(
      "SELECT table_name, column_name FROM information_schema.columns "
      "WHERE table_schema = current_schema() AND table_name <> 'wordgames_schema' "
      "ORDER BY table_name, ordinal_position");
  for (int row = 0; row < columns.rows(); ++row) {
    shape.tables[columns.text(row, "table_name")].push_back(columns.text(row, "column_name"));
  }
  const PostgresResult indexes = db.exec(
      "SELECT i.relname AS name FROM pg_catalog.pg_index x "
      "JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid "
      "JOIN pg_catalog.pg_namespace n ON n.oid = i.relnamespace "
      "WHERE n.nspname = current_schema() AND i.relname <> 'players_name_nocase' "
      "AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c WHERE c.conindid = i.oid)");
  for (int row = 0; row < indexes.rows(); ++row) shape.indexes.insert(indexes.text(row, "name"));
  return shape;
}

TEST_F(PostgresSchemaTest, AnEmptyDatabaseIsBroughtToTheStoresVersion) {
  EXPECT_EQ(postgres_schema_version(db()), 0);
  migrate_postgres_schema(db());
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion);
}

TEST_F(PostgresSchemaTest, AVersionSevenDatabaseGetsTheQueueOfJobs) {
  migrate_postgres_schema(db());
  db().exec("DROP TABLE jobs");
  db().exec("UPDATE wordgames_schema SET version = 7");
  migrate_postgres_schema(db());
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion);
  EXPECT_EQ(db().exec("SELECT count(*) FROM jobs").integer(0, 0), 0);
}

TEST_F(PostgresSchemaTest, HasTheSqliteStoresTablesColumnsAndIndexes) {
  migrate_postgres_schema(db());
  const Shape sqlite = sqlite_shape();
  const Shape postgres = postgres_shape(db());
  EXPECT_EQ(postgres.tables, sqlite.tables);
  EXPECT_EQ(postgres.indexes, sqlite.indexes);
  EXPECT_FALSE(sqlite.tables.empty());
}

TEST_F(PostgresSchemaTest, MigratingAgainChangesNothing) {
  migrate_postgres_schema(db());
  db().exec("INSERT INTO players (name) VALUES ($1)", {"Ann"});
  migrate_postgres_schema(db());
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion);
  EXPECT_EQ(db().exec("SELECT name FROM players").text(0, "name"), "Ann");
}

TEST_F(PostgresSchemaTest, TwoProgramsOpeningOneNewDatabaseAtOnceMigrateItOnce) {
  std::vector<std::string> errors(2);
  std::vector<std::thread> programs;
  for (std::size_t i = 0; i < 2; ++i) {
    programs.emplace_back([&, i] {
      try {
        PostgresConnection connection(server().url());
        migrate_postgres_schema(connection);
      } catch (const std::exception& error) {
        errors[i] = error.what();
      }
    });
  }
  for (std::thread& program : programs) program.join();
  EXPECT_EQ(errors, std::vector<std::string>(2));
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion);
}

TEST_F(PostgresSchemaTest, ADatabaseOfANewerWordgamesIsRefusedAndLeftAsItIs) {
  migrate_postgres_schema(db());
  db().exec("UPDATE wordgames_schema SET version = $1", {kStoreSchemaVersion + 1});
  db().exec("CREATE TABLE from_the_future (x INT)");
  const std::string what = migration_error();
  EXPECT_THAT(what, HasSubstr(db().where() + ": was written by a newer wordgames (schema version " +
                              std::to_string(kStoreSchemaVersion + 1) + "; this one knows up to " +
                              std::to_string(kStoreSchemaVersion) + ")"));
  EXPECT_THAT(what, HasSubstr("left as it is"));
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion + 1);
  EXPECT_TRUE(
      db().exec("SELECT to_regclass('from_the_future') IS NOT NULL AS kept").boolean(0, "kept"));
}

TEST_F(PostgresSchemaTest, ADatabaseOfSomethingElseIsRefusedAndLeftAsItIs) {
  db().exec("CREATE TABLE invoices (id INT PRIMARY KEY, total NUMERIC)");
  db().exec("INSERT INTO invoices VALUES (1, 9.99)");
  EXPECT_THROW(postgres_schema_version(db()), StoreError);
  const std::string what = migration_error();
  EXPECT_THAT(what, HasSubstr("holds tables that are not a wordgames store's (in schema "
                              "\"public\"); it was left as it is"));
  EXPECT_EQ(db().exec("SELECT count(*) AS n FROM invoices").integer(0, "n"), 1);
  EXPECT_TRUE(
      db().exec("SELECT to_regclass('wordgames_schema') IS NULL AS none").boolean(0, "none"));
}

TEST_F(PostgresSchemaTest, AnotherSchemaOfTheSameDatabaseHoldsAStoreOfItsOwn) {
  db().exec("CREATE TABLE invoices (id INT PRIMARY KEY)");
  db().exec("CREATE SCHEMA wordgames");
  db().exec("SET search_path TO wordgames");
  migrate_postgres_schema(db());
  EXPECT_EQ(postgres_schema_version(db()), kStoreSchemaVersion);
  EXPECT_TRUE(
      db().exec("SELECT to_regclass('wordgames.games') IS NOT NULL AS there").boolean(0, "there"));
}

TEST_F(PostgresSchemaTest, PlayerNamesAreUniqueWithoutRegardToAsciiCase) {
  migrate_postgres_schema(db());
  db().exec("INSERT INTO players (name) VALUES ($1)", {"Ann"});
  try {
    db().exec("INSERT INTO players (name) VALUES ($1)", {"aNN"});
    ADD_FAILURE() << "a second Ann";
  } catch (const PostgresError& error) {
    EXPECT_EQ(error.sqlstate(), "23505");
  }
  // As SQLite's NOCASE: other letters are matched exactly.
  db().exec("INSERT INTO players (name) VALUES ($1)", {"Émile"});
  db().exec("INSERT INTO players (name) VALUES ($1)", {"émile"});
  EXPECT_EQ(db().exec("SELECT count(*) AS n FROM players").integer(0, "n"), 3);
}

TEST_F(PostgresSchemaTest, AFinishedGameIsKeptWithItsSeedsBitsAndGoesWithItsPlayersAndLog) {
  migrate_postgres_schema(db());
  const std::int64_t player =
      db().exec("INSERT INTO players (name) VALUES ($1) RETURNING id", {"Ann"}).integer(0, "id");
  // The seed 2^64 - 1, as the signed BIGINT of the same bits.
  const std::int64_t game =
      db().exec(
              "INSERT INTO games (game, config, seed, commands, result, started_ms, ended_ms) "
              "VALUES ('wordle', '{}', $1, '[]', '{}', 1, 2) RETURNING id",
              {std::int64_t{-1}})
          .integer(0, "id");
  db().exec(
      "INSERT INTO game_players (game_id, seat, player_id, game, ended_ms, score, won) "
      "VALUES ($1, 0, $2, 'wordle', 2, 5, $3)",
      {game, player, true});
  db().exec("INSERT INTO game_logs (game_id, log) VALUES ($1, $2)", {game, "{\"a\":1}\n"});
  const PostgresResult row = db().exec(
      "SELECT g.seed, g.practice, p.won FROM games g JOIN game_players p ON p.game_id = g.id");
  EXPECT_EQ(static_cast<std::uint64_t>(row.integer(0, "seed")), ~std::uint64_t{0});
  EXPECT_FALSE(row.boolean(0, "practice"));
  EXPECT_TRUE(row.boolean(0, "won"));
  db().exec("DELETE FROM games WHERE id = $1", {game});
  EXPECT_EQ(db().exec("SELECT (SELECT count(*) FROM game_players) + (SELECT count(*) FROM "
                      "game_logs) AS n")
                .integer(0, "n"),
            0);
}

}  // namespace
}  // namespace wg::app
