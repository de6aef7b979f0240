// app/auction_codec.h: the letter auction's session in JSON, and its registry entry.
#include "app/auction_codec.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "app/auction_log.h"
#include "app/review.h"
#include "app/session_adapter.h"

namespace wg::app {
namespace {

namespace au = wg::auction;
using Adapter = SessionAdapter<AuctionCodec>;

std::shared_ptr<const Lexicon> lexicon() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}

const GameEntry& entry() {
  const GameEntry* game = find_game("auction");
  EXPECT_NE(game, nullptr);
  return *game;
}

/// A game of two persons and a bot, two rounds.
const Json kPersons = {{"seats",
                        {{{"kind", "person"}, {"name", "Ann"}},
                         {{"kind", "bot"}, {"name", "value"}},
                         {{"kind", "person"}}}},
                       {"rounds", 2},
                       {"hidden_letters", 3}};

std::unique_ptr<GameSession> open(const Json& config, std::uint64_t seed = 5) {
  return entry().open(config, seed, lexicon());
}

std::string field_of(const Json& config) {
  try {
    open(config);
  } catch (const ConfigError& error) {
    return error.field() + ": " + error.what();
  }
  return "no error";
}

/// True if `json` has an object key `key` anywhere inside.
bool has_key(const Json& json, const std::string& key) {
  if (json.is_object()) {
    for (const auto& [k, value] : json.items()) {
      if (k == key || has_key(value, key)) return true;
    }
  }
  if (json.is_array()) {
    for (const Json& value : json) {
      if (has_key(value, key)) return true;
    }
  }
  return false;
}

/// The first awaited seat's answer, in JSON: bid 2 on every letter, no word.
Json answer(const GameSession& session) {
  const Json view = session.view(kObserver);
  for (std::size_t seat = 0; seat < view["seats"].size(); ++seat) {
    const Json& s = view["seats"][seat];
    if (!s.contains("awaited") || s["answered"].get<bool>()) continue;
    if (s["awaited"] == "bid") return {{"command", "bid"}, {"seat", seat}, {"amount", 2}};
    return {{"command", "word"}, {"seat", seat}, {"word", ""}};
  }
  return {{"command", "step"}};
}

TEST(AuctionCodecTest, TheSchemaHasEveryFieldWithItsDefault) {
  const Json schema = entry().config_schema();
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  const Json defaults = AuctionCodec::config_to_json(au::Config{});
  for (const auto& [field, value] : defaults.items()) {
    ASSERT_TRUE(schema["properties"].contains(field)) << field;
    EXPECT_EQ(schema["properties"][field]["default"], value) << field;
  }
  EXPECT_EQ(schema["properties"].size(), defaults.size());
  EXPECT_EQ(schema["properties"]["rounds"]["minimum"], 1);
  EXPECT_EQ(schema["properties"]["seats"]["maxItems"], 14);
}

TEST(AuctionCodecTest, ConfigRoundTripsAndTakesDefaults) {
  const au::Config config = AuctionCodec::config_from_json(kPersons);
  EXPECT_EQ(config.rules.players, 3);
  EXPECT_EQ(config.rules.rounds, 2);
  EXPECT_EQ(config.rules.starting_points, 100);
  EXPECT_EQ(config.seats[0], (au::SeatConfig{au::SeatKind::kPerson, "Ann"}));
  EXPECT_EQ(config.seats[2], (au::SeatConfig{au::SeatKind::kPerson, ""}));
  EXPECT_EQ(AuctionCodec::config_from_json(AuctionCodec::config_to_json(config)), config);
  EXPECT_EQ(AuctionCodec::config_from_json(Json::object()), au::Config{});
  // The spec's "future variants": more letters to a rack, more (or fewer) offered a round.
  Json variant = kPersons;
  variant["rack_size"] = 10;
  variant["letters_per_round"] = 30;
  const au::Config varied = AuctionCodec::config_from_json(variant);
  EXPECT_EQ(varied.rules.rack_size, 10);
  EXPECT_EQ(varied.rules.letters_per_round, 30);
  EXPECT_EQ(AuctionCodec::config_from_json(AuctionCodec::config_to_json(varied)), varied);
}

TEST(AuctionCodecTest, BadConfigsAreConfigErrors) {
  EXPECT_EQ(field_of({{"colour", "red"}}),
            "colour: unknown field 'colour': the fields are seats, rounds, hidden_letters, "
            "starting_points, rack_size, bonus_length, bonus and letters_per_round");
  EXPECT_EQ(field_of({{"rounds", "five"}}),
            "rounds: rounds must be a whole number from 1 to 10000, not \"five\"");
  EXPECT_EQ(field_of({{"rounds", 0}}),
            "rounds: rounds must be a whole number from 1 to 10000, not 0");
  EXPECT_EQ(field_of({{"hidden_letters", 8}}),
            "hidden_letters: hidden letters must be between 0 and 7, not 8");
  EXPECT_EQ(field_of({{"hidden_letters", 7}}), "no error");  // 0 to 7, as the original
  EXPECT_EQ(field_of({{"rack_size", 9}, {"hidden_letters", 9}, {"letters_per_round", 40}}),
            "no error");
  EXPECT_EQ(field_of({{"letters_per_round", 99}}),
            "letters_per_round: letters_per_round must be a whole number from 0 to 98, not 99");
  EXPECT_EQ(field_of({{"seats", {{{"kind", "bot"}, {"name", "value"}}}}}),
            "seats: 1 players given: a game takes 2 to 14");
  EXPECT_EQ(field_of({{"seats", {{{"kind", "robot"}}, {{"kind", "person"}}}}}),
            "seats: seats[0].kind must be \"bot\", \"person\" or \"external\", not \"robot\"");
  EXPECT_EQ(field_of({{"seats", {{{"kind", "person"}, {"age", 3}}, {{"kind", "person"}}}}}),
            "seats: unknown field 'age' in seats[0]: its fields are kind and name");
  EXPECT_EQ(field_of({{"seats", {{{"name", "Ann"}}, {{"kind", "person"}}}}}),
            "seats: seats[0] needs kind");
  EXPECT_EQ(field_of({{"seats", {{{"kind", "person"}}, 3}}}),
            "seats: seats[1] must be a JSON object, not 3");
  EXPECT_EQ(
      field_of({{"seats", {{{"kind", "external"}, {"name", "cmd:x"}}, {{"kind", "person"}}}}}),
      "seats: seat 0 is external, but this front end supplies no external players");
  EXPECT_EQ(field_of({{"seats", "value,value"}}),
            "seats: seats must be a list of seats, not \"value,value\"");
  EXPECT_EQ(field_of(Json::array()), "config: the config is a JSON object");
}

TEST(AuctionCodecTest, CommandsRoundTrip) {
  const std::vector<au::Command> commands = {au::Step{},
                                             au::RunToRoundEnd{},
                                             au::RunToRoundEnd{3},
                                             au::RunToEnd{},
                                             au::RunToEnd{7},
                                             au::Bid{2, 15},
                                             au::Word{1, *Alphabet::english().encode("qat")},
                                             au::Word{0, {}},
                                             au::NewGame{}};
  for (const au::Command& command : commands) {
    const Json json = AuctionCodec::command_to_json(command);
    EXPECT_EQ(AuctionCodec::command_from_json(json), command) << json.dump();
  }
  EXPECT_EQ(AuctionCodec::command_to_json(au::Word{1, *Alphabet::english().encode("qat")}),
            (Json{{"command", "word"}, {"seat", 1}, {"word", "QAT"}}));
  EXPECT_EQ(AuctionCodec::command_to_json(au::RunToEnd{}), (Json{{"command", "run_to_end"}}));
}

TEST(AuctionCodecTest, MalformedCommandsAreRejectedNeverThrown) {
  const auto session = open(kPersons);
  session->apply({{"command", "run_to_end"}});
  const Json before = session->view(0);
  for (const Json& command :
       {Json::array(), Json{{"command", 3}}, Json{{"command", "dance"}}, Json{{"bid", 3}},
        Json{{"command", "bid"}, {"seat", 0}},
        Json{{"command", "bid"}, {"seat", "0"}, {"amount", 1}},
        Json{{"command", "bid"}, {"seat", 0}, {"amount", 1.5}},
        Json{{"command", "bid"}, {"seat", 0}, {"amount", 18446744073709551615u}},
        Json{{"command", "word"}, {"seat", 0}, {"word", "q4t"}},
        Json{{"command", "word"}, {"seat", 0}},
        Json{{"command", "run_to_end"}, {"limit", "all"}}}) {
    const std::vector<Json> events = session->apply(command);
    ASSERT_EQ(events.size(), 1u) << command.dump();
    EXPECT_EQ(events[0]["event"], "rejected") << command.dump();
    EXPECT_EQ(events[0]["reason"], "malformed") << command.dump();
    EXPECT_FALSE(events[0]["detail"].get<std::string>().empty());
  }
  EXPECT_EQ(session->view(0), before);
}

TEST(AuctionCodecTest, EventsAreTheLogsLinesAndTheSessionsOwn) {
  const auto session = open(kPersons, 9);
  const std::vector<Json> events = session->apply({{"command", "run_to_end"}});
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0]["event"], "game_started");
  EXPECT_EQ(events[0]["seed"], 9);
  EXPECT_EQ(events[0]["game"], 0);
  EXPECT_EQ(events[0]["players"], Json({"Ann", "value", "person"}));
  EXPECT_EQ(events[0]["rules"]["players"], 3);
  EXPECT_EQ(events[1]["event"], "round_started");
  EXPECT_EQ(events[1]["hidden"].size(), 3u);
  EXPECT_EQ(events[2]["event"], "awaiting");
  EXPECT_EQ(events[2]["seat"], 0);
  EXPECT_EQ(events[2]["what"], "bid");
  EXPECT_EQ(events[2]["number"], 1);
  EXPECT_EQ(events[2]["letter"].get<std::string>().size(), 1u);
  EXPECT_EQ(events[3]["seat"], 2);

  const std::vector<Json> refused =
      session->apply({{"command", "bid"}, {"seat", 0}, {"amount", 500}});
  EXPECT_EQ(refused[0], (Json{{"event", "rejected"},
                              {"reason", "out_of_range"},
                              {"seat", 0},
                              {"detail", "bid 500 is more than seat 0's 100 points"}}));
  EXPECT_EQ(session->apply({{"command", "step"}})[0]["reason"], "not_awaited");
  EXPECT_EQ(session->apply({{"command", "bid"}, {"seat", 0}, {"amount", 5}})[0],
            (Json{{"event", "answered"}, {"seat", 0}, {"what", "bid"}}));
  const std::vector<Json> held = session->apply({{"command", "bid"}, {"seat", 2}, {"amount", 4}});
  ASSERT_GE(held.size(), 2u);
  EXPECT_EQ(held[1]["event"], "auction");
  EXPECT_EQ(held[1]["bids"][0], 5);
  EXPECT_EQ(held[1]["bids"][2], 4);

  // A game's events are its log's lines, but for its start and its end.
  const au::RoundEnded ended{1, {{0}, {1}}, {{"a", 1, ""}, {"", 0, ""}}, {101, 100}};
  EXPECT_EQ(AuctionCodec::event_to_json(ended), *log_line(ended, LogLexicon{}));
  const au::Finished finished{{120, 80}, {0}, 9, 2, {"Ann", "value"}};
  EXPECT_EQ(AuctionCodec::event_to_json(finished), (Json{{"event", "finished"},
                                                         {"points", {120, 80}},
                                                         {"winners", {0}},
                                                         {"seed", 9},
                                                         {"game", 2},
                                                         {"players", {"Ann", "value"}}}));
}

