#include "app/registry.h"

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace wg::app {
namespace {

TEST(Registry, ListsTheGamesInMenuOrder) {
  std::vector<std::string> names;
  for (const GameEntry& game : games()) names.emplace_back(game.name);
  EXPECT_EQ(names, (std::vector<std::string>{"hand", "evil-hangman", "boggle", "auction", "hangman",
                                             "wordle"}));
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

TEST(Registry, EachGameSaysWhetherItsSeedHidesSomething) {
  const auto hides = [](std::string_view name, const Json& config) {
    return hides_information(*find_game(name), config);  // absent fields: their defaults
  };
  EXPECT_TRUE(hides("hangman", Json::object())) << "the secret word";
  EXPECT_TRUE(hides("auction", Json::object())) << "the racks and the letters to come";
  EXPECT_TRUE(hides("hand", Json::object())) << "the hands to come";
  EXPECT_TRUE(hides("boggle", Json::object())) << "the boards of the rounds to come";
  EXPECT_TRUE(hides_information(*find_game("boggle")->rooms, Json::object()));
  EXPECT_TRUE(hides("evil-hangman", {{"strategy", "fair"}})) << "the fair host's word";
  EXPECT_FALSE(hides("evil-hangman", {{"strategy", "largest"}})) << "no word held";
  EXPECT_FALSE(hides("evil-hangman", Json::object()));
  EXPECT_TRUE(hides("wordle", {{"host", "fair"}}));
  EXPECT_FALSE(hides("wordle", {{"host", "lookahead"}}));
  EXPECT_TRUE(hides_information(*find_game("wordle"), {{"host", 3}}))
      << "a config that cannot be read hides rather than guesses";
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

std::shared_ptr<const Lexicon> shared_lexicon() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

TEST(Registry, AHostStampsItsClockAndTheSeatAndDropsWhatNoPlayerMaySend) {
  const GameEntry& boggle = *find_game("boggle");
  Json submit = {{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 1}};
  stamp_player_command(boggle, submit, 0, 4200);
  EXPECT_EQ(submit["elapsed_ms"], 4200);  // the host's clock, not the player's claim
  const GameEntry& auction = *find_game("auction");
  Json bid = {{"command", "bid"}, {"seat", 3}, {"amount", 5}};
  stamp_player_command(auction, bid, 1, 0);
  EXPECT_EQ(bid["seat"], 1);  // the seat the host gave the player
  EXPECT_FALSE(bid.contains("elapsed_ms"));
  EXPECT_TRUE(needs_seat(auction, bid));
  EXPECT_FALSE(needs_seat(auction, Json{{"command", "step"}}));
  const GameEntry& evil = *find_game("evil-hangman");
  Json guess = {{"command", "guess"}, {"letter", "e"}, {"cut", true}};
  stamp_player_command(evil, guess, 0, 0);
  EXPECT_FALSE(guess.contains("cut"));  // a replay's field, never a player's
  // What is not a command is left for the session to refuse, and never throws.
  for (Json odd : {Json{{"command", 5}, {"seat", 2}}, Json::array(), Json("bid")}) {
    const Json sent = odd;
    EXPECT_NO_THROW(stamp_player_command(auction, odd, 0, 0));
    EXPECT_NO_THROW(stamp_player_command(boggle, odd, 0, 0));
    EXPECT_FALSE(needs_seat(auction, odd));
    EXPECT_EQ(odd, sent);
  }
}

TEST(Registry, ACommandNamedByAnythingButAStringIsRefusedAsMalformed) {
  for (const GameEntry& game : games()) {
    const std::unique_ptr<GameSession> session = game.open(Json::object(), 1, shared_lexicon());
    const std::vector<Json> events = session->apply(Json{{"command", 5}});
    ASSERT_EQ(events.size(), 1u) << game.name;
    EXPECT_EQ(events[0]["event"], "rejected") << game.name;
    EXPECT_EQ(events[0]["reason"], "malformed") << game.name;
  }
}

TEST(Registry, TheOwnersSeatIsTheSessionsToSay) {
  for (const GameEntry& game : games()) {
    if (game.name == "auction") continue;
    EXPECT_EQ(game.open(Json::object(), 1, shared_lexicon())->owner_seat(), 0) << game.name;
  }
  const GameEntry& auction = *find_game("auction");
  const Json bots = {{"seats", Json::array({Json{{"kind", "bot"}, {"name", "value"}},
                                            Json{{"kind", "bot"}, {"name", "random"}}})}};
  EXPECT_EQ(auction.open(bots, 1, shared_lexicon())->owner_seat(), kObserver);
  const Json person = {{"seats", Json::array({Json{{"kind", "bot"}, {"name", "value"}},
                                              Json{{"kind", "person"}, {"name", "Ann"}}})}};
  EXPECT_EQ(auction.open(person, 1, shared_lexicon())->owner_seat(), 1);
}

TEST(Registry, ABoggleRoundListsItsClockUntilItEnds) {
  const std::unique_ptr<GameSession> session =
      find_game("boggle")->open(Json{{"seconds", 90}}, 1, shared_lexicon());
  std::vector<Timer> timers = session->timers();
  ASSERT_EQ(timers.size(), 1u);
  EXPECT_EQ(timers[0].kind, Timer::Kind::kRound);
  EXPECT_EQ(timers[0].after, std::chrono::milliseconds(90'000));
  EXPECT_EQ(timers[0].command["command"], "tick");
  const std::string first_round = timers[0].key;
  session->apply(Json{{"command", "close"}, {"elapsed_ms", 10}});
  EXPECT_TRUE(session->timers().empty());
  session->apply(Json{{"command", "new_game"}});
  timers = session->timers();
  ASSERT_EQ(timers.size(), 1u);
  EXPECT_NE(timers[0].key, first_round);  // a new round is a new wait
}

TEST(Registry, AnAuctionListsAPersonsAnswerTimeWhileItWaitsForIt) {
  const Json config = {{"seats", Json::array({Json{{"kind", "bot"}, {"name", "value"}},
                                              Json{{"kind", "person"}, {"name", "Ann"}}})},
                       {"rounds", 1}};
  const std::unique_ptr<GameSession> session =
      find_game("auction")->open(config, 3, shared_lexicon());
  EXPECT_TRUE(session->timers().empty());  // nothing awaited before the game runs
  session->apply(Json{{"command", "run_to_end"}});
  std::vector<Timer> timers = session->timers();
  ASSERT_EQ(timers.size(), 1u);
  EXPECT_EQ(timers[0].kind, Timer::Kind::kAnswer);
  EXPECT_EQ(timers[0].command, (Json{{"command", "bid"}, {"seat", 1}, {"amount", 0}}));
  // The empty answer it names is one the session takes; the next wait has a key of its own.
  const std::string first = timers[0].key;
  const std::vector<Json> events = session->apply(timers[0].command);
  ASSERT_FALSE(events.empty());
  EXPECT_NE(events[0]["event"], "rejected");
  for (const Timer& timer : session->timers()) EXPECT_NE(timer.key, first);
}

}  // namespace
}  // namespace wg::app
