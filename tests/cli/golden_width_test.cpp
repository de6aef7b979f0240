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

#include "support/golden.h"

namespace wg::test {
namespace {

constexpr std::size_t kColumns = 80;

/// Displayed characters: code points, not counting the bytes that continue one, nor ANSI escape
/// sequences (ESC [ parameters, then a final letter).
std::size_t columns(std::string_view line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() &&
             !((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z'))) {
        ++i;
      }
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++n;
  }
  return n;
}

TEST(GoldenWidth, ColumnsCountsCodePointsWithoutEscapes) {
  EXPECT_EQ(columns(""), 0u);
  EXPECT_EQ(columns("word: peace"), 11u);
  EXPECT_EQ(columns("\xC3\xA9t\xC3\xA9"), 3u);                  // été
  EXPECT_EQ(columns("\x1b[1;32mpeace\x1b[0m: 3 points"), 15u);  // coloured
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
      EXPECT_LE(columns(line), kColumns) << file.lexically_relative(golden_path("")).string() << ":"
                                         << number << " is too wide: " << line;
    }
  }
}

}  // namespace
}  // namespace wg::test
