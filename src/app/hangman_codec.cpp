#include "app/hangman_codec.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "app/session_adapter.h"
#include "core/alphabet.h"
#include "lexicon/common_words.h"

namespace wg::app {

namespace {

using hangman::Mode;

const Alphabet& alphabet() { return Alphabet::english(); }

/// A whole number from 0, however the JSON holds it (parsed text gives unsigned numbers, a
/// document built from ints signed ones).
std::optional<std::uint64_t> whole_number(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  }
  return std::nullopt;
}

Json letter_json(Letter letter) {
  if (letter >= alphabet().size()) return nullptr;
  return std::string(1, alphabet().upper(letter));
}

Json word_json(const std::vector<Letter>& word) { return alphabet().decode_upper(word); }

/// A one-letter string in any case, or CodecError.
Letter letter_from_json(const Json& value) {
  if (!value.is_string()) throw CodecError("a letter is a one-letter string such as \"E\"");
  const std::string text = value.get<std::string>();
  const Letter letter = text.size() == 1 ? alphabet().code(text[0]) : kNoLetter;
  if (letter == kNoLetter) {
    throw CodecError(fmt::format("'{}' is not a letter: a letter is one of A to Z", text));
  }
  return letter;
}

std::string_view status_name(hangman::Status status) {
  return status == hangman::Status::kFinished ? "finished" : "playing";
}

Json advice_json(const hangman::Advice& advice, bool with_points) {
  Json json = {{"position", advice.guess.position},
               {"letter", letter_json(advice.guess.letter)},
               {"probability", advice.probability}};
  if (with_points) json["expected_points"] = advice.expected_points;
  return json;
}

/// What a person is told about a refusal.
std::string detail(const hangman::Rejected& rejected) {
  switch (rejected.reason) {
    case Refusal::kOutOfRange:
      return fmt::format("no position {}: positions are 0 to {}",
                         rejected.guess ? rejected.guess->position : 0, rejected.length - 1);
    case Refusal::kMalformed:
      return "not a letter";
    case Refusal::kRepeated:
      return rejected.revealed ? "the position is already revealed"
                               : "that letter was already tried at that position";
    case Refusal::kNotAllowed:
      return "hints are off in this session";
    case Refusal::kWrongPhase:
      return rejected.guess ? "the game is over: start a new game"
                            : "not now: a new game once the game is over, a hint or giving up "
                              "during one";
    default:
      return std::string(to_string(rejected.reason));
  }
}

std::shared_ptr<const hangman::Dictionary> lexicon_dictionary(
    const std::shared_ptr<const Lexicon>& lexicon) {
  // One dictionary per live lexicon: building ENABLE's takes a noticeable fraction of a second.
  static std::mutex mutex;
  static std::map<const Lexicon*, std::pair<std::weak_ptr<const Lexicon>,
                                            std::shared_ptr<const hangman::Dictionary>>>
      cache;
  const std::lock_guard lock(mutex);
  std::erase_if(cache, [](const auto& entry) { return entry.second.first.expired(); });
  auto& entry = cache[lexicon.get()];
  if (!entry.second) {
    entry = {lexicon, hangman::make_dictionary(lexicon.get(), hangman::Config{})};
  }
  return entry.second;
}

}  // namespace

Json HangmanCodec::config_schema() {
  return {
      {"$schema", "https://json-schema.org/draft/2020-12/schema"},
      {"title", "Position Hangman"},
      {"type", "object"},
      {"additionalProperties", false},
      {"properties",
       {{"mode",
         {{"type", "string"},
          {"enum", {"easy", "hard"}},
          {"default", "easy"},
          {"description",
           "easy shows each letter's probability at each open position; hard "
           "hides them"}}},
        {"secrets",
         {{"type", "string"},
          {"enum", {"common", "all"}},
          {"default", "common"},
          {"description",
           fmt::format("common: secrets are the dictionary's common words (all its words when "
                       "fewer than {} are common); all: any word. Guesses are judged against "
                       "every word",
                       hangman::kMinCommonSecrets)}}},
        {"hints",
         {{"type", "boolean"},
          {"default", true},
          {"description", "whether the hint command is answered"}}},
        {"words",
         {{"type", "array"},
          {"items", {{"type", "string"}, {"pattern", "^[A-Za-z]{6,64}$"}}},
          {"default", Json::array()},
          {"description",
           fmt::format("the dictionary: at least {} words of {}+ letters, {} % of them with {}+ "
                       "letters; empty: the lexicon's words of {}+ letters",
                       hangman::kMinWords, hangman::kMinWordLength, hangman::kMinLongPercent,
                       hangman::kLongWordLength, hangman::kMinWordLength)}}},
        {"first_game",
         {{"type", "integer"},
          {"minimum", 0},
          {"default", 0},
          {"description",
           "the index of the session's first game, for its seed "
           "(game_seed(seed, k)) and its number"}}}}}};
}

