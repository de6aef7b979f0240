#include "app/sqlite_store.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/file_store.h"
#include "app/game_store_rules.h"
#include "app/registry.h"
#include "app/user_data.h"
#include "core/text.h"

namespace wg::app {

namespace {

/// PRAGMA application_id: "WGS1", so that a wordgames database is recognised as one.
constexpr int kApplicationId = 0x57475331;
/// How long a write waits for another process's transaction before giving up.
constexpr int kBusyTimeoutMs = 5000;
/// How long to wait between two tries of what the busy timeout does not cover.
constexpr int kRetryMs = 5;

void move_history_into_games(SqliteStore::Database& d);
void mark_bot_seats(SqliteStore::Database& d);

/// One version's change of schema: `before` (may be null) runs first, then the SQL, then
/// `after` (may be null).
struct Migration {
  void (*before)(SqliteStore::Database&) = nullptr;
  const char* sql = "";
  void (*after)(SqliteStore::Database&) = nullptr;
};

/// The schema, one migration per version, in order: migration i takes user_version i to i + 1.
/// A released migration is never edited; a change of schema is a new one at the end.
constexpr Migration kMigrations[] = {
    // Version 1.
    {nullptr, R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  config TEXT NOT NULL,
  seed INTEGER NOT NULL,  -- the unsigned 64-bit seed's bits, as SQLite's signed integer
  commands TEXT NOT NULL,
  result TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  ended_ms INTEGER NOT NULL
);
-- One row per player of a finished game; game and ended_ms are copied from games so that a
-- player's games, per game and in order, are one index range.
CREATE TABLE game_players (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  ended_ms INTEGER NOT NULL,
  score INTEGER NOT NULL,
  won INTEGER NOT NULL CHECK (won IN (0, 1)),
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX game_players_by_player_game
  ON game_players (player_id, game, ended_ms, game_id, won, score);  -- covers the statistics
CREATE INDEX game_players_by_player ON game_players (player_id, ended_ms, game_id);
-- Statistics per player and game, kept up to date in the transaction that records a game
-- (recomputed from game_players when a game arrives out of order).
CREATE TABLE player_stats (
  player_id INTEGER NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  score_sum INTEGER NOT NULL,
  best_score INTEGER NOT NULL,
  current_streak INTEGER NOT NULL,
  best_streak INTEGER NOT NULL,
  last_ended_ms INTEGER NOT NULL,
  last_game_id INTEGER NOT NULL,
  PRIMARY KEY (player_id, game)
) WITHOUT ROWID;
CREATE TABLE unfinished_games (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  saved TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX unfinished_games_by_player ON unfinished_games (player_id, updated_ms);
-- The port's history (store.h: hangman's last games), every record kept.
CREATE TABLE history (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  word TEXT NOT NULL,
  guesses INTEGER NOT NULL,
  player_won INTEGER NOT NULL CHECK (player_won IN (0, 1)),
  points INTEGER NOT NULL
);
CREATE INDEX history_by_game ON history (game, id);
CREATE TABLE dictionaries (name TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE saved_games (name TEXT PRIMARY KEY, saved TEXT NOT NULL) WITHOUT ROWID;
)sql"},
    // Version 2: the game-specific statistics (sqlite_store.h, GameStatistics).
    {nullptr, R"sql(
ALTER TABLE games ADD COLUMN details TEXT;  -- JSON; NULL for none (games of version 1)
-- Sums of the game-specific figures per player and game, named like "length.7.misses", added
-- to in the transaction that records a game (sums do not mind the order games arrive in).
CREATE TABLE player_counters (
  player_id INTEGER NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  counter TEXT NOT NULL,
  value INTEGER NOT NULL,
  PRIMARY KEY (player_id, game, counter)
) WITHOUT ROWID;
CREATE INDEX player_stats_by_game ON player_stats (game, best_score DESC, wins DESC);
-- Unfinished games' ids are never given again (AUTOINCREMENT): a front end goes on saving a
-- game under the id its first save returned, and an id freed by a deletion elsewhere (another
-- terminal or the server finishing that game) and given to a new game would make the next save
-- overwrite the new game.
CREATE TABLE unfinished_games_never_reused (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  player_id INTEGER NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  saved TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
INSERT INTO unfinished_games_never_reused SELECT * FROM unfinished_games;
DROP TABLE unfinished_games;
ALTER TABLE unfinished_games_never_reused RENAME TO unfinished_games;
CREATE INDEX unfinished_games_by_player ON unfinished_games (player_id, updated_ms);
-- A finished game's own log, byte for byte (an auction's JSON Lines log), beside its record.
CREATE TABLE game_logs (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  log TEXT NOT NULL
);
-- Tournaments (an auction's, between bots): what was played, the table of results, and its
-- games, each a finished game of the games table linked by games.tournament_id.
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  config TEXT NOT NULL,  -- JSON
  result TEXT NOT NULL,  -- JSON: the table
  started_ms INTEGER NOT NULL,
  ended_ms INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('finished', 'stopped'))
);
CREATE INDEX tournaments_by_end ON tournaments (ended_ms, id);
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
CREATE INDEX games_by_tournament ON games (tournament_id, id) WHERE tournament_id IS NOT NULL;
)sql"},
    // Version 3: the port's history (the last games of position hangman, without players or
    // moves) retired: its games are moved into the games table (move_history_into_games), so
    // that a game is kept once. Saved dictionaries become saved word lists, which any game may
    // read.
    {&move_history_into_games, R"sql(
DROP TABLE history;
ALTER TABLE dictionaries RENAME TO word_lists;
)sql"},
    // Version 4: a player's secret, which the arcade checks before it acts as that player (NULL:
    // none yet, a player the terminal made; the first browser to ask claims it).
    {nullptr, R"sql(
ALTER TABLE players ADD COLUMN secret TEXT;
)sql"},
    // Version 5: practice games (FinishedGame::practice: their seed was known before they
    // began), kept and replayable but counted in no statistics; an unfinished game resumes as
    // the practice it was.
    {nullptr, R"sql(
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1));
-- The few practice games, which a recount of statistics leaves out, without reading every game.
CREATE INDEX practice_games ON games (id) WHERE practice = 1;
ALTER TABLE unfinished_games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0
  CHECK (practice IN (0, 1));
)sql"},
    // Version 6: bots are not players (GamePlayer::bot). A seat a bot played names the bot; its
    // rows count in no player's statistics but in the bots' board. The games kept before are
    // read by their game's entry (GameEntry::seat_bots: the auction's config names its seats'
    // kinds), and their bots' statistics taken out of the players' (mark_bot_seats).
    {nullptr, R"sql(
ALTER TABLE game_players ADD COLUMN bot TEXT;  -- the bot's name; NULL for a person
-- The bots' rows alone (partial indexes): the bots' boards, and whether a name is a bot's.
CREATE INDEX game_players_bots ON game_players (game, bot) WHERE bot IS NOT NULL;
CREATE INDEX game_players_bot_names ON game_players (player_id) WHERE bot IS NOT NULL;
)sql",
     &mark_bot_seats},
    // Version 7: the puzzle of the day (app/daily.h): the day a game played, for each player's
    // record of it (their first game of the day; later ones are practice), streaks of days and
    // the day's leaderboard.
    {nullptr, R"sql(
ALTER TABLE games ADD COLUMN daily TEXT;  -- "YYYY-MM-DD"; NULL: not a puzzle of the day
CREATE INDEX daily_games ON games (game, daily) WHERE daily IS NOT NULL;
)sql"},
    // Version 8: the queue of jobs (game_store.h, Job) that workers take.
    {nullptr, R"sql(
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never given again: a worker names its job by id
  kind TEXT NOT NULL,
  input TEXT NOT NULL,  -- JSON
  job_group TEXT NOT NULL,
  after_group TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress TEXT NOT NULL,  -- JSON
  result TEXT NOT NULL,  -- JSON
  error TEXT NOT NULL,
  holder TEXT NOT NULL,
  lease_until_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  queued_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
-- The jobs a claim looks at (queued, or running with a lease that may have run out).
CREATE INDEX jobs_to_take ON jobs (id) WHERE state IN ('queued', 'running');
CREATE INDEX jobs_by_group ON jobs (job_group, state) WHERE job_group <> '';
)sql"},
};
static_assert(std::size(kMigrations) == kStoreSchemaVersion);

bool is_upper_word(std::string_view word) {
  return !word.empty() && word.size() <= 64 &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

}  // namespace

// --- The connection, its statements and transactions: a thin RAII layer over SQLite's C API.

struct SqliteStore::Database {
  class Statement;

  std::filesystem::path file;
  sqlite3* db = nullptr;
  /// Prepared statements by their SQL text (the literals of this file), kept for the life of
  /// the connection.
  std::map<std::string, sqlite3_stmt*, std::less<>> statements;

