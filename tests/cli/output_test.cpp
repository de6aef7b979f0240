#include "cli/output.h"

#include <sstream>

#include <gtest/gtest.h>

namespace wg::cli {
namespace {

TEST(DisplayWidth, CountsCodePointsWithoutColour) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("peace"), 5u);
  EXPECT_EQ(display_width("\xC3\xA9t\xC3\xA9"), 3u);  // été
  EXPECT_EQ(display_width("\x1b[1;32mpeace\x1b[0m: 3"), 8u);
}

TEST(Wrap, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrap("", 10), "");
  EXPECT_EQ(wrap("short text", 10), "short text");
  EXPECT_EQ(wrap("one two three four", 9), "one two\nthree\nfour");
  EXPECT_EQ(wrap("one two three four", 9, "  "), "one two\n  three\n  four");
  EXPECT_EQ(wrap("a verylongword b", 5), "a\nverylongword\nb");  // too wide: alone
  EXPECT_EQ(wrap("  indented  text", 20), "  indented  text");   // spaces kept within a line
  EXPECT_EQ(wrap("first line\nsecond line", 11), "first line\nsecond line");
  EXPECT_EQ(wrap("\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9", 7), "\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9");
  EXPECT_EQ(wrap(std::string(200, 'x') + " y"), std::string(200, 'x') + "\ny");
}

TEST(Shortened, CutsToTheWidthWithAnEllipsis) {
  EXPECT_EQ(shortened("random, value", 13), "random, value");
  EXPECT_EQ(shortened("random, value", 10), "random, v\u2026");
  EXPECT_EQ(display_width(shortened("random, value", 10)), 10u);
  EXPECT_EQ(shortened("\xC3\xA9t\xC3\xA9s", 3), "\xC3\xA9t\u2026");  // étés: code points
  EXPECT_EQ(shortened("abc", 1), "\u2026");
}

// A message on a stream that is not the process's standard error on a terminal (a pipe, a
// file, a test) is wrapped at 80 columns, as standard output is; its control bytes escaped.
TEST(PrintMessage, WrapsAt80ColumnsAndEscapes) {
  std::ostringstream err;
  print_warning(err, "cannot save games: " + std::string(40, 'x') +
                         " is a folder somewhere; \x1b[2J" + "playing on without saving");
  const std::string text = err.str();
  ASSERT_TRUE(text.starts_with("wordgames: warning: cannot save games: ")) << text;
  ASSERT_TRUE(text.ends_with("without saving\n")) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  std::size_t lines = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    EXPECT_LE(display_width(text.substr(start, end - start)), kColumns) << text;
    start = end + 1;
    ++lines;
  }
  EXPECT_EQ(lines, 2u) << text;

  std::ostringstream error;
  print_message(error, "short");
  EXPECT_EQ(error.str(), "wordgames: short\n");
}

TEST(PrintJson, IndentsAndEndsWithANewline) {
  std::ostringstream out;
  print_json(out, Json{{"a", 1}});
  EXPECT_EQ(out.str(), "{\n  \"a\": 1\n}\n");
}

}  // namespace
}  // namespace wg::cli
