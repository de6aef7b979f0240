// app/hangman_dictionary_source.h: the text of a document (plain text, or a JSON document's
// "description"), the draft of a dictionary (words, statistics, broken rule) and the dictionary.

#include "app/hangman_dictionary_source.h"

#include <gtest/gtest.h>

#include <string>

#include "lexicon/word_list.h"

namespace wg::app {
namespace {

/// 20 words, 16 of 6 letters and 4 of 9 (exactly the 20 % the rules ask).
constexpr std::string_view kSmallText =
    "A story: banana, bandit; basket (battle) beaver-beetle bottle butter! Cannon castle cattle "
    "cotton. Damsel dinner falcon forest; absolutes breakfast chocolate dandelion.";

TEST(WordsTextOf, TextIsItselfAndAJsonDocumentGivesItsDescription) {
  EXPECT_EQ(words_text_of("plain text", "t"), "plain text");
  EXPECT_EQ(words_text_of("{ a brace, then text", "t"), "{ a brace, then text");
  EXPECT_EQ(words_text_of(R"({"description": "the words"})", "t"), "the words");
  EXPECT_EQ(words_text_of(R"(  {"description": {"type": "/type/text", "value": "more"}})", "t"),
            "more");
  EXPECT_THROW(words_text_of(R"({"title": "no description", "revision": 3})", "w"), DocumentError);
  EXPECT_THROW(words_text_of(R"({"description": {"type": "/type/text"}})", "w"), DocumentError);
  try {
    words_text_of(R"({"description": 7})", "work.json");
    FAIL() << "a description that is not text";
  } catch (const DocumentError& error) {
    EXPECT_EQ(std::string(error.what()),
              "work.json: a JSON document with no \"description\" text: its keys are not words "
              "to play with");
  }
}

TEST(DraftDictionary, APlayableTextGivesItsWordsAndStatistics) {
  const DictionaryDraft draft = draft_dictionary(std::string(kSmallText), "t");
  EXPECT_TRUE(draft.playable());
  EXPECT_EQ(draft.words.size(), 20u);
  EXPECT_EQ(draft.stats.words, 20u);
  EXPECT_EQ(draft.stats.six, 16u);
  EXPECT_EQ(draft.stats.seven_to_nine, 4u);
  EXPECT_EQ(draft.stats.long_words, 4u);
  EXPECT_EQ(draft.stats.shortest, 6u);
  EXPECT_EQ(draft.stats.longest, 9u);
  // The same statistics as the dictionary the game makes of it.
  const hangman::DictionaryStats made =
      dictionary_from_document(std::string(kSmallText), "t").stats();
  EXPECT_EQ(made.words, draft.stats.words);
  EXPECT_EQ(made.six, draft.stats.six);
  EXPECT_EQ(made.long_words, draft.stats.long_words);
}

TEST(DraftDictionary, ARefusedTextKeepsItsStatisticsAndNamesTheRule) {
  DictionaryDraft draft = draft_dictionary("elephant giraffe kangaroo", "t");
  EXPECT_FALSE(draft.playable());
  EXPECT_EQ(draft.rule, hangman::DictionaryRule::kTooFewWords);
  EXPECT_EQ(draft.problem, "only 3 words; a dictionary needs at least 20");
  EXPECT_EQ(draft.stats.words, 3u);
  EXPECT_EQ(draft.stats.seven_to_nine, 3u);
  draft = draft_dictionary("", "t");
  EXPECT_EQ(draft.rule, hangman::DictionaryRule::kTooFewWords);
  EXPECT_EQ(draft.stats.words, 0u);
  EXPECT_THROW(draft_dictionary(std::string("abc\0def", 7), "t"), LexiconError);
  EXPECT_THROW(draft_dictionary(R"({"title": "x"})", "t"), DocumentError);
}

TEST(DictionaryFromDocument, BrokenRulesThrowTheRuleAndBinaryThrowsLexiconError) {
  EXPECT_EQ(dictionary_from_document(R"({"description": ")" + std::string(kSmallText) + "\"}", "w")
                .size(),
            20u);
  EXPECT_THROW(dictionary_from_document("elephant giraffe kangaroo", "t"),
               hangman::DictionaryError);
  EXPECT_THROW(dictionary_from_document(std::string("abc\0def", 7), "t"), LexiconError);
}

TEST(StatsJson, CountsAndSharesFromZeroToOne) {
  const Json json = stats_json(draft_dictionary(std::string(kSmallText), "t").stats);
  EXPECT_EQ(json["words"], 20);
  EXPECT_EQ(json["nine_plus"], 4);
  EXPECT_DOUBLE_EQ(json["share_six"].get<double>(), 0.8);
  EXPECT_DOUBLE_EQ(json["share_ten_plus"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(stats_json({})["share_six"].get<double>(), 0.0) << "no words: no division";
}

}  // namespace
}  // namespace wg::app
