// src/app/store.h: the names and lists the store accepts, and the port's contract, run against
// every implementation (FileStore, SqliteStore).

#include "app/store.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/file_store.h"
#include "app/sqlite_store.h"
#include "support/temp_dir.h"

namespace wg::app {
namespace {

TEST(StoreNames, ValidNames) {
  for (const char* good : {"a", "my-book", "Moby_Dick2", "9lives", "default"}) {
    EXPECT_TRUE(valid_name(good)) << good;
  }
  for (const char* bad : {"", "-x", "_x", "a b", "a/b", "..", "a.txt", "caf\xc3\xa9"}) {
    EXPECT_FALSE(valid_name(bad)) << bad;
  }
  EXPECT_TRUE(valid_name(std::string(40, 'a')));
  EXPECT_FALSE(valid_name(std::string(41, 'a')));
}

TEST(StoreNames, WordListsAreCheckedBeforeTheyAreKept) {
  const std::vector<std::string> words = {"COTTON", "banana", "Mixed"};
  EXPECT_NO_THROW(check_word_list("mine", words));
  EXPECT_THROW(check_word_list("a/b", words), std::invalid_argument);
  for (const char* bad : {"", "TWO WORDS", "LINE\nBREAK", "CAF\xc3\x89", "A1"}) {
    const std::vector<std::string> with_bad = {"COTTON", bad};
    EXPECT_THROW(check_word_list("mine", with_bad), std::invalid_argument) << bad;
  }
  EXPECT_EQ(word_list_text(words), "COTTON\nbanana\nMixed\n");
}

TEST(StoreNames, SavedGamesAreCheckedBeforeTheyAreKept) {
  // The seed as restore() reads it: an unsigned number (what parsed JSON and saved() give).
  EXPECT_NO_THROW(check_saved_game({{"game", "hangman"}, {"seed", 1u}}));
  EXPECT_NO_THROW(
      check_saved_game(Json::parse(R"({"game": "hangman", "seed": 1, "commands": []})")));
  EXPECT_THROW(check_saved_game(Json::array()), std::invalid_argument);
  EXPECT_THROW(check_saved_game({{"seed", 1}}), std::invalid_argument);
  EXPECT_THROW(check_saved_game({{"game", 3}, {"seed", 1u}}), std::invalid_argument);
  EXPECT_THROW(check_saved_game({{"game", "hangman"}, {"seed", -1}}), std::invalid_argument);
  EXPECT_THROW(check_saved_game({{"game", "hangman"}, {"seed", 1u}, {"commands", 2}}),
               std::invalid_argument);
}

/// A store of one implementation, empty, for the life of a test.
class FileStoreMaker {
 public:
  Store& store() { return store_; }

 private:
  test::TempDir dir_{"wg-store"};
  FileStore store_{dir_.path()};
};

template <class Maker>
class StoreTest : public ::testing::Test {
 protected:
  Store& store() { return maker_.store(); }
  Maker maker_;
};

class SqliteStoreMaker {
 public:
  Store& store() { return store_; }

 private:
  test::TempDir dir_{"wg-store"};
  SqliteStore store_{dir_ / "wordgames.db"};
};

using Implementations = ::testing::Types<FileStoreMaker, SqliteStoreMaker>;
TYPED_TEST_SUITE(StoreTest, Implementations);

TYPED_TEST(StoreTest, WordListsAreSavedLoadedAndListedByName) {
  Store& store = this->store();
  EXPECT_TRUE(store.word_list_names().empty());
  EXPECT_FALSE(store.has_word_list("small"));
  EXPECT_THROW(store.load_word_list("small"), StoreError);
  const std::vector<std::string> words = {"BANANA", "COTTON", "FALCON"};
  store.save_word_list("small", words);
  store.save_word_list("a-copy", words);
  EXPECT_TRUE(store.has_word_list("small"));
  EXPECT_EQ(store.word_list_names(), (std::vector<std::string>{"a-copy", "small"}));
  EXPECT_EQ(store.load_word_list("small"), "BANANA\nCOTTON\nFALCON\n");
  const std::vector<std::string> other = {"DINNER"};
  store.save_word_list("small", other);  // replaces
  EXPECT_EQ(store.load_word_list("small"), "DINNER\n");
  EXPECT_EQ(store.word_list_names().size(), 2u);
  EXPECT_THROW(store.save_word_list("a/b", words), std::invalid_argument);
  const std::vector<std::string> bad = {"TWO WORDS"};
  EXPECT_THROW(store.save_word_list("bad", bad), std::invalid_argument);
  EXPECT_FALSE(store.has_word_list("bad"));
  EXPECT_THROW(store.load_word_list("../small"), StoreError);
  EXPECT_FALSE(store.word_list_location("small").empty());
}

TYPED_TEST(StoreTest, GamesAreSavedLoadedAndListedByName) {
  Store& store = this->store();
  EXPECT_TRUE(store.game_names().empty());
  const Json saved = {{"game", "hangman"},
                      {"config", {{"mode", "hard"}}},
                      {"seed", 42u},
                      {"commands", {{{"command", "guess"}, {"position", 0}, {"letter", "B"}}}}};
  store.save_game("friday", saved);
  store.save_game("2nd", saved);
  EXPECT_EQ(store.game_names(), (std::vector<std::string>{"2nd", "friday"}));
  EXPECT_EQ(store.load_game("friday"), saved);
  EXPECT_THROW(store.load_game("monday"), StoreError);
  EXPECT_THROW(store.load_game("../friday"), StoreError);
  EXPECT_THROW(store.save_game("bad name", saved), std::invalid_argument);
  EXPECT_THROW(store.save_game("x", Json{{"seed", 1}}), std::invalid_argument);
}

}  // namespace
}  // namespace wg::app
