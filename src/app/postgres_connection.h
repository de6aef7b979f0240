#pragma once
/// One connection to a PostgreSQL database through libpq (Debian's libpq-dev), for a store kept
/// in PostgreSQL rather than in an SQLite file: connect by URL, run statements with parameters
/// ($1, $2...), transactions, results read by row and column. Every failure is a PostgresError
/// (a StoreError) that names the database (never its password) and gives the server's own
/// message; a connection the server or the network dropped says so, and reconnect() opens it
/// again.
///
/// Values travel as text both ways (libpq's text format): a parameter is its PostgreSQL literal
/// ("42", "true", the text itself), which the server converts to the column's type. PostgreSQL
/// text cannot hold a NUL byte, so a parameter holding one is refused before it is sent.
///
/// libpq is optional at build time, as WordNet is: a wordgames built without it has these
/// classes, and connecting throws a PostgresError saying so (postgres_available()).
///
/// No call waits for ever on a server that is gone: unless the URL gives its own values, a
/// connection has
///   - connect_timeout=10: connecting (and reconnect()) gives up after 10 seconds without an
///     answer (the environment's PGCONNECT_TIMEOUT, when set, is kept instead);
///   - keepalives=1, keepalives_idle=10, keepalives_interval=5, keepalives_count=3: an idle TCP
///     connection (a call waiting for a slow statement's answer) whose server vanished from the
///     network is found dead after about 25 seconds;
///   - tcp_user_timeout=20000: a call whose data the server does not acknowledge within 20
///     seconds fails, rather than waiting for the kernel's retransmissions (about 15 minutes).
/// Each such failure is a PostgresError with connection_lost(). The TCP settings do not apply
/// to a Unix socket, which fails at once when its server is gone. A statement waiting for a lock
/// waits as long as the server lets it (lock_timeout, statement_timeout: settings the URL may
/// give, options=-c%20lock_timeout%3D5000).
///
/// A connection is used by one thread at a time (libpq's rule); the store above it serialises.

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "app/store.h"

struct pg_conn;
struct pg_result;

namespace wg::app {

/// Whether this wordgames was built with libpq, and so can open a PostgreSQL store.
bool postgres_available();

/// Whether `url` names a PostgreSQL database: it starts with postgresql:// or postgres:// (the
/// two forms libpq accepts). Anything else (a path, sqlite:..., a libpq "key=value" string) is
/// not one.
bool is_postgres_url(std::string_view url);

/// `url` with its password, if any, replaced by "***" (in the user part and in a password=
/// parameter), for messages and logs.
std::string redacted_postgres_url(std::string_view url);

/// What went wrong talking to PostgreSQL. what() names the database and what was being done,
/// then the server's message ("postgresql:///wg?host=/run: cannot record the game: duplicate
/// key value violates unique constraint ...").
class PostgresError : public StoreError {
 public:
  PostgresError(const std::string& message, std::string sqlstate, bool connection_lost)
      : StoreError(message), sqlstate_(std::move(sqlstate)), connection_lost_(connection_lost) {}
  /// The SQLSTATE the server gave ("23505": a unique key taken; "40001": a serialization
  /// failure, worth trying again), "" when the error did not come from the server.
  const std::string& sqlstate() const { return sqlstate_; }
  /// True when the connection is gone (the server stopped or restarted, the network cut it, the
  /// session was terminated): nothing more can be done on it until reconnect().
  bool connection_lost() const { return connection_lost_; }

 private:
  std::string sqlstate_;
  bool connection_lost_;
};

/// A statement's parameter: SQL NULL, or the text of a value. Made from an integer, a bool
/// (sent as true/false), text, or std::nullopt; implicitly, so that a call lists its values as
/// they are: exec(sql, {id, "Ann", true, std::nullopt}).
class PostgresValue {
 public:
  PostgresValue(std::nullopt_t) {}
  PostgresValue(std::int64_t value) : text_(std::to_string(value)) {}
  PostgresValue(int value) : text_(std::to_string(value)) {}
  PostgresValue(bool value) : text_(value ? "true" : "false") {}
  PostgresValue(std::string_view text) : text_(std::string(text)) {}
  PostgresValue(const std::string& text) : text_(text) {}
  PostgresValue(const char* text) : text_(std::string(text)) {}
  PostgresValue(std::optional<std::string> text) : text_(std::move(text)) {}

  const std::optional<std::string>& text() const { return text_; }

 private:
  std::optional<std::string> text_;
};

/// The rows a statement returned (none for most writes), read by row and column; columns by
/// index or by name. Reading a column that does not exist, or a NULL as a value, throws a
/// PostgresError naming the column: a query and the code reading it disagree.
class PostgresResult {
 public:
  PostgresResult(PostgresResult&&) noexcept;
  PostgresResult& operator=(PostgresResult&&) noexcept;
  ~PostgresResult();

