#include "app/boggle_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/review.h"
#include "app/session_adapter.h"
#include "core/text.h"
#include "games/boggle/solver.h"

namespace wg::app {
namespace {

namespace bg = wg::boggle;

std::shared_ptr<const Lexicon> enable() {
  return std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
}

std::unique_ptr<GameSession> open(const Json& config, std::uint64_t seed = 1) {
  const GameEntry* game = find_game("boggle");
  EXPECT_NE(game, nullptr);
  return game->open(config, seed, enable());
}

// The spec's board, untimed, spec scoring.
const Json kSpecBoard = {{"board", "EECA/ALEP/HNBO/QTTY"}, {"seconds", 0}, {"scoring", "spec"}};

TEST(BoggleCodec, CommandsRoundTrip) {
  for (const bg::Command& command :
       std::vector<bg::Command>{bg::Submit{"peace", 1500}, bg::Submit{"", 0}, bg::Tick{9},
                                bg::Close{180'000}, bg::NewGame{}}) {
    const Json json = BoggleCodec::command_to_json(command);
    EXPECT_EQ(BoggleCodec::command_from_json(json), command) << json.dump();
  }
  EXPECT_EQ(BoggleCodec::command_to_json(bg::Submit{"peace", 1500}),
            (Json{{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 1500}}));
  EXPECT_EQ(BoggleCodec::command_from_json({{"command", "submit"}, {"word", "peace"}}),
            bg::Command(bg::Submit{"peace", 0}))
      << "elapsed_ms defaults to 0 (an untimed round)";
  EXPECT_EQ(BoggleCodec::command_from_json({{"command", "close"}}), bg::Command(bg::Close{0}));
}

TEST(BoggleCodec, MalformedCommandsAreRejectedNeverThrown) {
  auto session = open(kSpecBoard);
  const Json before = session->view(0);
  for (const Json& bad : std::vector<Json>{
           Json::array(),
           Json("submit"),
           Json::object(),
           {{"command", 3}},
           {{"command", "fly"}},
           {{"command", "submit"}},
           {{"command", "submit"}, {"word", 3}},
           {{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", -1}},
           {{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 1.5}},
           {{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", "1"}},
           {{"command", "submit"}, {"word", "peace"}, {"seat", 0}},
           {{"command", "tick"}},
           {{"command", "close"}, {"elapsed_ms", nullptr}},
           {{"command", "new_game"}, {"round", 2}},
       }) {
    const std::vector<Json> events = session->apply(bad);
    ASSERT_EQ(events.size(), 1u) << bad.dump();
    EXPECT_EQ(events[0]["event"], "rejected") << bad.dump();
    EXPECT_EQ(events[0]["reason"], "malformed") << bad.dump();
    EXPECT_FALSE(events[0].value("detail", "").empty()) << bad.dump();
  }
  EXPECT_EQ(session->view(0), before);
  EXPECT_EQ(session->saved()["commands"], Json::array());
}

TEST(BoggleCodec, EventsInJson) {
  auto session = open(kSpecBoard);
  EXPECT_EQ(session->apply({{"command", "submit"}, {"word", "PEACE"}, {"elapsed_ms", 10}}),
            (std::vector<Json>{{{"event", "word_accepted"},
                                {"word", "peace"},
                                {"points", 3},
                                {"score", 3},
                                {"path", {7, 6, 3, 2, 1}}}}));
  EXPECT_EQ(session->apply({{"command", "submit"}, {"word", "zzz"}, {"elapsed_ms", 20}}),
            (std::vector<Json>{{{"event", "rejected"}, {"reason", "not_held"}, {"word", "zzz"}}}));
  EXPECT_EQ(session->apply({{"command", "submit"}, {"word", "place"}})[0]["reason"], "malformed")
      << "time went back";
  EXPECT_EQ(session->apply({{"command", "submit"}, {"word", "place"}, {"elapsed_ms", 20}})[0],
            (Json{{"event", "rejected"}, {"reason", "not_held"}, {"word", "place"}}));
  const std::vector<Json> end = session->apply({{"command", "close"}, {"elapsed_ms", 30}});
  ASSERT_EQ(end.size(), 1u);
  const Json& f = end[0];
  EXPECT_EQ(f["event"], "finished");
  EXPECT_EQ(f["round"], 0);
  EXPECT_EQ(f["end"], "closed");
  EXPECT_EQ(f["elapsed_ms"], 30);
  EXPECT_EQ(f["board"]["spec"], "EECA/ALEP/HNBO/QTTY");
  EXPECT_EQ(f["min_length"], 3);
  EXPECT_EQ(f["scoring"], "spec");
  EXPECT_EQ(f["seconds"], 0);
  EXPECT_EQ(f["found"], (Json{{{"word", "peace"}, {"points", 3}, {"path", {7, 6, 3, 2, 1}}}}));
  EXPECT_EQ(f["score"], 3);
  EXPECT_EQ(f["all_words"].size(), 81u);
  EXPECT_EQ(f["missed"].size(), 80u);
  EXPECT_GT(f["total_score"].get<int>(), 3);
  const std::vector<Json> again = session->apply({{"command", "new_game"}});
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0]["event"], "round_started");
  EXPECT_EQ(again[0]["round"], 1);
  EXPECT_EQ(again[0]["board"]["rows"], 4);
  EXPECT_EQ(again[0]["scoring"], "spec");
}

TEST(BoggleCodec, BoardsInJson) {
  EXPECT_EQ(
      BoggleCodec::board_to_json(bg::Board::parse("a#/[QU]t")),
      (Json{{"spec", "A#/[QU]T"}, {"rows", 2}, {"cols", 2}, {"cells", {"A", nullptr, "QU", "T"}}}));
}

TEST(BoggleCodec, TimeUpInJson) {
  auto session = open({{"board", "EECA/ALEP/HNBO/QTTY"}, {"seconds", 1}});
  EXPECT_TRUE(session->apply({{"command", "tick"}, {"elapsed_ms", 999}}).empty());
  const std::vector<Json> events =
      session->apply({{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 1000}});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0], (Json{{"event", "rejected"}, {"reason", "too_late"}, {"word", "peace"}}));
  EXPECT_EQ(events[1]["end"], "time_up");
  EXPECT_EQ(events[1]["elapsed_ms"], 1000);
  EXPECT_TRUE(session->finished());
  EXPECT_EQ(session->apply({{"command", "tick"}, {"elapsed_ms", 2000}})[0]["reason"],
            "wrong_phase");
}

TEST(BoggleCodec, ConfigRoundTripsAndHasDefaults) {
  const bg::Config defaults = BoggleCodec::config_from_json(Json::object());
  EXPECT_EQ(defaults.size, 4);
  EXPECT_FALSE(defaults.board);
  EXPECT_EQ(defaults.min_length, 0u);
  EXPECT_EQ(defaults.scoring, bg::Scoring::kSpec);
  EXPECT_EQ(defaults.seconds, 180u);
  const Json full = {{"size", 6},
                     {"board", "perslatgsineters"},
                     {"min_length", 5},
                     {"scoring", "spec"},
                     {"seconds", 90}};
  EXPECT_EQ(BoggleCodec::config_to_json(BoggleCodec::config_from_json(full)), full);
  EXPECT_EQ(BoggleCodec::config_to_json(defaults)["board"], nullptr);
  EXPECT_FALSE(BoggleCodec::config_from_json({{"board", nullptr}}).board);
}

TEST(BoggleCodec, BadConfigIsAConfigError) {
  const std::vector<std::pair<Json, std::string>> bad = {
      {Json::array(), "config"},
      {{{"colour", "red"}}, "colour"},
      {{{"size", "4"}}, "size"},
      {{{"size", -4}}, "size"},
      {{{"size", 7}}, "size"},
      {{{"size", 1e30}}, "size"},
      {{{"board", ""}}, "board"},
      {{{"board", "ab"}}, "board"},
      {{{"board", 16}}, "board"},
      {{{"min_length", 65}}, "min_length"},
      {{{"min_length", true}}, "min_length"},
      {{{"scoring", "golf"}}, "scoring"},
      {{{"scoring", 1}}, "scoring"},
      {{{"seconds", -1}}, "seconds"},
      {{{"seconds", 86401}}, "seconds"},
  };
  for (const auto& [config, field] : bad) {
    try {
      open(config);
      ADD_FAILURE() << config.dump();
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), field) << config.dump() << ": " << e.what();
    }
  }
  try {
    open({{"board", ""}});
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), "invalid board '': the board is empty");
  }
}

