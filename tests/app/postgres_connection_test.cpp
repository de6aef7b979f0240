#include "app/postgres_connection.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "app/postgres_database.h"
#include "support/postgres_server.h"

namespace wg::app {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

/// A fresh server per test, and a connection to it.
using PostgresConnectionTest = PostgresConnectedTest;

/// The message of the PostgresError `action` throws (a failure when it throws none).
template <typename Action>
PostgresError error_of(Action&& action) {
  try {
    action();
  } catch (const PostgresError& error) {
    return error;
  }
  ADD_FAILURE() << "no PostgresError";
  return PostgresError("", "", false);
}

TEST(PostgresUrl, OnlyPostgresqlSchemesAreUrlsOfADatabase) {
  EXPECT_TRUE(is_postgres_url("postgresql://ann@db.example/wordgames"));
  EXPECT_TRUE(is_postgres_url("postgres:///wordgames?host=/run/postgresql"));
  EXPECT_FALSE(is_postgres_url("/home/ann/.local/share/wordgames/wordgames.db"));
  EXPECT_FALSE(is_postgres_url("sqlite:///tmp/wordgames.db"));
  EXPECT_FALSE(is_postgres_url("host=db.example dbname=wordgames"));
  EXPECT_FALSE(is_postgres_url("POSTGRESQL:/wordgames"));
  EXPECT_FALSE(is_postgres_url(""));
}

TEST(PostgresUrl, ANonPostgresUrlIsRefusedBeforeConnecting) {
  for (const char* url :
       {"/tmp/wordgames.db", "sqlite:///tmp/wordgames.db", "host=localhost dbname=wordgames", ""}) {
    try {
      PostgresConnection connection(url);
      ADD_FAILURE() << "connected to " << url;
    } catch (const std::invalid_argument& error) {
      EXPECT_THAT(error.what(), HasSubstr("is not a PostgreSQL URL")) << url;
      EXPECT_THAT(error.what(), HasSubstr("postgresql://")) << url;
    }
  }
}

TEST(PostgresUrl, RedactedUrlsHideThePasswordOnly) {
  EXPECT_EQ(redacted_postgres_url("postgresql://ann:hunter2@db.example:5433/wg"),
            "postgresql://ann:***@db.example:5433/wg");
  EXPECT_EQ(redacted_postgres_url("postgresql://db.example/wg?user=ann&password=hunter2&x=1"),
            "postgresql://db.example/wg?user=ann&password=***&x=1");
  EXPECT_EQ(redacted_postgres_url("postgres:///wg?password=hunter2"),
            "postgres:///wg?password=***");
  EXPECT_EQ(redacted_postgres_url("postgresql://ann@db.example/wg?host=/run/pg"),
            "postgresql://ann@db.example/wg?host=/run/pg");
  EXPECT_EQ(redacted_postgres_url("postgresql:///wg?host=/tmp/a:b@c"),
            "postgresql:///wg?host=/tmp/a:b@c");
}

TEST(PostgresUrl, AnUnreachableDatabaseSaysWhyWithoutThePassword) {
  if (!postgres_available()) GTEST_SKIP() << "this wordgames was built without libpq-dev";
  test::TempDir empty("wg-no-postgres");  // a socket directory with no server in it
  const std::string url = "postgresql://ann:hunter2@/wg?host=" + empty.path().string();
  const PostgresError error = error_of([&] { PostgresConnection connection(url); });
  EXPECT_THAT(error.what(), HasSubstr("cannot connect"));
  EXPECT_THAT(error.what(), HasSubstr(empty.path().string()));
  EXPECT_THAT(error.what(), HasSubstr("ann:***@"));
  EXPECT_THAT(error.what(), Not(HasSubstr("hunter2")));
  EXPECT_TRUE(error.connection_lost());
}

TEST_F(PostgresConnectionTest, ADatabaseThatDoesNotExistIsTheServersMessage) {
  const PostgresError error =
      error_of([&] { PostgresConnection connection(server().url("no_such_database")); });
  EXPECT_THAT(error.what(), HasSubstr("cannot connect"));
  EXPECT_THAT(error.what(), HasSubstr("database \"no_such_database\" does not exist"));
}

TEST_F(PostgresConnectionTest, ParametersGoInAndColumnsComeOutByNameOrIndex) {
  const std::int64_t big = std::numeric_limits<std::int64_t>::min();
  const PostgresResult r = db().exec(
      "SELECT $1::bigint AS n, $2::text AS word, $3::boolean AS yes, $4::text AS nothing, "
      "$5::int AS small",
      {big, "héllo wörld", true, std::nullopt, 7});
  ASSERT_EQ(r.rows(), 1);
  ASSERT_EQ(r.columns(), 5);
  EXPECT_EQ(r.integer(0, "n"), big);
  EXPECT_EQ(r.integer(0, 0), big);
  EXPECT_EQ(r.text(0, "word"), "héllo wörld");
  EXPECT_TRUE(r.boolean(0, "yes"));
  EXPECT_TRUE(r.is_null(0, "nothing"));
  EXPECT_EQ(r.optional_text(0, "nothing"), std::nullopt);
  EXPECT_EQ(r.optional_text(0, "word"), "héllo wörld");
  EXPECT_EQ(r.integer(0, "small"), 7);
  EXPECT_EQ(r.column("small"), 4);
}

TEST_F(PostgresConnectionTest, AReadTheResultDoesNotHaveNamesTheColumn) {
  const PostgresResult r = db().exec("SELECT 'abc' AS word, NULL::text AS nothing");
  EXPECT_THAT(error_of([&] { r.integer(0, "word"); }).what(),
              HasSubstr("column 'word' of row 0 is not an integer: 'abc'"));
  EXPECT_THAT(error_of([&] { r.boolean(0, "word"); }).what(), HasSubstr("not a boolean"));
  EXPECT_THAT(error_of([&] { r.text(0, "nothing"); }).what(),
              HasSubstr("column 'nothing' of row 0 is NULL"));
  EXPECT_THAT(error_of([&] { r.text(0, "nope"); }).what(), HasSubstr("no column 'nope'"));
  EXPECT_THAT(error_of([&] { r.text(1, 0); }).what(), HasSubstr("no row 1"));
}

TEST_F(PostgresConnectionTest, WritesSayHowManyRowsTheyChanged) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY, score BIGINT NOT NULL)");
  const PostgresResult inserted =
      db().exec("INSERT INTO words VALUES ($1, 1), ($2, 2), ($3, 3)", {"A", "B", "C"});
  EXPECT_EQ(inserted.affected(), 3);
  EXPECT_EQ(db().exec("UPDATE words SET score = score + 1 WHERE score >= $1", {2}).affected(), 2);
  EXPECT_EQ(db().exec("DELETE FROM words WHERE word = $1", {"Z"}).affected(), 0);
}