TEST(AuctionCodecTest, ASeatsViewLeaksNothing) {
  const auto session = open(kPersons, 13);
  const std::vector<Json> events = session->apply({{"command", "run_to_end"}});
  const Json hidden = events[1]["hidden"];
  const Json ann = session->view(0);
  EXPECT_EQ(ann["seat"], 0);
  EXPECT_EQ(ann["status"], "awaiting");
  EXPECT_EQ(ann["next"], "auction");
  EXPECT_EQ(ann["seats"][0]["hidden"], hidden[0]);
  EXPECT_FALSE(ann["seats"][1].contains("hidden"));
  EXPECT_FALSE(ann["seats"][2].contains("hidden"));
  EXPECT_EQ(ann["seats"][0]["held"], 3);
  EXPECT_EQ(ann["seats"][0]["awaited"], "bid");
  EXPECT_EQ(ann["auction"]["letter"], events[2]["letter"]);
  const Json spectator = session->view(kObserver);
  EXPECT_TRUE(spectator["seat"].is_null());
  for (const Json& seat : spectator["seats"]) EXPECT_FALSE(seat.contains("hidden"));

  // A sealed bid is seen by its seat only.
  session->apply({{"command", "bid"}, {"seat", 2}, {"amount", 6}});
  EXPECT_EQ(session->view(2)["bid"], 6);
  EXPECT_FALSE(session->view(0).contains("bid"));
  EXPECT_FALSE(session->view(kObserver).contains("bid"));
  EXPECT_EQ(session->view(0)["seats"][2]["answered"], true);

  // Through a whole game: no seed, no other seat's hidden letters, in any view.
  while (!session->finished()) {
    for (Seat seat : {kObserver, 0, 1, 2}) {
      const Json view = session->view(seat);
      EXPECT_FALSE(has_key(view, "seed"));
      for (int t = 0; t < 3; ++t) EXPECT_EQ(view["seats"][t].contains("hidden"), t == seat);
    }
    session->apply(answer(*session));
  }
  EXPECT_FALSE(session->view(0)["winners"].empty());
}

