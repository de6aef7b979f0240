// The review routes (server/reviews.h): GET /api/sessions/ID/review for the owner's last
// finished game, and GET /api/games/ID/review for a kept one, with their refusals.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/lexicon_catalog.h"
#include "app/registry.h"
#include "app/store_factory.h"
#include "server/arcade_api.h"
#include "server/handler_calls.h"
#include "support/temp_dir.h"

namespace wg::server {
namespace {

using app::Json;

class SessionReviewTest : public test::ArcadeApiTest {};

TEST_F(SessionReviewTest, TheOwnersLastGameIsReviewedOnceItHasEnded) {
  const Json created = create({{"game", "wordle"}, {"config", {{"host", "largest"}}}});
  const std::string id = created["id"];
  EXPECT_FALSE(created.contains("review")) << "nothing to review before the end";
  command(id, {{"command", "guess"}, {"word", "crane"}});
  EXPECT_EQ(get("/api/sessions/" + id + "/review", 409)["code"], "not_finished");
  command(id, {{"command", "give_up"}});
  EXPECT_TRUE(get("/api/sessions/" + id)["review"].get<bool>());
  const Json review = get("/api/sessions/" + id + "/review");
  EXPECT_EQ(review["game"], "wordle");
  EXPECT_EQ(review["seat"], 0);
  EXPECT_EQ(review["id"], 0) << "a game no store kept";
  ASSERT_GE(review["moves"].size(), 1u) << review.dump();
  EXPECT_EQ(review["moves"][0]["label"], "Guess 1") << review.dump();
  EXPECT_TRUE(review["moves"][0]["played"].get<std::string>().starts_with("CRANE"));
  EXPECT_FALSE(review["summary"].get<std::string>().empty());
  EXPECT_FALSE(review["method"].get<std::string>().empty());
}

TEST_F(SessionReviewTest, ASpectatorAndAWrongMethodAreRefused) {
  const Json created = create({{"game", "wordle"}});
  const std::string watch = created["watch"];
  EXPECT_EQ(request("GET", "/api/watch/" + watch + "/review").status, 404);
  EXPECT_EQ(request("POST", "/api/sessions/" + created["id"].get<std::string>() + "/review",
                    Json::object())
                .status,
            405);
}

class KeptGameReviewTest : public ::testing::Test {
 protected:
  wg::test::TempDir dir_{"kept-review"};
  std::shared_ptr<app::GameStore> store_ = app::open_store(dir_.path());

  /// A Wordle game Ann played and gave up after CRANE, kept in the store: its id.
  std::int64_t kept_game() {
    const app::GameEntry& wordle = *app::find_game("wordle");
    auto session = wordle.open(Json::object(), 7, app::built_in_lexicon().lexicon);
    session->apply({{"command", "guess"}, {"word", "crane"}});
    session->apply({{"command", "give_up"}});
    std::vector<app::FinishedGame> records = session->finished_records("Ann", 0);
    EXPECT_EQ(records.size(), 1u);
    records.at(0).started_ms = 1000;
    records.at(0).ended_ms = 2000;
    return store_->record_finished_game(records.at(0));
  }

  std::pair<int, Json> call(const std::string& path, const std::string& query = "",
                            bool with_store = true) {
    ArcadeOptions options;
    if (with_store) options.store = store_;
    Arcade arcade(app::built_in_lexicon().lexicon, options);
    HttpRequest request = test::handler_request("GET", path);
    request.query = query;
    const HttpResponse response = test::handle(arcade, std::move(request));
    return {response.status, Json::parse(response.body, nullptr, false)};
  }
};

TEST_F(KeptGameReviewTest, AKeptGameIsReviewedAsItsPlayerPlayedIt) {
  const std::int64_t id = kept_game();
  const auto [status, review] = call("/api/games/" + std::to_string(id) + "/review", "player=Ann");
  ASSERT_EQ(status, 200) << review.dump();
  EXPECT_EQ(review["id"], id);
  EXPECT_EQ(review["player"], "Ann");
  EXPECT_EQ(review["game"], "wordle");
  EXPECT_EQ(review["moves"][0]["label"], "Guess 1");
  const auto [by_default, same] = call("/api/games/" + std::to_string(id) + "/review");
  EXPECT_EQ(by_default, 200);
  EXPECT_EQ(same, review) << "the first seat a person played";
}

TEST_F(KeptGameReviewTest, WhatCannotBeReviewedIsRefusedClearly) {
  const std::int64_t id = kept_game();
  const auto [other, not_a_player] =
      call("/api/games/" + std::to_string(id) + "/review", "player=Bob");
  EXPECT_EQ(other, 404);
  EXPECT_EQ(not_a_player["code"], "not_a_player");
  EXPECT_EQ(call("/api/games/999/review").second["code"], "no_game");
  EXPECT_EQ(call("/api/games/abc/review").second["code"], "no_game");
  EXPECT_EQ(call("/api/games/1/review", "", false).first, 503) << "no store, nothing kept";
  EXPECT_EQ(call("/api/games/1/review", "colour=red").first, 400) << "an unknown parameter";
}

}  // namespace
}  // namespace wg::server
