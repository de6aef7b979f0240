// `wordgames hand score|check|solve`: the word game's tools, text and --json.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/wordgames_runner.h"

namespace wg::test {
namespace {

ProcessResult hand(std::vector<std::string> args) {
  args.insert(args.begin(), "hand");
  return wordgames(std::move(args));
}

TEST(CliHandToolsTest, ScoreFollowsTheFormula) {
  ProcessResult r = hand({"score", "weed", "--hand-size", "6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["score"], 176);
  EXPECT_EQ(json_of(r)["hand_size"], 6);
  r = hand({"score", "IT", "--json"});  // default hand of 7; case-insensitive
  EXPECT_EQ(json_of(r)["score"], 2) << r;
  EXPECT_EQ(json_of(r)["word"], "it") << r;
  r = hand({"score", "c*ws", "--hand-size", "6"});
  EXPECT_EQ(r.out, "176\n") << r;
  // The empty word scores 0, as the original's tests expect.
  r = hand({"score", ""});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, "0\n") << r;
  r = hand({"score", "", "--json"});
  EXPECT_EQ(json_of(r)["score"], 0) << r;
  EXPECT_EQ(json_of(r)["word"], "") << r;
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"score", "c-ws"},
                                              {"score", "quixotic"},
                                              {"score", "weed", "--hand-size", "0"},
                                              {"score"}}) {
    r = hand(bad);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  }
}

TEST(CliHandToolsTest, CheckGivesValidityAndTheHandAfter) {
  ProcessResult r = hand({"check", "c*ws", "--hand", "cows*z", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  auto j = json_of(r);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["score"], 176);
  EXPECT_EQ(j["hand_after"], "oz");
  EXPECT_EQ(j["spells"], "caws");
  // Penalty: invalid, still uses up the letters it names.
  j = json_of(hand({"check", "jolly", "--hand", "jjolwnn", "--json"}));
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["score"], 0);
  EXPECT_EQ(j["hand_after"], "jnnw");
  EXPECT_TRUE(j["spells"].is_null());
  // A `*` no vowel completes; a typed vowel the hand lacks; a `*` the hand lacks.
  EXPECT_EQ(json_of(hand({"check", "c*wz", "--hand", "cows*z", "--json"}))["hand_after"], "os");
  EXPECT_EQ(json_of(hand({"check", "caws", "--hand", "cows*z", "--json"}))["valid"], false);
  EXPECT_EQ(json_of(hand({"check", "c*ws", "--hand", "cowsz", "--json"}))["valid"], false);
  r = hand({"check", "cows", "--hand", "c o w s * z"});
  EXPECT_EQ(r.out, "valid: yes\nspells: cows\nscore: 198\nhand after: z *\n") << r;
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"check", "cows"},
                                              {"check", "cows", "--hand", "co1"},
                                              {"check", "c.ws", "--hand", "cows"},
                                              {"check", "cows", "--hand", ""}}) {
    r = hand(bad);
    EXPECT_EQ(r.exit_code, 1) << r;
  }
}

TEST(CliHandToolsTest, SolveGivesBestWordAndBothPlans) {
  ProcessResult r = hand({"solve", "xxxxa*", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto j = json_of(r);
  EXPECT_EQ(j["hand"], "axxxx*");
  EXPECT_EQ(j["best_word"]["word"], "axe");
  EXPECT_EQ(j["best_word"]["typed"], "ax*");
  EXPECT_EQ(j["best_word"]["score"], 108);
  EXPECT_EQ(j["plan"]["total"], 108);
  EXPECT_EQ(j["plan_with_discards"]["total"], 190);
  EXPECT_EQ(j["plan_with_discards"]["plays"][0]["discard"], true);
  EXPECT_TRUE(j["plan_with_discards"]["plays"][0]["word"].is_null());
  int sum = 0;
  for (const auto& play : j["plan_with_discards"]["plays"]) sum += play["score"].get<int>();
  EXPECT_EQ(sum, 190);
  r = hand({"solve", "zzq"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out,
            "hand: q z z\nbest word: none\noptimal plan: 0 points\n"
            "optimal plan with discards: 0 points\n");
  EXPECT_TRUE(json_of(hand({"solve", "zzq", "--json"}))["best_word"].is_null());
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"solve"},
                                              {"solve", "ab3"},
                                              {"solve", ""},
                                              {"solve", "abcdefghijklmnopqrstuvwxyz"}}) {
    r = hand(bad);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  }
}

}  // namespace
}  // namespace wg::test
