// `wordgames boggle`: the game as a player drives it (piped, so judged without a clock), and the
// solve and path tools.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/golden.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

ProcessResult play(std::vector<std::string> args, std::string input) {
  args.insert(args.begin(), "boggle");
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

TEST(BoggleGolden, SpecBoardEveryVerdict) {
  const ProcessResult r = play({"--board", "EECA/ALEP/HNBO/QTTY", "--seed", "1"},
                               "peace\nPEACE\nzzz\nab\nplace\nxqj1\n  toecap  \n\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/boggle/spec_board.txt", r.out));
}

TEST(BoggleGolden, RolledBigBoardEndsAtEndOfInput) {
  const ProcessResult r = play({"--size", "5", "--seed", "7", "--scoring", "spec"}, "tone\nnote\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/boggle/big_board_eof.txt", r.out));
}

TEST(BoggleGolden, SuperBigBoggleBoardWithABlockedCell) {
  // Seed 1 rolls the blank face (#) and an ER cell (zero, discoverer); the minimum is 4, as
  // Super Big Boggle's rules say.
  const ProcessResult r =
      play({"--size", "6", "--seed", "1"}, "zero\ndiscoverer\nfix\nlexis\nZERO\nzzzz\nseizer\n\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("Find words of 4 letters or more"), std::string::npos) << r;
  EXPECT_TRUE(matches_golden("cli/golden/boggle/super_big_board.txt", r.out));
}

TEST(Boggle, SuperBigBoggleMinimumCanBeChanged) {
  const ProcessResult r = play({"--size", "6", "--seed", "1", "--min", "3"}, "fix\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("Find words of 3 letters or more"), std::string::npos) << r;
  EXPECT_NE(r.out.find("fix: 1 point"), std::string::npos) << r;
}

TEST(Boggle, SameSeedSameBoard) {
  const ProcessResult a = play({"--seed", "99"}, "");
  const ProcessResult b = play({"--seed", "99"}, "");
  const ProcessResult c = play({"--seed", "100"}, "");
  ASSERT_EQ(a.exit_code, 0) << a;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST(Boggle, BadOptionsAreUsageErrors) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--size", "7"},
                                                                {"--size", "3"},
                                                                {"--board", "a#/b"},
                                                                {"--min", "0"},
                                                                {"--board", "ab/c"},
                                                                {"--scoring", "golf"},
                                                                {"--board", "a1/bc"},
                                                                {"--time", "-3"},
                                                                {"--time", "86401"},
                                                                {"--min", "65"}}) {
    const ProcessResult r = play(args, "");
    EXPECT_EQ(r.exit_code, 1) << args[0] << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_NE(r.err.find("wordgames: "), std::string::npos) << r;
  }
}

