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
  const History h = parse_history(
      "# header\nA\t1\tyou\t5\nB\t2\thost\t0\r\n\nbad\nC\t3\tyou\nD\t4\tme\t0\nE\tx\thost\t0\n"
      "F\t5\thost\t-1\nG\t6\thost\t0\textra\nh\t1\thost\t0\nI\t7\thost\t10\nJ\t8\tyou\t20\n"
      "K\t9\thost\t0\nL\t1\tyou\t5\n");
  EXPECT_EQ(h.bad_records, 7u);
  ASSERT_EQ(h.games.size(), kHistoryGames);
  EXPECT_EQ(h.games.front().word, "B");  // the last five readable games
  EXPECT_EQ(h.games[3], (GameRecord{"K", 9, false, 0}));
  EXPECT_EQ(h.games[2], (GameRecord{"J", 8, true, 20}));
  EXPECT_EQ(h.games.back().word, "L");
  EXPECT_TRUE(parse_history("").games.empty());
  EXPECT_EQ(parse_history("A\t+1\tyou\t5\nA\t1\tyou\t+5\nA\t1\tyou\t99999999999\n").bad_records,
            3u);
}

TEST_F(FileStoreTest, KeepsTodaysFilesAndFormats) {
  EXPECT_EQ(store_.root(), dir_.path());
  EXPECT_EQ(store_.history_path("hangman"), dir_ / "hangman" / "history.tsv");
  EXPECT_EQ(store_.dictionary_path("small"), dir_ / "hangman" / "dictionaries" / "small.txt");
  EXPECT_EQ(store_.game_path("mine"), dir_ / "games" / "mine.json");
  EXPECT_EQ(store_.dictionary_location("small"), store_.dictionary_path("small").string());

  store_.append("hangman", {"COTTON", 7, true, 45});
  store_.append("hangman", {"BANANA", 6, false, 0});
  EXPECT_EQ(test::read_bytes(dir_ / "hangman" / "history.tsv"),
            "# wordgames hangman history 1\n# word\tguesses\twinner\tpoints\n"
            "COTTON\t7\tyou\t45\nBANANA\t6\thost\t0\n");

  const std::vector<std::string> words = small_words();
  store_.save_dictionary("small", hangman::Dictionary::from_words(words));
  const std::string saved = test::read_bytes(dir_ / "hangman" / "dictionaries" / "small.txt");
  EXPECT_TRUE(saved.starts_with("# wordgames hangman dictionary small\nBANANA\n")) << saved;

  store_.save_game("mine", Json{{"game", "hangman"}, {"seed", 3u}, {"commands", Json::array()}});
  EXPECT_EQ(test::read_bytes(dir_ / "games" / "mine.json"),
            "{\n  \"game\": \"hangman\",\n  \"seed\": 3,\n  \"commands\": []\n}\n");
}

