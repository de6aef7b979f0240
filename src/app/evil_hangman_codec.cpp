#include "app/evil_hangman_codec.h"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/session_adapter.h"
#include "core/alphabet.h"

namespace wg::app {

namespace eh = wg::evil_hangman;

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};

const Alphabet& alphabet() { return Alphabet::english(); }

std::string letter_text(Letter letter) { return std::string(1, alphabet().lower(letter)); }

/// A pattern as text: the letter where shown, '-' where hidden ("-oo-").
std::string pattern_text(const std::vector<Letter>& pattern) {
  std::string text;
  for (Letter l : pattern) text += l == kNoLetter ? '-' : alphabet().lower(l);
  return text;
}

Json letters_json(const std::vector<Letter>& letters) {
  Json list = Json::array();
  for (Letter l : letters) list.push_back(letter_text(l));
  return list;
}

std::string_view status_name(eh::Status status) {
  switch (status) {
    case eh::Status::kIdle:
      return "idle";
    case eh::Status::kPlaying:
      return "playing";
    case eh::Status::kFinished:
      return "finished";
  }
  return "?";
}

// --- Reading: every problem names its field.

/// A whole number from `json`, or why not.
std::optional<std::int64_t> integer_of(const Json& json) {
  if (json.is_number_unsigned()) {
    const auto value = json.get<std::uint64_t>();
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(value);
  }
  if (json.is_number_integer()) return json.get<std::int64_t>();
  return std::nullopt;
}

/// A whole number from 0 to 2^64-1 from `json` (written signed or not), or nullopt.
std::optional<std::uint64_t> unsigned_of(const Json& json) {
  if (json.is_number_unsigned()) return json.get<std::uint64_t>();
  if (json.is_number_integer() && json.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(json.get<std::int64_t>());
  }
  return std::nullopt;
}

std::int64_t config_integer(const Json& json, const std::string& field) {
  const std::optional<std::int64_t> value = integer_of(json);
  if (!value) throw ConfigError(field, fmt::format("{} must be a whole number", field));
  return *value;
}

std::uint64_t config_count(const Json& json, const std::string& field) {
  const std::optional<std::uint64_t> value = unsigned_of(json);
  if (!value || *value == 0) {
    throw ConfigError(field, fmt::format("{} must be a whole number of at least 1", field));
  }
  return *value;
}

bool config_bool(const Json& json, const std::string& field) {
  if (!json.is_boolean()) throw ConfigError(field, fmt::format("{} must be true or false", field));
  return json.get<bool>();
}

std::optional<std::int64_t> command_integer(const Json& command, const char* field) {
  const auto found = command.find(field);
  if (found == command.end() || found->is_null()) return std::nullopt;
  const std::optional<std::int64_t> value = integer_of(*found);
  if (!value) throw CodecError(fmt::format("{} must be a whole number", field));
  return value;
}

void only_fields(const Json& command, std::initializer_list<std::string_view> fields) {
  for (const auto& [key, value] : command.items()) {
    bool known = key == "command";
    for (std::string_view field : fields) known = known || key == field;
    if (!known) throw CodecError(fmt::format("unknown field '{}'", key));
  }
}

Json decision_json(const eh::Guessed& guessed) {
  const eh::Decision& d = *guessed.decision;
  // The pattern before the guess: the guessed letter was nowhere yet.
  std::vector<Letter> before = guessed.pattern;
  for (Letter& l : before) {
    if (l == guessed.letter) l = kNoLetter;
  }
  Json families = Json::array();
  for (const eh::FamilyScore& s : d.scores) {
    std::vector<Letter> pattern = before;
    for (std::size_t p = 0; p < pattern.size(); ++p) {
      if ((s.positions >> p) & 1u) pattern[p] = guessed.letter;
    }
    Json family = {{"pattern", pattern_text(pattern)}, {"words", s.size}};
    if (s.forced_misses >= 0) family["forced_misses"] = s.forced_misses;
    if (s.expected_misses >= 0) family["expected_misses"] = s.expected_misses;
    families.push_back(std::move(family));
  }
  return {{"families", std::move(families)},
          {"chosen", d.family},
          {"decided_by", eh::to_string(d.decided_by)}};
}

}  // namespace

