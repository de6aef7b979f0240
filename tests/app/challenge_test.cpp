// app/challenge.h: challenge codes, their checks, and the game they open.
#include "app/challenge.h"

#include <gtest/gtest.h>

#include <boost/crc.hpp>
#include <memory>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"

namespace wg::app {
namespace {

std::shared_ptr<const Lexicon> shared_lexicon() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

Challenge wordle_challenge() {
  return {"wordle", Json{{"host", "fair"}, {"length", 6}}, 123456789012345ULL, "Ann", "4/6"};
}

/// The message of the ChallengeError decoding `code` throws ("" if none).
std::string refusal_of(std::string_view code) {
  try {
    decode_challenge(code);
  } catch (const ChallengeError& error) {
    return error.what();
  }
  return "";
}

/// A code of any bytes, with a right checksum: base64url of `body` and its CRC-32.
std::string code_of_bytes(std::vector<std::uint8_t> body) {
  boost::crc_32_type crc;
  crc.process_bytes(body.data(), body.size());
  for (int shift = 24; shift >= 0; shift -= 8) {
    body.push_back(static_cast<std::uint8_t>(crc.checksum() >> shift));
  }
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string code;
  std::uint32_t bits = 0;
  int held = 0;
  for (const std::uint8_t byte : body) {
    bits = (bits << 8) | byte;
    held += 8;
    while (held >= 6) {
      held -= 6;
      code += kAlphabet[(bits >> held) & 63];
    }
  }
  if (held > 0) code += kAlphabet[(bits << (6 - held)) & 63];
  return code;
}

TEST(Challenge, RoundTrips) {
  const Challenge challenge = wordle_challenge();
  const std::string code = encode_challenge(challenge);
  EXPECT_LT(code.size(), 100u) << code;
  EXPECT_EQ(
      code.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      std::string::npos)
      << code;
  EXPECT_EQ(decode_challenge(code), challenge);
  EXPECT_EQ(decode_challenge("  " + code + "\n"), challenge) << "spaces around are ignored";
  const std::string broken = code.substr(0, 10) + " \\\n  " + code.substr(10);
  EXPECT_EQ(decode_challenge(broken), challenge) << "a code printed over two lines";
}

TEST(Challenge, RoundTripsEveryLengthOfName) {
  Challenge challenge = wordle_challenge();
  for (int length = 1; length <= 12; ++length) {
    challenge.name = std::string(static_cast<std::size_t>(length), 'z');
    EXPECT_EQ(decode_challenge(encode_challenge(challenge)), challenge) << length;
  }
}

TEST(Challenge, DefaultsAreLeftOutAndComeBack) {
  const GameEntry& wordle = *find_game("wordle");
  std::unique_ptr<GameSession> played = wordle.open(Json{{"host", "fair"}}, 9, shared_lexicon());
  const Json saved_config = played->saved()["config"];
  FinishedGame record;
  record.game = "wordle";
  record.config = saved_config;
  record.seed = 9;
  record.result = {
      {"game", 0}, {"won", true}, {"guesses", 6}, {"length", 5}, {"rows", Json::array()}};
  const std::optional<Challenge> challenge = challenge_of(wordle, record, 0, "Ann");
  ASSERT_TRUE(challenge.has_value());
  EXPECT_EQ(challenge->config, (Json{{"host", "fair"}})) << challenge->config.dump();
  const Challenge decoded = decode_challenge(encode_challenge(*challenge));
  EXPECT_EQ(decoded.result, "0/6");
  EXPECT_EQ(open_challenge(decoded, shared_lexicon())->saved()["config"], saved_config);
}

TEST(Challenge, OpensTheSameGame) {
  const GameEntry& wordle = *find_game("wordle");
  std::unique_ptr<GameSession> first = wordle.open(Json{{"host", "fair"}}, 31, shared_lexicon());
  first->apply(Json{{"command", "give_up"}});
  const std::vector<FinishedGame> records = first->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const std::optional<Challenge> challenge = challenge_of(wordle, records[0], 0, "Ann");
  ASSERT_TRUE(challenge.has_value());
  const std::string code = encode_challenge(*challenge);
  const std::string word = records[0].result["word"].get<std::string>();
  EXPECT_EQ(code.find(word), std::string::npos);
  std::unique_ptr<GameSession> second = open_challenge(decode_challenge(code), shared_lexicon());
  second->apply(Json{{"command", "give_up"}});
  const std::vector<FinishedGame> again = second->finished_records("Bob", 0);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].result["word"], word) << "the fair host holds the same word";
}

