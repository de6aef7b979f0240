#include "core/text.h"

#include <gtest/gtest.h>

#include <string>

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

TEST(Grouped, SeparatesThousandsWithCommas) {
  EXPECT_EQ(grouped(0), "0");
  EXPECT_EQ(grouped(999), "999");
  EXPECT_EQ(grouped(1000), "1,000");
  EXPECT_EQ(grouped(4573), "4,573");
  EXPECT_EQ(grouped(1234567), "1,234,567");
  EXPECT_EQ(grouped(-999), "-999");
  EXPECT_EQ(grouped(-12000), "-12,000");
  EXPECT_EQ(grouped(-123456), "-123,456");
}

TEST(CountOf, SingularForOne) {
  EXPECT_EQ(count_of(1, "word"), "1 word");
  EXPECT_EQ(count_of(28420, "word"), "28,420 words");
  EXPECT_EQ(count_of(0, "word"), "0 words");
  EXPECT_EQ(count_of(2, "player"), "2 players");
  EXPECT_EQ(count_of(1, "guess"), "1 guess");
  EXPECT_EQ(count_of(3, "guess"), "3 guesses");
  EXPECT_EQ(count_of(2, "match"), "2 matches");
  EXPECT_EQ(count_of(5, "die", "dice"), "5 dice");
  EXPECT_EQ(count_of(-1, "point"), "-1 points");
}

TEST(Utf8, WithoutAByteOrderMark) {
  EXPECT_EQ(without_utf8_bom("\xEF\xBB\xBF"
                             "abc"),
            "abc");
  EXPECT_EQ(without_utf8_bom("abc"), "abc");
  EXPECT_EQ(without_utf8_bom("\xEF\xBB"), "\xEF\xBB");
  EXPECT_EQ(without_utf8_bom("a\xEF\xBB\xBF"), "a\xEF\xBB\xBF") << "only at the start";
}

TEST(Utf8, TellsValidUtf8FromBytesThatAreNot) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain, \xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("bad\xffname"));
  EXPECT_FALSE(is_valid_utf8("\xc3"));              // cut short
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\x80"));              // a stray continuation byte
  EXPECT_EQ(utf8_sequence_length("a\xc3\xa9", 1), 2U);
  EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98\x80", 0), 4U);
  EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98", 0), 0U);
}

TEST(PlainText, RefusesControlsOfEveryKindAndBytesThatAreNotUtf8) {
  EXPECT_TRUE(is_plain_text("Ann Lee, Zo\xc3\xab, \xe6\x9d\x8e"));
  EXPECT_TRUE(is_plain_text("\xc2\xa0"));  // U+00A0, the first past the C1 controls
  EXPECT_FALSE(is_plain_text("a\tb"));
  EXPECT_FALSE(is_plain_text("a\nb"));
  EXPECT_FALSE(is_plain_text("\x1b[31mred"));
  EXPECT_FALSE(is_plain_text("del\x7f"));
  EXPECT_FALSE(is_plain_text("c1\xc2\x85"));  // NEL
  EXPECT_FALSE(is_plain_text("c1\xc2\x9b"));  // CSI
  EXPECT_FALSE(is_plain_text(std::string("nul\0", 4)));
  EXPECT_FALSE(is_plain_text("bad\xffname"));
}

TEST(PlayerName, IsPlainTextOfOneToFortyBytesWithoutOuterSpaces) {
  EXPECT_TRUE(valid_player_name("Ann"));
  EXPECT_TRUE(valid_player_name("Ann Lee"));
  EXPECT_TRUE(valid_player_name("Zo\xc3\xab"));
  EXPECT_TRUE(valid_player_name(std::string(kMaxPlayerNameBytes, 'x')));
  EXPECT_FALSE(valid_player_name(std::string(kMaxPlayerNameBytes + 1, 'x')));
  EXPECT_FALSE(valid_player_name(""));
  EXPECT_FALSE(valid_player_name(" Ann"));
  EXPECT_FALSE(valid_player_name("Ann "));
  EXPECT_FALSE(valid_player_name("bad\xffname"));  // issue 31: broke every list of players
  EXPECT_FALSE(
      valid_player_name("a\xc2\x9b"
                        "2J"));  // a C1 control
  EXPECT_FALSE(valid_player_name("a\x1b[2J"));
  EXPECT_FALSE(valid_player_name("tab\there"));
}

}  // namespace
}  // namespace wg