  int rows() const;
  int columns() const;
  /// The rows an INSERT, UPDATE or DELETE changed (0 for other statements).
  std::int64_t affected() const;
  /// The server's tag for the statement: "INSERT 0 1", "UPDATE 2", "COMMIT", or "ROLLBACK" for
  /// a COMMIT of a transaction an error had already ended.
  std::string command_status() const;
  /// The index of the column named `name`.
  int column(std::string_view name) const;

  bool is_null(int row, int column) const;
  std::string text(int row, int column) const;
  /// A column of an integer type (or text of an integer).
  std::int64_t integer(int row, int column) const;
  /// A boolean column.
  bool boolean(int row, int column) const;
  /// The text, or nullopt for NULL.
  std::optional<std::string> optional_text(int row, int column) const;

  bool is_null(int row, std::string_view name) const { return is_null(row, column(name)); }
  std::string text(int row, std::string_view name) const { return text(row, column(name)); }
  std::int64_t integer(int row, std::string_view name) const { return integer(row, column(name)); }
  bool boolean(int row, std::string_view name) const { return boolean(row, column(name)); }
  std::optional<std::string> optional_text(int row, std::string_view name) const {
    return optional_text(row, column(name));
  }

 private:
  friend class PostgresConnection;
  PostgresResult(pg_result* result, std::string where);
  const char* value(int row, int column) const;
  [[noreturn]] void fail(std::string_view problem) const;

  pg_result* result_ = nullptr;
  std::string where_;  ///< the redacted URL, for messages
};

class PostgresConnection {
 public:
  /// Connects to the database `url` names (a libpq connection URI: postgresql://user@host/db,
  /// or postgresql:///db?host=/run/dir for a Unix socket), with UTF-8 as the client encoding.
  /// Throws std::invalid_argument when `url` is not a PostgreSQL URL (is_postgres_url), and a
  /// PostgresError naming the database and giving libpq's reason when it cannot connect (or
  /// when this wordgames was built without libpq).
  explicit PostgresConnection(std::string_view url);
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;
  ~PostgresConnection();

  /// The database's URL without its password.
  const std::string& where() const { return where_; }

  /// Runs one statement with `parameters` bound to $1, $2... Throws a PostgresError saying what
  /// was being done (`doing`: "record the game") and the server's message. The statement is
  /// prepared on its first run and the server's plan reused after (up to kMaxPrepared
  /// statements a connection; any more are parsed at each run).
  PostgresResult exec(std::string_view sql, std::initializer_list<PostgresValue> parameters = {},
                      std::string_view doing = "read or write it");
  PostgresResult exec(std::string_view sql, const std::vector<PostgresValue>& parameters,
                      std::string_view doing = "read or write it");
  /// Runs several statements separated by semicolons, without parameters (a migration's SQL).
  /// Outside a transaction they form one, as a single libpq query does.
  void run_script(std::string_view sql, std::string_view doing);

  /// False once the connection is known to be lost.
  bool connected() const;
  /// The value of the connection setting `key` ("connect_timeout", "host", ...) as libpq uses
  /// it: the URL's, else this class's default, else libpq's; nullopt when it has none.
  std::optional<std::string> option(std::string_view key) const;
  /// Opens the connection again (after a PostgresError with connection_lost()); what a
  /// transaction left open had not committed and is gone. Throws a PostgresError when the
  /// server still cannot be reached.
  void reconnect();

 private:
  PostgresResult exec_values(std::string_view sql, const PostgresValue* begin,
                             const PostgresValue* end, std::string_view doing);
  [[noreturn]] void fail(std::string_view doing, pg_result* result) const;
  /// The name `sql` is prepared under on this connection, preparing it first; nullptr when
  /// kMaxPrepared statements are prepared already.
  const std::string* prepared(const std::string& sql, int parameters, std::string_view doing);

  static constexpr std::size_t kMaxPrepared = 256;

  std::string where_;
  pg_conn* connection_ = nullptr;
  /// The statements prepared on the connection (forgotten when it is opened again), by SQL.
  std::unordered_map<std::string, std::string> prepared_;
};

/// A transaction on a connection: BEGIN when made, COMMIT on commit(), ROLLBACK when it goes out
/// of scope uncommitted (an exception, an early return), so that a write is whole or absent.
/// A connection found lost at BEGIN is opened again once and the transaction begun there
/// (nothing was done on the old one); lost later, the transaction fails. Not nested.
class PostgresTransaction {
 public:
  explicit PostgresTransaction(PostgresConnection& connection);
  PostgresTransaction(const PostgresTransaction&) = delete;
  PostgresTransaction& operator=(const PostgresTransaction&) = delete;
  ~PostgresTransaction();

  /// Commits; throws a PostgresError when the server refuses (a deferred constraint, a lost
  /// connection), and then nothing was written.
  void commit();

 private:
  PostgresConnection& connection_;
  bool open_ = true;
};

}  // namespace wg::app
