#include "app/registry.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace wg::app {
namespace {

TEST(Registry, ListsTheFiveGamesInMenuOrder) {
  std::vector<std::string> names;
  for (const GameEntry& game : games()) names.emplace_back(game.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"hand", "evil-hangman", "boggle", "auction", "hangman"}));
}

TEST(Registry, EveryEntryIsComplete) {
  std::set<std::string_view> ids;
  for (const GameEntry& game : games()) {
    EXPECT_FALSE(game.title.empty()) << game.name;
    EXPECT_FALSE(game.summary.empty()) << game.name;
    EXPECT_TRUE(game.config_schema) << game.name;
    EXPECT_TRUE(game.open) << game.name;
    EXPECT_TRUE(ids.insert(game.id).second) << game.id;
  }
}

TEST(Registry, FindsByNameOrId) {
  ASSERT_NE(find_game("evil-hangman"), nullptr);
  EXPECT_EQ(find_game("evil-hangman"), find_game("evil_hangman"));
  EXPECT_EQ(find_game("chess"), nullptr);
  EXPECT_EQ(find_game(""), nullptr);
}

TEST(Registry, RestoreRefusesWhatIsNotASavedGame) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  EXPECT_THROW(restore(Json::array(), lexicon), ConfigError);
  EXPECT_THROW(restore(Json{{"seed", 1}}, lexicon), ConfigError);
  EXPECT_THROW(restore(Json{{"game", "chess"}, {"seed", 1}}, lexicon), ConfigError);
  EXPECT_THROW(restore(Json{{"game", "hand"}, {"seed", -1}}, lexicon), ConfigError);
  EXPECT_THROW(restore(Json{{"game", "hand"}}, lexicon), ConfigError);
}

}  // namespace
}  // namespace wg::app
