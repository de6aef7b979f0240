// src/cli/hangman_store.h: dictionary names, atomic writes, reading a damaged history.

#include "cli/hangman_store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/temp_dir.h"

namespace wg::cli {
namespace {

TEST(HangmanStore, DictionaryNames) {
  for (const char* good : {"a", "my-book", "Moby_Dick2", "9lives"}) {
    EXPECT_TRUE(valid_dictionary_name(good)) << good;
  }
  for (const char* bad : {"", "default", "-x", "_x", "a b", "a/b", "..", "a.txt", "caf\xc3\xa9"}) {
    EXPECT_FALSE(valid_dictionary_name(bad)) << bad;
  }
  EXPECT_TRUE(valid_dictionary_name(std::string(40, 'a')));
  EXPECT_FALSE(valid_dictionary_name(std::string(41, 'a')));
}

TEST(HangmanStore, WritesAtomicallyAndLeavesNoTemporaryFile) {
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
  EXPECT_THROW(write_file_atomically(dir / "taken", "text"), std::runtime_error);
}

TEST(HangmanStore, ParsesHistorySkippingWhatItCannotRead) {
  const History h = parse_history(
      "# header\nA\t1\tyou\t5\nB\t2\thost\t0\r\n\nbad\nC\t3\tyou\nD\t4\tme\t0\nE\tx\thost\t0\n"
      "F\t5\thost\t-1\nG\t6\thost\t0\textra\nh\t1\thost\t0\nI\t7\thost\t10\nJ\t8\tyou\t20\n"
      "K\t9\thost\t0\nL\t1\tyou\t5\n");
  EXPECT_EQ(h.bad_lines, 7u);
  ASSERT_EQ(h.entries.size(), kHistoryGames);
  EXPECT_EQ(h.entries.front().word, "B");  // the last five readable games
  EXPECT_EQ(h.entries[3], (HistoryEntry{"K", 9, false, 0}));
  EXPECT_EQ(h.entries[2], (HistoryEntry{"J", 8, true, 20}));
  EXPECT_EQ(h.entries.back().word, "L");
  EXPECT_TRUE(parse_history("").entries.empty());
}

}  // namespace
}  // namespace wg::cli
