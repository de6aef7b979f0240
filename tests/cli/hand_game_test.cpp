// `wordgames hand`: the word game played through the binary, as a user would (piped stdin).
// Golden transcripts of seeded series are in golden/hand/; re-record them after an intended
// change with
//   WG_UPDATE_GOLDEN=1 build/tests/cli/cli_test --gtest_filter='CliHandGame*'
// and read the diff before committing.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "support/golden.h"

namespace wg::test {
namespace {

ProcessResult play(std::vector<std::string> args, std::string input) {
  ProcessOptions options;
  options.stdin_text = std::move(input);
  args.insert(args.begin(), "hand");
  return wordgames(std::move(args), options);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// The last line of the game's own text: before the share text and challenge code of its end.
std::string last_line(const std::string& text) {
  auto lines = lines_of(text);
  const auto share = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.starts_with("Share: ");
  });
  lines.erase(share, lines.end());
  return lines.empty() ? "" : lines.back();
}

// Seed 3 deals "a i r s t v *" then "h m o u v w *". Covers the hands prompt, substitution,
// a valid word, an invalid word with letters the hand lacks, a `*` no vowel completes, `!!`,
// a wildcard word, running out of letters, the replay (better score counts) and upper case.
TEST(CliHandGameTest, GoldenSeriesWithSubstitutionReplayAndWildcards) {
  const ProcessResult r =
      play({"--seed", "3"}, "2\nyes\nv\nstar\nxyz\ni*\n!!\nno\nwh*mo\nuv\nyes\nUV\nWH*MO\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(matches_golden("cli/golden/hand/series_seed3.txt", r.out));
  EXPECT_TRUE(contains(r.out, "Current hand: a e i r s t *")) << r;  // after substituting v
  EXPECT_TRUE(contains(r.out, "\"star\" earned 76 points. Total: 76 points")) << r;
  EXPECT_TRUE(contains(r.out, "Ran out of letters")) << r;
  // 76 for the first hand, the better of 348 and 420 for the second.
  EXPECT_EQ(last_line(r.out), "Total score over all hands: 496") << r;
}

// Seed 5, one hand of 4: hints on request, a wildcard word, the optimal plan afterwards.
TEST(CliHandGameTest, GoldenHintsAndOptimalPlan) {
  const ProcessResult r = play({"--seed", "5", "--hands", "1", "--hand-size", "4", "--hints"},
                               "no\n?\nad*\n?\n!!\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/hand/hints_seed5.txt", r.out));
  EXPECT_TRUE(contains(r.out, "Hint: the best word is \"ax*d\" (axed) 308.")) << r;
  EXPECT_TRUE(contains(r.out, "Best possible for this hand: 308 points")) << r;
  EXPECT_EQ(last_line(r.out), "Total score over all hands: 54") << r;
}

TEST(CliHandGameTest, GoldenEveryBadAnswerAtEveryPrompt) {
  const ProcessResult r = play({"--seed", "3"},
                               "x\n0\n-1\n1.5\n\n1\nmaybe\n\nyes\n*\nzz\nq\n\nv\n"
                               "\nab-c\n?\nstar\n!!\nperhaps\nNO\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/hand/bad_answers_seed3.txt", r.out));
  const std::string out = r.out;
  EXPECT_TRUE(contains(out, "Enter total number of hands: x\nPlease enter a whole number")) << r;
  EXPECT_TRUE(contains(out, "substitute a letter? maybe\nPlease answer yes or no.")) << r;
  EXPECT_TRUE(contains(out, "replace: *\nThe wildcard cannot be replaced")) << r;
  EXPECT_TRUE(contains(out, "replace: zz\nPlease enter one letter of your hand.")) << r;
  EXPECT_TRUE(contains(out, "replace: q\nThere is no 'q' in your hand.")) << r;
  EXPECT_TRUE(contains(out, "done: \nPlease enter a word, or '!!' to finish the hand.")) << r;
  EXPECT_TRUE(contains(out, "done: ab-c\nA word is letters, with * for the wildcard")) << r;
  EXPECT_TRUE(contains(out, "done: ?\nA word is letters")) << r;  // no hints without --hints
  EXPECT_TRUE(contains(out, "the hand? perhaps\nPlease answer yes or no.")) << r;
  // Refused answers cost nothing: the hand after the substitution is played in full.
  EXPECT_TRUE(contains(out, "\"star\" earned 76 points")) << r;
  EXPECT_EQ(last_line(out), "Total score over all hands: 76") << r;
}

