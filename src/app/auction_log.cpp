#include "app/auction_log.h"

#include <istream>
#include <limits>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "core/file_io.h"

namespace wg::app {

namespace {

namespace au = wg::auction;

constexpr std::string_view kLogName = "wordgames-auction";
constexpr int kLogVersion = 1;

const Alphabet& alphabet() { return Alphabet::english(); }

std::string upper(const std::vector<Letter>& letters) { return alphabet().decode_upper(letters); }

Json letters_by_seat(const std::vector<std::vector<Letter>>& racks) {
  Json list = Json::array();
  for (const auto& rack : racks) list.push_back(upper(rack));
  return list;
}

struct ToJson {
  const LogLexicon& lexicon;

  std::optional<Json> operator()(const au::GameStarted& e) const {
    Json header{{"log", kLogName}, {"version", kLogVersion}, {"seed", e.seed}};
    if (e.game != 0) header["game"] = e.game;
    header["lexicon"] = {{"source", lexicon.source}, {"words", lexicon.words}};
    header["players"] = e.players;
    header["rules"] = rules_json(e.rules);
    return header;
  }
  std::optional<Json> operator()(const au::RoundStarted& e) const {
    return Json{{"event", "round_started"},
                {"round", e.round},
                {"hidden", letters_by_seat(e.hidden)},
                {"points", e.points}};
  }
  std::optional<Json> operator()(const au::AuctionHeld& e) const {
    Json bids = Json::array();
    Json faults = Json::array();
    bool any_fault = false;
    for (const au::BidEntry& bid : e.bids) {
      bids.push_back(bid.bidding ? Json(bid.amount) : Json(nullptr));
      faults.push_back(bid.fault);
      any_fault = any_fault || !bid.fault.empty();
    }
    Json line{{"event", "auction"},
              {"round", e.round},
              {"number", e.number},
              {"letter", std::string(1, alphabet().upper(e.letter))},
              {"bids", std::move(bids)}};
    if (any_fault) line["faults"] = std::move(faults);
    line["winner"] = e.winner;
    line["price"] = e.price;
    line["tied"] = e.tied;
    line["pool_left"] = e.pool_left;
    return line;
  }
  std::optional<Json> operator()(const au::RoundEnded& e) const {
    Json words = Json::array();
    for (const au::WordPlayed& w : e.words) {
      Json word{{"word", w.word}, {"score", w.score}};
      if (!w.fault.empty()) word["fault"] = w.fault;
      words.push_back(std::move(word));
    }
    return Json{{"event", "round_ended"},
                {"round", e.round},
                {"letters", letters_by_seat(e.letters)},
                {"words", std::move(words)},
                {"points", e.points}};
  }
  std::optional<Json> operator()(const au::Finished& e) const {
    return Json{{"event", "game_ended"}, {"points", e.points}, {"winners", e.winners}};
  }
  // A session's own events are not the game's.
  std::optional<Json> operator()(const au::Awaiting&) const { return std::nullopt; }
  std::optional<Json> operator()(const au::Answered&) const { return std::nullopt; }
  std::optional<Json> operator()(const au::Rejected&) const { return std::nullopt; }
};

/// Reads the fields of one line, throwing LogError with the source and line number.
class LineReader {
 public:
  LineReader(const Json& line, const std::string& source, int number, int players)
      : line_(line), source_(source), number_(number), players_(players) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw LogError(fmt::format("{}:{}: {}", source_, number_, what));
  }
  bool has(const char* name) const { return line_.contains(name); }
  const Json& field(const char* name) const {
    const auto it = line_.find(name);
    if (it == line_.end()) fail(fmt::format("missing \"{}\"", name));
    return *it;
  }
  int integer(const char* name, int lo, int hi) const {
    return integer_of(field(name), name, lo, hi);
  }
  int integer_of(const Json& value, const char* name, int lo, int hi) const {
    if (!value.is_number_integer() || value.get<std::int64_t>() < lo ||
        value.get<std::int64_t>() > hi) {
      fail(fmt::format("\"{}\" must be a whole number from {} to {}", name, lo, hi));
    }
    return value.get<int>();
  }
  std::string text_of(const Json& value, const char* name) const {
    if (!value.is_string()) fail(fmt::format("\"{}\" must be a string", name));
    return value.get<std::string>();
  }
  std::vector<Letter> letters_of(const Json& value, const char* name) const {
    const auto letters = alphabet().encode(text_of(value, name));
    if (!letters) fail(fmt::format("\"{}\" must be letters", name));
    return *letters;
  }
  const Json& seats(const char* name) const {
    const Json& list = field(name);
    if (!list.is_array() || static_cast<int>(list.size()) != players_) {
      fail(fmt::format("\"{}\" must be a list of {} entries, one per player", name, players_));
    }
    return list;
  }
  std::vector<int> seat_integers(const char* name, int lo, int hi) const {
    std::vector<int> values;
    for (const Json& v : seats(name)) values.push_back(integer_of(v, name, lo, hi));
    return values;
  }
  std::vector<std::vector<Letter>> seat_letters(const char* name) const {
    std::vector<std::vector<Letter>> values;
    for (const Json& v : seats(name)) values.push_back(letters_of(v, name));
    return values;
  }

