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
  const Json again = command(created["id"], {{"command", "give_up"}});
  EXPECT_EQ(again["view"]["word"], word) << "the same game";
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