  /// Set when SQLite found the file damaged (SQLITE_CORRUPT), or the check on opening did.
  mutable bool damaged = false;

  explicit Database(std::filesystem::path path) : file(std::move(path)) {}
  ~Database() {
    for (auto& [sql, statement] : statements) sqlite3_finalize(statement);
    if (db != nullptr) sqlite3_close_v2(db);
  }

  /// A StoreError naming the file, what was being done and SQLite's reason in plain words.
  [[noreturn]] void fail(std::string_view doing, int code) const {
    const char* message = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    std::string reason;
    switch (code & 0xff) {
      case SQLITE_NOTADB:
        reason = "it is not a database (a wordgames database is an SQLite file)";
        break;
      case SQLITE_FULL:
        reason = "the disk is full";
        break;
      case SQLITE_IOERR:
        reason = fmt::format("a disk error ({}): the disk may be full or failing", message);
        break;
      case SQLITE_READONLY:
      case SQLITE_PERM:
        reason = fmt::format("it cannot be written ({}); is its directory read-only?", message);
        break;
      case SQLITE_CANTOPEN:
        reason = fmt::format(
            "it cannot be opened or created ({}); is its directory missing or read-only?", message);
        break;
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
        reason = fmt::format("another program is using it and kept it locked ({})", message);
        break;
      case SQLITE_CORRUPT:
        reason = fmt::format("it is damaged ({})", message);
        damaged = true;
        break;
      default:
        reason = message;
    }
    throw StoreError(fmt::format("{}: cannot {}: {}", file.string(), doing, reason));
  }

  void exec(const char* sql, std::string_view doing) {
    const int code = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    if (code != SQLITE_OK) fail(doing, code);
  }

  /// The cached statement for `sql`, prepared the first time; StoreError saying what was being
  /// done (`doing`) when it cannot be (preparing reads the schema).
  Statement prepare(std::string_view sql, std::string_view doing = "read it");
};

/// A cached statement, bound and stepped; reset (and unbound) when it goes out of scope.
class SqliteStore::Database::Statement {
 public:
  Statement(Database& database, sqlite3_stmt* statement)
      : database_(database), statement_(statement) {}
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }

  Statement& bind(int index, std::int64_t value) {
    check(sqlite3_bind_int64(statement_, index, value));
    return *this;
  }
  Statement& bind(int index, std::string_view text) {
    check(sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                              SQLITE_UTF8));
    return *this;
  }
  Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }

  /// SQLite's result code of one step, for the caller to handle.
  int try_step() { return sqlite3_step(statement_); }
  /// True for a row, false when done; StoreError otherwise.
  bool step(std::string_view doing = "read or write it") {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    database_.fail(doing, code);
  }
  /// Steps a statement that returns no row.
  void run(std::string_view doing = "write it") {
    while (step(doing)) {
    }
  }

  Statement& bind_null(int index) {
    sqlite3_bind_null(statement_, index);
    return *this;
  }

  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }
  bool is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  double real(int column) const { return sqlite3_column_double(statement_, column); }
  std::string text(int column) const {
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    return bytes == nullptr
               ? std::string()
               : std::string(bytes,
                             static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
  }
  Json json(int column) const { return stored_json(text(column), database_.file.string()); }

 private:
  void check(int code) {
    if (code != SQLITE_OK) database_.fail("bind a value", code);
  }
  Database& database_;
  sqlite3_stmt* statement_;
};

SqliteStore::Database::Statement SqliteStore::Database::prepare(std::string_view sql,
                                                                std::string_view doing) {
  auto found = statements.find(sql);
  if (found == statements.end()) {
    sqlite3_stmt* statement = nullptr;
    const int code = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                        SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
    if (code != SQLITE_OK) fail(doing, code);
    found = statements.emplace(std::string(sql), statement).first;
  }
  return Statement(*this, found->second);
}

