#include "app/auction_codec.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/text.h"

#include "app/auction_log.h"
#include "app/auction_tournament_jobs.h"
#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "games/auction/bots.h"
#include "games/auction/review.h"

namespace wg::app {

namespace {

namespace au = wg::auction;

/// `name` as a valid player name: control characters dropped, cut to 40 bytes (at a character
/// boundary), spaces trimmed; empty when nothing is left.
std::string player_name_of(std::string_view name) {
  std::string cleaned;
  for (const char c : name) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) cleaned += c;
  }
  constexpr std::size_t kMaxBytes = 40;
  if (cleaned.size() > kMaxBytes) {
    std::size_t cut = kMaxBytes;
    while (cut > 0 && (static_cast<unsigned char>(cleaned[cut]) & 0xC0) == 0x80) --cut;
    cleaned.resize(cut);
  }
  const std::size_t first = cleaned.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  const std::size_t last = cleaned.find_last_not_of(' ');
  cleaned = cleaned.substr(first, last - first + 1);
  return valid_player_name(cleaned) ? cleaned : std::string();
}

const Alphabet& alphabet() { return Alphabet::english(); }

constexpr LetterCase kCase = LetterCase::kUpper;

std::string upper(std::span<const Letter> letters) { return word_text(letters, kCase); }

constexpr Named<au::SeatKind> kKindNames[] = {{au::SeatKind::kBot, "bot"},
                                              {au::SeatKind::kPerson, "person"},
                                              {au::SeatKind::kExternal, "external"}};
constexpr Named<au::Answer> kAnswerNames[] = {{au::Answer::kBid, "bid"},
                                              {au::Answer::kWord, "word"}};
constexpr Named<au::Status> kStatusNames[] = {{au::Status::kReady, "ready"},
                                              {au::Status::kAwaiting, "awaiting"},
                                              {au::Status::kFinished, "finished"}};
using Next = au::Upcoming::Kind;
constexpr Named<Next> kNextNames[] = {
    {Next::kGameStart, "game_start"}, {Next::kRoundStart, "round_start"},
    {Next::kAuction, "auction"},      {Next::kRoundEnd, "round_end"},
    {Next::kGameEnd, "game_end"},     {Next::kNone, "none"}};

constexpr CommandShape kCommands[] = {{"step"},
                                      {"run_to_round_end", {"limit"}},
                                      {"run_to_end", {"limit"}},
                                      {"bid", {"seat", "amount"}},
                                      {"word", {"seat", "word"}},
                                      {"new_game"}};

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
  return Json{{"kind", name_of(kKindNames, seat.kind)}, {"name", seat.name}};
}

au::SeatConfig seat_from_json(const Json& seat, std::size_t index) {
  const Fields fields(seat, Source::kConfig, {"kind", "name"}, fmt::format("seats[{}]", index));
  fields.required("kind");
  return {fields.choice("kind", kKindNames, au::SeatKind::kBot), fields.text("name", "")};
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
    Json event{{"event", "awaiting"},
               {"seat", e.seat},
               {"what", name_of(kAnswerNames, e.what)},
               {"round", e.round}};
    if (e.what == au::Answer::kBid) {
      event["number"] = e.number;
      event["letter"] = letter_json(e.letter, kCase);
    }
    return event;
  }
  Json operator()(const au::Answered& e) const {
    return Json{{"event", "answered"}, {"seat", e.seat}, {"what", name_of(kAnswerNames, e.what)}};
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
    properties[field.name] =
        integer_property(field.lo, field.hi, defaults.rules.*field.member, field.description);
  }
  return config_schema_of("Letter Auction", std::move(properties));
}

Json AuctionCodec::config_to_json(const au::Config& config) {
  Json seats = Json::array();
  for (const au::SeatConfig& seat : config.seats) seats.push_back(seat_json(seat));
  Json json{{"seats", std::move(seats)}};
  for (const RuleField& field : kRuleFields) json[field.name] = config.rules.*field.member;
  return json;
}

