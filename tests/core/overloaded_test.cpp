// core/overloaded.h: one visitor from several lambdas.
#include "core/overloaded.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>

namespace wg {
namespace {

TEST(Overloaded, VisitsEachAlternativeWithItsOwnLambda) {
  const auto name = [](const std::variant<int, std::string>& value) {
    return std::visit(Overloaded{[](int n) { return "int " + std::to_string(n); },
                                 [](const std::string& s) { return "text " + s; }},
                      value);
  };
  EXPECT_EQ(name(7), "int 7");
  EXPECT_EQ(name(std::string("seven")), "text seven");
}

}  // namespace
}  // namespace wg
