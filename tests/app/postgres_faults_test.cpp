// src/app/postgres_store.h and postgres_connection.h under faults: a connection the server cuts
// between two calls or in the middle of a write, a disk that fills up, a server that never
// answers. Whatever happens, a call fails with a StoreError or succeeds; what was acknowledged
// stays, and what failed left nothing behind. Each test starts its own throwaway server
// (support/postgres_server.h), or skips saying why.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "app/postgres_connection.h"
#include "app/postgres_database.h"
#include "app/postgres_store.h"
#include "app/stored_games.h"
#include "support/postgres_server.h"

namespace wg::app {
namespace {

using ::testing::HasSubstr;

/// The application_name of the store under test, by which its session is found and ended.
constexpr const char* kVictim = "wg-store-under-test";

/// A fresh server and database per test (PostgresDatabaseTest), with ways to end its store's
/// session.
class PostgresFaultsTest : public PostgresDatabaseTest {
 protected:
  /// The database's URL for the store whose session the test ends.
  std::string victim_url() const { return url_ + "&application_name=" + kVictim; }

  /// Ends the store's session on the server, as the superuser from a connection of its own
  /// (pg_terminate_backend), once that session is gone; returns how many sessions it ended.
  std::int64_t terminate_store_session() {
    PostgresConnection admin(server().url());
    return admin
        .exec(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 600000)) "
            "FROM pg_stat_activity WHERE application_name = $1",
            {kVictim}, "end a session")
        .integer(0, 0);
  }

  /// Whether the store's session waits for a lock.
  bool store_waits_for_a_lock() {
    PostgresConnection admin(server().url());
    return admin
               .exec(
                   "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND "
                   "wait_event_type = 'Lock'",
                   {kVictim})
               .integer(0, 0) > 0;
  }
};

TEST_F(PostgresFaultsTest, AConnectionCutBetweenTwoCallsFailsOneCallAtMostAndLosesNothing) {
  PostgresStore store(victim_url());
  const std::int64_t first =
      store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  const std::int64_t unfinished =
      store.save_unfinished({0, "Ann", saved_game("hand", 3, 2), 10, 20});
  ASSERT_EQ(terminate_store_session(), 1);

  // A write of one transaction finds the connection lost as it begins, and begins again on a
  // new one.
  store.record_finished_game(game_of("hangman", {{"Bob", 5, true}, {"Ann", 2, false}}, 2000), 0);
  EXPECT_EQ(store.finished_game(first).players.at(0).name, "Ann");
  EXPECT_EQ(store.unfinished_game(unfinished).saved, saved_game("hand", 3, 2));
  EXPECT_EQ(store.finished_games("Ann", std::nullopt, 10, 0).size(), 2u);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
  EXPECT_EQ(store.statistics("Bob", "hangman").wins, 1);

  // A call of one statement either works on a new connection or says the connection was lost,
  // having written nothing; the call after it works.
  ASSERT_EQ(terminate_store_session(), 1);
  try {
    EXPECT_EQ(store.players().size(), 2u);
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr(store.location()));
    EXPECT_THAT(error.what(), HasSubstr("connection to the database was lost"));
  }
  EXPECT_EQ(store.players().size(), 2u);

  ASSERT_EQ(terminate_store_session(), 1);
  const std::vector<std::string> words = {"BANANA", "CHERRY"};
  try {
    store.save_word_list("fruit", words);
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr("connection to the database was lost"));
    EXPECT_FALSE(store.has_word_list("fruit")) << "nothing of the failed write is kept";
    store.save_word_list("fruit", words);
  }
  EXPECT_TRUE(store.has_word_list("fruit"));
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
}

