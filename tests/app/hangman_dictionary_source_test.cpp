// app/hangman_dictionary_source.h: the text of a document (plain text, or a JSON document's
// "description"), the draft of a dictionary (words, statistics, broken rule) and the dictionary.

#include "app/hangman_dictionary_source.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/file_store.h"
#include "app/sqlite_store.h"
#include "lexicon/word_list.h"
#include "support/temp_dir.h"

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

TEST(SavedDictionaries, NamesAreWordListNamesButDefault) {
  for (const char* good : {"a", "my-book", "Moby_Dick2", "9lives"}) {
    EXPECT_TRUE(valid_dictionary_name(good)) << good;
  }
  for (const char* bad : {"", "default", "-x", "_x", "a b", "a/b", "..", "a.txt", "caf\xc3\xa9"}) {
    EXPECT_FALSE(valid_dictionary_name(bad)) << bad;
  }
  EXPECT_TRUE(valid_dictionary_name(std::string(40, 'a')));
  EXPECT_FALSE(valid_dictionary_name(std::string(41, 'a')));
}

/// Each store keeps saved dictionaries as word lists alike.
template <class Maker>
class SavedDictionaries : public ::testing::Test {
 protected:
  test::TempDir dir_{"wg-saved-dictionaries"};
  Maker maker_;
  std::unique_ptr<Store> store_ = maker_(dir_.path());
};
struct FileStoreMaker {
  std::unique_ptr<Store> operator()(const std::filesystem::path& dir) const {
    return std::make_unique<FileStore>(dir);
  }
};
struct SqliteStoreMaker {
  std::unique_ptr<Store> operator()(const std::filesystem::path& dir) const {
    return std::make_unique<SqliteStore>(dir / "wordgames.db");
  }
};
using Stores = ::testing::Types<FileStoreMaker, SqliteStoreMaker>;
TYPED_TEST_SUITE(SavedDictionaries, Stores);

TYPED_TEST(SavedDictionaries, AreSavedLoadedAndListedByName) {
  Store& store = *this->store_;
  EXPECT_TRUE(saved_dictionary_names(store).empty());
  EXPECT_FALSE(has_saved_dictionary(store, "small"));
  EXPECT_THROW(load_dictionary(store, "small"), StoreError);
  const hangman::Dictionary small = dictionary_from_document(std::string(kSmallText), "small");
  save_dictionary(store, "small", small);
  save_dictionary(store, "a-copy", small);
  EXPECT_TRUE(has_saved_dictionary(store, "small"));
  EXPECT_EQ(saved_dictionary_names(store), (std::vector<std::string>{"a-copy", "small"}));
  EXPECT_EQ(load_dictionary(store, "small").words_upper(), small.words_upper());
  EXPECT_THROW(save_dictionary(store, "default", small), std::invalid_argument);
  EXPECT_THROW(save_dictionary(store, "a/b", small), std::invalid_argument);
  // A word list named "default" (saved by another game, or by hand) is not a saved dictionary.
  const std::vector<std::string> words = small.words_upper();
  store.save_word_list("default", words);
  EXPECT_FALSE(has_saved_dictionary(store, "default"));
  EXPECT_EQ(saved_dictionary_names(store), (std::vector<std::string>{"a-copy", "small"}));
}

TYPED_TEST(SavedDictionaries, AListThatBreaksARuleIsRefusedNamingWhereItIsKept) {
  Store& store = *this->store_;
  const std::vector<std::string> two = {"BANANA", "COTTON"};
  store.save_word_list("mine", two);
  try {
    load_dictionary(store, "mine");
    FAIL() << "two words loaded";
  } catch (const StoreError& error) {
    const std::string what = error.what();
    EXPECT_EQ(what, store.word_list_location("mine") +
                        ": only 2 words; a dictionary needs at "
                        "least 20")
        << what;
  }
}

TEST(SavedDictionaries, AFileEditedByHandIsReadAsText) {
  test::TempDir dir("wg-saved-dictionaries");
  std::filesystem::create_directories(dir / "hangman" / "dictionaries");
  dir.write("hangman/dictionaries/mine.txt", "Words I like:\n" + std::string(kSmallText));
  FileStore store(dir.path());
  EXPECT_EQ(load_dictionary(store, "mine").size(), 20u);
}

}  // namespace
}  // namespace wg::app
