#include "app/hand_codec.h"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "app/session_adapter.h"

namespace wg::app {

namespace wh = wg::hand;

namespace {

// --- Names.

constexpr std::array<std::string_view, 4> kStatusNames = {"substitution_offered", "playing",
                                                          "replay_offered", "finished"};
constexpr std::array<std::string_view, 3> kPlanStatusNames = {"solved", "too_large", "stopped"};

template <std::size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, auto value) {
  return names.at(static_cast<std::size_t>(value));
}

// --- Tiles as text.

std::string letter_json(Letter letter) { return wh::tiles_text(std::span(&letter, 1)); }

std::vector<Letter> word_from_json(const Json& command, const char* field) {
  const std::string text = command.at(field).get<std::string>();
  auto tiles = wh::parse_tiles(text);
  if (!tiles) throw CodecError(fmt::format("'{}' is not letters and *", text));
  return std::move(*tiles);
}

Letter letter_from_json(const Json& command) {
  const std::vector<Letter> tiles = word_from_json(command, "letter");
  if (tiles.size() != 1) throw CodecError("a letter is one character");
  return tiles.front();
}

bool stopped_from_json(const Json& command) { return command.value("stopped", false); }

Json record_json(const wh::HandRecord& record) {
  return {{"dealt", hand_json(record.dealt)},
          {"start", hand_json(record.start)},
          {"substituted", record.substituted},
          {"score", record.score},
          {"replay_score", record.replay_score ? Json(*record.replay_score) : Json(nullptr)},
          {"counted", record.counted()}};
}

Json records_json(const std::vector<wh::HandRecord>& records) {
  Json list = Json::array();
  for (const wh::HandRecord& record : records) list.push_back(record_json(record));
  return list;
}

/// A command with "stopped" only when set, so ordinary saved games stay short.
Json with_stopped(Json command, bool stopped) {
  if (stopped) command["stopped"] = true;
  return command;
}

// --- Config.

/// A whole number; one beyond int is clamped, so that validate() says it is out of range.
int int_field(const Json& config, const char* field, int fallback) {
  const auto found = config.find(field);
  if (found == config.end()) return fallback;
  if (!found->is_number_integer()) {
    throw ConfigError(field, fmt::format("{} must be a whole number", field));
  }
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
  const std::int64_t value =
      found->is_number_unsigned()
          ? static_cast<std::int64_t>(std::min(found->get<std::uint64_t>(), kMax))
          : found->get<std::int64_t>();
  return static_cast<int>(std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(),
                                                   std::numeric_limits<int>::max()));
}

// --- Events.

Json to_json(const wh::HandStarted& e) {
  return {{"event", "hand_started"},
          {"hand", e.hand},
          {"replay", e.replay},
          {"tiles", hand_json(e.tiles)}};
}
Json to_json(const wh::Substituted& e) {
  return {{"event", "substituted"},
          {"letter", letter_json(e.letter)},
          {"replacement", letter_json(e.replacement)},
          {"tiles", hand_json(e.tiles)}};
}
Json to_json(const wh::SubstitutionDeclined&) { return {{"event", "substitution_declined"}}; }
Json to_json(const wh::WordPlayed& e) {
  return {{"event", "word_played"}, {"word", wh::tiles_text(e.word)}, {"valid", e.valid},
          {"score", e.score},       {"hand_total", e.hand_total},     {"tiles", hand_json(e.tiles)},
          {"ran_out", e.ran_out}};
}
Json to_json(const wh::HintGiven& e) {
  return {{"event", "hint"},
          {"best_word", e.best_word ? play_json(*e.best_word) : Json(nullptr)},
          {"plan_status", name_of(kPlanStatusNames, e.plan_status)},
          {"plan", plan_json(e.plan)}};
}
Json to_json(const wh::HandEnded& e) {
  Json optimum = nullptr;
  if (e.optimum) {
    optimum = {{"status", name_of(kPlanStatusNames, e.optimum->status)},
               {"plan", plan_json(e.optimum->plan)},
               {"plan_with_discards", plan_json(e.optimum->plan_with_discards)}};
  }
  return {{"event", "hand_ended"}, {"hand", e.hand},   {"replay", e.replay},
          {"score", e.score},      {"total", e.total}, {"optimum", std::move(optimum)}};
}
Json to_json(const wh::Rejected& e) {
  Json json = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
  if (e.letter) json["letter"] = letter_json(*e.letter);
  return json;
}
Json to_json(const wh::Finished& e) {
  return {{"event", "finished"},
          {"records", records_json(e.records)},
          {"total", e.total},
          {"given_up", e.given_up}};
}

}  // namespace

std::string hand_json(const wh::Hand& hand) { return wh::tiles_text(hand.tiles()); }

