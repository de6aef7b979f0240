// src/app/sqlite_store.h: what only the SQLite file does: its schema and settings, its
// migrations from every older version, its refusals (a damaged file, one from a newer wordgames
// or not a wordgames database, a refused directory, a full disk), a read-only folder, the query
// plans, and, with real processes, durability under SIGKILL and concurrent writers. The game
// store port's contract runs against it in game_store_test.cpp, the Store's in store_test.cpp.

#include "app/sqlite_store.h"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "app/file_store.h"
#include "app/stored_games.h"
#include "app/user_data.h"
#include "core/rng.h"
#include "support/blocking_wait.h"
#include "support/temp_dir.h"

extern char** environ;

namespace wg::app {
namespace {

// --- Helpers.

/// Runs one SQL statement on the file directly (not through the store) and returns the first
/// column of its first row as text ("" when no row).
std::string raw_sql(const std::filesystem::path& file, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + file.string());
  }
  sqlite3_stmt* statement = nullptr;
  std::string value;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0) != nullptr) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

/// The message of the StoreError `open` throws, or "" when it does not throw one.
template <class F>
std::string store_error(F&& open) {
  try {
    open();
  } catch (const StoreError& error) {
    return error.what();
  }
  return "";
}

class SqliteStoreTest : public ::testing::Test {
 protected:
  test::TempDir dir_{"wg-sqlite-store"};
  std::filesystem::path file_ = dir_ / "data" / "wordgames.db";

  /// The store on file_, held through its port as hosts hold it.
  std::unique_ptr<GameStore> open() const { return std::make_unique<SqliteStore>(file_); }
};

// --- The file.

TEST_F(SqliteStoreTest, CreatesTheFileAndItsDirectoryWithTheSchemaAndItsSettings) {
  { const auto store = open(); }
  EXPECT_TRUE(std::filesystem::is_regular_file(file_));
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw_sql(file_, "PRAGMA application_id"), std::to_string(0x57475331));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM sqlite_schema WHERE name = 'player_stats'"), "1");
}

TEST_F(SqliteStoreTest, MigratesAnEmptyFileAndReopensWithoutMigratingAgain) {
  std::filesystem::create_directories(file_.parent_path());
  dir_.write("data/wordgames.db", "");
  {
    const auto store = open();
    store->player("Ann");
  }
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  const auto again = open();  // the tables exist: migration 1 must not run twice
  EXPECT_EQ(again->players().size(), 1u);
}

TEST_F(SqliteStoreTest, ADamagedFileIsNeverWrittenIntoAndIsKeptAside) {
  // Issue 31: with 80 KiB of random bytes in the middle of the file, the server opened it,
  // served players, and recorded new games into it; the terminal recorded into it unwarned.
  {
    const auto store = open();
    for (int i = 1; i <= 800; ++i) {
      store->record_finished_game(game_of("hangman", {{"Ann", i, i % 2 == 0}}, 1000 * i));
    }
  }
  const std::string good = test::read_bytes(file_);
  ASSERT_GT(good.size(), std::size_t{200} << 10) << "a file with pages to damage";
  // 80 KiB in the middle (the schema's own pages are hit), then 8 KiB near the end (only the
  // games' pages: the check finds it).
  for (const auto& [from, length] :
       {std::pair{good.size() / 2 - (std::size_t{40} << 10), std::size_t{80} << 10},
        std::pair{good.size() - (std::size_t{16} << 10), std::size_t{8} << 10}}) {
    std::string damaged = good;
    std::mt19937 random(7);
    for (std::size_t i = 0; i < length; ++i) damaged[from + i] = static_cast<char>(random() & 0xff);
    std::filesystem::remove(file_.string() + ".corrupt");
    dir_.write("data/wordgames.db", damaged);
    const std::string what = store_error([&] { const auto store = open(); });
    EXPECT_TRUE(what.starts_with(file_.string() + ": cannot open it: it is damaged (")) << what;
    EXPECT_TRUE(what.ends_with("; it was moved to " + file_.string() +
                               ".corrupt; a new one is made at the next start"))
        << what;
    EXPECT_EQ(test::read_bytes(file_.string() + ".corrupt"), damaged) << "kept byte for byte";
    EXPECT_FALSE(std::filesystem::exists(file_));
  }
  // The next start makes a new one.
  const auto fresh = open();
  EXPECT_TRUE(fresh->players().empty());
}