hangman::Config HangmanCodec::config_from_json(const Json& json) {
  if (!json.is_object()) throw ConfigError("config", "the config is a JSON object");
  hangman::Config config;
  for (const auto& [key, value] : json.items()) {
    if (key == "mode") {
      const std::optional<Mode> mode =
          value.is_string() ? hangman::parse_mode(value.get<std::string>()) : std::nullopt;
      if (!mode) throw ConfigError("mode", "mode is \"easy\" or \"hard\"");
      config.mode = *mode;
    } else if (key == "secrets") {
      const std::optional<hangman::Secrets> secrets =
          value.is_string() ? hangman::parse_secrets(value.get<std::string>()) : std::nullopt;
      if (!secrets) throw ConfigError("secrets", "secrets is \"common\" or \"all\"");
      config.secrets = *secrets;
    } else if (key == "hints") {
      if (!value.is_boolean()) throw ConfigError("hints", "hints is true or false");
      config.hints = value.get<bool>();
    } else if (key == "words") {
      if (!value.is_array()) throw ConfigError("words", "words is a list of words");
      for (const Json& word : value) {
        if (!word.is_string()) throw ConfigError("words", "words is a list of words");
        config.words.push_back(word.get<std::string>());
      }
    } else if (key == "first_game") {
      const std::optional<std::uint64_t> first = whole_number(value);
      if (!first) throw ConfigError("first_game", "first_game is a whole number from 0");
      config.first_game = *first;
    } else {
      throw ConfigError(key, fmt::format("no setting '{}' in position hangman", key));
    }
  }
  config.validate();
  return config;
}

Json HangmanCodec::config_to_json(const hangman::Config& config) {
  Json json = {{"mode", hangman::to_string(config.mode)},
               {"secrets", hangman::to_string(config.secrets)},
               {"hints", config.hints}};
  if (!config.words.empty()) json["words"] = config.words;
  if (config.first_game != 0) json["first_game"] = config.first_game;
  return json;
}

hangman::Command HangmanCodec::command_from_json(const Json& json) {
  if (!json.is_object() || !json.contains("command") || !json["command"].is_string()) {
    throw CodecError("a command is an object {\"command\": NAME, ...}");
  }
  const std::string name = json["command"].get<std::string>();
  if (name == "new_game") return hangman::NewGame{};
  if (name == "hint") return hangman::Hint{};
  if (name == "give_up") return hangman::GiveUp{};
  if (name == "guess") {
    const std::optional<std::uint64_t> position =
        json.contains("position") ? whole_number(json["position"]) : std::nullopt;
    if (!position) throw CodecError("a guess has a position, a whole number from 0");
    if (!json.contains("letter")) throw CodecError("a guess has a letter");
    return hangman::Guess{static_cast<std::size_t>(*position), letter_from_json(json["letter"])};
  }
  throw CodecError(
      fmt::format("no command '{}' in position hangman: new_game, guess, hint or give_up", name));
}

Json HangmanCodec::command_to_json(const hangman::Command& command) {
  if (const auto* guess = std::get_if<hangman::Guess>(&command)) {
    return {{"command", "guess"},
            {"position", guess->position},
            {"letter", letter_json(guess->letter)}};
  }
  if (std::holds_alternative<hangman::NewGame>(command)) return {{"command", "new_game"}};
  if (std::holds_alternative<hangman::Hint>(command)) return {{"command", "hint"}};
  return {{"command", "give_up"}};
}

