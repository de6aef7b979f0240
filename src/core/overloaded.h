#pragma once
/// One visitor from several lambdas, for std::visit over a game's commands or events:
/// `std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, variant)`.

namespace wg {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// Clang 14 (the fuzz build) does not deduce an aggregate's template arguments (C++20's P1816).
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace wg
