// The seed of a session (server/session_routes.cpp, docs/API.md "Sessions"): drawn by the
// server when the client sends none; for a game that hides something the seed decides
// (GameEntry::hidden_information), never shown before the game ends, whatever asks (the
// snapshot, the socket, the watch code, the saved game); the events of the owner's commands
// given back without it; and a seed the client knows makes the game practice.
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/lexicon_catalog.h"
#include "server/arcade_api.h"
#include "support/blocking_wait.h"

namespace wg::server {
namespace {

using app::Json;

class SessionSeedTest : public test::ArcadeApiTest {
 protected:
  /// The answer to a request that a worker may answer, once it has come.
  HttpResponse later(std::string method, std::string path, std::string query = "") {
    HttpRequest r = test::handler_request(std::move(method), std::move(path));
    r.query = std::move(query);
    auto answer = test::handle_later(*arcade_, std::move(r));
    if (answer.wait_for(wg::test::kHangGuard) != std::future_status::ready) {
      ADD_FAILURE() << "no answer";
      return {};
    }
    return answer.get();
  }
  /// The secret word of the position hangman game in play, given up.
  std::string word_given_up(const std::string& id) {
    const Json ended = command(id, {{"command", "give_up"}});
    EXPECT_TRUE(ended["finished"].get<bool>()) << ended.dump();
    return ended["view"]["word"];
  }
};

TEST_F(SessionSeedTest, TheServerDrawsTheSeedAndAHiddenGameShowsItOnlyOnceEnded) {
  const Json created = create({{"game", "hangman"}});
  const std::string id = created["id"];
  EXPECT_FALSE(created.contains("seed")) << "the seed draws the word: " << created.dump();
  EXPECT_FALSE(created["practice"].get<bool>());
  EXPECT_TRUE(created["hidden_information"].get<bool>());
  EXPECT_EQ(created["config"]["mode"], "easy") << "the config, complete, for the page";
  const Json refused = get("/api/sessions/" + id + "/saved", 403);
  EXPECT_EQ(refused["code"], "hidden_until_finished");
  EXPECT_NE(refused["error"].get<std::string>().find("/events"), std::string::npos);
  EXPECT_FALSE(get("/api/sessions/" + id).contains("seed"));
  EXPECT_FALSE(get("/api/watch/" + created["watch"].get<std::string>()).contains("seed"));

  const std::string word = word_given_up(id);
  const Json ended = get("/api/sessions/" + id);
  ASSERT_TRUE(ended.contains("seed")) << ended.dump();
  const Json saved = get("/api/sessions/" + id + "/saved");
  EXPECT_EQ(saved["seed"], ended["seed"]);
  EXPECT_EQ(saved["config"], ended["config"]);
  // The seed shown replays the game: the same word.
  const Json again = create({{"game", "hangman"}, {"seed", ended["seed"]}});
  EXPECT_EQ(word_given_up(again["id"]), word);
}

TEST_F(SessionSeedTest, TwoSessionsWithoutASeedPlayDifferentSeeds) {
  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < 2; ++i) {
    const Json created = create({{"game", "hangman"}});
    command(created["id"], {{"command", "give_up"}});
    seeds.push_back(get("/api/sessions/" + created["id"].get<std::string>())["seed"]);
  }
  EXPECT_NE(seeds[0], seeds[1]) << "drawn from 64 random bits";
}

TEST_F(SessionSeedTest, NoSocketUpdateOfAHiddenGameInPlayCarriesItsSeed) {
  const Json created = create({{"game", "hangman"}, {"config", {{"mode", "hard"}}}});
  const std::string id = created["id"];
  auto owner = test::open_recording_socket(*arcade_, "/api/sessions/" + id + "/live");
  auto watcher = test::open_recording_socket(
      *arcade_, "/api/watch/" + created["watch"].get<std::string>() + "/live");
  command(id, {{"command", "guess"}, {"position", 0}, {"letter", "E"}});
  command(id, {{"command", "hint"}});
  ASSERT_GE(owner->received.size(), 2u);
  for (const auto& peer : {owner, watcher}) {
    for (const Json& message : peer->received) {
      EXPECT_FALSE(message.contains("seed")) << message.dump();
      EXPECT_FALSE(message["practice"].get<bool>());
      EXPECT_FALSE(message.contains("config")) << "handed over once, not with every update";
    }
  }
  command(id, {{"command", "give_up"}});
  EXPECT_TRUE(owner->received.back().contains("seed")) << "the game has ended";
  EXPECT_TRUE(watcher->received.back().contains("seed"));
}

TEST_F(SessionSeedTest, AGameWhoseSeedHidesNothingShowsIt) {
  // Evil hangman's largest-family host holds no word; Word Search shows its board, but its seed
  // rolls the rounds to come, so it hides its seed like the games with a secret.
  const Json evil = create({{"game", "evil-hangman"}, {"config", {{"strategy", "largest"}}}});
  EXPECT_TRUE(evil.contains("seed")) << evil.dump();
  EXPECT_FALSE(evil["practice"].get<bool>()) << "the server drew it";
  EXPECT_FALSE(evil["hidden_information"].get<bool>());
  EXPECT_EQ(get("/api/sessions/" + evil["id"].get<std::string>() + "/saved")["seed"], evil["seed"]);
  const Json fair = create({{"game", "evil-hangman"}, {"config", {{"strategy", "fair"}}}});
  EXPECT_FALSE(fair.contains("seed")) << "the fair host draws its word from the seed";
  const Json wordle = create({{"game", "wordle"}, {"config", {{"host", "fair"}}}});
  EXPECT_FALSE(wordle.contains("seed"));
  const Json boggle = create({{"game", "boggle"}, {"config", {{"seconds", 0}}}});
  EXPECT_FALSE(boggle.contains("seed")) << "the boards of the rounds to come";
  const Json hand = create({{"game", "hand"}});
  EXPECT_FALSE(hand.contains("seed")) << "the hands to come";
}

TEST_F(SessionSeedTest, ASeedTheClientChoseIsShownAndMakesThePractice) {
  const Json created = create({{"game", "hangman"}, {"seed", 7}});
  EXPECT_EQ(created["seed"], 7);
  EXPECT_TRUE(created["practice"].get<bool>());
  const std::string id = created["id"];
  EXPECT_EQ(get("/api/sessions/" + id + "/saved")["seed"], 7) << "it knows the seed already";
  EXPECT_TRUE(get("/api/sessions/" + id)["practice"].get<bool>());
  // A saved game holds its seed: restored, it is known too.
  const Json saved = get("/api/sessions/" + id + "/saved");
  const Json restored = create({{"saved", saved}});
  EXPECT_TRUE(restored["practice"].get<bool>());
  EXPECT_EQ(restored["seed"], 7);
}

TEST_F(SessionSeedTest, AGameBegunAfterTheSeedWasShownIsPractice) {
  const Json created = create({{"game", "hangman"}});
  const std::string id = created["id"];
  command(id, {{"command", "guess"}, {"position", 0}, {"letter", "E"}});
  const Json ended = command(id, {{"command", "give_up"}});
  ASSERT_TRUE(ended.contains("seed"));
  EXPECT_FALSE(ended["practice"].get<bool>()) << "the game that ended was not foreseen";
  // The seed shown draws the next game's word: whoever saw it knows that game.
  const Json next = command(id, {{"command", "new_game"}});
  EXPECT_FALSE(next["finished"].get<bool>());
  EXPECT_TRUE(next["practice"].get<bool>()) << next.dump();
  EXPECT_TRUE(next.contains("seed")) << "known already";
  // A game that hides nothing is never practice for it.
  const Json evil = create({{"game", "evil-hangman"}, {"config", {{"length", 4}, {"guesses", 1}}}});
  const std::string evil_id = evil["id"];
  command(evil_id, {{"command", "new_game"}});
  for (const char* letter : {"e", "a", "o", "i", "u", "s", "t"}) {
    if (command(evil_id, {{"command", "guess"}, {"letter", letter}})["finished"].get<bool>()) {
      break;
    }
  }
  ASSERT_TRUE(get("/api/sessions/" + evil_id)["finished"].get<bool>());
  EXPECT_FALSE(command(evil_id, {{"command", "new_game"}})["practice"].get<bool>());
}

TEST_F(SessionSeedTest, TheEventsOfTheOwnersCommandsComeBackWithoutTheSeed) {
  const Json created = create({{"game", "hangman"}, {"config", {{"mode", "hard"}}}});
  const std::string id = created["id"];
  std::vector<Json> sent = {{{"command", "guess"}, {"position", 0}, {"letter", "E"}},
                            {{"command", "hint"}},
                            {{"command", "guess"}, {"position", 1}, {"letter", "Q"}}};
  std::vector<Json> answered;
  for (const Json& c : sent) answered.push_back(command(id, c)["events"]);
  const Json all = get("/api/sessions/" + id + "/events");
  EXPECT_EQ(all["from"], 0);
  EXPECT_EQ(all["count"], 3);
  ASSERT_EQ(all["events"].size(), 3u) << all.dump();
  for (std::size_t i = 0; i < sent.size(); ++i) {
    EXPECT_EQ(all["events"][i], answered[i]) << "what the command's answer said, again";
    EXPECT_EQ(all["commands"][i], sent[i]);
  }
  EXPECT_EQ(all.dump().find("\"seed\""), std::string::npos);
  const Json last = get("/api/sessions/" + id + "/events", 200, "from=-1");
  EXPECT_EQ(last["from"], 2);
  EXPECT_EQ(last["events"], Json::array({answered[2]}));
  EXPECT_EQ(get("/api/sessions/" + id + "/events", 200, "from=3")["events"], Json::array());
  for (const char* bad : {"from=4", "from=-4", "from=x", "from=1.5", "from=-", "from=+1"}) {
    const Json refused = get("/api/sessions/" + id + "/events", 400, bad);
    EXPECT_EQ(refused["code"], "bad_request") << bad;
    EXPECT_EQ(refused["field"], "from") << bad;
  }
  EXPECT_EQ(get("/api/sessions/" + id)["version"], 3) << "the session itself is untouched";
  EXPECT_EQ(request("POST", "/api/sessions/" + id + "/events").status, 405);
  EXPECT_EQ(request("GET", "/api/watch/" + created["watch"].get<std::string>() + "/events").status,
            404)
      << "a spectator's are not a player's";
}

TEST_F(SessionSeedTest, TheEventsOfASlowGameAreReplayedOnAWorker) {
  const Json created = create({{"game", "wordle"}, {"config", {{"length", 5}}}});
  const std::string id = created["id"];
  auto played = test::handle_later(
      *arcade_, test::handler_request("POST", "/api/sessions/" + id + "/commands",
                                      Json{{"command", "guess"}, {"word", "crane"}}.dump()));
  ASSERT_EQ(played.wait_for(wg::test::kHangGuard), std::future_status::ready);
  const Json events = Json::parse(played.get().body)["events"];
  const HttpResponse replayed = later("GET", "/api/sessions/" + id + "/events");
  ASSERT_EQ(replayed.status, 200) << replayed.body;
  EXPECT_EQ(Json::parse(replayed.body)["events"], Json::array({events}));
}

TEST_F(SessionSeedTest, AnAuctionKeepsItsSeedAndItsEventsFromEveryone) {
  const Json seats = {{{"kind", "person"}, {"name", "You"}}, {{"kind", "bot"}, {"name", "value"}}};
  const Json created = create({{"game", "auction"}, {"config", {{"seats", seats}}}});
  const std::string id = created["id"];
  EXPECT_FALSE(created.contains("seed")) << "it deals every hidden letter";
  EXPECT_FALSE(get("/api/watch/" + created["watch"].get<std::string>()).contains("seed"));
  EXPECT_EQ(get("/api/sessions/" + id + "/saved", 403)["code"], "hidden_until_finished");
  EXPECT_EQ(get("/api/sessions/" + id + "/events", 403)["code"], "private_events")
      << "the host's record holds every seat's letters";
}

}  // namespace
}  // namespace wg::server
