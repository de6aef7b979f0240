// app/definitions.h: WordNet 3.0's senses of a few words whose entries are known, an inflected
// word found by its base form, a word with no entry and refused input. The lookups skip when
// WordNet is not installed here (the build or the data); the refusals never do.

#include "app/definitions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace wg::app {
namespace {

#define SKIP_WITHOUT_WORDNET()                \
  if (!definitions_installed()) {             \
    GTEST_SKIP() << kDefinitionsNotInstalled; \
  }                                           \
  static_assert(true)

bool has_sense(const Definition& d, const std::string& pos, const std::string& gloss_part) {
  return std::any_of(d.senses.begin(), d.senses.end(), [&](const Sense& s) {
    return s.part_of_speech == pos && s.gloss.find(gloss_part) != std::string::npos;
  });
}

TEST(DefinitionsTest, DogHasItsNounAndVerbSenses) {
  SKIP_WITHOUT_WORDNET();
  const Definition d = define("dog");
  EXPECT_EQ(d.status, DefinitionStatus::found);
  EXPECT_EQ(d.word, "dog");
  EXPECT_TRUE(d.base_forms.empty());
  // WordNet 3.0: 7 noun senses, 1 verb sense; the most frequent first.
  ASSERT_EQ(d.senses.size(), 8u);
  EXPECT_EQ(d.senses[0].part_of_speech, "noun");
  EXPECT_EQ(d.senses[0].form, "dog");
  EXPECT_EQ(d.senses[0].gloss,
            "a member of the genus Canis (probably descended from the common wolf) that has been "
            "domesticated by man since prehistoric times; occurs in many breeds");
  EXPECT_EQ(d.senses[0].examples, std::vector<std::string>{"the dog barked all night"});
  const std::vector<std::string>& synonyms = d.senses[0].synonyms;
  EXPECT_NE(std::find(synonyms.begin(), synonyms.end(), "domestic dog"), synonyms.end());
  EXPECT_EQ(std::find(synonyms.begin(), synonyms.end(), "dog"), synonyms.end());
  EXPECT_EQ(d.senses[7].part_of_speech, "verb");
  EXPECT_TRUE(has_sense(d, "verb", "go after with the intent to catch"));
}

TEST(DefinitionsTest, CaseDoesNotMatter) {
  SKIP_WITHOUT_WORDNET();
  const Definition upper = define("QUICKLY");
  EXPECT_EQ(upper.word, "quickly");
  EXPECT_EQ(upper.status, DefinitionStatus::found);
  EXPECT_TRUE(has_sense(upper, "adverb", "with rapid movements"));
  EXPECT_EQ(definition_json(upper), definition_json(define("quickly")));
}

TEST(DefinitionsTest, AnAdjectiveIsNamedSo) {
  SKIP_WITHOUT_WORDNET();
  const Definition d = define("happy");
  EXPECT_EQ(d.status, DefinitionStatus::found);
  EXPECT_TRUE(has_sense(d, "adjective", "enjoying or showing or marked by joy or pleasure"));
}

TEST(DefinitionsTest, AnInflectedWordIsFoundByItsBaseForm) {
  SKIP_WITHOUT_WORDNET();
  const Definition played = define("played");
  EXPECT_EQ(played.status, DefinitionStatus::found);
  EXPECT_EQ(played.word, "played");
  EXPECT_NE(std::find(played.base_forms.begin(), played.base_forms.end(), "play"),
            played.base_forms.end());
  EXPECT_TRUE(std::any_of(played.senses.begin(), played.senses.end(), [](const Sense& s) {
    return s.form == "play" && s.part_of_speech == "verb";
  }));
  // An irregular plural, through WordNet's exception list.
  const Definition geese = define("geese");
  EXPECT_EQ(geese.base_forms, std::vector<std::string>{"goose"});
  EXPECT_TRUE(has_sense(geese, "noun", "web-footed long-necked typically gregarious"));
}

TEST(DefinitionsTest, AWordWithoutAnEntrySaysSo) {
  SKIP_WITHOUT_WORDNET();
  for (const char* word : {"zzxq", "qwertyuiop", "bzzt"}) {
    const Definition d = define(word);
    EXPECT_EQ(d.status, DefinitionStatus::no_entry) << word;
    EXPECT_TRUE(d.senses.empty()) << word;
    EXPECT_TRUE(d.base_forms.empty()) << word;
    const Json json = definition_json(d);
    EXPECT_EQ(json["found"], false);
    EXPECT_EQ(json["installed"], true);
    EXPECT_EQ(json["status"], "no_entry");
  }
}

TEST(DefinitionsTest, BadInputIsRefusedClearly) {
  for (const std::string& word :
       {std::string(), std::string("two words"), std::string("don't"), std::string("café"),
        std::string("dog\n"), std::string("x1"), std::string(kMaxDefinedWordLength + 1, 'a')}) {
    EXPECT_FALSE(definable(word)) << word;
    EXPECT_THROW(define(word), std::invalid_argument) << word;
  }
  EXPECT_TRUE(definable(std::string(kMaxDefinedWordLength, 'a')));
  try {
    define("x1");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("letters only"), std::string::npos);
  }
}

TEST(DefinitionsTest, JsonHasEverySense) {
  SKIP_WITHOUT_WORDNET();
  const Json json = definition_json(define("dogs"));
  EXPECT_EQ(json["word"], "dogs");
  EXPECT_EQ(json["found"], true);
  EXPECT_EQ(json["base_forms"], Json::array({"dog"}));
  ASSERT_EQ(json["senses"].size(), 8u);
  EXPECT_EQ(json["senses"][0]["form"], "dog");
  EXPECT_EQ(json["senses"][0]["part_of_speech"], "noun");
  EXPECT_TRUE(json["senses"][0]["examples"].is_array());
  EXPECT_TRUE(json["senses"][0]["synonyms"].is_array());
}

TEST(DefinitionsTest, ThreadsMayAskAtOnce) {
  SKIP_WITHOUT_WORDNET();
  const Json expected = definition_json(define("played"));
  std::vector<std::thread> threads;
  std::vector<Json> answers(4);
  for (std::size_t t = 0; t < answers.size(); ++t) {
    threads.emplace_back([&answers, t] {
      for (int i = 0; i < 20; ++i) answers[t] = definition_json(define(i % 2 ? "played" : "dog"));
      answers[t] = definition_json(define("played"));
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const Json& answer : answers) EXPECT_EQ(answer, expected);
}

}  // namespace
}  // namespace wg::app
