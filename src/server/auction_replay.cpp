#include "server/auction_replay.h"

#include <sstream>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/auction_codec.h"
#include "app/auction_log.h"
#include "app/session_adapter.h"
#include "core/play.h"
#include "games/auction/session.h"
#include "server/responses.h"

namespace wg::server {

namespace au = wg::auction;
using app::Json;

namespace {

/// What one seat answered in the log, in order.
struct SeatRecord {
  std::string name;
  std::vector<au::BidAnswer> bids;
  std::vector<au::WordAnswer> words;
};

/// A seat that answers from its record: in the log's game; after the log ends, and in any
/// later game of the session, 0 and no word, with a fault that says why.
class RecordedPlayer final : public au::Player {
 public:
  RecordedPlayer(std::shared_ptr<const std::vector<SeatRecord>> records, int seat, bool recorded)
      : records_(std::move(records)), seat_(seat), recorded_(recorded) {}

  std::string name() const override { return record().name; }
  void new_game(const au::GameInfo&) override {}
  void new_round(const au::RoundInfo&) override {}
  au::BidAnswer get_bid(const au::BidRequest&) override {
    if (recorded_ && bids_ < record().bids.size()) return record().bids[bids_++];
    au::BidAnswer missing(0);
    missing.fault = kMissing;
    return missing;
  }
  void bid_result(const au::AuctionHeld&) override {}
  au::WordAnswer get_word(std::span<const Letter>) override {
    if (recorded_ && words_ < record().words.size()) return record().words[words_++];
    au::WordAnswer missing;
    missing.fault = kMissing;
    return missing;
  }
  void scores_updated(const au::RoundEnded&) override {}

 private:
  static constexpr const char* kMissing = "the log ends before this answer";
  const SeatRecord& record() const { return (*records_)[static_cast<std::size_t>(seat_)]; }
  std::shared_ptr<const std::vector<SeatRecord>> records_;
  int seat_;
  bool recorded_;
  std::size_t bids_ = 0;
  std::size_t words_ = 0;
};

/// Every seat's answers in the log.
std::vector<SeatRecord> records_of(const app::AuctionLog& log) {
  const auto& started = std::get<au::GameStarted>(log.events.front());
  std::vector<SeatRecord> records;
  for (const std::string& name : started.players) records.push_back({name, {}, {}});
  for (const au::Event& event : log.events) {
    if (const auto* auction = std::get_if<au::AuctionHeld>(&event)) {
      for (std::size_t s = 0; s < auction->bids.size() && s < records.size(); ++s) {
        const au::BidEntry& bid = auction->bids[s];
        if (!bid.bidding) continue;
        au::BidAnswer answer(bid.amount);
        answer.fault = bid.fault;
        if (!bid.fault.empty()) answer.amount = 0;
        records[s].bids.push_back(std::move(answer));
      }
    } else if (const auto* round = std::get_if<au::RoundEnded>(&event)) {
      for (std::size_t s = 0; s < round->words.size() && s < records.size(); ++s) {
        const au::WordPlayed& played = round->words[s];
        au::WordAnswer answer(played.word);
        // A word named is named again (the game finds its faults again); no word keeps the
        // player's own fault (a timeout), if it had one.
        if (played.word.empty()) answer.fault = played.fault;
        records[s].words.push_back(std::move(answer));
      }
    }
  }
  return records;
}

/// The log's table: its seats, answering from the records in the session's first game, and its
/// rules.
struct ReplayTable {
  au::Config config;
  au::ExternalPlayers players;
};

ReplayTable replay_table(const std::shared_ptr<const std::vector<SeatRecord>>& records,
                         const au::GameStarted& started) {
  ReplayTable table;
  table.config.seats.clear();
  for (const SeatRecord& record : *records) {
    table.config.seats.push_back({au::SeatKind::kExternal, record.name});
  }
  table.config.rules = started.rules;
  table.config.rules.players = static_cast<int>(records->size());
  const int seats = static_cast<int>(records->size());
  auto calls = std::make_shared<int>(0);
  // The session asks for every seat's player, in seat order, as each game starts.
  table.players = [records, calls, seats](std::string_view) {
    const int call = (*calls)++;
    return std::make_unique<RecordedPlayer>(records, call % seats, call < seats);
  };
  return table;
}

}  // namespace

std::unique_ptr<app::GameSession> replay_session(const std::string& text, const std::string& source,
                                                 std::shared_ptr<const Lexicon> lexicon) {
  std::istringstream in(text);
  const app::AuctionLog log = app::read_auction_log(in, source);
  const auto& started = std::get<au::GameStarted>(log.events.front());
  if (started.game != 0) {
    throw ReplayError(
        fmt::format("{}:1: game {} of its session: the browser replays a session's first game only",
                    source, started.game));
  }
  auto records = std::make_shared<const std::vector<SeatRecord>>(records_of(log));
  ReplayTable table = replay_table(records, started);
  try {
    // Played through once, compared line by line with the log.
    // Step by step, only as far as the log goes: a short log of long rules costs little.
    au::Session trial(lexicon, table.config, started.seed, table.players);
    std::vector<Json> played;
    while (played.size() < log.events.size() && !trial.finished()) {
      for (const au::Event& event : trial.apply(au::Step{})) {
        if (auto line = app::log_line(event, log.lexicon)) played.push_back(std::move(*line));
      }
    }
    for (std::size_t i = 0; i < log.events.size(); ++i) {
      const Json expected = app::log_line(log.events[i], log.lexicon).value_or(Json());
      if (i >= played.size() || played[i] != expected) {
        const std::string what = expected.contains("event")
                                     ? expected["event"].get<std::string>() + " line"
                                     : std::string("header");
        throw ReplayError(fmt::format(
            "{}:{}: the game does not play the same here from this {} on: a log of another "
            "word list, an edited one, or a game a tournament dealt from a seed of its own "
            "(those replay in the terminal: wordgames auction replay FILE)",
            source, i + 1, what));
      }
    }
  } catch (const ConfigError& e) {
    throw ReplayError(
        fmt::format("{}:1: the log's table cannot be set here: {}", source, e.what()));
  }
  table = replay_table(records, started);  // fresh players for the session handed out
  return std::make_unique<app::SessionAdapter<app::AuctionCodec>>(
      std::move(lexicon), std::move(table.config), started.seed, std::move(table.players));
}

std::variant<std::unique_ptr<app::GameSession>, HttpResponse> replay_request(
    const HttpRequest& request, std::shared_ptr<const Lexicon> lexicon) {
  auto parsed = json_body(request);
  if (auto* refusal = std::get_if<HttpResponse>(&parsed)) return std::move(*refusal);
  const app::Json& body = std::get<app::Json>(parsed);
  if (!body.contains("log") || !body["log"].is_string()) {
    return error(400, "bad_request", "send the log's text: {\"log\": \"...\", \"name\"?}");
  }
  const auto name = body.find("name");
  if (name != body.end() && (!name->is_string() || name->get<std::string>().empty() ||
                             name->get<std::string>().size() > 200)) {
    return error(400, "bad_request", "'name' (the log's file name) has 1 to 200 characters");
  }
  try {
    return replay_session(body["log"].get<std::string>(),
                          name == body.end() ? std::string("log") : name->get<std::string>(),
                          std::move(lexicon));
  } catch (const app::LogError& e) {
    return error(400, "bad_log", e.what());
  } catch (const ReplayError& e) {
    return error(422, "log_not_replayable", e.what());
  }
}

}  // namespace wg::server
