// app/json_fields.h: the readers of config and command fields, letters as JSON text, enum
// names and schema properties that every game's codec shares.

#include "app/json_fields.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "app/session_adapter.h"
#include "core/play.h"

namespace wg::app {
namespace {

enum class Colour { kRed, kGreen, kBlue };

constexpr Named<Colour> kColours[] = {
    {Colour::kRed, "red"}, {Colour::kGreen, "green"}, {Colour::kBlue, "blue"}};

enum class Size { kSmall, kLarge };
std::string_view to_string(Size size) { return size == Size::kSmall ? "small" : "large"; }

/// "field: message" of the ConfigError `read` throws; "" if it throws none.
std::string config_problem(const std::function<void()>& read) {
  try {
    read();
  } catch (const ConfigError& error) {
    return error.field() + ": " + error.what();
  }
  return "";
}

/// The message of the CodecError `read` throws; "" if it throws none.
std::string command_problem(const std::function<void()>& read) {
  try {
    read();
  } catch (const CodecError& error) {
    return error.what();
  }
  return "";
}

/// Reads the fields of `object` (which is all Fields checks before a field is asked for).
void read_fields(const Json& object, Source source, std::initializer_list<std::string_view> known,
                 std::string within = {}) {
  const Fields fields(object, source, known, std::move(within));
}

constexpr CommandShape kCommands[] = {{"guess", {"letter", "cut"}}, {"give_up"}};

/// The name of `command`, read as one of kCommands.
std::string name_of_command(const Json& command) { return read_command(command, kCommands).name; }

TEST(JsonFields, WholeNumbersHoweverTheJsonHoldsThem) {
  EXPECT_EQ(integer_of(Json(-3)), -3);
  EXPECT_EQ(integer_of(Json::parse("7")), 7);  // parsed: unsigned
  EXPECT_EQ(integer_of(Json(std::numeric_limits<std::uint64_t>::max())), std::nullopt);
  EXPECT_EQ(integer_of(Json(1.5)), std::nullopt);
  EXPECT_EQ(integer_of(Json("1")), std::nullopt);
  EXPECT_EQ(integer_of(Json(true)), std::nullopt);
  EXPECT_EQ(unsigned_of(Json(std::numeric_limits<std::uint64_t>::max())),
            std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(unsigned_of(Json(4)), 4u);
  EXPECT_EQ(unsigned_of(Json(-1)), std::nullopt);
  EXPECT_EQ(unsigned_of(Json(nullptr)), std::nullopt);
  EXPECT_EQ(whole_number_in(Json(5), 1, 5), 5);
  EXPECT_EQ(whole_number_in(Json(6), 1, 5), std::nullopt);
  EXPECT_EQ(whole_number_in<int>(Json(1ll << 40), std::numeric_limits<int>::min(),
                                 std::numeric_limits<int>::max()),
            std::nullopt);
  EXPECT_EQ(whole_number_in<std::uint8_t>(Json(-1), 0, 255), std::nullopt);
}

TEST(JsonFields, IntegersWithDefaultsAndRanges) {
  const Json config = {{"hands", 3}, {"big", 1ll << 40}, {"text", "3"}, {"half", 2.5}};
  const Fields fields(config, Source::kConfig, {"hands", "big", "text", "half", "absent"});
  EXPECT_EQ(fields.integer("hands", 1, 1, 10), 3);
  EXPECT_EQ(fields.integer("absent", 7, 1, 10), 7);
  EXPECT_EQ(fields.integer("big", std::int64_t{0}), 1ll << 40);
  EXPECT_EQ(config_problem([&] { fields.integer("hands", 1, 5, 10); }),
            "hands: hands must be a whole number from 5 to 10, not 3");
  EXPECT_EQ(config_problem([&] { fields.integer("big", 1); }),
            "big: big must be a whole number, not 1099511627776");
  EXPECT_EQ(config_problem([&] { fields.integer("text", 1, 1); }),
            "text: text must be a whole number of at least 1, not \"3\"");
  EXPECT_EQ(config_problem([&] { fields.integer("half", std::uint64_t{0}); }),
            "half: half must be a whole number, not 2.5");
  EXPECT_EQ(config_problem([&] { fields.integer("hands", 0, std::numeric_limits<int>::min(), 2); }),
            "hands: hands must be a whole number of at most 2, not 3");
}

TEST(JsonFields, OptionalAndRequiredIntegers) {
  const Json config = {{"length", nullptr}, {"guesses", 4}};
  const Fields fields(config, Source::kConfig, {"length", "guesses", "absent"});
  EXPECT_EQ(fields.optional_integer<int>("length"), std::nullopt);
  EXPECT_EQ(fields.optional_integer<int>("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_integer<int>("guesses", 1), 4);
  EXPECT_EQ(config_problem([&] { fields.optional_integer<int>("guesses", 5); }),
            "guesses: guesses must be a whole number of at least 5, not 4");
  EXPECT_EQ(fields.required_integer<int>("guesses"), 4);
  EXPECT_EQ(config_problem([&] { fields.required_integer<int>("absent"); }),
            "absent: the config needs absent");
  EXPECT_EQ(config_problem([&] { fields.required_integer<int>("length"); }),
            "length: length must be a whole number, not null");
}

TEST(JsonFields, Booleans) {
  const Json config = {{"hints", true}, {"one", 1}, {"none", nullptr}};
  const Fields fields(config, Source::kConfig, {"hints", "one", "none", "absent"});
  EXPECT_TRUE(fields.boolean("hints", false));
  EXPECT_FALSE(fields.boolean("absent", false));
  EXPECT_EQ(config_problem([&] { fields.boolean("one", false); }),
            "one: one must be true or false, not 1");
  EXPECT_EQ(config_problem([&] { fields.boolean("none", false); }),
            "none: none must be true or false, not null");
  EXPECT_EQ(fields.optional_boolean("none"), std::nullopt);
  EXPECT_EQ(fields.optional_boolean("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_boolean("hints"), true);
}

TEST(JsonFields, TextsAndListsOfTexts) {
  const Json config = {
      {"board", "abcd"}, {"n", 16}, {"words", {"apple", "pear"}}, {"mixed", {"apple", 3}}};
  const Fields fields(config, Source::kConfig, {"board", "n", "words", "mixed", "absent"});
  EXPECT_EQ(fields.text("board", ""), "abcd");
  EXPECT_EQ(fields.text("absent", "x"), "x");
  EXPECT_EQ(fields.optional_text("absent"), std::nullopt);
  EXPECT_EQ(fields.required_text("board"), "abcd");
  EXPECT_EQ(config_problem([&] { fields.text("n", ""); }), "n: n must be a string, not 16");
  EXPECT_EQ(config_problem([&] { fields.required_text("absent"); }),
            "absent: the config needs absent");
  EXPECT_EQ(fields.texts("words"), (std::vector<std::string>{"apple", "pear"}));
  EXPECT_TRUE(fields.texts("absent").empty());
  EXPECT_EQ(config_problem([&] { fields.texts("mixed"); }),
            "mixed: mixed must be a list of strings, not [\"apple\",3]");
  EXPECT_EQ(config_problem([&] { fields.texts("board"); }),
            "board: board must be a list of strings, not \"abcd\"");
}

TEST(JsonFields, ChoicesByTableOrByTheGamesNames) {
  const Json config = {{"colour", "green"}, {"size", "large"}, {"bad", "pink"}, {"n", 1}};
  const Fields fields(config, Source::kConfig, {"colour", "size", "bad", "n", "absent"});
  EXPECT_EQ(fields.choice("colour", kColours, Colour::kRed), Colour::kGreen);
  EXPECT_EQ(fields.choice("absent", kColours, Colour::kBlue), Colour::kBlue);
  EXPECT_EQ(config_problem([&] { fields.choice("bad", kColours, Colour::kRed); }),
            "bad: bad must be \"red\", \"green\" or \"blue\", not \"pink\"");
  EXPECT_EQ(config_problem([&] { fields.choice("n", kColours, Colour::kRed); }),
            "n: n must be \"red\", \"green\" or \"blue\", not 1");
  EXPECT_EQ(fields.choice("size", {Size::kSmall, Size::kLarge}, Size::kSmall), Size::kLarge);
  EXPECT_EQ(config_problem([&] {
              fields.choice("bad", {Size::kSmall, Size::kLarge}, Size::kSmall);
            }),
            "bad: bad must be \"small\" or \"large\", not \"pink\"");
}

TEST(JsonFields, NamesOfEnums) {
  EXPECT_EQ(name_of(kColours, Colour::kBlue), "blue");
  EXPECT_EQ(value_named(kColours, "red"), Colour::kRed);
  EXPECT_EQ(value_named(kColours, "pink"), std::nullopt);
  EXPECT_EQ(names_of(kColours), (std::vector<std::string_view>{"red", "green", "blue"}));
  EXPECT_EQ(names_of({Size::kLarge, Size::kSmall}),
            (std::vector<std::string_view>{"large", "small"}));
  const std::vector<std::string_view> one = {"only"};
  EXPECT_EQ(choices_text(one), "\"only\"");
}

TEST(JsonFields, UnknownConfigFieldsAreRefusedNamingThem) {
  EXPECT_EQ(config_problem([] {
              read_fields(Json{{"colour", 1}}, Source::kConfig, {"hands"});
            }),
            "colour: unknown field 'colour': the fields are hands");
  EXPECT_EQ(config_problem([] {
              read_fields(Json{{"hand", 1}}, Source::kConfig, {"hands", "hand_size", "hints"});
            }),
            "hand: unknown field 'hand': the fields are hands, hand_size and hints");
  EXPECT_EQ(config_problem([] { read_fields(Json::array(), Source::kConfig, {"hands"}); }),
            "config: the config is a JSON object");
  EXPECT_EQ(config_problem([] { read_fields(Json::object(), Source::kConfig, {"hands"}); }), "");
}

TEST(JsonFields, AnObjectWithinAConfigIsNamedByItsPath) {
  const Json seat = {{"kind", "robot"}, {"age", 3}};
  EXPECT_EQ(config_problem([&] { Fields(seat, Source::kConfig, {"kind"}, "seats[0]"); }),
            "seats: unknown field 'age' in seats[0]: its fields are kind");
  const Fields fields(seat, Source::kConfig, {"kind", "age"}, "seats[0]");
  EXPECT_EQ(config_problem([&] { fields.choice("kind", kColours, Colour::kRed); }),
            "seats: seats[0].kind must be \"red\", \"green\" or \"blue\", not \"robot\"");
  EXPECT_EQ(config_problem([&] { fields.required("name"); }), "seats: seats[0] needs name");
  EXPECT_EQ(config_problem([] { read_fields(Json(3), Source::kConfig, {"kind"}, "seats[1]"); }),
            "seats: seats[1] must be a JSON object, not 3");
}

TEST(JsonFields, CommandsAreReadByTheirShape) {
  const Json command = {{"command", "guess"}, {"letter", "e"}, {"cut", 4}};
  const CommandFields guess = read_command(command, kCommands);
  EXPECT_EQ(guess.name, "guess");
  EXPECT_EQ(guess.fields.optional_integer<std::uint64_t>("cut"), 4u);
  EXPECT_EQ(name_of_command({{"command", "give_up"}}), "give_up");

  EXPECT_EQ(command_problem([&] { name_of_command(Json::array()); }),
            "a command is a JSON object {\"command\": NAME, ...}, not []");
  EXPECT_EQ(command_problem([&] { name_of_command(Json::object()); }),
            "a command names itself: {\"command\": NAME, ...}");
  EXPECT_EQ(command_problem([&] {
              name_of_command({{"command", 3}});
            }),
            "a command names itself: {\"command\": NAME, ...}");
  EXPECT_EQ(command_problem([&] {
              name_of_command({{"command", "dance"}});
            }),
            "no command 'dance': the commands are guess and give_up");
  EXPECT_EQ(command_problem([&] {
              name_of_command({{"command", "give_up"}, {"now", 1}});
            }),
            "give_up takes no field 'now' (its fields: none)");
  EXPECT_EQ(command_problem([&] {
              name_of_command({{"command", "guess"}, {"x", 1}});
            }),
            "guess takes no field 'x' (its fields: letter and cut)");
}

TEST(JsonFields, CommandProblemsAreCodecErrors) {
  const Json command = {{"command", "bid"}, {"seat", "0"}, {"amount", 1.5}};
  const Fields fields(command, Source::kCommand, {"seat", "amount", "limit"});
  EXPECT_EQ(command_problem([&] { fields.required_integer<int>("seat"); }),
            "seat must be a whole number, not \"0\"");
  EXPECT_EQ(command_problem([&] { fields.required_integer<int>("limit"); }), "bid needs limit");
  EXPECT_EQ(fields.integer("limit", 0), 0);
  EXPECT_THROW(fields.boolean("amount", false), CodecError);
  EXPECT_THROW(fields.fail("seat", "no"), CodecError);
}

TEST(JsonFields, LettersAndWordsAsText) {
  const Alphabet& alphabet = Alphabet::english();
  const std::vector<Letter> qat = *alphabet.encode("qat");
  EXPECT_EQ(letter_json(qat[0], LetterCase::kUpper), "Q");
  EXPECT_EQ(letter_json(qat[0], LetterCase::kLower), "q");
  EXPECT_EQ(letter_json(kNoLetter, LetterCase::kLower), nullptr);
  EXPECT_EQ(word_text(qat, LetterCase::kUpper), "QAT");
  EXPECT_EQ(word_text(qat, LetterCase::kLower), "qat");
  EXPECT_EQ(letters_json(qat, LetterCase::kLower), (Json{"q", "a", "t"}));
  const std::vector<Letter> pattern = {kNoLetter, qat[1], kNoLetter};
  EXPECT_EQ(pattern_text(pattern, LetterCase::kLower), "-a-");
  EXPECT_EQ(pattern_text(pattern, LetterCase::kUpper), "-A-");

  const Json command = {{"command", "guess"}, {"letter", "E"}, {"two", "ab"},
                        {"digit", "4"},       {"word", "QaT"}, {"empty", ""}};
  const Fields fields(command, Source::kCommand, {"letter", "two", "digit", "word", "empty"});
  EXPECT_EQ(letter_field(fields, "letter"), alphabet.code('e'));
  EXPECT_EQ(command_problem([&] { letter_field(fields, "two"); }),
            "two must be one letter, A to Z, not \"ab\"");
  EXPECT_EQ(command_problem([&] { letter_field(fields, "digit"); }),
            "digit must be one letter, A to Z, not \"4\"");
  EXPECT_EQ(command_problem([&] { letter_field(fields, "absent"); }), "guess needs absent");
  EXPECT_EQ(word_field(fields, "word"), qat);
  EXPECT_TRUE(word_field(fields, "empty").empty());
  EXPECT_EQ(command_problem([&] { word_field(fields, "digit"); }),
            "digit must be letters, A to Z, not \"4\"");
}

TEST(JsonFields, SchemaProperties) {
  EXPECT_EQ(integer_property(1, 10, 3, "Hands"), (Json{{"type", "integer"},
                                                       {"minimum", 1},
                                                       {"maximum", 10},
                                                       {"default", 3},
                                                       {"description", "Hands"}}));
  EXPECT_EQ(integer_property(0, nullptr, 0, "From 0"),
            (Json{{"type", "integer"}, {"minimum", 0}, {"default", 0}, {"description", "From 0"}}));
  EXPECT_EQ(boolean_property(true, "Hints"),
            (Json{{"type", "boolean"}, {"default", true}, {"description", "Hints"}}));
  EXPECT_EQ(choice_property(names_of(kColours), "red", "Colour"),
            (Json{{"type", "string"},
                  {"enum", {"red", "green", "blue"}},
                  {"default", "red"},
                  {"description", "Colour"}}));
  const Json schema = config_schema_of("Game", {{"hands", boolean_property(false, "x")}});
  EXPECT_EQ(schema["title"], "Game");
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  EXPECT_TRUE(schema["properties"].contains("hands"));
}

}  // namespace
}  // namespace wg::app
