// `wordgames` with no command (src/cli/menu.h): the listing of the games and tools.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
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

TEST(CliMenuTest, TheMenuComesBackAfterAGame) {
  const MenuSession s = interactive_menu("hand\n1\nn\n!!\nq\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "Total score over all hands")) << s.out;
  EXPECT_EQ(count(s.out, "Choose a game"), 2u) << s.out;
}

TEST(CliMenuTest, EndOfInputInAGameReturnsToTheMenu) {
  // Input ends inside the game: the game ends, the menu asks again (and meets the end too).
  const MenuSession s = interactive_menu("2\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(count(s.out, "Choose a game"), 2u) << s.out;
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