Json EvilHangmanCodec::config_schema() {
  const eh::Config defaults;
  Json strategies = Json::array();
  for (eh::Strategy s : eh::all_strategies()) strategies.push_back(eh::to_string(s));
  const auto count = [](std::uint64_t value, std::string_view description) {
    return Json{{"type", "integer"},
                {"minimum", 1},
                {"maximum", std::numeric_limits<std::uint64_t>::max()},
                {"default", value},
                {"description", description}};
  };
  return {
      {"$schema", "https://json-schema.org/draft/2020-12/schema"},
      {"title", "Evil Hangman"},
      {"type", "object"},
      {"additionalProperties", false},
      {"properties",
       {{"strategy",
         {{"type", "string"},
          {"enum", strategies},
          {"default", eh::to_string(defaults.strategy)},
          {"description", "How the host picks a family of words"}}},
        {"depth",
         {{"type", "integer"},
          {"minimum", 1},
          {"maximum", std::numeric_limits<int>::max()},
          {"default", defaults.depth},
          {"description", "Host decisions the lookahead host looks at (and optimal's fallback)"}}},
        {"budget", count(defaults.budget.max_positions,
                         "Positions the optimal host may evaluate per decision")},
        {"memo", count(defaults.budget.max_memo, "Positions the optimal host may remember")},
        {"work",
         count(defaults.budget.max_work, "Steps of work the optimal host may take per decision")},
        {"explain",
         {{"type", "boolean"},
          {"default", defaults.explain},
          {"description", "Guessed events carry the host's families and reasons"}}},
        {"length",
         {{"type", Json::array({"integer", "null"})},
          {"minimum", 1},
          {"maximum", eh::kMaxWordLength},
          {"default", nullptr},
          {"description",
           "Every game's word length (a length with words); null: each "
           "new_game gives it"}}},
        {"guesses",
         {{"type", Json::array({"integer", "null"})},
          {"minimum", 1},
          {"default", nullptr},
          {"description", "Every game's misses allowed; null: each new_game gives it"}}},
        {"show_remaining",
         {{"type", "boolean"},
          {"default", defaults.show_remaining},
          {"description", "Show how many words the host still holds (unless new_game says)"}}}}}};
}

eh::Config EvilHangmanCodec::config_from_json(const Json& json) {
  if (!json.is_object()) throw ConfigError("config", "the config is a JSON object");
  eh::Config config;
  for (const auto& [key, value] : json.items()) {
    if (key == "strategy") {
      const std::optional<eh::Strategy> s =
          value.is_string() ? eh::parse_strategy(value.get<std::string>()) : std::nullopt;
      if (!s) throw ConfigError(key, "strategy must be largest, lookahead, optimal or fair");
      config.strategy = *s;
    } else if (key == "depth") {
      const std::int64_t depth = config_integer(value, key);
      if (depth < 1 || depth > std::numeric_limits<int>::max()) {
        throw ConfigError(key,
                          fmt::format("the lookahead depth must be at least 1, not {}", depth));
      }
      config.depth = static_cast<int>(depth);
    } else if (key == "budget") {
      config.budget.max_positions = config_count(value, key);
    } else if (key == "memo") {
      config.budget.max_memo = config_count(value, key);
    } else if (key == "work") {
      config.budget.max_work = config_count(value, key);
    } else if (key == "explain") {
      config.explain = config_bool(value, key);
    } else if (key == "length") {
      if (!value.is_null()) config.length = config_integer(value, key);
    } else if (key == "guesses") {
      if (!value.is_null()) config.guesses = config_integer(value, key);
    } else if (key == "show_remaining") {
      config.show_remaining = config_bool(value, key);
    } else {
      throw ConfigError(key, fmt::format("unknown field '{}'", key));
    }
  }
  config.validate();
  return config;
}

