#include "cli/style.h"

#include <cstdlib>
#include <sstream>

#include <gtest/gtest.h>

namespace wg::cli {
namespace {

TEST(Style, NoColourInAPipeOrWithNoColor) {
  ::unsetenv("NO_COLOR");
  EXPECT_TRUE(colour_wanted(true));
  EXPECT_FALSE(colour_wanted(false));
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(colour_wanted(true));
  ::setenv("NO_COLOR", "", 1);  // set but empty does not count (no-color.org)
  EXPECT_TRUE(colour_wanted(true));
  ::unsetenv("NO_COLOR");
}

TEST(Style, PaintsOnlyWhenAsked) {
  EXPECT_EQ(paint("A", Tone::kHit, false), "A");
  EXPECT_EQ(paint("A", Tone::kHit, true), "\x1b[32mA\x1b[0m");
  EXPECT_EQ(paint("B", Tone::kMiss, true), "\x1b[31mB\x1b[0m");
}

TEST(ProgressLine, DrawsNothingWhenDisabled) {
  std::ostringstream out;
  {
    ProgressLine line(out, false, "thinking");
    line.update(0.5);
  }
  EXPECT_EQ(out.str(), "");
}

TEST(ProgressLine, DrawsThenErasesItself) {
  std::ostringstream out;
  {
    ProgressLine line(out, true, "thinking");
    line.update(0.5);
  }
  EXPECT_NE(out.str().find("thinking  50%"), std::string::npos) << out.str();
  EXPECT_TRUE(out.str().ends_with("\r\x1b[K")) << out.str();
}

}  // namespace
}  // namespace wg::cli
