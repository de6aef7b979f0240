// src/app/file_store.h: the files and their formats, atomic writes, reading damaged files.

#include "app/file_store.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "app/user_data.h"
#include "support/blocking_wait.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

std::vector<std::string> small_words() {
  return {"BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
          "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
          "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"};
}

/// The names of the files in `dir`, sorted.
std::vector<std::string> files_in(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class FileStoreTest : public ::testing::Test {
 protected:
  test::TempDir dir_{"wg-file-store"};
  FileStore store_{dir_.path()};
};

TEST(FileStore, WritesAtomicallyAndLeavesNoTemporaryFile) {
  test::TempDir dir;
  FileStore store(dir / "sub");
  const auto saved = [](unsigned seed) {
    return Json{{"game", "hangman"}, {"seed", seed}, {"commands", Json::array()}};
  };
  store.save_game("one", saved(1));
  store.save_game("one", saved(2));
  EXPECT_EQ(store.load_game("one")["seed"], 2);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "sub" / "games")) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u);
  std::filesystem::create_directories(dir / "sub" / "games" / "taken.json" / "x");
  EXPECT_THROW(store.save_game("taken", saved(1)), StoreError);
}

TEST(FileStore, ParsesHistorySkippingWhatItCannotRead) {
  const HistoryFile h = parse_history(
      "# header\nA\t1\tyou\t5\nB\t2\thost\t0\r\n\nbad\nC\t3\tyou\nD\t4\tme\t0\nE\tx\thost\t0\n"
      "F\t5\thost\t-1\nG\t6\thost\t0\textra\nh\t1\thost\t0\nI\t7\thost\t10\nJ\t8\tyou\t20\n"
      "K\t9\thost\t0\nL\t1\tyou\t5\n");
  EXPECT_EQ(h.bad_records, 7u);
  ASSERT_EQ(h.games.size(), kHistoryGames);
  EXPECT_EQ(h.games.front().word, "B");  // the last five readable games
  EXPECT_EQ(h.games[3], (HistoryRecord{"K", 9, false, 0}));
  EXPECT_EQ(h.games[2], (HistoryRecord{"J", 8, true, 20}));
  EXPECT_EQ(h.games.back().word, "L");
  EXPECT_TRUE(parse_history("").games.empty());
  EXPECT_EQ(parse_history("A\t+1\tyou\t5\nA\t1\tyou\t+5\nA\t1\tyou\t99999999999\n").bad_records,
            3u);
}

TEST_F(FileStoreTest, KeepsTodaysFilesAndFormats) {
  EXPECT_EQ(store_.root(), dir_.path());
  EXPECT_EQ(store_.history_path("hangman"), dir_ / "hangman" / "history.tsv");
  EXPECT_EQ(store_.word_list_path("small"), dir_ / "hangman" / "dictionaries" / "small.txt");
  EXPECT_EQ(store_.game_path("mine"), dir_ / "games" / "mine.json");
  EXPECT_EQ(store_.word_list_location("small"), store_.word_list_path("small").string());

  const std::vector<std::string> words = small_words();
  store_.save_word_list("small", words);
  const std::string saved = test::read_bytes(dir_ / "hangman" / "dictionaries" / "small.txt");
  EXPECT_TRUE(saved.starts_with("# wordgames word list small\nBANANA\nBANDIT\n")) << saved;
  EXPECT_TRUE(store_.load_word_list("small").starts_with("BANANA\nBANDIT\n"));

  store_.save_game("mine", Json{{"game", "hangman"}, {"seed", 3u}, {"commands", Json::array()}});
  EXPECT_EQ(test::read_bytes(dir_ / "games" / "mine.json"),
            "{\n  \"game\": \"hangman\",\n  \"seed\": 3,\n  \"commands\": []\n}\n");
}

TEST_F(FileStoreTest, AnOlderHistoryIsReadAsWellAsItCanBe) {
  std::filesystem::create_directories(dir_ / "hangman");
  EXPECT_TRUE(store_.history("hangman").games.empty()) << "no file: no games, no problem";
  EXPECT_TRUE(store_.history("hangman").problem.empty());
  dir_.write("hangman/history.tsv",
             "# wordgames hangman history 1\n# word\tguesses\twinner\tpoints\n"
             "BANANA\t7\tyou\t40\njunk\nCOTTON\t1\thost\t0\n");
  HistoryFile h = store_.history("hangman");
  EXPECT_EQ(h.bad_records, 1u);
  EXPECT_EQ(h.source, (dir_ / "hangman" / "history.tsv").string());
  EXPECT_EQ(h.games,
            (std::vector<HistoryRecord>{{"BANANA", 7, true, 40}, {"COTTON", 1, false, 0}}));

  dir_.write("hangman/history.tsv", std::string("\x00\x01\x02zz", 5));
  h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_NE(h.problem.find("binary data"), std::string::npos) << h.problem;

  dir_.write("hangman/history.tsv", "");
  h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_TRUE(h.problem.empty());

  std::filesystem::remove(dir_ / "hangman" / "history.tsv");
  std::filesystem::create_directories(dir_ / "hangman" / "history.tsv" / "sub");
  EXPECT_NE(store_.history("hangman").problem.find("is a directory"), std::string::npos);
  EXPECT_NE(store_.history("../x").problem.find("not a game name"), std::string::npos);
}

