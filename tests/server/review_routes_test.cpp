// The review routes (server/reviews.h): GET /api/sessions/ID/review for the owner's last
// finished game, and GET /api/games/ID/review for a kept one, with their refusals.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/daily.h"
#include "app/lexicon_catalog.h"
#include "app/registry.h"
#include "app/review_jobs.h"
#include "app/store_factory.h"
#include "server/arcade_api.h"
#include "server/handler_calls.h"
#include "server/stored_arcade.h"
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

// On workers (serve --on-workers): each person's finished game has its review queued; a
// worker's review is given as it was kept, and before one is kept the server computes it.
class ReviewsOnWorkersTest : public test::StoredArcadeTest {
 protected:
  ReviewsOnWorkersTest() : StoredArcadeTest("wg-reviews-on-workers") {
    options_.on_workers = true;
    arcade_ = make(store_);
  }

  HttpResponse call(std::string method, std::string path, const Json& body = nullptr) {
    HttpRequest sent = test::handler_request(std::move(method), std::move(path),
                                             body.is_null() ? "" : body.dump());
    sent.player_secret = secret_;
    return test::handle(*arcade_, std::move(sent));
  }
  Json json(const HttpResponse& response, int status) {
    EXPECT_EQ(response.status, status) << response.body;
    return Json::parse(response.body);
  }

  std::string secret_;
};

TEST_F(ReviewsOnWorkersTest, AFinishedGamesReviewIsQueuedAndAWorkersIsGivenAsKept) {
  secret_ = json(call("POST", "/api/players", {{"name", "Ann"}}), 201)["secret"];
  const Json created =
      json(call("POST", "/api/sessions", {{"game", "wordle"}, {"player", "Ann"}}), 201);
  const std::string id = created["id"];
  json(call("POST", "/api/sessions/" + id + "/commands", {{"command", "guess"}, {"word", "crane"}}),
       200);
  json(call("POST", "/api/sessions/" + id + "/commands", {{"command", "give_up"}}), 200);

  // Before a worker: computed by the server, of the recorded game.
  const Json computed = json(call("GET", "/api/sessions/" + id + "/review"), 200);
  const std::int64_t game = computed["id"];
  ASSERT_GT(game, 0) << "the recorded game's id";
  std::vector<app::Job> jobs = store_->jobs(app::review_group(game));
  ASSERT_EQ(jobs.size(), 1u) << "Ann's seat, and no other";
  EXPECT_EQ(jobs[0].kind, "game_review");
  EXPECT_EQ(jobs[0].input["seat"], 0);

  // A worker keeps it: the review given is then the kept one (here one the test wrote, to see
  // where it comes from), by either route.
  const std::optional<app::Job> held = store_->claim_job("w1", 0, 60'000);
  ASSERT_TRUE(held.has_value());
  Json kept = computed;
  kept["summary"] = "kept by a worker";
  ASSERT_TRUE(store_->finish_job(held->id, "w1", 0, kept));
  EXPECT_EQ(json(call("GET", "/api/sessions/" + id + "/review"), 200), kept);
  EXPECT_EQ(json(call("GET", "/api/games/" + std::to_string(game) + "/review"), 200), kept);
}

TEST_F(ReviewsOnWorkersTest, TheNextDaysPuzzlesAreQueuedOnceWhenTheDayIsAsked) {
  json(call("GET", "/api/daily"), 200);
  json(call("GET", "/api/daily"), 200);
  const auto today = app::utc_day(time_.clock().system_now());
  const auto tomorrow =
      std::chrono::year_month_day(std::chrono::sys_days(today) + std::chrono::days(1));
  const std::vector<app::Job> jobs = store_->jobs(app::daily_group(tomorrow));
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].kind, "daily_puzzles");
  EXPECT_EQ(jobs[0].input["date"], app::daily_date_text(tomorrow));
}

}  // namespace
}  // namespace wg::server
