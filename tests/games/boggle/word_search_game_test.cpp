#include "games/boggle/word_search_game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace wg::boggle {
namespace {

const std::string kUnixWords = std::string(WG_SOURCE_DIR) + "/data/unix-words.txt";

// One game with the spec's lexicon for the whole suite: loading it takes a while.
WordSearchGame& spec_game() {
  static WordSearchGame game = [] {
    WordSearchGame g;
    g.load_lexicon(kUnixWords);
    return g;
  }();
  return game;
}

TEST(WordSearchGame, TheSpecExampleWithUnixWords) {
  WordSearchGame& game = spec_game();
  game.set_board(Board());
  const std::vector<std::string> five = game.all_valid_words(5);
  EXPECT_EQ(five, (std::vector<std::string>{
                      "ALBEE",   "ALCAE", "ALEPOT", "ANELE",  "BECAP", "BELAH", "BELEE",
                      "BENTHAL", "BENTY", "BLENT",  "CAPEL",  "CAPOT", "CENTO", "CLEAN",
                      "ELEAN",   "LEANT", "LENTH",  "LENTO",  "NEELE", "PEACE", "PEELE",
                      "PELEAN",  "PENAL", "THANE",  "TOECAP", "TOPEE"}));
  EXPECT_EQ(game.score(five, 5), 31);
  EXPECT_EQ(game.all_valid_words(6),
            (std::vector<std::string>{"ALEPOT", "BENTHAL", "PELEAN", "TOECAP"}));
  EXPECT_EQ(game.find_path("PEACE"), (std::vector<int>{7, 6, 3, 2, 1}));
  EXPECT_EQ(game.find_path("lent"), (std::vector<int>{5, 6, 9, 14}));
  EXPECT_TRUE(game.find_path("POPE").empty());
  EXPECT_TRUE(game.is_valid_word("place"));
  EXPECT_TRUE(game.find_path("PLACE").empty());
  EXPECT_TRUE(game.find_path("PALE").empty());
}

TEST(WordSearchGame, SpecCellsAndScoringRules) {
  WordSearchGame& game = spec_game();
  std::vector<std::string> cells = {"E", "E", "C", "A", "A", "L", "E", "P",
                                    "H", "N", "B", "O", "Q", "T", "T", "Y"};
  game.set_board(cells);
  // Not scorable: too short, not a word, not on the board; repeats count once.
  std::vector<std::string> words = {"peace", "PEACE", "lent", "xyzzy", "place", "TOECAP"};
  EXPECT_EQ(game.score(words, 5), 1 + 2);
  EXPECT_EQ(game.score(words, 5, Scoring::kBoggle), 2 + 3);
  EXPECT_TRUE(game.is_valid_prefix("peac"));
  EXPECT_TRUE(game.is_valid_prefix("peace"));
  EXPECT_FALSE(game.is_valid_prefix("xq"));
}

TEST(WordSearchGame, BadBoardsLeaveTheBoardUnchanged) {
  WordSearchGame game;
  const std::string before = game.board_text();
  std::vector<std::string> three = {"a", "b", "c"};
  EXPECT_THROW(game.set_board(three), std::invalid_argument);
  std::vector<std::string> empty_cell = {"a", "", "c", "d"};
  EXPECT_THROW(game.set_board(empty_cell), std::invalid_argument);
  std::vector<std::string> digit = {"a", "b", "c", "9"};
  EXPECT_THROW(game.set_board(digit), std::invalid_argument);
  std::vector<std::string> blocked = {"a", "b", "#", "d"};  // the spec's contract: letters only
  EXPECT_THROW(game.set_board(blocked), std::invalid_argument);
  EXPECT_EQ(game.board_text(), before);
}

TEST(WordSearchGame, BlockedCellsThroughABoard) {
  WordSearchGame& game = spec_game();
  game.set_board(Board::parse("ca#/te#/sx#"));
  EXPECT_EQ(game.board_text(), "C A #\nT E #\nS X #\n");
  const auto words = game.all_valid_words(4);
  EXPECT_NE(std::find(words.begin(), words.end(), "CATE"), words.end());
  EXPECT_TRUE(game.find_path("cat#").empty());
  std::vector<std::string> cate = {"cate"};
  EXPECT_EQ(game.score(cate, 4), 1);
}

TEST(WordSearchGame, MultiLetterAndOneByOneBoards) {
  WordSearchGame& game = spec_game();
  std::vector<std::string> tiger = {"TIGER"};
  game.set_board(tiger);
  EXPECT_EQ(game.all_valid_words(1), (std::vector<std::string>{"TIGER"}));
  EXPECT_EQ(game.find_path("tiger"), (std::vector<int>{0}));
  game.set_board(Board::parse("ca/te/sx"));  // 3 rows, 2 columns
  const auto words = game.all_valid_words(4);
  EXPECT_NE(std::find(words.begin(), words.end(), "CATE"), words.end());
  EXPECT_EQ(game.find_path("cate"), (std::vector<int>{0, 1, 2, 3}));
}

TEST(WordSearchGame, NeedsALexiconAndAValidMinimum) {
  WordSearchGame game;
  EXPECT_FALSE(game.has_lexicon());
  EXPECT_THROW(game.is_valid_word("a"), StateError);
  EXPECT_THROW(game.is_valid_prefix("a"), StateError);
  EXPECT_THROW(game.all_valid_words(3), StateError);
  std::vector<std::string> none;
  EXPECT_THROW(game.score(none, 3), StateError);
  EXPECT_THROW(game.all_valid_words(0), std::invalid_argument);
  EXPECT_THROW(game.score(none, 0), std::invalid_argument);
  EXPECT_EQ(game.find_path("PEACE"), (std::vector<int>{7, 6, 3, 2, 1})) << "no lexicon needed";
  try {
    game.all_valid_words(3);
  } catch (const StateError& e) {
    EXPECT_NE(std::string(e.what()).find("no lexicon"), std::string::npos);
  }
}

TEST(WordSearchGame, LexiconFileErrorsNameTheFile) {
  WordSearchGame game;
  try {
    game.load_lexicon("/nonexistent/words.txt");
    FAIL();
  } catch (const LexiconError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/words.txt"), std::string::npos);
  }
  EXPECT_FALSE(game.has_lexicon());
  test::TempDir dir;
  game.load_lexicon(dir.write("w.txt", "Cat\nDOG\n"));
  EXPECT_TRUE(game.is_valid_word("CAT"));
  EXPECT_TRUE(game.is_valid_word("dog"));
}

}  // namespace
}  // namespace wg::boggle