TEST(BoggleSolve, SpecBoardJson) {
  const ProcessResult r =
      wordgames({"boggle", "solve", "--board", "EECA/ALEP/HNBO/QTTY", "--min", "6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto doc = json_of(r);
  // ENABLE, not the spec's web2: its own words of six letters or more on the spec's board.
  EXPECT_EQ(doc["words"], (nlohmann::json{"BENTHAL", "CAPELAN", "TOECAP"}));
  EXPECT_EQ(doc["score"], 1 + 2 + 2);
  EXPECT_EQ(doc["count"], 3);
  EXPECT_EQ(doc["board"], "EECA/ALEP/HNBO/QTTY");
}

TEST(BoggleSolve, BoggleScoringAndMultiLetterCells) {
  const ProcessResult r =
      wordgames({"boggle", "solve", "--board", "[QU]i/ts", "--scoring", "boggle", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto doc = json_of(r);
  // quits: five letters on four cells, so it scores as five (2 points).
  const auto words = doc["words"].get<std::vector<std::string>>();
  ASSERT_NE(std::find(words.begin(), words.end(), "QUITS"), words.end()) << r;
  int expected = 0;
  for (const std::string& w : words) expected += w.size() == 5 ? 2 : 1;
  EXPECT_EQ(doc["score"], expected);
  EXPECT_EQ(doc["rows"], 2);
  EXPECT_EQ(doc["cols"], 2);
}

TEST(BoggleSolve, BlockedCells) {
  // No word passes through a blocked cell: CATS is on "c,a,t,s" but not on "c,a,t,#,s".
  ProcessResult r = wordgames({"boggle", "solve", "--board", "c,a,t,#,s", "--min", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  auto doc = json_of(r);
  EXPECT_EQ(doc["board"], "C,A,T,#,S") << "one row: its cells separated";
  EXPECT_EQ(doc["words"], (nlohmann::json{"CAT"}));
  r = wordgames({"boggle", "solve", "--board", "c,a,t,s", "--min", "4", "--json"});
  EXPECT_EQ(json_of(r)["words"], (nlohmann::json{"CATS"}));
  r = wordgames({"boggle", "solve", "--board", "c,#/a,t", "--min", "3"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out.substr(0, 8), "C #\nA T\n") << r;
  r = wordgames({"boggle", "path", "--board", "c#/at", "cat", "--json"});
  EXPECT_EQ(json_of(r)["path"], (nlohmann::json{0, 2, 3}));
  r = wordgames({"boggle", "path", "--board", "c,a,t,#,s", "cats"});
  EXPECT_EQ(r.out, "CATS: not on the board\n");
}

TEST(BoggleSolve, SixteenLettersWithoutSeparatorsAreASquareBoard) {
  // Issue 12: "perslatgsineters" was read as one row of sixteen cells.
  const ProcessResult r =
      wordgames({"boggle", "solve", "--board", "perslatgsineters", "--min", "8", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto doc = json_of(r);
  EXPECT_EQ(doc["board"], "PERS/LATG/SINE/TERS");
  EXPECT_EQ(doc["rows"], 4);
  EXPECT_EQ(doc["cols"], 4);
  const ProcessResult path = wordgames({"boggle", "path", "--board", "eecaalephnboqtty", "peace"});
  EXPECT_EQ(path.out, "PEACE: 7 6 3 2 1\n") << "the spec's board, unseparated";
}

TEST(BoggleSolve, OtherUnseparatedBoardsAreRefusedWithTheSyntax) {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"boggle", "solve", "--board", "perslatgsineter"},
                                             {"boggle", "path", "--board", "cat#s", "cat"},
                                             {"boggle", "--board", "abcdefgh"}}) {
    const ProcessResult r = wordgames(args);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_NE(r.err.find("cells in one row without separators"), std::string::npos) << r;
    EXPECT_NE(r.err.find("separate rows with '/'"), std::string::npos) << r;
  }
}

TEST(BoggleSolve, AnEmptyBoardIsRefusedNotTheSpecBoard) {
  // Issue 12: --board '' silently solved the spec's board.
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"boggle", "solve", "--board", ""},
                                             {"boggle", "path", "--board", "", "peace"},
                                             {"boggle", "--board", ""},
                                             {"boggle", "solve", "--board", "  "}}) {
    const ProcessResult r = wordgames(args);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_NE(r.err.find("wordgames: invalid board '"), std::string::npos) << r;
    EXPECT_NE(r.err.find("': the board is empty"), std::string::npos) << r;
  }
}

TEST(BogglePath, TracesOrSaysNot) {
  ProcessResult r = wordgames({"boggle", "path", "PEACE"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, "PEACE: 7 6 3 2 1\n");
  r = wordgames({"boggle", "path", "--board", "EECA/ALEP/HNBO/QTTY", "pope", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["path"], nlohmann::json::array());
  r = wordgames({"boggle", "path", "--board", "[TIGER]", "tiger", "--json"});
  EXPECT_EQ(json_of(r)["path"], (nlohmann::json{0}));
  r = wordgames({"boggle", "path", "e-e"});
  EXPECT_EQ(r.exit_code, 1) << r;
  r = wordgames({"boggle", "path"});
  EXPECT_EQ(r.exit_code, 1) << r;
}

}  // namespace
}  // namespace wg::test