 private:
  const Json& line_;
  const std::string& source_;
  int number_;
  int players_;
};

constexpr int kMaxPoints = 1'000'000'000;

/// The parser's complaint without its library's prefix ("[json.exception.parse_error.101]
/// parse error at line 1, "): "column 5: syntax error while parsing value - ...", or "number
/// overflow parsing '1e400'".
std::string reason(const Json::exception& error) {
  const std::string_view what = error.what();
  const std::size_t at = what.find("column ");
  if (at != std::string_view::npos) return std::string(what.substr(at));
  const std::size_t tag = what.find("] ");  // "[json.exception.out_of_range.406] number overflow"
  return std::string(tag == std::string_view::npos ? what : what.substr(tag + 2));
}

au::GameStarted read_header(const LineReader& r, LogLexicon& lexicon) {
  const Json& name = r.field("log");
  if (name != kLogName)
    r.fail(
        "not a wordgames auction log (the first line has no \"log\": "
        "\"wordgames-auction\")");
  if (r.integer("version", 0, 1'000) != kLogVersion) {
    r.fail(fmt::format("log version {} is not supported (this program reads version {})",
                       r.field("version").get<int>(), kLogVersion));
  }
  au::GameStarted started;
  const Json& seed = r.field("seed");
  if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<std::int64_t>() >= 0))
    r.fail("\"seed\" must be a whole number");
  started.seed = seed.get<std::uint64_t>();
  if (r.has("game")) started.game = r.integer("game", 0, std::numeric_limits<int>::max());
  const Json& lex = r.field("lexicon");
  if (!lex.is_object() || !lex.contains("source") || !lex["source"].is_string())
    r.fail("\"lexicon\" must be an object with a \"source\"");
  lexicon.source = lex["source"].get<std::string>();
  if (lex.contains("words")) {  // checked: a float (1e40) or a negative number cast is undefined
    if (!lex["words"].is_number_unsigned()) r.fail("\"lexicon\": \"words\" must be a count");
    lexicon.words = lex["words"].get<std::uint64_t>();
  }
  const Json& rules = r.field("rules");
  if (!rules.is_object()) r.fail("\"rules\" must be an object");
  auto rule = [&](const char* key, int lo, int hi) {
    if (!rules.contains(key)) r.fail(fmt::format("\"rules\" is missing \"{}\"", key));
    return r.integer_of(rules[key], key, lo, hi);
  };
  au::Rules& ru = started.rules;
  ru.players = rule("players", au::Rules::kMinPlayers, au::Rules::kMaxPlayers);
  ru.rounds = rule("rounds", 1, au::Rules::kMaxRounds);
  ru.hidden_letters = rule("hidden_letters", 0, au::Rules::kMaxRackSize);
  ru.starting_points = rule("starting_points", 0, kMaxPoints);
  ru.rack_size = rule("rack_size", 1, au::Rules::kMaxRackSize);
  ru.bonus_length = rule("bonus_length", 1, kMaxPoints);
  ru.bonus = rule("bonus", 0, kMaxPoints);
  if (rules.contains("letters_per_round")) {  // written only when set: older logs lack it
    ru.letters_per_round = rule("letters_per_round", 0, au::Rules::kMaxLettersPerRound);
  }
  try {
    ru.validate();
  } catch (const std::invalid_argument& e) {
    r.fail(fmt::format("invalid rules: {}", e.what()));
  }
  const Json& players = r.field("players");
  if (!players.is_array() || static_cast<int>(players.size()) != ru.players)
    r.fail("\"players\" must list one name per player");
  for (const Json& p : players) started.players.push_back(r.text_of(p, "players"));
  return started;
}

