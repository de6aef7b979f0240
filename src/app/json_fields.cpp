#include "app/json_fields.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "core/play.h"

namespace wg::app {

Json malformed_event(const std::string& detail) {
  return {{"event", "rejected"}, {"reason", to_string(Refusal::kMalformed)}, {"detail", detail}};
}

namespace {

const Alphabet& alphabet() { return Alphabet::english(); }

char letter_char(Letter letter, LetterCase letter_case) {
  return letter_case == LetterCase::kUpper ? alphabet().upper(letter) : alphabet().lower(letter);
}

bool is_letter(Letter letter) { return letter < alphabet().size(); }

/// "hands, hand_size and hints"
std::string list_text(std::span<const std::string_view> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text.empty() ? "none" : text;
}

}  // namespace

std::optional<std::int64_t> integer_of(const Json& value) {
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(n);
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();
  return std::nullopt;
}

std::optional<std::uint64_t> unsigned_of(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  }
  return std::nullopt;
}

std::string choices_text(std::span<const std::string_view> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += fmt::format("\"{}\"", names[i]);
  }
  return text;
}

// --- Commands.

std::string command_name(const Json& command) {
  if (!command.is_object()) {
    throw CodecError(fmt::format("a command is a JSON object {{\"command\": NAME, ...}}, not {}",
                                 command.dump()));
  }
  const auto name = command.find("command");
  if (name == command.end() || !name->is_string()) {
    throw CodecError("a command names itself: {\"command\": NAME, ...}");
  }
  return name->get<std::string>();
}

CommandFields read_command(const Json& command, std::span<const CommandShape> commands) {
  std::string name = command_name(command);
  for (const CommandShape& shape : commands) {
    if (shape.name != name) continue;
    const auto end = std::find(shape.fields.begin(), shape.fields.end(), std::string_view());
    return {std::move(name), Fields(command, Source::kCommand,
                                    std::span<const std::string_view>(shape.fields.begin(), end))};
  }
  std::vector<std::string_view> names;
  for (const CommandShape& shape : commands) names.push_back(shape.name);
  throw CodecError(fmt::format("no command '{}': the commands are {}", name, list_text(names)));
}

// --- Fields.

Fields::Fields(const Json& object, Source source, std::initializer_list<std::string_view> known,
               std::string within)
    : Fields(object, source, std::span<const std::string_view>(known.begin(), known.size()),
             std::move(within)) {}

Fields::Fields(const Json& object, Source source, std::span<const std::string_view> known,
               std::string within)
    : object_(object), source_(source), within_(std::move(within)) {
  if (!object.is_object()) {
    if (source == Source::kCommand) command_name(object);  // throws: not a command
    if (within_.empty()) throw ConfigError("config", "the config is a JSON object");
    fail("", fmt::format("{} must be a JSON object, not {}", within_, object.dump()));
  }
  for (const auto& [key, value] : object.items()) {
    if (source == Source::kCommand && key == "command") continue;
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    const std::string fields = list_text(known);
    if (source == Source::kCommand) {
      throw CodecError(fmt::format("{} takes no field '{}' (its fields: {})", command_name(object),
                                   key, fields));
    }
    if (within_.empty()) {
      throw ConfigError(key, fmt::format("unknown field '{}': the fields are {}", key, fields));
    }
    fail(key, fmt::format("unknown field '{}' in {}: its fields are {}", key, within_, fields));
  }
}

std::string Fields::path(std::string_view field) const {
  if (within_.empty()) return std::string(field);
  if (field.empty()) return within_;
  return within_ + "." + std::string(field);
}

const Json* Fields::find(std::string_view field) const {
  const auto found = object_.find(field);
  return found == object_.end() ? nullptr : &*found;
}

const Json& Fields::required(std::string_view field) const {
  if (const Json* value = find(field)) return *value;
  if (source_ == Source::kCommand) {
    fail(field, fmt::format("{} needs {}", command_name(object_), field));
  }
  fail(field, fmt::format("{} needs {}", within_.empty() ? "the config" : within_, field));
}

void Fields::fail(std::string_view field, const std::string& problem) const {
  if (source_ == Source::kCommand) throw CodecError(problem);
  if (within_.empty()) throw ConfigError(std::string(field), problem);
  // The config's own field: "seats" of "seats[0].kind".
  throw ConfigError(within_.substr(0, within_.find_first_of("[.")), problem);
}

void Fields::fail_integer(std::string_view field, const Json& value, const std::string& lo,
                          const std::string& hi) const {
  std::string range;
  if (!lo.empty() && !hi.empty()) {
    range = fmt::format(" from {} to {}", lo, hi);
  } else if (!lo.empty()) {
    range = fmt::format(" of at least {}", lo);
  } else if (!hi.empty()) {
    range = fmt::format(" of at most {}", hi);
  }
  fail(field, fmt::format("{} must be a whole number{}, not {}", path(field), range, value.dump()));
}