// `help` at the word prompt, in any case, shows the commands and is not played as a word.
TEST(CliHandGameTest, HelpAtTheWordPromptShowsTheCommands) {
  const ProcessResult r = play({"--seed", "3", "--hands", "1"}, "no\nhelp\nHeLp\n!!\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "done: help\nEnter a word made from your hand")) << r;
  EXPECT_TRUE(contains(r.out, "done: HeLp\nEnter a word made from your hand")) << r;
  // The help is wrapped between words at 80 columns: read as one text.
  std::string flat = r.out;
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "'!!' ends the hand; 'help' shows this.")) << r;
  for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_FALSE(contains(r.out, "not a valid word")) << r;
  EXPECT_FALSE(contains(r.out, "earned")) << r;
  EXPECT_TRUE(contains(r.out, "Total score for this hand: 0\n")) << r;
  const ProcessResult hints =
      play({"--seed", "3", "--hands", "1", "--hints"}, "no\nhelp\n!!\nno\n");
  std::string flat_hints = hints.out;
  std::replace(flat_hints.begin(), flat_hints.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat_hints, "'?' shows the best word and plan")) << hints;
}

struct EofCase {
  std::string input;
  std::string last_prompt;
  std::string total;
};

TEST(CliHandGameTest, EndOfInputAtEveryPromptEndsCleanlyWithTheTotalsSoFar) {
  const std::vector<EofCase> cases = {
      {"", "Enter total number of hands: ", ""},
      {"2\n", "Would you like to substitute a letter? ", "Total score over all hands: 0"},
      {"2\nyes\n", "Which letter would you like to replace: ", "Total score over all hands: 0"},
      {"2\nno\nstar\n",
       "Please enter a word or '!!' to indicate you are done: ", "Total score over all hands: 76"},
      {"2\nno\nstar\n!!\n", "Would you like to replay the hand? ",
       "Total score over all hands: 76"},
      {"2\nno\nstar\n!!\nyes\n",
       "Please enter a word or '!!' to indicate you are done: ", "Total score over all hands: 76"},
  };
  for (const EofCase& c : cases) {
    const ProcessResult r = play({"--seed", "3"}, c.input);
    EXPECT_EQ(r.exit_code, 0) << c.input << r;
    EXPECT_EQ(r.err, "") << c.input << r;
    EXPECT_TRUE(contains(r.out, c.last_prompt + "\n")) << c.input << r;
    if (c.total.empty()) {
      EXPECT_FALSE(contains(r.out, "Total score")) << r;
    } else {
      EXPECT_EQ(last_line(r.out), c.total) << c.input << r;
    }
  }
  // A hand ended by end of input counts what it scored.
  const ProcessResult r = play({"--seed", "3", "--hands", "3"}, "no\nstar\n");
  EXPECT_TRUE(contains(r.out, "Total score for this hand: 76\n")) << r;
}

TEST(CliHandGameTest, SeedIsPrintedAndReplaysTheSameHands) {
  const ProcessResult a = play({"--seed", "99", "--hands", "1"}, "!!\nno\n");
  const ProcessResult b = play({"--hands", "1", "--seed", "99"}, "!!\nno\n");
  ASSERT_EQ(a.exit_code, 0) << a;
  // Both games are recorded: the review each offers names its own id.
  const auto without_review = [](std::string out) {
    const std::size_t at = out.find("What was best, and what each move cost: wordgames review ");
    if (at != std::string::npos) out.erase(at, out.find('\n', at) + 1 - at);
    return out;
  };
  EXPECT_EQ(without_review(a.out), without_review(b.out));
  EXPECT_TRUE(contains(a.out, "seed 99")) << a;
  const ProcessResult c = play({"--hands", "1"}, "!!\nno\n");
  EXPECT_TRUE(contains(unwrapped(c.out), "(play the same hands again with --seed ")) << c;
}

TEST(CliHandGameTest, HandSizeIsAParameter) {
  for (const std::string size : {"1", "3", "10", "30"}) {
    const ProcessResult r = play({"--seed", "1", "--hands", "1", "--hand-size", size}, "no\n!!\n");
    ASSERT_EQ(r.exit_code, 0) << r;
    const auto lines = lines_of(r.out);
    ASSERT_GE(lines.size(), 2u) << r;
    const std::string hand = lines[1].substr(std::string("Current hand: ").size());
    EXPECT_EQ((hand.size() + 1) / 2, static_cast<std::size_t>(std::stoi(size))) << r;
  }
  // One tile: the hand is just the wildcard; nothing can replace it, so no substitution.
  const ProcessResult one = play({"--seed", "1", "--hands", "1", "--hand-size", "1"}, "!!\nno\n");
  EXPECT_TRUE(contains(one.out, "Current hand: *\nPlease enter a word")) << one;
}

TEST(CliHandGameTest, BadOptionsAreUsageErrors) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--hands", "0"},
                                               {"--hands", "x"},
                                               {"--hand-size", "0"},
                                               {"--hand-size", "-3"},
                                               {"--hand-size", "100000"},
                                               {"--bogus"}}) {
    const ProcessResult r = play(args, "");
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
    EXPECT_EQ(r.out, "") << r;
  }
}

}  // namespace
}  // namespace wg::test
