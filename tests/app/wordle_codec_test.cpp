#include "app/wordle_codec.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "app/session_adapter.h"
#include "games/wordle/test_words.h"

namespace wg::app {
namespace {

namespace wd = wg::wordle;

std::unique_ptr<GameSession> open(const Json& config, std::uint64_t seed = 1) {
  return wordle_game().open(config, seed, wd::test::small_lexicon());
}

Json one(GameSession& session, const Json& command) {
  const std::vector<Json> events = session.apply(command);
  EXPECT_EQ(events.size(), 1u) << command.dump();
  return events.empty() ? Json() : events.front();
}

std::set<std::string> keys(const Json& object) {
  std::set<std::string> result;
  for (const auto& [key, value] : object.items()) result.insert(key);
  return result;
}

TEST(WordleCodec, TheSchemaDescribesEveryFieldWithItsDefault) {
  const Json schema = WordleCodec::config_schema();
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  const Json defaults = WordleCodec::config_to_json(wd::Config{});
  EXPECT_EQ(keys(schema["properties"]), keys(defaults));
  Json from_schema = Json::object();
  for (const auto& [key, property] : schema["properties"].items()) {
    EXPECT_TRUE(property.contains("type")) << key;
    EXPECT_TRUE(property.contains("description")) << key;
    ASSERT_TRUE(property.contains("default")) << key;
    from_schema[key] = property["default"];
  }
  EXPECT_EQ(from_schema, defaults);
  EXPECT_EQ(wordle_game().config_schema(), schema);
}

TEST(WordleCodec, ConfigRoundTrips) {
  wd::Config config;
  config.length = 4;
  config.host = wd::HostKind::kFair;
  config.guesses = 8;
  config.hard = true;
  config.show_remaining = true;
  config.secrets = Secrets::kAll;
  config.exact.max_answers = 50;
  config.exact.max_work = 1234;
  config.lookahead.families = 3;
  const Json json = WordleCodec::config_to_json(config);
  EXPECT_EQ(json["host"], "fair");
  EXPECT_EQ(WordleCodec::config_to_json(WordleCodec::config_from_json(json)), json);
  EXPECT_EQ(WordleCodec::config_to_json(WordleCodec::config_from_json(Json::object())),
            WordleCodec::config_to_json(wd::Config{}));
}

TEST(WordleCodec, BadConfigsAreConfigErrorsNamingTheField) {
  const auto field_of = [](const Json& config) -> std::string {
    try {
      open(config);
    } catch (const ConfigError& error) {
      return error.field();
    }
    return "";
  };
  EXPECT_EQ(field_of({{"length", 3}}), "length");
  EXPECT_EQ(field_of({{"length", 6}}), "length");  // no six-letter words in the list
  EXPECT_EQ(field_of({{"host", "optimal"}}), "host");
  EXPECT_EQ(field_of({{"guesses", -1}}), "guesses");
  EXPECT_EQ(field_of({{"guesses", "six"}}), "guesses");
  EXPECT_EQ(field_of({{"hard", 1}}), "hard");
  EXPECT_EQ(field_of({{"exact_answers", 1000}}), "exact_answers");
  EXPECT_EQ(field_of({{"colour", true}}), "colour");
  EXPECT_EQ(field_of({{"guesses", nullptr}, {"length", 4}}), "");
}

TEST(WordleCodec, CommandsRoundTrip) {
  for (const Json& command :
       {Json{{"command", "new_game"}}, Json{{"command", "guess"}, {"word", "crane"}},
        Json{{"command", "guess"}, {"word", "crane"}, {"unanalysed", true}},
        Json{{"command", "hint"}}, Json{{"command", "give_up"}},
        Json{{"command", "give_up"}, {"unanalysed", true}}}) {
    EXPECT_EQ(WordleCodec::command_to_json(WordleCodec::command_from_json(command)), command);
  }
  // Either case.
  EXPECT_EQ(WordleCodec::command_to_json(
                WordleCodec::command_from_json({{"command", "guess"}, {"word", "CRANE"}})),
            (Json{{"command", "guess"}, {"word", "crane"}}));
}

TEST(WordleCodec, MalformedCommandsAreRejectedNeverThrown) {
  auto session = open(Json::object());
  for (const Json& command :
       {Json(nullptr), Json("guess"), Json{{"command", "play"}}, Json{{"command", "guess"}},
        Json{{"command", "guess"}, {"word", 5}}, Json{{"command", "guess"}, {"word", "cr4ne"}},
        Json{{"command", "guess"}, {"word", "crane"}, {"letter", "c"}},
        Json{{"command", "hint"}, {"word", "crane"}}}) {
    const Json event = one(*session, command);
    EXPECT_EQ(event["event"], "rejected") << command.dump();
    EXPECT_EQ(event["reason"], "malformed") << command.dump();
  }
  EXPECT_EQ(one(*session, {{"command", "guess"}, {"word", "cran"}})["reason"], "malformed");
  const Json not_a_word = one(*session, {{"command", "guess"}, {"word", "zzzzz"}});
  EXPECT_EQ(not_a_word["reason"], "not_a_word");
  EXPECT_EQ(not_a_word["word"], "zzzzz");
  EXPECT_EQ(session->saved()["commands"], Json::array());
}

TEST(WordleCodec, EventsOfAGame) {
  auto session = open({{"show_remaining", true}, {"guesses", 0}});
  const Json guessed = one(*session, {{"command", "guess"}, {"word", "speed"}});
  EXPECT_EQ(guessed["event"], "guessed");
  EXPECT_EQ(guessed["word"], "speed");
  EXPECT_EQ(guessed["pattern"].get<std::string>().size(), 5u);
  EXPECT_TRUE(guessed["code"].is_number_integer());
  EXPECT_EQ(guessed["guesses"], 1);
  EXPECT_FALSE(guessed.contains("guesses_left"));
  EXPECT_TRUE(guessed["remaining"].is_number_integer());
  const Json hinted = one(*session, {{"command", "hint"}});
  EXPECT_EQ(hinted["event"], "hinted");
  EXPECT_EQ(hinted["word"].get<std::string>().size(), 5u);
  std::vector<Json> events;
  for (int turn = 0; turn < 20 && !session->finished(); ++turn) {
    const Json hint = one(*session, {{"command", "hint"}});
    events = session->apply({{"command", "guess"}, {"word", hint["word"]}});
  }
  ASSERT_TRUE(session->finished());
  const Json& finished = events.back();
  EXPECT_EQ(finished["event"], "finished");
  EXPECT_EQ(finished["won"], true);
  EXPECT_EQ(keys(finished),
            (std::set<std::string>{"event", "game", "won", "gave_up", "length", "host", "hard",
                                   "guesses", "rows", "word", "best_possible", "best_from"}));
  EXPECT_EQ(finished["rows"].back()["pattern"], "ggggg");
  EXPECT_EQ(finished["rows"].back()["word"], finished["word"]);
  EXPECT_TRUE(finished["best_possible"].is_number_integer());
  Json started = one(*session, {{"command", "new_game"}});
  // The registry's entry draws the answers from the common words: 25 of the list's 27.
  EXPECT_EQ(started, (Json{{"event", "game_started"},
                           {"game", 1},
                           {"length", 5},
                           {"host", "largest"},
                           {"hard", false},
                           {"guesses", 0},
                           {"remaining", 25}}));
}

TEST(WordleCodec, HardModeRefusalsSayWhatTheGuessMustUse) {
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    auto session = open({{"host", "fair"}, {"hard", true}}, seed);
    const Json guessed = one(*session, {{"command", "guess"}, {"word", "speed"}});
    const std::string pattern = guessed["pattern"];
    if (pattern.find('g') == std::string::npos || pattern == "ggggg") continue;
    const Json refused = one(*session, {{"command", "guess"}, {"word", "thine"}});
    EXPECT_EQ(refused["reason"], "not_allowed");
    EXPECT_TRUE(refused["problem"]["letter"].is_string());
    EXPECT_TRUE(refused["problem"]["position"].is_number_integer());
    return;
  }
  FAIL() << "no seed gave a green";
}

TEST(WordleCodec, TheViewShowsTheGridAndKeyboardAndNothingMore) {
  auto session = open(Json::object());
  one(*session, {{"command", "guess"}, {"word", "speed"}});
  const Json view = session->view(0);
  EXPECT_EQ(keys(view), (std::set<std::string>{"status", "game", "length", "host", "hard",
                                               "guesses", "rows", "keyboard"}));
  EXPECT_EQ(view["status"], "playing");
  EXPECT_EQ(view["rows"].size(), 1u);
  EXPECT_EQ(view["keyboard"].size(), 26u);
  EXPECT_EQ(view["keyboard"]["z"], "unknown");
  EXPECT_NE(view["keyboard"]["s"], "unknown");
  one(*session, {{"command", "give_up"}});
  const Json over = session->view(0);
  EXPECT_EQ(over["status"], "finished");
  EXPECT_EQ(over["won"], false);
  EXPECT_TRUE(over["word"].is_string());
  EXPECT_TRUE(over.contains("best_possible"));
}

TEST(WordleCodec, SavedAndRestoredGivesTheSameView) {
  for (const char* host : {"largest", "lookahead", "fair"}) {
    auto session = open({{"host", host}, {"hard", true}}, 11);
    one(*session, {{"command", "hint"}});
    session->apply({{"command", "guess"}, {"word", "crane"}});
    const Json saved = session->saved();
    EXPECT_EQ(saved["game"], "wordle");
    const auto restored = restore(saved, wd::test::small_lexicon());
    EXPECT_EQ(restored->view(0), session->view(0)) << host;
    EXPECT_EQ(restored->saved(), saved) << host;
  }
}

TEST(WordleCodec, AStoppedSearchIsSavedAsUnanalysed) {
  auto session = open(Json::object());
  session->apply({{"command", "guess"}, {"word", "speed"}});
  std::stop_source source;
  source.request_stop();
  Work work;
  work.stop = source.get_token();
  const std::vector<Json> events = session->apply({{"command", "give_up"}}, work);
  EXPECT_EQ(events.back()["best_possible"], nullptr);
  const Json saved = session->saved();
  EXPECT_EQ(saved["commands"].back(), (Json{{"command", "give_up"}, {"unanalysed", true}}));
  const auto restored = restore(saved, wd::test::small_lexicon());
  EXPECT_EQ(restored->view(0), session->view(0));
  // A player may not claim it: the host drops it.
  Json command = {{"command", "give_up"}, {"unanalysed", true}};
  stamp_player_command(wordle_game(), command, 0, 0);
  EXPECT_EQ(command, (Json{{"command", "give_up"}}));
}

TEST(WordleCodec, RecordsAndStatistics) {
  auto session = open(Json::object());
  for (int turn = 0; turn < 20 && !session->finished(); ++turn) {
    const Json hint = one(*session, {{"command", "hint"}});
    session->apply({{"command", "guess"}, {"word", hint["word"]}});
  }
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const FinishedGame& game = records.front();
  EXPECT_EQ(game.game, "wordle");
  ASSERT_EQ(game.players.size(), 1u);
  EXPECT_TRUE(game.players.front().won);
  const int guesses = game.details["guesses"];
  const GameEntry entry = wordle_game();
  Counters counters;
  for (const auto& [name, value] : entry.statistics.counters(game.details)) {
    counters[name] += value;
  }
  EXPECT_EQ(counters["length.5.games"], 1);
  EXPECT_EQ(counters["length.5.wins"], 1);
  EXPECT_EQ(counters["length.5.guesses"], guesses);
  EXPECT_EQ(counters[fmt::format("won_in.{}.wins", guesses)], 1);
  const Json figures = entry.statistics.figures(counters, Json::array());
  EXPECT_EQ(figures["by_length"][0]["mean_guesses"], static_cast<double>(guesses));
  EXPECT_EQ(figures["distribution"][0]["guesses"], guesses);
  const std::vector<StatisticsLine> lines = entry.statistics.lines(figures);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].title, "Guesses to win by word length");
  EXPECT_EQ(lines[0].figures[0].label, "5 letters");
  EXPECT_EQ(lines[1].figures[0].value, 1);
  // Details that do not fit add nothing.
  EXPECT_TRUE(entry.statistics.counters(Json{{"length", 99}}).empty());
}