bool Fields::boolean(std::string_view field, bool fallback) const {
  const Json* value = find(field);
  if (value == nullptr) return fallback;
  if (!value->is_boolean()) {
    fail(field, fmt::format("{} must be true or false, not {}", path(field), value->dump()));
  }
  return value->get<bool>();
}

std::optional<bool> Fields::optional_boolean(std::string_view field) const {
  const Json* value = find(field);
  if (value == nullptr || value->is_null()) return std::nullopt;
  return boolean(field, false);
}

std::string Fields::text(std::string_view field, std::string_view fallback) const {
  const Json* value = find(field);
  if (value == nullptr) return std::string(fallback);
  if (!value->is_string()) {
    fail(field, fmt::format("{} must be a string, not {}", path(field), value->dump()));
  }
  return value->get<std::string>();
}

std::optional<std::string> Fields::optional_text(std::string_view field) const {
  const Json* value = find(field);
  if (value == nullptr || value->is_null()) return std::nullopt;
  return text(field, "");
}

std::string Fields::required_text(std::string_view field) const {
  required(field);
  return text(field, "");
}

std::vector<std::string> Fields::texts(std::string_view field) const {
  const Json* value = find(field);
  if (value == nullptr) return {};
  const auto problem = [&] {
    fail(field, fmt::format("{} must be a list of strings, not {}", path(field), value->dump()));
  };
  if (!value->is_array()) problem();
  std::vector<std::string> list;
  for (const Json& item : *value) {
    if (!item.is_string()) problem();
    list.push_back(item.get<std::string>());
  }
  return list;
}

std::size_t Fields::choice_index(std::string_view field, const Json& value,
                                 const std::vector<std::string_view>& names) const {
  if (value.is_string()) {
    const auto found = std::find(names.begin(), names.end(), value.get<std::string>());
    if (found != names.end()) return static_cast<std::size_t>(found - names.begin());
  }
  fail(field, fmt::format("{} must be {}, not {}", path(field), choices_text(names), value.dump()));
}

// --- Letters and words.

Json letter_json(Letter letter, LetterCase letter_case) {
  if (!is_letter(letter)) return nullptr;
  return std::string(1, letter_char(letter, letter_case));
}

std::string word_text(std::span<const Letter> letters, LetterCase letter_case) {
  return letter_case == LetterCase::kUpper ? alphabet().decode_upper(letters)
                                           : alphabet().decode(letters);
}

Json letters_json(std::span<const Letter> letters, LetterCase letter_case) {
  Json list = Json::array();
  for (const Letter letter : letters) list.push_back(letter_json(letter, letter_case));
  return list;
}

std::string pattern_text(std::span<const Letter> pattern, LetterCase letter_case) {
  std::string text;
  for (const Letter letter : pattern) {
    text += is_letter(letter) ? letter_char(letter, letter_case) : '-';
  }
  return text;
}

Letter letter_field(const Fields& fields, std::string_view field) {
  const std::string text = fields.required_text(field);
  const Letter letter = text.size() == 1 ? alphabet().code(text[0]) : kNoLetter;
  if (letter == kNoLetter) {
    fields.fail(field, fmt::format("{} must be one letter, A to Z, not \"{}\"", field, text));
  }
  return letter;
}

std::vector<Letter> word_field(const Fields& fields, std::string_view field) {
  const std::string text = fields.required_text(field);
  std::optional<std::vector<Letter>> letters = alphabet().encode(text);
  if (!letters)
    fields.fail(field, fmt::format("{} must be letters, A to Z, not \"{}\"", field, text));
  return std::move(*letters);
}

// --- Schemas.

Json config_schema_of(std::string_view title, Json properties) {
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"title", title},
          {"type", "object"},
          {"additionalProperties", false},
          {"properties", std::move(properties)}};
}

Json integer_property(const Json& lo, const Json& hi, Json fallback, std::string_view description) {
  Json property = {{"type", "integer"}};
  if (!lo.is_null()) property["minimum"] = lo;
  if (!hi.is_null()) property["maximum"] = hi;
  property["default"] = std::move(fallback);
  property["description"] = description;
  return property;
}

Json boolean_property(bool fallback, std::string_view description) {
  return {{"type", "boolean"}, {"default", fallback}, {"description", description}};
}

Json choice_property(std::span<const std::string_view> names, std::string_view fallback,
                     std::string_view description) {
  Json list = Json::array();
  for (const std::string_view name : names) list.push_back(name);
  return {{"type", "string"},
          {"enum", std::move(list)},
          {"default", fallback},
          {"description", description}};
}

}  // namespace wg::app