TEST(Challenge, OnlyASessionsFirstGame) {
  FinishedGame record;
  record.game = "wordle";
  record.result = {{"game", 1}, {"won", false}, {"rows", Json::array()}};
  EXPECT_FALSE(challenge_of(*find_game("wordle"), record, 0, "Ann").has_value());
}

TEST(Challenge, AWordListOfOnesOwnIsNeverCarried) {
  Challenge challenge{"hangman", Json{{"words", {"apple", "mango"}}}, 1, "Ann", "won"};
  EXPECT_THROW(encode_challenge(challenge), ChallengeError);
  FinishedGame record;
  record.game = "hangman";
  record.config = challenge.config;
  record.result = {{"game", 0}};
  EXPECT_FALSE(challenge_of(*find_game("hangman"), record, 0, "Ann").has_value());
}

TEST(Challenge, AnAlteredCodeIsRefused) {
  const std::string code = encode_challenge(wordle_challenge());
  for (std::size_t i = 0; i < code.size(); ++i) {
    std::string altered = code;
    altered[i] = altered[i] == 'A' ? 'B' : 'A';
    const std::string refusal = refusal_of(altered);
    EXPECT_FALSE(refusal.empty()) << "altered at " << i;
  }
  std::string altered = code;
  altered[code.size() / 2] = code[code.size() / 2] == 'x' ? 'y' : 'x';
  EXPECT_NE(refusal_of(altered).find("altered"), std::string::npos) << refusal_of(altered);
}

TEST(Challenge, ATruncatedCodeIsRefused) {
  const std::string code = encode_challenge(wordle_challenge());
  for (std::size_t length = 1; length < code.size(); ++length) {
    EXPECT_NE(refusal_of(code.substr(0, length)).find("copied whole"), std::string::npos)
        << length << ": " << refusal_of(code.substr(0, length));
  }
  EXPECT_NE(refusal_of(code.substr(0, 4)).find("cut short"), std::string::npos);
}

TEST(Challenge, NotACode) {
  EXPECT_NE(refusal_of("").find("empty"), std::string::npos);
  EXPECT_NE(refusal_of("hello world!").find("not a challenge code"), std::string::npos);
  EXPECT_NE(refusal_of(std::string(5000, 'A')).find("too long"), std::string::npos);
}

TEST(Challenge, AnotherVersionIsRefused) {
  const std::string code = code_of_bytes({2, 0x80});
  EXPECT_NE(refusal_of(code).find("version 2"), std::string::npos) << refusal_of(code);
}

TEST(Challenge, AnUnknownGameIsRefused) {
  std::vector<std::uint8_t> bytes = {kChallengeVersion};
  Json::to_msgpack(Json::array({"chess", Json::object(), 1, "Ann", "1-0"}), bytes);
  EXPECT_NE(refusal_of(code_of_bytes(bytes)).find("'chess'"), std::string::npos);
  EXPECT_THROW(encode_challenge(Challenge{"chess", Json::object(), 1, "Ann", "1-0"}),
               ChallengeError);
  std::vector<std::uint8_t> empty = {kChallengeVersion};
  Json::to_msgpack(Json::array({"wordle", Json::object()}), empty);
  EXPECT_NE(refusal_of(code_of_bytes(empty)).find("holds no challenge"), std::string::npos);
}

TEST(Challenge, ABadConfigIsRefusedWhenOpened) {
  Challenge challenge = wordle_challenge();
  challenge.config = Json{{"length", 99}};
  const Challenge decoded = decode_challenge(encode_challenge(challenge));
  try {
    open_challenge(decoded, shared_lexicon());
    FAIL() << "opened";
  } catch (const ChallengeError& error) {
    EXPECT_NE(std::string(error.what()).find("length"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace wg::app