au::Config AuctionCodec::config_from_json(const Json& json) {
  std::vector<std::string_view> known = {"seats"};
  for (const RuleField& rule : kRuleFields) known.push_back(rule.name);
  const Fields fields(json, Source::kConfig, known);
  au::Config config;
  if (const Json* seats = fields.find("seats")) {
    if (!seats->is_array()) {
      fields.fail("seats", fmt::format("seats must be a list of seats, not {}", seats->dump()));
    }
    config.seats.clear();
    for (std::size_t i = 0; i < seats->size(); ++i) {
      config.seats.push_back(seat_from_json((*seats)[i], i));
    }
  }
  for (const RuleField& rule : kRuleFields) {
    config.rules.*rule.member =
        fields.integer(rule.name, config.rules.*rule.member, rule.lo, rule.hi);
  }
  config.rules.players = static_cast<int>(config.seats.size());
  return config;
}

au::Command AuctionCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  if (name == "step") return au::Step{};
  if (name == "run_to_round_end") return au::RunToRoundEnd{fields.integer("limit", 0)};
  if (name == "run_to_end") return au::RunToEnd{fields.integer("limit", 0)};
  if (name == "bid") {
    return au::Bid{fields.required_integer<int>("seat"),
                   fields.required_integer<std::int64_t>("amount")};
  }
  if (name == "word")
    return au::Word{fields.required_integer<int>("seat"), word_field(fields, "word")};
  return au::NewGame{};
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
              {"kind", name_of(kKindNames, s.kind)},
              {"points", s.points},
              {"held", s.held},
              {"won", upper(s.won)}};
    if (static_cast<int>(t) == view.seat) seat["hidden"] = upper(s.hidden);
    if (s.awaited) {
      seat["awaited"] = name_of(kAnswerNames, *s.awaited);
      seat["answered"] = s.answered;
    }
    seats.push_back(std::move(seat));
  }
  Json auctions = Json::array();
  for (const au::AuctionHeld& auction : view.auctions) auctions.push_back(line_of(auction));
  Json json{{"seat", view.seat == kObserver ? Json(nullptr) : Json(view.seat)},
            {"status", name_of(kStatusNames, view.status)},
            {"game", view.game},
            {"rules", rules_json(view.rules)},
            {"round", view.round},
            {"next", name_of(kNextNames, view.next)},
            {"seats", std::move(seats)}};
  if (view.auction) {
    json["auction"] = {{"number", view.auction->number},
                       {"letter", letter_json(view.auction->letter, kCase)},
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

std::optional<std::vector<GamePlayer>> AuctionCodec::players_of(const Session& session,
                                                                const Finished& finished,
                                                                std::string_view person,
                                                                Seat seat) {
  return auction_players(session.config(), finished,
                         seat == kObserver ? std::nullopt : std::optional<int>(seat), person);
}

Json AuctionCodec::details_of(const Session&, const Finished&) { return nullptr; }

Seat AuctionCodec::owner_seat(const Session& session) {
  const std::vector<au::SeatConfig>& seats = session.config().seats;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].kind == au::SeatKind::kPerson) return static_cast<Seat>(i);
  }
  return kObserver;
}

std::vector<Timer> AuctionCodec::timers(const Session& session) {
  const au::View view = session.view(kObserver);
  std::vector<Timer> timers;
  for (std::size_t seat = 0; seat < view.seats.size(); ++seat) {
    const au::SeatView& awaited = view.seats[seat];
    if (!awaited.awaited || awaited.answered) continue;
    const bool bid = *awaited.awaited == au::Answer::kBid;
    // One wait per answer: the game, the round, the auction (for a bid) and the seat.
    const std::string key = fmt::format(
        "game {} round {} {} seat {}", view.game, view.round,
        bid && view.auction ? fmt::format("auction {}", view.auction->number) : std::string("word"),
        seat);
    const int at = static_cast<int>(seat);
    const au::Command empty = bid ? au::Command{au::Bid{at, 0}} : au::Command{au::Word{at, {}}};
    timers.push_back({Timer::Kind::kAnswer, key, {}, command_to_json(empty)});
  }
  return timers;
}

void AuctionCodec::write_log(std::ostream& out, const au::Event& event, const LogLexicon& words) {
  write_log_line(out, event, words);
}