Json play_json(const wh::Play& play) {
  return {{"typed", wh::tiles_text(play.typed)},
          {"word", play.discard ? Json(nullptr) : Json(wh::tiles_text(play.word))},
          {"score", play.score},
          {"discard", play.discard}};
}

Json plan_json(const wh::Plan& plan) {
  Json plays = Json::array();
  for (const wh::Play& play : plan.plays) plays.push_back(play_json(play));
  return {{"total", plan.total}, {"plays", std::move(plays)}};
}

wh::Config HandCodec::config_from_json(const Json& config) {
  if (!config.is_object()) throw ConfigError("config", "the config is a JSON object");
  for (const auto& [field, value] : config.items()) {
    if (field != "hands" && field != "hand_size" && field != "hints") {
      throw ConfigError(field, fmt::format("no setting '{}'", field));
    }
  }
  wh::Config result;
  result.hands = int_field(config, "hands", result.hands);
  result.hand_size = int_field(config, "hand_size", result.hand_size);
  if (const auto hints = config.find("hints"); hints != config.end()) {
    if (!hints->is_boolean()) throw ConfigError("hints", "hints must be true or false");
    result.hints = hints->get<bool>();
  }
  return result;
}

Json HandCodec::config_to_json(const wh::Config& config) {
  return {{"hands", config.hands}, {"hand_size", config.hand_size}, {"hints", config.hints}};
}

wh::Command HandCodec::command_from_json(const Json& command) {
  const std::string name = command.at("command").get<std::string>();
  if (name == "substitute") return wh::Substitute{letter_from_json(command)};
  if (name == "decline_substitution") return wh::DeclineSubstitution{};
  if (name == "play")
    return wh::PlayWord{word_from_json(command, "word"), stopped_from_json(command)};
  if (name == "end_hand") return wh::EndHand{stopped_from_json(command)};
  if (name == "hint") return wh::Hint{stopped_from_json(command)};
  if (name == "replay") return wh::Replay{};
  if (name == "decline_replay") return wh::DeclineReplay{};
  if (name == "give_up") return wh::GiveUp{};
  throw CodecError(fmt::format("no command '{}'", name));
}

Json HandCodec::command_to_json(const wh::Command& command) {
  return std::visit(
      [](const auto& c) -> Json {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, wh::Substitute>) {
          return {{"command", "substitute"}, {"letter", letter_json(c.letter)}};
        } else if constexpr (std::is_same_v<C, wh::DeclineSubstitution>) {
          return {{"command", "decline_substitution"}};
        } else if constexpr (std::is_same_v<C, wh::PlayWord>) {
          return with_stopped({{"command", "play"}, {"word", wh::tiles_text(c.word)}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::EndHand>) {
          return with_stopped({{"command", "end_hand"}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::Hint>) {
          return with_stopped({{"command", "hint"}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::Replay>) {
          return {{"command", "replay"}};
        } else if constexpr (std::is_same_v<C, wh::DeclineReplay>) {
          return {{"command", "decline_replay"}};
        } else {
          return {{"command", "give_up"}};
        }
      },
      command);
}

Json HandCodec::event_to_json(const wh::Event& event) {
  return std::visit([](const auto& e) { return to_json(e); }, event);
}

Json HandCodec::view_to_json(const wh::View& view) {
  return {{"status", name_of(kStatusNames, view.status)},
          {"hand", view.hand},
          {"replay", view.replay},
          {"tiles", hand_json(view.tiles)},
          {"hand_total", view.hand_total},
          {"total", view.total},
          {"hints", view.hints},
          {"records", records_json(view.records)}};
}

GameEntry hand_game() {
  return {"hand",
          "hand",
          "Word Game",
          "Score words made from a hand of letters; * is a wild vowel",
          [] {
            const wh::Config defaults;
            return Json{{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                        {"title", "Word Game"},
                        {"type", "object"},
                        {"additionalProperties", false},
                        {"properties",
                         {{"hands",
                           {{"type", "integer"},
                            {"minimum", 1},
                            {"maximum", wh::kMaxHands},
                            {"default", defaults.hands},
                            {"description", "Hands in the series"}}},
                          {"hand_size",
                           {{"type", "integer"},
                            {"minimum", 1},
                            {"maximum", wh::kMaxHandSize},
                            {"default", defaults.hand_size},
                            {"description", "Tiles dealt per hand (one of them the * wildcard)"}}},
                          {"hints",
                           {{"type", "boolean"},
                            {"default", defaults.hints},
                            {"description", "Allow the hint command (best word and plan)"}}}}}};
          },
          [](const Json& config, std::uint64_t seed,
             std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
            return std::make_unique<SessionAdapter<HandCodec>>(
                std::move(lexicon), HandCodec::config_from_json(config), seed);
          }};
}

}  // namespace wg::app
