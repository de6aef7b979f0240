// core/enum_names.h: an enum's names from one table, both ways.

#include "core/enum_names.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace wg {
namespace {

enum class Colour { kRed, kGreen, kBlue };
constexpr Named<Colour> kColourNames[] = {
    {Colour::kRed, "red"}, {Colour::kGreen, "green"}, {Colour::kBlue, "light-blue"}};

TEST(EnumNames, NamesAndValuesRoundTrip) {
  for (const Colour colour : values_of(kColourNames)) {
    EXPECT_EQ(value_named(kColourNames, name_of(kColourNames, colour)), colour);
  }
  EXPECT_EQ(name_of(kColourNames, Colour::kBlue), "light-blue");
  static_assert(name_of(kColourNames, Colour::kGreen) == "green");
  static_assert(value_named(kColourNames, "red") == Colour::kRed);
}

TEST(EnumNames, WhatTheTableLacksIsNeverGuessed) {
  EXPECT_EQ(name_of(kColourNames, static_cast<Colour>(7)), "?");
  EXPECT_EQ(value_named(kColourNames, "Red"), std::nullopt);  // names are case-sensitive
  EXPECT_EQ(value_named(kColourNames, ""), std::nullopt);
  EXPECT_EQ(value_named(kColourNames, "?"), std::nullopt);
}

TEST(EnumNames, ListsInTheTablesOrder) {
  EXPECT_EQ(names_of(kColourNames), (std::vector<std::string_view>{"red", "green", "light-blue"}));
  EXPECT_EQ(values_of(kColourNames),
            (std::vector<Colour>{Colour::kRed, Colour::kGreen, Colour::kBlue}));
}

}  // namespace
}  // namespace wg
