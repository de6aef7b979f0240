// src/app/file_store.h: the files and their formats, atomic writes, reading damaged files.

#include "app/file_store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/user_data.h"
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
  const auto path = dir / "sub" / "file.txt";
  write_file_atomically(path, "one\n");
  write_file_atomically(path, "two\n");
  EXPECT_EQ(test::read_bytes(path), "two\n");
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "sub")) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u);
  std::filesystem::create_directories(dir / "taken" / "x");
  EXPECT_THROW(write_file_atomically(dir / "taken", "text"), StoreError);
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

  // A directory where the file should be: nothing can be read or written.
  std::filesystem::remove(dir_ / "hangman" / "history.tsv");
  std::filesystem::create_directories(dir_ / "hangman" / "history.tsv" / "sub");
  EXPECT_FALSE(store_.history("hangman").problem.empty());
  EXPECT_THROW(store_.append("hangman", {"COTTON", 1, false, 0}), StoreError);
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
