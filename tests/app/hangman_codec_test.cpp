// src/app/hangman_codec.h: Position Hangman's config, commands, events and views in JSON, through
// the registry as every front end opens it.

#include "app/hangman_codec.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/registry.h"
#include "app/review.h"
#include "app/session_adapter.h"
#include "games/hangman/game.h"
#include "lexicon/common_words.h"

namespace wg::app {
namespace {

std::vector<std::string> small_words() {
  return {"BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
          "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
          "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"};
}

std::shared_ptr<const Lexicon> enable() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

std::unique_ptr<GameSession> open(Json config, std::uint64_t seed = 3) {
  const GameEntry* game = find_game("hangman");
  EXPECT_NE(game, nullptr);
  return game->open(config, seed, enable());
}

Json small_config(std::string_view mode = "easy") {
  return {{"mode", mode}, {"words", small_words()}};
}

/// The secret of the session's current game, by giving it up on a copy restored from saved().
std::string secret_of(const GameSession& session) {
  auto copy = restore(session.saved(), enable());
  const std::vector<Json> events = copy->apply({{"command", "give_up"}});
  EXPECT_EQ(events.size(), 1u);
  return events.at(0).at("word").get<std::string>();
}

TEST(HangmanCodec, TheRegistryEntryAndItsSchema) {
  const GameEntry* game = find_game("hangman");
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->title, "Position Hangman");
  const Json schema = game->config_schema();
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  for (const char* field : {"mode", "secrets", "hints", "words", "first_game"}) {
    ASSERT_TRUE(schema["properties"].contains(field)) << field;
    EXPECT_TRUE(schema["properties"][field].contains("type")) << field;
    EXPECT_TRUE(schema["properties"][field].contains("default")) << field;
  }
  EXPECT_EQ(schema["properties"]["mode"]["enum"], Json({"easy", "hard"}));
  EXPECT_EQ(schema["properties"]["first_game"]["minimum"], 0);
  EXPECT_EQ(schema["properties"]["secrets"]["enum"], Json({"common", "all"}));
  EXPECT_EQ(schema["properties"]["secrets"]["default"], "common");
}

TEST(HangmanCodec, BadConfigIsAConfigErrorNamingTheField) {
  const auto field_of = [](const Json& config) -> std::string {
    try {
      open(config);
    } catch (const ConfigError& error) {
      return error.field();
    }
    return "(accepted)";
  };
  EXPECT_EQ(field_of({{"mode", "medium"}}), "mode");
  EXPECT_EQ(field_of({{"mode", 1}}), "mode");
  EXPECT_EQ(field_of({{"hints", "yes"}}), "hints");
  EXPECT_EQ(field_of({{"secrets", "rare"}}), "secrets");
  EXPECT_EQ(field_of({{"secrets", true}}), "secrets");
  EXPECT_EQ(field_of({{"words", "banana"}}), "words");
  EXPECT_EQ(field_of({{"words", {"banana", 3}}}), "words");
  EXPECT_EQ(field_of({{"words", {"banana", "cotton"}}}), "words");  // too few
  EXPECT_EQ(field_of({{"first_game", -1}}), "first_game");
  EXPECT_EQ(field_of({{"first_game", 1.5}}), "first_game");
  EXPECT_EQ(field_of({{"lives", 9}}), "lives");
  EXPECT_EQ(field_of(Json::array()), "config");
  EXPECT_EQ(field_of(Json::object()), "(accepted)");
}

TEST(HangmanCodec, ConfigRoundTrips) {
  hangman::Config config;
  config.mode = hangman::Mode::kHard;
  config.hints = false;
  config.secrets = hangman::Secrets::kAll;
  config.words = small_words();
  config.first_game = 4;
  const Json json = HangmanCodec::config_to_json(config);
  const hangman::Config back = HangmanCodec::config_from_json(json);
  EXPECT_EQ(back.mode, config.mode);
  EXPECT_EQ(back.hints, config.hints);
  EXPECT_EQ(back.secrets, config.secrets);
  EXPECT_EQ(back.words, config.words);
  EXPECT_EQ(back.first_game, config.first_game);
  EXPECT_EQ(HangmanCodec::config_to_json(hangman::Config{}),
            (Json{{"mode", "easy"}, {"secrets", "common"}, {"hints", true}}));
}

TEST(HangmanCodec, CommandsRoundTrip) {
  for (const Json& command :
       {Json{{"command", "new_game"}}, Json{{"command", "hint"}}, Json{{"command", "give_up"}},
        Json{{"command", "guess"}, {"position", 2}, {"letter", "E"}}}) {
    EXPECT_EQ(HangmanCodec::command_to_json(HangmanCodec::command_from_json(command)), command);
  }
  const hangman::Command lower =
      HangmanCodec::command_from_json({{"command", "guess"}, {"position", 0}, {"letter", "e"}});
  EXPECT_EQ(std::get<hangman::Guess>(lower), (hangman::Guess{0, Alphabet::english().code('E')}));
}

TEST(HangmanCodec, MalformedCommandsAreRejectedNeverThrown) {
  auto session = open(small_config());
  const Json before = session->view(0);
  for (const Json& bad : {Json("guess"), Json::array(), Json::object(), Json{{"command", 3}},
                          Json{{"command", "fly"}}, Json{{"command", "guess"}, {"letter", "E"}},
                          Json{{"command", "guess"}, {"position", -1}, {"letter", "E"}},
                          Json{{"command", "guess"}, {"position", "2"}, {"letter", "E"}},
                          Json{{"command", "guess"}, {"position", 2}},
                          Json{{"command", "guess"}, {"position", 2}, {"letter", "EE"}},
                          Json{{"command", "guess"}, {"position", 2}, {"letter", "4"}},
                          Json{{"command", "guess"}, {"position", 2}, {"letter", 69}}}) {
    std::vector<Json> events;
    ASSERT_NO_THROW(events = session->apply(bad)) << bad;
    ASSERT_EQ(events.size(), 1u) << bad;
    EXPECT_EQ(events[0]["event"], "rejected") << bad;
    EXPECT_EQ(events[0]["reason"], "malformed") << bad;
    EXPECT_FALSE(events[0]["detail"].get<std::string>().empty()) << bad;
  }
  EXPECT_EQ(session->view(0), before);
  EXPECT_EQ(session->saved()["commands"], Json::array());
}

TEST(HangmanCodec, EventsOfAScriptedGame) {
  auto session = open(small_config());
  const std::string word = secret_of(*session);
  ASSERT_EQ(word.size() == 6 || word.size() == 9, true) << word;

  // Out of range, then a hit at position 0, then the same position again.
  std::vector<Json> events =
      session->apply({{"command", "guess"}, {"position", 40}, {"letter", "A"}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["event"], "rejected");
  EXPECT_EQ(events[0]["reason"], "out_of_range");
  EXPECT_EQ(events[0]["length"], word.size());
  EXPECT_EQ(events[0]["detail"],
            "no position 40: positions are 0 to " + std::to_string(word.size() - 1));

  const std::string first(1, word[0]);
  events = session->apply({{"command", "guess"}, {"position", 0}, {"letter", first}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["event"], "guessed");
  EXPECT_EQ(events[0]["hit"], true);
  EXPECT_EQ(events[0]["letter"], first);
  EXPECT_TRUE(events[0].contains("probability"));  // easy mode
  EXPECT_GT(events[0]["points"].get<int>(), 0);

  events = session->apply({{"command", "guess"}, {"position", 0}, {"letter", "Z"}});
  EXPECT_EQ(events[0]["reason"], "repeated");
  EXPECT_EQ(events[0]["revealed"], true);

  events = session->apply({{"command", "hint"}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["event"], "hint");
  EXPECT_TRUE(events[0]["for_points"].contains("expected_points"));
  EXPECT_TRUE(events[0]["safest"].contains("probability"));

  events = session->apply({{"command", "new_game"}});
  EXPECT_EQ(events[0]["reason"], "wrong_phase");

  events = session->apply({{"command", "give_up"}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0], (Json{{"event", "finished"},
                             {"game", 1},
                             {"word", word},
                             {"guesses", 1},
                             {"misses", 0},
                             {"player_won", false},
                             {"gave_up", true},
                             {"points", events[0]["points"]},
                             {"played", true}}));
  EXPECT_TRUE(session->finished());

  events = session->apply({{"command", "new_game"}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["event"], "game_started");
  EXPECT_EQ(events[0]["game"], 2);
  EXPECT_EQ(events[0]["lives"], 6);
  EXPECT_FALSE(session->finished());
}

TEST(HangmanCodec, TheViewCarriesTheLivesAGameStartsWith) {
  auto session = open(small_config("easy"), 5);
  EXPECT_EQ(session->view(0)["max_lives"], hangman::kLives);
  EXPECT_EQ(session->view(0)["lives"], hangman::kLives);
  session->apply({{"command", "guess"}, {"position", 0}, {"letter", "Q"}});
  EXPECT_EQ(session->view(0)["max_lives"], hangman::kLives);
}

TEST(HangmanCodec, SavedAndRestoredGivesTheSameView) {
  auto session = open(small_config("hard"), 99);
  session->apply({{"command", "guess"}, {"position", 1}, {"letter", "A"}});
  session->apply({{"command", "guess"}, {"position", 1}, {"letter", "A"}});  // refused
  session->apply({{"command", "hint"}});
  session->apply({{"command", "give_up"}});
  session->apply({{"command", "new_game"}});
  session->apply({{"command", "guess"}, {"position", 0}, {"letter", "B"}});
  const Json saved = session->saved();
  EXPECT_EQ(saved["game"], "hangman");
  EXPECT_EQ(saved["seed"], 99);
  EXPECT_EQ(saved["config"]["mode"], "hard");
  EXPECT_EQ(saved["config"]["words"].size(), 20u);
  EXPECT_EQ(saved["commands"].size(), 5u);  // the refused guess is not kept
  const auto restored = restore(saved, enable());
  EXPECT_EQ(restored->view(0), session->view(0));
  EXPECT_EQ(restored->saved(), saved);
}

TEST(HangmanCodec, TheLexiconsWordsWhenTheConfigHasNone) {
  auto a = open(Json::object(), 5);
  auto b = open(Json::object(), 5);  // the same dictionary, built once
  EXPECT_EQ(a->view(0), b->view(0));
  EXPECT_GT(a->view(0)["candidates"].get<int>(), 1000);
  EXPECT_EQ(a->saved()["config"], (Json{{"mode", "easy"}, {"secrets", "common"}, {"hints", true}}));
  EXPECT_EQ(restore(a->saved(), enable())->view(0), a->view(0));
}

TEST(HangmanCodec, SecretsAreCommonWordsUnlessAllAreAsked) {
  // The same seeds draw from the common words by default, from every word with "all"; a
  // restored game draws the same.
  std::size_t differ = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    auto common = open(Json::object(), seed);
    auto all = open({{"secrets", "all"}}, seed);
    const std::string word = secret_of(*common);
    std::string lower = word;
    for (char& c : lower) c = static_cast<char>(c - 'A' + 'a');
    EXPECT_TRUE(common_words()->contains(std::string_view(lower))) << word;
    EXPECT_EQ(restore(common->saved(), enable())->view(0), common->view(0));
    differ += secret_of(*all) != word;
  }
  EXPECT_GT(differ, 0u);
}

TEST(HangmanCodec, AViewLeaksNothing) {
  for (const char* mode : {"easy", "hard"}) {
    auto session = open(small_config(mode), 17);
    const std::string word = secret_of(*session);
    session->apply({{"command", "guess"}, {"position", 1}, {"letter", std::string(1, word[1])}});
    for (const Seat seat : {0, kObserver}) {
      const Json view = session->view(seat);
      const std::string text = view.dump();
      EXPECT_FALSE(view.contains("word")) << text;
      EXPECT_EQ(text.find(word), std::string::npos) << text;
      EXPECT_EQ(view["status"], "playing");
      EXPECT_EQ(view["revealed"][1], std::string(1, word[1]));
      EXPECT_EQ(view["revealed"][0], nullptr);
      if (std::string(mode) == "hard") {
        EXPECT_FALSE(view.contains("odds")) << text;
        EXPECT_EQ(text.find("probability"), std::string::npos) << text;
      } else {
        ASSERT_TRUE(view.contains("odds")) << text;
        EXPECT_TRUE(view["odds"][1].empty());  // revealed
        EXPECT_FALSE(view["odds"][0].empty());
        for (const Json& odds : view["odds"][0]) {  // each with the points its hit would score
          EXPECT_EQ(odds["points"], hangman::points_for_hit(odds["count"].get<std::size_t>(),
                                                            view["candidates"].get<std::size_t>()));
        }
      }
    }
    // Hard mode's guess events carry no probability either.
    const std::vector<Json> events =
        session->apply({{"command", "guess"}, {"position", 0}, {"letter", "Q"}});
    EXPECT_EQ(events[0].contains("probability"), std::string(mode) == "easy") << events[0];
    session->apply({{"command", "give_up"}});
    const Json over = session->view(0);
    EXPECT_EQ(over["word"], word);
    EXPECT_EQ(over["status"], "finished");
    EXPECT_EQ(over["won"], false);
    EXPECT_EQ(over["gave_up"], true);
  }
}

// A finished game's record reviewed through the registry: a move per guess, in expected points,
// the secret word and the words left at each step, and the review's JSON.
TEST(HangmanCodec, ReviewOfAFinishedRecord) {
  auto session = open(small_config());
  const std::string word = secret_of(*session);
  session->apply({{"command", "hint"}});  // not a move
  // A guess no candidate has, then the word's letters.
  session->apply({{"command", "guess"}, {"position", 0}, {"letter", "Q"}});
  for (std::size_t p = 0; p < word.size() && !session->finished(); ++p) {
    session->apply({{"command", "guess"}, {"position", p}, {"letter", std::string(1, word[p])}});
  }
  ASSERT_TRUE(session->finished());
  const std::vector<FinishedGame> records = session->finished_records("me", 0);
  ASSERT_EQ(records.size(), 1u);
  const GameEntry* entry = find_game("hangman");
  ASSERT_NE(entry, nullptr);
  const std::optional<GameReview> review = review_game(*entry, records[0], 0, enable());
  ASSERT_TRUE(review.has_value());
  const Json json = review_json(*review);
  EXPECT_EQ(json["unit"], "expected points");
  ASSERT_EQ(json["moves"].size(), word.size() + 1);
  EXPECT_EQ(json["moves"][0]["label"], "Guess 1");
  EXPECT_NE(json["moves"][0]["played"].get<std::string>().find("Q at 1"), std::string::npos)
      << json["moves"][0];
  EXPECT_GT(json["moves"][0]["loss"].get<double>(), 0) << "a miss for certain costs";
  for (const Json& move : json["moves"]) {
    EXPECT_GE(move["loss"].get<double>(), 0) << move;
    EXPECT_TRUE(move.contains("note")) << move;  // the chance to win
  }
  ASSERT_TRUE(json["share"].is_number());
  EXPECT_LT(json["share"].get<double>(), 1);
  ASSERT_EQ(json["sections"].size(), 2u);
  EXPECT_EQ(json["sections"][0]["title"], "The secret word");
  EXPECT_EQ(json["sections"][0]["lines"], Json::array({word}));
  EXPECT_EQ(json["sections"][1]["title"], "Words still possible");
  EXPECT_EQ(json["sections"][1]["data"].size(), word.size() + 1);
  EXPECT_FALSE(review_lines(*review).empty());

  // A record whose commands this game never played is refused, saying why.
  FinishedGame broken = records[0];
  broken.commands.push_back({{"command", "new_game"}});
  broken.commands.push_back({{"command", "new_game"}});
  EXPECT_THROW(review_game(*entry, broken, 0, enable()), ConfigError);
  broken.commands = Json::array({{{"command", "dance"}}});
  EXPECT_THROW(review_game(*entry, broken, 0, enable()), ConfigError);
}

}  // namespace
}  // namespace wg::app