TEST_F(PostgresConnectionTest, ServerErrorsGiveTheServersMessageAndSqlstate) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY)");
  db().exec("INSERT INTO words VALUES ($1)", {"CAT"});
  const PostgresError taken =
      error_of([&] { db().exec("INSERT INTO words VALUES ($1)", {"CAT"}, "save the word"); });
  EXPECT_EQ(taken.sqlstate(), "23505");
  EXPECT_FALSE(taken.connection_lost());
  EXPECT_THAT(taken.what(), HasSubstr(db().where() + ": cannot save the word: duplicate key "
                                                     "value violates unique constraint"));

  const PostgresError syntax = error_of([&] { db().exec("SELEKT 1"); });
  EXPECT_EQ(syntax.sqlstate(), "42601");
  EXPECT_THAT(syntax.what(), HasSubstr("syntax error"));
  // The connection goes on after an error.
  EXPECT_EQ(db().exec("SELECT count(*) AS n FROM words").integer(0, "n"), 1);
}

TEST_F(PostgresConnectionTest, TextThatPostgresqlCannotKeepIsRefusedClearly) {
  const PostgresError nul =
      error_of([&] { db().exec("SELECT $1::text", {std::string("a\0b", 3)}, "save it"); });
  EXPECT_THAT(nul.what(), HasSubstr("cannot save it: parameter $1 holds a NUL byte"));
  const PostgresError not_utf8 = error_of([&] { db().exec("SELECT $1::text", {"\xff\xfe"}); });
  EXPECT_EQ(not_utf8.sqlstate(), "22021");
  EXPECT_THAT(not_utf8.what(), HasSubstr("invalid byte sequence for encoding \"UTF8\""));
  EXPECT_TRUE(db().connected());
}

