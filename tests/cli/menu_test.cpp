// `wordgames` with no command (src/cli/menu.h): the listing of the games and tools.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "cli/output.h"
#include "cli/wordgames_runner.h"

namespace wg::test {
namespace {

const std::vector<std::string> kGames = {"hand",    "evil-hangman", "boggle",
                                         "auction", "hangman",      "wordle"};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CliMenuTest, NoArgumentsListsTheGamesAndTools) {
  // stdin is a pipe, not a terminal: the listing only, without waiting for a choice.
  ProcessOptions options;
  options.stdin_text = "1\n";
  const ProcessResult r = wordgames({}, options);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  for (const std::string& game : kGames) {
    EXPECT_TRUE(contains(r.out, game)) << "missing " << game << r;
  }
  EXPECT_TRUE(contains(r.out, "lexicon")) << r;
  EXPECT_TRUE(contains(r.out, "--help")) << r;
}

TEST(CliMenuTest, ListsGamesInOrderWithOneLineEach) {
  const ProcessResult r = wordgames({});
  ASSERT_EQ(r.exit_code, 0) << r;
  std::size_t game = 0;
  for (const std::string& line : lines_of(r.out)) {
    if (game < kGames.size() && line.find(" " + kGames[game] + " ") != std::string::npos) {
      ++game;
    }
  }
  EXPECT_EQ(game, kGames.size()) << "games missing or out of order" << r;
}

TEST(CliMenuTest, JsonListsGamesAndTools) {
  const ProcessResult r = wordgames({"--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto menu = json_of(r);
  ASSERT_TRUE(menu["games"].is_array()) << r;
  std::vector<std::string> names;
  for (const auto& game : menu["games"]) {
    names.push_back(game["name"]);
    EXPECT_TRUE(game["summary"].is_string()) << r;
    EXPECT_TRUE(game["title"].is_string()) << r;
  }
  EXPECT_EQ(names, kGames);
  ASSERT_TRUE(menu["tools"].is_array()) << r;
  EXPECT_EQ(menu["tools"][0]["name"], "lexicon");
}

TEST(CliMenuTest, GlobalOptionsAloneStillList) {
  const ProcessResult r = wordgames({"--seed", "7"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "evil-hangman")) << r;
}

/// The menu as a person at a terminal meets it: run() told the streams are interactive.
struct MenuSession {
  std::string out;
  std::string err;
  int status = 0;
};
MenuSession interactive_menu(const std::string& input) {
  const std::vector<std::string> args = {"wordgames", "--seed", "3"};
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  MenuSession session;
  session.status = cli::run(args, in, out, err, /*interactive=*/true);
  session.out = out.str();
  session.err = err.str();
  return session;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

constexpr const char* kAgain = "Enter for the menu, or a game's number or name (q quits): ";

TEST(CliMenuTest, AfterAGameAShortQuestionKeepsTheResultOnScreen) {
  // After the game, one line asks what next: the menu (its 21 lines) is not printed again, so
  // the game's result stays on an 80x24 screen. Enter shows the menu.
  const MenuSession s = interactive_menu("hand\n1\nn\n!!\nn\n\n\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "Total score over all hands")) << s.out;
  const std::size_t result = s.out.find("Total score over all hands");
  EXPECT_GT(s.out.find("Games:", result), s.out.find(kAgain, result))
      << "the menu comes only after Enter" << s.out;
  EXPECT_EQ(count(s.out, kAgain), 1u) << s.out;
  EXPECT_EQ(count(s.out, "Games:"), 2u) << s.out;
  EXPECT_EQ(count(s.out, "Choose a game"), 2u) << s.out;
}

TEST(CliMenuTest, AfterAGameAnotherIsPlayedByItsNameOrQuitEnds) {
  const MenuSession s = interactive_menu("hand\n1\nn\n!!\nn\n1\n1\nn\n!!\nn\nchess\nq\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(count(s.out, "Total score over all hands"), 2u) << s.out;
  EXPECT_TRUE(contains(s.out, "No game 'chess'.")) << s.out;
  EXPECT_EQ(count(s.out, kAgain), 3u) << s.out;
  EXPECT_EQ(count(s.out, "Games:"), 1u) << s.out;
}

TEST(CliMenuTest, EndOfInputInAGameReturnsToTheMenu) {
  // Input ends inside the game: the game ends, the menu asks again (and meets the end too).
  const MenuSession s = interactive_menu("2\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(count(s.out, "Choose a game"), 1u) << s.out;
  EXPECT_EQ(count(s.out, kAgain), 1u) << s.out;
}

TEST(CliMenuTest, TheListingFits80Columns) {
  const MenuSession s = interactive_menu("");
  for (const std::string& line : lines_of(s.out)) {
    EXPECT_LE(cli::display_width(line), 80u) << line;
  }
  // A summary wrapped goes on under its column.
  EXPECT_TRUE(contains(s.out, "scored by its\n" + std::string(19, ' ') + "odds\n")) << s.out;
}

TEST(CliMenuTest, TheMenuRunsTheToolsItLists) {
  const MenuSession s = interactive_menu("lexicon contains quiz qwzx\n\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "quiz: yes")) << s.out;
  EXPECT_TRUE(contains(s.out, "qwzx: no")) << s.out;
  EXPECT_EQ(count(s.out, "Choose a game"), 2u) << s.out;
}

TEST(CliMenuTest, TheMenuRefusesWhatItDoesNotList) {
  const MenuSession s = interactive_menu("chess\n9\nquit\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "No game 'chess'.")) << s.out;
  EXPECT_TRUE(contains(s.out, "No game '9'.")) << s.out;
  EXPECT_EQ(count(s.out, "Choose a game"), 3u) << s.out;
}

}  // namespace
}  // namespace wg::test
