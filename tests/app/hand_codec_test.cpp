// app/hand_codec.h: Word Game's config, commands, events and views in JSON.

#include "app/hand_codec.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "app/review.h"
#include "app/session_adapter.h"

namespace wg::app {
namespace {

namespace wh = wg::hand;

std::shared_ptr<const Lexicon> lexicon() {
  static const std::shared_ptr<const Lexicon> shared(&default_lexicon(), [](const Lexicon*) {});
  return shared;
}

std::unique_ptr<GameSession> open(const Json& config, std::uint64_t seed = 3) {
  return find_game("hand")->open(config, seed, lexicon());
}

/// The one event `events` holds.
Json only(const std::vector<Json>& events) {
  EXPECT_EQ(events.size(), 1u);
  return events.at(0);
}

TEST(HandCodecTest, ConfigTakesDefaultsAndRefusesWhatCannotBePlayed) {
  EXPECT_EQ(HandCodec::config_to_json(HandCodec::config_from_json(Json::object())),
            (Json{{"hands", 1}, {"hand_size", 7}, {"hints", false}}));
  const Json full{{"hands", 3}, {"hand_size", 10}, {"hints", true}};
  EXPECT_EQ(HandCodec::config_to_json(HandCodec::config_from_json(full)), full);
  for (const Json& bad :
       {Json::array(), Json{{"hand", 2}}, Json{{"hands", "2"}}, Json{{"hands", 1.5}},
        Json{{"hints", 1}}, Json{{"hands", 0}}, Json{{"hand_size", 1001}},
        Json{{"hands", 1ull << 40}}, Json{{"hands", -(1ll << 40)}}}) {
    EXPECT_THROW(open(bad), ConfigError) << bad;
  }
  try {
    open(Json{{"hand_size", 0}});
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_EQ(error.field(), "hand_size");
  }
}

TEST(HandCodecTest, SchemaNamesEveryFieldWithTypeRangeAndDefault) {
  const Json schema = find_game("hand")->config_schema();
  EXPECT_EQ(schema["additionalProperties"], false);
  const Json& properties = schema["properties"];
  EXPECT_EQ(properties.size(), 3u);
  EXPECT_EQ(properties["hands"]["type"], "integer");
  EXPECT_EQ(properties["hands"]["maximum"], wh::kMaxHands);
  EXPECT_EQ(properties["hand_size"]["minimum"], 1);
  EXPECT_EQ(properties["hand_size"]["default"], wh::kDefaultHandSize);
  EXPECT_EQ(properties["hints"]["type"], "boolean");
  EXPECT_EQ(properties["hints"]["default"], false);
}

TEST(HandCodecTest, CommandsRoundTrip) {
  for (const Json& command :
       {Json{{"command", "substitute"}, {"letter", "w"}}, Json{{"command", "decline_substitution"}},
        Json{{"command", "play"}, {"word", "c*ws"}},
        Json{{"command", "play"}, {"word", "zag"}, {"stopped", true}},
        Json{{"command", "end_hand"}}, Json{{"command", "end_hand"}, {"stopped", true}},
        Json{{"command", "hint"}}, Json{{"command", "hint"}, {"stopped", true}},
        Json{{"command", "replay"}}, Json{{"command", "decline_replay"}},
        Json{{"command", "give_up"}}}) {
    EXPECT_EQ(HandCodec::command_to_json(HandCodec::command_from_json(command)), command);
  }
  // Letters in any case, as the terminal reads them.
  EXPECT_EQ(HandCodec::command_to_json(
                HandCodec::command_from_json({{"command", "play"}, {"word", "VIEW*D"}})),
            (Json{{"command", "play"}, {"word", "view*d"}}));
}

TEST(HandCodecTest, MalformedCommandsAreRejectedNotThrown) {
  const auto session = open(Json::object());
  for (const Json& bad :
       {Json("play"), Json::object(), Json{{"command", 7}}, Json{{"command", "deal"}},
        Json{{"command", "substitute"}}, Json{{"command", "substitute"}, {"letter", "ab"}},
        Json{{"command", "substitute"}, {"letter", ""}},
        Json{{"command", "substitute"}, {"letter", "3"}}, Json{{"command", "play"}},
        Json{{"command", "play"}, {"word", "c-ws"}}, Json{{"command", "play"}, {"word", 12}},
        Json{{"command", "end_hand"}, {"stopped", "yes"}}}) {
    const Json event = only(session->apply(bad));
    EXPECT_EQ(event["event"], "rejected") << bad;
    EXPECT_EQ(event["reason"], "malformed") << bad;
    EXPECT_TRUE(event["detail"].is_string()) << bad;
  }
  EXPECT_TRUE(session->saved()["commands"].empty());
}

TEST(HandCodecTest, RefusalsAndEventsInJson) {
  const auto session = open({{"hands", 1}, {"hand_size", 4}, {"hints", true}}, 5);
  Json view = session->view(0);
  EXPECT_EQ(view["status"], "substitution_offered");
  const std::string dealt = view["tiles"];
  EXPECT_EQ(only(session->apply({{"command", "replay"}})),
            (Json{{"event", "rejected"}, {"reason", "wrong_phase"}}));
  EXPECT_EQ(only(session->apply({{"command", "substitute"}, {"letter", "*"}})),
            (Json{{"event", "rejected"}, {"reason", "not_allowed"}, {"letter", "*"}}));
  EXPECT_EQ(only(session->apply({{"command", "play"}, {"word", ""}}))["reason"], "wrong_phase");
  EXPECT_EQ(only(session->apply({{"command", "decline_substitution"}})),
            (Json{{"event", "substitution_declined"}}));
  EXPECT_EQ(only(session->apply({{"command", "play"}, {"word", ""}}))["reason"], "malformed");

  const Json hint = only(session->apply({{"command", "hint"}}));
  EXPECT_EQ(hint["event"], "hint");
  EXPECT_EQ(hint["plan_status"], "solved");
  EXPECT_EQ(hint["best_word"].value("score", 0), hint["plan"]["plays"][0].value("score", -1));
  EXPECT_EQ(hint["plan"]["total"], hint["best_word"]["score"]);
  const std::string typed = hint["best_word"]["typed"];

  const std::vector<Json> events = session->apply({{"command", "play"}, {"word", typed}});
  ASSERT_GE(events.size(), 1u);
  EXPECT_EQ(events[0]["event"], "word_played");
  EXPECT_EQ(events[0]["word"], typed);
  EXPECT_EQ(events[0]["valid"], true);
  const std::vector<Json> ended = events[0]["ran_out"] == true
                                      ? std::vector<Json>(events.begin() + 1, events.end())
                                      : session->apply({{"command", "end_hand"}});
  ASSERT_EQ(ended.size(), 1u);  // the replay is offered
  EXPECT_EQ(ended[0]["event"], "hand_ended");
  EXPECT_EQ(ended[0]["score"], events[0]["score"]);
  EXPECT_EQ(ended[0]["optimum"]["status"], "solved");
  EXPECT_EQ(ended[0]["optimum"]["plan"]["total"], hint["plan"]["total"]);
  EXPECT_TRUE(ended[0]["optimum"]["plan_with_discards"]["plays"].is_array());

  EXPECT_EQ(only(session->apply({{"command", "replay"}})),
            (Json{{"event", "hand_started"}, {"hand", 0}, {"replay", true}, {"tiles", dealt}}));
  const std::vector<Json> last = session->apply({{"command", "give_up"}});
  ASSERT_EQ(last.size(), 2u);
  EXPECT_TRUE(last[0]["optimum"].is_null());
  EXPECT_EQ(last[1]["event"], "finished");
  EXPECT_EQ(last[1]["given_up"], true);
  EXPECT_EQ(last[1]["total"], events[0]["score"]);
  EXPECT_EQ(last[1]["records"][0], (Json{{"dealt", dealt},
                                         {"start", dealt},
                                         {"substituted", false},
                                         {"score", events[0]["score"]},
                                         {"replay_score", 0},
                                         {"counted", events[0]["score"]}}));
  EXPECT_TRUE(session->finished());
}

TEST(HandCodecTest, SavedGamesRestoreToTheSameView) {
  const auto session = open({{"hands", 2}}, 7);
  const std::string letter = session->view(0)["tiles"].get<std::string>().substr(0, 1);
  session->apply({{"command", "substitute"}, {"letter", letter}});
  session->apply({{"command", "play"}, {"word", "zzz"}});
  session->apply({{"command", "replay"}});  // refused: not saved
  session->apply({{"command", "end_hand"}});
  session->apply({{"command", "decline_replay"}});
  const Json saved = session->saved();
  EXPECT_EQ(saved["game"], "hand");
  EXPECT_EQ(saved["seed"], 7);
  EXPECT_EQ(saved["config"]["hands"], 2);
  EXPECT_EQ(saved["commands"].size(), 4u);
  const auto restored = restore(saved, lexicon());
  EXPECT_EQ(restored->view(0), session->view(0));
  EXPECT_EQ(restored->saved(), saved);
  EXPECT_FALSE(restored->finished());
}

TEST(HandCodecTest, TheViewHoldsNothingToCome) {
  const auto session = open({{"hands", 2}, {"hand_size", 12}}, 4242);
  session->apply({{"command", "decline_substitution"}});
  session->apply({{"command", "end_hand"}});
  const Json view = session->view(0);
  EXPECT_EQ(session->view(kObserver), view);
  std::vector<std::string> keys;
  for (const auto& [key, value] : view.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"status", "hand", "replay", "tiles", "hand_total", "total",
                                      "hints", "records", "letter_values", "length_factors"}));
  // The next hand, seen by playing on, is nowhere in the view before it.
  const std::string next =
      only(session->apply({{"command", "decline_replay"}}))["tiles"].get<std::string>();
  EXPECT_EQ(view.dump().find(next), std::string::npos) << next;
  EXPECT_EQ(view.dump().find("4242"), std::string::npos);
}