TEST(AuctionCodecTest, ASavedGameRestoresToTheSameViews) {
  const auto session = open(kPersons, 17);
  session->apply({{"command", "run_to_round_end"}});
  for (int i = 0; i < 25; ++i) session->apply(answer(*session));
  const Json saved = session->saved();
  EXPECT_EQ(saved["game"], "auction");
  EXPECT_EQ(saved["seed"], 17);
  EXPECT_EQ(saved["config"],
            AuctionCodec::config_to_json(AuctionCodec::config_from_json(kPersons)));
  EXPECT_EQ(saved["commands"][0], (Json{{"command", "run_to_round_end"}}));
  const auto restored = restore(saved, lexicon());
  for (Seat seat : {kObserver, 0, 1, 2}) EXPECT_EQ(restored->view(seat), session->view(seat));
  EXPECT_EQ(restored->saved(), saved);
}

TEST(AuctionCodecTest, ABotsOnlyGamePlaysToTheEndAndAgain) {
  const auto session = open(Json::object(), 3);
  const std::vector<Json> events = session->apply({{"command", "run_to_end"}});
  EXPECT_EQ(events.back()["event"], "finished");
  EXPECT_TRUE(session->finished());
  EXPECT_EQ(session->view(kObserver)["status"], "finished");
  EXPECT_EQ(session->apply({{"command", "step"}})[0]["reason"], "wrong_phase");
  const std::vector<Json> again = session->apply({{"command", "new_game"}});
  EXPECT_EQ(again[0]["event"], "game_started");
  EXPECT_EQ(again[0]["game"], 1);
  EXPECT_FALSE(session->finished());
}

