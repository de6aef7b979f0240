#include "app/postgres_connection.h"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#ifdef WG_HAVE_POSTGRES
#include <libpq-fe.h>
#endif

namespace wg::app {

namespace {

constexpr std::string_view kSchemes[] = {"postgresql://", "postgres://"};

/// The settings every connection has unless its URL gives its own (postgres_connection.h says
/// why these values).
constexpr std::pair<const char*, const char*> kConnectionDefaults[] = {
    {"connect_timeout", "10"},    {"keepalives", "1"},       {"keepalives_idle", "10"},
    {"keepalives_interval", "5"}, {"keepalives_count", "3"}, {"tcp_user_timeout", "20000"},
};

}  // namespace

bool is_postgres_url(std::string_view url) {
  for (const std::string_view scheme : kSchemes) {
    if (url.substr(0, scheme.size()) == scheme) return true;
  }
  return false;
}

namespace {

/// Throws std::invalid_argument unless `url` is a PostgreSQL URL; `where` is it redacted.
void check_url(std::string_view url, const std::string& where) {
  if (!is_postgres_url(url)) {
    throw std::invalid_argument(
        fmt::format("'{}' is not a PostgreSQL URL: it must start with postgresql:// (for example "
                    "postgresql://user@host/database)",
                    where));
  }
}

}  // namespace

std::string redacted_postgres_url(std::string_view url) {
  std::string out(url);
  // The user part: scheme://user:password@host...
  const std::size_t authority = out.find("://");
  if (authority != std::string::npos) {
    const std::size_t start = authority + 3;
    const std::size_t end = out.find_first_of("/?", start);
    const std::size_t at = out.rfind('@', end == std::string::npos ? out.size() : end);
    if (at != std::string::npos && at >= start) {
      const std::size_t colon = out.find(':', start);
      if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
  }
  // A password=... parameter, in the query of a URL.
  for (std::size_t found = out.find("password="); found != std::string::npos;
       found = out.find("password=", found + 1)) {
    if (found > 0 && out[found - 1] != '?' && out[found - 1] != '&') continue;
    const std::size_t start = found + 9;
    const std::size_t end = out.find('&', start);
    out.replace(start, (end == std::string::npos ? out.size() : end) - start, "***");
  }
  return out;
}

#ifdef WG_HAVE_POSTGRES

bool postgres_available() { return true; }

namespace {

/// libpq's message without its trailing newline, and its "ERROR:  " or "FATAL:  " prefix when
/// it has one (the caller says what failed).
std::string plain(std::string_view message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
    message.remove_suffix(1);
  }
  for (const std::string_view prefix : {"ERROR:  ", "FATAL:  "}) {
    if (message.substr(0, prefix.size()) == prefix) message.remove_prefix(prefix.size());
  }
  return std::string(message);
}

}  // namespace

// --- Results.

PostgresResult::PostgresResult(pg_result* result, std::string where)
    : result_(result), where_(std::move(where)) {}

PostgresResult::PostgresResult(PostgresResult&& other) noexcept
    : result_(std::exchange(other.result_, nullptr)), where_(std::move(other.where_)) {}

PostgresResult& PostgresResult::operator=(PostgresResult&& other) noexcept {
  if (this != &other) {
    if (result_ != nullptr) PQclear(result_);
    result_ = std::exchange(other.result_, nullptr);
    where_ = std::move(other.where_);
  }
  return *this;
}

PostgresResult::~PostgresResult() {
  if (result_ != nullptr) PQclear(result_);
}

int PostgresResult::rows() const { return PQntuples(result_); }
int PostgresResult::columns() const { return PQnfields(result_); }

std::int64_t PostgresResult::affected() const {
  const std::string_view count = PQcmdTuples(result_);
  std::int64_t value = 0;
  std::from_chars(count.data(), count.data() + count.size(), value);
  return value;
}

std::string PostgresResult::command_status() const { return PQcmdStatus(result_); }

int PostgresResult::column(std::string_view name) const {
  // PQfnumber folds unquoted names to lower case; columns here are matched as they are named.
  for (int c = 0; c < columns(); ++c) {
    if (name == PQfname(result_, c)) return c;
  }
  fail(fmt::format("the result has no column '{}'", name));
}

void PostgresResult::fail(std::string_view problem) const {
  throw PostgresError(fmt::format("{}: cannot read a result: {}", where_, problem), "", false);
}

const char* PostgresResult::value(int row, int column) const {
  if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
    fail(fmt::format("no row {}, column {} (it has {} rows of {} columns)", row, column, rows(),
                     columns()));
  }
  if (PQgetisnull(result_, row, column)) {
    fail(fmt::format("column '{}' of row {} is NULL", PQfname(result_, column), row));
  }
  return PQgetvalue(result_, row, column);
}