namespace {

/// BEGIN IMMEDIATE (the write lock at once, so that two writers never deadlock upgrading a read
/// lock), then COMMIT, or ROLLBACK when left without commit().
class Transaction {
 public:
  using Database = SqliteStore::Database;
  explicit Transaction(Database& database) : database_(database) {
    database_.exec("BEGIN IMMEDIATE", "start writing to it");
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (open_) sqlite3_exec(database_.db, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    database_.exec("COMMIT", "write it");
    open_ = false;
  }

 private:
  Database& database_;
  bool open_ = true;
};

/// `path` as the path of an SQLite URI (file:PATH?...): the characters a URI gives a meaning to
/// escaped.
std::string uri_path(const std::filesystem::path& path) {
  std::string out;
  for (const char c : path.string()) {
    if (c == '%' || c == '?' || c == '#') {
      out += fmt::format("%{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

/// What PRAGMA quick_check finds wrong with the open file, "" when nothing.
std::string damage_of(SqliteStore::Database& d) {
  try {
    auto statement = d.prepare("PRAGMA quick_check(1)", "check it");
    statement.step("check it");
    std::string result = statement.text(0);
    return result == "ok" ? "" : result;
  } catch (const StoreError& error) {  // too damaged to be read as far as the check goes
    return error.what();
  }
}

}  // namespace

// --- Opening and migrating.

SqliteStore::SqliteStore(std::filesystem::path file)
    : file_(std::move(file)), db_(std::make_unique<Database>(file_)) {
  try {
    open();
  } catch (const StoreError& problem) {
    if (db_ == nullptr || !db_->damaged) throw;
    // A damaged file is never written into: it is kept aside, its journal with it, as the
    // other damaged files are, and a new one is made at the next start.
    db_.reset();  // closed before it is moved
    // Its journal first, named after where the file goes (the file's own name is still free).
    const std::filesystem::path aside = aside_path(file_);
    for (const char* journal : {"-wal", "-shm"}) {
      std::error_code ignored;
      const std::filesystem::path beside = file_.string() + journal;
      if (std::filesystem::exists(beside, ignored)) {
        std::filesystem::rename(beside, aside.string() + journal, ignored);
      }
    }
    throw StoreError(move_aside(file_, problem.what()) + "; a new one is made at the next start");
  }
}

void SqliteStore::open() {
  Database& d = *db_;
  std::error_code error;
  const std::filesystem::path dir = file_.parent_path();
  if (!dir.empty()) {
    std::filesystem::create_directories(dir, error);
    if (error || !std::filesystem::is_directory(dir)) {
      throw StoreError(fmt::format("{}: cannot create its directory: {}", file_.string(),
                                   error ? error.message() : "not a directory"));
    }
  }
  // A file this program may read but not write (its folder read-only, as on a shared or
  // archived data folder) is opened read-only: what it holds is served, and every write is
  // refused with a StoreError saying why (SQLITE_READONLY). Its folder being read-only, nobody
  // writes it meanwhile: it is opened immutable, without the WAL's shared memory file that
  // could not be made there.
  std::error_code exists_error;
  read_only_ =
      std::filesystem::is_regular_file(file_, exists_error) &&
      (::access(file_.c_str(), W_OK) != 0 || (!dir.empty() && ::access(dir.c_str(), W_OK) != 0)) &&
      ::access(file_.c_str(), R_OK) == 0;
  const int opened =
      read_only_
          ? sqlite3_open_v2(fmt::format("file:{}?immutable=1", uri_path(file_)).c_str(), &d.db,
                            SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX |
                                SQLITE_OPEN_EXRESCODE,
                            nullptr)
          : sqlite3_open_v2(file_.c_str(), &d.db,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX |
                                SQLITE_OPEN_EXRESCODE,
                            nullptr);
  if (opened != SQLITE_OK) d.fail("open it", opened);
  sqlite3_extended_result_codes(d.db, 1);
  sqlite3_busy_timeout(d.db, kBusyTimeoutMs);

  // What the file is, read in one statement (one snapshot: another program may be creating
  // it), before anything is written to it, and again once it is locked for the migrations.
  // Returns the schema version.
  auto check_identity = [&]() -> std::int64_t {
    auto statement = d.prepare(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT application_id FROM pragma_application_id), "
        "(SELECT count(*) FROM sqlite_schema)",
        "open it");
    statement.step("open it");
    const std::int64_t version = statement.integer(0);
    const std::int64_t application = statement.integer(1);
    const std::int64_t objects = statement.integer(2);
    if (application != kApplicationId && (application != 0 || version != 0 || objects != 0)) {
      throw StoreError(
          fmt::format("{}: is an SQLite database, but not a wordgames one; it was left as it is",
                      file_.string()));
    }
    if (version > kStoreSchemaVersion) {
      throw StoreError(fmt::format(
          "{}: was written by a newer wordgames (schema version {}; this one knows up to {}); it "
          "was left as it is: use that newer wordgames, or --data with another directory",
          file_.string(), version, kStoreSchemaVersion));
    }
    return version;
  };
  const std::int64_t found = check_identity();
  if (read_only_) {
    if (found != kStoreSchemaVersion) {
      throw StoreError(fmt::format(
          "{}: is read-only and of an older wordgames (schema version {}; this one writes {}): "
          "it cannot be brought up to date here; make its folder writable",
          file_.string(), found, kStoreSchemaVersion));
    }
    if (const std::string damage = damage_of(d); !damage.empty()) {
      throw StoreError(
          fmt::format("{}: cannot open it: it is damaged ({}); it is read-only, so it was left "
                      "where it is",
                      file_.string(), damage));
    }
    return;  // nothing to set up or migrate: it is only read
  }

  // WAL: readers never wait for the writer, and a commit is one append to the log.
  // synchronous=NORMAL: in WAL mode a commit then survives a crash or a kill of the program
  // (the log is in the operating system's hands) and the file is never corrupted; only a power
  // loss may forget the last commits. FULL would add a disk flush to every recorded game for
  // that case alone, several milliseconds on a disk.
  // Changing the journal mode takes an exclusive lock without the busy handler (SQLite answers
  // SQLITE_BUSY at once rather than risk a deadlock), so it is retried here, for as long as the
  // busy timeout: two programs opening a new file at once. A file already in WAL mode never
  // waits here.
  for (int waited_ms = 0;; waited_ms += kRetryMs) {
    auto statement = d.prepare("PRAGMA journal_mode=WAL");
    const int code = statement.try_step();
    if (code == SQLITE_ROW) break;
    if ((code & 0xff) != SQLITE_BUSY || waited_ms >= kBusyTimeoutMs) {
      d.fail("set its journal mode", code);
    }
    sqlite3_sleep(kRetryMs);
  }
  d.exec("PRAGMA synchronous=NORMAL", "set it up");
  d.exec("PRAGMA foreign_keys=ON", "set it up");

  // A damaged file (bytes overwritten by another program, a failing disk) is found now, before
  // anything is written into it (PRAGMA quick_check: every page and index entry, without
  // matching the indexes to their tables; milliseconds for a classroom's games).
  if (const std::string damage = damage_of(d); !damage.empty()) {
    d.damaged = true;
    throw StoreError(fmt::format("{}: cannot open it: it is damaged ({})", file_.string(), damage));
  }

  Transaction transaction(d);
  const std::int64_t now = check_identity();  // another program may have migrated it since
  for (std::int64_t v = now; v < kStoreSchemaVersion; ++v) {
    if (kMigrations[v].before != nullptr) kMigrations[v].before(d);
    d.exec(kMigrations[v].sql, "update its schema");
    if (kMigrations[v].after != nullptr) kMigrations[v].after(d);
  }
  if (now < kStoreSchemaVersion) {
    d.exec(fmt::format("PRAGMA application_id={}; PRAGMA user_version={}", kApplicationId,
                       kStoreSchemaVersion)
               .c_str(),
           "update its schema");
  }
  transaction.commit();
}

SqliteStore::~SqliteStore() = default;

std::filesystem::path SqliteStore::default_file() {
  try {
    return user_data_dir() / "wordgames.db";
  } catch (const std::runtime_error& error) {
    throw StoreError(error.what());
  }
}

// --- The port: word lists.

std::vector<std::string> SqliteStore::word_list_names() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  auto statement = db_->prepare("SELECT name FROM word_lists ORDER BY name");
  while (statement.step()) names.push_back(statement.text(0));
  return names;
}

bool SqliteStore::has_word_list(std::string_view name) {
  if (!valid_name(name)) return false;
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT 1 FROM word_lists WHERE name = ?1");
  statement.bind(1, name);
  return statement.step();
}

std::string SqliteStore::word_list_location(std::string_view name) {
  return word_list_location_in(file_.string(), name);
}

void SqliteStore::save_word_list(std::string_view name, std::span<const std::string> words) {
  check_word_list(name, words);
  const std::string text = word_list_text(words);
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare("INSERT OR REPLACE INTO word_lists (name, words) VALUES (?1, ?2)")
      .bind(1, name)
      .bind(2, text)
      .run("save a word list in it");
  transaction.commit();
}

std::string SqliteStore::load_word_list(std::string_view name) {
  if (!valid_name(name)) throw StoreError(fmt::format("no saved word list '{}'", name));
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT words FROM word_lists WHERE name = ?1");
  statement.bind(1, name);
  if (!statement.step()) throw StoreError(fmt::format("no saved word list '{}'", name));
  return statement.text(0);
}

// --- The port: saved games.

std::vector<std::string> SqliteStore::game_names() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  auto statement = db_->prepare("SELECT name FROM saved_games ORDER BY name");
  while (statement.step()) names.push_back(statement.text(0));
  return names;
}

void SqliteStore::save_game(std::string_view name, const Json& saved) {
  if (!valid_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid saved game name", name));
  }
  check_saved_game(saved);
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare("INSERT OR REPLACE INTO saved_games (name, saved) VALUES (?1, ?2)")
      .bind(1, name)
      .bind(2, saved.dump())
      .run("save a game in it");
  transaction.commit();
}

Json SqliteStore::load_game(std::string_view name) {
  if (!valid_name(name)) throw StoreError(fmt::format("no saved game '{}'", name));
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT saved FROM saved_games WHERE name = ?1");
  statement.bind(1, name);
  if (!statement.step()) throw StoreError(fmt::format("no saved game '{}'", name));
  return checked_stored_game(statement.json(0), name, file_.string());
}

// --- Players.

std::optional<Player> SqliteStore::find_player(std::string_view name) {
  checked_player_name(name);
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT id, name FROM players WHERE name = ?1");
  statement.bind(1, name);
  if (!statement.step()) return std::nullopt;
  return Player{statement.integer(0), statement.text(1)};
}

Player SqliteStore::player(std::string_view name) {
  std::lock_guard lock(mutex_);
  if (std::optional<Player> found = find_player(name)) return *found;
  Transaction transaction(*db_);
  db_->prepare("INSERT OR IGNORE INTO players (name) VALUES (?1)")
      .bind(1, name)
      .run("add a player to it");
  transaction.commit();
  return *find_player(name);
}

bool SqliteStore::claim_player(std::string_view name, std::string_view secret) {
  checked_player_name(name);
  if (secret.empty()) throw std::invalid_argument("a player's secret is not empty");
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare("INSERT OR IGNORE INTO players (name) VALUES (?1)")
      .bind(1, name)
      .run("add a player to it");
  db_->prepare("UPDATE players SET secret = ?2 WHERE name = ?1 AND secret IS NULL")
      .bind(1, name)
      .bind(2, secret)
      .run("give a player a secret in it");
  const bool claimed = sqlite3_changes(db_->db) == 1;
  transaction.commit();
  return claimed;
}

bool SqliteStore::player_secret_matches(std::string_view name, std::string_view secret) {
  checked_player_name(name);
  std::lock_guard lock(mutex_);
  auto statement =
      db_->prepare("SELECT secret FROM players WHERE name = ?1 AND secret IS NOT NULL");
  statement.bind(1, name);
  if (!statement.step()) return false;
  return secrets_match(statement.text(0), secret);
}

std::vector<Player> SqliteStore::players() {
  std::lock_guard lock(mutex_);
  std::vector<Player> players;
  auto statement = db_->prepare(
      // A person's name has no bot's row (one look in a small partial index); a name a bot played
      // under is listed when a person played under it too.
      "SELECT id, name FROM players p WHERE secret IS NOT NULL "
      "OR NOT EXISTS (SELECT 1 FROM game_players WHERE player_id = p.id AND bot IS NOT NULL) "
      "OR EXISTS (SELECT 1 FROM game_players WHERE player_id = p.id AND bot IS NULL) "
      "ORDER BY name");
  while (statement.step()) players.push_back({statement.integer(0), statement.text(1)});
  return players;
}

std::optional<Player> SqliteStore::last_player() {
  std::lock_guard lock(mutex_);
  std::string name;
  {
    auto statement = db_->prepare("SELECT value FROM meta WHERE key = ?1");
    statement.bind(1, kLastPlayerKey);
    if (!statement.step()) return std::nullopt;
    name = statement.text(0);
  }
  if (!valid_player_name(name)) return std::nullopt;
  return find_player(name);
}

Player SqliteStore::set_last_player(std::string_view name) {
  std::lock_guard lock(mutex_);
  Player chosen = player(name);
  Transaction transaction(*db_);
  db_->prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
      .bind(1, kLastPlayerKey)
      .bind(2, chosen.name)
      .run("remember the last player in it");
  transaction.commit();
  return chosen;
}

// --- Finished games.

namespace {

constexpr const char* kUpdateStatistics = R"sql(
INSERT INTO player_stats (player_id, game, games, wins, score_sum, best_score, current_streak,
                          best_streak, last_ended_ms, last_game_id)
VALUES (?1, ?2, 1, ?3, ?4, ?4, ?3, ?3, ?5, ?6)
ON CONFLICT (player_id, game) DO UPDATE SET
  games = games + 1,
  wins = wins + excluded.wins,
  score_sum = score_sum + excluded.score_sum,
  best_score = max(best_score, excluded.best_score),
  current_streak = CASE WHEN excluded.wins = 1 THEN current_streak + 1 ELSE 0 END,
  best_streak = max(best_streak, CASE WHEN excluded.wins = 1 THEN current_streak + 1 ELSE 0 END),
  last_ended_ms = excluded.last_ended_ms,
  last_game_id = excluded.last_game_id
WHERE (excluded.last_ended_ms, excluded.last_game_id) > (last_ended_ms, last_game_id)
)sql";

/// The games table as a game is written into it: as this version has it, or as the migrations
/// before version 5 see it (no practice column, no bot column in game_players; version 3's
/// records games).
enum class GamesTable : std::uint8_t { kCurrent, kBeforePractice };

/// The statistics of one player and game from all their games but practice ones, in one pass
/// over the covering index: `losses` numbers the runs of wins (the games not won before each
/// game), the current streak is the last run's wins, the best streak the most wins of a run.
std::string recompute_statistics_sql(GamesTable table) {
  const std::string_view counted =
      table == GamesTable::kCurrent
          ? "AND bot IS NULL AND game_id NOT IN (SELECT id FROM games WHERE practice = 1)"
          : "";
  return fmt::format(R"sql(
WITH runs AS MATERIALIZED (
  SELECT losses, count(*) AS games, sum(won) AS wins, sum(score) AS score_sum,
         max(score) AS best_score
  FROM (SELECT won, score,
               sum(1 - won) OVER (ORDER BY ended_ms, game_id ROWS UNBOUNDED PRECEDING) AS losses
        FROM game_players WHERE player_id = ?1 AND game = ?2 {counted})
  GROUP BY losses
),
last AS (
  SELECT ended_ms, game_id FROM game_players WHERE player_id = ?1 AND game = ?2 {counted}
  ORDER BY ended_ms DESC, game_id DESC LIMIT 1
)
INSERT OR REPLACE INTO player_stats (player_id, game, games, wins, score_sum, best_score,
                                     current_streak, best_streak, last_ended_ms, last_game_id)
SELECT ?1, ?2, sum(games), sum(wins), sum(score_sum), max(best_score),
       (SELECT wins FROM runs ORDER BY losses DESC LIMIT 1), max(wins),
       (SELECT ended_ms FROM last), (SELECT game_id FROM last)
FROM runs
)sql",
                     fmt::arg("counted", counted));
}

/// `game` as it is recorded: a puzzle of the day that one of its people already has a record of
/// (a game of that day's puzzle, not practice) is practice.
FinishedGame daily_record(SqliteStore::Database& d, const FinishedGame& game) {
  if (game.daily.empty() || game.practice) return game;
  for (const GamePlayer& p : game.players) {
    if (!p.bot.empty()) continue;
    auto played = d.prepare(
        "SELECT 1 FROM games g JOIN game_players gp ON gp.game_id = g.id "
        "JOIN players p ON p.id = gp.player_id WHERE g.game = ?1 AND g.daily = ?2 "
        "AND g.practice = 0 AND gp.bot IS NULL AND p.name = ?3 LIMIT 1");
    played.bind(1, game.game).bind(2, game.daily).bind(3, p.name);
    if (played.step("record a game in it")) {
      FinishedGame again = game;
      again.practice = true;
      return again;
    }
  }
  return game;
}

/// Writes a checked game (check_finished_game), its log, players and statistics (none for a
/// practice game), inside the caller's transaction; returns its id. `tournament_id` 0 for none.
std::int64_t insert_finished_game(SqliteStore::Database& d, const FinishedGame& game,
                                  std::int64_t tournament_id,
                                  GamesTable table = GamesTable::kCurrent) {
  if (game.practice && table != GamesTable::kCurrent) {
    throw std::logic_error("a practice game written into a table that cannot say so");
  }
  std::int64_t id = 0;
  {
    auto insert = d.prepare(
        "INSERT INTO games (game, config, seed, commands, result, started_ms, ended_ms, details, "
        "tournament_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    insert.bind(1, game.game)
        .bind(2, game.config.dump())
        .bind(3, static_cast<std::int64_t>(game.seed))
        .bind(4, game.commands.dump())
        .bind(5, game.result.dump())
        .bind(6, game.started_ms)
        .bind(7, game.ended_ms);
    if (game.details.is_null()) {
      insert.bind_null(8);
    } else {
      insert.bind(8, game.details.dump());
    }
    if (tournament_id == 0) {
      insert.bind_null(9);
    } else {
      insert.bind(9, tournament_id);
    }
    insert.run("record a game in it");
    id = sqlite3_last_insert_rowid(d.db);
  }
  if (game.practice) {
    d.prepare("UPDATE games SET practice = 1 WHERE id = ?1").bind(1, id).run("record a game in it");
  }
  if (!game.daily.empty()) {
    if (table != GamesTable::kCurrent) {
      throw std::logic_error("a puzzle of the day written into a table that cannot say so");
    }
    d.prepare("UPDATE games SET daily = ?2 WHERE id = ?1")
        .bind(1, id)
        .bind(2, game.daily)
        .run("record a game in it");
  }
  if (game.log) {
    d.prepare("INSERT INTO game_logs (game_id, log) VALUES (?1, ?2)")
        .bind(1, id)
        .bind(2, *game.log)
        .run("record a game's log in it");
  }
  const std::vector<std::pair<std::string, std::int64_t>> counters =
      counters_of(game.game, game.details);
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    const GamePlayer& p = game.players[seat];
    d.prepare("INSERT OR IGNORE INTO players (name) VALUES (?1)")
        .bind(1, p.name)
        .run("add a player to it");
    std::int64_t player_id = 0;
    {
      auto find = d.prepare("SELECT id FROM players WHERE name = ?1");
      find.bind(1, p.name).step();
      player_id = find.integer(0);
    }
    if (!p.bot.empty() && table != GamesTable::kCurrent) {
      throw std::logic_error("a bot's seat written into a table that cannot say so");
    }
    auto insert = d.prepare(
        table == GamesTable::kCurrent
            ? "INSERT INTO game_players (game_id, seat, player_id, game, ended_ms, score, won, "
              "bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            : "INSERT INTO game_players (game_id, seat, player_id, game, ended_ms, score, won) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    insert.bind(1, id)
        .bind(2, static_cast<std::int64_t>(seat))
        .bind(3, player_id)
        .bind(4, game.game)
        .bind(5, game.ended_ms)
        .bind(6, p.score)
        .bind(7, std::int64_t{p.won});
    if (table == GamesTable::kCurrent) {
      if (p.bot.empty()) {
        insert.bind_null(8);
      } else {
        insert.bind(8, p.bot);
      }
    }
    insert.run("record a game in it");
    // A practice game is kept but counted nowhere; a bot's seat counts on the bots' board only.
    if (game.practice || !p.bot.empty()) continue;
    d.prepare(kUpdateStatistics)
        .bind(1, player_id)
        .bind(2, game.game)
        .bind(3, std::int64_t{p.won})
        .bind(4, p.score)
        .bind(5, game.ended_ms)
        .bind(6, id)
        .run("update statistics in it");
    if (sqlite3_changes(d.db) == 0) {  // an earlier game than the last one counted: recount
      d.prepare(recompute_statistics_sql(table))
          .bind(1, player_id)
          .bind(2, game.game)
          .run("update statistics in it");
    }
    for (const auto& [name, value] : counters) {
      d.prepare(
           "INSERT INTO player_counters (player_id, game, counter, value) VALUES (?1, ?2, ?3, ?4) "
           "ON CONFLICT (player_id, game, counter) DO UPDATE SET value = value + excluded.value")
          .bind(1, player_id)
          .bind(2, game.game)
          .bind(3, name)
          .bind(4, value)
          .run("update statistics in it");
    }
  }
  return id;
}

}  // namespace

namespace {

/// The meta row kLastPlayerKey: the last player the store remembers (legacy_owner), if any.
std::optional<std::string> last_player_row(SqliteStore::Database& d) {
  auto statement = d.prepare("SELECT value FROM meta WHERE key = ?1");
  statement.bind(1, kLastPlayerKey);
  if (statement.step()) return statement.text(0);
  return std::nullopt;
}

/// Version 3's move: each game of the history table that the games table does not hold already
/// (a game recorded since the games table was made went to both, with the same word, guesses,
/// winner and points in its result) is recorded there, as legacy_game; in the table's order.
void move_history_into_games(SqliteStore::Database& d) {
  const std::string owner = legacy_owner(last_player_row(d));
  std::vector<std::pair<std::string, HistoryRecord>> records;
  {
    auto statement = d.prepare(
        "SELECT game, word, guesses, player_won, points FROM history ORDER BY id", "migrate it");
    while (statement.step()) {
      records.push_back({statement.text(0),
                         {statement.text(1), static_cast<std::size_t>(statement.integer(2)),
                          statement.integer(3) != 0, static_cast<int>(statement.integer(4))}});
    }
  }
  std::int64_t recorded = 0;  // the games table's last game before the move
  {
    auto statement = d.prepare("SELECT coalesce(max(id), 0) FROM games", "migrate it");
    statement.step("migrate it");
    recorded = statement.integer(0);
  }
  std::set<std::int64_t> matched;  // games of the games table each standing for one record
  for (const auto& [game, record] : records) {
    auto same = d.prepare(
        "SELECT id FROM games WHERE game = ?1 AND json_extract(result, '$.word') = ?2 AND "
        "json_extract(result, '$.guesses') = ?3 AND json_extract(result, '$.player_won') = ?4 "
        "AND json_extract(result, '$.points') = ?5 AND id <= ?6 ORDER BY id",
        "migrate it");
    same.bind(1, game)
        .bind(2, record.word)
        .bind(3, static_cast<std::int64_t>(record.guesses))
        .bind(4, std::int64_t{record.player_won})
        .bind(5, std::int64_t{record.points})
        .bind(6, recorded);
    bool kept = false;
    while (!kept && same.step()) kept = matched.insert(same.integer(0)).second;
    if (kept || !valid_name(game) || !is_upper_word(record.word) || record.points < 0) continue;
    insert_finished_game(d, legacy_game(game, record, owner), 0, GamesTable::kBeforePractice);
  }
}

/// Version 6's marking: each seat that its game's entry reads as a bot's (GameEntry::seat_bots,
/// from the config kept with the game) names that bot; then the statistics and counters of each
/// player and game where a bot played under that player's name are counted again from the
/// person's own games (none left: no statistics).
void mark_bot_seats(SqliteStore::Database& d) {
  for (const GameEntry& entry : games()) {
    if (!entry.seat_bots) continue;
    std::vector<std::pair<std::int64_t, std::string>> configs;
    {
      auto statement = d.prepare("SELECT id, config FROM games WHERE game = ?1", "migrate it");
      statement.bind(1, entry.name);
      while (statement.step("migrate it"))
        configs.emplace_back(statement.integer(0), statement.text(1));
    }
    for (const auto& [id, text] : configs) {
      const Json config = Json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (!config.is_object()) continue;  // not JSON (a damaged record): no bot can be read
      const std::vector<std::string> bots = entry.seat_bots(config);
      for (std::size_t seat = 0; seat < bots.size(); ++seat) {
        if (bots[seat].empty()) continue;
        d.prepare("UPDATE game_players SET bot = ?3 WHERE game_id = ?1 AND seat = ?2", "migrate it")
            .bind(1, id)
            .bind(2, static_cast<std::int64_t>(seat))
            .bind(3, bots[seat])
            .run("migrate it");
      }
    }
  }
  std::vector<std::pair<std::int64_t, std::string>> recount;
  {
    auto statement = d.prepare(
        "SELECT DISTINCT player_id, game FROM game_players WHERE bot IS NOT NULL", "migrate it");
    while (statement.step("migrate it"))
      recount.emplace_back(statement.integer(0), statement.text(1));
  }
  for (const auto& [player_id, game] : recount) {
    d.prepare("DELETE FROM player_stats WHERE player_id = ?1 AND game = ?2", "migrate it")
        .bind(1, player_id)
        .bind(2, game)
        .run("migrate it");
    d.prepare("DELETE FROM player_counters WHERE player_id = ?1 AND game = ?2", "migrate it")
        .bind(1, player_id)
        .bind(2, game)
        .run("migrate it");
    std::vector<Json> details;  // of the person's games that count
    bool played = false;
    {
      auto statement = d.prepare(
          "SELECT g.details FROM game_players gp JOIN games g ON g.id = gp.game_id "
          "WHERE gp.player_id = ?1 AND gp.game = ?2 AND gp.bot IS NULL AND g.practice = 0",
          "migrate it");
      statement.bind(1, player_id).bind(2, game);
      while (statement.step("migrate it")) {
        played = true;
        if (!statement.is_null(0)) {
          details.push_back(Json::parse(statement.text(0), nullptr, /*allow_exceptions=*/false));
        }
      }
    }
    if (!played) continue;
    d.prepare(recompute_statistics_sql(GamesTable::kCurrent), "migrate it")
        .bind(1, player_id)
        .bind(2, game)
        .run("migrate it");
    std::map<std::string, std::int64_t> sums;
    for (const Json& one : details) {
      if (!one.is_object()) continue;
      for (const auto& [name, value] : counters_of(game, one)) sums[name] += value;
    }
    for (const auto& [name, value] : sums) {
      d.prepare(
           "INSERT INTO player_counters (player_id, game, counter, value) VALUES (?1, ?2, ?3, ?4)",
           "migrate it")
          .bind(1, player_id)
          .bind(2, game)
          .bind(3, name)
          .bind(4, value)
          .run("migrate it");
    }
  }
}

}  // namespace

std::int64_t SqliteStore::record_finished_game(const FinishedGame& game,
                                               std::int64_t unfinished_id) {
  check_finished_game(game);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  const std::int64_t id = insert_finished_game(d, daily_record(d, game), 0);
  if (unfinished_id != 0) {
    d.prepare("DELETE FROM unfinished_games WHERE id = ?1")
        .bind(1, unfinished_id)
        .run("delete an unfinished game from it");
  }
  transaction.commit();
  return id;
}

std::optional<std::string> SqliteStore::game_log(std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT log FROM game_logs WHERE game_id = ?1");
  statement.bind(1, id);
  if (!statement.step()) return std::nullopt;
  return statement.text(0);
}

// --- Tournaments.

std::int64_t SqliteStore::record_tournament(const TournamentRecord& tournament,
                                            const std::vector<FinishedGame>& games) {
  check_tournament(tournament, games);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  d.prepare(
       "INSERT INTO tournaments (game, config, result, started_ms, ended_ms, status) "
       "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(1, tournament.game)
      .bind(2, tournament.config.dump())
      .bind(3, tournament.table.dump())
      .bind(4, tournament.started_ms)
      .bind(5, tournament.ended_ms)
      .bind(6, tournament.status)
      .run("record a tournament in it");
  const std::int64_t id = sqlite3_last_insert_rowid(d.db);
  for (const FinishedGame& game : games) insert_finished_game(d, game, id);
  transaction.commit();
  return id;
}

std::int64_t SqliteStore::record_tournament_game(std::int64_t tournament_id,
                                                 const FinishedGame& game) {
  check_finished_game(game);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  {
    auto statement = d.prepare("SELECT game FROM tournaments WHERE id = ?1");
    statement.bind(1, tournament_id);
    if (!statement.step()) throw StoreError(fmt::format("no tournament {}", tournament_id));
    check_tournament_game(statement.text(0), game);
  }
  const std::int64_t id = insert_finished_game(d, game, tournament_id);
  transaction.commit();
  return id;
}

void SqliteStore::end_tournament(std::int64_t id, const Json& table, std::int64_t ended_ms,
                                 std::string_view status) {
  check_tournament_status(status);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  d.prepare(
       "UPDATE tournaments SET result = ?2, ended_ms = max(started_ms, ?3), status = ?4 "
       "WHERE id = ?1")
      .bind(1, id)
      .bind(2, table.dump())
      .bind(3, ended_ms)
      .bind(4, status)
      .run("record a tournament in it");
  if (sqlite3_changes(d.db) == 0) throw StoreError(fmt::format("no tournament {}", id));
  transaction.commit();
}

namespace {

constexpr const char* kTournamentColumns =
    "SELECT id, game, config, result, started_ms, ended_ms, status FROM tournaments ";

}  // namespace

std::vector<TournamentRecord> SqliteStore::tournaments(std::size_t limit) {
  std::lock_guard lock(mutex_);
  auto statement =
      db_->prepare(fmt::format("{} ORDER BY ended_ms DESC, id DESC LIMIT ?1", kTournamentColumns));
  statement.bind(1, sql_count(limit));
  std::vector<TournamentRecord> all;
  while (statement.step()) {
    all.push_back({statement.integer(0),
                   statement.text(1),
                   statement.json(2),
                   statement.json(3),
                   statement.integer(4),
                   statement.integer(5),
                   statement.text(6),
                   {}});
  }
  return all;
}

TournamentRecord SqliteStore::tournament(std::int64_t id) {
  std::lock_guard lock(mutex_);
  TournamentRecord found;
  {
    auto statement = db_->prepare(fmt::format("{} WHERE id = ?1", kTournamentColumns));
    statement.bind(1, id);
    if (!statement.step()) throw StoreError(fmt::format("no tournament {}", id));
    found = {statement.integer(0), statement.text(1),    statement.json(2), statement.json(3),
             statement.integer(4), statement.integer(5), statement.text(6), {}};
  }
  auto games = db_->prepare("SELECT id FROM games WHERE tournament_id = ?1 ORDER BY id");
  games.bind(1, id);
  while (games.step()) found.game_ids.push_back(games.integer(0));
  return found;
}

namespace {

constexpr const char* kReadGame =
    "SELECT id, game, config, seed, commands, result, started_ms, ended_ms, details, practice, "
    "coalesce(daily, '') FROM games WHERE id = ?1";
constexpr const char* kReadGameWithoutCommands =
    "SELECT id, game, config, seed, NULL, result, started_ms, ended_ms, details, practice, "
    "coalesce(daily, '') FROM games WHERE id = ?1";

}  // namespace

FinishedGame SqliteStore::finished_game(std::int64_t id) { return read_finished_game(id, true); }

FinishedGame SqliteStore::read_finished_game(std::int64_t id, bool with_commands) {
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  FinishedGame game;
  {
    auto statement = d.prepare(with_commands ? kReadGame : kReadGameWithoutCommands);
    statement.bind(1, id);
    if (!statement.step()) throw StoreError(fmt::format("no finished game {}", id));
    game.id = statement.integer(0);
    game.game = statement.text(1);
    game.config = statement.json(2);
    game.seed = static_cast<std::uint64_t>(statement.integer(3));
    if (with_commands) game.commands = statement.json(4);
    game.result = statement.json(5);
    game.started_ms = statement.integer(6);
    game.ended_ms = statement.integer(7);
    if (!statement.is_null(8)) game.details = statement.json(8);
    game.practice = statement.integer(9) != 0;
    game.daily = statement.text(10);
  }
  auto players = d.prepare(
      "SELECT p.name, gp.score, gp.won, coalesce(gp.bot, '') FROM game_players gp "
      "JOIN players p ON p.id = gp.player_id WHERE gp.game_id = ?1 ORDER BY gp.seat");
  players.bind(1, id);
  while (players.step()) {
    game.players.push_back(
        {players.text(0), players.integer(1), players.integer(2) != 0, players.text(3)});
  }
  return game;
}

std::vector<GameSummary> SqliteStore::finished_games(std::string_view player,
                                                     std::optional<std::string_view> game,
                                                     std::size_t limit, std::size_t offset) {
  checked_player_name(player);
  if (game) checked_game_name(*game);
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> ids;
  {
    auto statement = db_->prepare(
        game ? "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = gp.player_id "
               "WHERE p.name = ?1 AND gp.game = ?2 ORDER BY gp.ended_ms DESC, gp.game_id DESC "
               "LIMIT ?3 OFFSET ?4"
             : "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = gp.player_id "
               "WHERE p.name = ?1 ORDER BY gp.ended_ms DESC, gp.game_id DESC LIMIT ?3 OFFSET ?4");
    statement.bind(1, player);
    if (game) statement.bind(2, *game);
    statement.bind(3, sql_count(limit)).bind(4, sql_count(offset));
    while (statement.step()) ids.push_back(statement.integer(0));
  }
  std::vector<GameSummary> games;
  games.reserve(ids.size());
  for (std::int64_t id : ids) {
    FinishedGame g = read_finished_game(id, false);
    games.push_back({g.id, std::move(g.game), std::move(g.players), std::move(g.config),
                     std::move(g.result), g.started_ms, g.ended_ms, g.practice});
  }
  return games;
}

// --- Unfinished games.

std::int64_t SqliteStore::save_unfinished(const UnfinishedGame& game) {
  checked_player_name(game.player);
  check_saved_game(game.saved);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  d.prepare("INSERT OR IGNORE INTO players (name) VALUES (?1)")
      .bind(1, game.player)
      .run("add a player to it");
  std::int64_t id = game.id;
  if (id == 0) {
    d.prepare(
         "INSERT INTO unfinished_games (player_id, game, saved, started_ms, updated_ms, "
         "practice) SELECT id, ?2, ?3, ?4, ?5, ?6 FROM players WHERE name = ?1")
        .bind(1, game.player)
        .bind(2, game.saved["game"].get<std::string>())
        .bind(3, game.saved.dump())
        .bind(4, game.started_ms)
        .bind(5, game.updated_ms)
        .bind(6, std::int64_t{game.practice})
        .run("save a game in it");
    id = sqlite3_last_insert_rowid(d.db);
  } else {
    d.prepare(
         "UPDATE unfinished_games SET player_id = (SELECT id FROM players WHERE name = ?1), "
         "game = ?2, saved = ?3, started_ms = ?4, updated_ms = ?5, practice = ?7 WHERE id = ?6")
        .bind(1, game.player)
        .bind(2, game.saved["game"].get<std::string>())
        .bind(3, game.saved.dump())
        .bind(4, game.started_ms)
        .bind(5, game.updated_ms)
        .bind(6, id)
        .bind(7, std::int64_t{game.practice})
        .run("save a game in it");
    if (sqlite3_changes(d.db) == 0) throw StoreError(fmt::format("no unfinished game {}", id));
  }
  transaction.commit();
  return id;
}

namespace {

constexpr const char* kUnfinishedColumns =
    "SELECT u.id, p.name, u.saved, u.started_ms, u.updated_ms, u.practice FROM unfinished_games "
    "u JOIN players p ON p.id = u.player_id ";

}  // namespace

std::vector<UnfinishedGame> SqliteStore::unfinished_games(std::string_view player) {
  checked_player_name(player);
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(fmt::format(
      "{} WHERE p.name = ?1 ORDER BY u.updated_ms DESC, u.id DESC", kUnfinishedColumns));
  statement.bind(1, player);
  std::vector<UnfinishedGame> games;
  while (statement.step()) {
    games.push_back({statement.integer(0), statement.text(1), statement.json(2),
                     statement.integer(3), statement.integer(4), statement.integer(5) != 0});
  }
  return games;
}

UnfinishedGame SqliteStore::unfinished_game(std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(fmt::format("{} WHERE u.id = ?1", kUnfinishedColumns));
  statement.bind(1, id);
  if (!statement.step()) throw StoreError(fmt::format("no unfinished game {}", id));
  return {statement.integer(0), statement.text(1),    statement.json(2),
          statement.integer(3), statement.integer(4), statement.integer(5) != 0};
}

bool SqliteStore::delete_unfinished(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare("DELETE FROM unfinished_games WHERE id = ?1")
      .bind(1, id)
      .run("delete an unfinished game from it");
  const bool deleted = sqlite3_changes(db_->db) > 0;
  transaction.commit();
  return deleted;
}

// --- Live sessions.

void SqliteStore::keep_session(const KeptSession& session) { write_kept_session(session, {}); }

bool SqliteStore::keep_session_after(const KeptSession& session,
                                     std::optional<std::uint64_t> kept) {
  return write_kept_session(session, KeptSessionCondition::after(kept));
}

bool SqliteStore::write_kept_session(const KeptSession& session, KeptSessionCondition condition) {
  using Kind = KeptSessionCondition::Kind;
  check_kept_session(session);
  const Json value = kept_session_value(session);
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);  // BEGIN IMMEDIATE: no other process writes in between
  constexpr std::string_view kDoing = "keep a session in it";
  constexpr std::string_view kWrites[] = {
      "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
      "INSERT OR IGNORE INTO meta (key, value) VALUES (?1, ?2)",
      "UPDATE meta SET value = ?2 WHERE key = ?1 AND "
      "COALESCE(json_extract(value, '$.sequence'), 0) = ?3"};
  {
    // Its own scope: the statement is reset before the index keys' writes below.
    auto write = db_->prepare(kWrites[static_cast<int>(condition.kind)]);
    write.bind(1, session_key(session.id)).bind(2, value.dump());
    if (condition.kind == Kind::kSequence) {
      write.bind(3, static_cast<std::int64_t>(condition.sequence));
    }
    write.run(kDoing);
  }
  if (sqlite3_changes(db_->db) == 0) return false;  // nothing written: the transaction ends
  for (const std::string& index : index_keys(value)) {
    // Written once: a session's codes do not change, so a later keep finds the row as it is.
    db_->prepare(
           "INSERT INTO meta (key, value) VALUES (?1, ?2) "
           "ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value IS NOT "
           "excluded.value")
        .bind(1, index)
        .bind(2, session.id)
        .run(kDoing);
  }
  transaction.commit();
  return true;
}

std::optional<KeptSession> SqliteStore::kept_session(std::string_view key, bool by_watch) {
  if (!valid_session_key(key)) return std::nullopt;
  std::lock_guard lock(mutex_);
  std::string id(key);
  if (by_watch) {
    auto statement = db_->prepare("SELECT value FROM meta WHERE key = ?1");
    statement.bind(1, watch_key(key));
    if (!statement.step()) return std::nullopt;
    id = statement.text(0);
  }
  auto statement = db_->prepare("SELECT value FROM meta WHERE key = ?1");
  statement.bind(1, session_key(id));
  if (!statement.step()) return std::nullopt;
  return kept_session_of(std::move(id), statement.json(0),
                         by_watch ? std::optional(key) : std::nullopt, file_.string());
}

std::optional<KeptSession> SqliteStore::kept_room(std::string_view code) {
  if (!valid_session_key(code)) return std::nullopt;
  std::lock_guard lock(mutex_);
  std::string id;
  {
    auto statement = db_->prepare("SELECT value FROM meta WHERE key = ?1");
    statement.bind(1, room_key(code));
    if (!statement.step()) return std::nullopt;
    id = statement.text(0);
  }
  auto statement = db_->prepare("SELECT value FROM meta WHERE key = ?1");
  statement.bind(1, session_key(id));
  if (!statement.step()) return std::nullopt;
  std::optional<KeptSession> kept =
      kept_session_of(std::move(id), statement.json(0), std::nullopt, file_.string());
  if (kept && kept->room != code) return std::nullopt;  // a code it no longer has
  return kept;
}

bool SqliteStore::forget_session(std::string_view id) { return forget_kept_session(id, {}); }

bool SqliteStore::forget_session_at(std::string_view id, std::uint64_t sequence) {
  return forget_kept_session(id, KeptSessionCondition::after(sequence));
}

bool SqliteStore::forget_kept_session(std::string_view id, KeptSessionCondition condition) {
  if (!valid_session_key(id)) return false;
  const bool any = condition.kind == KeptSessionCondition::Kind::kAnything;
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  auto forgotten = db_->prepare(
      "DELETE FROM meta WHERE key = ?1 AND (?2 OR "
      "COALESCE(json_extract(value, '$.sequence'), 0) = ?3) "
      "RETURNING value");
  forgotten.bind(1, session_key(id))
      .bind(2, std::int64_t{any})
      .bind(3, static_cast<std::int64_t>(condition.sequence));
  if (!forgotten.step("forget a session in it")) return false;  // nothing written
  const std::vector<std::string> indexes =
      index_keys(Json::parse(forgotten.text(0), nullptr, false));
  while (forgotten.step("forget a session in it")) {
  }
  for (const std::string& index : indexes) {
    db_->prepare("DELETE FROM meta WHERE key = ?1").bind(1, index).run("forget a session in it");
  }
  transaction.commit();
  return true;
}

std::size_t SqliteStore::forget_sessions_before(std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare(
         "DELETE FROM meta WHERE key >= 'session.' AND key < 'session/' AND "
         "json_extract(value, '$.updated_ms') < ?1")
      .bind(1, before_ms)
      .run("forget old sessions in it");
  const auto forgotten = static_cast<std::size_t>(sqlite3_changes(db_->db));
  // The watch codes and room codes of the sessions forgotten.
  for (const std::string_view prefix : kSessionIndexPrefixes) {
    db_->prepare(
           "DELETE FROM meta WHERE substr(key, 1, length(?1)) = ?1 AND "
           "('session.' || value) NOT IN (SELECT key FROM meta WHERE key >= 'session.' AND "
           "key < 'session/')")
        .bind(1, prefix)
        .run("forget old sessions in it");
  }
  transaction.commit();
  return forgotten;
}

// --- Statistics.

namespace {

constexpr const char* kStatisticsColumns =
    "SELECT p.name, s.game, s.games, s.wins, s.current_streak, s.best_streak, s.best_score, "
    "s.score_sum FROM player_stats s JOIN players p ON p.id = s.player_id ";

}  // namespace

PlayerStatistics SqliteStore::statistics(std::string_view player, std::string_view game) {
  checked_player_name(player);
  checked_game_name(game);
  std::lock_guard lock(mutex_);
  auto statement =
      db_->prepare(fmt::format("{} WHERE p.name = ?1 AND s.game = ?2", kStatisticsColumns));
  statement.bind(1, player).bind(2, game);
  if (!statement.step()) return PlayerStatistics{std::string(player), std::string(game)};
  return player_statistics(statement.text(0), std::string(game), statement.integer(2),
                           statement.integer(3), statement.integer(4), statement.integer(5),
                           statement.integer(6), statement.integer(7));
}

std::vector<PlayerStatistics> SqliteStore::statistics(std::string_view player) {
  checked_player_name(player);
  std::lock_guard lock(mutex_);
  std::vector<std::string> games;
  {
    auto statement = db_->prepare(
        "SELECT s.game FROM player_stats s JOIN players p ON p.id = s.player_id "
        "WHERE p.name = ?1 ORDER BY s.game");
    statement.bind(1, player);
    while (statement.step()) games.push_back(statement.text(0));
  }
  std::vector<PlayerStatistics> all;
  for (const std::string& game : games) all.push_back(statistics(player, game));
  return all;
}

GameStatistics SqliteStore::game_statistics(std::string_view player, std::string_view game) {
  std::lock_guard lock(mutex_);
  GameStatistics stats{statistics(player, game)};
  stats.details =
      game_figures(game, [&](std::size_t recent_games, Counters& counters, Json& recent) {
        std::int64_t player_id = 0;
        {
          auto statement = db_->prepare("SELECT id FROM players WHERE name = ?1");
          statement.bind(1, player);
          if (statement.step()) player_id = statement.integer(0);
        }
        {
          auto statement = db_->prepare(
              "SELECT counter, value FROM player_counters WHERE player_id = ?1 AND game = ?2");
          statement.bind(1, player_id).bind(2, game);
          while (statement.step()) counters[statement.text(0)] = statement.integer(1);
        }
        if (recent_games == 0) return;
        auto statement = db_->prepare(
            "SELECT g.id, g.result, g.ended_ms FROM game_players gp JOIN games g ON g.id = "
            "gp.game_id WHERE gp.player_id = ?1 AND gp.game = ?2 AND g.practice = 0 "
            "ORDER BY gp.ended_ms DESC, gp.game_id DESC LIMIT ?3");
        statement.bind(1, player_id).bind(2, game).bind(3, sql_count(recent_games));
        while (statement.step()) {
          recent.push_back(Json{{"id", statement.integer(0)},
                                {"result", statement.json(1)},
                                {"ended_ms", statement.integer(2)}});
        }
      });
  return stats;
}

namespace {

/// A leaderboard's rows: `statement` selects (name, games, wins, best score, score sum) for the
/// game bound as ?1, at most the number bound as ?2 (a Database::Statement).
template <class Statement>
std::vector<LeaderboardEntry> leaderboard_rows(Statement& statement, std::string_view game,
                                               std::size_t limit) {
  statement.bind(1, game).bind(2, sql_count(limit));
  std::vector<LeaderboardEntry> board;
  while (statement.step()) {
    board.push_back(leaderboard_entry(statement.text(0), statement.integer(1), statement.integer(2),
                                      statement.integer(3), statement.integer(4)));
  }
  return board;
}

}  // namespace

std::vector<LeaderboardEntry> SqliteStore::leaderboard(std::string_view game, std::size_t limit) {
  checked_game_name(game);
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(
      "SELECT p.name, s.games, s.wins, s.best_score, s.score_sum FROM player_stats s "
      "JOIN players p ON p.id = s.player_id WHERE s.game = ?1 AND s.games > 0 "
      "ORDER BY s.best_score DESC, s.wins DESC, CAST(s.wins AS REAL) / s.games DESC, s.games, "
      "p.name COLLATE NOCASE LIMIT ?2");
  return leaderboard_rows(statement, game, limit);
}

std::vector<LeaderboardEntry> SqliteStore::bot_leaderboard(std::string_view game,
                                                           std::size_t limit) {
  checked_game_name(game);
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(
      "SELECT min(bot), count(*) AS games, sum(won) AS wins, max(score), sum(score) AS score_sum "
      "FROM game_players WHERE game = ?1 AND bot IS NOT NULL "
      "AND game_id NOT IN (SELECT id FROM games WHERE practice = 1) "
      "GROUP BY bot COLLATE NOCASE "
      "ORDER BY CAST(score_sum AS REAL) / games DESC, CAST(wins AS REAL) / games DESC, games DESC, "
      "min(bot) COLLATE NOCASE LIMIT ?2");
  return leaderboard_rows(statement, game, limit);
}

std::vector<DailyResult> SqliteStore::daily_leaderboard(std::string_view game, std::string_view day,
                                                        std::size_t limit) {
  checked_game_name(game);
  parse_daily_date(day);
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(
      "SELECT p.name, gp.score, gp.won, g.id FROM games g JOIN game_players gp ON gp.game_id = "
      "g.id JOIN players p ON p.id = gp.player_id WHERE g.game = ?1 AND g.daily = ?2 AND "
      "g.practice = 0 AND gp.bot IS NULL ORDER BY gp.score DESC, gp.won DESC, g.ended_ms, g.id "
      "LIMIT ?3");
  statement.bind(1, game).bind(2, day).bind(3, static_cast<std::int64_t>(limit));
  std::vector<DailyResult> results;
  while (statement.step()) {
    results.push_back(
        {statement.text(0), statement.integer(1), statement.integer(2) != 0, statement.integer(3)});
  }
  return results;
}

DailyStreak SqliteStore::daily_streak(std::string_view player, std::string_view game,
                                      std::string_view today) {
  checked_game_name(game);
  parse_daily_date(today);
  std::vector<std::string> days;
  {
    std::lock_guard lock(mutex_);
    auto statement = db_->prepare(
        "SELECT DISTINCT g.daily FROM games g JOIN game_players gp ON gp.game_id = g.id "
        "JOIN players p ON p.id = gp.player_id WHERE g.game = ?1 AND g.daily IS NOT NULL AND "
        "g.practice = 0 AND gp.bot IS NULL AND p.name = ?2 ORDER BY g.daily");
    statement.bind(1, game).bind(2, player);
    while (statement.step()) days.push_back(statement.text(0));
  }
  return daily_streak_of(days, today);
}

// --- Import from a FileStore directory.

// --- Jobs.

namespace {

constexpr const char* kJobColumns =
    "SELECT id, kind, input, job_group, after_group, state, progress, result, error, holder, "
    "lease_until_ms, attempts, queued_ms, updated_ms FROM jobs ";

Job job_of(const SqliteStore::Database::Statement& row) {
  return {row.integer(0),  row.text(1),     row.json(2),     row.text(3),    row.text(4),
          row.text(5),     row.json(6),     row.json(7),     row.text(8),    row.text(9),
          row.integer(10), row.integer(11), row.integer(12), row.integer(13)};
}

}  // namespace

std::vector<std::int64_t> SqliteStore::queue_jobs(const std::vector<NewJob>& jobs,
                                                  std::int64_t now_ms) {
  check_new_jobs(jobs);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  Transaction transaction(d);
  std::vector<std::int64_t> ids;
  for (const NewJob& job : jobs) {
    d.prepare(
         "INSERT INTO jobs (kind, input, job_group, after_group, state, progress, result, error, "
         "holder, lease_until_ms, attempts, queued_ms, updated_ms) "
         "VALUES (?1, ?2, ?3, ?4, 'queued', 'null', 'null', '', '', 0, 0, ?5, ?5)")
        .bind(1, job.kind)
        .bind(2, job.input.dump())
        .bind(3, job.group)
        .bind(4, job.after)
        .bind(5, now_ms)
        .run("queue a job in it");
    ids.push_back(sqlite3_last_insert_rowid(d.db));
  }
  transaction.commit();
  return ids;
}

std::optional<Job> SqliteStore::claim_job(std::string_view holder, std::int64_t now_ms,
                                          std::int64_t lease_ms) {
  check_job_claim(holder, lease_ms);
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  // One transaction, which holds SQLite's write lock from its start: no other claim, of this
  // process or another, runs between the choice and the update.
  Transaction transaction(d);
  for (;;) {
    std::int64_t id = 0;
    std::int64_t attempts = 0;
    {
      auto next = d.prepare(
          "SELECT id, attempts FROM jobs AS j WHERE (state = 'queued' OR (state = 'running' AND "
          "lease_until_ms <= ?1)) AND (after_group = '' OR NOT EXISTS (SELECT 1 FROM jobs AS g "
          "WHERE g.job_group = j.after_group AND g.state IN ('queued', 'running'))) "
          "ORDER BY id LIMIT 1",
          "take a job from it");
      next.bind(1, now_ms);
      if (!next.step("take a job from it")) break;
      id = next.integer(0);
      attempts = next.integer(1);
    }
    if (attempts >= kMaxJobAttempts) {
      d.prepare(
           "UPDATE jobs SET state = 'failed', error = ?2, lease_until_ms = 0, updated_ms = ?3 "
           "WHERE id = ?1")
          .bind(1, id)
          .bind(2, abandoned_job_error(attempts))
          .bind(3, now_ms)
          .run("take a job from it");
      continue;
    }
    d.prepare(
         "UPDATE jobs SET state = 'running', holder = ?2, lease_until_ms = ?3, "
         "attempts = attempts + 1, updated_ms = ?4 WHERE id = ?1")
        .bind(1, id)
        .bind(2, holder)
        .bind(3, now_ms + lease_ms)
        .bind(4, now_ms)
        .run("take a job from it");
    auto taken = d.prepare(fmt::format("{} WHERE id = ?1", kJobColumns), "take a job from it");
    taken.bind(1, id);
    taken.step("take a job from it");
    Job job = job_of(taken);
    transaction.commit();
    return job;
  }
  transaction.commit();  // the jobs failed on the way
  return std::nullopt;
}

bool SqliteStore::renew_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                            std::int64_t lease_ms, const Json& progress) {
  check_job_claim(holder, lease_ms);
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare(
         "UPDATE jobs SET lease_until_ms = ?3, progress = ?4, updated_ms = ?5 "
         "WHERE id = ?1 AND holder = ?2 AND state = 'running'")
      .bind(1, id)
      .bind(2, holder)
      .bind(3, now_ms + lease_ms)
      .bind(4, progress.dump())
      .bind(5, now_ms)
      .run("keep a job's progress in it");
  const bool held = sqlite3_changes(db_->db) > 0;
  transaction.commit();
  return held;
}

