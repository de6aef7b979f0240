#include "app/boggle_codec.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include "app/session_adapter.h"

namespace wg::app {

namespace {

namespace bg = wg::boggle;

std::string_view end_name(bg::RoundEnd end) {
  return end == bg::RoundEnd::kTimeUp ? "time_up" : "closed";
}

Json found_to_json(const std::vector<bg::FoundWord>& found) {
  Json out = Json::array();
  for (const bg::FoundWord& w : found) out.push_back({{"word", w.word}, {"points", w.points}});
  return out;
}

/// A whole number from 0 to 2^64-1 (parsed JSON holds one as unsigned, JSON built in code as
/// signed); nullopt for anything else.
std::optional<std::uint64_t> whole_number(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  }
  return std::nullopt;
}

/// A whole number in a config field; ConfigError otherwise.
std::uint64_t config_number(const Json& value, const std::string& field) {
  const auto number = whole_number(value);
  if (!number) {
    throw ConfigError(field,
                      fmt::format("{} must be a whole number from 0, not {}", field, value.dump()));
  }
  return *number;
}

/// The milliseconds of a command: a whole number from 0; `required` or 0 when absent.
std::uint64_t elapsed_of(const Json& json, bool required) {
  const auto found = json.find("elapsed_ms");
  if (found == json.end()) {
    if (required) throw CodecError("this command needs elapsed_ms");
    return 0;
  }
  const auto number = whole_number(*found);
  if (!number) {
    throw CodecError(fmt::format("elapsed_ms must be a whole number of milliseconds from 0, not {}",
                                 found->dump()));
  }
  return *number;
}

/// Refuses fields a command does not take, so that a typo is not silently ignored.
void only_fields(const Json& json, std::initializer_list<std::string_view> fields) {
  for (const auto& [key, value] : json.items()) {
    if (key == "command") continue;
    if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
      throw CodecError(
          fmt::format("{} takes no field '{}'", json["command"].get<std::string>(), key));
    }
  }
}

}  // namespace

Json BoggleCodec::board_to_json(const bg::Board& board) {
  Json cells = Json::array();
  for (const Tile& tile : board.cells()) {
    if (tile.is_blank()) {
      cells.push_back(nullptr);
    } else {
      cells.push_back(Alphabet::english().decode_upper(tile.letters));
    }
  }
  return {{"spec", board.spec()},
          {"rows", board.rows()},
          {"cols", board.cols()},
          {"cells", std::move(cells)}};
}

Json BoggleCodec::config_schema() {
  const bg::Config defaults;
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"title", "Word Search"},
          {"type", "object"},
          {"additionalProperties", false},
          {"properties",
           {{"size",
             {{"type", "integer"},
              {"enum", {4, 5, 6}},
              {"default", defaults.size},
              {"description",
               "The dice boards are rolled from: 4 (classic 4x4), 5 (Big Boggle 5x5), 6 (Super Big "
               "Boggle 6x6, whose blank faces block their cell)"}}},
            {"board",
             {{"type", Json::array({"string", "null"})},
              {"minLength", 1},
              {"default", nullptr},
              {"description",
               "A given board played every round, rows separated by '/' (EECA/ALEP/HNBO/QTTY), a "
               "multi-letter cell in brackets, # a blocked cell; a square number of cells without "
               "separators is a square board. null: each round is rolled from the dice"}}},
            {"min_length",
             {{"type", "integer"},
              {"minimum", 0},
              {"maximum", bg::Config::kMaxMinLength},
              {"default", defaults.min_length},
              {"description",
               "The minimum word length; 0: the rules' default (3, or 4 on rolled 6x6 boards)"}}},
            {"scoring",
             {{"type", "string"},
              {"enum", {"boggle", "spec"}},
              {"default", bg::to_string(defaults.scoring)},
              {"description",
               "boggle: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; spec: 1 + letters - minimum"}}},
            {"seconds",
             {{"type", "integer"},
              {"minimum", 0},
              {"maximum", bg::Config::kMaxSeconds},
              {"default", defaults.seconds},
              {"description", "The time of a round in seconds; 0: untimed"}}}}}};
}

bg::Config BoggleCodec::config_from_json(const Json& json) {
  if (!json.is_object()) throw ConfigError("config", "the config is a JSON object");
  bg::Config config;
  for (const auto& [key, value] : json.items()) {
    if (key == "size") {
      config.size = static_cast<int>(std::min<std::uint64_t>(config_number(value, key), INT_MAX));
    } else if (key == "board") {
      if (value.is_null()) {
        config.board.reset();
      } else if (value.is_string()) {
        config.board = value.get<std::string>();
      } else {
        throw ConfigError(key, "board must be a text in the board syntax, or null");
      }
    } else if (key == "min_length") {
      config.min_length = static_cast<std::size_t>(config_number(value, key));
    } else if (key == "scoring") {
      const auto scoring =
          value.is_string() ? bg::scoring_named(value.get<std::string>()) : std::nullopt;
      if (!scoring) {
        throw ConfigError(key, fmt::format("unknown scoring {}: use spec or boggle", value.dump()));
      }
      config.scoring = *scoring;
    } else if (key == "seconds") {
      config.seconds = config_number(value, key);
    } else {
      throw ConfigError(key, fmt::format("boggle has no setting '{}'", key));
    }
  }
  return config;
}