Json EvilHangmanCodec::config_to_json(const eh::Config& config) {
  return {{"strategy", eh::to_string(config.strategy)},
          {"depth", config.depth},
          {"budget", config.budget.max_positions},
          {"memo", config.budget.max_memo},
          {"work", config.budget.max_work},
          {"explain", config.explain},
          {"length", config.length ? Json(*config.length) : Json(nullptr)},
          {"guesses", config.guesses ? Json(*config.guesses) : Json(nullptr)},
          {"show_remaining", config.show_remaining}};
}

eh::Session::Command EvilHangmanCodec::command_from_json(const Json& json) {
  if (!json.is_object() || !json.contains("command") || !json["command"].is_string()) {
    throw CodecError("a command is an object {\"command\": NAME, ...}");
  }
  const std::string name = json["command"].get<std::string>();
  if (name == "new_game") {
    only_fields(json, {"length", "guesses", "show_remaining"});
    eh::NewGame command;
    command.length = command_integer(json, "length");
    command.guesses = command_integer(json, "guesses");
    if (const auto show = json.find("show_remaining"); show != json.end() && !show->is_null()) {
      if (!show->is_boolean()) throw CodecError("show_remaining must be true or false");
      command.show_remaining = show->get<bool>();
    }
    return command;
  }
  if (name == "guess") {
    only_fields(json, {"letter", "cut"});
    const auto letter = json.find("letter");
    if (letter == json.end() || !letter->is_string() || letter->get<std::string>().size() != 1) {
      throw CodecError("a guess is one letter: {\"command\": \"guess\", \"letter\": \"e\"}");
    }
    const std::string text = letter->get<std::string>();
    eh::Guess command;
    command.letter = alphabet().code(text[0]);
    if (command.letter == kNoLetter) throw CodecError(fmt::format("'{}' is not a letter", text));
    if (const auto cut = json.find("cut"); cut != json.end() && !cut->is_null()) {
      command.cut = unsigned_of(*cut);
      if (!command.cut) throw CodecError("cut must be a whole number");
    }
    return command;
  }
  if (name == "give_up") {
    only_fields(json, {});
    return eh::GiveUp{};
  }
  throw CodecError(fmt::format("no command '{}' (new_game, guess, give_up)", name));
}

Json EvilHangmanCodec::command_to_json(const eh::Session::Command& command) {
  return std::visit(
      Overloaded{[](const eh::NewGame& c) {
                   Json json = {{"command", "new_game"}};
                   if (c.length) json["length"] = *c.length;
                   if (c.guesses) json["guesses"] = *c.guesses;
                   if (c.show_remaining) json["show_remaining"] = *c.show_remaining;
                   return json;
                 },
                 [](const eh::Guess& c) {
                   Json json = {{"command", "guess"}, {"letter", letter_text(c.letter)}};
                   if (c.cut) json["cut"] = *c.cut;
                   return json;
                 },
                 [](const eh::GiveUp&) {
                   return Json{{"command", "give_up"}};
                 }},
      command);
}

Json EvilHangmanCodec::event_to_json(const eh::Session::Event& event) {
  return std::visit(
      Overloaded{[](const eh::GameStarted& e) {
                   Json json = {{"event", "game_started"},
                                {"game", e.game},
                                {"length", e.length},
                                {"guesses", e.guesses},
                                {"show_remaining", e.show_remaining}};
                   if (e.words) json["words"] = *e.words;
                   return json;
                 },
                 [](const eh::Guessed& e) {
                   Json json = {{"event", "guessed"},
                                {"letter", letter_text(e.letter)},
                                {"hit", e.hit},
                                {"revealed", e.revealed},
                                {"pattern", pattern_text(e.pattern)},
                                {"guesses_left", e.guesses_left}};
                   if (e.words) json["words"] = *e.words;
                   json["fell_back"] = e.fell_back;
                   if (e.cut) json["cut"] = *e.cut;
                   if (e.decision) json["decision"] = decision_json(e);
                   return json;
                 },
                 [](const eh::Rejected& e) {
                   Json json = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
                   if (e.letter < alphabet().size()) json["letter"] = letter_text(e.letter);
                   json["detail"] = e.detail;
                   return json;
                 },
                 [](const eh::Finished& e) {
                   return Json{{"event", "finished"},
                               {"game", e.game},
                               {"won", e.won},
                               {"gave_up", e.gave_up},
                               {"length", e.length},
                               {"guesses", e.guesses},
                               {"misses", e.misses},
                               {"word", alphabet().decode(e.word)},
                               {"letters", letters_json(e.letters)},
                               {"show_remaining", e.show_remaining}};
                 }},
      event);
}