TEST_F(FileStoreTest, AFifoInPlaceOfTheHistoryDoesNotHang) {
  // Issue 15: a FIFO in place of the history file hung the game (opening it waited for a
  // writer). Now it is refused at once as a problem to report.
  std::filesystem::create_directories(dir_ / "hangman");
  const auto fifo = dir_ / "hangman" / "history.tsv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const HistoryFile h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_EQ(h.problem,
            fifo.string() + ": is a FIFO (named pipe), not a regular file; ignoring the history");
}

TEST_F(FileStoreTest, DevZeroAsAHistoryOrWordListIsRefusedAtOnce) {
  // Issue 15: /dev/zero as a history or dictionary allocated 2 GB before the size cap refused it.
  std::filesystem::create_directories(dir_ / "hangman" / "dictionaries");
  std::filesystem::create_symlink("/dev/zero", dir_ / "hangman" / "history.tsv");
  EXPECT_EQ(store_.history("hangman").problem,
            (dir_ / "hangman" / "history.tsv").string() +
                ": is a device, not a regular file; ignoring the history");
  std::filesystem::create_symlink("/dev/zero", dir_ / "hangman" / "dictionaries" / "zero.txt");
  EXPECT_THROW(store_.load_word_list("zero"), StoreError);  // not even listed as a word list
  // A history far over its cap (1 MiB; five games take a few hundred bytes) is refused from its
  // size, not read.
  std::filesystem::remove(dir_ / "hangman" / "history.tsv");
  const auto big = dir_ / "hangman" / "history.tsv";
  dir_.write("hangman/history.tsv", "x");
  std::filesystem::resize_file(big, std::uint64_t{1} << 40);
  EXPECT_NE(store_.history("hangman").problem.find("file too large (1099511627776 bytes"),
            std::string::npos);
}

TEST_F(FileStoreTest, AFullDiskLeavesAWordListAsItWas) {
  // The disk is full for a child whose file size limit (64 bytes) is below the list's size: its
  // save fails with a StoreError naming the file, and the old list is intact.
  const std::vector<std::string> words = {"COTTON"};
  store_.save_word_list("mine", words);
  const auto path = dir_ / "hangman" / "dictionaries" / "mine.txt";
  const std::string before = test::read_bytes(path);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{64, 64};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
    try {
      FileStore(dir_.path()).save_word_list("mine", small_words());
    } catch (const StoreError& error) {
      const std::string what = error.what();
      ::_exit(what.starts_with(path.string() + ": cannot write (file too large") ? 0 : 4);
    }
    ::_exit(5);
  }
  const int status = test::wait_child(pid).value_or(-1);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_EQ(test::read_bytes(path), before);
  EXPECT_EQ(files_in(path.parent_path()), std::vector<std::string>{"mine.txt"});
}

TEST_F(FileStoreTest, AWordListEditedByHandIsReadWithoutItsCommentLines) {
  std::filesystem::create_directories(dir_ / "hangman" / "dictionaries");
  dir_.write("hangman/dictionaries/mine.txt",
             "# wordgames hangman dictionary mine\n# my notes\nWords I like: banana, cotton\n");
  EXPECT_EQ(store_.load_word_list("mine"), "Words I like: banana, cotton\n");
  // Files that are not word lists are not listed.
  dir_.write("hangman/dictionaries/notes.md", "x");
  dir_.write("hangman/dictionaries/-bad.txt", "x");
  EXPECT_EQ(store_.word_list_names(), std::vector<std::string>{"mine"});
}

TEST_F(FileStoreTest, ASavedGameThatIsNotOneIsAnError) {
  std::filesystem::create_directories(dir_ / "games");
  dir_.write("games/broken.json", "{\"game\": ");
  dir_.write("games/other.json", "[1, 2]");
  EXPECT_EQ(store_.game_names(), (std::vector<std::string>{"broken", "other"}));
  EXPECT_THROW(store_.load_game("broken"), StoreError);
  EXPECT_THROW(store_.load_game("other"), StoreError);
}

TEST(FileStore, TheDefaultRootIsTheUserDataDirectory) {
  EXPECT_EQ(FileStore().root(), user_data_dir());  // user_data_test.cpp tests the lookup
}

}  // namespace
}  // namespace wg::app
