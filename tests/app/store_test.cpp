// src/app/store.h: the names the store accepts, and the port's contract, run against every
// implementation (FileStore today; a database later joins the list of StoreTest's types).

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

TEST(StoreNames, DictionaryNames) {
  for (const char* good : {"a", "my-book", "Moby_Dick2", "9lives"}) {
    EXPECT_TRUE(valid_dictionary_name(good)) << good;
  }
  for (const char* bad : {"", "default", "-x", "_x", "a b", "a/b", "..", "a.txt", "caf\xc3\xa9"}) {
    EXPECT_FALSE(valid_dictionary_name(bad)) << bad;
  }
  EXPECT_TRUE(valid_dictionary_name(std::string(40, 'a')));
  EXPECT_FALSE(valid_dictionary_name(std::string(41, 'a')));
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

hangman::Dictionary small_dictionary() {
  const std::vector<std::string> words = {
      "BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
      "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
      "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"};
  return hangman::Dictionary::from_words(words);
}

TYPED_TEST(StoreTest, HistoryAppendsAndKeepsTheLastGamesPerGame) {
  Store& store = this->store();
  EXPECT_TRUE(store.history("hangman").games.empty());
  for (int i = 0; i < 7; ++i) {
    const History h = store.append("hangman", {std::string(6, static_cast<char>('A' + i)),
                                               static_cast<std::size_t>(i), i % 2 == 0, 5 * i});
    EXPECT_EQ(h.games.back().points, 5 * i);
  }
  store.append("evil-hangman", {"OTHER", 1, true, 0});
  const History h = store.history("hangman");
  ASSERT_EQ(h.games.size(), kHistoryGames);
  EXPECT_EQ(h.games.front(), (GameRecord{"CCCCCC", 2, true, 10}));  // oldest kept
  EXPECT_EQ(h.games.back(), (GameRecord{"GGGGGG", 6, true, 30}));
  EXPECT_EQ(h.bad_records, 0u);
  EXPECT_TRUE(h.problem.empty());
  const History last = store.history("hangman", 2);
  ASSERT_EQ(last.games.size(), 2u);
  EXPECT_EQ(last.games.front().word, "FFFFFF");
  EXPECT_EQ(store.history("evil-hangman").games.size(), 1u);
  EXPECT_THROW(store.append("hangman", {"lower", 1, true, 0}), std::invalid_argument);
  EXPECT_THROW(store.append("hangman", {"WORD", 1, true, -1}), std::invalid_argument);
  EXPECT_THROW(store.append("../x", {"WORD", 1, true, 0}), std::invalid_argument);
}

TYPED_TEST(StoreTest, DictionariesAreSavedLoadedAndListedByName) {
  Store& store = this->store();
  EXPECT_TRUE(store.dictionary_names().empty());
  EXPECT_FALSE(store.has_dictionary("small"));
  EXPECT_THROW(store.load_dictionary("small"), StoreError);
  const hangman::Dictionary small = small_dictionary();
  store.save_dictionary("small", small);
  store.save_dictionary("a-copy", small);
  EXPECT_TRUE(store.has_dictionary("small"));
  EXPECT_EQ(store.dictionary_names(), (std::vector<std::string>{"a-copy", "small"}));
  EXPECT_EQ(store.load_dictionary("small").words_upper(), small.words_upper());
  store.save_dictionary("small", small);  // replaces
  EXPECT_EQ(store.dictionary_names().size(), 2u);
  EXPECT_THROW(store.save_dictionary("default", small), std::invalid_argument);
  EXPECT_THROW(store.save_dictionary("a/b", small), std::invalid_argument);
  EXPECT_FALSE(store.has_dictionary("default"));
  EXPECT_FALSE(store.dictionary_location("small").empty());
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
