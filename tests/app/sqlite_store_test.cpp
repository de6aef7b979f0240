// src/app/sqlite_store.h: players, finished and unfinished games, statistics, the import of a
// FileStore directory, the file's rules (migrations, refusals), and, with real processes,
// durability under SIGKILL and concurrent writers. The port's contract runs in store_test.cpp.

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
#include <random>
#include <string>
#include <vector>

#include "app/file_store.h"
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

FinishedGame game_of(std::string game, std::vector<GamePlayer> players, std::int64_t ended_ms) {
  FinishedGame g;
  g.game = std::move(game);
  g.players = std::move(players);
  g.config = {{"mode", "hard"}};
  g.seed = static_cast<std::uint64_t>(ended_ms) * 7919u;
  g.commands = Json::array({Json{{"command", "guess"}, {"letter", "E"}}});
  g.result = {{"word", "COTTON"}};
  g.started_ms = ended_ms - 1000;
  g.ended_ms = ended_ms;
  return g;
}

Json saved_game(std::string_view game, std::uint64_t seed, int commands) {
  Json list = Json::array();
  for (int i = 0; i < commands; ++i) list.push_back({{"command", "guess"}, {"letter", "A"}});
  return {{"game", game}, {"config", Json::object()}, {"seed", seed}, {"commands", list}};
}

class SqliteStoreTest : public ::testing::Test {
 protected:
  test::TempDir dir_{"wg-sqlite-store"};
  std::filesystem::path file_ = dir_ / "data" / "wordgames.db";
};

// --- The file.

TEST_F(SqliteStoreTest, CreatesTheFileAndItsDirectoryWithTheSchemaAndItsSettings) {
  { SqliteStore store(file_); }
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
    SqliteStore store(file_);
    store.player("Ann");
  }
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  SqliteStore again(file_);  // the tables exist: migration 1 must not run twice
  EXPECT_EQ(again.players().size(), 1u);
}