TEST_F(PostgresConnectionTest, AScriptRunsEveryStatementOrSaysWhichFailed) {
  db().run_script("CREATE TABLE a (x INT); CREATE TABLE b (y INT); INSERT INTO a VALUES (1);",
                  "set it up");
  EXPECT_EQ(db().exec("SELECT x FROM a").integer(0, "x"), 1);
  const PostgresError error = error_of(
      [&] { db().run_script("CREATE TABLE c (z INT); CREATE TABLE a (x INT);", "set it up"); });
  EXPECT_THAT(error.what(), HasSubstr("cannot set it up: relation \"a\" already exists"));
  // One script is one transaction: c was not kept.
  EXPECT_EQ(db().exec("SELECT to_regclass('c') IS NULL AS gone").boolean(0, "gone"), true);
}

TEST_F(PostgresConnectionTest, ATransactionCommitsOrLeavesNothing) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY)");
  {
    PostgresTransaction transaction(db());
    db().exec("INSERT INTO words VALUES ($1)", {"KEPT"});
    transaction.commit();
  }
  {
    PostgresTransaction transaction(db());
    db().exec("INSERT INTO words VALUES ($1)", {"DROPPED"});
  }  // not committed
  try {
    PostgresTransaction transaction(db());
    db().exec("INSERT INTO words VALUES ($1)", {"THROWN"});
    throw std::runtime_error("a failure half-way");
  } catch (const std::runtime_error&) {
  }
  const PostgresResult r = db().exec("SELECT word FROM words ORDER BY word");
  ASSERT_EQ(r.rows(), 1);
  EXPECT_EQ(r.text(0, "word"), "KEPT");
}

TEST_F(PostgresConnectionTest, ACommitAfterAFailedStatementSaysNothingWasWritten) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY)");
  PostgresTransaction transaction(db());
  db().exec("INSERT INTO words VALUES ($1)", {"CAT"});
  EXPECT_THROW(db().exec("INSERT INTO words VALUES ($1)", {"CAT"}), PostgresError);
  const PostgresError error = error_of([&] { transaction.commit(); });
  EXPECT_THAT(error.what(), HasSubstr("cannot commit"));
  EXPECT_THAT(error.what(), HasSubstr("rolled it back"));
  EXPECT_EQ(db().exec("SELECT count(*) AS n FROM words").integer(0, "n"), 0);
}

TEST_F(PostgresConnectionTest, ALostConnectionIsSaidAndReconnectingGoesOn) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY)");
  db().exec("INSERT INTO words VALUES ($1)", {"KEPT"});
  server().stop();
  const PostgresError lost =
      error_of([&] { db().exec("INSERT INTO words VALUES ($1)", {"LOST"}, "save the word"); });
  EXPECT_TRUE(lost.connection_lost());
  EXPECT_THAT(lost.what(), HasSubstr("cannot save the word: the connection to the database was "
                                     "lost"));
  EXPECT_FALSE(db().connected());
  // While the server is down, reconnecting says so.
  const PostgresError down = error_of([&] { db().reconnect(); });
  EXPECT_THAT(down.what(), HasSubstr("cannot connect again"));
  EXPECT_TRUE(down.connection_lost());

  server().start();
  db().reconnect();
  EXPECT_TRUE(db().connected());
  db().exec("INSERT INTO words VALUES ($1)", {"AGAIN"});
  const PostgresResult r = db().exec("SELECT word FROM words ORDER BY word");
  ASSERT_EQ(r.rows(), 2);
  EXPECT_EQ(r.text(0, "word"), "AGAIN");
  EXPECT_EQ(r.text(1, "word"), "KEPT");
}

TEST_F(PostgresConnectionTest, ATransactionCutOffByALostConnectionWroteNothing) {
  db().exec("CREATE TABLE words (word TEXT PRIMARY KEY)");
  {
    PostgresTransaction transaction(db());
    db().exec("INSERT INTO words VALUES ($1)", {"HALF"});
    server().stop();
    EXPECT_TRUE(error_of([&] { transaction.commit(); }).connection_lost());
  }  // the transaction's end does not throw on a lost connection
  server().start();
  db().reconnect();
  EXPECT_EQ(db().exec("SELECT count(*) AS n FROM words").integer(0, "n"), 0);
}

}  // namespace
}  // namespace wg::app