bool SqliteStore::finish_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                             const Json& result) {
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare(
         "UPDATE jobs SET state = 'done', result = ?3, lease_until_ms = 0, updated_ms = ?4 "
         "WHERE id = ?1 AND holder = ?2 AND state = 'running'")
      .bind(1, id)
      .bind(2, holder)
      .bind(3, result.dump())
      .bind(4, now_ms)
      .run("keep a job's result in it");
  const bool held = sqlite3_changes(db_->db) > 0;
  transaction.commit();
  return held;
}

bool SqliteStore::fail_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                           std::string_view error) {
  std::lock_guard lock(mutex_);
  Transaction transaction(*db_);
  db_->prepare(
         "UPDATE jobs SET state = 'failed', error = ?3, lease_until_ms = 0, updated_ms = ?4 "
         "WHERE id = ?1 AND holder = ?2 AND state = 'running'")
      .bind(1, id)
      .bind(2, holder)
      .bind(3, error)
      .bind(4, now_ms)
      .run("keep a job's failure in it");
  const bool held = sqlite3_changes(db_->db) > 0;
  transaction.commit();
  return held;
}

std::optional<Job> SqliteStore::job(std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(fmt::format("{} WHERE id = ?1", kJobColumns));
  statement.bind(1, id);
  if (!statement.step()) return std::nullopt;
  return job_of(statement);
}

