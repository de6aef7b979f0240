// JSON from outside (app/json.h): nesting bounded before anything recurses.

#include "app/json.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>

namespace wg::app {
namespace {

std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(Json, NestingIsMeasuredOutsideStringsOnly) {
  EXPECT_FALSE(nested_deeper_than(nested(kMaxJsonDepth)));
  EXPECT_TRUE(nested_deeper_than(nested(kMaxJsonDepth + 1)));
  EXPECT_FALSE(nested_deeper_than(R"({"a": [{"b": "[[[[[[\"[[[["}]})", 3));
  EXPECT_TRUE(nested_deeper_than(R"({"a": [{"b": []}]})", 3));
  EXPECT_FALSE(nested_deeper_than("]]]]]][", 1));  // not JSON: the depth of its brackets
  EXPECT_FALSE(nested_deeper_than(""));
}

TEST(Json, ParsesWhatIsJsonAndSaysWhyNotOtherwise) {
  const auto good = parse_json(R"({"game": "hangman", "config": {"words": ["A", "B"]}})");
  ASSERT_TRUE(std::holds_alternative<Json>(good));
  EXPECT_EQ(std::get<Json>(good)["config"]["words"][1], "B");
  EXPECT_EQ(std::get<Json>(parse_json(nested(kMaxJsonDepth))).size(), 1u);

  for (const char* bad : {"", "{", "nul", "[1,]", "{\"a\" 1}", "\"\xff\""}) {
    const auto refused = parse_json(bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(refused)) << bad;
    EXPECT_EQ(std::get<std::string>(refused), "not valid JSON") << bad;
  }
  // A document of 30,000 levels, which once overflowed a server thread's stack when copied.
  for (const std::string& deep :
       {nested(30'000), "{\"game\": \"hangman\", \"config\": " + nested(30'000) + "}",
        nested(kMaxJsonDepth + 1)}) {
    const auto refused = parse_json(deep);
    ASSERT_TRUE(std::holds_alternative<std::string>(refused));
    EXPECT_EQ(std::get<std::string>(refused), "nested deeper than 128 levels");
  }
}

}  // namespace
}  // namespace wg::app