Json BoggleCodec::config_to_json(const bg::Config& config) {
  return {{"size", config.size},
          {"board", config.board ? Json(*config.board) : Json(nullptr)},
          {"min_length", config.min_length},
          {"scoring", bg::to_string(config.scoring)},
          {"seconds", config.seconds}};
}

bg::Command BoggleCodec::command_from_json(const Json& json) {
  if (!json.is_object()) throw CodecError("a command is a JSON object");
  const auto name = json.find("command");
  if (name == json.end() || !name->is_string()) {
    throw CodecError("a command names itself: {\"command\": \"submit\", ...}");
  }
  const std::string command = name->get<std::string>();
  if (command == "submit") {
    only_fields(json, {"word", "elapsed_ms"});
    const auto word = json.find("word");
    if (word == json.end() || !word->is_string()) throw CodecError("submit needs a word (text)");
    return bg::Submit{word->get<std::string>(), elapsed_of(json, false)};
  }
  if (command == "tick") {
    only_fields(json, {"elapsed_ms"});
    return bg::Tick{elapsed_of(json, true)};
  }
  if (command == "close") {
    only_fields(json, {"elapsed_ms"});
    return bg::Close{elapsed_of(json, false)};
  }
  if (command == "new_game") {
    only_fields(json, {});
    return bg::NewGame{};
  }
  throw CodecError(
      fmt::format("no command '{}' in boggle: submit, tick, close or new_game", command));
}

Json BoggleCodec::command_to_json(const bg::Command& command) {
  return std::visit(
      [](const auto& c) -> Json {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, bg::Submit>) {
          return {{"command", "submit"}, {"word", c.word}, {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, bg::Tick>) {
          return {{"command", "tick"}, {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, bg::Close>) {
          return {{"command", "close"}, {"elapsed_ms", c.elapsed_ms}};
        } else {
          return {{"command", "new_game"}};
        }
      },
      command);
}

Json BoggleCodec::event_to_json(const bg::Event& event) {
  return std::visit(
      [](const auto& e) -> Json {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, bg::RoundStarted>) {
          return {{"event", "round_started"},
                  {"round", e.round},
                  {"board", board_to_json(e.board)},
                  {"min_length", e.min_length},
                  {"scoring", bg::to_string(e.scoring)},
                  {"seconds", e.seconds}};
        } else if constexpr (std::is_same_v<T, bg::WordAccepted>) {
          return {{"event", "word_accepted"},
                  {"word", e.word},
                  {"points", e.points},
                  {"score", e.score},
                  {"path", e.path}};
        } else if constexpr (std::is_same_v<T, bg::Rejected>) {
          Json out = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
          if (!e.word.empty()) out["word"] = e.word;
          if (!e.detail.empty()) out["detail"] = e.detail;
          return out;
        } else {
          return {{"event", "finished"},
                  {"round", e.round},
                  {"end", end_name(e.end)},
                  {"elapsed_ms", e.elapsed_ms},
                  {"board", board_to_json(e.board)},
                  {"min_length", e.min_length},
                  {"scoring", bg::to_string(e.scoring)},
                  {"seconds", e.seconds},
                  {"found", found_to_json(e.found)},
                  {"score", e.score},
                  {"total_score", e.total_score},
                  {"all_words", e.all_words},
                  {"missed", e.missed}};
        }
      },
      event);
}

Json BoggleCodec::view_to_json(const bg::View& view) {
  Json out = {{"status", view.status == bg::Status::kFinished ? "finished" : "playing"},
              {"round", view.round},
              {"board", board_to_json(view.board)},
              {"min_length", view.min_length},
              {"scoring", bg::to_string(view.scoring)},
              {"seconds", view.seconds},
              {"elapsed_ms", view.elapsed_ms},
              {"found", found_to_json(view.found)},
              {"score", view.score}};
  if (view.end) {
    // Only once the round is over: the board's words are the answers.
    out["end"] = end_name(*view.end);
    out["total_score"] = view.total_score.value_or(0);
    out["all_words"] = view.all_words;
    out["missed"] = view.missed;
  }
  return out;
}

GameEntry boggle_game() {
  return {"boggle",
          "boggle",
          "Word Search",
          "Find words in a grid of letter dice against the clock",
          [] { return BoggleCodec::config_schema(); },
          [](const Json& config, std::uint64_t seed,
             std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
            return std::make_unique<SessionAdapter<BoggleCodec>>(
                std::move(lexicon), BoggleCodec::config_from_json(config), seed);
          }};
}

}  // namespace wg::app
