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

TEST(PrintJson, IndentsAndEndsWithANewline) {
  std::ostringstream out;
  print_json(out, Json{{"a", 1}});
  EXPECT_EQ(out.str(), "{\n  \"a\": 1\n}\n");
}

}  // namespace
}  // namespace wg::cli