TEST_F(SqliteStoreTest, AReadOnlyFolderIsOpenedReadOnlyAndServesWhatItHolds) {
  // Issue 31: a readable database in a read-only folder was not opened at all, so statistics
  // and leaderboards vanished. As root, permissions are not enforced: the reader runs in a
  // child as user "nobody".
  {
    const auto store = open();
    store->record_finished_game(game_of("hangman", {{"Ann", 45, true}}, 1000));
  }
  const passwd* nobody = ::getpwnam("nobody");
  if (::geteuid() == 0 && nobody == nullptr) GTEST_SKIP() << "root, and no user 'nobody'";
  const std::filesystem::path folder = file_.parent_path();
  std::filesystem::permissions(dir_.path(), std::filesystem::perms::all,
                               std::filesystem::perm_options::add);  // nobody may pass
  std::filesystem::permissions(
      folder, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec |
                  std::filesystem::perms::group_read | std::filesystem::perms::group_exec |
                  std::filesystem::perms::others_read | std::filesystem::perms::others_exec);
  std::filesystem::permissions(file_, std::filesystem::perms::others_read,
                               std::filesystem::perm_options::add);
  const pid_t child = ::fork();
  if (child == 0) {
    if (::geteuid() == 0 && (::setgid(nobody->pw_gid) != 0 || ::setuid(nobody->pw_uid) != 0)) {
      ::_exit(3);
    }
    if (::access(folder.c_str(), W_OK) == 0) ::_exit(4);  // writable anyway
    try {
      const auto store = open();
      if (!store->read_only()) ::_exit(5);
      if (store->statistics("Ann", "hangman").wins != 1) ::_exit(6);
      if (store->leaderboard("hangman").size() != 1) ::_exit(7);
      try {
        store->record_finished_game(game_of("hangman", {{"Bo", 1, false}}, 2000));
        ::_exit(8);
      } catch (const StoreError& error) {
        if (std::string(error.what()).find("cannot be written") == std::string::npos) ::_exit(9);
      }
    } catch (const std::exception& error) {
      std::fprintf(stderr, "%s\n", error.what());  // for the failure's message
      ::_exit(10);
    }
    ::_exit(0);
  }
  const int status = test::wait_child(child).value_or(-1);
  std::filesystem::permissions(folder, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::add);
  ASSERT_TRUE(WIFEXITED(status)) << status;
  if (WEXITSTATUS(status) == 4) GTEST_SKIP() << "the read-only folder is writable here";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the step that failed (see the test)";
  EXPECT_FALSE(std::filesystem::exists(file_.string() + "-shm")) << "nothing made there";
}

TEST_F(SqliteStoreTest, RefusesAFileFromANewerWordgamesAndLeavesItAlone) {
  { const auto store = open(); }
  raw_sql(file_, "PRAGMA user_version = 99");
  raw_sql(file_, "PRAGMA journal_mode = DELETE");
  const std::string before = test::read_bytes(file_);
  const std::string what = store_error([&] { const auto store = open(); });
  EXPECT_NE(what.find(fmt::format("newer wordgames (schema version 99; this one knows up to {})",
                                  kStoreSchemaVersion)),
            std::string::npos)
      << what;
  EXPECT_NE(what.find(file_.string()), std::string::npos) << what;
  EXPECT_EQ(test::read_bytes(file_), before);
}

TEST_F(SqliteStoreTest, RefusesAFileThatIsNotAWordgamesDatabase) {
  std::filesystem::create_directories(file_.parent_path());
  const std::string text = "# wordgames hangman history 1\nCOTTON\t7\tyou\t45\n";
  dir_.write("data/wordgames.db", text);
  std::string what = store_error([&] { const auto store = open(); });
  EXPECT_NE(what.find(file_.string() + ": cannot open it: it is not a database"), std::string::npos)
      << what;
  EXPECT_EQ(test::read_bytes(file_), text);

  // An SQLite database of some other program.
  const auto other = dir_ / "other.db";
  {
    sqlite3* db = nullptr;
    sqlite3_open(other.c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE notes (text TEXT)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  what = store_error([&] { SqliteStore store(other); });
  EXPECT_NE(what.find("is an SQLite database, but not a wordgames one"), std::string::npos) << what;
  EXPECT_EQ(raw_sql(other, "SELECT count(*) FROM sqlite_schema"), "1");

  // A directory where the file should be, and a file where its directory should be.
  std::filesystem::create_directories(dir_ / "taken.db");
  EXPECT_NE(store_error([&] { SqliteStore store(dir_ / "taken.db"); }).find("cannot open it"),
            std::string::npos);
  dir_.write("plain", "x");
  EXPECT_NE(store_error([&] {
              SqliteStore store(dir_ / "plain" / "wordgames.db");
            }).find("cannot create its directory"),
            std::string::npos);
}

/// Runs `work` in a forked child process and returns the text it returns: for what changes the
/// process for good (its user, its limits).
template <class Work>
std::string in_child_process(Work work) {
  int fds[2];
  if (::pipe(fds) != 0) return "pipe failed";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    std::string what;
    try {
      what = work();
    } catch (const std::exception& error) {
      what = std::string("unexpected exception: ") + error.what();
    }
    const ssize_t written = ::write(fds[1], what.data(), what.size());
    ::_exit(written == static_cast<ssize_t>(what.size()) ? 0 : 4);
  }
  ::close(fds[1]);
  std::string what;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) what.append(buffer, n);
  ::close(fds[0]);
  test::wait_child(pid);
  return what;
}

