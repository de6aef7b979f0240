#include "app/evil_hangman_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "app/review.h"
#include "app/session_adapter.h"
#include "games/evil_hangman/test_words.h"

namespace wg::app {
namespace {

namespace eh = wg::evil_hangman;

std::unique_ptr<GameSession> open(const Json& config, std::uint64_t seed = 1) {
  return evil_hangman_game().open(config, seed, eh::test::small_lexicon());
}

/// The one event of a command.
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

TEST(EvilHangmanCodec, TheSchemaDescribesEveryFieldWithItsDefault) {
  const Json schema = EvilHangmanCodec::config_schema();
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  const Json defaults = EvilHangmanCodec::config_to_json(eh::Config{});
  EXPECT_EQ(keys(schema["properties"]), keys(defaults));
  Json from_schema = Json::object();
  for (const auto& [key, property] : schema["properties"].items()) {
    EXPECT_TRUE(property.contains("type")) << key;
    EXPECT_TRUE(property.contains("description")) << key;
    ASSERT_TRUE(property.contains("default")) << key;
    from_schema[key] = property["default"];
  }
  EXPECT_EQ(from_schema, defaults);
  EXPECT_EQ(evil_hangman_game().config_schema(), schema);
}

TEST(EvilHangmanCodec, ConfigRoundTrips) {
  eh::Config config;
  config.strategy = eh::Strategy::kOptimal;
  config.depth = 3;
  config.budget = {123, 456, 789};
  config.explain = true;
  config.length = 4;
  config.guesses = 6;
  config.show_remaining = true;
  config.secrets = Secrets::kAll;
  const Json json = EvilHangmanCodec::config_to_json(config);
  EXPECT_EQ(json["secrets"], "all");
  EXPECT_EQ(EvilHangmanCodec::config_to_json(EvilHangmanCodec::config_from_json(json)), json);
  // Fields left out take their defaults.
  EXPECT_EQ(EvilHangmanCodec::config_to_json(EvilHangmanCodec::config_from_json(Json::object())),
            EvilHangmanCodec::config_to_json(eh::Config{}));
}

TEST(EvilHangmanCodec, BadConfigsAreConfigErrorsNamingTheField) {
  const auto field_of = [](const Json& config) -> std::string {
    try {
      open(config);
    } catch (const ConfigError& error) {
      return error.field();
    }
    return "";
  };
  EXPECT_EQ(field_of(Json::object()), "");
  EXPECT_EQ(field_of(Json::array()), "config");
  EXPECT_EQ(field_of({{"strategy", "nasty"}}), "strategy");
  EXPECT_EQ(field_of({{"strategy", 1}}), "strategy");
  EXPECT_EQ(field_of({{"depth", 0}}), "depth");
  EXPECT_EQ(field_of({{"depth", 2.5}}), "depth");
  EXPECT_EQ(field_of({{"depth", 4}}), "");
  EXPECT_EQ(field_of({{"depth", 5}}), "depth");  // above kMaxLookaheadDepth
  EXPECT_EQ(field_of({{"budget", 0}}), "budget");
  EXPECT_EQ(field_of({{"memo", -1}}), "memo");
  EXPECT_EQ(field_of({{"work", "lots"}}), "work");
  EXPECT_EQ(field_of({{"explain", "yes"}}), "explain");
  EXPECT_EQ(field_of({{"length", 5}}), "length");  // the small lexicon has lengths 3 and 4
  EXPECT_EQ(field_of({{"length", "4"}}), "length");
  EXPECT_EQ(field_of({{"guesses", 0}}), "guesses");
  EXPECT_EQ(field_of({{"show_remaining", 1}}), "show_remaining");
  EXPECT_EQ(field_of({{"secrets", "rare"}}), "secrets");
  EXPECT_EQ(field_of({{"colour", "red"}}), "colour");
  try {
    open({{"length", 5}});
  } catch (const ConfigError& error) {
    EXPECT_STREQ(error.what(), "no words of length 5 (lengths with words: 3, 4)");
  }
}

TEST(EvilHangmanCodec, CommandsRoundTrip) {
  const std::vector<eh::Command> commands = {eh::NewGame{4, 5, true},
                                             eh::NewGame{},
                                             eh::NewGame{std::nullopt, 3, std::nullopt},
                                             eh::Guess{eh::test::code('e'), std::nullopt},
                                             eh::Guess{eh::test::code('z'), 12345},
                                             eh::GiveUp{},
                                             eh::SwitchHost{eh::Strategy::kLookahead},
                                             eh::Withdraw{eh::test::code('q')}};
  for (const eh::Command& command : commands) {
    const Json json = EvilHangmanCodec::command_to_json(command);
    EXPECT_EQ(EvilHangmanCodec::command_from_json(json), command) << json.dump();
  }
  EXPECT_EQ(EvilHangmanCodec::command_to_json(eh::Guess{eh::test::code('e'), std::nullopt}),
            (Json{{"command", "guess"}, {"letter", "e"}}));
  // Capitals are the same letter.
  EXPECT_EQ(EvilHangmanCodec::command_from_json({{"command", "guess"}, {"letter", "E"}}),
            (eh::Command{eh::Guess{eh::test::code('e'), std::nullopt}}));
}

TEST(EvilHangmanCodec, MalformedCommandsAreRejectedNeverThrown) {
  const auto session = open(Json::object());
  const std::vector<Json> bad = {
      Json::array(),
      "guess",
      Json::object(),
      {{"command", 1}},
      {{"command", "dance"}},
      {{"command", "guess"}},
      {{"command", "guess"}, {"letter", "ab"}},
      {{"command", "guess"}, {"letter", ""}},
      {{"command", "guess"}, {"letter", "5"}},
      {{"command", "guess"}, {"letter", 7}},
      {{"command", "guess"}, {"letter", "e"}, {"cut", -1}},
      {{"command", "guess"}, {"letter", "e"}, {"extra", true}},
      {{"command", "new_game"}, {"length", "four"}},
      {{"command", "new_game"}, {"length", 4.5}},
      {{"command", "new_game"}, {"show_remaining", "yes"}},
      {{"command", "give_up"}, {"now", true}},
      {{"command", "switch_host"}, {"strategy", "slowest"}},
      {{"command", "switch_host"}, {"strategy", 2}},
      {{"command", "withdraw"}},
      {{"command", "withdraw"}, {"letter", "e"}, {"cut", 1}},
  };
  for (const Json& command : bad) {
    const Json event = one(*session, command);
    EXPECT_EQ(event["event"], "rejected") << command.dump();
    EXPECT_EQ(event["reason"], "malformed") << command.dump();
    EXPECT_FALSE(event["detail"].get<std::string>().empty()) << command.dump();
  }
  EXPECT_EQ(session->saved()["commands"], Json::array());
}

TEST(EvilHangmanCodec, EventsOfAGame) {
  const auto session = open({{"explain", true}}, 7);
  // Refusals with their reasons.
  EXPECT_EQ(one(*session, {{"command", "guess"}, {"letter", "e"}})["reason"], "wrong_phase");
  const Json length = one(*session, {{"command", "new_game"}, {"length", 5}, {"guesses", 2}});
  EXPECT_EQ(length["reason"], "out_of_range");
  EXPECT_EQ(length["detail"], "no words of length 5 (lengths with words: 3, 4)");

  EXPECT_EQ(one(*session,
                {{"command", "new_game"}, {"length", 4}, {"guesses", 5}, {"show_remaining", true}}),
            (Json{{"event", "game_started"},
                  {"game", 0},
                  {"length", 4},
                  {"guesses", 5},
                  {"show_remaining", true},
                  {"words", 9}}));
  const Json e = one(*session, {{"command", "guess"}, {"letter", "e"}});
  EXPECT_EQ(e["event"], "guessed");
  EXPECT_EQ(e["letter"], "e");
  EXPECT_EQ(e["hit"], false);
  EXPECT_EQ(e["revealed"], 0);
  EXPECT_EQ(e["pattern"], "----");
  EXPECT_EQ(e["guesses_left"], 4);
  EXPECT_EQ(e["words"], 3);
  EXPECT_EQ(e["fell_back"], false);
  EXPECT_FALSE(e.contains("cut"));
  const Json& decision = e["decision"];
  EXPECT_EQ(decision["decided_by"], "largest");
  ASSERT_EQ(decision["families"].size(), 5u);
  const Json& chosen = decision["families"][decision["chosen"].get<std::size_t>()];
  EXPECT_EQ(chosen, (Json{{"pattern", "----"}, {"words", 3}}));
  std::set<std::string> patterns;
  for (const Json& f : decision["families"]) patterns.insert(f["pattern"]);
  EXPECT_EQ(patterns, (std::set<std::string>{"----", "-e--", "--e-", "---e", "e--e"}));

  const Json repeated = one(*session, {{"command", "guess"}, {"letter", "E"}});
  EXPECT_EQ(repeated["reason"], "repeated");
  EXPECT_EQ(repeated["letter"], "e");
  EXPECT_EQ(one(*session, {{"command", "guess"}, {"letter", "o"}})["pattern"], "-oo-");

  const Json finished = one(*session, {{"command", "give_up"}});
  EXPECT_EQ(finished["event"], "finished");
  EXPECT_EQ(keys(finished),
            (std::set<std::string>{"event", "game", "won", "gave_up", "length", "guesses", "misses",
                                   "word", "letters", "show_remaining", "par"}));
  EXPECT_EQ(finished["gave_up"], true);
  EXPECT_EQ(keys(finished["par"]), (std::set<std::string>{"misses", "exact"}));
  EXPECT_EQ(finished["misses"], 1);
  EXPECT_EQ(finished["letters"], (Json{"e", "o"}));
  EXPECT_TRUE(finished["word"] == "cool" || finished["word"] == "good") << finished;
  EXPECT_TRUE(session->finished());
  EXPECT_EQ(session->view(0)["word"], finished["word"]);
}

TEST(EvilHangmanCodec, TheViewOfASeatLeaksNothing) {
  // The fair host holds a secret from the start; the view shows the pattern and the guesses
  // only: no word, no count of words held (show_remaining off).
  const auto session = open({{"strategy", "fair"}}, 3);
  EXPECT_EQ(session->view(0)["status"], "idle");
  one(*session, {{"command", "new_game"}, {"length", 4}, {"guesses", 8}});
  one(*session, {{"command", "guess"}, {"letter", "l"}});
  for (Seat seat : {0, kObserver}) {
    const Json view = session->view(seat);
    EXPECT_EQ(keys(view),
              (std::set<std::string>{"status", "game", "length", "guesses", "guesses_left",
                                     "pattern", "letters", "show_remaining", "host"}))
        << view;
    EXPECT_EQ(view["status"], "playing");
    EXPECT_EQ(view["letters"], (Json{"l"}));
    const std::string text = view.dump();
    for (const char* word :
         {"ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"}) {
      EXPECT_EQ(text.find(word), std::string::npos) << word;
    }
  }
  // Asked for, the count shows; the word still does not until the end.
  const auto shown = open({{"show_remaining", true}}, 3);
  one(*shown, {{"command", "new_game"}, {"length", 4}, {"guesses", 8}});
  EXPECT_EQ(shown->view(0)["words_remaining"], 9);
  EXPECT_FALSE(shown->view(0).contains("word"));
}

TEST(EvilHangmanCodec, SavedAndRestoredGivesTheSameView) {
  const auto lexicon = eh::test::small_lexicon();
  for (const char* strategy : {"largest", "lookahead", "optimal", "fair"}) {
    const auto session = open({{"strategy", strategy}, {"guesses", 3}}, 42);
    const std::vector<Json> script = {
        {{"command", "new_game"}, {"length", 4}},
        {{"command", "guess"}, {"letter", "e"}},
        {{"command", "guess"}, {"letter", "e"}},  // refused: not saved
        {{"command", "guess"}, {"letter", "o"}},
        {{"command", "give_up"}},
        {{"command", "new_game"}, {"length", 3}, {"show_remaining", true}},
        // A cut as a replay gives it: the optimal host stops at its first step of work, and
        // the saved command records the step it stopped at.
        {{"command", "guess"}, {"letter", "a"}, {"cut", 1}},
    };
    for (const Json& command : script) session->apply(command);
    const Json saved = session->saved();
    EXPECT_EQ(saved["game"], "evil-hangman");
    EXPECT_EQ(saved["seed"], 42u);
    EXPECT_EQ(saved["commands"].size(), 6u);
    EXPECT_EQ(
        saved["commands"][0],
        (Json{{"command", "new_game"}, {"length", 4}, {"guesses", 3}, {"show_remaining", false}}));
    const auto restored = restore(saved, lexicon);
    EXPECT_EQ(restored->view(0), session->view(0)) << strategy;
    EXPECT_EQ(restored->saved(), saved) << strategy;
    if (std::string(strategy) == "optimal") {
      const Json cut = saved["commands"][5];
      ASSERT_TRUE(cut.contains("cut")) << saved;
      EXPECT_GT(cut["cut"].get<std::uint64_t>(), 0u);
    } else {
      EXPECT_FALSE(saved["commands"][5].contains("cut")) << strategy;  // nothing to cut
    }
  }
}

/// The optimal host's first decision of a four-letter game, watched by `work`: the guessed
/// event, and the session that made it.
std::pair<Json, std::unique_ptr<GameSession>> optimal_guess(const Work& work) {
  auto session = open({{"strategy", "optimal"}, {"guesses", 5}}, 9);
  session->apply({{"command", "new_game"}, {"length", 4}});
  const std::vector<Json> events = session->apply({{"command", "guess"}, {"letter", "e"}}, work);
  EXPECT_EQ(events.size(), 1u);
  return {events.empty() ? Json() : events.front(), std::move(session)};
}

TEST(EvilHangmanCodec, TheOptimalHostReportsItsProgressThroughTheWork) {
  std::vector<double> fractions;
  const auto [guessed, session] =
      optimal_guess({{}, [&](double fraction) { fractions.push_back(fraction); }});
  EXPECT_EQ(guessed["event"], "guessed") << guessed;
  EXPECT_EQ(guessed["fell_back"], false) << guessed;
  EXPECT_FALSE(guessed.contains("cut")) << guessed;
  ASSERT_FALSE(fractions.empty());
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_GE(fractions.front(), 0.0);
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
  // Without a Work, the same decision.
  const auto [unwatched, other] = optimal_guess({});
  EXPECT_EQ(unwatched, guessed);
}

TEST(EvilHangmanCodec, AStopCutsTheDecisionAndTheSavedGameReplaysTheCut) {
  // Stopped from its own progress report (as a front end does when the player leaves), and
  // stopped before it begins: either way the host falls back and says where it was cut.
  std::stop_source from_progress;
  std::stop_source before;
  before.request_stop();
  for (const Work& work :
       {Work{from_progress.get_token(), [&](double) { from_progress.request_stop(); }},
        Work{before.get_token(), nullptr}}) {
    const auto [guessed, session] = optimal_guess(work);
    EXPECT_EQ(guessed["event"], "guessed") << guessed;
    EXPECT_EQ(guessed["fell_back"], true) << guessed;
    ASSERT_TRUE(guessed.contains("cut")) << guessed;
    const Json saved = session->saved();
    EXPECT_EQ(saved["commands"].back()["cut"], guessed["cut"]) << saved;
    const auto restored = restore(saved, eh::test::small_lexicon());
    EXPECT_EQ(restored->view(0), session->view(0));
    EXPECT_EQ(restored->saved(), saved);
  }
}

TEST(EvilHangmanCodec, AWithdrawnGuessAndAHostSwitchInJson) {
  const auto session = open({{"strategy", "optimal"}}, 4);
  one(*session, {{"command", "new_game"}, {"length", 4}, {"guesses", 5}});
  EXPECT_EQ(session->view(0)["host"], "optimal");
  std::stop_source stop, withdraw;
  withdraw.request_stop();
  stop.request_stop();
  const std::vector<Json> withdrawn =
      session->apply({{"command", "guess"}, {"letter", "e"}},
                     Work{stop.get_token(), nullptr, withdraw.get_token()});
  EXPECT_EQ(withdrawn, (std::vector<Json>{{{"event", "withdrawn"}, {"letter", "e"}}}));
  EXPECT_EQ(session->view(0)["letters"], Json::array());
  EXPECT_EQ(one(*session, {{"command", "switch_host"}}),
            (Json{{"event", "host_switched"}, {"strategy", "largest"}}));
  EXPECT_EQ(session->view(0)["host"], "largest");
  const Json refused = one(*session, {{"command", "switch_host"}, {"strategy", "optimal"}});
  EXPECT_EQ(refused["reason"], "out_of_range");
  EXPECT_EQ(one(*session, {{"command", "guess"}, {"letter", "e"}})["event"], "guessed");
  const Json saved = session->saved();
  EXPECT_EQ(saved["commands"][1], (Json{{"command", "withdraw"}, {"letter", "e"}}));
  EXPECT_EQ(saved["commands"][2], (Json{{"command", "switch_host"}, {"strategy", "largest"}}));
  const auto restored = restore(saved, eh::test::small_lexicon());
  EXPECT_EQ(restored->view(0), session->view(0));
  EXPECT_EQ(restored->saved(), saved);
  // A player may give up or switch while the host thinks, and never send a withdrawal.
  const GameEntry entry = evil_hangman_game();
  EXPECT_TRUE(withdraws(entry, {{"command", "give_up"}}));
  EXPECT_TRUE(withdraws(entry, {{"command", "switch_host"}}));
  EXPECT_FALSE(withdraws(entry, {{"command", "guess"}, {"letter", "a"}}));
  EXPECT_TRUE(host_only(entry, {{"command", "withdraw"}, {"letter", "a"}}));
}

TEST(EvilHangmanCodec, AFinishedGameIsReviewedFromItsRecord) {
  const GameEntry entry = evil_hangman_game();
  const auto lexicon = eh::test::small_lexicon();
  const auto session = open({{"guesses", 3}}, 5);
  session->apply({{"command", "new_game"}, {"length", 4}});
  std::vector<FinishedGame> records;
  // Z is in no word: a sure miss, the one guess the optimal host punishes.
  for (const char* letter : {"z", "e", "o", "l", "a", "b", "c", "d", "f", "g", "h", "i", "y"}) {
    if (session->finished()) break;
    session->apply({{"command", "guess"}, {"letter", letter}});
    for (FinishedGame& record : session->finished_records("me", 0)) {
      records.push_back(std::move(record));
    }
  }
  ASSERT_EQ(records.size(), 1u);
  const std::optional<GameReview> review = review_game(entry, records[0], 0, lexicon);
  ASSERT_TRUE(review);
  const Json json = review_json(*review);
  EXPECT_EQ(json["unit"], "misses");
  const Json& letters = records[0].result["letters"];
  ASSERT_EQ(json["moves"].size(), letters.size()) << json.dump(2);
  const Json& z = json["moves"][0];
  EXPECT_EQ(z["exact"], true) << z;
  EXPECT_GE(z["loss"].get<double>(), 0.0);
  EXPECT_NE(z["played"].get<std::string>().find("Z, a miss"), std::string::npos) << z;
  EXPECT_NE(json["summary"].get<std::string>().find("the optimal host could force"),
            std::string::npos)
      << json["summary"];
  ASSERT_GE(json["sections"].size(), 2u);
  const Json& kept = json["sections"][0]["data"];
  ASSERT_EQ(kept.size(), letters.size());
  EXPECT_EQ(kept[0]["letter"], "z");
  EXPECT_EQ(kept[0]["words"], 9);
  EXPECT_EQ(kept[0]["kept"], 9);  // no word has a Z
  const Json& held = json["sections"][1]["data"];
  const std::vector<std::string> words = held["words"].get<std::vector<std::string>>();
  EXPECT_NE(std::find(words.begin(), words.end(), records[0].result["word"].get<std::string>()),
            words.end())
      << held;

  // A record the lexicon cannot replay: its word is not in the list.
  FinishedGame foreign = records[0];
  foreign.result["word"] = "quiz";
  EXPECT_THROW(review_game(entry, foreign, 0, lexicon), ConfigError);
  // Stopped before it begins.
  std::stop_source stop;
  stop.request_stop();
  EXPECT_THROW(review_game(entry, records[0], 0, lexicon, Work{stop.get_token(), nullptr}),
               ReviewStopped);
}

TEST(EvilHangmanCodec, ToolDocuments) {
  eh::AutoplayConfig config;
  config.length = 4;
  config.guesses = 1;
  config.strategy = eh::Strategy::kLookahead;
  config.guesser = eh::GuesserKind::kFrequency;
  const auto words = eh::test::deal_tear_monk();
  const eh::AutoplayResult r =
      eh::autoplay(words, 1, eh::HostConfig{eh::Strategy::kLookahead, 2, {}}, config.guesser, 9);
  const Json doc = autoplay_to_json(config, 9, r);
  EXPECT_EQ(keys(doc),
            (std::set<std::string>{"seed", "length", "guesses", "strategy", "depth", "guesser",
                                   "won", "misses", "word", "fell_back", "turns"}));
  EXPECT_EQ(doc["word"], "monk");
  EXPECT_EQ(doc["strategy"], "lookahead");
  EXPECT_EQ(doc["turns"][0],
            (Json{{"letter", "a"}, {"hit", false}, {"pattern", "----"}, {"words", 1}}));

  eh::TableResult table;
  table.guesses = 26;
  eh::TableRow row;
  row.length = 4;
  row.words = 9;
  row.value = eh::TableValue{std::nullopt, 1, 10, 20};
  row.results.push_back({"largest", eh::GuesserKind::kMinimax, true, 3, true});
  row.results.push_back({"optimal", eh::GuesserKind::kMinimax, false, std::nullopt, false});
  table.rows.push_back(row);
  EXPECT_EQ(table_to_json(table, "words.txt", 5).dump(),
            R"({"lexicon":"words.txt","seed":5,"guesses":26,"rows":[{"length":4,"words":9,)"
            R"("value":null,"value_at_least":1,"value_positions":10,"value_work":20,"results":)"
            R"([{"host":"largest","guesser":"minimax","misses":3,"won":true},)"
            R"({"host":"optimal","guesser":"minimax","misses":null}]}]})");
}

}  // namespace
}  // namespace wg::app
