#pragma once
/// Reading the JSON of configs and commands, the one way every game's codec reads it; the
/// letters and words of the games as JSON text; names of enums; the pieces of config schemas.
///
/// One policy for every game: a config or command with a field it does not know is refused,
/// naming the field (a typo silently ignored is a setting the player never gets), and every
/// problem names the field and the value. A problem in a config throws wg::ConfigError(field,
/// message); in a command, CodecError (below), which the session adapter answers with a
/// "malformed" rejection.

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"
#include "core/alphabet.h"
#include "core/enum_names.h"

namespace wg::app {

/// A command or config that does not decode: what is wrong with it, for a person.
class CodecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The event every game sends for a command that could not be decoded (Refusal::kMalformed):
/// {"event": "rejected", "reason": "malformed", "detail"}.
Json malformed_event(const std::string& detail);

// --- Whole numbers, however the JSON holds them (parsed text gives unsigned numbers for
// non-negative values, documents built in code signed ones).

/// The value if it is a whole number that fits std::int64_t; nullopt for anything else.
std::optional<std::int64_t> integer_of(const Json& value);
/// The value if it is a whole number from 0 to 2^64-1; nullopt for anything else.
std::optional<std::uint64_t> unsigned_of(const Json& value);

/// The value if it is a whole number from `lo` to `hi`, which T holds.
template <std::integral T>
std::optional<T> whole_number_in(const Json& value, T lo, T hi) {
  if constexpr (std::is_signed_v<T>) {
    const std::optional<std::int64_t> n = integer_of(value);
    if (!n || *n < lo || *n > hi) return std::nullopt;
    return static_cast<T>(*n);
  } else {
    const std::optional<std::uint64_t> n = unsigned_of(value);
    if (!n || *n < lo || *n > hi) return std::nullopt;
    return static_cast<T>(*n);
  }
}

// --- Names of enums.

// The tables are core's (core/enum_names.h): Named, name_of, value_named, names_of.
using wg::name_of;
using wg::Named;
using wg::names_of;
using wg::value_named;

/// The names of `values` as the game's `to_string(E)` (found by ADL) writes them.
template <class E>
std::vector<std::string_view> names_of(std::span<const E> values) {
  std::vector<std::string_view> list;
  for (const E value : values) list.push_back(to_string(value));
  return list;
}
template <class E>
std::vector<std::string_view> names_of(std::initializer_list<E> values) {
  return names_of(std::span<const E>(values.begin(), values.size()));
}

/// The names for a person: "\"easy\" or \"hard\"", "\"a\", \"b\" or \"c\"".
std::string choices_text(std::span<const std::string_view> names);

// --- Fields of a config or a command.

/// Where a document comes from, which says what its problems throw.
enum class Source {
  kConfig,   ///< wg::ConfigError(field, message)
  kCommand,  ///< CodecError(message)
};

/// The name of a command {"command": NAME, ...}; CodecError if `command` is not one.
std::string command_name(const Json& command);

/// The fields of one JSON object, read with their types and ranges checked. A missing field
/// takes its default (or is nullopt, or is a problem when required); a field given null is a
/// value of the wrong type except where the reader is optional. Every problem names the field
/// and the value given.
class Fields {
 public:
  /// Refuses an `object` that is not a JSON object or has a field not among `known` (the
  /// "command" of a command is always known). `within` names an object inside a config
  /// ("seats[0]"): its problems then name it, and throw ConfigError for its first part
  /// ("seats").
  Fields(const Json& object, Source source, std::initializer_list<std::string_view> known,
         std::string within = {});
  Fields(const Json& object, Source source, std::span<const std::string_view> known,
         std::string within = {});
  /// Fields refer to their object: it must outlive them.
  Fields(Json&&, Source, std::initializer_list<std::string_view>, std::string = {}) = delete;
  Fields(Json&&, Source, std::span<const std::string_view>, std::string = {}) = delete;

  /// The field's value; nullptr when it is absent.
  const Json* find(std::string_view field) const;
  /// The field's value; a problem when it is absent.
  const Json& required(std::string_view field) const;
  bool contains(std::string_view field) const { return find(field) != nullptr; }

  /// A whole number from `lo` to `hi` (by default every value of T).
  template <std::integral T>
  T integer(std::string_view field, T fallback, T lo = std::numeric_limits<T>::min(),
            T hi = std::numeric_limits<T>::max()) const {
    const Json* value = find(field);
    return value ? integer_value(field, *value, lo, hi) : fallback;
  }
  /// The same, nullopt when absent or null.
  template <std::integral T>
  std::optional<T> optional_integer(std::string_view field, T lo = std::numeric_limits<T>::min(),
                                    T hi = std::numeric_limits<T>::max()) const {
    const Json* value = find(field);
    if (value == nullptr || value->is_null()) return std::nullopt;
    return integer_value(field, *value, lo, hi);
  }
  /// The same, a problem when absent.
  template <std::integral T>
  T required_integer(std::string_view field, T lo = std::numeric_limits<T>::min(),
                     T hi = std::numeric_limits<T>::max()) const {
    return integer_value(field, required(field), lo, hi);
  }