/// What opening the store in `dir` (made read-only) says, as a user without root's rights:
/// the child process drops them when the test runs as root.
std::string open_in_read_only_directory(const std::filesystem::path& dir) {
  ::chmod(dir.parent_path().c_str(), 0755);
  ::chmod(dir.c_str(), 0555);
  const std::string what = in_child_process([&]() -> std::string {
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) {
      return "cannot drop root's rights";
    }
    try {
      SqliteStore store(dir / "wordgames.db");
      store.player("Ann");
    } catch (const StoreError& error) {
      return error.what();
    }
    return "no error";
  });
  ::chmod(dir.c_str(), 0755);
  return what;
}

TEST_F(SqliteStoreTest, ARefusedDirectoryIsAClearError) {
  const auto empty = dir_ / "empty";
  std::filesystem::create_directories(empty);
  std::string what = open_in_read_only_directory(empty);
  if (what == "cannot drop root's rights") GTEST_SKIP() << "runs as root, cannot drop its rights";
  EXPECT_NE(what.find((empty / "wordgames.db").string() + ": cannot open it: it cannot be opened "
                                                          "or created"),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("read-only"), std::string::npos) << what;

  // A database that exists in a directory that became read-only: it cannot be written.
  const auto full = dir_ / "full";
  { SqliteStore store(full / "wordgames.db"); }
  ::chmod(full.c_str(), 0777);
  ::chmod((full / "wordgames.db").c_str(), 0666);
  what = open_in_read_only_directory(full);
  EXPECT_NE(what.find((full / "wordgames.db").string() + ": cannot"), std::string::npos) << what;
  EXPECT_NE(what.find("read-only"), std::string::npos) << what;
}

TEST_F(SqliteStoreTest, AFullDiskIsAClearErrorAndLosesNothingWritten) {
  { const auto store = open(); }
  // A child process whose files cannot grow past 2 MB (RLIMIT_FSIZE: what a full disk does to
  // a write) records games until the store refuses one, then reads what it has.
  const std::string report = in_child_process([&]() -> std::string {
    ::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails instead of ending the process
    const rlimit limit{2 << 20, 2 << 20};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return "setrlimit failed";
    const auto store = open();
    int recorded = 0;
    std::string what = "never refused";
    for (; recorded < 100'000; ++recorded) {
      FinishedGame game = game_of("hangman", {{"Ann", recorded, true}}, 1000 + recorded);
      game.commands = Json::array();
      for (int i = 0; i < 100; ++i) game.commands.push_back({{"command", "guess"}, {"n", i}});
      try {
        store->record_finished_game(game);
      } catch (const StoreError& error) {
        what = error.what();
        break;
      }
    }
    // Play goes on: what was recorded can still be read.
    return fmt::format("{}\n{}\n{}", recorded, store->statistics("Ann", "hangman").games, what);
  });
  const auto first = report.find('\n');
  const auto second = report.find('\n', first + 1);
  ASSERT_NE(second, std::string::npos) << report;
  const int recorded = std::stoi(report.substr(0, first));
  EXPECT_GT(recorded, 10) << report;
  EXPECT_EQ(report.substr(first + 1, second - first - 1), std::to_string(recorded)) << report;
  const std::string what = report.substr(second + 1);
  // SQLite says SQLITE_FULL for ENOSPC, an I/O error for EFBIG (this limit): both are named.
  EXPECT_TRUE(what.starts_with(file_.string() + ": cannot ")) << what;
  EXPECT_TRUE(what.find("the disk is full") != std::string::npos ||
              what.find("the disk may be full") != std::string::npos)
      << what;
  // Every game acknowledged is in the file, which is whole.
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM games"), std::to_string(recorded));
  const auto store = open();
  EXPECT_EQ(store->statistics("Ann", "hangman").games, recorded);
}

TEST(SqliteStore, TheDefaultFileIsInTheUserDataDirectory) {
  EXPECT_EQ(SqliteStore::default_file(), user_data_dir() / "wordgames.db");
}