bool PostgresResult::is_null(int row, int column) const {
  if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
    fail(fmt::format("no row {}, column {} (it has {} rows of {} columns)", row, column, rows(),
                     columns()));
  }
  return PQgetisnull(result_, row, column) != 0;
}

std::string PostgresResult::text(int row, int column) const {
  const char* bytes = value(row, column);
  return std::string(bytes, static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t PostgresResult::integer(int row, int column) const {
  const std::string digits = text(row, column);
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size()) {
    fail(fmt::format("column '{}' of row {} is not an integer: '{}'", PQfname(result_, column), row,
                     digits));
  }
  return number;
}

bool PostgresResult::boolean(int row, int column) const {
  const std::string text_value = text(row, column);
  if (text_value == "t") return true;
  if (text_value == "f") return false;
  fail(fmt::format("column '{}' of row {} is not a boolean: '{}'", PQfname(result_, column), row,
                   text_value));
}

std::optional<std::string> PostgresResult::optional_text(int row, int column) const {
  if (is_null(row, column)) return std::nullopt;
  return text(row, column);
}

// --- The connection.

PostgresConnection::PostgresConnection(std::string_view url) : where_(redacted_postgres_url(url)) {
  check_url(url, where_);
  const std::string dbname(url);
  // libpq takes the last value a keyword is given: the defaults come before the URL (expanded,
  // expand_dbname), which overrides them, and UTF-8 as the client encoding after it, whatever
  // the URL or the environment says (the store's text is UTF-8). A connect_timeout in the
  // environment (PGCONNECT_TIMEOUT) is kept as well.
  std::vector<const char*> keys;
  std::vector<const char*> values;
  for (const auto& [key, value] : kConnectionDefaults) {
    if (key == std::string_view("connect_timeout") && std::getenv("PGCONNECT_TIMEOUT") != nullptr) {
      continue;
    }
    keys.push_back(key);
    values.push_back(value);
  }
  keys.insert(keys.end(), {"dbname", "client_encoding", nullptr});
  values.insert(values.end(), {dbname.c_str(), "UTF8", nullptr});
  connection_ = PQconnectdbParams(keys.data(), values.data(), /*expand_dbname=*/1);
  if (connection_ == nullptr) {
    throw PostgresError(fmt::format("{}: cannot connect: out of memory", where_), "", true);
  }
  if (PQstatus(connection_) != CONNECTION_OK) {
    const std::string reason = plain(PQerrorMessage(connection_));
    PQfinish(connection_);
    connection_ = nullptr;
    throw PostgresError(fmt::format("{}: cannot connect: {}", where_, reason), "", true);
  }
  // Notices (a NOTICE from DDL, a WARNING) are the server's business: not printed on stderr.
  PQsetNoticeProcessor(
      connection_, [](void*, const char*) {}, nullptr);
}

PostgresConnection::~PostgresConnection() {
  if (connection_ != nullptr) PQfinish(connection_);
}

bool PostgresConnection::connected() const {
  return connection_ != nullptr && PQstatus(connection_) == CONNECTION_OK;
}

std::optional<std::string> PostgresConnection::option(std::string_view key) const {
  PQconninfoOption* const options = PQconninfo(connection_);
  if (options == nullptr) return std::nullopt;
  std::optional<std::string> found;
  for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (key == o->keyword && o->val != nullptr) found = o->val;
  }
  PQconninfoFree(options);
  return found;
}

