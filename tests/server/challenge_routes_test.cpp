// POST /api/sessions with {"challenge": CODE}: the server opens the game a challenge code
// carries (app/challenge.h), keeps its seed, and hands the challenger's name and result.
#include <gtest/gtest.h>

#include <string>

#include "app/challenge.h"
#include "server/arcade_api.h"

namespace wg::server {
namespace {

using app::Json;

class ChallengeRoutesTest : public test::ArcadeApiTest {};

TEST_F(ChallengeRoutesTest, ACodeOpensTheSameGameWithItsSeedHidden) {
  const Json first = create({{"game", "hangman"}});
  const Json ended = command(first["id"], {{"command", "give_up"}});
  const std::string word = ended["view"]["word"];
  const std::uint64_t seed = get("/api/sessions/" + first["id"].get<std::string>())["seed"];
  const std::string code = app::encode_challenge(
      {"hangman", Json::object(), seed, "Ann", "gave up, 0 points, 0 misses"});

  const Json created = create({{"challenge", code}});
  EXPECT_EQ(created["challenge"],
            (Json{{"name", "Ann"}, {"result", "gave up, 0 points, 0 misses"}}));
  EXPECT_FALSE(created.contains("seed")) << created.dump();
  EXPECT_FALSE(created["practice"].get<bool>());
  EXPECT_EQ(created["game"], "hangman") << created.dump();
  command(created["id"], {{"command", "guess"}, {"position", 0}, {"letter", "E"}});
  const Json again = command(created["id"], {{"command", "give_up"}});
  EXPECT_EQ(again["view"]["word"], word) << "the same game";
  const Json share = get("/api/sessions/" + created["id"].get<std::string>())["share"];
  EXPECT_EQ(share["challenge"], (Json{{"name", "Ann"}, {"result", "gave up, 0 points, 0 misses"}}))
      << share.dump();
  EXPECT_FALSE(share.contains("code")) << "an answer makes no new code";
}

TEST_F(ChallengeRoutesTest, AFinishedGameIsToldForSharingWithItsCode) {
  const Json created = create({{"game", "wordle"}, {"config", {{"host", "fair"}}}});
  EXPECT_FALSE(created.contains("share")) << "nothing to share before the end";
  command(created["id"], {{"command", "guess"}, {"word", "crane"}});
  const Json ended = command(created["id"], {{"command", "give_up"}});
  const std::string word = ended["view"]["word"];
  const Json share = get("/api/sessions/" + created["id"].get<std::string>())["share"];
  ASSERT_TRUE(share.is_object()) << ended.dump();
  EXPECT_EQ(share["result"], "gave up after 1 guess");
  EXPECT_EQ(share["text_plain"].get<std::string>().find(word), std::string::npos);
  EXPECT_EQ(share["text"].get<std::string>().find(word), std::string::npos);
  const std::string code = share["code"];
  const Json answer = create({{"challenge", code}});
  const Json answered = command(answer["id"], {{"command", "give_up"}});
  EXPECT_EQ(answered["view"]["word"], word) << "the fair host's word, from the same seed";
}

TEST_F(ChallengeRoutesTest, ABadCodeIsRefusedWithAClearError) {
  std::string code = app::encode_challenge({"wordle", Json::object(), 3, "Ann", "4/6"});
  code[10] = code[10] == 'x' ? 'y' : 'x';
  const Json altered = post("/api/sessions", {{"challenge", code}}, 400);
  EXPECT_EQ(altered["code"], "bad_challenge");
  EXPECT_NE(altered["error"].get<std::string>().find("altered"), std::string::npos);
  EXPECT_EQ(post("/api/sessions", {{"challenge", 12}}, 400)["code"], "bad_request");
  EXPECT_EQ(post("/api/sessions", {{"challenge", "AAAA"}, {"seed", 1}}, 400)["code"], "bad_request")
      << "a code carries its own seed";
  const std::string bad_config =
      app::encode_challenge({"wordle", Json{{"length", 99}}, 3, "Ann", "4/6"});
  const Json refused = post("/api/sessions", {{"challenge", bad_config}}, 400);
  EXPECT_EQ(refused["code"], "bad_challenge");
  EXPECT_NE(refused["error"].get<std::string>().find("length"), std::string::npos);
}

}  // namespace
}  // namespace wg::server