// --- Statistics: the queries use their indexes.

TEST_F(SqliteStoreTest, StatisticsUseTheirIndexes) {
  { const auto store = open(); }
  sqlite3* db = nullptr;
  sqlite3_open(file_.c_str(), &db);
  auto details = [&](const char* sql) {
    sqlite3_stmt* statement = nullptr;
    std::string all;
    sqlite3_prepare_v2(db, sql, -1, &statement, nullptr);
    while (sqlite3_step(statement) == SQLITE_ROW) {
      all += reinterpret_cast<const char*>(sqlite3_column_text(statement, 3));
      all += '\n';
    }
    sqlite3_finalize(statement);
    return all;
  };
  EXPECT_NE(details("EXPLAIN QUERY PLAN SELECT sum(won) FROM game_players WHERE player_id = 1 "
                    "AND game = 'x' ORDER BY ended_ms, game_id")
                .find("USING COVERING INDEX game_players_by_player_game"),
            std::string::npos);
  EXPECT_NE(details("EXPLAIN QUERY PLAN SELECT * FROM player_stats WHERE player_id = 1 AND "
                    "game = 'x'")
                .find("USING PRIMARY KEY"),
            std::string::npos);
  // Whether a name is a bot's, and the bots' boards: the bots' rows alone.
  EXPECT_NE(details("EXPLAIN QUERY PLAN SELECT 1 FROM game_players WHERE player_id = 1 AND bot IS "
                    "NOT NULL")
                .find("game_players_bot_names"),
            std::string::npos);
  EXPECT_NE(details("EXPLAIN QUERY PLAN SELECT bot, count(*) FROM game_players WHERE game = 'x' "
                    "AND bot IS NOT NULL GROUP BY bot")
                .find("game_players_bots"),
            std::string::npos);
  sqlite3_close(db);
}

// --- Migrations from every older schema version.

/// Makes again the tables as version 7 had them: no queue of jobs.
void restore_version_seven_tables(const std::filesystem::path& file) {
  raw_sql(file, "DROP TABLE IF EXISTS jobs");
}

/// Makes again the table version 7 changed, as version 6 had it: no puzzles of the day.
void restore_version_six_tables(const std::filesystem::path& file) {
  restore_version_seven_tables(file);
  if (raw_sql(file, "SELECT count(*) FROM pragma_table_info('games') WHERE name = 'daily'") ==
      "1") {
    raw_sql(file, "DROP INDEX daily_games");
    raw_sql(file, "ALTER TABLE games DROP COLUMN daily");
  }
}

/// Makes again the table version 6 changed, as version 5 had it: no bot's seats.
void restore_version_five_tables(const std::filesystem::path& file) {
  restore_version_six_tables(file);
  raw_sql(file, "DROP INDEX game_players_bots");
  raw_sql(file, "DROP INDEX game_players_bot_names");
  raw_sql(file, "ALTER TABLE game_players DROP COLUMN bot");
}

/// Makes again the tables versions 5 and 6 changed, as version 4 had them: no practice games.
void restore_version_four_tables(const std::filesystem::path& file) {
  restore_version_five_tables(file);
  raw_sql(file, "DROP INDEX practice_games");
  raw_sql(file, "ALTER TABLE games DROP COLUMN practice");
  raw_sql(file, "ALTER TABLE unfinished_games DROP COLUMN practice");
}

/// Makes again the tables versions 3 to 5 changed, as versions 1 and 2 had them: the port's
/// history, its saved dictionaries, players without secrets, no practice games.
void restore_version_two_tables(const std::filesystem::path& file) {
  if (raw_sql(file, "SELECT count(*) FROM pragma_table_info('game_players') WHERE name = 'bot'") ==
      "1") {
    restore_version_five_tables(file);
  }
  // Version 1's own tables, made again by its test, have no practice column already.
  if (raw_sql(file, "SELECT count(*) FROM pragma_table_info('games') WHERE name = 'practice'") ==
      "1") {
    raw_sql(file, "DROP INDEX practice_games");
    raw_sql(file, "ALTER TABLE games DROP COLUMN practice");
  }
  if (raw_sql(file,
              "SELECT count(*) FROM pragma_table_info('unfinished_games') WHERE name = "
              "'practice'") == "1") {
    raw_sql(file, "ALTER TABLE unfinished_games DROP COLUMN practice");
  }
  raw_sql(file, "ALTER TABLE players DROP COLUMN secret");
  raw_sql(file,
          "CREATE TABLE history (id INTEGER PRIMARY KEY, game TEXT NOT NULL, word TEXT NOT NULL, "
          "guesses INTEGER NOT NULL, player_won INTEGER NOT NULL CHECK (player_won IN (0, 1)), "
          "points INTEGER NOT NULL)");
  raw_sql(file, "CREATE INDEX history_by_game ON history (game, id)");
  raw_sql(file, "ALTER TABLE word_lists RENAME TO dictionaries");
}

