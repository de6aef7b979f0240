#pragma once
// The fixture of the PostgreSQL store's own tests (postgres_*_test.cpp).

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "app/postgres_connection.h"
#include "support/postgres_server.h"

namespace wg::app {

/// A fresh throwaway server per test and an empty database "wordgames" on it (url_), no store
/// opened yet; the test is skipped, saying why, where no server can start or this wordgames was
/// built without libpq.
class PostgresDatabaseTest : public test::PostgresTest {
 protected:
  void SetUp() override {
    if (!postgres_available()) GTEST_SKIP() << "this wordgames was built without libpq-dev";
    test::PostgresTest::SetUp();
    if (IsSkipped()) return;
    url_ = server().create_database("wordgames");
  }

  std::string url_;
};

/// A fresh throwaway server per test and a connection to its database "postgres" (db()),
/// skipped as PostgresDatabaseTest is.
class PostgresConnectedTest : public test::PostgresTest {
 protected:
  void SetUp() override {
    if (!postgres_available()) GTEST_SKIP() << "this wordgames was built without libpq-dev";
    test::PostgresTest::SetUp();
    if (IsSkipped()) return;
    db_.emplace(server().url());
  }
  PostgresConnection& db() { return *db_; }

 private:
  std::optional<PostgresConnection> db_;
};

}  // namespace wg::app