/// A square board of `side` × `side` cells, rows separated by '/'.
std::string square_board(int side) {
  std::string board;
  for (int row = 0; row < side; ++row) {
    if (row > 0) board += '/';
    for (int col = 0; col < side; ++col) board += "AEIRSTLN"[(row * 7 + col * 3) % 8];
  }
  return board;
}

TEST(BoggleCodec, ABoardLargerThanAConfigMayGiveIsRefusedNamingTheField) {
  // A security probe: 200 sessions of a 250×250 board took a server from 15 MB to 2.4 GB. A
  // JSON config (the arcade's, a saved game's) gives at most 256 cells in 2,048 characters.
  EXPECT_NO_THROW(open({{"board", square_board(16)}, {"seconds", 0}}));
  EXPECT_NO_THROW(open({{"board", std::string(256, 'a')}}))
      << "256 cells without separators: a square board of 16×16";
  const std::vector<std::pair<std::string, std::string>> refused = {
      {square_board(17), "a board has at most 256 cells here (16×16), not 289 (17×17)"},
      {square_board(250), "a board is written in at most 2048 characters here, not 62749"},
      {[] {
         std::string row = "a";
         for (int i = 1; i < 258; ++i) row += ",a";
         return row;
       }(),
       "not 258 (1×258)"},
      {"[" + std::string(2047, 'a') + "]", "at most 2048 characters here, not 2049"},
  };
  for (const auto& [board, message] : refused) {
    try {
      open({{"board", board}});
      ADD_FAILURE() << board.size();
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "board");
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("the terminal plays larger boards"), std::string::npos)
          << e.what();
    }
  }
  // A saved game restores through the same config: one of a larger board is refused so too.
  try {
    restore({{"game", "boggle"}, {"seed", 1u}, {"config", {{"board", square_board(17)}}}},
            enable());
    ADD_FAILURE() << "restored a 17×17 board";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "board");
  }
  // The engine takes any size: the terminal's --board plays a 40×40 board.
  bg::Config large;
  large.board = square_board(40);
  large.seconds = 0;
  const bg::Session session(enable(), large, 1);
  EXPECT_EQ(session.view(kObserver).board.size(), 1600);
  // The schema says so.
  const Json board = BoggleCodec::config_schema()["properties"]["board"];
  EXPECT_EQ(board["maxLength"], BoggleCodec::kMaxBoardText);
  EXPECT_EQ(board["x-maxCells"], BoggleCodec::kMaxBoardCells);
  EXPECT_NE(board["description"].get<std::string>().find("at most 256 cells"), std::string::npos);
}

