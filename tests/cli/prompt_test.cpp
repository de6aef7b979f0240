#include "cli/prompt.h"

#include <gtest/gtest.h>

#include <sstream>

namespace wg::cli {
namespace {

TEST(Prompt, ReadsALineAndEchoesWhenAsked) {
  std::istringstream in("hello\r\nworld\n");
  std::ostringstream out;
  Prompt echo(in, out, true);
  EXPECT_EQ(echo.line("Say: "), "hello");
  EXPECT_EQ(out.str(), "Say: hello\n");
  std::ostringstream quiet_out;
  Prompt quiet(in, quiet_out, false);
  EXPECT_EQ(quiet.line("Again: "), "world");
  EXPECT_EQ(quiet_out.str(), "Again: ");
}

TEST(Prompt, EndOfInputIsNullopt) {
  std::istringstream in("");
  std::ostringstream out;
  Prompt p(in, out, true);
  EXPECT_EQ(p.line("Q? "), std::nullopt);
  EXPECT_EQ(p.yes_no("Q? "), std::nullopt);
  EXPECT_EQ(p.integer("N? ", 1, 10), std::nullopt);
}

TEST(Prompt, YesNoReprompts) {
  std::istringstream in("maybe\n\n  YeS \n");
  std::ostringstream out;
  Prompt p(in, out, true);
  EXPECT_EQ(p.yes_no("Again? "), true);
  EXPECT_EQ(out.str(),
            "Again? maybe\nPlease answer yes or no.\nAgain? \nPlease answer yes or no.\n"
            "Again?   YeS \n");
  std::istringstream in2("N\n");
  Prompt p2(in2, out, false);
  EXPECT_EQ(p2.yes_no("? "), false);
}

TEST(Prompt, IntegerRepromptsUntilInRange) {
  std::istringstream in("abc\n0\n3.5\n-2\n99999999999999999999\n 7 \n");
  std::ostringstream out;
  Prompt p(in, out, false);
  EXPECT_EQ(p.integer("Hands: ", 1, INT64_MAX), 7);
  EXPECT_TRUE(out.str().starts_with("Hands: Please enter a whole number of at least 1.\nHands: "))
      << out.str();
  std::istringstream in2("11\n10\n");
  std::ostringstream out2;
  Prompt p2(in2, out2, false);
  EXPECT_EQ(p2.integer("N: ", 1, 10), 10);
  EXPECT_NE(out2.str().find("from 1 to 10"), std::string::npos);
}

TEST(Prompt, AskUsesTheParserAndItsError) {
  std::istringstream in("ab\nc\n");
  std::ostringstream out;
  Prompt p(in, out, false);
  auto letter =
      p.ask<char>("Letter: ", [](std::string_view a, std::string& error) -> std::optional<char> {
        if (a.size() == 1) return a[0];
        error = "One letter, please.";
        return std::nullopt;
      });
  EXPECT_EQ(letter, 'c');
  EXPECT_EQ(out.str(), "Letter: One letter, please.\nLetter: ");
}

}  // namespace
}  // namespace wg::cli
