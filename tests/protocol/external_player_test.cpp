// protocol/external_player.h: external bots as real child processes, in whole games with the
// built-in bots; well behaved, and failing in every way the host must survive.

#include "protocol/external_player.h"

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "child_processes.h"
#include "games/auction/bots.h"
#include "games/auction/game.h"
#include "games/auction/tournament.h"
#include "lexicon/lexicon.h"
#include "protocol/auction_protocol.h"
#include "protocol/printable.h"
#include "support/temp_dir.h"

namespace wg::protocol {
namespace {

using namespace std::chrono_literals;
using auction::AuctionHeld;
using auction::GameEvent;
using auction::RoundEnded;
using testing::ChildProcessTest;
using testing::FrozenClock;

const std::string kPython = WG_PYTHON3;
const std::string kSource = WG_SOURCE_DIR;

/// The example bot, with its word list named (the sandbox shows a bot the folders its command
/// names, not the project's).
std::string example_bot() {
  return kPython + " " + kSource + "/examples/auction_bot.py " + kSource +
         "/data/enable1.txt --quiet";
}
std::string test_bot(const std::string& behaviour) {
  return kPython + " " + kSource + "/tests/protocol/bots/test_bot.py " + behaviour;
}
std::string zero_bot() { return "/bin/sh " + kSource + "/tests/protocol/bots/zero_bot.sh"; }
std::string hostile_bot(const std::string& behaviour) {
  return "/bin/sh " + kSource + "/tests/protocol/bots/hostile_bot.sh " + behaviour;
}

/// A test bot that stops replying on purpose, and then lets the test's frozen clock run.
std::string hanging_bot(const std::string& behaviour) {
  return test_bot(behaviour) + " --wake " + std::to_string(::getpid());
}

/// Short limits, for bots that stop replying: they keep the suite fast. The clock only runs
/// once the bot has stopped replying, so no reply can be too late however slow the machine.
/// Without the sandbox: the bot signals the test process (--wake), which a sandboxed bot cannot
/// see.
ExternalBotOptions impatient() {
  ExternalBotOptions options;
  options.sandbox = testing::trusted();
  options.handshake_timeout = 300ms;
  options.reply_timeout = 250ms;
  return options;
}

auction::Rules rules_for(int players, int rounds) {
  auction::Rules rules;
  rules.players = players;
  rules.rounds = rounds;
  return rules;
}

/// A whole game's events.
struct Played {
  std::vector<GameEvent> events;
  std::vector<AuctionHeld> auctions;
  std::vector<RoundEnded> rounds;
  auction::Finished ended;
};

Played play(const auction::Rules& rules, std::vector<std::unique_ptr<auction::Player>> players,
            std::uint64_t seed) {
  auction::Game game(rules, default_lexicon(), std::move(players), seed);
  Played played;
  played.ended = game.play([&](const GameEvent& event) {
    played.events.push_back(event);
    if (const auto* a = std::get_if<AuctionHeld>(&event)) played.auctions.push_back(*a);
    if (const auto* r = std::get_if<RoundEnded>(&event)) played.rounds.push_back(*r);
  });
  return played;
}

std::vector<std::unique_ptr<auction::Player>> seats(std::unique_ptr<auction::Player> first,
                                                    std::string_view second = "value") {
  std::vector<std::unique_ptr<auction::Player>> players;
  players.push_back(std::move(first));
  players.push_back(auction::make_bot(second, default_lexicon()));
  return players;
}

/// Seat 0's bid faults, in order, for the auctions it bid in.
std::vector<std::string> bid_faults(const Played& played, int seat = 0) {
  std::vector<std::string> faults;
  for (const AuctionHeld& a : played.auctions) {
    if (a.bids[seat].bidding) faults.push_back(a.bids[seat].fault);
  }
  return faults;
}

/// A text of the game's outcomes, to compare two games.
std::string summary(const Played& played) {
  std::string text;
  for (const AuctionHeld& a : played.auctions) text += format_result(a) + "\n";
  for (const RoundEnded& r : played.rounds) {
    for (const auto& word : r.words) text += word.word + " " + std::to_string(word.score) + " ";
    text += format_scores(r) + "\n";
  }
  return text;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

/// Every test runs with the protocol's clock frozen: no time limit passes while the bots reply,
/// exit or fail by themselves, so what a test checks never depends on how fast a loaded machine
/// runs them. A bot that stops replying on purpose (hanging_bot) lets the clock run.
class ExternalPlayerTest : public ChildProcessTest {
 protected:
  void SetUp() override {
    if (kPython.empty()) GTEST_SKIP() << "python3 was not found when the tests were configured";
  }

 private:
  FrozenClock frozen_;
};

/// The message of the ExternalBotError starting `command` throws.
std::string handshake_error(const std::string& command, const ExternalBotOptions& options) {
  try {
    start_external_player(command, options);
  } catch (const ExternalBotError& e) {
    return std::string(e.what());
  }
  return std::string("no error");
}

TEST_F(ExternalPlayerTest, TheHandshakeGivesTheBotsName) {
  EXPECT_EQ(start_external_player(test_bot("good"))->name(), "test-good");
  EXPECT_EQ(start_external_player(zero_bot())->name(), "zero_bot.sh");
}

TEST_F(ExternalPlayerTest, AHandshakeWithoutANameTimesOut) {
  EXPECT_EQ(handshake_error(hanging_bot("mute"), impatient()),
            "external bot '" + hanging_bot("mute") + "' timed out after 300 ms on 'auction 1'");
}

TEST_F(ExternalPlayerTest, AHandshakeWithoutReadyokTimesOut) {
  EXPECT_EQ(handshake_error(hanging_bot("noready"), impatient()),
            "external bot '" + hanging_bot("noready") + "' timed out after 300 ms on 'isready'");
}

TEST_F(ExternalPlayerTest, HandshakeFailuresNameTheCommandAndTheProblem) {
  EXPECT_EQ(handshake_error(test_bot("badhello"), {}),
            "external bot '" + test_bot("badhello") +
                "' replied 'hello' to 'auction 1' (expected 'name NAME')");
  // "before reading" or "before replying": whether the shell has exited before the first write.
  const test::TempDir dir;
  ExternalBotOptions logged;
  logged.stderr_path = dir / "bot.log";
  EXPECT_EQ(handshake_error("wg-no-such-bot --fast", logged)
                .rfind("external bot 'wg-no-such-bot --fast' exited with status 127 (command not "
                       "found?) before ",
                       0),
            0u);
  EXPECT_NE(read_file(dir / "bot.log").find("wg-no-such-bot: not found"), std::string::npos);
  EXPECT_EQ(handshake_error("exit 0", {}).rfind("external bot 'exit 0' exited with status 0", 0),
            0u);
  ExternalBotOptions unloggable;
  unloggable.stderr_path = dir / "missing" / "bot.log";
  const std::string cannot_open = handshake_error("true", unloggable);
  EXPECT_EQ(cannot_open,
            "external bot 'true' could not be started: " + (dir / "missing" / "bot.log").string() +
                ": cannot write (no such directory)");
}

TEST_F(ExternalPlayerTest, TheExampleBotPlaysAWholeGameWithBuiltInBotsAndLogsToStderr) {
  const test::TempDir dir;
  ExternalBotOptions options;
  options.stderr_path = dir / "bot.log";
  std::vector<std::unique_ptr<auction::Player>> players;
  players.push_back(start_external_player(
      kPython + " " + kSource + "/examples/auction_bot.py " + kSource + "/data/enable1.txt",
      options));
  players.push_back(auction::make_bot("value", default_lexicon()));
  players.push_back(auction::make_bot("random", default_lexicon()));
  players.push_back(start_external_player(zero_bot()));
  const Played played = play(rules_for(4, 3), std::move(players), 7);

  const auto& started = std::get<auction::GameStarted>(played.events.front());
  EXPECT_EQ(started.players[0], "auction_bot.py");
  EXPECT_EQ(started.players[3], "zero_bot.sh");
  ASSERT_EQ(played.rounds.size(), 3u);
  for (const int seat : {0, 3}) {
    for (const std::string& fault : bid_faults(played, seat)) EXPECT_EQ(fault, "") << seat;
  }
  int example_score = 0;
  for (const RoundEnded& round : played.rounds) {
    EXPECT_EQ(round.words[0].fault, "");  // its words are real words of its letters
    example_score += round.words[0].score;
    EXPECT_EQ(round.words[3].word, "");  // the zero bot names none
    EXPECT_EQ(round.words[3].fault, "");
  }
  EXPECT_GT(example_score, 0);
  const std::string log = read_file(dir / "bot.log");
  EXPECT_NE(log.find("[auction_bot] new game: seat 0 of 4, 3 rounds"), std::string::npos) << log;
  EXPECT_NE(log.find("[auction_bot] game over: points"), std::string::npos) << log;
}

TEST_F(ExternalPlayerTest, AGameWithWellBehavedExternalBotsIsDeterministic) {
  const auto game = [] {
    std::vector<std::unique_ptr<auction::Player>> players;
    players.push_back(start_external_player(example_bot()));
    players.push_back(auction::make_bot("value", default_lexicon()));
    players.push_back(start_external_player(test_bot("chatty")));
    return summary(play(rules_for(3, 2), std::move(players), 2024));
  };
  const std::string first = game();
  EXPECT_EQ(first, game());
  EXPECT_EQ(first.find("timed out"), std::string::npos);
}

TEST_F(ExternalPlayerTest, TheBotReceivesExactlyTheProtocolsMessages) {
  const test::TempDir dir;
  const auto transcript = dir / "received.txt";
  ExternalBotOptions options;
  options.sandbox = testing::trusted();  // it writes the transcript outside its folder
  auto bot = start_external_player(test_bot("good --record " + transcript.string()), options);
  const Played played = play(rules_for(2, 1), seats(std::move(bot)), 99);

  const std::vector<std::string> lines = lines_of(read_file(transcript));
  ASSERT_GE(lines.size(), 6u);
  EXPECT_EQ(lines[0], "auction 1");
  EXPECT_EQ(lines[1], "isready");
  EXPECT_EQ(lines[2].rfind("newgame 0 2 1 2 7 100 7 50 ", 0), 0u) << lines[2];
  const auto& round = std::get<auction::RoundStarted>(played.events[1]);
  EXPECT_EQ(lines[3], format_new_round({1, round.hidden[0], round.points}));
  std::size_t at = 4;
  std::vector<Letter> held = round.hidden[0];
  for (const AuctionHeld& a : played.auctions) {
    if (a.bids[0].bidding) {
      ASSERT_LT(at, lines.size());
      EXPECT_EQ(lines[at++].rfind(fmt::format("bid 1 {} {} {} ", a.number,
                                              Alphabet::english().upper(a.letter), a.pool_left),
                                  0),
                0u);
    }
    ASSERT_LT(at, lines.size());
    EXPECT_EQ(lines[at++], format_result(a));
    if (a.winner == 0) held.push_back(a.letter);
  }
  ASSERT_EQ(lines.size(), at + 4);
  EXPECT_EQ(lines[at++], format_word_request(1, held));
  EXPECT_EQ(lines[at++], format_scores(played.rounds[0]));
  EXPECT_EQ(lines[at++], format_game_over(played.ended));
  EXPECT_EQ(lines[at++], "quit");
}

TEST_F(ExternalPlayerTest, ABotThatHangsTimesOutAndIsNotAskedAgain) {
  // It replies to two bids, then hangs: the game goes on without it (or this test would hang).
  const Played played =
      play(rules_for(2, 2), seats(start_external_player(hanging_bot("hang 3"), impatient())), 5);
  const std::vector<std::string> faults = bid_faults(played);
  ASSERT_GT(faults.size(), 4u);
  EXPECT_EQ(faults[0], "");
  EXPECT_EQ(faults[1], "");
  EXPECT_EQ(faults[2].rfind("timed out after 250 ms on 'bid 1 3 ", 0), 0u) << faults[2];
  for (std::size_t i = 3; i < faults.size(); ++i) {
    EXPECT_EQ(faults[i], "not asked since it " + faults[2]);
  }
  for (const AuctionHeld& a : played.auctions) {
    if (!a.bids[0].fault.empty()) {
      EXPECT_EQ(a.bids[0].amount, 0);
    }
  }
  for (const RoundEnded& round : played.rounds) {
    EXPECT_EQ(round.words[0].score, 0);
    EXPECT_EQ(round.words[0].fault, "not asked since it " + faults[2]);
  }
  EXPECT_EQ(played.rounds.size(), 2u);
}

TEST_F(ExternalPlayerTest, ABotThatCrashesIsReportedWithItsSignal) {
  const Played played = play(rules_for(2, 1), seats(start_external_player(test_bot("crash 2"))), 5);
  const std::vector<std::string> faults = bid_faults(played);
  ASSERT_GT(faults.size(), 2u);
  EXPECT_EQ(faults[0], "");
  EXPECT_EQ(faults[1].rfind("killed by signal 11 (SIGSEGV) before replying to 'bid 1 2 ", 0), 0u)
      << faults[1];
  EXPECT_EQ(faults[2], "not asked since it " + faults[1]);
  EXPECT_EQ(played.rounds[0].words[0].fault, "not asked since it " + faults[1]);
}

TEST_F(ExternalPlayerTest, ABotThatExitsIsReportedWithItsStatus) {
  const Played played = play(rules_for(2, 1), seats(start_external_player(test_bot("exit 1"))), 5);
  const std::vector<std::string> faults = bid_faults(played);
  EXPECT_EQ(faults[0].rfind("exited with status 3 before replying to 'bid 1 1 ", 0), 0u)
      << faults[0];
  EXPECT_EQ(played.rounds[0].words[0].fault, "not asked since it " + faults[0]);
}

TEST_F(ExternalPlayerTest, ABotThatPrintsGarbageIsQuotedAndNotAskedAgain) {
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(test_bot("garbage 2"))), 5);
  const std::vector<std::string> faults = bid_faults(played);
  ASSERT_GT(faults.size(), 2u);
  EXPECT_EQ(faults[1].rfind("replied 'banana' to 'bid 1 2 ", 0), 0u) << faults[1];
  EXPECT_EQ(faults[2], "not asked since it " + faults[1]);
}

TEST_F(ExternalPlayerTest, ASecondReplyIsGarbageNotTheNextAnswer) {
  const Played played = play(rules_for(2, 1), seats(start_external_player(test_bot("twice 2"))), 5);
  const std::vector<std::string> faults = bid_faults(played);
  ASSERT_GT(faults.size(), 2u);
  EXPECT_EQ(faults[1], "");  // "bid 1" counted
  EXPECT_EQ(faults[2].rfind("wrote 'bid 2' when no reply was due (before 'bid 1 3 ", 0), 0u)
      << faults[2];
}

TEST_F(ExternalPlayerTest, AnEndlessLineIsGarbage) {
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(test_bot("longline 1"))), 5);
  EXPECT_EQ(bid_faults(played)[0].rfind("replied a line longer than 65536 bytes to 'bid 1 1 ", 0),
            0u)
      << bid_faults(played)[0];
}

