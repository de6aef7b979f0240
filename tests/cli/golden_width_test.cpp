// Every golden transcript of every game fits an 80-column terminal (issue 17): each line, counted
// in displayed characters (UTF-8 code points, ANSI escapes left out), is at most 80 wide. The
// transcripts are what a person sees, so a new golden file is checked without being listed here.
// JSON lines logs (.jsonl) are for programs, one document per line, and are left out.

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "cli/output.h"
#include "support/golden.h"

namespace wg::test {
namespace {

using cli::display_width;
using cli::kColumns;

TEST(GoldenWidth, ColumnsCountsCodePointsWithoutEscapes) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("word: peace"), 11u);
  EXPECT_EQ(display_width("\xC3\xA9t\xC3\xA9"), 3u);                  // été
  EXPECT_EQ(display_width("\x1b[1;32mpeace\x1b[0m: 3 points"), 15u);  // coloured
}

std::vector<std::filesystem::path> transcripts() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(golden_path("cli/golden"))) {
    if (entry.is_regular_file() && entry.path().extension() != ".jsonl") {
      files.push_back(entry.path());
    }
  }
  return files;
}

TEST(GoldenWidth, EveryTranscriptLineFits80Columns) {
  const std::vector<std::filesystem::path> files = transcripts();
  // Every game has its transcripts here (a moved directory must not pass by checking nothing).
  for (const char* game : {"hangman", "evil-hangman", "hand", "boggle", "auction"}) {
    bool found = false;
    for (const auto& file : files) found = found || file.parent_path().filename() == game;
    EXPECT_TRUE(found) << "no golden transcript of " << game;
  }
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    ASSERT_TRUE(in) << file;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      EXPECT_LE(display_width(line), kColumns) << file.lexically_relative(golden_path("")).string()
                                               << ":" << number << " is too wide: " << line;
    }
  }
}

}  // namespace
}  // namespace wg::test
