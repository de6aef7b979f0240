#pragma once
/// One idiom for the names of an enum's values, wherever they are written (a config, a command
/// line, JSON, a log): a table listing each value once with its name, and the lookups both ways.
/// A game's `to_string(E)` and `parse_<e>(name)` are these lookups over its table, and a codec's
/// JSON names are tables too, so a name is written in one place.
///
///     constexpr Named<Mode> kModeNames[] = {{Mode::kEasy, "easy"}, {Mode::kHard, "hard"}};
///     std::string_view to_string(Mode mode) { return name_of(kModeNames, mode); }
///     std::optional<Mode> parse_mode(std::string_view name) {
///       return value_named(kModeNames, name);
///     }

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace wg {

/// One value of an enum and its name.
template <class E>
struct Named {
  E value;
  std::string_view name;
};

/// The name of `value` in `names`; "?" for a value the table lacks (a bug in the table, or a
/// number cast to the enum).
template <class E, std::size_t N>
constexpr std::string_view name_of(const Named<E> (&names)[N], E value) {
  for (const Named<E>& named : names) {
    if (named.value == value) return named.name;
  }
  return "?";
}

/// The value named `name` in `names` (exactly: names are case-sensitive); nullopt if none is.
template <class E, std::size_t N>
constexpr std::optional<E> value_named(const Named<E> (&names)[N], std::string_view name) {
  for (const Named<E>& named : names) {
    if (named.name == name) return named.value;
  }
  return std::nullopt;
}

/// The names of a table, in its order (for a schema's "enum", a help text, a message).
template <class E, std::size_t N>
std::vector<std::string_view> names_of(const Named<E> (&names)[N]) {
  std::vector<std::string_view> list;
  list.reserve(N);
  for (const Named<E>& named : names) list.push_back(named.name);
  return list;
}

/// The values of a table, in its order.
template <class E, std::size_t N>
std::vector<E> values_of(const Named<E> (&names)[N]) {
  std::vector<E> list;
  list.reserve(N);
  for (const Named<E>& named : names) list.push_back(named.value);
  return list;
}

}  // namespace wg