TEST_F(FileStoreTest, AHistoryIsReadAsWellAsItCanBeAndRepairedByTheNextAppend) {
  std::filesystem::create_directories(dir_ / "hangman");
  dir_.write("hangman/history.tsv", "# wordgames hangman history 1\nBANANA\t7\tyou\t40\njunk\n");
  History h = store_.history("hangman");
  EXPECT_EQ(h.bad_records, 1u);
  EXPECT_EQ(h.source, (dir_ / "hangman" / "history.tsv").string());
  ASSERT_EQ(h.games.size(), 1u);
  h = store_.append("hangman", {"COTTON", 1, false, 0});
  EXPECT_EQ(h.bad_records, 1u);  // what the append dropped
  EXPECT_EQ(store_.history("hangman").bad_records, 0u);
  EXPECT_EQ(store_.history("hangman").games.size(), 2u);

  dir_.write("hangman/history.tsv", std::string("\x00\x01\x02zz", 5));
  h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_NE(h.problem.find("binary data"), std::string::npos) << h.problem;

  dir_.write("hangman/history.tsv", "");
  h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_TRUE(h.problem.empty());

  // A directory where the file should be: it cannot be read, and the next append keeps it
  // aside, with what it holds, rather than fail or overwrite it.
  std::filesystem::remove(dir_ / "hangman" / "history.tsv");
  std::filesystem::create_directories(dir_ / "hangman" / "history.tsv" / "sub");
  EXPECT_NE(store_.history("hangman").problem.find("is a directory"), std::string::npos);
  EXPECT_NE(store_.append("hangman", {"COTTON", 1, false, 0}).problem.find("kept as"),
            std::string::npos);
  EXPECT_TRUE(std::filesystem::is_directory(dir_ / "hangman" / "history.tsv.unreadable-1" / "sub"));
  EXPECT_EQ(store_.history("hangman").games.size(), 1u);
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

TEST_F(FileStoreTest, AnUnreadableHistoryIsKeptAsideNeverOverwritten) {
  // Issue 15: a history with trailing NUL bytes was reported as ignored, then overwritten by the
  // next append, losing every earlier game.
  std::filesystem::create_directories(dir_ / "hangman");
  const std::string damaged =
      "# wordgames hangman history 1\nBANANA\t7\tyou\t40\n" + std::string(64, '\0');
  dir_.write("hangman/history.tsv", damaged);
  EXPECT_NE(store_.history("hangman").problem.find("binary data"), std::string::npos);
  const History h = store_.append("hangman", {"COTTON", 1, false, 0});
  const auto aside = dir_ / "hangman" / "history.tsv.unreadable-1";
  EXPECT_EQ(h.problem, (dir_ / "hangman" / "history.tsv").string() +
                           " could not be read: kept as " + aside.string() +
                           ", and a new history started");
  EXPECT_EQ(test::read_bytes(aside), damaged);
  ASSERT_EQ(store_.history("hangman").games.size(), 1u);
  EXPECT_EQ(store_.history("hangman").games[0].word, "COTTON");
  // A second damaged file goes beside the first, which stays as it was.
  dir_.write("hangman/history.tsv", std::string("\0", 1));
  store_.append("hangman", {"BANANA", 1, false, 0});
  EXPECT_EQ(test::read_bytes(aside), damaged);
  EXPECT_EQ(test::read_bytes(dir_ / "hangman" / "history.tsv.unreadable-2"), std::string("\0", 1));
}

TEST_F(FileStoreTest, AFifoInPlaceOfTheHistoryNeitherHangsNorIsLost) {
  // Issue 15: a FIFO in place of the history file hung the game (opening it waited for a
  // writer). Now it is refused at once as a problem to report, and the append keeps it aside.
  std::filesystem::create_directories(dir_ / "hangman");
  const auto fifo = dir_ / "hangman" / "history.tsv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const History h = store_.history("hangman");
  EXPECT_TRUE(h.games.empty());
  EXPECT_EQ(h.problem,
            fifo.string() + ": is a FIFO (named pipe), not a regular file; ignoring the history");
  store_.append("hangman", {"COTTON", 1, false, 0});
  EXPECT_EQ(store_.history("hangman").games.size(), 1u);
  EXPECT_TRUE(std::filesystem::is_fifo(dir_ / "hangman" / "history.tsv.unreadable-1"));
}

TEST_F(FileStoreTest, DevZeroAsAHistoryOrDictionaryIsRefusedAtOnce) {
  // Issue 15: /dev/zero as a history or dictionary allocated 2 GB before the size cap refused it.
  std::filesystem::create_directories(dir_ / "hangman" / "dictionaries");
  std::filesystem::create_symlink("/dev/zero", dir_ / "hangman" / "history.tsv");
  EXPECT_EQ(store_.history("hangman").problem,
            (dir_ / "hangman" / "history.tsv").string() +
                ": is a device, not a regular file; ignoring the history");
  std::filesystem::create_symlink("/dev/zero", dir_ / "hangman" / "dictionaries" / "zero.txt");
  EXPECT_THROW(store_.load_dictionary("zero"), StoreError);  // not even listed as a dictionary
  // A history far over its cap (1 MiB; five games take a few hundred bytes) is refused from its
  // size, not read.
  std::filesystem::remove(dir_ / "hangman" / "history.tsv");
  const auto big = dir_ / "hangman" / "history.tsv";
  dir_.write("hangman/history.tsv", "x");
  std::filesystem::resize_file(big, std::uint64_t{1} << 40);
  EXPECT_NE(store_.history("hangman").problem.find("file too large (1099511627776 bytes"),
            std::string::npos);
}

TEST_F(FileStoreTest, GamesEndingAtOnceLoseNoHistoryRecord) {
  // Issue 15: two games finishing at once lost a history entry (an unlocked read-modify-write).
  // Four processes append 25 records each to one history. Each append returns the history it
  // wrote, whose next-to-last record is the one appended before it. Whatever the interleaving,
  // appends in turn give every record but the first a different predecessor; an append that
  // read the file before another's write landed shares its predecessor with that other one.
  constexpr int kProcesses = 4;
  constexpr int kAppends = 25;
  test::TempDir reports("wg-history-race");
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      int code = 0;
      try {
        FileStore store(dir_.path());
        std::string seen;
        const std::string word(1, static_cast<char>('A' + p));
        for (int i = 1; i <= kAppends; ++i) {
          const History h = store.append("hangman", {word, static_cast<std::size_t>(i), false, 0});
          const GameRecord& before = h.games.size() >= 2 ? h.games[h.games.size() - 2] : h.games[0];
          seen += h.games.size() >= 2 ? before.word + std::to_string(before.guesses) : "none";
          seen += '\n';
        }
        reports.write(word, seen);
      } catch (...) {
        code = 1;
      }
      ::_exit(code);
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    const int status = test::wait_child(pid).value_or(-1);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  std::vector<std::string> predecessors;
  for (int p = 0; p < kProcesses; ++p) {
    const std::string text = test::read_bytes(reports / std::string(1, static_cast<char>('A' + p)));
    for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
      predecessors.push_back(text.substr(at, end - at));
    }
  }
  ASSERT_EQ(predecessors.size(), std::size_t{kProcesses * kAppends});
  std::sort(predecessors.begin(), predecessors.end());
  EXPECT_EQ(std::adjacent_find(predecessors.begin(), predecessors.end()), predecessors.end())
      << "two appends saw the same history: a record was lost";
  EXPECT_EQ(std::count(predecessors.begin(), predecessors.end(), "none"), 1);
  const History h = store_.history("hangman");
  EXPECT_EQ(h.games.size(), kHistoryGames);
  EXPECT_TRUE(h.problem.empty()) << h.problem;
  EXPECT_EQ(files_in(dir_ / "hangman"), (std::vector<std::string>{".history.lock", "history.tsv"}));
}