// Hostile bots (docs/RELIABILITY.md, "Bots"): each is faulted, ended with every process it
// started, and the game goes on; ChildProcessTest checks that nothing is left.
TEST_F(ExternalPlayerTest, ABotFloodingItsOutputIsFaultedAndEnded) {
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(hostile_bot("flood-stdout"))), 5);
  const std::vector<std::string> faults = bid_faults(played);
  ASSERT_GT(faults.size(), 1u);
  EXPECT_EQ(faults[0].rfind("replied a line longer than 65536 bytes to 'bid 1 1 ", 0), 0u)
      << faults[0];
  EXPECT_EQ(faults[1], "not asked since it " + faults[0]);
}

TEST_F(ExternalPlayerTest, ABotFloodingItsStderrPlaysOnWithItsLogCut) {
  const test::TempDir dir;
  ExternalBotOptions options;
  options.stderr_path = dir / "bot.log";
  options.limits.stderr_kb = 4;
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(hostile_bot("flood-stderr"), options)), 5);
  for (const std::string& fault : bid_faults(played)) EXPECT_EQ(fault, "");
  const std::string log = read_file(dir / "bot.log");
  EXPECT_LE(log.size(), 4096u * played.auctions.size() + 200u);
  EXPECT_NE(log.find("more bytes of this bot's stderr were discarded]"), std::string::npos);
}