Json EvilHangmanCodec::view_to_json(const eh::Session::View& view) {
  Json json = {{"status", status_name(view.status)},
               {"game", view.game},
               {"length", view.length},
               {"guesses", view.guesses},
               {"guesses_left", view.guesses_left},
               {"pattern", pattern_text(view.pattern)},
               {"letters", letters_json(view.letters)},
               {"show_remaining", view.show_remaining}};
  if (view.words_remaining) json["words_remaining"] = *view.words_remaining;
  if (view.won) json["won"] = *view.won;
  if (view.word) json["word"] = alphabet().decode(*view.word);
  return json;
}

GameEntry evil_hangman_game() {
  return {"evil_hangman",
          "evil-hangman",
          "Evil Hangman",
          "Hangman against a host who keeps changing the word",
          [] { return EvilHangmanCodec::config_schema(); },
          [](const Json& config, std::uint64_t seed,
             std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
            return std::make_unique<SessionAdapter<EvilHangmanCodec>>(
                std::move(lexicon), EvilHangmanCodec::config_from_json(config), seed);
          }};
}

// --- The tools' documents.

Json autoplay_to_json(const eh::AutoplayConfig& config, std::uint64_t seed,
                      const eh::AutoplayResult& result) {
  Json turns = Json::array();
  for (const eh::AutoplayTurn& turn : result.turns) {
    std::string pattern;
    for (Letter l : turn.pattern) pattern += l == kNoLetter ? '-' : alphabet().upper(l);
    turns.push_back({{"letter", letter_text(turn.letter)},
                     {"hit", turn.hit},
                     {"pattern", pattern},
                     {"words", turn.words}});
  }
  return {{"seed", seed},
          {"length", config.length},
          {"guesses", config.game_guesses()},
          {"strategy", eh::to_string(config.strategy)},
          {"depth", config.depth},
          {"guesser", eh::to_string(config.guesser)},
          {"won", result.won},
          {"misses", result.misses},
          {"word", alphabet().decode(result.word)},
          {"fell_back", result.fell_back},
          {"turns", std::move(turns)}};
}

Json table_to_json(const eh::TableResult& table, std::string_view lexicon, std::uint64_t seed) {
  Json rows = Json::array();
  for (const eh::TableRow& row : table.rows) {
    Json json = {{"length", row.length}, {"words", row.words}};
    if (row.value) {
      json["value"] = row.value->value ? Json(*row.value->value) : Json(nullptr);
      json["value_at_least"] = row.value->at_least;
      json["value_positions"] = row.value->positions;
      json["value_work"] = row.value->work;
    }
    json["results"] = Json::array();
    for (const eh::TableCell& cell : row.results) {
      Json c = {{"host", cell.host},
                {"guesser", eh::to_string(cell.guesser)},
                {"misses", cell.misses ? Json(*cell.misses) : Json(nullptr)}};
      if (cell.played) c["won"] = cell.won;
      json["results"].push_back(std::move(c));
    }
    rows.push_back(std::move(json));
  }
  return {{"lexicon", lexicon}, {"seed", seed}, {"guesses", table.guesses}, {"rows", rows}};
}

}  // namespace wg::app