TEST_F(PostgresFaultsTest, AConnectionCutInTheMiddleOfAWriteKeepsNoneOfIt) {
  // Another program holds Ann's row, so that recording a game of Bob (a new player, added by
  // the write) and Ann waits, its transaction open, until its session is ended.
  PostgresStore store(victim_url());
  store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  std::optional<PostgresConnection> other;
  other.emplace(url_);
  std::optional<PostgresTransaction> holding;
  holding.emplace(*other);
  other->exec("SELECT 1 FROM players WHERE name = 'Ann' FOR NO KEY UPDATE");

  std::atomic<bool> done = false;
  std::optional<std::string> failure;
  std::thread writer([&] {
    try {
      store.record_finished_game(game_of("hangman", {{"Bob", 5, true}, {"Ann", 2, false}}, 2000),
                                 0);
    } catch (const StoreError& error) {
      failure = error.what();
    }
    done = true;
  });
  // Polls until the write waits for Ann's row (or, wrongly, has ended).
  while (!done && !store_waits_for_a_lock()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_FALSE(done) << "the write did not wait for Ann's row";
  EXPECT_EQ(terminate_store_session(), 1);
  writer.join();
  holding.reset();  // Ann's row is free again
  other.reset();

  ASSERT_TRUE(failure.has_value()) << "the write reported success on a session that was ended";
  EXPECT_THAT(*failure, HasSubstr("connection to the database was lost"));
  EXPECT_FALSE(store.find_player("Bob").has_value()) << "nothing of the failed write is kept";
  EXPECT_EQ(store.finished_games("Ann", std::nullopt, 10, 0).size(), 1u);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 1);

  store.record_finished_game(game_of("hangman", {{"Bob", 5, true}, {"Ann", 2, false}}, 2000), 0);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
  EXPECT_EQ(store.statistics("Bob", "hangman").games, 1);
}

/// A server whose store's tables are in a tablespace on a small filesystem of their own (a
/// tmpfs mounted for the test), and a file that can fill that filesystem up. Skipped where
/// mounting is not allowed (not root, or a container without the privilege).
class PostgresFullDiskTest : public PostgresFaultsTest {
 protected:
  void SetUp() override {
    PostgresFaultsTest::SetUp();
    if (IsSkipped()) return;
    if (::geteuid() != 0) GTEST_SKIP() << "mounting a small filesystem to fill up needs root";
    small_ = server().directory() / "small";
    std::filesystem::create_directory(small_);
    // The filesystem belongs to the server's user, as the directory it is mounted in does.
    struct stat owner {};
    ASSERT_EQ(::stat(server().directory().c_str(), &owner), 0);
    const std::string options = "size=8m,mode=0700,uid=" + std::to_string(owner.st_uid) +
                                ",gid=" + std::to_string(owner.st_gid);
    if (::mount("tmpfs", small_.c_str(), "tmpfs", 0, options.c_str()) != 0) {
      GTEST_SKIP() << "cannot mount a small tmpfs to fill up: " << std::strerror(errno);
    }
    mounted_ = true;
    const std::filesystem::path space = small_ / "space";
    std::filesystem::create_directory(space);
    ASSERT_EQ(::chown(space.c_str(), owner.st_uid, owner.st_gid), 0);
    PostgresConnection admin(url_);
    admin.exec("CREATE TABLESPACE small LOCATION '" + space.string() + "'");
    admin.exec("ALTER DATABASE wordgames SET default_tablespace = 'small'");
  }

  void TearDown() override {
    if (!mounted_) return;
    // The server first, which holds files of the tablespace open.
    try {
      server().stop();
    } catch (const std::exception&) {
    }
    ::umount2(small_.c_str(), MNT_DETACH);
  }