TEST_F(ExternalPlayerTest, ARepliedEscapeSequenceIsAFaultShownEscaped) {
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(hostile_bot("escape"))), 5);
  const std::string fault = bid_faults(played)[0];
  EXPECT_EQ(fault.rfind("replied 'bid 0\\x1b[2J' to 'bid 1 1 ", 0), 0u) << fault;
  EXPECT_EQ(fault.find('\x1b'), std::string::npos);
}

TEST_F(ExternalPlayerTest, ARepliedByteThatIsNotUtf8IsAFaultShownEscaped) {
  const Played played =
      play(rules_for(2, 1), seats(start_external_player(hostile_bot("not-utf8"))), 5);
  const std::string fault = bid_faults(played)[0];
  EXPECT_EQ(fault.rfind("replied 'bid 0\\xff' to 'bid 1 1 ", 0), 0u) << fault;
  EXPECT_TRUE(is_valid_utf8(fault));
}

TEST_F(ExternalPlayerTest, AGarbledWordScoresNothing) {
  const Played played = play(rules_for(2, 2), seats(start_external_player(test_bot("badword"))), 5);
  for (const AuctionHeld& a : played.auctions) {
    if (a.round == 1) {
      EXPECT_EQ(a.bids[0].fault, "");
    }
  }
  const auto& first = played.rounds[0].words[0];
  EXPECT_EQ(first.fault.rfind("replied 'word TWO WORDS' to 'word 1 ", 0), 0u) << first.fault;
  EXPECT_EQ(played.rounds[1].words[0].fault, "not asked since it " + first.fault);
}

