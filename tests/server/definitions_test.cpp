// GET /api/definitions/WORD (server/definitions.h) through the arcade's Handler: a word's
// senses, an inflected word by its base form, a word with no entry (200, found false) and bad
// words (400). The lookups skip when WordNet is not installed here.

#include "server/definitions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/definitions.h"
#include "app/json.h"
#include "app/lexicon_catalog.h"
#include "server/arcade.h"
#include "server/handler_calls.h"

namespace wg::server {
namespace {

using app::Json;

class DefinitionsApi : public ::testing::Test {
 protected:
  HttpResponse call(std::string target, std::string method = "GET") {
    if (!arcade_) arcade_ = std::make_unique<Arcade>(app::built_in_lexicon().lexicon);
    return test::handle(*arcade_, test::handler_request(std::move(method), std::move(target)));
  }

  std::unique_ptr<Arcade> arcade_;
};

#define SKIP_WITHOUT_WORDNET()                     \
  if (!app::definitions_installed()) {             \
    GTEST_SKIP() << app::kDefinitionsNotInstalled; \
  }                                                \
  static_assert(true)

TEST_F(DefinitionsApi, AWordHasItsSenses) {
  SKIP_WITHOUT_WORDNET();
  const HttpResponse r = call("/api/definitions/dog");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json body = Json::parse(r.body);
  EXPECT_EQ(body["word"], "dog");
  EXPECT_EQ(body["found"], true);
  EXPECT_EQ(body["installed"], true);
  EXPECT_EQ(body["senses"].size(), 8u);
  EXPECT_EQ(body["senses"][0]["part_of_speech"], "noun");
  EXPECT_EQ(body, app::definition_json(app::define("dog")));
}

TEST_F(DefinitionsApi, AnInflectedWordInAnyCaseIsFoundByItsBaseForm) {
  SKIP_WITHOUT_WORDNET();
  const HttpResponse r = call("/api/definitions/PLAYED");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json body = Json::parse(r.body);
  EXPECT_EQ(body["word"], "played");
  EXPECT_EQ(body["found"], true);
  EXPECT_EQ(body["base_forms"][0], "play");
}

TEST_F(DefinitionsApi, AWordWithoutAnEntryIsAnAnswerNotAnError) {
  SKIP_WITHOUT_WORDNET();
  const HttpResponse r = call("/api/definitions/zzxq");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json body = Json::parse(r.body);
  EXPECT_EQ(body["found"], false);
  EXPECT_EQ(body["status"], "no_entry");
  EXPECT_TRUE(body["senses"].empty());
}

TEST_F(DefinitionsApi, BadWordsAreRefusedClearly) {
  for (const std::string& word :
       {std::string("x1"), std::string("two%20words"), std::string("caf%C3%A9"), std::string("%zz"),
        std::string(41, 'a')}) {
    const HttpResponse r = call("/api/definitions/" + word);
    EXPECT_EQ(r.status, 400) << word << ": " << r.body;
    const Json body = Json::parse(r.body);
    EXPECT_EQ(body["code"], "bad_word") << word;
    EXPECT_EQ(body["field"], "word") << word;
    EXPECT_TRUE(body["error"].is_string()) << word;
  }
  EXPECT_EQ(call("/api/definitions/dog", "POST").status, 405);
  EXPECT_EQ(call("/api/definitions").status, 404);
  EXPECT_EQ(call("/api/definitions/dog/more").status, 404);
}

}  // namespace
}  // namespace wg::server