TEST_F(SqliteStoreTest, ADamagedFileIsNeverWrittenIntoAndIsKeptAside) {
  // Issue 31: with 80 KiB of random bytes in the middle of the file, the server opened it,
  // served players, and recorded new games into it; the terminal recorded into it unwarned.
  {
    SqliteStore store(file_);
    for (int i = 1; i <= 800; ++i) {
      store.record_finished_game(game_of("hangman", {{"Ann", i, i % 2 == 0}}, 1000 * i));
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
    const std::string what = store_error([&] { SqliteStore store(file_); });
    EXPECT_TRUE(what.starts_with(file_.string() + ": cannot open it: it is damaged (")) << what;
    EXPECT_TRUE(what.ends_with("; it was moved to " + file_.string() +
                               ".corrupt; a new one is made at the next start"))
        << what;
    EXPECT_EQ(test::read_bytes(file_.string() + ".corrupt"), damaged) << "kept byte for byte";
    EXPECT_FALSE(std::filesystem::exists(file_));
  }
  // The next start makes a new one.
  SqliteStore fresh(file_);
  EXPECT_TRUE(fresh.players().empty());
}

TEST_F(SqliteStoreTest, AReadOnlyFolderIsOpenedReadOnlyAndServesWhatItHolds) {
  // Issue 31: a readable database in a read-only folder was not opened at all, so statistics
  // and leaderboards vanished. As root, permissions are not enforced: the reader runs in a
  // child as user "nobody".
  {
    SqliteStore store(file_);
    store.record_finished_game(game_of("hangman", {{"Ann", 45, true}}, 1000));
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
      SqliteStore store(file_);
      if (!store.read_only()) ::_exit(5);
      if (store.statistics("Ann", "hangman").wins != 1) ::_exit(6);
      if (store.leaderboard("hangman").size() != 1) ::_exit(7);
      try {
        store.record_finished_game(game_of("hangman", {{"Bo", 1, false}}, 2000));
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
  { SqliteStore store(file_); }
  raw_sql(file_, "PRAGMA user_version = 99");
  raw_sql(file_, "PRAGMA journal_mode = DELETE");
  const std::string before = test::read_bytes(file_);
  const std::string what = store_error([&] { SqliteStore store(file_); });
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
  std::string what = store_error([&] { SqliteStore store(file_); });
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
  { SqliteStore store(file_); }
  // A child process whose files cannot grow past 2 MB (RLIMIT_FSIZE: what a full disk does to
  // a write) records games until the store refuses one, then reads what it has.
  const std::string report = in_child_process([&]() -> std::string {
    ::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails instead of ending the process
    const rlimit limit{2 << 20, 2 << 20};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return "setrlimit failed";
    SqliteStore store(file_);
    int recorded = 0;
    std::string what = "never refused";
    for (; recorded < 100'000; ++recorded) {
      FinishedGame game = game_of("hangman", {{"Ann", recorded, true}}, 1000 + recorded);
      game.commands = Json::array();
      for (int i = 0; i < 100; ++i) game.commands.push_back({{"command", "guess"}, {"n", i}});
      try {
        store.record_finished_game(game);
      } catch (const StoreError& error) {
        what = error.what();
        break;
      }
    }
    // Play goes on: what was recorded can still be read.
    return fmt::format("{}\n{}\n{}", recorded, store.statistics("Ann", "hangman").games, what);
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
  SqliteStore store(file_);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, recorded);
}

TEST(SqliteStore, TheDefaultFileIsInTheUserDataDirectory) {
  EXPECT_EQ(SqliteStore::default_file(), user_data_dir() / "wordgames.db");
}

// --- Players.

TEST_F(SqliteStoreTest, PlayersAreFoundByNameInAnyCaseAndCreatedOnce) {
  SqliteStore store(file_);
  EXPECT_TRUE(store.players().empty());
  EXPECT_FALSE(store.find_player("Ann"));
  const Player ann = store.player("Ann");
  EXPECT_EQ(ann.name, "Ann");
  EXPECT_EQ(store.player("ann"), ann);  // the name as first given
  EXPECT_EQ(store.find_player("ANN"), ann);
  store.player("Zoé Martin");
  store.player("bob");
  std::vector<std::string> names;
  for (const Player& p : store.players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "bob", "Zoé Martin"}));
  for (const std::string& bad :
       std::vector<std::string>{"", " Ann", "Ann ", "a\tb", std::string(41, 'x'), "bad\xffname",
                                "a\xc2\x85z" /* C1 NEL */, "\xc3"}) {
    EXPECT_FALSE(valid_player_name(bad)) << bad;
    EXPECT_THROW(store.player(bad), std::invalid_argument) << bad;
  }
  EXPECT_TRUE(valid_player_name(std::string(40, 'x')));
}

// --- Finished games.

TEST_F(SqliteStoreTest, RecordsFinishedGamesAndReadsThemBackAsTheyWere) {
  SqliteStore store(file_);
  FinishedGame first = game_of("hangman", {{"Ann", 45, true}}, 10'000);
  first.seed = 18446744073709551615u;  // 2^64 - 1 survives SQLite's signed integers
  first.result = {{"word", "COTTON"}, {"guesses", 7}, {"nested", {{"a", Json::array({1, 2})}}}};
  const std::int64_t one = store.record_finished_game(first);
  const std::int64_t two = store.record_finished_game(
      game_of("auction", {{"Bob", 120, true}, {"ann", 80, false}}, 20'000));
  const std::int64_t three =
      store.record_finished_game(game_of("hangman", {{"Ann", 0, false}}, 30'000));
  EXPECT_NE(one, two);

  FinishedGame read = store.finished_game(one);
  EXPECT_EQ(read.id, one);
  first.id = one;
  EXPECT_EQ(read, first);
  EXPECT_EQ(store.finished_game(two).players,
            (std::vector<GamePlayer>{{"Bob", 120, true}, {"Ann", 80, false}}));  // seat order
  EXPECT_THROW(store.finished_game(999), StoreError);

  auto ids = [](const std::vector<GameSummary>& games) {
    std::vector<std::int64_t> result;
    for (const GameSummary& g : games) result.push_back(g.id);
    return result;
  };
  EXPECT_EQ(ids(store.finished_games("Ann")), (std::vector<std::int64_t>{three, two, one}));
  EXPECT_EQ(ids(store.finished_games("ANN", "hangman")), (std::vector<std::int64_t>{three, one}));
  EXPECT_EQ(ids(store.finished_games("Ann", std::nullopt, 1, 1)), std::vector<std::int64_t>{two});
  EXPECT_EQ(ids(store.finished_games("Bob")), std::vector<std::int64_t>{two});
  const GameSummary summary = store.finished_games("Ann", "hangman", 1, 1).at(0);
  EXPECT_EQ(summary, (GameSummary{one,
                                  "hangman",
                                  {{"Ann", 45, true}},
                                  first.config,
                                  first.result,
                                  first.started_ms,
                                  first.ended_ms}));
  EXPECT_TRUE(store.finished_games("Nobody").empty());
  EXPECT_TRUE(store.finished_games("Bob", "hangman").empty());
}

TEST_F(SqliteStoreTest, RefusesWhatCannotBeAFinishedGameAndKeepsNothingOfIt) {
  SqliteStore store(file_);
  EXPECT_THROW(store.record_finished_game(game_of("hangman", {}, 1000)), std::invalid_argument);
  EXPECT_THROW(store.record_finished_game(game_of("hangman", {{"Ann"}, {"ANN"}}, 1000)),
               std::invalid_argument);
  EXPECT_THROW(store.record_finished_game(game_of("../x", {{"Ann"}}, 1000)), std::invalid_argument);
  EXPECT_THROW(store.record_finished_game(game_of("hangman", {{" Ann"}}, 1000)),
               std::invalid_argument);
  FinishedGame backwards = game_of("hangman", {{"Ann"}}, 1000);
  backwards.started_ms = 2000;
  EXPECT_THROW(store.record_finished_game(backwards), std::invalid_argument);
  FinishedGame commands = game_of("hangman", {{"Ann"}}, 1000);
  commands.commands = Json::object();
  EXPECT_THROW(store.record_finished_game(commands), std::invalid_argument);
  EXPECT_TRUE(store.players().empty());
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM games"), "0");
}

// --- Unfinished games.

TEST_F(SqliteStoreTest, UnfinishedGamesAreSavedAsTheyGoListedLoadedAndDeleted) {
  SqliteStore store(file_);
  UnfinishedGame game{0, "Ann", saved_game("hangman", 5, 1), 1000, 1000};
  game.id = store.save_unfinished(game);
  EXPECT_NE(game.id, 0);
  EXPECT_EQ(store.unfinished_game(game.id), game);
  game.saved = saved_game("hangman", 5, 2);  // one more command
  game.updated_ms = 3000;
  EXPECT_EQ(store.save_unfinished(game), game.id);
  EXPECT_EQ(store.unfinished_game(game.id), game);

  const UnfinishedGame other{
      store.save_unfinished({0, "ann", saved_game("boggle", 9, 0), 1500, 2000}), "Ann",
      saved_game("boggle", 9, 0), 1500, 2000};
  store.save_unfinished({0, "Bob", saved_game("hand", 1, 0), 0, 0});
  EXPECT_EQ(store.unfinished_games("Ann"), (std::vector<UnfinishedGame>{game, other}));
  EXPECT_EQ(store.unfinished_games("Bob").size(), 1u);
  EXPECT_TRUE(store.unfinished_games("Cy").empty());

  EXPECT_THROW(store.save_unfinished({0, "Ann", Json{{"seed", 1u}}, 0, 0}), std::invalid_argument);
  EXPECT_THROW(store.save_unfinished({999, "Ann", saved_game("hand", 1, 0), 0, 0}), StoreError);
  EXPECT_THROW(store.unfinished_game(999), StoreError);

  EXPECT_TRUE(store.delete_unfinished(other.id));
  EXPECT_FALSE(store.delete_unfinished(other.id));
  // Finishing a resumed game deletes it in the same transaction.
  store.record_finished_game(game_of("hangman", {{"Ann", 10, true}}, 5000), game.id);
  EXPECT_TRUE(store.unfinished_games("Ann").empty());
  EXPECT_EQ(store.finished_games("Ann").size(), 1u);
}

TEST_F(SqliteStoreTest, TheIdOfADeletedUnfinishedGameIsNeverGivenAgain) {
  // A session goes on saving under its first id: had the newest id been freed and given to
  // another game, the session's next save would overwrite that game.
  SqliteStore store(file_);
  const std::int64_t first = store.save_unfinished({0, "Ann", saved_game("hand", 1, 0), 0, 0});
  const std::int64_t newest = store.save_unfinished({0, "Bob", saved_game("hand", 2, 0), 0, 0});
  EXPECT_TRUE(store.delete_unfinished(newest));  // e.g. finished in another terminal
  const std::int64_t next = store.save_unfinished({0, "Cy", saved_game("hand", 3, 0), 0, 0});
  EXPECT_GT(next, newest);
  EXPECT_NE(next, first);
  EXPECT_THROW(store.save_unfinished({newest, "Bob", saved_game("hand", 2, 1), 0, 0}), StoreError);
  EXPECT_EQ(store.unfinished_game(next).player, "Cy");
}

// --- Live sessions.

TEST_F(SqliteStoreTest, LiveSessionsAreKeptByIdFoundByWatchCodeAndForgotten) {
  const std::string id(32, 'a');
  const KeptSession anonymous{
      id, std::string(32, 'b'), "", saved_game("hand", 3, 1), Json{{"version", 1}}, 1000};
  const KeptSession anns{std::string(32, 'c'),       std::string(32, 'd'), "Ann",
                         saved_game("wordle", 4, 0), Json::object(),       5000};
  {
    SqliteStore store(file_);
    store.keep_session(anonymous);
    store.keep_session(anns);
    KeptSession later = anonymous;
    later.saved = saved_game("hand", 3, 2);
    later.updated_ms = 2000;
    store.keep_session(later);  // replaces what was kept
  }
  SqliteStore store(file_);  // kept across a reopening
  KeptSession expected = anonymous;
  expected.saved = saved_game("hand", 3, 2);
  expected.updated_ms = 2000;
  EXPECT_EQ(store.kept_session(id), expected);
  EXPECT_EQ(store.kept_session(std::string(32, 'b'), /*by_watch=*/true), expected);
  EXPECT_EQ(store.kept_session(std::string(32, 'b')), std::nullopt) << "a watch code is no id";
  EXPECT_EQ(store.kept_session(id, /*by_watch=*/true), std::nullopt);
  EXPECT_EQ(store.kept_session(std::string(32, 'c')), anns);
  EXPECT_EQ(store.kept_session("no such"), std::nullopt);
  EXPECT_THROW(store.keep_session({"", "", "", saved_game("hand", 1, 0), {}, 0}),
               std::invalid_argument);
  EXPECT_THROW(store.keep_session({"a/b", "", "", saved_game("hand", 1, 0), {}, 0}),
               std::invalid_argument);
  EXPECT_THROW(store.keep_session({id, "", "", Json{{"seed", 1u}}, {}, 0}), std::invalid_argument);

  EXPECT_TRUE(store.forget_session(id));
  EXPECT_FALSE(store.forget_session(id));
  EXPECT_EQ(store.kept_session(id), std::nullopt);
  EXPECT_EQ(store.kept_session(std::string(32, 'b'), true), std::nullopt) << "its watch code too";
  // The sessions not played since a time are forgotten, with their watch codes.
  store.keep_session(anonymous);  // updated at 1000
  EXPECT_EQ(store.forget_sessions_before(3000), 1u);
  EXPECT_EQ(store.kept_session(id), std::nullopt);
  EXPECT_EQ(store.kept_session(std::string(32, 'd'), true), anns);
  EXPECT_EQ(store.forget_sessions_before(6000), 1u);
  EXPECT_EQ(store.kept_session(std::string(32, 'd'), true), std::nullopt);
  EXPECT_FALSE(store.last_player().has_value()) << "the other meta rows are left alone";
}

// --- Statistics.

TEST_F(SqliteStoreTest, TheLastPlayerIsRememberedAcrossOpenings) {
  {
    SqliteStore store(file_);
    EXPECT_FALSE(store.last_player());
    EXPECT_EQ(store.set_last_player("Ann").name, "Ann");
    EXPECT_EQ(store.set_last_player("ann").name, "Ann");  // the profile, as first named
    EXPECT_THROW(store.set_last_player(" x"), std::invalid_argument);
  }
  SqliteStore store(file_);
  ASSERT_TRUE(store.last_player());
  EXPECT_EQ(store.last_player()->name, "Ann");
  store.set_last_player("Bob");
  EXPECT_EQ(store.last_player()->name, "Bob");
}

TEST_F(SqliteStoreTest, StatisticsCountWinsStreaksAndScoresPerPlayerAndGame) {
  SqliteStore store(file_);
  EXPECT_EQ(store.statistics("Ann", "hangman"), (PlayerStatistics{"Ann", "hangman"}));
  // Ann at hangman, in the order the games ended: W W L W W W L W.
  const bool wins[] = {true, true, false, true, true, true, false, true};
  const int scores[] = {10, 20, 0, 30, 40, 50, 0, 60};
  for (int i = 0; i < 8; ++i) {
    store.record_finished_game(game_of("hangman", {{"Ann", scores[i], wins[i]}}, 1000 * (i + 1)));
  }
  // And one auction with Bob.
  store.record_finished_game(game_of("auction", {{"Ann", 5, false}, {"Bob", 9, true}}, 500));

  PlayerStatistics ann = store.statistics("ann", "hangman");
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
  store.record_finished_game(game_of("hangman", {{"Ann", 0, false}}, 4500));
  ann = store.statistics("Ann", "hangman");
  EXPECT_EQ(ann.games, 9);
  EXPECT_EQ(ann.wins, 6);
  EXPECT_EQ(ann.best_streak, 2);
  EXPECT_EQ(ann.current_streak, 1);
  // A win at the very end, then a later loss.
  store.record_finished_game(game_of("hangman", {{"Ann", 70, true}}, 9000));
  EXPECT_EQ(store.statistics("Ann", "hangman").current_streak, 2);
  store.record_finished_game(game_of("hangman", {{"Ann", 1, false}}, 9500));
  ann = store.statistics("Ann", "hangman");
  EXPECT_EQ(ann.current_streak, 0);
  EXPECT_EQ(ann.best_streak, 2);
  EXPECT_EQ(ann.best_score, 70);

  const PlayerStatistics bob = store.statistics("Bob", "auction");
  EXPECT_EQ(bob.games, 1);
  EXPECT_EQ(bob.wins, 1);
  EXPECT_DOUBLE_EQ(bob.win_rate, 1.0);
  EXPECT_EQ(bob.current_streak, 1);
  EXPECT_DOUBLE_EQ(bob.mean_score, 9.0);
  const std::vector<PlayerStatistics> all = store.statistics("Ann");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].game, "auction");
  EXPECT_EQ(all[0].wins, 0);
  EXPECT_EQ(all[0].best_streak, 0);
  EXPECT_EQ(all[1].game, "hangman");
  EXPECT_TRUE(store.statistics("Nobody").empty());
}

TEST_F(SqliteStoreTest, StatisticsAreTheSameInWhateverOrderGamesAreRecorded) {
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
  SqliteStore in_order(dir_ / "in-order.db");
  for (const FinishedGame& g : games) in_order.record_finished_game(g);
  std::vector<FinishedGame> shuffled = games;
  rng.shuffle(shuffled);
  SqliteStore out_of_order(dir_ / "shuffled.db");
  for (const FinishedGame& g : shuffled) out_of_order.record_finished_game(g);

  for (const char* name : names) {
    for (const char* game : {"hangman", "boggle"}) {
      PlayerStatistics expected{name, game};
      std::int64_t streak = 0;
      std::int64_t score_sum = 0;
      for (const FinishedGame& g : games) {
        if (g.game != game || g.players[0].name != name) continue;
        ++expected.games;
        expected.wins += g.players[0].won;
        streak = g.players[0].won ? streak + 1 : 0;
        expected.best_streak = std::max(expected.best_streak, streak);
        expected.best_score = std::max(expected.best_score, g.players[0].score);
        score_sum += g.players[0].score;
      }
      expected.current_streak = streak;
      expected.win_rate = static_cast<double>(expected.wins) / static_cast<double>(expected.games);
      expected.mean_score = static_cast<double>(score_sum) / static_cast<double>(expected.games);
      EXPECT_EQ(in_order.statistics(name, game), expected) << name << " " << game;
      EXPECT_EQ(out_of_order.statistics(name, game), expected) << name << " " << game;
    }
  }
}

TEST_F(SqliteStoreTest, StatisticsUseTheirIndexes) {
  { SqliteStore store(file_); }
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

// --- Game-specific statistics and the leaderboard.

/// Makes again the table version 7 changed, as version 6 had it: no puzzles of the day.
void restore_version_six_tables(const std::filesystem::path& file) {
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
    SqliteStore store(file_);
    FinishedGame played = game_of("hangman", {{"Ann", 45, true}}, 1000);
    played.result = {{"word", "COTTON"}, {"guesses", 7}, {"player_won", true}, {"points", 45}};
    store.record_finished_game(played);
    store.set_last_player("Ann");
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

  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM sqlite_schema WHERE name = 'history'"), "0");
  const std::vector<GameSummary> games = store.finished_games("Ann", "hangman");
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
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 3);
  EXPECT_EQ(store.statistics("Ann", "hangman").wins, 1);
  EXPECT_EQ(store.finished_games("Ann", "evil-hangman").size(), 1u);
  EXPECT_EQ(store.load_word_list("small"), "BANANA\nCOTTON\n");
}

TEST_F(SqliteStoreTest, MigratesAVersionOneFileKeepingItsGamesAndItsUnfinishedOnes) {
  {
    SqliteStore store(file_);
    store.record_finished_game(game_of("boggle", {{"Ann", 12, true}}, 1000));
    store.save_unfinished({0, "Ann", saved_game("hand", 1, 2), 500, 600});
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
  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  const std::vector<UnfinishedGame> kept = store.unfinished_games("Ann");
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0], (UnfinishedGame{1, "Ann", saved_game("hand", 1, 2), 500, 600}));
  EXPECT_NE(raw_sql(file_, "SELECT sql FROM sqlite_schema WHERE name = 'unfinished_games'")
                .find("AUTOINCREMENT"),
            std::string::npos);
  const FinishedGame old = store.finished_game(1);
  EXPECT_TRUE(old.details.is_null());
  const GameStatistics stats = store.game_statistics("Ann", "boggle");
  EXPECT_EQ(stats.totals.games, 1);
  EXPECT_EQ(stats.details["games"], 0);  // counted in the totals only
  EXPECT_TRUE(stats.details["share"].is_null());
  EXPECT_EQ(store.game_log(1), std::nullopt);
  EXPECT_TRUE(store.tournaments().empty());
  FinishedGame logged = game_of("auction", {{"Bob", 3, true}}, 2000);
  logged.log = "{\"log\": \"wordgames-auction\"}\n";
  const std::int64_t id = store.record_finished_game(logged);
  EXPECT_EQ(store.game_log(id), logged.log);
}

TEST_F(SqliteStoreTest, MigratesAVersionFourFileItsGamesNoPractice) {
  {
    SqliteStore store(file_);
    store.record_finished_game(game_of("hangman", {{"Ann", 12, true}}, 1000));
    store.save_unfinished({0, "Ann", saved_game("hangman", 1, 2), 500, 600});
  }
  restore_version_four_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 4");
  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_FALSE(store.finished_game(1).practice) << "a game of before counted: it still does";
  EXPECT_FALSE(store.unfinished_games("Ann").at(0).practice);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 1);
  FinishedGame practice = game_of("hangman", {{"Ann", 99, true}}, 2000);
  practice.practice = true;
  store.record_finished_game(practice);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 1);
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
    SqliteStore store(file_);
    // A person's auction against two seats of one bot.
    store.record_finished_game(old_auction_game(
        {{"person", "Ann"}, {"bot", "value"}, {"bot", "value"}},
        {{"Ann", 10, false}, {"value (seat 2)", 30, true}, {"value (seat 3)", 20, false}}, 1000));
    // A tournament's game, its seats bots and an external bot.
    TournamentRecord tournament;
    tournament.game = "auction";
    store.record_tournament(
        tournament, {old_auction_game({{"bot", "random"}, {"external", "cmd:./bot"}},
                                      {{"random", 5, false}, {"cmd:./bot", 8, true}}, 2000)});
    // A person who calls themself "random", in another game.
    store.record_finished_game(game_of("hangman", {{"random", 40, true}}, 3000));
    // A damaged config names no bot.
    FinishedGame damaged = old_auction_game({}, {{"Bob", 1, true}}, 4000);
    damaged.config = {{"seats", "none"}};
    store.record_finished_game(damaged);
  }
  restore_version_five_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 5");
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM player_stats WHERE game = 'auction'"), "6");

  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  const FinishedGame first = store.finished_game(1);
  ASSERT_EQ(first.players.size(), 3u);
  EXPECT_EQ(first.players[0], (GamePlayer{"Ann", 10, false}));
  EXPECT_EQ(first.players[1], (GamePlayer{"value (seat 2)", 30, true, "value"}));
  EXPECT_EQ(first.players[2], (GamePlayer{"value (seat 3)", 20, false, "value"}));
  EXPECT_EQ(store.finished_game(2).players[1].bot, "cmd:./bot");

  std::vector<std::string> names;
  for (const Player& p : store.players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "Bob", "random"}))
      << "the bots are gone from the players; the person called random stays";
  const std::vector<LeaderboardEntry> board = store.leaderboard("auction");
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[1].player, "Bob");
  EXPECT_EQ(store.statistics("random", "hangman").games, 1) << "a person's own games count";
  EXPECT_EQ(store.statistics("random", "auction").games, 0) << "the bot's do not";
  EXPECT_EQ(store.statistics("value (seat 2)", "auction").games, 0);
  const std::vector<LeaderboardEntry> bots = store.bot_leaderboard("auction");
  ASSERT_EQ(bots.size(), 3u);
  EXPECT_EQ(bots[0].player, "value") << "one line for both its seats";
  EXPECT_EQ(bots[0].games, 2);
  EXPECT_EQ(bots[0].wins, 1);
  EXPECT_EQ(bots[0].best_score, 30);
  EXPECT_DOUBLE_EQ(bots[0].mean_score, 25);
  EXPECT_EQ(bots[1].player, "cmd:./bot");
  EXPECT_EQ(bots[2].player, "random");
}