TEST_F(ExternalPlayerTest, BidsBeyondThePointsAreTheGamesToRefuseAndTheBotPlaysOn) {
  const Played played = play(rules_for(2, 1), seats(start_external_player(test_bot("overbid"))), 5);
  for (const std::string& fault : bid_faults(played)) {
    EXPECT_EQ(fault, "bid 1000 is more than the player's 100 points");
  }
  EXPECT_EQ(played.rounds[0].words[0].fault, "");
}

TEST_F(ExternalPlayerTest, ABotThatDiesBetweenRequestsIsReportedAtTheNextRequest) {
  auto player = start_external_player(test_bot("quit-early 1"));
  auction::Rules rules = rules_for(2, 1);
  player->new_game({0, rules, 1});
  AuctionHeld held;
  held.round = 1;
  held.number = 1;
  held.letter = 0;
  held.bids = {{true, 3, {}}, {true, 2, {}}};
  held.winner = 0;
  held.price = 2;
  player->bid_result(held);            // the bot exits on reading it
  testing::wait_for_a_child_to_end();  // the bot, this test's only child
  // Found writing the next result: its input has no reader any more.
  for (int i = 0; i < 3; ++i) player->bid_result(held);
  const std::vector<int> points = {98, 100};
  const std::vector<Letter> letters = {0};
  const auction::BidRequest request{1, 2, 1, letters, points, {}, 90};
  const std::string fault = player->get_bid(request).fault;
  EXPECT_EQ(fault, "exited with status 0 before reading '" + format_result(held) + "'");
  EXPECT_EQ(player->get_bid(request).fault, "not asked since it " + fault);
  EXPECT_EQ(player->get_word(letters).fault, "not asked since it " + fault);
}

TEST_F(ExternalPlayerTest, ExternalBotsPlayInATournamentOnSeveralThreads) {
  auction::TournamentConfig config;
  config.rules = rules_for(2, 2);
  config.lineup = {"external", "value"};
  config.games = 6;
  config.seed = 3;
  const auction::PlayerFactory factory = [](std::string_view name) {
    if (name == "external") return start_external_player(test_bot("good"));
    return auction::make_bot(name, default_lexicon());
  };
  config.jobs = 1;
  const auction::TournamentResult one = auction::run_tournament(config, default_lexicon(), factory);
  config.jobs = 3;
  const auction::TournamentResult three =
      auction::run_tournament(config, default_lexicon(), factory);
  ASSERT_EQ(one.bots.size(), 2u);
  ASSERT_EQ(three.bots.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(one.bots[i].mean_score, three.bots[i].mean_score);
    EXPECT_EQ(one.bots[i].faulty_bids, 0);
    EXPECT_EQ(three.bots[i].faulty_bids, 0);
  }
}

}  // namespace
}  // namespace wg::protocol