TEST_F(SqliteStoreTest, MigratesAVersionTwoFileMovingItsHistoryIntoItsGames) {
  {
    const auto store = open();
    FinishedGame played = game_of("hangman", {{"Ann", 45, true}}, 1000);
    played.result = {{"word", "COTTON"}, {"guesses", 7}, {"player_won", true}, {"points", 45}};
    store->record_finished_game(played);
    store->set_last_player("Ann");
  }
  restore_version_two_tables(file_);
  // The game recorded in both (since the games table, a game went to both), a game twice, a
  // game of another name, and a damaged row; and a saved dictionary.
  raw_sql(file_,
          "INSERT INTO history (game, word, guesses, player_won, points) VALUES "
          "('hangman', 'COTTON', 7, 1, 45), ('hangman', 'BANANA', 6, 0, 0), "
          "('hangman', 'BANANA', 6, 0, 0), ('evil-hangman', 'OTHER', 3, 0, 0), "
          "('hangman', 'lower', 1, 1, 5)");
  raw_sql(file_, "INSERT INTO dictionaries (name, words) VALUES ('small', 'BANANA\nCOTTON\n')");
  raw_sql(file_, "PRAGMA user_version = 2");

  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM sqlite_schema WHERE name = 'history'"), "0");
  const std::vector<GameSummary> games = store->finished_games("Ann", "hangman");
  ASSERT_EQ(games.size(), 3u);                   // COTTON once, BANANA twice
  EXPECT_EQ(games[0].result["word"], "COTTON");  // the newest: imported games end at 0
  for (std::size_t i : {1u, 2u}) {
    EXPECT_EQ(games[i].result, (Json{{"word", "BANANA"},
                                     {"guesses", 6},
                                     {"player_won", false},
                                     {"points", 0},
                                     {"imported", "history"}}));
    EXPECT_EQ(games[i].ended_ms, 0);
  }
  EXPECT_EQ(store->statistics("Ann", "hangman").games, 3);
  EXPECT_EQ(store->statistics("Ann", "hangman").wins, 1);
  EXPECT_EQ(store->finished_games("Ann", "evil-hangman").size(), 1u);
  EXPECT_EQ(store->load_word_list("small"), "BANANA\nCOTTON\n");
}

TEST_F(SqliteStoreTest, MigratesAVersionOneFileKeepingItsGamesAndItsUnfinishedOnes) {
  {
    const auto store = open();
    store->record_finished_game(game_of("boggle", {{"Ann", 12, true}}, 1000));
    store->save_unfinished({0, "Ann", saved_game("hand", 1, 2), 500, 600});
  }
  // Back to version 1 as it was: no details column, no counters, unfinished ids reusable.
  raw_sql(file_, "DROP TABLE player_counters");
  raw_sql(file_, "DROP INDEX player_stats_by_game");
  raw_sql(file_, "DROP TABLE game_logs");
  raw_sql(file_, "DROP INDEX games_by_tournament");
  // No details, no tournament_id (a column in a foreign key cannot be dropped: the table is
  // made again as version 1 had it).
  raw_sql(file_,
          "CREATE TABLE games_v1 (id INTEGER PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT "
          "NULL, seed INTEGER NOT NULL, commands TEXT NOT NULL, result TEXT NOT NULL, started_ms "
          "INTEGER NOT NULL, ended_ms INTEGER NOT NULL)");
  raw_sql(file_,
          "INSERT INTO games_v1 SELECT id, game, config, seed, commands, result, started_ms, "
          "ended_ms FROM games");
  raw_sql(file_, "DROP TABLE games");
  raw_sql(file_, "ALTER TABLE games_v1 RENAME TO games");
  raw_sql(file_, "DROP TABLE tournaments");
  raw_sql(file_,
          "CREATE TABLE v1 (id INTEGER PRIMARY KEY, player_id INTEGER NOT NULL REFERENCES "
          "players (id), game TEXT NOT NULL, saved TEXT NOT NULL, started_ms INTEGER NOT NULL, "
          "updated_ms INTEGER NOT NULL)");
  raw_sql(file_,
          "INSERT INTO v1 SELECT id, player_id, game, saved, started_ms, updated_ms FROM "
          "unfinished_games");
  raw_sql(file_, "DROP TABLE unfinished_games");
  raw_sql(file_, "ALTER TABLE v1 RENAME TO unfinished_games");
  raw_sql(file_,
          "CREATE INDEX unfinished_games_by_player ON unfinished_games (player_id, updated_ms)");
  restore_version_two_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 1");
  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  const std::vector<UnfinishedGame> kept = store->unfinished_games("Ann");
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0], (UnfinishedGame{1, "Ann", saved_game("hand", 1, 2), 500, 600}));
  EXPECT_NE(raw_sql(file_, "SELECT sql FROM sqlite_schema WHERE name = 'unfinished_games'")
                .find("AUTOINCREMENT"),
            std::string::npos);
  const FinishedGame old = store->finished_game(1);
  EXPECT_TRUE(old.details.is_null());
  const GameStatistics stats = store->game_statistics("Ann", "boggle");
  EXPECT_EQ(stats.totals.games, 1);
  EXPECT_EQ(stats.details["games"], 0);  // counted in the totals only
  EXPECT_TRUE(stats.details["share"].is_null());
  EXPECT_EQ(store->game_log(1), std::nullopt);
  EXPECT_TRUE(store->tournaments().empty());
  FinishedGame logged = game_of("auction", {{"Bob", 3, true}}, 2000);
  logged.log = "{\"log\": \"wordgames-auction\"}\n";
  const std::int64_t id = store->record_finished_game(logged);
  EXPECT_EQ(store->game_log(id), logged.log);
}