TEST_F(SqliteStoreTest, BotsAreNoPlayersAndHaveABoardOfTheirOwn) {
  SqliteStore store(file_);
  store.record_finished_game(game_of(
      "auction",
      {{"Ann", 10, false}, {"value (seat 2)", 30, true, "value"}, {"strong", 20, false, "strong"}},
      1000));
  store.record_finished_game(game_of(
      "auction", {{"value (seat 1)", 12, false, "value"}, {"Value (seat 2)", 16, true, "value"}},
      2000));
  FinishedGame practice =
      game_of("auction", {{"Ann", 99, true}, {"strong", 0, false, "strong"}}, 3000);
  practice.practice = true;
  store.record_finished_game(practice);
  store.claim_player("strong", "secret");  // a person who took a bot's name

  std::vector<std::string> names;
  for (const Player& p : store.players()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "strong"}));

  const std::vector<LeaderboardEntry> board = store.leaderboard("auction");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[0].games, 1);

  // One line per bot, its seats together, practice left out; by mean score.
  const std::vector<LeaderboardEntry> bots = store.bot_leaderboard("auction");
  ASSERT_EQ(bots.size(), 2u);
  EXPECT_EQ(bots[0].player, "strong");
  EXPECT_EQ(bots[0].games, 1);
  EXPECT_DOUBLE_EQ(bots[0].mean_score, 20);
  EXPECT_EQ(bots[1].player, "value");
  EXPECT_EQ(bots[1].games, 3);
  EXPECT_EQ(bots[1].wins, 2);
  EXPECT_EQ(bots[1].best_score, 30);
  EXPECT_NEAR(bots[1].mean_score, 58.0 / 3, 1e-9);
  EXPECT_EQ(store.bot_leaderboard("auction", 1).size(), 1u);
  EXPECT_TRUE(store.bot_leaderboard("hangman").empty());

  // Read back as recorded, and said so in the JSON.
  const FinishedGame first = store.finished_game(1);
  EXPECT_EQ(first.players[1], (GamePlayer{"value (seat 2)", 30, true, "value"}));
  const Json summary = game_summary_json(store.finished_games("Ann").back(), "Ann");
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