TEST(BoggleCodec, SchemaNamesEveryFieldWithItsDefault) {
  const Json schema = find_game("boggle")->config_schema();
  EXPECT_EQ(schema, BoggleCodec::config_schema());
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["additionalProperties"], false);
  const Json defaults = BoggleCodec::config_to_json(bg::Config{});
  ASSERT_EQ(schema["properties"].size(), defaults.size());
  for (const auto& [field, value] : defaults.items()) {
    ASSERT_TRUE(schema["properties"].contains(field)) << field;
    EXPECT_EQ(schema["properties"][field]["default"], value) << field;
    EXPECT_TRUE(schema["properties"][field].contains("type")) << field;
    EXPECT_TRUE(schema["properties"][field].contains("description")) << field;
  }
  EXPECT_EQ(schema["properties"]["min_length"]["maximum"], bg::Config::kMaxMinLength);
  EXPECT_EQ(schema["properties"]["seconds"]["maximum"], bg::Config::kMaxSeconds);
}

TEST(BoggleCodec, SavedGamesRestoreToTheSameView) {
  auto session = open({{"size", 5}, {"seconds", 60}}, 77);
  session->apply({{"command", "submit"}, {"word", "qqq"}, {"elapsed_ms", 5}});
  session->apply({{"command", "close"}, {"elapsed_ms", 10}});
  const Json first_words = session->view(0)["all_words"];
  session->apply({{"command", "new_game"}});
  std::uint64_t t = 0;
  for (const Json& word : first_words) {
    session->apply({{"command", "submit"}, {"word", word}, {"elapsed_ms", t += 10}});
  }
  session->apply({{"command", "submit"}, {"word", "late"}, {"elapsed_ms", 60'000}});
  const Json saved = session->saved();
  EXPECT_EQ(saved["game"], "boggle");
  EXPECT_EQ(saved["seed"], 77);
  EXPECT_EQ(saved["config"]["size"], 5);
  EXPECT_EQ(saved["commands"].back(), (Json{{"command", "tick"}, {"elapsed_ms", 60'000}}))
      << "the late word is saved as the time it brought";
  const auto restored = restore(saved, enable());
  EXPECT_EQ(restored->view(0), session->view(0));
  EXPECT_EQ(restored->view(kObserver), session->view(kObserver));
  EXPECT_EQ(restored->saved(), saved);
  EXPECT_TRUE(restored->finished());
}

TEST(BoggleCodec, TheViewOfARoundInPlayLeaksNoAnswer) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "submit"}, {"word", "peace"}});
  for (Seat seat : {kObserver, 0}) {
    const Json view = session->view(seat);
    EXPECT_EQ(view["status"], "playing");
    for (const char* key : {"all_words", "missed", "total_score", "end"}) {
      EXPECT_FALSE(view.contains(key)) << key;
    }
    EXPECT_EQ(view["found"], (Json{{{"word", "peace"}, {"points", 3}, {"path", {7, 6, 3, 2, 1}}}}));
    // ACE is on the board and not found: nowhere in the view.
    EXPECT_EQ(view.dump().find("\"ace\""), std::string::npos);
  }
  session->apply({{"command", "close"}});
  const Json over = session->view(kObserver);
  EXPECT_EQ(over["status"], "finished");
  EXPECT_EQ(over["end"], "closed");
  EXPECT_NE(over.dump().find("\"ace\""), std::string::npos);
  EXPECT_EQ(over["missed"].size(), 80u);
  // Each missed word with its points and its path: ACE, 3 letters, from A (row 1, column 4).
  Json ace;
  for (const Json& word : over["missed"]) {
    if (word["word"] == "ace") ace = word;
  }
  ASSERT_TRUE(ace.is_object()) << over["missed"].dump();
  EXPECT_EQ(ace["points"], 1);
  ASSERT_EQ(ace["path"].size(), 3u);
  const Json cells = over["board"]["cells"];
  EXPECT_EQ(std::string(cells[ace["path"][0].get<std::size_t>()]) +
                std::string(cells[ace["path"][1].get<std::size_t>()]) +
                std::string(cells[ace["path"][2].get<std::size_t>()]),
            "ACE");
}

}  // namespace
}  // namespace wg::app

namespace wg::app {
namespace {

TEST(BoggleCodec, ACommandThatDoesNotDecodeFinishesNoGameAgain) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "close"}});
  EXPECT_EQ(session->finished_records("Ann", 0).size(), 1u);
  EXPECT_EQ(session->apply({{"command", "fly"}})[0]["reason"], "malformed");
  EXPECT_TRUE(session->finished_records("Ann", 0).empty()) << "recorded once, not again";
  EXPECT_EQ(session->events_for(0).size(), 1u) << "the refusal, to whoever sent it";
}

}  // namespace
}  // namespace wg::app

