// protocol/auction_protocol.h: every host message and bot reply of the protocol, as text.

#include "protocol/auction_protocol.h"

#include <gtest/gtest.h>

#include <vector>

namespace wg::protocol {
namespace {

std::vector<Letter> letters(std::string_view text) { return *Alphabet::english().encode(text); }

TEST(AuctionProtocolTest, HelloAnnouncesTheVersion) {
  EXPECT_EQ(format_hello(), "auction 1");
  EXPECT_EQ(kProtocolVersion, 1);
  EXPECT_EQ(kIsReady, "isready");
  EXPECT_EQ(kQuit, "quit");
}

TEST(AuctionProtocolTest, NewGameListsTheSeatRulesAndSeed) {
  auction::GameInfo info;
  info.seat = 2;
  info.rules.players = 4;
  info.rules.rounds = 5;
  info.rules.hidden_letters = 3;
  info.seed = 18'446'744'073'709'551'615u;
  EXPECT_EQ(format_new_game(info), "newgame 2 4 5 3 7 100 7 50 18446744073709551615");
}

TEST(AuctionProtocolTest, NewRoundGivesHiddenLettersUppercaseOrADash) {
  const std::vector<Letter> hidden = letters("qe");
  const std::vector<int> points = {100, 97, 112};
  EXPECT_EQ(format_new_round({3, hidden, points}), "newround 3 QE 100 97 112");
  EXPECT_EQ(format_new_round({1, {}, points}), "newround 1 - 100 97 112");
}

TEST(AuctionProtocolTest, BidRequestGivesTheAskedPlayersOwnPointsAndLetters) {
  const std::vector<Letter> held = letters("eqt");
  const std::vector<int> points = {100, 80, 95};
  auction::BidRequest request{2, 5, letters("z")[0], held, points, {}, 60};
  EXPECT_EQ(format_bid_request(request, 1), "bid 2 5 Z 60 80 EQT");
  request.letters = {};
  EXPECT_EQ(format_bid_request(request, 2), "bid 2 5 Z 60 95 -");
}

TEST(AuctionProtocolTest, ResultGivesEveryBidAsCountedAndADashForFullRacks) {
  auction::AuctionHeld auction;
  auction.round = 1;
  auction.number = 14;
  auction.letter = letters("x")[0];
  auction.bids = {{true, 9, {}}, {false, 0, {}}, {true, 0, "timed out"}, {true, 4, {}}};
  auction.winner = 0;
  auction.price = 4;
  EXPECT_EQ(format_result(auction), "result 1 14 X 0 4 9 - 0 4");
}

TEST(AuctionProtocolTest, WordScoresAndGameOver) {
  EXPECT_EQ(format_word_request(2, letters("quizzes")), "word 2 QUIZZES");
  EXPECT_EQ(format_word_request(2, {}), "word 2 -");
  auction::RoundEnded round;
  round.round = 4;
  round.points = {150, 12, 0};
  EXPECT_EQ(format_scores(round), "scores 4 150 12 0");
  auction::Finished ended;
  ended.points = {150, 12, 0};
  ended.winners = {0};
  EXPECT_EQ(format_game_over(ended), "gameover 150 12 0");
}

TEST(AuctionProtocolTest, CommentsAreBlankOrInfoLines) {
  EXPECT_TRUE(is_comment(""));
  EXPECT_TRUE(is_comment("  \t "));
  EXPECT_TRUE(is_comment("info"));
  EXPECT_TRUE(is_comment("info depth 3 best QUIZ"));
  EXPECT_TRUE(is_comment("  info\tx"));
  EXPECT_FALSE(is_comment("information"));
  EXPECT_FALSE(is_comment("bid 3"));
  EXPECT_FALSE(is_comment("INFO x"));
}

TEST(AuctionProtocolTest, ParsesTheName) {
  EXPECT_EQ(parse_name("name auction_bot.py"), "auction_bot.py");
  EXPECT_EQ(parse_name("name  Deep Bidder 2  "), "Deep Bidder 2");
  EXPECT_EQ(parse_name(std::string("name ") + std::string(64, 'n')), std::string(64, 'n'));
  EXPECT_EQ(parse_name(std::string("name ") + std::string(65, 'n')), std::nullopt);
  EXPECT_EQ(parse_name("name"), std::nullopt);
  EXPECT_EQ(parse_name("name   "), std::nullopt);
  EXPECT_EQ(parse_name("name a\tb"), std::nullopt);
  EXPECT_EQ(parse_name("name caf\xc3\xa9"), std::nullopt);
  EXPECT_EQ(parse_name("names x"), std::nullopt);
  EXPECT_EQ(parse_name("hello"), std::nullopt);
}

TEST(AuctionProtocolTest, ParsesReadyok) {
  EXPECT_TRUE(parse_ready("readyok"));
  EXPECT_TRUE(parse_ready(" readyok \r"));
  EXPECT_FALSE(parse_ready("readyok now"));
  EXPECT_FALSE(parse_ready("ready"));
}

TEST(AuctionProtocolTest, ParsesBidsAsIntegersLeavingTheRulesToTheGame) {
  EXPECT_EQ(parse_bid("bid 0"), 0);
  EXPECT_EQ(parse_bid("bid 17"), 17);
  EXPECT_EQ(parse_bid("  bid\t 17 \r"), 17);
  EXPECT_EQ(parse_bid("bid -5"), -5);  // a number: the game counts it 0 and says why
  EXPECT_EQ(parse_bid("bid 1000000"), 1'000'000);
  EXPECT_EQ(parse_bid("bid 9223372036854775807"), INT64_MAX);
  for (const char* garbage : {"bid 99999999999999999999", "bid", "bid 3 4", "bid 3.5", "bid +3",
                              "bid x", "bid 0x10", "3", "banana", "BID 3", "bids 3", ""}) {
    EXPECT_EQ(parse_bid(garbage), std::nullopt) << garbage;
  }
}

TEST(AuctionProtocolTest, ParsesWordsLeavingTheirValidityToTheGame) {
  EXPECT_EQ(parse_word("word QUIZ"), "QUIZ");
  EXPECT_EQ(parse_word("word quiz "), "quiz");
  EXPECT_EQ(parse_word("word -"), "");
  EXPECT_EQ(parse_word("word hello!"), "hello!");  // one word: the game says it is no word
  for (const char* garbage : {"word", "word TWO WORDS", "QUIZ", "words QUIZ", "bid 3", ""}) {
    EXPECT_EQ(parse_word(garbage), std::nullopt) << garbage;
  }
}

TEST(AuctionProtocolTest, QuotesRepliesSafelyAndShortly) {
  EXPECT_EQ(quote_line("banana"), "'banana'");
  EXPECT_EQ(quote_line(""), "''");
  EXPECT_EQ(quote_line("a\tb\x01\xff"), "'a\\x09b\\x01\\xff'");
  const std::string quoted = quote_line(std::string(1000, 'x'));
  EXPECT_EQ(quoted, "'" + std::string(60, 'x') + "...'");
}

// Found by fuzz/protocol_fuzz (fuzz/corpus/protocol/regression-quote-length): a line of bytes to
// escape was cut after 60 bytes, not 60 characters shown, so that it was quoted in 240.
TEST(AuctionProtocolTest, QuotesALineOfEscapesShort) {
  std::string escapes;
  for (int i = 0; i < 15; ++i) escapes += "\\xff";
  EXPECT_EQ(quote_line(std::string(1000, '\xff')), "'" + escapes + "...'");
  EXPECT_EQ(quote_line(std::string(15, '\xff')), "'" + escapes + "'");
  EXPECT_EQ(quote_line("ab" + std::string(20, '\x01')).size(), 1 + 2 + 15 * 4 + 3 + 1);
}

}  // namespace
}  // namespace wg::protocol