TEST_F(SqliteStoreTest, PracticeGamesAreKeptButCountInNoStatisticsNorLeaderboard) {
  SqliteStore store(file_);
  FinishedGame counted = game_of("hangman", {{"Ann", 10, true}}, 1000);
  counted.details = {
      {"length", 6}, {"misses", 1}, {"won", true}, {"points", 10}, {"dictionary_words", 0}};
  store.record_finished_game(counted);
  // A practice game (its seed known before it began): the best score, and won.
  FinishedGame practice = counted;
  practice.players = {{"Ann", 500, true}};
  practice.ended_ms = 2000;
  practice.practice = true;
  const std::int64_t practice_id = store.record_finished_game(practice);
  // Bob plays only practice.
  FinishedGame bob = practice;
  bob.players = {{"Bob", 700, true}};
  store.record_finished_game(bob);

  EXPECT_TRUE(store.finished_game(practice_id).practice);
  const std::vector<GameSummary> listed = store.finished_games("Ann");
  ASSERT_EQ(listed.size(), 2u) << "kept, and listed with the others";
  EXPECT_TRUE(listed[0].practice);
  EXPECT_FALSE(listed[1].practice);
  EXPECT_EQ(game_summary_json(listed[0], "Ann")["practice"], true);

  const PlayerStatistics ann = store.statistics("Ann", "hangman");
  EXPECT_EQ(ann.games, 1);
  EXPECT_EQ(ann.best_score, 10);
  const GameStatistics details = store.game_statistics("Ann", "hangman");
  EXPECT_EQ(details.details["by_length"][0]["games"], 1) << "its figures neither";
  EXPECT_EQ(details.details["last_games"].size(), 1u);
  EXPECT_TRUE(store.statistics("Bob").empty());
  const std::vector<LeaderboardEntry> board = store.leaderboard("hangman");
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Ann");
  EXPECT_EQ(board[0].best_score, 10);

  // A game arriving out of order is recounted from the games: practice still left out.
  store.record_finished_game(game_of("hangman", {{"Ann", 3, false}}, 500));
  const PlayerStatistics recounted = store.statistics("Ann", "hangman");
  EXPECT_EQ(recounted.games, 2);
  EXPECT_EQ(recounted.best_score, 10);
  EXPECT_EQ(recounted.current_streak, 1);
}