TEST(WordleCodec, TheReviewOfARecord) {
  auto session = open(Json::object());
  one(*session, {{"command", "guess"}, {"word", "swine"}});
  for (int turn = 0; turn < 20 && !session->finished(); ++turn) {
    const Json hint = one(*session, {{"command", "hint"}});
    session->apply({{"command", "guess"}, {"word", hint["word"]}});
  }
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const GameEntry entry = wordle_game();
  const std::optional<GameReview> review =
      review_game(entry, records.front(), 0, wd::test::small_lexicon());
  ASSERT_TRUE(review);
  const Json json = review_json(*review);
  EXPECT_EQ(json["unit"], "answers");
  const int guesses = records.front().details["guesses"];
  ASSERT_EQ(json["moves"].size(), static_cast<std::size_t>(guesses));
  const Json& first = json["moves"][0];
  EXPECT_EQ(first["label"], "Guess 1");
  EXPECT_TRUE(first["played"].get<std::string>().starts_with("SWINE ("));
  // SWINE leaves the -INE words together: a better opening leaves fewer.
  EXPECT_GT(first["loss"].get<double>(), 0);
  EXPECT_NE(first["best"], first["played"]);
  EXPECT_TRUE(first["exact"].get<bool>());
  EXPECT_TRUE(first["note"].get<std::string>().starts_with("Fewest guesses to be sure"));
  EXPECT_EQ(json["costliest"], 0);
  const Json& last = json["moves"][static_cast<std::size_t>(guesses - 1)];
  EXPECT_TRUE(last["played"].get<std::string>().ends_with("(found the word)"));
  EXPECT_EQ(last["loss"], 0);
  EXPECT_TRUE(json["summary"].get<std::string>().starts_with("Found "));
  EXPECT_TRUE(json["share"].is_number());
  ASSERT_EQ(json["sections"].size(), 3u);
  EXPECT_EQ(json["sections"][0]["title"], "The word");
  EXPECT_EQ(json["sections"][0]["data"]["count"], 1);
  EXPECT_EQ(json["sections"][1]["title"], "Best guesses from the start against the largest host");
  EXPECT_EQ(json["sections"][1]["data"].back()["left"], 0);
  EXPECT_EQ(json["sections"][2]["data"][0]["after"], 0);
  EXPECT_TRUE(json["sections"][2]["data"][0]["fewest"].is_number_integer());
  EXPECT_FALSE(json["method"].get<std::string>().empty());
  // A record that does not replay on this word list is an error, not a review.
  FinishedGame altered = records.front();
  altered.commands[0]["word"] = "zzzzz";
  EXPECT_THROW(review_game(entry, altered, 0, wd::test::small_lexicon()), std::invalid_argument);
  altered.commands = Json::array();
  EXPECT_THROW(review_game(entry, altered, 0, wd::test::small_lexicon()), std::invalid_argument);
  // Stopped: ReviewStopped.
  std::stop_source stop;
  stop.request_stop();
  EXPECT_THROW(review_game(entry, records.front(), 0, wd::test::small_lexicon(),
                           Work{stop.get_token(), nullptr}),
               ReviewStopped);
}

TEST(WordleCodec, TheAutoplayDocument) {
  wd::Config config;
  wd::Session session(wd::test::small_lexicon(), config, 3);
  const std::optional<wd::Finished> finished = wd::autoplay(session);
  ASSERT_TRUE(finished);
  const Json doc = wordle_autoplay_to_json(config, 3, *finished);
  EXPECT_EQ(keys(doc),
            (std::set<std::string>{"seed", "length", "host", "hard", "guess_limit", "won",
                                   "guesses", "word", "best_possible", "best_from", "rows"}));
  EXPECT_EQ(doc["won"], true);
  EXPECT_EQ(doc["rows"].size(), doc["guesses"].get<std::size_t>());
}

}  // namespace
}  // namespace wg::app