TEST(AuctionCodecTest, AFinishedGameIsReviewedForThePersonsSeat) {
  const Json config = {{"seats",
                        {{{"kind", "person"}, {"name", "Ann"}},
                         {{"kind", "bot"}, {"name", "strong"}},
                         {{"kind", "bot"}, {"name", "random"}}}},
                       {"rounds", 1}};
  const auto session = open(config, 8);
  session->apply({{"command", "run_to_end"}});
  int bids = 0;
  while (!session->finished()) {
    const Json view = session->view(0);
    if (view["seats"][0]["awaited"] == "bid") {
      session->apply({{"command", "bid"}, {"seat", 0}, {"amount", ++bids <= 2 ? 30 : 0}});
    } else {
      session->apply({{"command", "word"}, {"seat", 0}, {"word", ""}});
    }
  }
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const std::optional<GameReview> review = review_game(entry(), records[0], 0, lexicon());
  ASSERT_TRUE(review.has_value());
  const Json told = review_json(*review);
  EXPECT_EQ(told["unit"], "points");
  ASSERT_EQ(told["moves"].size(), static_cast<std::size_t>(bids) + 1);
  EXPECT_EQ(told["moves"][0]["label"].get<std::string>().rfind("Round 1, auction 1 (letter ", 0),
            0u);
  EXPECT_EQ(told["moves"][0]["played"].get<std::string>().rfind("bid 30, ", 0), 0u);
  EXPECT_EQ(told["moves"][0]["exact"], false) << "a value is the strong bot's estimate";
  const Json word = told["moves"].back();
  EXPECT_EQ(word["label"], "Round 1, word");
  EXPECT_EQ(word["played"], "no word");
  EXPECT_EQ(word["exact"], true);
  EXPECT_GT(word["loss"].get<double>(), 0) << "no word loses the best word's score";
  EXPECT_EQ(told["share"], nullptr);
  ASSERT_EQ(told["sections"].size(), 1u);
  EXPECT_EQ(told["sections"][0]["title"], "Best word of the final letters");
  EXPECT_EQ(told["sections"][0]["data"][0]["best_score"], word["loss"]);
  // A record without its commands (a tournament's game) does not replay.
  FinishedGame bare = records[0];
  bare.commands = Json::array();
  EXPECT_THROW(review_game(entry(), bare, 0, lexicon()), ConfigError);
}

}  // namespace
}  // namespace wg::app