TEST_F(SqliteStoreTest, AnUnfinishedPracticeGameIsSavedAsPractice) {
  SqliteStore store(file_);
  UnfinishedGame game{0, "Ann", saved_game("hangman", 7, 1), 500, 600, true};
  game.id = store.save_unfinished(game);
  EXPECT_EQ(store.unfinished_game(game.id), game);
  game.practice = false;  // an update says it again
  store.save_unfinished(game);
  EXPECT_FALSE(store.unfinished_games("Ann").at(0).practice);
}

TEST_F(SqliteStoreTest, AGameKeepsItsLogByteForByte) {
  SqliteStore store(file_);
  FinishedGame game = game_of("auction", {{"Ann", 30, true}, {"greedy", 12, false}}, 5000);
  // Lines as `auction --log` writes them, with what text must not lose: UTF-8, a NUL-free
  // control-free byte mix, the final newline.
  game.log = std::string("{\"log\": \"wordgames-auction\", \"players\": [\"Zoë\"]}\n") +
             "{\"event\": \"game_ended\", \"points\": [30, 12], \"winners\": [0]}\n";
  const std::int64_t id = store.record_finished_game(game);
  EXPECT_EQ(store.game_log(id), game.log);
  FinishedGame read = store.finished_game(id);
  EXPECT_EQ(read.log, std::nullopt);  // the log is read on its own
  read.log = game.log;
  game.id = id;
  EXPECT_EQ(read, game);

  const std::int64_t without =
      store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 6000));
  EXPECT_EQ(store.game_log(without), std::nullopt);
  EXPECT_EQ(store.game_log(999), std::nullopt);

  FinishedGame empty = game_of("auction", {{"Ann", 0, false}}, 7000);
  empty.log = "";
  EXPECT_EQ(store.game_log(store.record_finished_game(empty)), std::string());
}