  /// true or false.
  bool boolean(std::string_view field, bool fallback) const;
  std::optional<bool> optional_boolean(std::string_view field) const;

  /// A string.
  std::string text(std::string_view field, std::string_view fallback) const;
  std::optional<std::string> optional_text(std::string_view field) const;
  std::string required_text(std::string_view field) const;
  /// A list of strings.
  std::vector<std::string> texts(std::string_view field) const;

  /// One of the names of `names`.
  template <class E, std::size_t N>
  E choice(std::string_view field, const Named<E> (&names)[N], E fallback) const {
    const Json* value = find(field);
    if (value == nullptr) return fallback;
    return names[choice_index(field, *value, names_of(names))].value;
  }
  /// One of `values`, named by the game's `to_string(E)`.
  template <class E>
  E choice(std::string_view field, std::span<const E> values, E fallback) const {
    const Json* value = find(field);
    if (value == nullptr) return fallback;
    return values[choice_index(field, *value, names_of(values))];
  }
  template <class E>
  E choice(std::string_view field, std::initializer_list<E> values, E fallback) const {
    return choice(field, std::span<const E>(values.begin(), values.size()), fallback);
  }

  /// Throws the source's error for `field`: ConfigError(field, problem) or CodecError(problem).
  [[noreturn]] void fail(std::string_view field, const std::string& problem) const;

 private:
  /// The field as problems name it ("seats[0].kind").
  std::string path(std::string_view field) const;
  template <std::integral T>
  T integer_value(std::string_view field, const Json& value, T lo, T hi) const {
    if (const std::optional<T> n = whole_number_in(value, lo, hi)) return *n;
    fail_integer(field, value, lo == std::numeric_limits<T>::min() ? "" : std::to_string(lo),
                 hi == std::numeric_limits<T>::max() ? "" : std::to_string(hi));
  }
  /// `lo`/`hi` empty: unbounded on that side.
  [[noreturn]] void fail_integer(std::string_view field, const Json& value, const std::string& lo,
                                 const std::string& hi) const;
  std::size_t choice_index(std::string_view field, const Json& value,
                           const std::vector<std::string_view>& names) const;

  const Json& object_;
  Source source_;
  std::string within_;
};

/// A command of a game: its name and the fields it takes (at most four; the rest left empty).
struct CommandShape {
  std::string_view name;
  std::array<std::string_view, 4> fields{};
};

/// A command, read: its name and its fields.
struct CommandFields {
  std::string name;
  Fields fields;
};

/// Reads a command {"command": NAME, ...} of one of `commands`. Throws CodecError for what is
/// not a command, a command not among them (listing them) or a field the command does not take.
CommandFields read_command(const Json& command, std::span<const CommandShape> commands);
/// The fields refer to `command`: it must outlive them.
CommandFields read_command(Json&&, std::span<const CommandShape>) = delete;

// --- Letters and words as JSON text.

/// How a game writes letters: lower case ("e", "quit") or upper case ("E", "QUIT"). Reading
/// takes either case.
enum class LetterCase { kLower, kUpper };

/// A letter as a one-character string; null for a code that is no letter (kNoLetter).
Json letter_json(Letter letter, LetterCase letter_case);
/// Letters as text ("QAT").
std::string word_text(std::span<const Letter> letters, LetterCase letter_case);
/// Letters as a list of one-letter strings (["a", "e"]).
Json letters_json(std::span<const Letter> letters, LetterCase letter_case);
/// A pattern: the letter where shown, '-' where hidden (kNoLetter) ("-oo-").
std::string pattern_text(std::span<const Letter> pattern, LetterCase letter_case);

/// The letter of a command's `field`: a one-letter string in either case; CodecError
/// otherwise.
Letter letter_field(const Fields& fields, std::string_view field);
/// The letters of a command's `field`: a string of letters in either case ("" allowed);
/// CodecError otherwise.
std::vector<Letter> word_field(const Fields& fields, std::string_view field);

// --- Config schemas (JSON Schema draft 2020-12).

/// The schema of a config object: `properties` and no other field.
Json config_schema_of(std::string_view title, Json properties);
/// An integer property from `lo` to `hi` (null: no bound on that side).
Json integer_property(const Json& lo, const Json& hi, Json fallback, std::string_view description);
/// A boolean property.
Json boolean_property(bool fallback, std::string_view description);
/// A string property that takes one of `names`.
Json choice_property(std::span<const std::string_view> names, std::string_view fallback,
                     std::string_view description);

}  // namespace wg::app