void PostgresConnection::reconnect() {
  prepared_.clear();  // a new session of the server: its prepared statements are gone
  PQreset(connection_);
  if (PQstatus(connection_) != CONNECTION_OK) {
    throw PostgresError(
        fmt::format("{}: cannot connect again: {}", where_, plain(PQerrorMessage(connection_))), "",
        true);
  }
}

void PostgresConnection::fail(std::string_view doing, pg_result* result) const {
  const bool lost = PQstatus(connection_) != CONNECTION_OK;
  std::string sqlstate;
  std::string reason;
  if (result != nullptr) {
    if (const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE)) sqlstate = state;
    reason = plain(PQresultErrorMessage(result));
    PQclear(result);
  }
  if (reason.empty()) reason = plain(PQerrorMessage(connection_));
  if (lost) {
    throw PostgresError(
        fmt::format("{}: cannot {}: the connection to the database was lost ({}); what was not "
                    "committed was not written",
                    where_, doing, reason.empty() ? "no reason given" : reason),
        sqlstate, true);
  }
  throw PostgresError(fmt::format("{}: cannot {}: {}", where_, doing, reason), sqlstate, false);
}

PostgresResult PostgresConnection::exec(std::string_view sql,
                                        std::initializer_list<PostgresValue> parameters,
                                        std::string_view doing) {
  return exec_values(sql, parameters.begin(), parameters.end(), doing);
}

PostgresResult PostgresConnection::exec(std::string_view sql,
                                        const std::vector<PostgresValue>& parameters,
                                        std::string_view doing) {
  return exec_values(sql, parameters.data(), parameters.data() + parameters.size(), doing);
}

PostgresResult PostgresConnection::exec_values(std::string_view sql, const PostgresValue* begin,
                                               const PostgresValue* end, std::string_view doing) {
  std::vector<const char*> values;
  for (const PostgresValue* p = begin; p != end; ++p) {
    const auto& text = p->text();
    if (text && text->find('\0') != std::string::npos) {
      throw PostgresError(
          fmt::format("{}: cannot {}: parameter ${} holds a NUL byte, which PostgreSQL text "
                      "cannot keep",
                      where_, doing, values.size() + 1),
          "", false);
    }
    values.push_back(text ? text->c_str() : nullptr);
  }
  const std::string query(sql);
  const int count = static_cast<int>(values.size());
  const std::string* name = prepared(query, count, doing);
  pg_result* result =
      name != nullptr
          ? PQexecPrepared(connection_, name->c_str(), count, values.data(), nullptr, nullptr,
                           /*resultFormat=*/0)
          : PQexecParams(connection_, query.c_str(), count, nullptr, values.data(), nullptr,
                         nullptr, /*resultFormat=*/0);
  const ExecStatusType status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(doing, result);
  return PostgresResult(result, where_);
}

const std::string* PostgresConnection::prepared(const std::string& sql, int parameters,
                                                std::string_view doing) {
  if (const auto found = prepared_.find(sql); found != prepared_.end()) return &found->second;
  if (prepared_.size() >= kMaxPrepared) return nullptr;
  std::string name = fmt::format("wg_{}", prepared_.size());
  pg_result* result = PQprepare(connection_, name.c_str(), sql.c_str(), parameters, nullptr);
  if (result == nullptr || PQresultStatus(result) != PGRES_COMMAND_OK) fail(doing, result);
  PQclear(result);
  return &prepared_.emplace(sql, std::move(name)).first->second;
}

void PostgresConnection::run_script(std::string_view sql, std::string_view doing) {
  const std::string script(sql);
  // PQexec returns the last statement's result, or the first error's.
  pg_result* result = PQexec(connection_, script.c_str());
  const ExecStatusType status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY) {
    fail(doing, result);
  }
  PQclear(result);
}

#else  // built without libpq

bool postgres_available() { return false; }

