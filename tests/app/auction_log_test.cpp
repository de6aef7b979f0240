// app/auction_log.h: the JSON Lines log of a letter-auction game, written and read back.
#include "app/auction_log.h"

#include <gtest/gtest.h>

#include <sstream>

#include "games/auction/bots.h"
#include "games/auction/game.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

namespace au = wg::auction;

/// A player that breaks rules: bids garbage, names a word it cannot make.
class Unruly : public au::ValuePlayer {
 public:
  using ValuePlayer::ValuePlayer;
  au::BidAnswer get_bid(const au::BidRequest& request) override {
    if (request.number % 3 == 0) {
      au::BidAnswer answer;
      answer.fault = "replied 'banana' to bid";
      return answer;
    }
    if (request.number % 3 == 1) return au::BidAnswer(1'000);
    return ValuePlayer::get_bid(request);
  }
  au::WordAnswer get_word(std::span<const Letter>) override { return au::WordAnswer("zyzzyva"); }
};

std::vector<au::Event> a_game() {
  const Lexicon& lexicon = default_lexicon();
  std::vector<std::unique_ptr<au::Player>> players;
  players.push_back(au::make_bot("value", lexicon));
  players.push_back(std::make_unique<Unruly>(lexicon));
  players.push_back(au::make_bot("random", lexicon));
  au::Game game(au::Rules{.players = 3, .rounds = 2, .hidden_letters = 3}, lexicon,
                std::move(players), 12);
  std::vector<au::Event> events;
  game.play([&](const au::GameEvent& e) { events.push_back(au::to_event(e)); });
  return events;
}

std::string log_text(const std::vector<au::Event>& events) {
  std::ostringstream out;
  for (const au::Event& e : events)
    write_log_line(out, e, LogLexicon{"enable1 (built in)", 172823});
  return out.str();
}

AuctionLog read_text(const std::string& text) {
  std::istringstream in(text);
  return read_auction_log(in, "game.jsonl");
}

std::string error_of(const std::string& text) {
  try {
    read_text(text);
  } catch (const LogError& e) {
    return e.what();
  }
  return "no error";
}

TEST(AuctionLogTest, RoundTripsAGameWithFaults) {
  const std::vector<au::Event> events = a_game();
  const std::string text = log_text(events);
  const AuctionLog log = read_text(text);
  EXPECT_EQ(log.lexicon.source, "enable1 (built in)");
  EXPECT_EQ(log.lexicon.words, 172823u);
  ASSERT_EQ(log.events.size(), events.size());
  for (std::size_t i = 0; i < events.size(); ++i) EXPECT_TRUE(log.events[i] == events[i]) << i;
  EXPECT_NE(text.find("\"faults\":[\"\",\"replied 'banana' to bid\",\"\"]"), std::string::npos);
  EXPECT_NE(text.find("bid 1000 is more than the player's"), std::string::npos);
  EXPECT_NE(text.find("\"fault\":\"not made from the player's letters\""), std::string::npos);
}

TEST(AuctionLogTest, HeaderCarriesRulesSeedLexiconAndPlayers) {
  const std::string text = log_text(a_game());
  const std::string header = text.substr(0, text.find('\n'));
  EXPECT_EQ(header,
            "{\"log\":\"wordgames-auction\",\"version\":1,\"seed\":12,\"lexicon\":{\"source\":"
            "\"enable1 (built in)\",\"words\":172823},\"players\":[\"value\",\"value\",\"random\"],"
            "\"rules\":{\"players\":3,\"rounds\":2,\"hidden_letters\":3,\"starting_points\":100,"
            "\"rack_size\":7,\"bonus_length\":7,\"bonus\":50}}");
}

TEST(AuctionLogTest, LettersPerRoundIsInTheRulesOnlyWhenSet) {
  EXPECT_FALSE(rules_json(au::Rules{}).contains("letters_per_round"));
  const au::Rules variant{.rack_size = 9, .letters_per_round = 20};
  EXPECT_EQ(rules_json(variant)["letters_per_round"], 20);
  const std::vector<au::Event> events = {au::GameStarted{variant, 4, 0, {"a", "b", "c", "d"}}};
  const AuctionLog log = read_text(log_text(events));
  ASSERT_EQ(log.events.size(), 1u);
  EXPECT_EQ(std::get<au::GameStarted>(log.events.front()).rules, variant);
}

TEST(AuctionLogTest, AcceptsALogCutShort) {
  const std::string text = log_text(a_game());
  std::size_t cut = 0;
  for (int line = 0; line < 5; ++line) cut = text.find('\n', cut) + 1;
  EXPECT_EQ(read_text(text.substr(0, cut)).events.size(), 5u);
}

TEST(AuctionLogTest, ReplaysTheWholeLinesOfALogCutInTheMiddleOfALine) {
  const std::string text = log_text(a_game());
  std::size_t cut = 0;
  for (int line = 0; line < 5; ++line) cut = text.find('\n', cut) + 1;
  const std::size_t half = cut + (text.find('\n', cut) - cut) / 2;  // in the middle of line 6
  const AuctionLog log = read_text(text.substr(0, half));
  EXPECT_EQ(log.events.size(), 5u);
  EXPECT_EQ(log.cut_line, 6);
  EXPECT_EQ(read_text(text.substr(0, cut)).cut_line, 0) << "whole lines, ended early: no cut";
  // A last line without its newline but whole is a line like any other.
  EXPECT_EQ(read_text(text.substr(0, cut - 1)).cut_line, 0);
  EXPECT_EQ(read_text(text.substr(0, cut - 1)).events.size(), 5u);
  // Cut in the header: nothing to replay.
  EXPECT_EQ(error_of(text.substr(0, 30)),
            "game.jsonl:1: the log stops in the middle of its first line, the header: there is "
            "nothing to replay");
  // A line that is not JSON before the last is an error: the file is not a log cut short.
  const std::string broken = text.substr(0, half) + "\n" + text.substr(cut);
  EXPECT_EQ(error_of(broken).substr(0, 31), "game.jsonl:6: not JSON (column ");
}

TEST(AuctionLogTest, TheGameOfASessionAndItsOwnEvents) {
  std::vector<au::Event> events = a_game();
  std::get<au::GameStarted>(events.front()).game = 3;
  std::get<au::Finished>(events.back()).game = 3;
  const std::string text = log_text(events);
  EXPECT_NE(text.find("\"seed\":12,\"game\":3,\"lexicon\""), std::string::npos);
  const AuctionLog log = read_text(text);
  EXPECT_EQ(log.events, events);
  // The session's own events are not a game's: not in its log.
  std::ostringstream out;
  write_log_line(out, au::Awaiting{0, au::Answer::kBid, 1, 1, 3}, LogLexicon{});
  write_log_line(out, au::Answered{0, au::Answer::kBid}, LogLexicon{});
  write_log_line(out, au::Rejected{Refusal::kWrongPhase, -1, "no"}, LogLexicon{});
  EXPECT_EQ(out.str(), "");
}

TEST(AuctionLogTest, NamesTheLineOfWhatIsWrong) {
  const std::string text = log_text(a_game());
  const std::string header = text.substr(0, text.find('\n') + 1);
  const std::string round =
      R"({"event":"round_started","round":1,"hidden":["ABC","DEF","GHI"],"points":[100,100,100]})"
      "\n";
  EXPECT_EQ(error_of(""), "game.jsonl: empty: no header line");
  EXPECT_EQ(error_of("{\"log\":\"other\"}\n"),
            "game.jsonl:1: not a wordgames auction log (the first line has no \"log\": "
            "\"wordgames-auction\")");
  EXPECT_EQ(error_of("[1,2\n").substr(0, 24), "game.jsonl:1: not JSON (");
  EXPECT_EQ(error_of(header + "{\"event\":\"dance\"}\n"), "game.jsonl:2: unknown event \"dance\"");
  EXPECT_EQ(error_of(header + "{\"round\":1}\n"), "game.jsonl:2: missing \"event\"");
  EXPECT_EQ(
      error_of(header + R"({"event":"round_started","round":1,"hidden":["A"],"points":[1,2,3]})"),
      "game.jsonl:2: \"hidden\" must be a list of 3 entries, one per player");
  EXPECT_EQ(
      error_of(
          header + round +
          R"({"event":"auction","round":1,"number":1,"letter":"Q","bids":[1,2,3],"winner":3,"price":2,"tied":1,"pool_left":5})"),
      "game.jsonl:3: \"winner\" must be a whole number from 0 to 2");
  EXPECT_EQ(
      error_of(
          header + round +
          R"({"event":"auction","round":1,"number":1,"letter":"Q","bids":[1,null,3],"winner":1,"price":2,"tied":1,"pool_left":5})"),
      "game.jsonl:3: the winner did not bid");
  EXPECT_EQ(
      error_of(header +
               R"({"event":"round_started","round":2,"hidden":["A","B","C"],"points":[1,2,3]})"),
      "game.jsonl:2: round 2 starts out of order");
  EXPECT_EQ(error_of(header + round + R"({"event":"game_ended","points":[1,2,3],"winners":[2]})"),
            "game.jsonl:3: the game ends in the middle of a round");
  EXPECT_EQ(error_of(text + R"({"event":"game_ended","points":[1,2,3],"winners":[2]})"),
            "game.jsonl:" + std::to_string(std::count(text.begin(), text.end(), '\n') + 1) +
                ": an event after game_ended");
  std::string bad_version = header;
  bad_version.replace(bad_version.find("\"version\":1"), 11, "\"version\":7");
  EXPECT_EQ(error_of(bad_version),
            "game.jsonl:1: log version 7 is not supported (this program reads version 1)");
  std::string bad_rules = header;
  bad_rules.replace(bad_rules.find("\"hidden_letters\":3"), 18, "\"hidden_letters\":9");
  EXPECT_EQ(error_of(bad_rules),
            "game.jsonl:1: invalid rules: hidden letters must be between 0 and 7, not 9");
  std::string bad_offer = header;
  bad_offer.replace(bad_offer.find("\"bonus\":50"), 10, "\"bonus\":50,\"letters_per_round\":-2");
  EXPECT_EQ(error_of(bad_offer),
            "game.jsonl:1: \"letters_per_round\" must be a whole number from 0 to 98");
}

// Found by the server's abuse test (a request body of 30,000 '[' overflowed a thread's stack
// when copied): a log line nested deeper than kMaxJsonDepth is refused before it is parsed.
TEST(AuctionLogTest, RefusesALineNestedTooDeeply) {
  const std::string text = log_text(a_game());
  const std::string header = text.substr(0, text.find('\n') + 1);
  const std::string deep = std::string(30'000, '[') + std::string(30'000, ']');
  EXPECT_EQ(error_of(header + R"({"event":"round_started","round":)" + deep + "}\n"),
            "game.jsonl:2: nested deeper than 128 levels");
  EXPECT_EQ(error_of(deep + "\n"), "game.jsonl:1: nested deeper than 128 levels");
}

// Found by fuzz/auction_log_fuzz (reproducers: fuzz/corpus/auction_log/regression-*): a count of
// words that is a float, negative or not a number was cast unchecked (1e40: undefined; -5:
// wrapped) or escaped as a library exception; a number too large for a double did too.
TEST(AuctionLogTest, RefusesAWordCountThatIsNoCountAndANumberThatOverflows) {
  const std::string text = log_text(a_game());
  const std::string header = text.substr(0, text.find('\n') + 1);
  const std::size_t words = header.find("\"words\":");
  ASSERT_NE(words, std::string::npos);
  const std::size_t end = header.find('}', words);
  auto with_words = [&](const std::string& value) {
    std::string changed = header;
    changed.replace(words, end - words, "\"words\":" + value);
    return changed;
  };
  for (const std::string value : {"1e40", "-5", "\"many\"", "2.5", "null"}) {
    EXPECT_EQ(error_of(with_words(value)), "game.jsonl:1: \"lexicon\": \"words\" must be a count")
        << value;
  }
  EXPECT_EQ(read_text(with_words("12")).lexicon.words, 12u);
  EXPECT_EQ(error_of(with_words("1e400")),
            "game.jsonl:1: not JSON (number overflow parsing '1e400')");
  EXPECT_EQ(error_of(header + R"({"event":"round_started","round":1e999})" + "\n"),
            "game.jsonl:2: not JSON (number overflow parsing '1e999')");
}

std::string file_error_of(const std::filesystem::path& path) {
  try {
    read_auction_log_file(path);
  } catch (const LogError& e) {
    return e.what();
  }
  return "no error";
}

// Issue 15: `auction replay /dev/zero` grew memory without limit, and replaying a directory said
// "empty: no header line". Only a regular file up to kMaxAuctionLogBytes is read.
TEST(AuctionLogTest, ReadsALogFileAndRefusesWhatIsNoFileAtOnce) {
  test::TempDir dir;
  const std::string text = log_text(a_game());
  const auto file = dir.write("game.jsonl", text);
  EXPECT_EQ(read_auction_log_file(file).events.size(), read_text(text).events.size());
  EXPECT_EQ(file_error_of("/dev/zero"),
            "cannot read the log /dev/zero: is a device, not a regular file");
  EXPECT_EQ(file_error_of(dir.path()),
            "cannot read the log " + dir.path().string() + ": is a directory, not a file");
  EXPECT_EQ(file_error_of(dir / "none.jsonl"),
            "cannot read the log " + (dir / "none.jsonl").string() + ": file not found");
  std::filesystem::resize_file(file, kMaxAuctionLogBytes + 1);  // sparse: refused by its size
  EXPECT_EQ(file_error_of(file), "cannot read the log " + file.string() + ": file too large (" +
                                     std::to_string(kMaxAuctionLogBytes + 1) +
                                     " bytes; the limit is 64 MiB)");
}

}  // namespace
}  // namespace wg::app