TEST_F(SqliteStoreTest, ATournamentKeepsItsTableAndEachGameWithItsLog) {
  SqliteStore store(file_);
  const std::int64_t before =
      store.record_finished_game(game_of("auction", {{"Ann", 1, true}}, 10));
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.config = {{"lineup", {"greedy", "random"}}, {"games", 2}, {"seed", 7}};
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
  const std::int64_t id = store.record_tournament(tournament, games);

  const TournamentRecord read = store.tournament(id);
  ASSERT_EQ(read.game_ids.size(), 2u);
  EXPECT_GT(read.game_ids[0], before);
  EXPECT_LT(read.game_ids[0], read.game_ids[1]);
  TournamentRecord expected = tournament;
  expected.id = id;
  expected.game_ids = read.game_ids;
  EXPECT_EQ(read, expected);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(store.game_log(read.game_ids[i]), games[i].log);
    EXPECT_EQ(store.finished_game(read.game_ids[i]).players, games[i].players);
  }
  // Bots are players like any other name: a teacher finds their games.
  EXPECT_EQ(store.finished_games("greedy").size(), 2u);
  EXPECT_EQ(store.statistics("greedy", "auction").wins, 1);

  TournamentRecord stopped = tournament;
  stopped.status = "stopped";
  stopped.ended_ms = 4000;
  const std::int64_t second = store.record_tournament(stopped, {});
  const std::vector<TournamentRecord> listed = store.tournaments();
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].id, second);  // the last ended first
  EXPECT_EQ(listed[0].status, "stopped");
  EXPECT_TRUE(listed[1].game_ids.empty());  // lists leave the games out
  EXPECT_EQ(store.tournaments(1).size(), 1u);
  EXPECT_TRUE(store.tournament(second).game_ids.empty());
  EXPECT_THROW(store.tournament(999), StoreError);
}

TEST_F(SqliteStoreTest, ATournamentIsRecordedAsItGoes) {
  SqliteStore store(file_);
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.config = {{"games", 2}};
  tournament.started_ms = 100;
  tournament.ended_ms = 100;
  tournament.status = "stopped";  // until it ends
  const std::int64_t id = store.record_tournament(tournament, {});
  FinishedGame game = game_of("auction", {{"greedy", 3, true}}, 150);
  game.log = "line\n";
  const std::int64_t one = store.record_tournament_game(id, game);
  EXPECT_EQ(store.tournament(id).status, "stopped");
  const std::int64_t two = store.record_tournament_game(id, game);
  store.end_tournament(id, Json::array({Json{{"name", "greedy"}}}), 200);
  const TournamentRecord read = store.tournament(id);
  EXPECT_EQ(read.status, "finished");
  EXPECT_EQ(read.ended_ms, 200);
  EXPECT_EQ(read.table, Json::array({Json{{"name", "greedy"}}}));
  EXPECT_EQ(read.game_ids, (std::vector<std::int64_t>{one, two}));
  EXPECT_EQ(store.game_log(two), "line\n");
  EXPECT_THROW(store.record_tournament_game(999, game), StoreError);
  EXPECT_THROW(store.record_tournament_game(id, game_of("hangman", {{"Ann", 1, true}}, 150)),
               std::invalid_argument);
  EXPECT_THROW(store.end_tournament(999, Json::array(), 300), StoreError);
  EXPECT_THROW(store.end_tournament(id, Json::array(), 300, "paused"), std::invalid_argument);
  EXPECT_EQ(store.tournament(id).game_ids.size(), 2u);
}

TEST_F(SqliteStoreTest, RefusesWhatCannotBeATournamentAndKeepsNothingOfIt) {
  SqliteStore store(file_);
  TournamentRecord tournament;
  tournament.game = "auction";
  tournament.started_ms = 10;
  tournament.ended_ms = 20;
  tournament.status = "paused";
  EXPECT_THROW(store.record_tournament(tournament, {}), std::invalid_argument);
  tournament.status = "finished";
  tournament.ended_ms = 5;
  EXPECT_THROW(store.record_tournament(tournament, {}), std::invalid_argument);
  tournament.ended_ms = 20;
  EXPECT_THROW(store.record_tournament(tournament, {game_of("hangman", {{"Ann", 1, true}}, 15)}),
               std::invalid_argument);  // a game of another game
  FinishedGame twice = game_of("auction", {{"Ann", 1, true}, {"ann", 2, false}}, 15);
  EXPECT_THROW(
      store.record_tournament(tournament, {game_of("auction", {{"Bob", 1, true}}, 15), twice}),
      std::invalid_argument);
  EXPECT_TRUE(store.tournaments().empty());
  EXPECT_TRUE(store.finished_games("Bob").empty());
}

TEST_F(SqliteStoreTest, DetailsAreKeptWithTheGameAndRefusedWhenNotAnObject) {
  SqliteStore store(file_);
  FinishedGame game = game_of("boggle", {{"Ann", 12, true}}, 1000);
  game.details = {{"found", 3}, {"words", 10}, {"score", 12}, {"total_score", 40}};
  const std::int64_t id = store.record_finished_game(game);
  game.id = id;
  EXPECT_EQ(store.finished_game(id), game);
  game.details = Json::array();
  EXPECT_THROW(store.record_finished_game(game), std::invalid_argument);
}