TEST(HandCodecTest, TheViewGivesWhatAWordWouldScoreFromTheTilesHeld) {
  const auto session = open({{"hand_size", 7}}, 5);
  session->apply({{"command", "decline_substitution"}});
  const Json view = session->view(0);
  EXPECT_EQ(view["letter_values"].size(), 27u);
  EXPECT_EQ(view["letter_values"]["q"], 10);
  EXPECT_EQ(view["letter_values"]["*"], 0);
  // (sum of values) x max(7L - 3(n - L), 1) from n = 7 tiles held, for L = 0 to 7.
  EXPECT_EQ(view["length_factors"], (Json{1, 1, 1, 9, 19, 29, 39, 49}));
  // Two tiles played (a word or not, they are used up): the factors are those of 5 tiles held.
  const std::string tiles = view["tiles"];
  session->apply({{"command", "play"}, {"word", tiles.substr(0, 2)}});
  EXPECT_EQ(session->view(0)["length_factors"], (Json{1, 1, 5, 15, 25, 35}));
}

TEST(HandCodecTest, AFinishedSeriesIsReviewedAgainstTheOptimalPlan) {
  const auto session = open({{"hands", 1}, {"hand_size", 7}}, 9);
  session->apply({{"command", "decline_substitution"}});
  const std::string tiles = session->view(0)["tiles"];
  session->apply({{"command", "play"}, {"word", tiles}});  // every tile thrown away
  session->apply({{"command", "decline_replay"}});
  ASSERT_TRUE(session->finished());
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const std::optional<GameReview> review =
      review_game(*find_game("hand"), records[0], 0, lexicon());
  ASSERT_TRUE(review.has_value());
  const int optimum = wh::optimal_plan(default_lexicon(), *wh::Hand::parse(tiles), true).total;
  ASSERT_GT(optimum, 0);
  const Json told = review_json(*review);
  EXPECT_EQ(told["unit"], "points");
  ASSERT_EQ(told["moves"].size(), 1u);
  EXPECT_EQ(told["moves"][0]["label"], "Hand 1, play 1");
  EXPECT_EQ(told["moves"][0]["loss"], optimum);
  EXPECT_EQ(told["moves"][0]["exact"], true);
  EXPECT_NE(told["moves"][0]["played"].get<std::string>().find("not a word"), std::string::npos);
  EXPECT_EQ(told["costliest"], 0);
  EXPECT_EQ(told["share"], 0.0);
  EXPECT_EQ(told["summary"], fmt::format("0 points against the optimal {}", optimum));
  ASSERT_EQ(told["sections"].size(), 1u);
  EXPECT_EQ(told["sections"][0]["data"]["tiles"], tiles);
  EXPECT_EQ(told["sections"][0]["data"]["plan"]["total"], optimum);
  // A record that does not replay is refused as a config error, not reviewed.
  FinishedGame broken = records[0];
  broken.commands = Json::array({{{"command", "replay"}}});
  EXPECT_THROW(review_game(*find_game("hand"), broken, 0, lexicon()), ConfigError);
}

}  // namespace
}  // namespace wg::app
