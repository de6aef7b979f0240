#pragma once
/// A throwaway PostgreSQL server for tests of the PostgreSQL store: a fresh cluster (initdb)
/// in a temporary directory, listening only on a Unix socket in that directory (no TCP, so
/// servers of tests running side by side never meet), started with `pg_ctl -w` (which returns
/// once the server accepts connections) and, with its directory, stopped and removed when the
/// object goes out of scope. Fsync is off: nothing in it outlives the test.
///
/// PostgreSQL refuses to run as root (CI runs as root): then the server runs as an
/// unprivileged user, `nobody` or WG_POSTGRES_USER, through setpriv(1), and owns its
/// directory. As any other user it runs as that user.
///
/// The server binaries are PostgreSQL 15's from Debian's postgresql-15
/// (/usr/lib/postgresql/15/bin), or those in WG_POSTGRES_BINDIR. Where they are missing the
/// tests skip, saying why (PostgresTest).

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/temp_dir.h"

namespace wg::test {

class PostgresServer {
 public:
  /// Why no server can be started here ("" when one can): the binaries are missing, or the
  /// tests run as root and there is no unprivileged user to run the server as.
  static std::string unavailable();

  /// Makes and starts the server. Throws std::runtime_error with initdb's or pg_ctl's output
  /// and the server's log when it cannot.
  PostgresServer();
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;
  ~PostgresServer();

  /// The URL of `database` on this server, as the superuser "wordgames" (no password: only
  /// this machine's users reach the socket's directory).
  std::string url(std::string_view database = "postgres") const;
  /// Creates the database `name` and returns its URL.
  std::string create_database(std::string_view name);

  /// Stops the server (fast: its sessions are ended), to see what clients do when the
  /// database goes away; start() brings it back with what it had committed.
  void stop();
  void start();

  /// The directory of its socket and data.
  const std::filesystem::path& directory() const { return dir_.path(); }

 private:
  /// Runs a server binary (initdb, pg_ctl) as the server's user; throws with its output when
  /// it fails.
  void run_as_server(std::vector<std::string> argv, std::string_view doing);

  TempDir dir_{"wg-postgres"};  // first made, last removed
  std::filesystem::path bin_;
  std::optional<std::pair<unsigned, unsigned>> run_as_;  ///< uid and gid, when root
  bool running_ = false;
};

/// A test fixture with a fresh server per test, or the test skipped with the reason when none
/// can be started here.
class PostgresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
    server_.emplace();
  }
  PostgresServer& server() { return *server_; }

 private:
  std::optional<PostgresServer> server_;
};

}  // namespace wg::test