au::Event read_event(const LineReader& r, const au::GameStarted& start) {
  const std::string kind = r.text_of(r.field("event"), "event");
  const au::Rules& rules = start.rules;
  const int seats = rules.players;
  if (kind == "round_started") {
    au::RoundStarted e;
    e.round = r.integer("round", 1, rules.rounds);
    e.hidden = r.seat_letters("hidden");
    e.points = r.seat_integers("points", 0, kMaxPoints);
    return e;
  }
  if (kind == "auction") {
    au::AuctionHeld e;
    e.round = r.integer("round", 1, rules.rounds);
    e.number = r.integer("number", 1, 1'000);
    const std::vector<Letter> letter = r.letters_of(r.field("letter"), "letter");
    if (letter.size() != 1) r.fail("\"letter\" must be one letter");
    e.letter = letter.front();
    for (const Json& bid : r.seats("bids")) {
      au::BidEntry entry;
      entry.bidding = !bid.is_null();
      if (entry.bidding) entry.amount = r.integer_of(bid, "bids", 0, kMaxPoints);
      e.bids.push_back(entry);
    }
    if (r.has("faults")) {
      const Json& faults = r.seats("faults");
      for (std::size_t seat = 0; seat < e.bids.size(); ++seat)
        e.bids[seat].fault = r.text_of(faults[seat], "faults");
    }
    e.winner = r.integer("winner", 0, seats - 1);
    if (!e.bids[e.winner].bidding) r.fail("the winner did not bid");
    e.price = r.integer("price", 0, kMaxPoints);
    e.tied = r.integer("tied", 1, seats);
    e.pool_left = r.integer("pool_left", 0, 1'000);
    return e;
  }
  if (kind == "round_ended") {
    au::RoundEnded e;
    e.round = r.integer("round", 1, rules.rounds);
    e.letters = r.seat_letters("letters");
    for (const Json& w : r.seats("words")) {
      if (!w.is_object()) r.fail("each of \"words\" must be an object");
      au::WordPlayed played;
      played.word = r.text_of(w.contains("word") ? w["word"] : Json(), "word");
      played.score =
          r.integer_of(w.contains("score") ? w["score"] : Json(), "score", 0, kMaxPoints);
      if (w.contains("fault")) played.fault = r.text_of(w["fault"], "fault");
      e.words.push_back(std::move(played));
    }
    e.points = r.seat_integers("points", 0, kMaxPoints);
    return e;
  }
  if (kind == "game_ended") {
    au::Finished e;
    e.seed = start.seed;
    e.game = start.game;
    e.players = start.players;
    e.points = r.seat_integers("points", 0, kMaxPoints);
    const Json& winners = r.field("winners");
    if (!winners.is_array() || winners.empty()) r.fail("\"winners\" must list the winning seats");
    for (const Json& w : winners) e.winners.push_back(r.integer_of(w, "winners", 0, seats - 1));
    return e;
  }
  r.fail(fmt::format("unknown event \"{}\"", kind));
}

}  // namespace

Json rules_json(const au::Rules& r) {
  Json json{{"players", r.players},
            {"rounds", r.rounds},
            {"hidden_letters", r.hidden_letters},
            {"starting_points", r.starting_points},
            {"rack_size", r.rack_size},
            {"bonus_length", r.bonus_length},
            {"bonus", r.bonus}};
  // Only when set, so that the logs of the original rules stay as they were.
  if (r.letters_per_round != 0) json["letters_per_round"] = r.letters_per_round;
  return json;
}

std::optional<Json> log_line(const auction::Event& event, const LogLexicon& lexicon) {
  return std::visit(ToJson{lexicon}, event);
}

void write_log_line(std::ostream& out, const auction::Event& event, const LogLexicon& lexicon) {
  const std::optional<Json> line = log_line(event, lexicon);
  if (!line) return;
  out << line->dump(-1, ' ', false, Json::error_handler_t::replace) << '\n' << std::flush;
}

AuctionLog read_auction_log(std::istream& in, const std::string& source) {
  AuctionLog log;
  au::GameStarted start;
  bool ended = false;
  int number = 0;
  int round = 0;          // the round under way, or the last one that ended
  bool in_round = false;  // between round_started and round_ended
  for (std::string text; std::getline(in, text);) {
    ++number;
    const bool whole = !in.eof();  // getline stopped at a newline, not at the end of the file
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty()) continue;
    if (nested_deeper_than(text)) {
      throw LogError(
          fmt::format("{}:{}: nested deeper than {} levels", source, number, kMaxJsonDepth));
    }
    Json line;
    try {
      line = Json::parse(text);
    } catch (const Json::exception& e) {  // parse_error, or out_of_range: a number overflows
      if (whole) throw LogError(fmt::format("{}:{}: not JSON ({})", source, number, reason(e)));
      if (log.events.empty()) {
        throw LogError(
            fmt::format("{}:{}: the log stops in the middle of its first line, the "
                        "header: there is nothing to replay",
                        source, number));
      }
      log.cut_line = number;
      break;
    }
    const int players = log.events.empty() ? 0 : start.rules.players;
    const LineReader r(line, source, number, players);
    if (!line.is_object()) r.fail("each line must be a JSON object");
    if (log.events.empty()) {
      start = read_header(r, log.lexicon);
      log.events.emplace_back(start);
      continue;
    }
    if (ended) r.fail("an event after game_ended");
    au::Event event = read_event(r, start);
    ended = std::holds_alternative<au::Finished>(event);
    if (const auto* started = std::get_if<au::RoundStarted>(&event)) {
      if (in_round || started->round != round + 1)
        r.fail(fmt::format("round {} starts out of order", started->round));
      round = started->round;
      in_round = true;
    } else if (const auto* auction = std::get_if<au::AuctionHeld>(&event)) {
      if (!in_round || auction->round != round)
        r.fail(fmt::format("an auction of round {} outside that round", auction->round));
    } else if (const auto* finished = std::get_if<au::RoundEnded>(&event)) {
      if (!in_round || finished->round != round)
        r.fail(fmt::format("round {} ends out of order", finished->round));
      in_round = false;
    } else if (in_round) {
      r.fail("the game ends in the middle of a round");
    }
    log.events.push_back(std::move(event));
  }
  if (log.events.empty()) throw LogError(fmt::format("{}: empty: no header line", source));
  return log;
}

AuctionLog read_auction_log_file(const std::filesystem::path& path) {
  std::string text;
  try {
    text = read_regular_file(path, kMaxAuctionLogBytes);
  } catch (const FileError& error) {  // names the path: missing, a directory, /dev/zero, too big
    throw LogError(fmt::format("cannot read the log {}", error.what()));
  }
  std::istringstream in(std::move(text));
  return read_auction_log(in, path.string());
}

}  // namespace wg::app
