#include "app/auction_codec.h"

#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "app/auction_log.h"
#include "app/session_adapter.h"
#include "games/auction/bots.h"

namespace wg::app {

namespace {

namespace au = wg::auction;

const Alphabet& alphabet() { return Alphabet::english(); }

std::string upper(std::span<const Letter> letters) { return alphabet().decode_upper(letters); }

std::string_view kind_name(au::SeatKind kind) {
  switch (kind) {
    case au::SeatKind::kBot:
      return "bot";
    case au::SeatKind::kExternal:
      return "external";
    case au::SeatKind::kPerson:
      return "person";
  }
  return "bot";
}

std::string_view answer_name(au::Answer what) { return what == au::Answer::kBid ? "bid" : "word"; }

std::string_view status_name(au::Status status) {
  switch (status) {
    case au::Status::kReady:
      return "ready";
    case au::Status::kAwaiting:
      return "awaiting";
    case au::Status::kFinished:
      return "finished";
  }
  return "ready";
}

std::string_view next_name(au::Upcoming::Kind kind) {
  using Kind = au::Upcoming::Kind;
  switch (kind) {
    case Kind::kGameStart:
      return "game_start";
    case Kind::kRoundStart:
      return "round_start";
    case Kind::kAuction:
      return "auction";
    case Kind::kRoundEnd:
      return "round_end";
    case Kind::kGameEnd:
      return "game_end";
    case Kind::kNone:
      return "none";
  }
  return "none";
}

/// The rule fields of the config, as the log's header names them, with their ranges.
struct RuleField {
  const char* name;
  int au::Rules::*member;
  int lo;
  int hi;
  const char* description;
};

constexpr RuleField kRuleFields[] = {
    {"rounds", &au::Rules::rounds, 1, au::Rules::kMaxRounds, "Rounds in the game"},
    {"hidden_letters", &au::Rules::hidden_letters, 0, au::Rules::kMaxRackSize,
     "Letters dealt face down to each player per round, at most rack_size"},
    {"starting_points", &au::Rules::starting_points, 0, au::Rules::kMaxStartingPoints,
     "Points each player starts the game with: its budget and its score"},
    {"rack_size", &au::Rules::rack_size, 1, au::Rules::kMaxRackSize,
     "Letters a player may hold in a round"},
    {"bonus_length", &au::Rules::bonus_length, 1, au::Rules::kMaxBonusLength,
     "A valid word of at least this many letters earns the bonus"},
    {"bonus", &au::Rules::bonus, 0, au::Rules::kMaxBonus, "The bonus for a long word"},
    {"letters_per_round", &au::Rules::letters_per_round, 0, au::Rules::kMaxLettersPerRound,
     "Tiles offered at auction per round, at most; 0: until every rack is full or the pool empty"},
};

Json seat_json(const au::SeatConfig& seat) {
  return Json{{"kind", kind_name(seat.kind)}, {"name", seat.name}};
}

au::SeatConfig seat_from_json(const Json& seat, std::size_t index) {
  if (!seat.is_object()) {
    throw ConfigError("seats",
                      fmt::format("seat {} must be an object {{\"kind\", \"name\"}}", index));
  }
  au::SeatConfig config;
  for (const auto& [key, value] : seat.items()) {
    if (key == "kind") {
      const std::string kind = value.is_string() ? value.get<std::string>() : "";
      if (kind == "bot") {
        config.kind = au::SeatKind::kBot;
      } else if (kind == "person") {
        config.kind = au::SeatKind::kPerson;
      } else if (kind == "external") {
        config.kind = au::SeatKind::kExternal;
      } else {
        throw ConfigError("seats",
                          fmt::format("the kind of seat {} is \"bot\" or \"person\"", index));
      }
    } else if (key == "name") {
      if (!value.is_string()) {
        throw ConfigError("seats", fmt::format("the name of seat {} must be a string", index));
      }
      config.name = value.get<std::string>();
    } else {
      throw ConfigError("seats", fmt::format("seat {} has an unknown field \"{}\"", index, key));
    }
  }
  if (!seat.contains("kind")) throw ConfigError("seats", fmt::format("seat {} has no kind", index));
  return config;
}

/// The value if it is a whole number from lo to hi.
std::optional<std::int64_t> whole(const Json& value, std::int64_t lo, std::int64_t hi) {
  if (!value.is_number_integer()) return std::nullopt;
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (hi < 0 || n > static_cast<std::uint64_t>(hi)) return std::nullopt;
    return static_cast<std::int64_t>(n);
  }
  const auto n = value.get<std::int64_t>();
  if (n < lo || n > hi) return std::nullopt;
  return n;
}

/// A whole number of the command, in [lo, hi].
std::int64_t integer(const Json& command, const char* name, std::int64_t lo, std::int64_t hi) {
  const auto field = command.find(name);
  if (field == command.end()) throw CodecError(fmt::format("missing \"{}\"", name));
  const std::optional<std::int64_t> n = whole(*field, lo, hi);
  if (!n)
    throw CodecError(fmt::format("\"{}\" must be a whole number from {} to {}", name, lo, hi));
  return *n;
}

int seat_of(const Json& command) {
  return static_cast<int>(
      integer(command, "seat", std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

int limit_of(const Json& command) {
  if (!command.contains("limit")) return 0;
  return static_cast<int>(
      integer(command, "limit", std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

Json line_of(const au::Event& event) { return *log_line(event, LogLexicon{}); }

struct EventToJson {
  Json operator()(const au::GameStarted& e) const {
    return Json{{"event", "game_started"},
                {"seed", e.seed},
                {"game", e.game},
                {"players", e.players},
                {"rules", rules_json(e.rules)}};
  }
  Json operator()(const au::RoundStarted& e) const { return line_of(e); }
  Json operator()(const au::AuctionHeld& e) const { return line_of(e); }
  Json operator()(const au::RoundEnded& e) const { return line_of(e); }
  Json operator()(const au::Finished& e) const {
    return Json{{"event", "finished"}, {"points", e.points}, {"winners", e.winners},
                {"seed", e.seed},      {"game", e.game},     {"players", e.players}};
  }
  Json operator()(const au::Awaiting& e) const {
    Json event{
        {"event", "awaiting"}, {"seat", e.seat}, {"what", answer_name(e.what)}, {"round", e.round}};
    if (e.what == au::Answer::kBid) {
      event["number"] = e.number;
      event["letter"] = std::string(1, alphabet().upper(e.letter));
    }
    return event;
  }
  Json operator()(const au::Answered& e) const {
    return Json{{"event", "answered"}, {"seat", e.seat}, {"what", answer_name(e.what)}};
  }
  Json operator()(const au::Rejected& e) const {
    Json event{{"event", "rejected"}, {"reason", to_string(e.reason)}};
    if (e.seat >= 0) event["seat"] = e.seat;
    event["detail"] = e.detail;
    return event;
  }
};

struct CommandToJson {
  Json operator()(const au::Step&) const { return Json{{"command", "step"}}; }
  Json operator()(const au::RunToRoundEnd& c) const { return run("run_to_round_end", c.limit); }
  Json operator()(const au::RunToEnd& c) const { return run("run_to_end", c.limit); }
  Json operator()(const au::Bid& c) const {
    return Json{{"command", "bid"}, {"seat", c.seat}, {"amount", c.amount}};
  }
  Json operator()(const au::Word& c) const {
    std::string word;
    for (Letter letter : c.letters) {
      // A code that is not a letter (refused by the session) is written as '?', never sent.
      word += letter < alphabet().size() ? alphabet().upper(letter) : '?';
    }
    return Json{{"command", "word"}, {"seat", c.seat}, {"word", word}};
  }
  Json operator()(const au::NewGame&) const { return Json{{"command", "new_game"}}; }

  static Json run(const char* name, int limit) {
    Json command{{"command", name}};
    if (limit != 0) command["limit"] = limit;
    return command;
  }
};

}  // namespace

Json AuctionCodec::config_schema() {
  const au::Config defaults;
  Json bot_names = Json::array();
  for (std::string_view name : au::bot_names()) bot_names.push_back(name);
  Json seats_default = Json::array();
  for (const au::SeatConfig& seat : defaults.seats) seats_default.push_back(seat_json(seat));
  Json properties{
      {"seats",
       {{"type", "array"},
        {"description",
         "One per player, in seat order: a built-in bot, or a person whose bids and words "
         "come as commands"},
        {"minItems", au::Rules::kMinPlayers},
        {"maxItems", au::Rules::kMaxPlayers},
        {"default", std::move(seats_default)},
        {"items",
         {{"oneOf",
           Json::array(
               {{{"type", "object"},
                 {"properties",
                  {{"kind", {{"const", "bot"}}}, {"name", {{"enum", std::move(bot_names)}}}}},
                 {"required", {"kind", "name"}},
                 {"additionalProperties", false}},
                {{"type", "object"},
                 {"properties",
                  {{"kind", {{"const", "person"}}},
                   {"name",
                    {{"type", "string"},
                     {"maxLength", au::kMaxSeatName},
                     {"default", ""},
                     {"description", "How the seat is called; empty: \"person\""}}}}},
                 {"required", {"kind"}},
                 {"additionalProperties", false}}})}}}}}};
  for (const RuleField& field : kRuleFields) {
    properties[field.name] = {{"type", "integer"},
                              {"description", field.description},
                              {"minimum", field.lo},
                              {"maximum", field.hi},
                              {"default", defaults.rules.*field.member}};
  }
  return Json{{"$schema", "https://json-schema.org/draft/2020-12/schema"},
              {"title", "Letter Auction"},
              {"type", "object"},
              {"properties", std::move(properties)},
              {"additionalProperties", false}};
}

Json AuctionCodec::config_to_json(const au::Config& config) {
  Json seats = Json::array();
  for (const au::SeatConfig& seat : config.seats) seats.push_back(seat_json(seat));
  Json json{{"seats", std::move(seats)}};
  for (const RuleField& field : kRuleFields) json[field.name] = config.rules.*field.member;
  return json;
}

au::Config AuctionCodec::config_from_json(const Json& json) {
  if (!json.is_object()) throw ConfigError("config", "the config is a JSON object");
  au::Config config;
  for (const auto& [key, value] : json.items()) {
    if (key == "seats") {
      if (!value.is_array()) throw ConfigError("seats", "\"seats\" must be a list of seats");
      config.seats.clear();
      for (std::size_t i = 0; i < value.size(); ++i)
        config.seats.push_back(seat_from_json(value[i], i));
      continue;
    }
    const RuleField* field = nullptr;
    for (const RuleField& rule : kRuleFields) {
      if (key == rule.name) field = &rule;
    }
    if (field == nullptr) throw ConfigError(key, fmt::format("unknown setting \"{}\"", key));
    const std::optional<std::int64_t> n =
        whole(value, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    if (!n) {
      throw ConfigError(key, fmt::format("\"{}\" must be a whole number from {} to {}", key,
                                         field->lo, field->hi));
    }
    config.rules.*field->member = static_cast<int>(*n);
  }
  config.rules.players = static_cast<int>(config.seats.size());
  return config;
}

au::Command AuctionCodec::command_from_json(const Json& json) {
  if (!json.is_object()) throw CodecError("a command is a JSON object {\"command\": NAME, ...}");
  const auto name = json.find("command");
  if (name == json.end() || !name->is_string()) {
    throw CodecError("a command names itself: {\"command\": NAME, ...}");
  }
  const std::string command = name->get<std::string>();
  if (command == "step") return au::Step{};
  if (command == "run_to_round_end") return au::RunToRoundEnd{limit_of(json)};
  if (command == "run_to_end") return au::RunToEnd{limit_of(json)};
  if (command == "new_game") return au::NewGame{};
  if (command == "bid") {
    return au::Bid{seat_of(json), integer(json, "amount", std::numeric_limits<std::int64_t>::min(),
                                          std::numeric_limits<std::int64_t>::max())};
  }
  if (command == "word") {
    const int seat = seat_of(json);
    const auto word = json.find("word");
    if (word == json.end() || !word->is_string()) {
      throw CodecError("\"word\" must be the word's letters, or \"\" for no word");
    }
    const auto letters = alphabet().encode(word->get<std::string>());
    if (!letters) throw CodecError(fmt::format("\"{}\" is not letters", word->get<std::string>()));
    return au::Word{seat, *letters};
  }
  throw CodecError(fmt::format(
      "unknown command \"{}\": step, run_to_round_end, run_to_end, bid, word or new_game",
      command));
}

Json AuctionCodec::command_to_json(const au::Command& command) {
  return std::visit(CommandToJson{}, command);
}

Json AuctionCodec::event_to_json(const au::Event& event) {
  return std::visit(EventToJson{}, event);
}

Json AuctionCodec::view_to_json(const au::View& view) {
  Json seats = Json::array();
  for (std::size_t t = 0; t < view.seats.size(); ++t) {
    const au::SeatView& s = view.seats[t];
    Json seat{{"name", s.name},
              {"kind", kind_name(s.kind)},
              {"points", s.points},
              {"held", s.held},
              {"won", upper(s.won)}};
    if (static_cast<int>(t) == view.seat) seat["hidden"] = upper(s.hidden);
    if (s.awaited) {
      seat["awaited"] = answer_name(*s.awaited);
      seat["answered"] = s.answered;
    }
    seats.push_back(std::move(seat));
  }
  Json auctions = Json::array();
  for (const au::AuctionHeld& auction : view.auctions) auctions.push_back(line_of(auction));
  Json json{{"seat", view.seat == kObserver ? Json(nullptr) : Json(view.seat)},
            {"status", status_name(view.status)},
            {"game", view.game},
            {"rules", rules_json(view.rules)},
            {"round", view.round},
            {"next", next_name(view.next)},
            {"seats", std::move(seats)}};
  if (view.auction) {
    json["auction"] = {{"number", view.auction->number},
                       {"letter", std::string(1, alphabet().upper(view.auction->letter))},
                       {"pool_left", view.auction->pool_left},
                       {"bidders", view.auction->bidders}};
  }
  json["auctions"] = std::move(auctions);
  json["last_round"] = view.last_round ? line_of(*view.last_round) : Json(nullptr);
  json["winners"] = view.winners;
  if (view.bid) json["bid"] = *view.bid;
  if (view.word) json["word"] = upper(*view.word);
  return json;
}

GameEntry auction_game() {
  return {"auction",
          "auction",
          "Letter Auction",
          "Bid for letter tiles, then make words from what you win",
          &AuctionCodec::config_schema,
          [](const Json& config, std::uint64_t seed,
             std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
            return std::make_unique<SessionAdapter<AuctionCodec>>(
                std::move(lexicon), AuctionCodec::config_from_json(config), seed);
          }};
}

}  // namespace wg::app