PostgresResult::PostgresResult(pg_result* result, std::string where)
    : result_(result), where_(std::move(where)) {}
PostgresResult::PostgresResult(PostgresResult&&) noexcept = default;
PostgresResult& PostgresResult::operator=(PostgresResult&&) noexcept = default;
PostgresResult::~PostgresResult() = default;
void PostgresResult::fail(std::string_view problem) const {
  throw PostgresError(fmt::format("{}: {}", where_, problem), "", false);
}
int PostgresResult::rows() const { return 0; }
int PostgresResult::columns() const { return 0; }
std::int64_t PostgresResult::affected() const { return 0; }
std::string PostgresResult::command_status() const { return ""; }
int PostgresResult::column(std::string_view name) const {
  fail(fmt::format("the result has no column '{}'", name));
}
const char* PostgresResult::value(int, int) const { fail("no rows"); }
bool PostgresResult::is_null(int, int) const { fail("no rows"); }
std::string PostgresResult::text(int, int) const { fail("no rows"); }
std::int64_t PostgresResult::integer(int, int) const { fail("no rows"); }
bool PostgresResult::boolean(int, int) const { fail("no rows"); }
std::optional<std::string> PostgresResult::optional_text(int, int) const { fail("no rows"); }

PostgresConnection::PostgresConnection(std::string_view url) : where_(redacted_postgres_url(url)) {
  check_url(url, where_);
  throw PostgresError(fmt::format("{}: cannot connect: this wordgames was built without "
                                  "PostgreSQL support (Debian's libpq-dev; scripts/setup play)",
                                  where_),
                      "", true);
}
PostgresConnection::~PostgresConnection() = default;
bool PostgresConnection::connected() const { return false; }
std::optional<std::string> PostgresConnection::option(std::string_view) const {
  return std::nullopt;
}
void PostgresConnection::reconnect() { PostgresConnection again(where_); }
void PostgresConnection::fail(std::string_view doing, pg_result*) const {
  throw PostgresError(fmt::format("{}: cannot {}: not connected", where_, doing), "", true);
}
PostgresResult PostgresConnection::exec(std::string_view, std::initializer_list<PostgresValue>,
                                        std::string_view doing) {
  fail(doing, nullptr);
}
PostgresResult PostgresConnection::exec(std::string_view, const std::vector<PostgresValue>&,
                                        std::string_view doing) {
  fail(doing, nullptr);
}
PostgresResult PostgresConnection::exec_values(std::string_view, const PostgresValue*,
                                               const PostgresValue*, std::string_view doing) {
  fail(doing, nullptr);
}
void PostgresConnection::run_script(std::string_view, std::string_view doing) {
  fail(doing, nullptr);
}

#endif

// --- Transactions.

PostgresTransaction::PostgresTransaction(PostgresConnection& connection) : connection_(connection) {
  try {
    connection_.exec("BEGIN", {}, "start a transaction");
  } catch (const PostgresError& error) {
    // Found lost before the transaction did anything (the server ended the session since the
    // last call): nothing can be lost by beginning again on a new connection.
    if (!error.connection_lost()) throw;
    connection_.reconnect();
    connection_.exec("BEGIN", {}, "start a transaction");
  }
}

PostgresTransaction::~PostgresTransaction() {
  if (!open_ || !connection_.connected()) return;
  try {
    connection_.exec("ROLLBACK", {}, "roll back");
  } catch (const StoreError&) {
    // The connection broke meanwhile: the server rolls back what it never saw committed.
  }
}

void PostgresTransaction::commit() {
  open_ = false;
  // A transaction in which a statement failed is rolled back by its COMMIT, which the server
  // answers without an error: said here, so that nothing is taken as written that was not.
  if (connection_.exec("COMMIT", {}, "commit").command_status() != "COMMIT") {
    throw PostgresError(fmt::format("{}: cannot commit: an earlier statement of the transaction "
                                    "failed, so the server rolled it back",
                                    connection_.where()),
                        "25P02", false);
  }
}

}  // namespace wg::app
