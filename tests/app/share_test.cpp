// GameEntry::share and share_text (app/registry.h): each game's spoiler-free account of a game
// played through its registry entry, as a front end records it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include "app/registry.h"
#include "app/sqlite_store.h"
#include "lexicon/lexicon.h"

namespace wg::app {
namespace {

std::shared_ptr<const Lexicon> shared_lexicon() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// The record of the game `commands` finish in a new session of `name` (seed 7), for Ann at
/// `seat`.
FinishedGame play(std::string_view name, const Json& config, const std::vector<Json>& commands,
                  Seat seat = 0) {
  const GameEntry* game = find_game(name);
  EXPECT_NE(game, nullptr);
  std::unique_ptr<GameSession> session = game->open(config, 7, shared_lexicon());
  for (const Json& command : commands) {
    for (const Json& event : session->apply(command)) {
      EXPECT_NE(event.value("event", ""), "rejected") << command.dump() << " " << event.dump();
    }
    std::vector<FinishedGame> records = session->finished_records("Ann", seat);
    if (!records.empty()) return records.front();
  }
  ADD_FAILURE() << "the game did not end";
  return {};
}

/// The share text of `record` in both styles, checked to hold no hidden word.
ShareText share_of(const FinishedGame& record, Seat seat = 0) {
  const GameEntry& game = *find_game(record.game);
  EXPECT_TRUE(game.share) << game.name;
  const ShareText share = game.share(record, seat);
  const std::string word = lower(record.result.value("word", std::string()));
  for (const std::string& text :
       {*share_text(game, record, seat, true), *share_text(game, record, seat, false)}) {
    EXPECT_FALSE(text.empty());
    if (!word.empty()) EXPECT_EQ(lower(text).find(word), std::string::npos) << text;
  }
  return share;
}

TEST(Share, EveryGameHasOne) {
  for (const GameEntry& game : games()) EXPECT_TRUE(game.share) << game.name;
}

TEST(Share, WordleGivesItsRowsInShapesAndMarks) {
  const FinishedGame record =
      play("wordle", Json{{"host", "largest"}, {"length", 5}},
           {Json{{"command", "guess"}, {"word", "crane"}},
            Json{{"command", "guess"}, {"word", "moist"}}, Json{{"command", "give_up"}}});
  const ShareText share = share_of(record);
  EXPECT_EQ(share.result, "gave up after 2 guesses");
  EXPECT_EQ(share.game, 0);
  ASSERT_EQ(share.text_grid.size(), 2u);
  ASSERT_EQ(share.grid.size(), 2u);
  const Json rows = record.result["rows"];
  EXPECT_EQ(share.text_grid[0], rows[0]["pattern"].get<std::string>());
  for (const std::string& row : share.text_grid) {
    EXPECT_EQ(row.size(), 5u);
    EXPECT_EQ(row.find_first_not_of("gy."), std::string::npos) << row;
  }
  EXPECT_NE(share.headline.find("5 letters"), std::string::npos) << share.headline;
  EXPECT_NE(share.legend.find("g: right place"), std::string::npos);
  const std::string text = *share_text(*find_game("wordle"), record, 0, false);
  EXPECT_NE(text.find(share.text_grid[1]), std::string::npos) << text;
  EXPECT_EQ(text.find("crane"), std::string::npos) << "a guess is never shared";
}

TEST(Share, WordleWonCountsItsGuesses) {
  FinishedGame record;
  record.game = "wordle";
  record.result = {
      {"event", "finished"},
      {"game", 1},
      {"won", true},
      {"gave_up", false},
      {"length", 5},
      {"host", "largest"},
      {"hard", true},
      {"guesses", 6},
      {"word", "crane"},
      {"best_possible", 4},
      {"best_from", 1},
      {"rows",
       {{{"word", "slate"}, {"pattern", "..y.g"}}, {{"word", "crane"}, {"pattern", "ggggg"}}}}};
  const ShareText share = share_of(record);
  EXPECT_EQ(share.result, "2/6");
  EXPECT_EQ(share.headline,
            "Adversarial Wordle, 5 letters, largest host, hard: 2/6 (best possible 4)");
  EXPECT_EQ(share.text_grid, (std::vector<std::string>{"..y.g", "ggggg"}));
  EXPECT_EQ(share.grid[1], "\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9\U0001F7E9");
  EXPECT_EQ(share.grid[0], "\u2796\u2796\U0001F7E1\u2796\U0001F7E9") << "three shapes";
}

TEST(Share, EvilHangmanGivesHitsAndMissesNotLetters) {
  const FinishedGame record =
      play("evil-hangman", Json{{"strategy", "largest"}},
           {Json{{"command", "new_game"}, {"length", 6}, {"guesses", 8}},
            Json{{"command", "guess"}, {"letter", "e"}},
            Json{{"command", "guess"}, {"letter", "q"}}, Json{{"command", "give_up"}}});
  const ShareText share = share_of(record);
  ASSERT_EQ(share.text_grid.size(), 1u);
  EXPECT_EQ(share.text_grid[0].size(), 2u);
  EXPECT_EQ(share.text_grid[0].find_first_not_of("+x"), std::string::npos);
  EXPECT_NE(share.result.find("gave up"), std::string::npos) << share.result;
  EXPECT_NE(share.headline.find("6 letters, largest host"), std::string::npos) << share.headline;
  const int misses = record.result["misses"].get<int>();
  EXPECT_EQ(static_cast<int>(std::count(share.text_grid[0].begin(), share.text_grid[0].end(), 'x')),
            misses);
}

TEST(Share, PositionHangmanGivesPointsAndMisses) {
  const FinishedGame record = play(
      "hangman", Json::object(),
      {Json{{"command", "guess"}, {"position", 0}, {"letter", "E"}}, Json{{"command", "give_up"}}});
  const ShareText share = share_of(record);
  EXPECT_NE(share.result.find("gave up"), std::string::npos) << share.result;
  EXPECT_NE(share.result.find("point"), std::string::npos) << share.result;
  EXPECT_EQ(share.game, 0);
  EXPECT_NE(share.headline.find(
                fmt::format("{} letters", record.result["word"].get<std::string>().size())),
            std::string::npos)
      << share.headline;
}

TEST(Share, WordSearchGivesWordsFoundAndPar) {
  const FinishedGame record =
      play("boggle", Json{{"seconds", 0}}, {Json{{"command", "close"}, {"elapsed_ms", 10}}});
  const ShareText share = share_of(record);
  EXPECT_EQ(share.result,
            fmt::format("found 0 of {} words, 0 % of par", record.result["all_words"].size()));
  for (const Json& word : record.result["all_words"]) {
    const std::string text =
        lower(word.is_string() ? word.get<std::string>() : word.value("word", std::string()));
    EXPECT_EQ(lower(share.headline).find(" " + text + " "), std::string::npos);
  }
}

TEST(Share, WordGameGivesPointsPerHand) {
  const FinishedGame record = play("hand", Json::object(), {Json{{"command", "give_up"}}});
  const ShareText share = share_of(record);
  EXPECT_NE(share.result.find("points over"), std::string::npos) << share.result;
  EXPECT_EQ(share.headline.rfind("Word Game (given up): ", 0), 0u) << share.headline;
}

TEST(Share, AuctionGivesTheSeatsPlaceAndTheWinners) {
  FinishedGame record;
  record.game = "auction";
  record.config = {{"rounds", 3}};
  record.result = {{"event", "finished"}, {"game", 1}};
  record.players = {
      {"Ann", 12, false}, {"value", 30, true, "value"}, {"greedy", 5, false, "greedy"}};
  const ShareText share = share_of(record, 0);
  EXPECT_EQ(share.result, "12 points, place 2 of 3");
  EXPECT_EQ(share.headline, "Letter Auction, 3 rounds: 12 points, place 2 of 3; won by value (30)");
  EXPECT_EQ(find_game("auction")->share(record, kObserver).result, "watched");
}

TEST(Share, TextStyleEndsWithTheLegend) {
  FinishedGame record;
  record.game = "evil-hangman";
  record.result = {{"won", true},  {"length", 4},    {"misses", 1},
                   {"guesses", 8}, {"word", "cove"}, {"letters", {"e", "a", "o", "c", "v"}}};
  const GameEntry& game = *find_game("evil-hangman");
  EXPECT_EQ(*share_text(game, record, 0, false),
            "Evil Hangman, 4 letters, largest host: won, 1 miss of 8\n+x+++\n"
            "+: a letter in the word, x: a miss");
  EXPECT_EQ(*share_text(game, record, 0, true),
            "Evil Hangman, 4 letters, largest host: won, 1 miss of 8\n"
            "\U0001F7E2\u274C\U0001F7E2\U0001F7E2\U0001F7E2");
}

// Evil Hangman's share says the par, what the optimal host forces from the start: exact, a
// lower bound, or that it beats every guesser; a record without one (an older game's) says none.
TEST(Share, EvilHangmanSaysWhatTheOptimalHostForces) {
  FinishedGame record;
  record.game = "evil-hangman";
  record.result = {
      {"won", true}, {"length", 9}, {"misses", 4}, {"guesses", 8}, {"word", "abandoned"}};
  const GameEntry& game = *find_game("evil-hangman");
  EXPECT_EQ(game.share(record, 0).result, "won, 4 misses of 8");
  record.result["par"] = {{"misses", 6}, {"exact", true}};
  EXPECT_EQ(game.share(record, 0).result, "won, 4 misses of 8 (the optimal host forces 6)");
  record.result["par"] = {{"misses", 7}, {"exact", false}};
  EXPECT_EQ(game.share(record, 0).result,
            "won, 4 misses of 8 (the optimal host forces at least 7)");
  record.result["par"] = {{"misses", 8}, {"exact", true}};
  EXPECT_EQ(game.share(record, 0).result,
            "won, 4 misses of 8 (the optimal host beats every guesser)");
}

}  // namespace
}  // namespace wg::app
