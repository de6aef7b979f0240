// `wordgames boggle`: the game as a player drives it (piped, so judged without a clock), and the
// solve and path tools.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "support/blocking_wait.h"
#include "support/golden.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

/// `out` without the offer of the game's review, whose id counts the games the store keeps.
std::string without_review_offer(std::string out) {
  const std::size_t at = out.find("What was best, and what each move cost:");
  if (at != std::string::npos) out.erase(at, out.find('\n', at) + 1 - at);
  return out;
}

ProcessResult play(std::vector<std::string> args, std::string input) {
  args.insert(args.begin(), "boggle");
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

TEST(BoggleGolden, SpecBoardEveryVerdict) {
  const ProcessResult r = play({"--board", "EECA/ALEP/HNBO/QTTY", "--seed", "1"},
                               "peace\nPEACE\nzzz\neec\nab\nplace\nxqj1\n  toecap  \n\n");
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
  EXPECT_NE(a.out.find("wordgames review "), std::string::npos) << "a round offers its review";
  EXPECT_EQ(without_review_offer(a.out), without_review_offer(b.out));
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
    EXPECT_NE(unwrapped(r.err).find("cells in one row without separators"), std::string::npos) << r;
    EXPECT_NE(unwrapped(r.err).find("separate rows with '/'"), std::string::npos) << r;
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

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("wg_boggle_" + std::to_string(::getpid()) + "_" + name))
                               .string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(BoggleBoardFile, SolvePathAndTheGameReadABoardFile) {
  // Issue 17: boards too large for the command line come from a file, a row per line.
  const std::string path = temp_file("spec.txt", "EECA\nALEP\r\nHNBO\n[QU]TTY\n");
  ProcessResult r = wordgames({"boggle", "solve", "--board-file", path, "--min", "6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["board"], "EECA/ALEP/HNBO/[QU]TTY");
  r = wordgames({"boggle", "path", "--board-file", path, "peace"});
  EXPECT_EQ(r.out, "PEACE: 7 6 3 2 1\n") << r;
  r = play({"--board-file", path, "--seed", "1"}, "peace\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("QU T  T  Y\n"), std::string::npos) << r;
  EXPECT_NE(r.out.find("peace: 3 points"), std::string::npos) << r;
  std::remove(path.c_str());
}

TEST(BoggleBoardFile, StandardInputForTheTools) {
  ProcessOptions options;
  options.stdin_text = "c,a\nt,s\n";
  const ProcessResult r =
      wordgames({"boggle", "solve", "--board-file", "-", "--min", "4", "--json"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["words"], (nlohmann::json{"ACTS", "CAST", "CATS", "SCAT"}));
  const ProcessResult game = play({"--board-file", "-"}, "abc\n");
  EXPECT_EQ(game.exit_code, 1) << game;
  EXPECT_NE(game.err.find("standard input"), std::string::npos) << game;
}

TEST(BoggleBoardFile, ErrorsNameTheFileAndTheLine) {
  const std::string path = temp_file("bad.txt", "\nabc\nabd\nab3\n");
  ProcessResult r = wordgames({"boggle", "solve", "--board-file", path});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(r.out.empty()) << r;
  EXPECT_NE(unwrapped(r.err).find("invalid board in '" + path + "': line 4: '3' is not a letter"),
            std::string::npos)
      << r;
  r = play({"--board-file", path}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("line 4"), std::string::npos) << r;
  std::remove(path.c_str());
  r = wordgames({"boggle", "path", "--board-file", path, "cat"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("cannot read the board file '" + path + "'"), std::string::npos)
      << r;
  // Issue 15's bounded reads: /dev/zero was read without end; now it is refused at once.
  r = wordgames({"boggle", "solve", "--board-file", "/dev/zero"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find(
                "cannot read the board file '/dev/zero': is a device, not a regular file"),
            std::string::npos)
      << r;
  r = wordgames({"boggle", "solve", "--board-file", path, "--board", "ab/cd"});
  EXPECT_EQ(r.exit_code, 1) << "--board and --board-file exclude each other" << r;
}

TEST(BoggleBoardFile, AByteOrderMarkIsSkippedAndANulRefusedAsInEveryTextFile) {
  // Issue 31: a board file with a UTF-8 BOM or a NUL was read unlike every other file ("'\xef'
  // is not a letter"; the NUL quoted raw). As word lists and the other readers do, the BOM is
  // skipped and a NUL byte is binary data.
  const std::string bom = temp_file("bom.txt",
                                    "\xEF\xBB\xBF"
                                    "EECA\nALEP\nHNBO\n[QU]TTY\n");
  ProcessResult r = wordgames({"boggle", "solve", "--board-file", bom, "--min", "6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["board"], "EECA/ALEP/HNBO/[QU]TTY");
  std::remove(bom.c_str());
  const std::string nul = temp_file("nul.txt", std::string("EECA\nAL\0EP\nHNBO\nQTTY\n", 20));
  r = wordgames({"boggle", "solve", "--board-file", nul});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("cannot read the board file '" + nul +
                                  "': binary file (NUL byte at offset 7), not text"),
            std::string::npos)
      << r;
  std::remove(nul.c_str());
  ProcessOptions options;
  options.stdin_text =
      "\xEF\xBB\xBF"
      "c,a\nt,s\n";
  r = wordgames({"boggle", "solve", "--board-file", "-", "--min", "4", "--json"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["board"], "CA/TS");
  options.stdin_text = std::string("c,a\n\0t,s\n", 9);
  r = wordgames({"boggle", "solve", "--board-file", "-"}, options);
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(
      unwrapped(r.err).find("cannot read the board file standard input: binary file (NUL byte at "
                            "offset 4), not text"),
      std::string::npos)
      << r;
}

TEST(BoggleSolve, BracketedCellsBetweenCommasAndBadCharacters) {
  // Issue 17: the documented "[QU],A/T,E" was refused; 'é' was shown as a broken byte.
  ProcessResult r = wordgames({"boggle", "solve", "--board", "[QU],A/T,E", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["board"], "[QU]A/TE");
  r = wordgames({"boggle", "solve", "--board", "ab/cé"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(r.err.find("row 2: 'é' is not a letter"), std::string::npos) << r;
  r = play({"--board", "ab/c3"}, "");
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(r.err.find("row 2: '3' is not a letter"), std::string::npos) << r;
}

TEST(Boggle, TheGameAndSolveScoreAlikeByDefault) {
  // Issue 17: solve scored by the spec's rule, the game by Boggle's table.
  const ProcessResult game = play({"--board", "EECA/ALEP/HNBO/QTTY", "--min", "5"}, "toecap\n");
  ASSERT_EQ(game.exit_code, 0) << game;
  EXPECT_NE(game.out.find("(spec scoring)"), std::string::npos) << game;
  EXPECT_NE(game.out.find("toecap: 2 points"), std::string::npos) << game;
  const ProcessResult solve =
      wordgames({"boggle", "solve", "--board", "EECA/ALEP/HNBO/QTTY", "--min", "5", "--json"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_EQ(json_of(solve)["scoring"], "spec");
  EXPECT_NE(game.out.find(" of " + std::to_string(json_of(solve)["score"].get<int>()) + " ("),
            std::string::npos)
      << game;
  const ProcessResult boggle =
      play({"--board", "EECA/ALEP/HNBO/QTTY", "--scoring", "boggle"}, "toecap\n");
  EXPECT_NE(boggle.out.find("toecap: 3 points"), std::string::npos) << boggle;
}

TEST(Boggle, OneWordAndOnePointAreSingular) {
  const ProcessResult solve = wordgames({"boggle", "solve", "--board", "c,a,t", "--min", "3"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_NE(solve.out.find("\n1 word of 3 letters or more, score 1 (spec scoring)\n"),
            std::string::npos)
      << solve;
  const ProcessResult game = play({"--board", "c,a,t"}, "cat\n");
  EXPECT_NE(game.out.find("  cat: 1 point (score 1)\n"), std::string::npos) << game;
  EXPECT_EQ(game.out.find("\x1b["), std::string::npos) << "no colour in a pipe" << game;
}

TEST(Boggle, TheBoardAgainAndHelpAtTheWordPrompt) {
  // Issue 17: the board scrolled away could not be shown again.
  ProcessResult r = play({"--board", "ca/ts"}, "cat\n?\nhelp\nBOARD\n\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string board = "C A\nT S\n";
  std::size_t shown = 0;
  for (std::size_t at = r.out.find(board); at != std::string::npos; at = r.out.find(board, at + 1))
    ++shown;
  EXPECT_EQ(shown, 3u) << "at the start, after ? and after board" << r;
  EXPECT_NE(r.out.find("? or board  show the board again"), std::string::npos) << r;
  EXPECT_EQ(r.out.find("help: not a word"), std::string::npos) << r;
  EXPECT_NE(r.out.find("Your words (1): cat"), std::string::npos) << r;
  // A word that is on the board is played, even if it names a command.
  r = play({"--board", "he/pl"}, "help\n");
  EXPECT_NE(r.out.find("help: 2 points"), std::string::npos) << r;
}

TEST(Boggle, AnEmptyLineInAPipeEndsTheRound) {
  // Piped input says what it means: an empty line ends the round without a question (the
  // terminal asks first).
  const ProcessResult r = play({"--board", "ca/ts"}, "cat\n\ncats\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out.find("End the round now?"), std::string::npos) << r;
  EXPECT_EQ(r.out.find("cats: "), std::string::npos) << r;
}

/// A round as a person at a terminal plays it: cli::run told the streams are interactive, the
/// lines typed coming from `typed` (no terminal, no clock to race: the lines are all there).
struct TerminalRound {
  int status = 0;
  std::string out;
  std::string err;
  std::string unread;  ///< the lines the game left unread
};
TerminalRound terminal_round(std::vector<std::string> args, const std::string& typed) {
  args.insert(args.begin(), {"wordgames", "--seed", "1", "boggle"});
  std::istringstream in(typed);
  std::ostringstream out;
  std::ostringstream err;
  TerminalRound round;
  round.status = cli::run(args, in, out, err, /*interactive=*/true);
  round.out = out.str();
  round.err = err.str();
  for (std::string line; std::getline(in, line);) round.unread += line + '\n';
  return round;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(BoggleTerminal, AnEmptyLineAsksBeforeEndingTheRound) {
  // Issue 17: at a terminal an empty line asks first; anything but yes plays on. Untimed
  // (--time 0) and timed (a clock that cannot run out while the test runs, and that the test
  // does not read).
  for (const char* time : {"0", "86400"}) {
    const TerminalRound r = terminal_round({"--board", "EECA/ALEP/HNBO/QTTY", "--time", time},
                                           "peace\n\nno\n\nmaybe\ntoecap\n\nYes\nlater\n");
    ASSERT_EQ(r.status, 0) << time << r.err << r.out;
    EXPECT_EQ(r.err, "") << time;
    EXPECT_EQ(count(r.out, "End the round now? (yes/no) "), 3u) << time << r.out;
    EXPECT_EQ(count(r.out, "Playing on."), 2u) << time << r.out;
    EXPECT_NE(r.out.find("4 points (score 7)"), std::string::npos) << time << r.out;  // toecap
    EXPECT_NE(r.out.find("Your words (2): peace toecap\n"), std::string::npos) << time << r.out;
    EXPECT_EQ(r.unread, "later\n") << time;  // the round ended at "Yes"
    // The timed round shows the clock before each question, the untimed one does not.
    EXPECT_EQ(count(r.out, "] End the round now?"), std::string(time) == "0" ? 0u : 3u) << r.out;
  }
}

TEST(BoggleTerminal, TheEndOfInputAtTheQuestionEndsTheRound) {
  const TerminalRound r =
      terminal_round({"--board", "EECA/ALEP/HNBO/QTTY", "--time", "0"}, "peace\n\n");
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_EQ(count(r.out, "End the round now? (yes/no) "), 1u) << r.out;
  EXPECT_EQ(r.out.find("Playing on."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Your words (1): peace\n"), std::string::npos) << r.out;
}

/// A pseudo-terminal for the program's stdin, stdout and stderr, as when a person runs it.
struct Pty {
  int master = -1;
  int slave = -1;  ///< kept open by the test too, to read what is left in its input afterwards
  Pty() {
    master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return;
    slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  }
  ~Pty() {
    if (slave >= 0) ::close(slave);
    if (master >= 0) ::close(master);
  }
  /// Everything the program writes, until it exits; its exit status.
  int run(std::vector<std::string> args, std::string& output) {
    args.insert(args.begin(), WG_BINARY);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::setsid();
      for (int fd = 0; fd < 3; ++fd) ::dup2(slave, fd);
      ::close(master);
      ::close(slave);
      ::setenv("NO_COLOR", "1", 1);
      ::setenv("TERM", "dumb", 1);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    // Blocks until the program writes or ends (its pidfd); the hang guard only fails a program
    // that never ends.
    ChildHandle child(pid);
    auto drain = [&](int timeout_ms) {
      for (;;) {
        pollfd fd{master, POLLIN, 0};
        if (::poll(&fd, 1, timeout_ms) <= 0) return;
        char buffer[4096];
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n <= 0) return;
        output.append(buffer, static_cast<std::size_t>(n));
        if (timeout_ms != 0) return;
      }
    };
    for (;;) {
      pollfd fds[2] = {{master, POLLIN, 0}, {child.fd(), POLLIN, 0}};
      if (!wait_readable_any(fds, child.fd() >= 0 ? 2 : 1)) {
        ::kill(pid, SIGKILL);  // hung: the test fails on its output
        break;
      }
      if (fds[1].revents != 0) break;  // ended
      drain(-1);
    }
    drain(0);  // what it wrote before it ended
    const std::optional<int> ended = child.wait();
    const int status = ended.value_or(-1);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
};

TEST(BoggleTerminal, TypedKeysDoNotReachTheShellWhenTheClockRunsOut) {
  // Issue 17: "wad" typed without Enter when time ran out landed on the shell's command line.
  // The keys are typed before the program starts (no race with its clock): a line without
  // Enter is never read, the clock runs out, and what is left in the terminal's input is what
  // the shell would read next.
  Pty pty;
  ASSERT_GE(pty.slave, 0);
  ASSERT_EQ(::write(pty.master, "wad", 3), 3);
  std::string output;
  const int exit_code = pty.run({"--seed", "11", "boggle", "--time", "1"}, output);
  EXPECT_EQ(exit_code, 0) << output;
  EXPECT_NE(output.find("Time's up!"), std::string::npos) << output;
  // What the shell would read: only the line ended now, without "wad".
  ASSERT_EQ(::write(pty.master, "ls\n", 3), 3);
  pollfd fd{pty.slave, POLLIN, 0};
  ASSERT_EQ(::poll(&fd, 1, 10'000), 1);
  char buffer[64];
  const ssize_t n = ::read(pty.slave, buffer, sizeof buffer);
  EXPECT_EQ(std::string(buffer, static_cast<std::size_t>(std::max<ssize_t>(n, 0))), "ls\n");
}

}  // namespace
}  // namespace wg::test

namespace wg::test {
namespace {

TEST(BoggleBest, ABudgetOfEpisodesFindsTheSameBoardOnAnyThreads) {
  auto best = [](const std::string& jobs) {
    const ProcessResult r = wordgames({"boggle", "best", "--size", "3x3", "--episodes", "2",
                                       "--time", "0", "--seed", "5", "--jobs", jobs, "--json"});
    EXPECT_EQ(r.exit_code, 0) << r;
    return json_of(r);
  };
  const auto one = best("1");
  const auto two = best("2");
  EXPECT_EQ(one["board"], two["board"]);
  EXPECT_EQ(one["score"], two["score"]);
  EXPECT_EQ(one["episode"], two["episode"]);
  EXPECT_EQ(one["episodes"], 2);
  EXPECT_EQ(one["seed"], 5);
  EXPECT_EQ(one["dice"], "letters");
  EXPECT_EQ(one["scoring"], "boggle");
  EXPECT_EQ(one["min"], 3);
  // The board scores what the solver says.
  const ProcessResult solve =
      wordgames({"boggle", "solve", "--board", one["board"].get<std::string>(), "--scoring",
                 "boggle", "--json"});
  EXPECT_EQ(json_of(solve)["score"], one["score"]);
  EXPECT_EQ(json_of(solve)["count"], one["words"]);
}

TEST(BoggleBest, TheTextNamesTheBoardAndHowToFindItAgain) {
  const ProcessResult r = wordgames({"boggle", "best", "--size", "2x3", "--dice", "letters",
                                     "--episodes", "1", "--seed", "3", "--jobs", "1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("found in episode 0 of seed 3; 1 episode finished"), std::string::npos) << r;
  EXPECT_NE(r.out.find("(boggle scoring)"), std::string::npos) << r;
}

TEST(BoggleBest, BadOptionsAreUsageErrors) {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"--size", "0x3"},
                                             {"--size", "abc"},
                                             {"--size", "4x"},
                                             {"--size", "17x2"},
                                             {"--dice", "huge"},
                                             {"--dice", "classic", "--size", "5x5"},
                                             {"--time", "0"},
                                             {"--jobs", "0"},
                                             {"--episodes", "0"},
                                             {"--scoring", "golf"},
                                             {"--min", "0"}}) {
    std::vector<std::string> full{"boggle", "best"};
    full.insert(full.end(), args.begin(), args.end());
    const ProcessResult r = wordgames(full);
    EXPECT_EQ(r.exit_code, 1) << args[0] << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_NE(r.err.find("wordgames: "), std::string::npos) << args[0] << r;
  }
}

}  // namespace
}  // namespace wg::test