Json HangmanCodec::event_to_json(const hangman::Event& event) {
  if (const auto* e = std::get_if<hangman::GameStarted>(&event)) {
    return {{"event", "game_started"},
            {"game", e->game},
            {"length", e->length},
            {"lives", e->lives},
            {"candidates", e->candidates}};
  }
  if (const auto* e = std::get_if<hangman::Guessed>(&event)) {
    Json json = {{"event", "guessed"},
                 {"position", e->guess.position},
                 {"letter", letter_json(e->guess.letter)},
                 {"hit", e->hit},
                 {"points_change", e->points_change},
                 {"points", e->points},
                 {"lives", e->lives},
                 {"candidates", e->candidates}};
    if (e->probability) json["probability"] = *e->probability;
    return json;
  }
  if (const auto* e = std::get_if<hangman::Hinted>(&event)) {
    return {{"event", "hint"},
            {"for_points", advice_json(e->points, true)},
            {"safest", advice_json(e->safe, false)}};
  }
  if (const auto* e = std::get_if<hangman::Rejected>(&event)) {
    Json json = {{"event", "rejected"}, {"reason", to_string(e->reason)}, {"detail", detail(*e)}};
    if (e->guess) {
      json["position"] = e->guess->position;
      json["letter"] = letter_json(e->guess->letter);
      json["length"] = e->length;
      json["revealed"] = e->revealed;
    }
    return json;
  }
  const auto& e = std::get<hangman::Finished>(event);
  return {{"event", "finished"},  {"game", e.game},     {"word", word_json(e.word)},
          {"guesses", e.guesses}, {"misses", e.misses}, {"player_won", e.player_won},
          {"gave_up", e.gave_up}, {"points", e.points}, {"played", e.played}};
}

Json HangmanCodec::view_to_json(const hangman::View& view) {
  Json revealed = Json::array();
  for (const Letter letter : view.revealed) revealed.push_back(letter_json(letter));
  Json missed = Json::array();
  for (const LetterSet letters : view.missed) {
    Json list = Json::array();
    for (const Letter letter : letters) list.push_back(letter_json(letter));
    missed.push_back(std::move(list));
  }
  Json json = {{"status", status_name(view.status)},
               {"mode", hangman::to_string(view.mode)},
               {"hints", view.hints},
               {"game", view.game},
               {"length", view.length},
               {"lives", view.lives},
               {"points", view.points},
               {"candidates", view.candidates},
               {"guesses", view.guesses},
               {"revealed", std::move(revealed)},
               {"missed", std::move(missed)}};
  if (!view.odds.empty()) {
    Json odds = Json::array();
    for (const auto& position : view.odds) {
      Json letters = Json::array();
      for (const hangman::LetterOdds& o : position) {
        letters.push_back(
            {{"letter", letter_json(o.letter)},
             {"count", o.count},
             {"probability", view.candidates == 0 ? 0.0
                                                  : static_cast<double>(o.count) /
                                                        static_cast<double>(view.candidates)}});
      }
      odds.push_back(std::move(letters));
    }
    json["odds"] = std::move(odds);
  }
  if (view.secret) {
    json["word"] = word_json(*view.secret);
    json["won"] = view.won;
    json["gave_up"] = view.gave_up;
  }
  return json;
}

GameEntry hangman_game() {
  return {"hangman",
          "hangman",
          "Position Hangman",
          "Position hangman: guess a letter at a position, scored by its odds",
          &HangmanCodec::config_schema,
          [](const Json& config, std::uint64_t seed,
             std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
            hangman::Config parsed = HangmanCodec::config_from_json(config);
            if (!parsed.words.empty()) {
              return std::make_unique<SessionAdapter<HangmanCodec>>(
                  std::move(lexicon), std::move(parsed), seed, common_words());
            }
            return std::make_unique<SessionAdapter<HangmanCodec>>(
                lexicon_dictionary(lexicon), std::move(parsed), seed, common_words());
          }};
}

}  // namespace wg::app