TEST_F(SqliteStoreTest, MigratesAVersionFourFileItsGamesNoPractice) {
  {
    const auto store = open();
    store->record_finished_game(game_of("hangman", {{"Ann", 12, true}}, 1000));
    store->save_unfinished({0, "Ann", saved_game("hangman", 1, 2), 500, 600});
  }
  restore_version_four_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 4");
  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_FALSE(store->finished_game(1).practice) << "a game of before counted: it still does";
  EXPECT_FALSE(store->unfinished_games("Ann").at(0).practice);
  EXPECT_EQ(store->statistics("Ann", "hangman").games, 1);
  FinishedGame practice = game_of("hangman", {{"Ann", 99, true}}, 2000);
  practice.practice = true;
  store->record_finished_game(practice);
  EXPECT_EQ(store->statistics("Ann", "hangman").games, 1);
}

/// An auction's record as a version-5 wordgames kept it: the config names each seat's kind, the
/// players name no bot.
FinishedGame old_auction_game(std::vector<std::pair<std::string, std::string>> seats,
                              std::vector<GamePlayer> players, std::int64_t ended_ms) {
  FinishedGame game = game_of("auction", std::move(players), ended_ms);
  Json kinds = Json::array();
  for (const auto& [kind, name] : seats) kinds.push_back({{"kind", kind}, {"name", name}});
  game.config = {{"seats", std::move(kinds)}, {"rounds", 1}};
  game.commands = Json::array();
  return game;
}

TEST_F(SqliteStoreTest, MigratesAVersionFiveFileMarkingTheBotsItsGamesName) {
  {
    const auto store = open();
    // A person's auction against two seats of one bot.
    store->record_finished_game(old_auction_game(
        {{"person", "Ann"}, {"bot", "value"}, {"bot", "value"}},
        {{"Ann", 10, false}, {"value (seat 2)", 30, true}, {"value (seat 3)", 20, false}}, 1000));
    // A tournament's game, its seats bots and an external bot.
    TournamentRecord tournament;
    tournament.game = "auction";
    store->record_tournament(
        tournament, {old_auction_game({{"bot", "random"}, {"external", "cmd:./bot"}},
                                      {{"random", 5, false}, {"cmd:./bot", 8, true}}, 2000)});
    // A person who calls themself "random", in another game.
    store->record_finished_game(game_of("hangman", {{"random", 40, true}}, 3000));
    // A damaged config names no bot.
    FinishedGame damaged = old_auction_game({}, {{"Bob", 1, true}}, 4000);
    damaged.config = {{"seats", "none"}};
    store->record_finished_game(damaged);
  }
  restore_version_five_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 5");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM player_stats WHERE game = 'auction'"), "6");

  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  const FinishedGame first = store->finished_game(1);
  ASSERT_EQ(first.players.size(), 3u);
  EXPECT_EQ(first.players[0], (GamePlayer{"Ann", 10, false}));
  EXPECT_EQ(first.players[1], (GamePlayer{"value (seat 2)", 30, true, "value"}));
  EXPECT_EQ(first.players[2], (GamePlayer{"value (seat 3)", 20, false, "value"}));
  EXPECT_EQ(store->finished_game(2).players[1].bot, "cmd:./bot");

  std::vector<std::string> names;
  for (const Player& p : store->players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "Bob", "random"}))
      << "the bots are gone from the players; the person called random stays";
  const std::vector<LeaderboardEntry> board = store->leaderboard("auction");
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[1].player, "Bob");
  EXPECT_EQ(store->statistics("random", "hangman").games, 1) << "a person's own games count";
  EXPECT_EQ(store->statistics("random", "auction").games, 0) << "the bot's do not";
  EXPECT_EQ(store->statistics("value (seat 2)", "auction").games, 0);
  const std::vector<LeaderboardEntry> bots = store->bot_leaderboard("auction");
  ASSERT_EQ(bots.size(), 3u);
  EXPECT_EQ(bots[0].player, "value") << "one line for both its seats";
  EXPECT_EQ(bots[0].games, 2);
  EXPECT_EQ(bots[0].wins, 1);
  EXPECT_EQ(bots[0].best_score, 30);
  EXPECT_DOUBLE_EQ(bots[0].mean_score, 25);
  EXPECT_EQ(bots[1].player, "cmd:./bot");
  EXPECT_EQ(bots[2].player, "random");
}