TEST_F(SqliteStoreTest, WordGameStatisticsGiveTheShareOfTheOptimumPerHand) {
  SqliteStore store(file_);
  FinishedGame first = game_of("hand", {{"Ann", 30, true}}, 1000);
  first.details = {{"hands", Json::array({Json{{"score", 10}, {"best", 20}},
                                          Json{{"score", 20}, {"best", nullptr}}})}};
  FinishedGame second = game_of("hand", {{"Ann", 45, true}}, 2000);
  second.details = {{"hands", Json::array({Json{{"score", 15}, {"best", 20}},
                                           Json{{"score", 30}, {"best", 40}}})}};
  store.record_finished_game(first);
  store.record_finished_game(second);
  const GameStatistics stats = store.game_statistics("ann", "hand");
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

TEST_F(SqliteStoreTest, EvilHangmanStatisticsCountMissesByLength) {
  SqliteStore store(file_);
  const auto record = [&](std::int64_t when, int length, int misses, bool won) {
    FinishedGame game = game_of("evil-hangman", {{"Ann", won ? 1 : 0, won}}, when);
    game.details = {{"length", length}, {"misses", misses}, {"won", won}};
    store.record_finished_game(game);
  };
  record(1000, 5, 3, true);
  record(2000, 5, 8, false);
  record(3000, 7, 2, true);
  const Json by_length = store.game_statistics("Ann", "evil-hangman").details["by_length"];
  EXPECT_EQ(
      by_length,
      Json::array(
          {Json{{"length", 5}, {"games", 2}, {"wins", 1}, {"misses", 11}, {"mean_misses", 5.5}},
           Json{{"length", 7}, {"games", 1}, {"wins", 1}, {"misses", 2}, {"mean_misses", 2.0}}}));
  // Another player's games are theirs.
  EXPECT_EQ(store.game_statistics("Bob", "evil-hangman").details["by_length"], Json::array());
}

TEST_F(SqliteStoreTest, BoggleStatisticsCountWordsFoundAgainstWordsOnTheBoard) {
  SqliteStore store(file_);
  for (int i = 0; i < 2; ++i) {
    FinishedGame game = game_of("boggle", {{"Ann", 5 + i, true}}, 1000 + i);
    game.details = {{"found", 3 + i}, {"words", 20}, {"score", 5 + i}, {"total_score", 50}};
    store.record_finished_game(game);
  }
  const Json details = store.game_statistics("Ann", "boggle").details;
  EXPECT_EQ(details["games"], 2);
  EXPECT_EQ(details["found"], 7);
  EXPECT_EQ(details["words"], 40);
  EXPECT_EQ(details["share"], 7.0 / 40);
  EXPECT_EQ(details["score_share"], 11.0 / 100);
}

TEST_F(SqliteStoreTest, HangmanStatisticsGiveTheLastFiveGamesAndTheDictionaries) {
  SqliteStore store(file_);
  for (int i = 0; i < 7; ++i) {
    const bool won = i % 2 == 0;
    FinishedGame game = game_of("hangman", {{"Ann", won ? 10 : 0, won}}, 1000 + i);
    game.result = {{"word", fmt::format("WORD{}", i)},
                   {"guesses", 5 + i},
                   {"misses", i},
                   {"player_won", won},
                   {"points", won ? 10 : 0}};
    game.details = {{"length", 5},
                    {"misses", i},
                    {"won", won},
                    {"points", won ? 10 : 0},
                    {"dictionary_words", i < 3 ? 0 : 50}};
    store.record_finished_game(game);
  }
  const Json details = store.game_statistics("Ann", "hangman").details;
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

TEST_F(SqliteStoreTest, DetailsOfTheWrongShapeAddNothingAndBreakNothing) {
  SqliteStore store(file_);
  FinishedGame game = game_of("evil-hangman", {{"Ann", 0, false}}, 1000);
  game.details = {{"length", "five"}, {"misses", 2.5}};
  store.record_finished_game(game);
  const GameStatistics stats = store.game_statistics("Ann", "evil-hangman");
  EXPECT_EQ(stats.totals.games, 1);
  EXPECT_EQ(stats.details["by_length"], Json::array());
}

TEST_F(SqliteStoreTest, TheLeaderboardRanksByBestScoreThenWins) {
  SqliteStore store(file_);
  store.record_finished_game(game_of("boggle", {{"Ann", 10, true}}, 1000));
  store.record_finished_game(game_of("boggle", {{"Bob", 30, true}}, 2000));
  store.record_finished_game(game_of("boggle", {{"Cy", 10, true}}, 3000));
  store.record_finished_game(game_of("boggle", {{"Cy", 0, false}}, 4000));
  store.record_finished_game(game_of("boggle", {{"Cy", 5, true}}, 5000));
  store.record_finished_game(game_of("hand", {{"Dee", 99, true}}, 6000));
  const std::vector<LeaderboardEntry> board = store.leaderboard("boggle");
  ASSERT_EQ(board.size(), 3u);
  EXPECT_EQ(board[0], (LeaderboardEntry{"Bob", 1, 1, 1.0, 30, 30.0}));
  EXPECT_EQ(board[1].player, "Cy");  // 10 like Ann, and more wins
  EXPECT_EQ(board[1].games, 3);
  EXPECT_EQ(board[1].wins, 2);
  EXPECT_EQ(board[2].player, "Ann");
  EXPECT_EQ(store.leaderboard("boggle", 1).size(), 1u);
  EXPECT_TRUE(store.leaderboard("evil-hangman").empty());
}

// --- Player secrets.

TEST_F(SqliteStoreTest, APlayersSecretIsGivenOnceAndMatchedExactly) {
  SqliteStore store(file_);
  store.player("Term");  // made by the terminal: no secret yet
  EXPECT_FALSE(store.player_secret_matches("Term", ""));
  EXPECT_FALSE(store.player_secret_matches("Term", "anything"));
  EXPECT_TRUE(store.claim_player("term", "s3cret"));  // the first to ask claims it
  EXPECT_FALSE(store.claim_player("Term", "other"));  // and it is never replaced
  EXPECT_TRUE(store.player_secret_matches("TERM", "s3cret"));
  for (const char* wrong : {"", "s3cre", "s3cret!", "S3CRET", "other"}) {
    EXPECT_FALSE(store.player_secret_matches("Term", wrong)) << wrong;
  }
  EXPECT_TRUE(store.claim_player("Ann", "ann's"));  // a new player, made with its secret
  EXPECT_EQ(store.players().size(), 2u);
  EXPECT_FALSE(store.player_secret_matches("Nobody", "ann's"));
  EXPECT_THROW(store.claim_player("Bob", ""), std::invalid_argument);
  EXPECT_THROW(store.claim_player("bad\nname", "x"), std::invalid_argument);
  SqliteStore reopened(file_);
  EXPECT_TRUE(reopened.player_secret_matches("Ann", "ann's"));
}

// --- Reopening.

TEST_F(SqliteStoreTest, ReopeningKeepsEverything) {
  std::int64_t finished = 0;
  std::int64_t unfinished = 0;
  const std::vector<std::string> words = {"BANANA", "BANDIT", "BASKET"};
  {
    SqliteStore store(file_);
    finished = store.record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 1000));
    unfinished = store.save_unfinished({0, "Bob", saved_game("hand", 3, 2), 10, 20});
    store.save_word_list("small", words);
    store.save_game("friday", saved_game("hangman", 42, 1));
  }
  SqliteStore store(file_);
  EXPECT_EQ(store.players().size(), 2u);
  EXPECT_EQ(store.finished_game(finished).players[0].name, "Ann");
  EXPECT_EQ(store.unfinished_game(unfinished).saved, saved_game("hand", 3, 2));
  EXPECT_EQ(store.statistics("Ann", "hangman").wins, 1);
  EXPECT_EQ(store.load_word_list("small"), word_list_text(words));
  EXPECT_EQ(store.load_game("friday"), saved_game("hangman", 42, 1));
  EXPECT_EQ(store.word_list_location("small"), file_.string() + " (word list 'small')");
}

// --- Import from a FileStore directory.

