// The terminal as a person meets it (src/cli/prompt.h, line_editor.h): answers typed at a real
// (pseudo-)terminal through libedit, and a game driven through pipes kept open. Each test types
// only after the output it waits for (terminal_session.h): no sleeps, no timing.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/sqlite_store.h"
#include "cli/output.h"
#include "support/temp_dir.h"
#include "terminal_session.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

using Kind = TerminalSession::Kind;

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

constexpr const char* kWordPrompt = "Please enter a word or '!!' to indicate you are done: ";
/// The commands listed under a help's groups of commands ("Games:", "Tools:", "Commands:",
/// "Subcommands:"): the first word of each entry.
std::vector<std::string> commands_listed(const std::string& help) {
  std::vector<std::string> names;
  bool in_commands = false;
  for (const std::string& line : lines_of(help)) {
    if (line.empty()) {
      in_commands = false;
    } else if (line.back() == ':' && line.front() != ' ') {
      in_commands = line != "Options:" && line != "Positionals:";
    } else if (in_commands && line.starts_with("  ") && line[2] != ' ') {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return names;
}

constexpr const char* kSubstitute = "Would you like to substitute a letter? ";
constexpr const char* kReplay = "Would you like to replay the hand? ";
constexpr const char* kNotLetters = "A word is letters, with * for the wildcard; nothing else.";

// A word with accented letters is refused at a terminal as it is from a pipe: the line editor
// gives the game the bytes typed, never the word without its accents (VRITS, charged five
// tiles).
TEST(TerminalInput, AccentedLettersAreRefusedNotStripped) {
  TerminalSession s(Kind::kTerminal, {"--seed", "1", "hand", "--hands", "1"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for(kSubstitute)) << s.output();
  s.type("n\n");
  ASSERT_TRUE(s.wait_for(kWordPrompt)) << s.output();
  s.type("v\xC3\xA9rit\xC3\xA9s\n");  // vérités
  ASSERT_TRUE(s.wait_for(kNotLetters)) << s.output();
  ASSERT_TRUE(s.wait_for(kWordPrompt)) << s.output();
  s.type("!!\n");
  ASSERT_TRUE(s.wait_for("Total score for this hand: 0")) << s.output();
  ASSERT_TRUE(s.wait_for(kReplay)) << s.output();
  s.type("n\n");
  EXPECT_EQ(s.finish(), 0) << s.output();
  EXPECT_EQ(s.output().find("earned"), std::string::npos) << s.output();
  EXPECT_EQ(s.output().find("not a valid word"), std::string::npos) << s.output();

  // The same line from a pipe: the same refusal.
  ProcessOptions piped;
  piped.stdin_text = "n\nv\xC3\xA9rit\xC3\xA9s\n!!\nn\n";
  const ProcessResult r = wordgames({"--seed", "1", "hand", "--hands", "1"}, piped);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find(kNotLetters), std::string::npos) << r;
}

// Bytes that are not UTF-8 (a terminal set to Latin-1 sends é as one byte) reach the game too,
// and are refused; a name with an accent is kept whole.
TEST(TerminalInput, ANameKeepsItsAccentAndBytesThatAreNotTextAreRefused) {
  const TempDir home("wg-terminal-name");
  {
    TerminalSession s(Kind::kTerminal, {"--seed", "1", "hand", "--hands", "1"}, home.path());
    ASSERT_TRUE(s.started());
    ASSERT_TRUE(s.wait_for("Your name: ")) << s.output();
    s.type("Zo\xEB\n");  // Latin-1
    ASSERT_TRUE(s.wait_for("A name is 1 to 40 bytes")) << s.output();
    ASSERT_TRUE(s.wait_for("Your name: ")) << s.output();
    s.type("Zo\xC3\xAB\n");  // UTF-8
    ASSERT_TRUE(s.wait_for(kSubstitute)) << s.output();
    s.type("n\n");
    ASSERT_TRUE(s.wait_for(kWordPrompt)) << s.output();
    s.type("!!\n");
    ASSERT_TRUE(s.wait_for(kReplay)) << s.output();
    s.type("n\n");
    EXPECT_EQ(s.finish(), 0) << s.output();
  }
  const auto last = app::SqliteStore(home.path() / "wordgames" / "wordgames.db").last_player();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->name, "Zo\xC3\xAB");
}

// Through pipes kept open, each prompt (and what comes before it) arrives before the program
// waits for the answer: a program driving the game reads the question, then answers.
TEST(TerminalInput, PromptsReachAPipeBeforeTheAnswerIsRead) {
  TerminalSession s(Kind::kPipes, {"--seed", "1", "hand"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("Word game, seed 1")) << s.output();
  ASSERT_TRUE(s.wait_for("Enter total number of hands: ")) << s.output();
  s.type("1\n");
  ASSERT_TRUE(s.wait_for("Current hand: ")) << s.output();
  ASSERT_TRUE(s.wait_for(kSubstitute)) << s.output();
  s.type("n\n");
  ASSERT_TRUE(s.wait_for(kWordPrompt)) << s.output();
  s.type("!!\n");
  ASSERT_TRUE(s.wait_for(kReplay)) << s.output();
  s.type("n\n");
  ASSERT_TRUE(s.wait_for("Total score over all hands: 0")) << s.output();
  s.close_input();
  EXPECT_EQ(s.finish(), 0) << s.output();
  EXPECT_EQ(count(s.output(), "Word game, seed 1"), 1u) << s.output();
}

// A command that fails before it flushes still prints nothing on standard output.
TEST(TerminalInput, AFailedCommandStillPrintsNothing) {
  const ProcessResult r = wordgames({"hand", "check", "qz", "--hand", "a?b"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_EQ(r.out, "") << r;
}

// A timed Boggle round at a terminal: each word shows once as it is typed (the line editor
// reads it, with the terminal's own echo off), and the arrow keys move in the word instead of
// printing ^[[D behind the person's back.
TEST(TerminalBoggle, AWordShowsOnceAndTheArrowKeysEditIt) {
  TerminalSession s(Kind::kTerminal, {"--seed", "11", "boggle", "--board", "EECA/ALEP/HNBO/QTTY",
                                      "--time", "86400"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("word: ")) << s.output();
  s.type("peace\n");
  ASSERT_TRUE(s.wait_for("peace: 3 points")) << s.output();
  EXPECT_EQ(count(s.output(), "peace"), 2u) << s.output();  // as typed, then judged
  ASSERT_TRUE(s.wait_for("word: ")) << s.output();
  s.type("tea\x1b[D\x1b[Dx\n");  // tea, Left, Left, x
  ASSERT_TRUE(s.wait_for("txea: ")) << s.output();
  EXPECT_EQ(s.output().find("^["), std::string::npos) << s.output();
  ASSERT_TRUE(s.wait_for("word: ")) << s.output();
  s.type("\n");
  ASSERT_TRUE(s.wait_for("End the round now? (yes/no) ")) << s.output();
  s.type("yes\n");
  ASSERT_TRUE(s.wait_for("Your words (1): peace")) << s.output();
  // At a terminal, the best words missed (the most points first) say what they mean.
  ASSERT_TRUE(s.wait_for("What the best words missed mean:")) << s.output();
  ASSERT_TRUE(s.wait_for("BENTHAL")) << s.output();
  EXPECT_EQ(s.finish(), 0) << s.output();
}

// The clock in the prompt ticks: it is redrawn in place (the cursor saved, the row's start
// rewritten, the cursor restored) as the seconds left change, while the person types.
TEST(TerminalBoggle, TheClockInThePromptTicks) {
  TerminalSession s(Kind::kTerminal, {"--seed", "11", "boggle", "--board", "EECA/ALEP/HNBO/QTTY",
                                      "--time", "86400"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("[1440:00] word: ")) << s.output();
  s.type("pea");
  ASSERT_TRUE(
      s.wait_for("\x1b"
                 "7\r[1439:"))
      << s.output();  // a tick
  ASSERT_TRUE(
      s.wait_for("word: \x1b"
                 "8"))
      << s.output();
  s.type("ce\n");
  ASSERT_TRUE(s.wait_for("peace: 3 points")) << s.output();
  s.type("\n");
  ASSERT_TRUE(s.wait_for("End the round now? (yes/no) ")) << s.output();
  s.type("yes\n");
  EXPECT_EQ(s.finish(), 0) << s.output();
}

// The auction's bid is edited like every other answer at a terminal: 0x, Left, Ctrl-D (delete
// the x) bids 0, where the terminal's plain line would have been "0x^[[D^D".
TEST(TerminalAuction, TheBidIsEdited) {
  TerminalSession s(Kind::kTerminal, {"--seed", "5", "auction", "--players", "human,random",
                                      "--rounds", "1", "--hidden", "0"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("Your bid, 0 to 100 (q quits) (")) << s.output();
  s.type("0x\x1b[D\x04\n");
  ASSERT_TRUE(s.wait_for("Auction 2:")) << s.output();
  EXPECT_EQ(s.output().find("Please bid"), std::string::npos) << s.output();
  ASSERT_TRUE(s.wait_for("Your bid, 0 to 100 (q quits) (")) << s.output();
  s.type("q\n");
  EXPECT_EQ(s.finish(), 0) << s.output();
}

// Ctrl-D on an empty line is the end of input, as from a pipe: the prompt's line ends cleanly,
// with no "^D" drawn on it (libedit's own binding draws one), and the game ends as it does at
// the end of input. On a line with text, Ctrl-D deletes (TerminalAuction.TheBidIsEdited).
TEST(TerminalInput, CtrlDEndsTheInputWithoutDrawingIt) {
  TerminalSession s(Kind::kTerminal, {"--seed", "1", "hand"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("Enter total number of hands: ")) << s.output();
  s.type("\x04");
  EXPECT_EQ(s.finish(), 0) << s.output();
  EXPECT_EQ(s.output().find("^D"), std::string::npos) << s.output();
  EXPECT_TRUE(s.rest().starts_with("\r\n")) << s.rest();

  // At the menu too: the program ends, its prompt's line ended.
  TerminalSession menu(Kind::kTerminal, {});
  ASSERT_TRUE(menu.started());
  ASSERT_TRUE(menu.wait_for("Enter to quit: ")) << menu.output();
  menu.type("\x04");
  EXPECT_EQ(menu.finish(), 0) << menu.output();
  EXPECT_EQ(menu.output().find("^D"), std::string::npos) << menu.output();
  EXPECT_TRUE(menu.rest().starts_with("\r\n")) << menu.rest();
}

// Errors and warnings on standard error are wrapped at the terminal's width, as the rest of the
// text is: no line of an 80-column terminal is wider than 80 (and through a pipe, 80 too).
TEST(TerminalMessages, ErrorsAndWarningsAreWrappedAtTheTerminalsWidth) {
  const std::vector<std::string> args = {"boggle", "--board", "ABC"};
  TerminalSession s(Kind::kTerminal, args);
  ASSERT_TRUE(s.started());
  EXPECT_EQ(s.finish(), 1) << s.output();
  EXPECT_TRUE(s.output().starts_with("wordgames: invalid board 'ABC': ")) << s.output();
  std::size_t lines = 0;
  for (std::string line : lines_of(s.output())) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    EXPECT_LE(cli::display_width(line), 80u) << line;
    ++lines;
  }
  EXPECT_GT(lines, 3u) << s.output();
  const ProcessResult piped = wordgames(args);
  EXPECT_EQ(piped.exit_code, 1) << piped;
  for (const std::string& line : lines_of(piped.err)) EXPECT_LE(cli::display_width(line), 80u);

  // A warning, from a data folder that cannot be made (a file stands where it would be).
  const TempDir data("wg-terminal-warning");
  const auto file = data.write("file", "not a folder");
  TerminalSession warned(Kind::kTerminal, {"--data", (file / "games").string(), "--seed", "1",
                                           "hand", "--hands", "1"});
  ASSERT_TRUE(warned.started());
  ASSERT_TRUE(warned.wait_for("wordgames: warning: cannot save games:")) << warned.output();
  ASSERT_TRUE(warned.wait_for(kSubstitute)) << warned.output();
  warned.type("n\n");
  ASSERT_TRUE(warned.wait_for(kWordPrompt)) << warned.output();
  warned.type("!!\n");
  ASSERT_TRUE(warned.wait_for(kReplay)) << warned.output();
  warned.type("n\n");
  EXPECT_EQ(warned.finish(), 0) << warned.output();
  for (std::string line : lines_of(warned.output())) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    EXPECT_LE(cli::display_width(line), 80u) << line;
  }
}

// The seed a game prints can be 20 digits: its line is wrapped like any other, so that no line
// is wider than 80 columns whatever the seed.
TEST(TerminalWidth, TheLargestSeedFits80Columns) {
  const std::string seed = "18446744073709551615";
  const std::vector<std::vector<std::string>> commands = {
      {"hand", "--hands", "1"},
      {"boggle", "--board", "EECA/ALEP/HNBO/QTTY"},
      {"evil-hangman", "--length", "4"},
      {"hangman"},
      {"wordle"},
      {"auction", "--players", "value,random", "--rounds", "1"},
      {"auction", "tournament", "--players", "value,random", "--rounds", "1", "--games", "2",
       "--jobs", "1"},
  };
  const TempDir data("wg-terminal-seed");
  for (std::vector<std::string> args : commands) {
    args.insert(args.begin(), {"--data", data.path().string(), "--seed", seed});
    const ProcessResult r = wordgames(args);  // no input: the end of input at once
    EXPECT_NE(r.out.find(seed), std::string::npos) << args[4] << r;
    for (const std::string& line : lines_of(r.out)) {
      EXPECT_LE(cli::display_width(line), 80u) << args[4] << ": " << line;
    }
  }
}

// Every command's --help fits 80 columns, wrapped between words, and names each option's
// argument plainly: no CLI11 type names such as TEXT, NAME:NAME or TEXT:{common,all}=common.
TEST(TerminalHelp, EveryHelpFits80ColumnsAndNamesArgumentsPlainly) {
  std::vector<std::vector<std::string>> queue = {{}};
  std::size_t helps = 0;
  while (!queue.empty()) {
    std::vector<std::string> command = queue.back();
    queue.pop_back();
    std::vector<std::string> args = command;
    args.push_back("--help");
    const ProcessResult r = wordgames(args);
    ASSERT_EQ(r.exit_code, 0) << r;
    ++helps;
    std::string name = "wordgames";
    for (const std::string& word : command) name += " " + word;
    for (const std::string& line : lines_of(r.out)) {
      EXPECT_LE(cli::display_width(line), 80u) << name << ": " << line;
      if (!line.starts_with("  ") || line.starts_with("   ")) continue;  // an option's line
      for (const char* unreadable : {" TEXT", ":{", "}=", "NAME:", "PATH:"}) {
        EXPECT_EQ(line.find(unreadable), std::string::npos) << name << ": " << line;
      }
    }
    for (const std::string& sub : commands_listed(r.out)) {
      std::vector<std::string> next = command;
      next.push_back(sub);
      queue.push_back(next);
    }
  }
  EXPECT_GT(helps, 30u);
}

TEST(TerminalHelp, PositionHangmanNamesTheDataFolderInUse) {
  const TempDir data("wg-help-data");
  ProcessOptions options;
  options.env["XDG_DATA_HOME"] = data.path().string();
  const ProcessResult r = wordgames({"hangman", "--help"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  std::string help = r.out;  // the path may be wrapped: compare without the line breaks
  std::erase(help, '\n');
  for (auto at = help.find("  "); at != std::string::npos; at = help.find("  ")) help.erase(at, 1);
  EXPECT_NE(help.find((data.path() / "wordgames" / "wordgames.db").string()), std::string::npos)
      << r;
  const ProcessResult elsewhere = wordgames({"--data", "/srv/games", "hangman", "--help"});
  EXPECT_NE(elsewhere.out.find("/srv/games/wordgames.db"), std::string::npos) << elsewhere;
}

// --json means the same for every game: a game played at the terminal refuses it, a usage
// error that names the commands printing JSON; it is never ignored.
TEST(TerminalJson, EveryGamePlayedAtTheTerminalRefusesJson) {
  for (const char* game : {"hand", "evil-hangman", "boggle", "hangman", "wordle"}) {
    ProcessOptions options;
    options.stdin_text = "1\n";
    const ProcessResult r = wordgames({game, "--json"}, options);
    EXPECT_EQ(r.exit_code, 1) << game << r;
    EXPECT_EQ(r.out, "") << game << r;
    EXPECT_NE(r.err.find(std::string("--json: 'wordgames ") + game + "' is played in text"),
              std::string::npos)
        << game << r;
    EXPECT_NE(r.err.find("--json'"), std::string::npos) << game << r;
  }
  ProcessOptions person;
  person.stdin_text = "q\n";
  const ProcessResult auction =
      wordgames({"auction", "--players", "human,random", "--json"}, person);
  EXPECT_EQ(auction.exit_code, 1) << auction;
}

// A game left in play is saved after each move: at quit the game says so, once, with the
// command that resumes it (naming the data folder this run used), and that command resumes it.
TEST(TerminalQuit, AGameLeftInPlaySaysItWasSavedAndHowToResume) {
  const TempDir data("wg-terminal-saved");
  const std::string folder = (data.path() / "games").string();
  ProcessOptions options;
  options.stdin_text = "e\n";  // one guess, then the input ends
  const ProcessResult r = wordgames({"--data", folder, "--seed", "4", "evil-hangman", "--length",
                                     "5", "--guesses", "6", "--hide-remaining"},
                                    options);
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string command = "wordgames --data " + folder + " resume 1";
  EXPECT_EQ(count(r.out, "Saved. Resume with: " + command + "\n"), 1u) << r;
  EXPECT_TRUE(r.out.ends_with("Saved. Resume with: " + command + "\n")) << r;
  const ProcessResult resumed = wordgames({"--data", folder, "resume", "1"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed;
  EXPECT_EQ(count(resumed.out, "Saved. Resume with: " + command + "\n"), 1u) << resumed;

  // A game played to its end is not kept: nothing to say.
  ProcessOptions whole;
  whole.stdin_text = "n\n!!\nn\n";
  const ProcessResult finished =
      wordgames({"--data", folder, "--seed", "1", "hand", "--hands", "1"}, whole);
  EXPECT_EQ(finished.out.find("Saved."), std::string::npos) << finished;
}

// A series of the word game is a win only when it scored: played to its end with a total of 0
// (nothing but invalid words or empty hands) it is recorded as no win, as Boggle's round is.
TEST(TerminalStats, AWordGameSeriesScoringNothingIsNoWin) {
  const TempDir data("wg-terminal-win");
  const std::string folder = data.path().string();
  ProcessOptions nothing;
  nothing.stdin_text = "n\n!!\nn\n";
  ASSERT_EQ(wordgames({"--data", folder, "--seed", "1", "hand", "--hands", "1"}, nothing).exit_code,
            0);
  ProcessOptions scoring;
  scoring.stdin_text = "no\nstar\n!!\nno\n";
  ASSERT_EQ(wordgames({"--data", folder, "--seed", "3", "hand", "--hands", "1"}, scoring).exit_code,
            0);
  const ProcessResult history = wordgames({"--data", folder, "history", "--json"});
  ASSERT_EQ(history.exit_code, 0) << history;
  const auto games = json_of(history)["games"];
  ASSERT_EQ(games.size(), 2u) << history;
  EXPECT_EQ(games[0]["score"], 76) << history;  // newest first
  EXPECT_EQ(games[0]["won"], true) << history;
  EXPECT_EQ(games[1]["score"], 0) << history;
  EXPECT_EQ(games[1]["won"], false) << history;
}

}  // namespace
}  // namespace wg::test