// --- Real processes: durability under SIGKILL, concurrent writers.

/// The game the writer child records as its `index`-th of round `round`.
FinishedGame child_game(int round, int index) {
  FinishedGame g =
      game_of(index % 2 == 0 ? "hangman" : "auction",
              index % 3 == 0 ? std::vector<GamePlayer>{{"Ann", index, true}, {"Bob", 1, false}}
                             : std::vector<GamePlayer>{{"Ann", index, index % 4 == 1}},
              1'000'000LL * round + index + 1);
  g.result = {{"round", round}, {"index", index}};
  g.commands = Json::array();
  for (int i = 0; i < index % 50; ++i) g.commands.push_back({{"command", "play"}, {"n", i}});
  return g;
}

/// Not a test on its own (skipped): the writer the tests below start as a child process, with
/// WG_STORE_CHILD_DB (the file), WG_STORE_CHILD_ROUND and WG_STORE_CHILD_COUNT (games to write,
/// default: until killed). It prints "recorded ID ROUND INDEX" once each game is committed.
TEST(SqliteStoreChild, WritesGames) {
  const char* file = std::getenv("WG_STORE_CHILD_DB");
  if (file == nullptr) GTEST_SKIP() << "run by the durability and concurrency tests";
  const int round = std::atoi(std::getenv("WG_STORE_CHILD_ROUND"));
  const char* count_text = std::getenv("WG_STORE_CHILD_COUNT");
  const int count = count_text != nullptr ? std::atoi(count_text) : 1'000'000;
  const std::unique_ptr<GameStore> store = std::make_unique<SqliteStore>(file);
  for (int index = 0; index < count; ++index) {
    const std::int64_t id = store->record_finished_game(child_game(round, index));
    std::printf("recorded %lld %d %d\n", static_cast<long long>(id), round, index);
    std::fflush(stdout);
  }
}

/// A writer child: this test program running SqliteStoreChild.WritesGames, its stdout a pipe.
class Writer {
 public:
  Writer(const std::filesystem::path& file, int round, int count) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
      // GoogleTest's settings (GTEST_OUTPUT...) are the parent's: the child must not write its
      // reports over them.
      if (!std::string_view(*e).starts_with("GTEST_")) env.emplace_back(*e);
    }
    env.push_back("WG_STORE_CHILD_DB=" + file.string());
    env.push_back("WG_STORE_CHILD_ROUND=" + std::to_string(round));
    if (count > 0) env.push_back("WG_STORE_CHILD_COUNT=" + std::to_string(count));
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    std::string filter = "--gtest_filter=SqliteStoreChild.WritesGames";
    char* argv[] = {self.data(), filter.data(), nullptr};
    const int spawned = ::posix_spawn(&pid_, self.c_str(), &actions, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (spawned != 0) throw std::runtime_error("posix_spawn");
    out_ = fds[0];
  }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      test::wait_child(pid_);
    }
    ::close(out_);
  }

  /// The next game the child says it committed: {id, index}, or nullopt at the end of its
  /// output. Other lines (GoogleTest's) are skipped.
  std::optional<std::pair<std::int64_t, int>> next() {
    for (;;) {
      const std::size_t end = buffer_.find('\n');
      if (end == std::string::npos) {
        if (!test::wait_readable(out_)) return std::nullopt;  // hung: the caller fails
        char chunk[4096];
        const ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n <= 0) return std::nullopt;
        buffer_.append(chunk, static_cast<std::size_t>(n));
        continue;
      }
      const std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      long long id = 0;
      int round = 0;
      int index = 0;
      if (std::sscanf(line.c_str(), "recorded %lld %d %d", &id, &round, &index) == 3) {
        return std::pair{static_cast<std::int64_t>(id), index};
      }
      log_ += line + '\n';
    }
  }
  /// The child's output other than its games: GoogleTest's report, for failure messages.
  const std::string& log() const { return log_; }
  void kill() {
    ::kill(pid_, SIGKILL);
    test::wait_child(pid_);
    pid_ = 0;
  }
  /// Waits for the child to end: its exit status, or -1 if a signal ended it.
  int wait() {
    const std::optional<int> status = test::wait_child(pid_);
    pid_ = 0;
    return status && WIFEXITED(*status) ? WEXITSTATUS(*status) : -1;
  }

 private:
  pid_t pid_ = 0;
  int out_ = -1;        ///< the read end of the child's stdout
  std::string buffer_;  ///< what was read of it and not yet returned
  std::string log_;     ///< its other lines (GoogleTest's)
};