namespace wg::app {
namespace {

TEST(BoggleCodec, AFinishedRoundsRecordIsReviewedInJson) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 10}});
  session->apply({{"command", "submit"}, {"word", "ace"}, {"elapsed_ms", 20}});
  session->apply({{"command", "close"}, {"elapsed_ms", 30}});
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const FinishedGame& record = records[0];
  const std::optional<GameReview> review = review_game(boggle_game(), record, 0, enable());
  ASSERT_TRUE(review.has_value());
  const Json told = review_json(*review);

  const std::int64_t score = record.result["score"];
  const std::int64_t par = record.result["total_score"];
  EXPECT_EQ(score, 4);
  EXPECT_EQ(told["unit"], "points");
  ASSERT_EQ(told["moves"].size(), 1u);
  EXPECT_EQ(told["moves"][0]["label"], "Round 1");
  EXPECT_EQ(told["moves"][0]["played"], "2 words, 4 points");
  EXPECT_EQ(told["moves"][0]["loss"], par - score) << "the points left on the board";
  EXPECT_EQ(told["moves"][0]["exact"], true);
  EXPECT_EQ(told["costliest"], 0);
  EXPECT_DOUBLE_EQ(told["share"].get<double>(),
                   static_cast<double>(score) / static_cast<double>(par));
  EXPECT_EQ(told["summary"], fmt::format("4 points of the board's par of {} points (2 of {} words)",
                                         par, record.result["all_words"].size()));
  EXPECT_EQ(told["method"].get<std::string>().rfind("Exact:", 0), 0u);

  // The best words missed, best first, each with its path as [row, col] cells that spell it.
  ASSERT_EQ(told["sections"].size(), 1u);
  const Json& missed = told["sections"][0];
  EXPECT_EQ(missed["title"], "Best words missed");
  ASSERT_EQ(missed["data"].size(), 10u);
  EXPECT_EQ(missed["lines"].size(), 11u) << "ten words and how many more";
  const Json& cells = record.result["board"]["cells"];
  int best = 0;
  for (const Json& word : record.result["missed"]) {
    best = std::max(best, bg::word_points(word.get<std::string>().size(), 3, bg::Scoring::kSpec));
  }
  EXPECT_EQ(missed["data"][0]["points"], best);
  for (const Json& word : missed["data"]) {
    std::string spelled;
    for (const Json& cell : word["path"]) {
      spelled += cells[cell[0].get<std::size_t>() * 4 + cell[1].get<std::size_t>()];
    }
    EXPECT_EQ(lower_ascii(spelled), word["word"]);
    EXPECT_NE(
        std::find(record.result["missed"].begin(), record.result["missed"].end(), word["word"]),
        record.result["missed"].end());
  }
}

