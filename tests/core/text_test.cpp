#include "core/text.h"

#include <gtest/gtest.h>

namespace wg {
namespace {

TEST(Trim, RemovesBlanksAtBothEnds) {
  EXPECT_EQ(trim("  a b \t\r\n"), "a b");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("x"), "x");
}

TEST(SplitWords, SplitsAtRunsOfBlanks) {
  using Words = std::vector<std::string_view>;
  EXPECT_EQ(split_words("  lexicon \t contains  quiz\r\n"), (Words{"lexicon", "contains", "quiz"}));
  EXPECT_EQ(split_words(""), Words{});
  EXPECT_EQ(split_words(" \t "), Words{});
  EXPECT_EQ(split_words("one"), Words{"one"});
}

TEST(LowerAscii, LowersAToZOnly) {
  EXPECT_EQ(lower_ascii("Give UP!"), "give up!");
  EXPECT_EQ(lower_ascii("YES"), "yes");
  EXPECT_EQ(lower_ascii("a1-B2 \tZ@["), "a1-b2 \tz@[");
  EXPECT_EQ(lower_ascii("caf\xC3\x89"), "caf\xC3\x89");  // bytes beyond ASCII untouched
  EXPECT_EQ(lower_ascii(""), "");
}

TEST(ParseInteger, ReadsDigitsOnly) {
  EXPECT_EQ(parse_integer("42").value, 42);
  EXPECT_EQ(parse_integer("0").value, 0);
  for (const char* bad : {"", "-", "+5", " 5", "5 ", "0x10", "1e3", "4.0", "five"}) {
    EXPECT_EQ(parse_integer(bad).problem, NumberProblem::kNotANumber) << bad;
  }
}

TEST(ParseInteger, NegativeOnlyWhenAllowed) {
  EXPECT_EQ(parse_integer("-3").problem, NumberProblem::kNotANumber);
  const ParsedNumber n = parse_integer("-3", true);
  ASSERT_TRUE(n);
  EXPECT_EQ(n.value, -3);
}

TEST(ParseInteger, TellsTooLargeFromNotANumber) {
  EXPECT_EQ(parse_integer("9223372036854775807").value, INT64_MAX);
  EXPECT_EQ(parse_integer("9223372036854775808").problem, NumberProblem::kTooLarge);
  EXPECT_EQ(parse_integer("-99999999999999999999", true).problem, NumberProblem::kTooLarge);
}

TEST(ParseUnsigned, CoversTheWholeRange) {
  EXPECT_EQ(parse_unsigned("18446744073709551615"), UINT64_MAX);
  bool too_large = false;
  EXPECT_EQ(parse_unsigned("18446744073709551616", &too_large), std::nullopt);
  EXPECT_TRUE(too_large);
  EXPECT_EQ(parse_unsigned("-1", &too_large), std::nullopt);
  EXPECT_FALSE(too_large);
  EXPECT_EQ(parse_unsigned("012"), 12u);
}

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

}  // namespace
}  // namespace wg
