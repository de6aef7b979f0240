// `wordgames define WORD [--json]` (src/cli/define_command.h): a word's senses as text wrapped
// at 80 columns and as JSON, an inflected word by its base form, a word with no entry, bad words,
// and a machine without WordNet's data (WNSEARCHDIR at an empty folder).

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "app/definitions.h"
#include "cli/define_command.h"
#include "cli/terminal_session.h"
#include "cli/wordgames_runner.h"
#include "support/temp_dir.h"

namespace wg::test {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

#define SKIP_WITHOUT_WORDNET()                     \
  if (!app::definitions_installed()) {             \
    GTEST_SKIP() << app::kDefinitionsNotInstalled; \
  }                                                \
  static_assert(true)

TEST(DefineCommand, PrintsEverySenseNumberedAndWrapped) {
  SKIP_WITHOUT_WORDNET();
  const ProcessResult r = wordgames({"define", "dog"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_TRUE(r.out.starts_with("dog, 8 senses:\n")) << r;
  EXPECT_TRUE(contains(r.out, "\n 1. noun: a member of the genus Canis")) << r;
  EXPECT_TRUE(contains(unwrapped(r.out), "(\"the dog barked all night\"); also: domestic dog"))
      << r;
  EXPECT_TRUE(contains(r.out, "\n 8. verb: go after with the intent to catch")) << r;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
}

TEST(DefineCommand, AnInflectedWordNamesItsBaseForm) {
  SKIP_WITHOUT_WORDNET();
  const ProcessResult r = wordgames({"define", "PLAYED"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(r.out.starts_with("played (as play),")) << r;
  EXPECT_TRUE(contains(r.out, ". play, verb: ")) << r;
}

TEST(DefineCommand, JsonIsTheApisDocument) {
  SKIP_WITHOUT_WORDNET();
  const ProcessResult r = wordgames({"define", "geese", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json body = json::parse(r.out);
  // The API's document, read back as the test reads the output (unordered objects).
  EXPECT_EQ(body, json::parse(app::definition_json(app::define("geese")).dump()));
  EXPECT_EQ(body["base_forms"], json::array({"goose"}));
}

TEST(DefineCommand, AWordWithoutAnEntrySaysSo) {
  SKIP_WITHOUT_WORDNET();
  const ProcessResult r = wordgames({"define", "zzxq"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, "WordNet has no entry for 'zzxq'.\n") << r;
  const ProcessResult j = wordgames({"--json", "define", "zzxq"});
  EXPECT_EQ(json::parse(j.out)["found"], false) << j;
}

TEST(DefineCommand, BadWordsAreBadInput) {
  for (const std::string& word :
       {std::string("x1"), std::string("two words"), std::string(41, 'a'), std::string()}) {
    const ProcessResult r = wordgames({"define", word});
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_EQ(r.out, "") << r;
    EXPECT_TRUE(r.err.starts_with("wordgames: ")) << r;
  }
  EXPECT_TRUE(contains(wordgames({"define", "x1"}).err, "letters only"));
  EXPECT_EQ(wordgames({"define"}).exit_code, 1);
}

TEST(DefineCommand, WithoutWordNetsDataItSaysDefinitionsAreNotInstalled) {
  const TempDir empty("wg-no-wordnet");
  ProcessOptions options;
  options.env.emplace("WNSEARCHDIR", empty.path().string());
  const ProcessResult r = wordgames({"define", "dog"}, options);
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_EQ(r.out, "") << r;
  EXPECT_TRUE(contains(unwrapped(r.err), "definitions are not installed")) << r;
}

// The line the terminal games print under the secret word at a terminal.
TEST(SecretMeaning, IsTheFirstSenseWrappedOrSaysWhyNot) {
  EXPECT_EQ(cli::secret_meaning("x1", 80), "");
  EXPECT_EQ(cli::secret_meaning("", 80), "");
  SKIP_WITHOUT_WORDNET();
  EXPECT_EQ(cli::secret_meaning("tweed", 80),
            "TWEED, noun: thick woolen fabric used for clothing; originated in Scotland\n");
  EXPECT_EQ(cli::secret_meaning("TWEED", 40),
            "TWEED, noun: thick woolen fabric used\n  for clothing; originated in Scotland\n");
  EXPECT_TRUE(cli::secret_meaning("GEESE", 80).starts_with("GEESE (as goose), noun: web-footed"));
  EXPECT_EQ(cli::secret_meaning("YOCKS", 80), "WordNet has no entry for YOCKS.\n");
}

// At a terminal a game's end says what the secret word means; through a pipe it does not (the
// transcripts of scripts and of the golden tests keep their text).
TEST(SecretMeaning, WordleSaysItAtATerminalOnly) {
  SKIP_WITHOUT_WORDNET();
  TerminalSession s(TerminalSession::Kind::kTerminal, {"--seed", "7", "wordle", "--host", "fair"});
  ASSERT_TRUE(s.started());
  ASSERT_TRUE(s.wait_for("Your guess")) << s.output();
  s.type("!\n");
  ASSERT_TRUE(s.wait_for("Play again")) << s.output();
  s.type("n\n");
  EXPECT_EQ(s.finish(), 0) << s.output();
  EXPECT_TRUE(contains(s.output(), "The word was GORSE.")) << s.output();
  EXPECT_TRUE(contains(s.output(), "GORSE, noun: very spiny and dense evergreen shrub"))
      << s.output();

  ProcessOptions piped;
  piped.stdin_text = "!\nn\n";
  const ProcessResult r = wordgames({"--seed", "7", "wordle", "--host", "fair"}, piped);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "The word was GORSE.")) << r;
  EXPECT_FALSE(contains(r.out, "GORSE, noun")) << r;
}

}  // namespace
}  // namespace wg::test
