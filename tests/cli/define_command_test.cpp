// `wordgames define WORD [--json]` (src/cli/define_command.h): a word's senses as text wrapped
// at 80 columns and as JSON, an inflected word by its base form, a word with no entry, bad words,
// and a machine without WordNet's data (WNSEARCHDIR at an empty folder).

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "app/definitions.h"
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
  EXPECT_EQ(body, app::definition_json(app::define("geese")));
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

}  // namespace
}  // namespace wg::test
