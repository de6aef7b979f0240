#include "cli/output.h"

#include <sstream>

#include <gtest/gtest.h>

namespace wg::cli {
namespace {

TEST(CountOf, SingularForOne) {
  EXPECT_EQ(count_of(1, "word"), "1 word");
  EXPECT_EQ(count_of(0, "word"), "0 words");
  EXPECT_EQ(count_of(2, "player"), "2 players");
  EXPECT_EQ(count_of(1, "guess"), "1 guess");
  EXPECT_EQ(count_of(3, "guess"), "3 guesses");
  EXPECT_EQ(count_of(2, "match"), "2 matches");
  EXPECT_EQ(count_of(5, "die", "dice"), "5 dice");
  EXPECT_EQ(count_of(-1, "point"), "-1 points");
}

TEST(PrintJson, IndentsAndEndsWithANewline) {
  std::ostringstream out;
  print_json(out, Json{{"a", 1}});
  EXPECT_EQ(out.str(), "{\n  \"a\": 1\n}\n");
}

}  // namespace
}  // namespace wg::cli
