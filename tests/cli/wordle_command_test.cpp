// `wordgames wordle` run as a user would: bad answers, end of input at every prompt, options,
// autoplay, resume and statistics, and golden transcripts of seeded games (re-record with
//   WG_UPDATE_GOLDEN=1 build/tests/cli/cli_test --gtest_filter='*WordleGolden*'
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

/// Five-letter words and a few of four letters: a list small enough to play through.
struct Lists {
  TempDir dir{"wg-wordle"};
  std::string small = dir.write(
      "small.txt",
      "abide\nbleed\ncaret\ncrane\ncrate\ncreed\nerase\ngrate\ngreed\nplead\nreact\nslate\n"
      "spade\nspeck\nspeed\nspend\nsteed\ntrace\nbake\ncake\nlake\n");
};

ProcessResult run_in(const std::filesystem::path& dir, std::vector<std::string> args,
                     std::string input) {
  args.insert(args.begin(), {"--data", dir.string(), "--player", "ann"});
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

ProcessResult play(const Lists& lists, std::vector<std::string> args, std::string input) {
  args.insert(args.begin(), {"--lexicon", lists.small, "wordle"});
  return run_in(lists.dir.path(), std::move(args), std::move(input));
}

TEST(WordleCliTest, EveryBadAnswerIsRefusedAndAskedAgain) {
  Lists lists;
  const ProcessResult r =
      play(lists, {"--seed", "1"}, "\ncrab\ncr4ne\nzzzzz\nhelp\n?\nspeed\n!\nmaybe\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(count(r.out, "Please enter a word of 5 letters."), 3u) << r;
  EXPECT_TRUE(contains(r.out, "'ZZZZZ' is not in the word list.")) << r;
  EXPECT_TRUE(contains(r.out, "'?' (or 'hint') asks the AI")) << r;
  EXPECT_TRUE(contains(r.out, "Hint: try ")) << r;
  EXPECT_TRUE(contains(r.out, "You gave up. The word was ")) << r;
  EXPECT_TRUE(contains(r.out, "Please answer yes or no.")) << r;
}

TEST(WordleCliTest, EndOfInputAtEveryPromptEndsCleanly) {
  Lists lists;
  const std::vector<std::string> answers = {"speed", "?", "crane", "!", "yes", "!", "no"};
  for (std::size_t n = 0; n <= answers.size(); ++n) {
    std::string input;
    for (std::size_t i = 0; i < n; ++i) input += answers[i] + "\n";
    const ProcessResult r = play(lists, {"--seed", "3"}, input);
    EXPECT_EQ(r.exit_code, 0) << n << r;
    EXPECT_EQ(r.err, "") << n << r;
  }
  const ProcessResult r = play(lists, {"--seed", "3"}, "spe");
  EXPECT_EQ(r.exit_code, 0) << r;
}

TEST(WordleCliTest, TheGridShowsMarksInShapeAsWellAsColour) {
  Lists lists;
  // The fair host with seed 4 and a guess of every word until the game ends.
  const ProcessResult r = play(lists, {"--seed", "4", "--host", "fair", "--guesses", "0"},
                               "speed\ncrane\nabide\nbleed\ncaret\ncrate\ncreed\nerase\ngrate\n"
                               "greed\nplead\nreact\nslate\nspade\nspeck\nspend\nsteed\ntrace\n"
                               "no\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "You found ")) << r;
  EXPECT_TRUE(contains(r.out, "[A]: in the word, here.")) << r;
  EXPECT_FALSE(contains(r.out, "\x1b[")) << r;  // NO_COLOR, and a pipe
  const std::size_t found = r.out.find("You found ");
  // The last row is all brackets: five greens.
  const std::size_t row = r.out.rfind("  [", found);
  ASSERT_NE(row, std::string::npos) << r;
  EXPECT_EQ(count(r.out.substr(row, found - row), "["), 5u) << r;
}

TEST(WordleCliTest, HardModeSaysWhatTheGuessMustUse) {
  Lists lists;
  // With the fair host, some seed's word shows SPEED a letter that ABIDE drops: ABIDE is refused.
  bool refused = false;
  for (int seed = 1; seed < 30 && !refused; ++seed) {
    const ProcessResult r =
        play(lists, {"--seed", std::to_string(seed), "--host", "fair", "--hard"},
             "speed\nabide\n!\nno\n");
    ASSERT_EQ(r.exit_code, 0) << r;
    refused = contains(r.out, "Hard mode: ");
  }
  EXPECT_TRUE(refused);
}

TEST(WordleCliTest, OptionsAndTheirErrors) {
  Lists lists;
  ProcessResult r = play(lists, {"--length", "3"}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  r = play(lists, {"--length", "6"}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "no words of length 6")) << r;
  r = play(lists, {"--host", "optimal"}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  r = play(lists, {"--json"}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  r = play(lists, {"--length", "4", "--seed", "2", "--guesses", "1", "--show-remaining"},
           "bake\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "4 letters, the host is largest, 1 guess allowed.")) << r;
  EXPECT_TRUE(contains(r.out, "Guess 1 of 1; 3 words possible")) << r;
  EXPECT_TRUE(contains(r.out, "Out of guesses. The word was ")) << r;
}

TEST(WordleCliTest, AutoplayPlaysTheHintsToTheEnd) {
  Lists lists;
  ProcessResult r = run_in(lists.dir.path(),
                           {"--lexicon", lists.small, "--seed", "7", "--json", "wordle", "autoplay",
                            "--host", "lookahead"},
                           "");
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto doc = json_of(r);
  EXPECT_EQ(doc["won"], true);
  EXPECT_EQ(doc["host"], "lookahead");
  EXPECT_EQ(doc["rows"].size(), doc["guesses"].get<std::size_t>());
  EXPECT_EQ(doc["rows"].back()["pattern"], "ggggg");
  EXPECT_TRUE(doc["best_possible"].is_number_integer());
  // The same seed plays the same game, in text too.
  r = run_in(lists.dir.path(),
             {"--lexicon", lists.small, "--seed", "7", "wordle", "autoplay", "--host", "lookahead"},
             "");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Won in ")) << r;
  EXPECT_TRUE(contains(r.out, doc["word"].get<std::string>() + " ggggg")) << r;
}

TEST(WordleCliTest, AGameLeftUnfinishedIsResumedAndCountedInTheStatistics) {
  Lists lists;
  ProcessResult r = play(lists, {"--seed", "5"}, "speed\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  r = run_in(lists.dir.path(), {"resume", "--json"}, "");
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto list = json_of(r);
  ASSERT_EQ(list["games"].size(), 1u) << list;
  EXPECT_EQ(list["games"][0]["moves"], 1);
  const std::string id = std::to_string(list["games"][0]["id"].get<std::int64_t>());
  r = run_in(lists.dir.path(), {"--lexicon", lists.small, "resume", id}, "!\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "the game resumed")) << r;
  EXPECT_TRUE(contains(r.out, "Guess 2")) << r;
  EXPECT_TRUE(contains(r.out, "You gave up.")) << r;

  // Win a game by the hints: each run replays the same seeded game with one more hint played.
  const auto hint_of = [](const std::string& out) {
    const auto at = out.rfind("Hint: try ");
    return at == std::string::npos ? std::string() : out.substr(at + 10, 5);
  };
  std::string script;
  for (int turn = 0; turn < 12 && !contains(r.out, "You found "); ++turn) {
    r = play(lists, {"--seed", "6"}, script + "?\n!\nno\n");
    const std::string hint = hint_of(r.out);
    ASSERT_EQ(hint.size(), 5u) << r;
    script += hint + "\n";
    r = play(lists, {"--seed", "6"}, script + "no\n");
  }
  ASSERT_TRUE(contains(r.out, "You found ")) << r;
  r = run_in(lists.dir.path(), {"stats"}, "");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Guesses to win by word length")) << r;
  EXPECT_TRUE(contains(r.out, "Wins by guesses")) << r;
}

// --- Golden transcripts: one seeded game per host.

struct GoldenCase {
  std::string name;
  std::vector<std::string> args;
  std::string input;
};

class WordleGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(WordleGoldenTest, MatchesTheRecordedTranscript) {
  const GoldenCase& c = GetParam();
  TempDir dir{"wg-wordle-golden"};
  std::vector<std::string> args = {
      "--data", dir.path().string(), "--player", "ann", "--seed", "2024", "wordle"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  ProcessOptions options;
  options.stdin_text = c.input;
  const ProcessResult r = wordgames(args, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_TRUE(matches_golden("cli/golden/wordle/" + c.name + ".txt", r.out));
}

INSTANTIATE_TEST_SUITE_P(
    Hosts, WordleGoldenTest,
    ::testing::Values(
        GoldenCase{"largest", {"--show-remaining"}, "aloes\n?\nprint\ndumbs\nfuzzy\nyucky\nno\n"},
        GoldenCase{"lookahead",
                   {"--host", "lookahead"},
                   "crane\nsolei\n?\nvodka\nwombs\nfifes\npipes\nno\n"},
        GoldenCase{"fair-hard",
                   {"--host", "fair", "--hard"},
                   "slate\nabide\nirons\ncomps\n?\ndocks\nhocks\njocks\nno\n"}),
    [](const ::testing::TestParamInfo<GoldenCase>& info) {
      std::string name = info.param.name;
      for (char& ch : name) {
        if (ch == '-') ch = '_';
      }
      return name;
    });

}  // namespace
}  // namespace wg::test