namespace {

/// The seat's points and place, and the winners': never a letter or a word.
ShareText auction_share(const FinishedGame& game, Seat seat) {
  ShareText share;
  share.game = game.result.value("game", 0LL);
  const std::vector<GamePlayer>& players = game.players;
  if (seat < 0 || static_cast<std::size_t>(seat) >= players.size()) {
    share.result = "watched";
  } else {
    std::size_t place = 1;
    for (const GamePlayer& other : players) place += other.score > players[seat].score ? 1 : 0;
    share.result = fmt::format("{}, place {} of {}", count_of(players[seat].score, "point"), place,
                               players.size());
  }
  std::string winners;
  for (const GamePlayer& player : players) {
    if (!player.won) continue;
    winners += fmt::format("{}{} ({})", winners.empty() ? "" : ", ", player.name, player.score);
  }
  share.headline =
      fmt::format("Letter Auction, {} rounds: {}; won by {}", game.config.value("rounds", 0),
                  share.result, winners.empty() ? std::string("no one") : winners);
  return share;
}

/// A number of points as people read it: whole, or with one decimal ("5.3 points").
std::string points_text(double points) {
  const double rounded = std::round(points * 10) / 10;
  if (rounded == std::round(rounded)) return count_of(std::llround(rounded), "point");
  return fmt::format("{:.1f} points", rounded);
}

std::string seat_name(const FinishedGame& game, int seat) {
  if (seat >= 0 && static_cast<std::size_t>(seat) < game.players.size()) {
    return game.players[static_cast<std::size_t>(seat)].name;
  }
  return fmt::format("seat {}", seat + 1);
}

ReviewedMove auction_move(const FinishedGame& game, const au::ReviewedAuction& reviewed) {
  const au::AuctionHeld& held = reviewed.auction;
  ReviewedMove move;
  move.label = fmt::format("Round {}, auction {} (letter {})", held.round, held.number,
                           upper(std::span(&held.letter, 1)));
  if (reviewed.won) {
    move.played = fmt::format("bid {}, won at {}", reviewed.bid, reviewed.cost);
  } else {
    move.played = fmt::format("bid {}, lost to {} (bid {}, paid {})", reviewed.bid,
                              seat_name(game, held.winner), reviewed.cost, held.price);
  }
  // To a tenth of a point, as the value is told: an estimate has no more digits than that.
  move.loss = std::round(reviewed.loss * 10) / 10;
  move.exact = false;
  if (!reviewed.value) {
    move.best = move.played;
    move.note = reviewed.points > 0 ? "No one else had room to bid: the letter was free."
                                    : "No points left to bid.";
    return move;
  }
  const double value = *reviewed.value;
  const long long at_value = std::llround(value);
  move.best = reviewed.loss > 0 ? fmt::format("bid {} (its value)", at_value) : move.played;
  if (reviewed.won && reviewed.loss > 0) {
    move.note = fmt::format("Worth {} to your rack (the strong bot's estimate): overpaid.",
                            points_text(value));
  } else if (reviewed.loss > 0) {
    move.note = fmt::format(
        "Worth {} to your rack (the strong bot's estimate), more than the {} it took to win.",
        points_text(value), reviewed.cost);
  } else {
    move.note =
        fmt::format("Worth {} to your rack (the strong bot's estimate).", points_text(value));
  }
  return move;
}

/// A word as played: "RETAINS (57 points)", "no word", "XQ (not a word: 0 points)".
std::string played_word_text(const au::WordPlayed& played) {
  if (played.word.empty()) return "no word";
  std::string word = played.word;
  for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!played.fault.empty()) return fmt::format("{} ({}: 0 points)", word, played.fault);
  return fmt::format("{} ({})", word, count_of(played.score, "point"));
}

std::string best_word_text(const au::BestWord& best) {
  if (best.word.empty()) return "no word";
  return fmt::format("{} ({})", upper(best.word), count_of(best.score, "point"));
}

ReviewedMove word_move(const au::ReviewedWord& word) {
  ReviewedMove move;
  move.label = fmt::format("Round {}, word", word.round);
  move.played = played_word_text(word.played);
  move.best = word.loss > 0 ? best_word_text(word.best) : move.played;
  move.loss = word.loss;
  return move;
}

