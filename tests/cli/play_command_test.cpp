// cli/play_command.h: the share text and challenge code at a game's end, and `wordgames play
// CODE`, which plays the challenged game and shows both results side by side.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/wordgames_runner.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

ProcessResult run_as(const TempDir& dir, const std::string& player, std::vector<std::string> args,
                     std::string input) {
  args.insert(args.begin(), {"--data", dir.path().string(), "--player", player});
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

/// The pieces of the code the output's "wordgames play" line gives, over its lines.
std::vector<std::string> code_pieces(const std::string& out) {
  const std::vector<std::string> lines = lines_of(out);
  std::vector<std::string> pieces;
  bool in_code = false;
  for (const std::string& line : lines) {
    std::string rest;
    if (const auto at = line.find("wordgames play "); at != std::string::npos) {
      rest = line.substr(at + 15);
      in_code = true;
    } else if (in_code) {
      rest = line.substr(2);
    } else {
      continue;
    }
    const bool goes_on = rest.ends_with(" \\");
    pieces.push_back(goes_on ? rest.substr(0, rest.size() - 2) : rest);
    if (!goes_on) break;
  }
  return pieces;
}

TEST(PlayCommand, AGameEndsWithItsShareTextAndACodeThatFits80Columns) {
  TempDir dir("wg-play");
  const ProcessResult r =
      run_as(dir, "ann", {"wordle", "--host", "fair", "--seed", "5"}, "crane\n!\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out,
                       "Share: Adversarial Wordle, 5 letters, fair host: gave up after "
                       "1 guess\n"))
      << r;
  ASSERT_FALSE(code_pieces(r.out).empty()) << r;
  for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;
}

TEST(PlayCommand, PlaysTheSameGameAndShowsBothResults) {
  TempDir dir("wg-play");
  const ProcessResult first =
      run_as(dir, "ann", {"wordle", "--host", "fair", "--seed", "5"}, "crane\n!\nno\n");
  ASSERT_EQ(first.exit_code, 0) << first;
  std::vector<std::string> args = {"play"};
  for (const std::string& piece : code_pieces(first.out)) args.push_back(piece);
  const ProcessResult second = run_as(dir, "bob", args, "slate\nspeed\n!\nno\n");
  ASSERT_EQ(second.exit_code, 0) << second;
  EXPECT_TRUE(contains(second.out,
                       "ann challenges you to Adversarial Wordle; their result: "
                       "gave up after 1 guess."))
      << second;
  EXPECT_TRUE(contains(second.out, "You: gave up after 2 guesses | ann: gave up after 1 guess\n"))
      << second;
  EXPECT_TRUE(contains(second.out, "The word was DEISM.")) << "the same word" << second;
  EXPECT_TRUE(contains(first.out, "The word was DEISM.")) << first;
  EXPECT_FALSE(contains(second.out, "Challenge a friend")) << "an answer makes no new code";
}

TEST(PlayCommand, ABadCodeIsBadInputWithAClearMessage) {
  TempDir dir("wg-play");
  const ProcessResult first =
      run_as(dir, "ann", {"wordle", "--host", "fair", "--seed", "5"}, "crane\n!\nno\n");
  std::string code;
  for (const std::string& piece : code_pieces(first.out)) code += piece;
  ASSERT_GT(code.size(), 20u) << first;
  std::string altered = code;
  altered[12] = altered[12] == 'x' ? 'y' : 'x';
  const ProcessResult r = run_as(dir, "bob", {"play", altered}, "");
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "altered")) << r;
  EXPECT_EQ(r.out, "") << r;
  const ProcessResult cut = run_as(dir, "bob", {"play", code.substr(0, 4)}, "");
  EXPECT_EQ(cut.exit_code, 2) << cut;
  EXPECT_TRUE(contains(cut.err, "cut short")) << cut;
  const ProcessResult boggle = run_as(dir, "bob", {"boggle", "--seed", "4"}, "");
  std::string round;
  for (const std::string& piece : code_pieces(boggle.out)) round += piece;
  ASSERT_FALSE(round.empty()) << boggle;
  const ProcessResult clocked = run_as(dir, "bob", {"play", round}, "");
  EXPECT_EQ(clocked.exit_code, 2) << clocked;
  EXPECT_TRUE(contains(clocked.err, "#/challenge/CODE")) << clocked;
  const ProcessResult none = run_as(dir, "bob", {"play", "hello!"}, "");
  EXPECT_EQ(none.exit_code, 2) << none;
  EXPECT_TRUE(contains(none.err, "not a challenge code")) << none;
}

}  // namespace
}  // namespace wg::test
