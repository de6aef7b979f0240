// `wordgames evil-hangman` run as a user would: prompts and their bad answers, end of input at
// every prompt, options, autoplay, and golden transcripts of seeded games (re-record with
//   WG_UPDATE_GOLDEN=1 build/tests/cli/cli_test --gtest_filter='*EvilHangmanGolden*'
// and read the diff before committing).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "support/golden.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

ProcessResult play(std::vector<std::string> args, std::string input) {
  ProcessOptions options;
  options.stdin_text = std::move(input);
  args.insert(args.begin(), "evil-hangman");
  return wordgames(std::move(args), options);
}

/// The spec's nine four-letter words, and words of lengths 3 and 5 only (a list with a gap).
struct Lists {
  TempDir dir{"wg-evil-hangman"};
  std::string nine =
      dir.write("nine.txt", "ally\nbeta\ncool\ndeal\nelse\nflew\ngood\nhope\nibex\n");
  std::string three = dir.write("three.txt", "deal\ntear\nmonk\n");
  std::string gap = dir.write("gap.txt", "cat\ndog\nhorse\nmouse\n");
};

TEST(EvilHangmanCliTest, LengthPromptSkipsGapsInTheList) {
  Lists lists;
  const ProcessResult r =
      play({"--lexicon", lists.gap, "--seed", "1"}, "4\n0\n-3\n9\nfive\n\n3\n1\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(count(r.out, "There are no words of length"), 4u) << r;
  EXPECT_TRUE(contains(r.out, "There are no words of length 4; lengths with words: 3, 5.")) << r;
  EXPECT_EQ(count(r.out, "Please enter a whole number (lengths with words: 3, 5)."), 2u) << r;
  EXPECT_TRUE(contains(r.out, "Word: ---")) << r;
}

TEST(EvilHangmanCliTest, EveryBadAnswerIsRefusedAndAskedAgain) {
  Lists lists;
  const ProcessResult r = play({"--lexicon", lists.nine, "--seed", "1"},
                               "4\n0\n-2\n1.5\nlots\n\n5\nmaybe\n\nyes\n"
                               "\nab\n5\n?\ne\ne\nE\no\nt\nc\nl\nd\ng\nsometimes\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(count(r.out, "Please enter a whole number of at least 1."), 5u) << r;
  EXPECT_EQ(count(r.out, "Please answer yes or no."), 3u) << r;  // 2 at show, 1 at again
  EXPECT_EQ(count(r.out, "Please enter a letter."), 1u) << r;
  EXPECT_EQ(count(r.out, "Please enter just one letter."), 1u) << r;
  EXPECT_TRUE(contains(r.out, "'5' is not a letter.")) << r;
  EXPECT_TRUE(contains(r.out, "'?' is not a letter.")) << r;
  EXPECT_EQ(count(r.out, "You already guessed E."), 2u) << r;  // e again, and E in capitals
  EXPECT_TRUE(contains(r.out, "Words remaining: 9")) << r;
  EXPECT_TRUE(contains(r.out, "Words remaining: 3")) << r;  // after E: ally cool good
  EXPECT_TRUE(contains(r.out, "Word: -OO-")) << r;
}

TEST(EvilHangmanCliTest, EndOfInputAtEveryPromptEndsCleanly) {
  Lists lists;
  const std::vector<std::string> answers = {"4", "5", "yes", "e", "o", "x", "y", "z", "q", "no"};
  for (std::size_t n = 0; n <= answers.size(); ++n) {
    std::string input;
    for (std::size_t i = 0; i < n; ++i) input += answers[i] + "\n";
    const ProcessResult r = play({"--lexicon", lists.nine, "--seed", "3"}, input);
    EXPECT_EQ(r.exit_code, 0) << n << r;
    EXPECT_EQ(r.err, "") << n << r;
    EXPECT_FALSE(r.timed_out) << n;
  }
  // End of input in the middle of a line, and inside a reprompt loop.
  for (const std::string input : {"4", "4\n5\nyes\nee", "4\n5\nyes\ne\ne\n"}) {
    const ProcessResult r = play({"--lexicon", lists.nine}, input);
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(r.err, "") << r;
  }
}

TEST(EvilHangmanCliTest, OptionsSkipThePrompts) {
  Lists lists;
  const ProcessResult r = play({"--lexicon", lists.nine, "--seed", "5", "--length", "4",
                                "--guesses", "1", "--show-remaining"},
                               "e\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_FALSE(contains(r.out, "Word length:")) << r;
  EXPECT_FALSE(contains(r.out, "Number of guesses:")) << r;
  EXPECT_FALSE(contains(r.out, "Show the number")) << r;
  EXPECT_TRUE(contains(r.out, "Words remaining: 9")) << r;
  EXPECT_TRUE(contains(r.out, "You are out of guesses. The word was")) << r;
  EXPECT_TRUE(contains(r.out, "Seed 5 (replay with --seed 5)")) << r;
}

TEST(EvilHangmanCliTest, PlayAgainAsksWhatTheOptionsLeaveOutForEveryGame) {
  Lists lists;
  const ProcessResult r = play({"--lexicon", lists.gap, "--seed", "4", "--guesses", "1"},
                               "3\nno\nz\nyes\n5\nyes\nz\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(count(r.out, "Word length: "), 2u) << r;
  EXPECT_EQ(count(r.out, "Number of guesses: "), 0u) << r;
  EXPECT_EQ(count(r.out, "Show the number of words remaining?"), 2u) << r;
  EXPECT_EQ(count(r.out, "Words remaining: "), 1u) << r;    // the second game only
  EXPECT_TRUE(contains(r.out, "Words remaining: 2")) << r;  // horse, mouse
  EXPECT_EQ(count(r.out, "You are out of guesses. The word was "), 2u) << r;
}

TEST(EvilHangmanCliTest, GiveUpAndHelpAtTheGuessPrompt) {
  Lists lists;
  const ProcessResult r = play({"--lexicon", lists.nine, "--seed", "2", "--length", "4",
                                "--guesses", "3", "--hide-remaining"},
                               "HELP\ne\nGive Up\nyes\nz\n!\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(count(r.out, "'give up' (or '!') ends"), 1u) << r;  // help, then asked again
  EXPECT_EQ(count(r.out, "You gave up. The word was "), 2u) << r;
  EXPECT_FALSE(contains(r.out, "out of guesses")) << r;
  EXPECT_EQ(count(r.out, "Play again?"), 2u) << r;
}

TEST(EvilHangmanCliTest, TheGallowsGrowsWithEachMiss) {
  Lists lists;
  // Three misses allowed: the gallows stands from the start, two pieces of the figure a miss.
  const ProcessResult r = play({"--lexicon", lists.three, "--seed", "1", "--length", "4",
                                "--guesses", "3", "--hide-remaining"},
                               "z\nq\nx\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(count(r.out, "  +----+"), 3u) << r;  // before each of the three guesses asked
  EXPECT_EQ(count(r.out, "    O"), 2u) << r;     // after the first and second miss
  EXPECT_EQ(count(r.out, "==+====="), 3u) << r;
  EXPECT_FALSE(contains(r.out, "\x1b[")) << r;  // no colour in a pipe
}

TEST(EvilHangmanCliTest, ATooLargeLengthSaysSo) {
  Lists lists;
  const ProcessResult r =
      play({"--lexicon", lists.nine, "--seed", "1"}, "99999999999999999999\n4\n1\nno\ne\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "That number is too large. Please enter a whole number")) << r;
}

TEST(EvilHangmanCliTest, TheWordNamedWhenYouLoseIsOnePeopleKnow) {
  // Only COOL is a common word (data/common-words.txt); a miss leaves every word held.
  TempDir dir{"wg-evil-hangman-words"};
  const std::string list = dir.write("list.txt", "bbbb\ncccc\ncool\ndddd\nffff\ngggg\n");
  bool other = false;
  for (const std::string seed : {"1", "2", "3", "4", "5", "6"}) {
    const std::vector<std::string> args = {
        "--lexicon", list, "--seed", seed, "--length", "4", "--guesses", "1", "--hide-remaining"};
    const ProcessResult common = play(args, "e\nno\n");
    EXPECT_TRUE(contains(common.out, "The word was COOL.")) << common;
    std::vector<std::string> all_args = args;
    all_args.insert(all_args.end(), {"--words", "all"});
    const ProcessResult all = play(all_args, "e\nno\n");
    ASSERT_EQ(all.exit_code, 0) << all;
    other = other || !contains(all.out, "The word was COOL.");
  }
  EXPECT_TRUE(other);
}

TEST(EvilHangmanCliTest, BadOptionsAreUsageErrors) {
  Lists lists;
  const std::vector<std::vector<std::string>> cases = {
      {"--length", "26"},  // ENABLE's gap
      {"--length", "0"},
      {"--length", "x"},
      {"--guesses", "0"},
      {"--strategy", "nasty"},
      {"--depth", "0"},
      {"--words", "rare"},
      {"--show-remaining", "--hide-remaining"},
      {"--json"},
      {"autoplay", "--guesser", "psychic"},
      {"autoplay", "--length", "99"},
  };
  for (const auto& args : cases) {
    const ProcessResult r = play(args, "");
    EXPECT_EQ(r.exit_code, 1) << args[0] << r;
    EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
    EXPECT_EQ(r.out, "") << r;
  }
  const ProcessResult gap = play({"--length", "26"}, "");
  EXPECT_TRUE(contains(gap.err, "no words of length 26 (lengths with words: 2-25, 27, 28)")) << gap;
  const ProcessResult missing = play({"--lexicon", "/nonexistent/words.txt", "--length", "4"}, "");
  EXPECT_EQ(missing.exit_code, 2) << missing;
}

TEST(EvilHangmanCliTest, NumericOptionsRefuseHugeAndNonDecimalNumbersNamingTheOption) {
  // Issue 17: every number option goes through the CLI's number parser.
  const std::vector<std::vector<std::string>> options = {
      {"--length"},
      {"--guesses"},
      {"--depth"},
      {"autoplay", "--length"},
      {"autoplay", "--guesses"},
      {"autoplay", "--depth"},
      {"table", "--min-length"},
      {"table", "--max-length"},
      {"table", "--guesses"},
      {"table", "--depths"},
      {"table", "--depths", "2"},  // the second of several
  };
  for (const auto& option : options) {
    const std::string& name = option[option[0] == "table" || option[0] == "autoplay" ? 1 : 0];
    for (const char* bad : {"99999999999999999999", "0x10", "-1", "0"}) {
      std::vector<std::string> args = option;
      args.emplace_back(bad);
      const ProcessResult r = play(args, "");
      EXPECT_EQ(r.exit_code, 1) << name << ' ' << bad << r;
      EXPECT_EQ(r.out, "") << r;
      EXPECT_TRUE(contains(r.err, "wordgames: " + name + ": ")) << r;
      const std::string what = std::string(bad) == "99999999999999999999" ? "is too large"
                               : std::string(bad) == "0"                  ? "must be from 1 to"
                                                                          : "is not a whole number";
      EXPECT_TRUE(contains(unwrapped(r.err), what)) << name << ' ' << bad << r;
    }
  }
  const ProcessResult huge = play({"--length", "99999999999999999999"}, "");
  EXPECT_TRUE(contains(unwrapped(huge.err),
                       "'99999999999999999999' is too large: give a whole number from 1 "
                       "to 64"))
      << huge;
  const ProcessResult zero = play({"--depth", "0"}, "");
  EXPECT_TRUE(contains(zero.err, "must be from 1 to 2147483647, not 0")) << zero;
}

TEST(EvilHangmanCliTest, AutoplayDealTearMonkWithOneGuessLeft) {
  Lists lists;
  for (const std::string strategy : {"lookahead", "optimal"}) {
    const ProcessResult r =
        wordgames({"--lexicon", lists.three, "evil-hangman", "autoplay", "--strategy", strategy,
                   "--guesser", "frequency", "--length", "4", "--guesses", "1", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r;
    const auto doc = json_of(r);
    EXPECT_EQ(doc["won"], false) << r;
    EXPECT_EQ(doc["misses"], 1) << r;
    EXPECT_EQ(doc["word"], "monk") << r;
    EXPECT_EQ(doc["turns"][0]["letter"], "a") << r;  // in two of three words; A before E
  }
}

TEST(EvilHangmanCliTest, AutoplayIsReproducible) {
  const std::vector<std::string> args = {"--seed",     "11",   "evil-hangman", "autoplay",
                                         "--strategy", "fair", "--length",     "6",
                                         "--guesses",  "26",   "--json"};
  const ProcessResult a = wordgames(args);
  const ProcessResult b = wordgames(args);
  ASSERT_EQ(a.exit_code, 0) << a;
  EXPECT_EQ(a.out, b.out);
  const auto doc = json_of(a);
  EXPECT_EQ(doc["won"], true) << a;  // 26 guesses always finish the word
  EXPECT_EQ(doc["word"].get<std::string>().size(), 6u);
  EXPECT_EQ(doc["seed"], 11u);
}

TEST(EvilHangmanCliTest, TableHasARowPerLength) {
  const ProcessResult r =
      wordgames({"--seed", "1", "evil-hangman", "table", "--min-length", "5", "--max-length", "6",
                 "--depths", "2", "--no-optimal", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto doc = json_of(r);
  ASSERT_EQ(doc["rows"].size(), 2u) << r;
  EXPECT_EQ(doc["rows"][0]["length"], 5);
  EXPECT_EQ(doc["rows"][0]["results"].size(), 4u);  // 2 hosts x 2 guessers
  for (const auto& cell : doc["rows"][1]["results"]) {
    EXPECT_EQ(cell["won"], true) << r;
    EXPECT_GT(cell["misses"].get<int>(), 0) << r;
  }
}

TEST(EvilHangmanCliTest, TableValueWithASmallMemo) {
  // Two-letter words, 7 guesses: the host forces all 7 (the value is 14), even with a memo of
  // 1024 positions; a memo of 0 is refused.
  const ProcessResult r =
      wordgames({"--seed", "1", "evil-hangman", "table", "--min-length", "2", "--max-length", "2",
                 "--guesses", "7", "--depths", "2", "--no-optimal", "--value", "--budget",
                 "100000000", "--memo", "1024", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["rows"][0]["value"], 7) << r;
  const ProcessResult zero = wordgames({"evil-hangman", "table", "--memo", "0"});
  EXPECT_EQ(zero.exit_code, 1) << zero;
}

TEST(EvilHangmanCliTest, TablePlaysOptimalWhereTheValueIsWithinBudget) {
  Lists lists;
  const std::vector<std::string> args = {
      "--lexicon",    lists.nine, "--seed",   "1", "evil-hangman", "table", "--min-length", "4",
      "--max-length", "4",        "--depths", "2", "--value",      "--json"};
  const ProcessResult r = wordgames(args);
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto row = json_of(r)["rows"][0];
  const int value = row["value"].get<int>();
  EXPECT_EQ(value, 2) << r;  // as a brute-force minimax over these nine words finds
  ASSERT_EQ(row["results"].size(), 6u) << r;
  for (const auto& cell : row["results"]) {
    // The value is what the optimal host guarantees against any guesser.
    if (cell["host"] == "optimal") {
      EXPECT_GE(cell["misses"].get<int>(), value) << r;
    }
  }

  std::vector<std::string> tight = args;
  tight.insert(tight.end(), {"--budget", "1"});
  const ProcessResult over = wordgames(tight);
  ASSERT_EQ(over.exit_code, 0) << over;
  const auto over_row = json_of(over)["rows"][0];
  EXPECT_TRUE(over_row["value"].is_null()) << over;
  for (const auto& cell : over_row["results"]) {
    EXPECT_EQ(cell["misses"].is_null(), cell["host"] == "optimal") << over;
  }
}

TEST(EvilHangmanCliTest, TableIsTheSameOnAnyNumberOfThreads) {
  Lists lists;
  std::vector<std::string> args = {
      "--lexicon", lists.gap,      "--seed", "5",       "evil-hangman", "table", "--min-length",
      "1",         "--max-length", "9",      "--value", "--json",       "--jobs"};
  std::string first;
  for (const char* jobs : {"1", "2", "3"}) {
    args.push_back(jobs);
    const ProcessResult r = wordgames(args);
    args.pop_back();
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(json_of(r)["rows"].size(), 2u) << r;  // lengths 3 and 5 only
    if (first.empty()) first = r.out;
    EXPECT_EQ(r.out, first) << "jobs " << jobs;
  }
  const ProcessResult zero = wordgames({"evil-hangman", "table", "--jobs", "0"});
  EXPECT_EQ(zero.exit_code, 1) << zero;
}

TEST(EvilHangmanCliTest, TableRefusesBadLimitsAndLengthsWithoutWords) {
  Lists lists;
  for (const char* option : {"--budget", "--memo", "--work"}) {
    for (const char* bad : {"0", "-5", "abc"}) {
      // A small table, should the refusal ever regress.
      const ProcessResult r = wordgames({"--lexicon", lists.gap, "evil-hangman", "table",
                                         "--no-optimal", "--depths", "1", option, bad});
      EXPECT_EQ(r.exit_code, 1) << option << ' ' << bad << r;
      EXPECT_NE(r.err.find(option), std::string::npos) << r;
    }
  }
  const ProcessResult none = wordgames(
      {"--lexicon", lists.gap, "evil-hangman", "table", "--min-length", "6", "--max-length", "9"});
  EXPECT_EQ(none.exit_code, 1) << none;
  EXPECT_NE(none.err.find("no words of any length from 6 to 9 (lengths with words: 3, 5)"),
            std::string::npos)
      << none;
}

TEST(EvilHangmanCliTest, TableShowsWhatTheSolverProvedWhenOverBudget) {
  // All 972 three-letter words, 8 guesses: the value (8) takes thousands of positions; 300
  // prove a lower bound and leave the optimal host out.
  const ProcessResult r =
      wordgames({"evil-hangman", "table", "--min-length", "3", "--max-length", "3", "--guesses",
                 "8", "--depths", "2", "--value", "--budget", "300"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("| 3 | 972 | >= "), std::string::npos) << r;
  EXPECT_NE(r.out.find(" - | - |\n"), std::string::npos) << r;  // the optimal cells
}

// --- Golden transcripts: one seeded game per strategy.

struct GoldenCase {
  std::string name;
  std::vector<std::string> args;
  std::string input;
  bool nine_words = false;
};

class EvilHangmanGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(EvilHangmanGoldenTest, MatchesTheRecordedTranscript) {
  const GoldenCase& c = GetParam();
  Lists lists;
  std::vector<std::string> args = {"--seed", "2024", "evil-hangman"};
  if (c.nine_words) {
    args.insert(args.begin(), lists.nine);
    args.insert(args.begin(), "--lexicon");
  }
  args.insert(args.end(), c.args.begin(), c.args.end());
  ProcessOptions options;
  options.stdin_text = c.input;
  // A data folder of its own: a game left unfinished is saved as game 1, whatever ran before.
  const TempDir data("wg-golden-data");
  options.env["XDG_DATA_HOME"] = data.path().string();
  const ProcessResult r = wordgames(args, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  std::string out = r.out;  // the temporary word list, as the command to resume names it
  for (auto at = out.find(lists.nine); at != std::string::npos; at = out.find(lists.nine)) {
    out.replace(at, lists.nine.size(), "NINE_WORDS");
  }
  EXPECT_TRUE(matches_golden("cli/golden/evil-hangman/" + c.name + ".txt", out));
}

INSTANTIATE_TEST_SUITE_P(
    Strategies, EvilHangmanGoldenTest,
    ::testing::Values(
        GoldenCase{"spec-largest", {}, "4\n5\nyes\ne\no\nt\nc\nd\nl\ng\nno\n", true},
        GoldenCase{"largest", {"--strategy", "largest"}, "6\n6\nyes\ne\na\ni\no\nu\ns\nr\nno\n"},
        GoldenCase{"lookahead-explain",
                   {"--strategy", "lookahead", "--depth", "2", "--explain", "--length", "5",
                    "--guesses", "3", "--show-remaining"},
                   "e\na\no\nno\n"},
        GoldenCase{"optimal-explain",
                   {"--strategy", "optimal", "--explain", "--guesses", "2", "--length", "4"},
                   "no\ne\no\nl\nno\n",
                   true},
        GoldenCase{"fair",
                   {"--strategy", "fair", "--length", "5", "--guesses", "8", "--hide-remaining"},
                   "e\na\ns\nr\no\ni\nt\nl\nn\nu\nd\nc\np\nm\nh\nno\n"}),
    [](const ::testing::TestParamInfo<GoldenCase>& param_info) {
      std::string name = param_info.param.name;
      for (char& ch : name) {
        if (ch == '-') ch = '_';
      }
      return name;
    });

}  // namespace
}  // namespace wg::test