ReviewSection best_words_section(const au::Review& review) {
  ReviewSection section;
  section.title = "Best word of the final letters";
  section.data = Json::array();
  for (const au::ReviewedRound& round : review.rounds) {
    const au::ReviewedWord& word = round.word;
    section.lines.push_back(fmt::format("Round {}: {}: {}; yours: {}", word.round,
                                        upper(word.letters), best_word_text(word.best),
                                        played_word_text(word.played)));
    section.data.push_back({{"round", word.round},
                            {"letters", upper(word.letters)},
                            {"best", word.best.word.empty() ? Json() : Json(upper(word.best.word))},
                            {"best_score", word.best.score},
                            {"played", word.played.word},
                            {"played_score", word.played.score}});
  }
  return section;
}

/// The review of one game of the record's session (GameEntry::review): the seat's bids against
/// the strong bot's values, its words against the best.
GameReview auction_review(const FinishedGame& game, Seat seat,
                          std::shared_ptr<const Lexicon> lexicon, const Work& work) {
  const au::Config config = AuctionCodec::config_from_json(game.config);
  if (!game.commands.is_array()) throw ConfigError("commands", "commands must be a list");
  std::vector<au::Command> commands;
  for (const Json& command : game.commands) {
    commands.push_back(AuctionCodec::command_from_json(command));
  }
  const auto index = game.result.is_object() ? game.result.value("game", 0LL) : 0LL;
  if (index < 0 || index > std::numeric_limits<int>::max())
    throw ConfigError("result", "no such game in the session");
  const std::optional<au::Review> review = au::review(
      std::move(lexicon), config, game.seed, commands, static_cast<int>(index), seat, work);
  if (!review) throw ReviewStopped{};

  GameReview told;
  told.unit = "points";
  for (const au::ReviewedRound& round : review->rounds) {
    for (const au::ReviewedAuction& reviewed : round.auctions) {
      told.moves.push_back(auction_move(game, reviewed));
    }
    told.moves.push_back(word_move(round.word));
  }
  const std::vector<int>& points = review->finished.points;
  const int mine = points.at(static_cast<std::size_t>(seat));
  const auto place =
      1 + std::count_if(points.begin(), points.end(), [&](int p) { return p > mine; });
  std::string winners;
  for (int winner : review->finished.winners) {
    winners += fmt::format("{}{} ({})", winners.empty() ? "" : ", ", seat_name(game, winner),
                           points.at(static_cast<std::size_t>(winner)));
  }
  told.summary = fmt::format("{}, place {} of {}; won by {}", count_of(mine, "point"), place,
                             points.size(), winners);
  told.method =
      "Bids: not exact. Each letter's value is the strong bot's estimate from your place (it "
      "samples the rest of the round and the prices the other bids suggest), not a proof; a bid "
      "loses what was paid above that value, or the value above what outbidding the winner "
      "would have cost (the winner's bid). Words: exact, the best word of the round's final "
      "letters by a search of the whole lexicon.";
  told.sections.push_back(best_words_section(*review));
  return told;
}

}  // namespace

GameEntry auction_game() {
  GameEntry entry{"auction",
                  "auction",
                  "Letter Auction",
                  "Bid for letter tiles, then make words from what you win",
                  &AuctionCodec::config_schema,
                  &open_session<AuctionCodec>,
                  /*private_events=*/true};
  // A person's answers are their seat's: the host says which seat that is.
  entry.stamps.seated = {"bid", "word"};
  entry.keeps_log = true;
  // Tournaments played by workers (app/auction_tournament_jobs.h).
  entry.jobs = auction_tournament_job_kinds();
  // The seed deals every letter: the other seats' hidden ones and the order of those to come.
  entry.hidden_information = [](const Json&) { return true; };
  // The player's seat first, against the terminal's default bots; the rules' defaults.
  entry.daily = {{{"seats", Json::array({{{"kind", "person"}},
                                         {{"kind", "bot"}, {"name", "strong"}},
                                         {{"kind", "bot"}, {"name", "value"}},
                                         {{"kind", "bot"}, {"name", "value"}},
                                         {{"kind", "bot"}, {"name", "random"}}})}},
                 "your seat against the bots strong, value, value and random; 5 rounds"};
  entry.share = &auction_share;
  entry.review = &auction_review;
  entry.seat_bots = [](const Json& config) -> std::vector<std::string> {
    try {
      return auction_seat_bots(AuctionCodec::config_from_json(config));
    } catch (const std::exception&) {
      return {};  // a config this program cannot read names no bot
    }
  };
  return entry;
}