  /// Fills the small filesystem up with a file beside the tablespace: afterwards, no write that
  /// needs a new block there succeeds.
  void fill_up() {
    const int fd = ::open(filler().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(fd, 0) << std::strerror(errno);
    const std::vector<char> chunk(64 * 1024, 'x');
    std::size_t size = chunk.size();
    while (size > 0) {
      const ssize_t written = ::write(fd, chunk.data(), size);
      if (written < 0 && errno == ENOSPC) {
        size /= 2;  // the last blocks, a smaller write at a time
      } else {
        ASSERT_GE(written, 0) << std::strerror(errno);
      }
    }
    ::close(fd);
  }

  void free_space() { std::filesystem::remove(filler()); }

  std::filesystem::path filler() const { return small_ / "filler"; }

  std::filesystem::path small_;
  bool mounted_ = false;
};

/// `size` letters that PostgreSQL cannot compress much, the same every run.
std::string incompressible(std::size_t size) {
  std::mt19937 random(20261128);
  std::string text;
  text.reserve(size);
  for (std::size_t i = 0; i < size; ++i) {
    text.push_back(static_cast<char>('a' + random() % 26));
  }
  return text;
}

TEST_F(PostgresFullDiskTest, AFullDiskFailsAWriteClearlyAndLosesNothing) {
  PostgresStore store(url_);
  const std::int64_t first =
      store.record_finished_game(game_of("hangman", {{"Ann", 1, true}}, 1000), 0);
  FinishedGame big = game_of("hangman", {{"Ann", 2, true}}, 2000);
  big.log = incompressible(2 * 1024 * 1024);  // many new blocks
  fill_up();

  try {
    store.record_finished_game(big, 0);
    ADD_FAILURE() << "a game was recorded on a full disk";
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr(store.location()));
    EXPECT_THAT(error.what(), HasSubstr("No space left on device"));
  }
  EXPECT_EQ(store.finished_game(first).players.at(0).name, "Ann");
  EXPECT_EQ(store.finished_games("Ann", std::nullopt, 10, 0).size(), 1u);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 1) << "nothing of the failed write is kept";

  free_space();
  const std::int64_t second = store.record_finished_game(big, 0);
  EXPECT_EQ(store.game_log(second), big.log);
  EXPECT_EQ(store.statistics("Ann", "hangman").games, 2);
  EXPECT_EQ(store.finished_game(first).players.at(0).name, "Ann");
}

TEST_F(PostgresFaultsTest, EveryConnectionHasTimeoutsUnlessItsUrlGivesItsOwn) {
  ::unsetenv("PGCONNECT_TIMEOUT");  // which would be kept instead of the default
  PostgresConnection plain(url_);
  EXPECT_EQ(plain.option("connect_timeout"), "10");
  EXPECT_EQ(plain.option("keepalives"), "1");
  EXPECT_EQ(plain.option("keepalives_idle"), "10");
  EXPECT_EQ(plain.option("keepalives_interval"), "5");
  EXPECT_EQ(plain.option("keepalives_count"), "3");
  EXPECT_EQ(plain.option("tcp_user_timeout"), "20000");
  EXPECT_EQ(plain.option("client_encoding"), "UTF8");

  PostgresConnection own(url_ + "&connect_timeout=3&tcp_user_timeout=5000&keepalives_idle=60" +
                         "&client_encoding=LATIN1");
  EXPECT_EQ(own.option("connect_timeout"), "3");
  EXPECT_EQ(own.option("tcp_user_timeout"), "5000");
  EXPECT_EQ(own.option("keepalives_idle"), "60");
  EXPECT_EQ(own.option("keepalives_count"), "3");
  EXPECT_EQ(own.option("client_encoding"), "UTF8") << "the store's text is UTF-8";
  own.reconnect();
  EXPECT_EQ(own.option("connect_timeout"), "3");
  EXPECT_EQ(own.exec("SELECT 1").integer(0, 0), 1);
}

TEST(PostgresSilentServerTest, AServerThatNeverAnswersFailsTheConnectionAfterItsTimeout) {
  if (!postgres_available()) GTEST_SKIP() << "this wordgames was built without libpq-dev";
  ::unsetenv("PGCONNECT_TIMEOUT");
  // A socket that listens and never accepts: the kernel completes the TCP handshake, then
  // nothing ever answers libpq's first message, as a server that hangs. Without a connect
  // timeout, opening the store would wait for ever; with the default one (10 s) it fails.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t length = sizeof address;
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const std::string url =
      "postgresql://ann:s3cr3t@127.0.0.1:" + std::to_string(ntohs(address.sin_port)) +
      "/wordgames?sslmode=disable";
  try {
    PostgresStore store(url);
    ADD_FAILURE() << "a store opened on a server that never answers";
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr("127.0.0.1"));
    EXPECT_THAT(error.what(), HasSubstr("timeout expired"));
    EXPECT_THAT(error.what(), ::testing::Not(HasSubstr("s3cr3t")));
  }
  ::close(listener);
}

}  // namespace
}  // namespace wg::app