TEST_F(FileStoreTest, AFullDiskLeavesTheHistoryAsItWas) {
  // The disk is full for a child whose file size limit (64 bytes) is below a history's size:
  // its append fails with a StoreError naming the file, and the old history is intact.
  store_.append("hangman", {"COTTON", 7, true, 45});
  const auto path = dir_ / "hangman" / "history.tsv";
  const std::string before = test::read_bytes(path);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{64, 64};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
    try {
      FileStore(dir_.path()).append("hangman", {"BANANA", 6, false, 0});
    } catch (const StoreError& error) {
      const std::string what = error.what();
      ::_exit(what.starts_with(path.string() + ": cannot write (file too large") ? 0 : 4);
    }
    ::_exit(5);
  }
  const int status = test::wait_child(pid).value_or(-1);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_EQ(test::read_bytes(path), before);
  EXPECT_EQ(files_in(dir_ / "hangman"), (std::vector<std::string>{".history.lock", "history.tsv"}));
}

TEST_F(FileStoreTest, ADictionaryEditedByHandIsReadAsTextAndCheckedAgain) {
  std::filesystem::create_directories(dir_ / "hangman" / "dictionaries");
  std::string text = "Words I like:\n";
  for (const std::string& word : small_words()) text += word + ", ";
  dir_.write("hangman/dictionaries/mine.txt", text);
  EXPECT_EQ(store_.load_dictionary("mine").size(), 20u);
  dir_.write("hangman/dictionaries/mine.txt", "BANANA\nCOTTON\n");
  try {
    store_.load_dictionary("mine");
    FAIL() << "two words loaded";
  } catch (const StoreError& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("mine.txt: only 2 words"), std::string::npos) << what;
  }
  // Files that are not dictionaries are not listed.
  dir_.write("hangman/dictionaries/notes.md", "x");
  dir_.write("hangman/dictionaries/default.txt", "x");
  dir_.write("hangman/dictionaries/-bad.txt", "x");
  EXPECT_EQ(store_.dictionary_names(), std::vector<std::string>{"mine"});
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