TEST_F(SqliteStoreTest, ImportsAFileStoreOnceAndMovesDamagedFilesAside) {
  const auto old = dir_ / "old";
  FileStore files(old);
  std::filesystem::create_directories(old / "hangman");
  dir_.write("old/hangman/history.tsv",
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
  dir_.write("old/evil-hangman/history.tsv",
             "# wordgames evil-hangman history 1\nOTHER\t3\thost\t0\nnot a record\n");
  std::filesystem::create_directories(old / "boggle");
  dir_.write("old/boggle/history.tsv", std::string("\x00\x01zz", 4));
  dir_.write("old/hangman/dictionaries/tiny.txt", std::string("BANANA\0COTTON\n", 14));
  dir_.write("old/games/broken.json", "{\"game\": ");

  SqliteStore store(file_);
  const ImportReport report = store.import_file_store(old);
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
  const std::vector<GameSummary> imported = store.finished_games(kDefaultPlayerName, "hangman");
  ASSERT_EQ(imported.size(), 2u);
  EXPECT_EQ(imported[0].result["word"], "BANANA");  // newest first: the same time, the later id
  EXPECT_EQ(imported[1].result, (Json{{"word", "COTTON"},
                                      {"guesses", 7},
                                      {"player_won", true},
                                      {"points", 45},
                                      {"imported", "history"}}));
  EXPECT_EQ(imported[1].players, (std::vector<GamePlayer>{{"player", 45, true}}));
  EXPECT_EQ(store.finished_games(kDefaultPlayerName, "evil-hangman").size(), 1u);
  EXPECT_EQ(store.word_list_names(), std::vector<std::string>{"small"});
  EXPECT_EQ(store.load_word_list("small"), word_list_text(words));
  EXPECT_EQ(store.load_game("friday"), saved_game("hangman", 42, 1));

  // Once: a second import, even after reopening, reads nothing.
  files.save_game("saturday", saved_game("hangman", 43, 0));
  EXPECT_TRUE(store.import_file_store(old).already_done);
  SqliteStore reopened(file_);
  EXPECT_TRUE(reopened.import_file_store(old).already_done);
  EXPECT_EQ(reopened.game_names(), std::vector<std::string>{"friday"});
}

TEST_F(SqliteStoreTest, ImportingAMissingDirectoryImportsNothingOnce) {
  SqliteStore store(file_);
  const ImportReport report = store.import_file_store(dir_ / "never-played");
  EXPECT_FALSE(report.already_done);
  EXPECT_EQ(report.history_records + report.word_lists + report.games, 0u);
  EXPECT_TRUE(report.problems.empty());
  EXPECT_TRUE(store.import_file_store(dir_ / "never-played").already_done);
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
  SqliteStore store(file);
  for (int index = 0; index < count; ++index) {
    const std::int64_t id = store.record_finished_game(child_game(round, index));
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
  { SqliteStore store(file_); }
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
  SqliteStore store(file_);
  for (const auto& [id, at] : acknowledged) {
    FinishedGame expected = child_game(at.first, at.second);
    expected.id = id;
    ASSERT_EQ(store.finished_game(id), expected) << "round " << at.first << " game " << at.second;
  }
  // The statistics agree with the games (each kill left a whole transaction or none).
  const std::int64_t games = std::stoll(raw_sql(file_, "SELECT count(*) FROM games"));
  EXPECT_GE(games, static_cast<std::int64_t>(acknowledged.size()));
  EXPECT_EQ(store.statistics("Ann", "hangman").games + store.statistics("Ann", "auction").games,
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
  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "SELECT count(*) FROM games"), std::to_string(2 * kGames));
  EXPECT_EQ(store.statistics("Ann", "hangman").games + store.statistics("Ann", "auction").games,
            2 * kGames);
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
}

// --- The puzzle of the day (schema version 7): once for the record, streaks, the day's board.

FinishedGame daily_game(std::string player, std::int64_t score, std::string day,
                        std::int64_t ended_ms) {
  FinishedGame game = game_of("hangman", {{std::move(player), score, score > 0}}, ended_ms);
  game.daily = std::move(day);
  return game;
}

TEST_F(SqliteStoreTest, APlayersFirstGameOfADaysPuzzleIsTheRecordLaterOnesArePractice) {
  SqliteStore store(file_);
  const std::int64_t first = store.record_finished_game(daily_game("Ann", 10, "2026-11-20", 1000));
  const std::int64_t again = store.record_finished_game(daily_game("ann", 90, "2026-11-20", 2000));
  const std::int64_t bob = store.record_finished_game(daily_game("Bob", 20, "2026-11-20", 3000));
  EXPECT_FALSE(store.finished_game(first).practice);
  EXPECT_EQ(store.finished_game(first).daily, "2026-11-20");
  EXPECT_TRUE(store.finished_game(again).practice);
  EXPECT_FALSE(store.finished_game(bob).practice);
  // The day's board: each player's record, best first; the practice game counts nowhere.
  EXPECT_EQ(store.daily_leaderboard("hangman", "2026-11-20"),
            (std::vector<DailyResult>{{"Bob", 20, true, bob}, {"Ann", 10, true, first}}));
  EXPECT_TRUE(store.daily_leaderboard("hangman", "2026-11-21").empty());
  EXPECT_TRUE(store.daily_leaderboard("wordle", "2026-11-20").empty());
  EXPECT_EQ(store.game_statistics("Ann", "hangman").totals.games, 1);
  EXPECT_THROW(store.daily_leaderboard("hangman", "2026-02-30"), std::invalid_argument);
  EXPECT_THROW(store.record_finished_game(daily_game("Ann", 1, "someday", 4000)),
               std::invalid_argument);
}

TEST_F(SqliteStoreTest, StreaksCountDaysInARowEndingTodayOrYesterday) {
  SqliteStore store(file_);
  for (const char* day :
       {"2026-11-10", "2026-11-11", "2026-11-12", "2026-11-18", "2026-11-19", "2026-11-19"}) {
    store.record_finished_game(daily_game("Ann", 5, day, 1000));
  }
  store.record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 5000));  // no daily
  EXPECT_EQ(store.daily_streak("Ann", "hangman", "2026-11-19"), (DailyStreak{2, 3, "2026-11-19"}));
  EXPECT_EQ(store.daily_streak("Ann", "hangman", "2026-11-20"), (DailyStreak{2, 3, "2026-11-19"}));
  EXPECT_EQ(store.daily_streak("Ann", "hangman", "2026-11-21"), (DailyStreak{0, 3, "2026-11-19"}));
  EXPECT_EQ(store.daily_streak("Bob", "hangman", "2026-11-21"), DailyStreak{});
  EXPECT_EQ(store.daily_streak("Ann", "wordle", "2026-11-21"), DailyStreak{});
}

TEST_F(SqliteStoreTest, MigratesAVersionSixFileItsGamesNoPuzzleOfTheDay) {
  {
    SqliteStore store(file_);
    store.record_finished_game(game_of("hangman", {{"Ann", 5, true}}, 1000));
  }
  restore_version_six_tables(file_);
  raw_sql(file_, "PRAGMA user_version = 6");
  SqliteStore store(file_);
  EXPECT_EQ(raw_sql(file_, "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
  EXPECT_EQ(raw_sql(file_, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(store.finished_game(1).daily, "");
  const std::int64_t id = store.record_finished_game(daily_game("Ann", 7, "2026-11-20", 2000));
  EXPECT_EQ(store.finished_game(id).daily, "2026-11-20");
}

}  // namespace
}  // namespace wg::app