std::vector<std::string> auction_seat_bots(const auction::Config& seated) {
  std::vector<std::string> bots;
  for (const au::SeatConfig& seat : seated.seats) {
    if (seat.kind == au::SeatKind::kPerson) {
      bots.emplace_back();
    } else {
      std::string name = player_name_of(seat.name);
      bots.push_back(name.empty() ? std::string(name_of(kKindNames, seat.kind)) : std::move(name));
    }
  }
  return bots;
}

std::vector<GamePlayer> auction_players(const auction::Config& seated,
                                        const auction::Finished& finished,
                                        std::optional<int> person_seat, std::string_view person) {
  const std::vector<std::string> bots = auction_seat_bots(seated);
  std::vector<std::string> names;
  for (std::size_t seat = 0; seat < finished.players.size(); ++seat) {
    std::string name = person_seat && static_cast<std::size_t>(*person_seat) == seat
                           ? std::string(person)
                           : player_name_of(finished.players[seat]);
    names.push_back(name.empty() ? fmt::format("seat {}", seat + 1) : std::move(name));
  }
  const auto same = [](const std::string& a, const std::string& b) {
    return lower_ascii(a) == lower_ascii(b);
  };
  std::vector<GamePlayer> players;
  for (std::size_t seat = 0; seat < names.size(); ++seat) {
    std::string name = names[seat];
    const bool shared = std::count_if(names.begin(), names.end(), [&](const std::string& other) {
                          return same(other, name);
                        }) > 1;
    const bool is_person = person_seat && static_cast<std::size_t>(*person_seat) == seat;
    if (shared && !is_person) {
      const std::string suffix = fmt::format(" (seat {})", seat + 1);
      name = player_name_of(name.substr(0, 40 - suffix.size())) + suffix;
    }
    const bool won = std::find(finished.winners.begin(), finished.winners.end(),
                               static_cast<int>(seat)) != finished.winners.end();
    players.push_back({std::move(name), seat < finished.points.size() ? finished.points[seat] : 0,
                       won, is_person || seat >= bots.size() ? std::string() : bots[seat]});
  }
  return players;
}

FinishedGame auction_tournament_game_record(const auction::Config& seated,
                                            const auction::Finished& finished, std::string log) {
  FinishedGame game;
  game.game = std::string(AuctionCodec::kGame);
  game.players = auction_players(seated, finished);
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    GamePlayer& player = game.players[seat];
    if (player.bot.empty()) {  // every seat of a tournament is a bot's
      std::string name =
          player_name_of(seat < finished.players.size() ? finished.players[seat] : std::string());
      player.bot = name.empty() ? player.name : std::move(name);
    }
  }
  game.config = AuctionCodec::config_to_json(seated);
  game.seed = finished.seed;
  game.result = AuctionCodec::event_to_json(auction::Event{finished});
  game.log = std::move(log);
  return game;
}

// --- The tools' documents.

Json tournament_table_json(const auction::TournamentResult& result) {
  Json bots = Json::array();
  for (const auction::BotStats& b : result.bots) {
    bots.push_back({{"name", b.name},
                    {"seats", b.seats},
                    {"player_games", b.games_played},
                    {"mean_score", b.mean_score},
                    {"score_std_error", b.score_std_error},
                    {"win_rate", b.win_rate},
                    {"letters_per_game", b.letters_per_game},
                    {"mean_price", b.mean_price},
                    {"invalid_words", b.invalid_words},
                    {"faulty_bids", b.faulty_bids}});
  }
  return bots;
}

}  // namespace wg::app