TEST_F(SqliteStoreTest, EveryAcknowledgedGameSurvivesSigkillAtAnyMoment) {
  { const auto store = open(); }
  // The parent decides when to kill: after `acknowledged` games the child said it committed,
  // while it is in the middle of writing the next one.
  std::map<std::int64_t, std::pair<int, int>> acknowledged;  // id -> {round, index}
  constexpr int kRounds = 25;
  for (int round = 0; round < kRounds; ++round) {
    const int kill_after = 1 + (round * 7) % 23;
    Writer writer(file_, round, 0);
    for (int n = 0; n < kill_after; ++n) {
      const auto game = writer.next();
      ASSERT_TRUE(game) << "round " << round << ": the writer stopped after " << n << " games";
      acknowledged[game->first] = {round, game->second};
    }
    writer.kill();
    ASSERT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok") << "round " << round;
  }
  const auto store = open();
  for (const auto& [id, at] : acknowledged) {
    FinishedGame expected = child_game(at.first, at.second);
    expected.id = id;
    ASSERT_EQ(store->finished_game(id), expected) << "round " << at.first << " game " << at.second;
  }
  // The statistics agree with the games (each kill left a whole transaction or none).
  const std::int64_t games = std::stoll(raw_sql(file_, "SELECT count(*) FROM games"));
  EXPECT_GE(games, static_cast<std::int64_t>(acknowledged.size()));
  EXPECT_EQ(store->statistics("Ann", "hangman").games + store->statistics("Ann", "auction").games,
            games);
}

TEST_F(SqliteStoreTest, ConcurrentWriterProcessesWaitForEachOtherAndLoseNothing) {
  // Both open the file while it does not exist yet: one creates and migrates it, the other
  // waits for it (the busy timeout) and finds it migrated.
  constexpr int kGames = 150;
  Writer a(file_, 1, kGames);
  Writer b(file_, 2, kGames);
  // Read both to the end, alternately, so neither blocks on a full pipe.
  int seen = 0;
  bool a_open = true;
  bool b_open = true;
  while (a_open || b_open) {
    if (a_open) a_open = a.next().has_value() && ++seen > 0;
    if (b_open) b_open = b.next().has_value() && ++seen > 0;
  }
  EXPECT_EQ(a.wait(), 0) << a.log();
  EXPECT_EQ(b.wait(), 0) << b.log();
  EXPECT_EQ(seen, 2 * kGames);
  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM games"), std::to_string(2 * kGames));
  EXPECT_EQ(store->statistics("Ann", "hangman").games + store->statistics("Ann", "auction").games,
            2 * kGames);
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
}

TEST_F(SqliteStoreTest, MigratesAVersionSixFileItsGamesNoPuzzleOfTheDay) {
  {
    const auto store = open();
    store->record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 1000));
  }
  restore_version_six_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 6");
  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(store->finished_game(1).daily, "");
  const std::int64_t id = store->record_finished_game(daily_game("Ann", 7, "2026-11-20", 2000));
  EXPECT_EQ(store->finished_game(id).daily, "2026-11-20");
}

TEST_F(SqliteStoreTest, MigratesAVersionSevenFileItsGamesNoJobs) {
  {
    const auto store = open();
    store->record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 1000));
  }
  restore_version_seven_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 7");
  const auto store = open();
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(store->finished_game(1).players[0].name, "Ann");
  NewJob job;
  job.kind = "sum";
  const std::int64_t id = store->queue_jobs({job}, 5).at(0);
  EXPECT_EQ(store->claim_job("w", 6, 10)->id, id);
}

}  // namespace
}  // namespace wg::app