std::vector<Job> SqliteStore::jobs(std::string_view group) {
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare(fmt::format("{} WHERE job_group = ?1 ORDER BY id", kJobColumns));
  statement.bind(1, group);
  std::vector<Job> all;
  while (statement.step()) all.push_back(job_of(statement));
  return all;
}

std::int64_t SqliteStore::jobs_to_do() {
  std::lock_guard lock(mutex_);
  auto statement = db_->prepare("SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')");
  statement.step();
  return statement.integer(0);
}

ImportReport SqliteStore::import_file_store(const std::filesystem::path& dir) {
  std::lock_guard lock(mutex_);
  Database& d = *db_;
  ImportReport report;
  if (read_only_) return report;  // nothing can be imported into it: the files stay for later
  Transaction transaction(d);
  {
    auto done = d.prepare("SELECT value FROM meta WHERE key = ?1");
    done.bind(1, kImportKey);
    if (done.step()) {
      report.already_done = true;
      return report;
    }
  }
  const FileStoreImport into{
      [&](const FinishedGame& game) { insert_finished_game(d, game, 0); },
      [&](const std::string& name, const std::string& words) {
        d.prepare("INSERT OR IGNORE INTO word_lists (name, words) VALUES (?1, ?2)")
            .bind(1, name)
            .bind(2, words)
            .run("import a word list into it");
      },
      [&](const std::string& name, const Json& saved) {
        d.prepare("INSERT OR IGNORE INTO saved_games (name, saved) VALUES (?1, ?2)")
            .bind(1, name)
            .bind(2, saved.dump())
            .run("import a saved game into it");
      }};
  report = import_file_store_files(dir, legacy_owner(last_player_row(d)), into);
  d.prepare("INSERT INTO meta (key, value) VALUES (?1, ?2)")
      .bind(1, kImportKey)
      .bind(2, dir.string())
      .run("record the import in it");
  transaction.commit();
  return report;
}

}  // namespace wg::app