TEST(BoggleCodec, ARoundClosedAtOnceIsReviewedAsEveryPointLeft) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "close"}});
  const std::vector<FinishedGame> records = session->finished_records("Ann", 0);
  ASSERT_EQ(records.size(), 1u);
  const GameReview review = *review_game(boggle_game(), records[0], 0, enable());
  ASSERT_EQ(review.moves.size(), 1u);
  EXPECT_EQ(review.moves[0].played, "0 words, 0 points");
  EXPECT_EQ(review.moves[0].loss, records[0].result["total_score"].get<double>());
  EXPECT_EQ(review.share, 0.0);
}

TEST(BoggleCodec, ARecordThatIsNotAWordSearchGameIsNotReviewed) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "submit"}, {"word", "peace"}, {"elapsed_ms", 10}});
  session->apply({{"command", "close"}, {"elapsed_ms", 20}});
  FinishedGame record = session->finished_records("Ann", 0).at(0);
  FinishedGame bad_config = record;
  bad_config.config["size"] = 9;
  EXPECT_THROW(review_game(boggle_game(), bad_config, 0, enable()), ConfigError);
  FinishedGame bad_command = record;
  bad_command.commands[0] = {{"command", "fly"}};
  EXPECT_THROW(review_game(boggle_game(), bad_command, 0, enable()), CodecError);
  // On a word list without PEACE the word is refused: not a game of that list.
  std::vector<std::string> words = {"ace", "lace"};
  const auto other = std::make_shared<const Lexicon>(Lexicon::build(words));
  EXPECT_THROW(review_game(boggle_game(), record, 0, other), std::invalid_argument);
}

TEST(BoggleCodec, AReviewAskedToStopStops) {
  auto session = open(kSpecBoard);
  session->apply({{"command", "close"}});
  const FinishedGame record = session->finished_records("Ann", 0).at(0);
  std::stop_source stop;
  stop.request_stop();
  Work work;
  work.stop = stop.get_token();
  EXPECT_THROW(review_game(boggle_game(), record, 0, enable(), work), ReviewStopped);
}

}  // namespace
}  // namespace wg::app
