#include "games/hangman/dictionary.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "fixtures.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

namespace wg::hangman {
namespace {

using test::codes;

std::vector<std::string> words_of(std::size_t six, std::size_t nine) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < six; ++i) {
    words.push_back(std::string("ABCDE") + static_cast<char>('A' + i % 26) +
                    std::string(i / 26, 'Z'));
  }
  for (std::size_t i = 0; i < nine; ++i) {
    words.push_back(std::string("LONGWORD") + static_cast<char>('A' + i % 26) +
                    std::string(i / 26, 'Z'));
  }
  return words;
}

DictionaryRule rule_broken_by(const std::vector<std::string>& words) {
  try {
    Dictionary::from_words(words);
  } catch (const DictionaryError& error) {
    return error.rule();
  }
  ADD_FAILURE() << "no rule broken";
  return DictionaryRule::kTooFewWords;
}

TEST(HangmanDictionary, ExtractsLettersOnlyUpperCasedLongEnoughDistinctSorted) {
  const std::string text =
      "The quick-brown fox's breakfast: BREAKFAST, breakfast! Don't stop 123numbers4you "
      "caf\xc3\xa9teria tab\tseparated\nnewline\r\nwindows";
  EXPECT_EQ(extract_words(text),
            (std::vector<std::string>{"BREAKFAST", "NEWLINE", "NUMBERS", "SEPARATED", "WINDOWS"}));
  EXPECT_TRUE(extract_words("").empty());
  EXPECT_TRUE(extract_words("a bb ccc dddd eeeee").empty());
  EXPECT_EQ(extract_words("sixsix"), std::vector<std::string>{"SIXSIX"});
}

TEST(HangmanDictionary, AWordWithALetterOutsideAToZIsLeftOutWholeAndSaid) {
  // Cut at its accent, "cafeteria" would give CAF and TERIA, "naive" NA and VE: words no one
  // wrote. They are left out whole, and named.
  std::vector<std::string> skipped;
  EXPECT_EQ(extract_words("caf\xc3\xa9teria na\xc3\xafve garden caf\xc3\xa9teria Stra\xc3\x9f"
                          "e",
                          &skipped),
            std::vector<std::string>{"GARDEN"});
  EXPECT_EQ(skipped, (std::vector<std::string>{"caf\xc3\xa9teria", "na\xc3\xafve",
                                               "Stra\xc3\x9f"
                                               "e"}));
}

TEST(HangmanDictionary, AcceptsTheSmallestValidDictionary) {
  const Dictionary dictionary = Dictionary::from_words(words_of(16, 4));
  EXPECT_EQ(dictionary.size(), 20u);
  EXPECT_EQ(dictionary.count_of_length(6), 16u);
  EXPECT_EQ(dictionary.count_of_length(9), 4u);
}

TEST(HangmanDictionary, RefusesFewerThanTwentyWords) {
  EXPECT_EQ(rule_broken_by(words_of(15, 4)), DictionaryRule::kTooFewWords);
  EXPECT_EQ(rule_broken_by({}), DictionaryRule::kTooFewWords);
  try {
    Dictionary::from_words(words_of(15, 4));
    FAIL();
  } catch (const DictionaryError& error) {
    EXPECT_STREQ(error.what(), "only 19 words; a dictionary needs at least 20");
  }
}

TEST(HangmanDictionary, RefusesAWordShorterThanSixLetters) {
  std::vector<std::string> words = words_of(30, 10);
  words.push_back("short");
  EXPECT_EQ(rule_broken_by(words), DictionaryRule::kWordTooShort);
  try {
    Dictionary::from_words(words);
    FAIL();
  } catch (const DictionaryError& error) {
    EXPECT_NE(std::string(error.what()).find("'SHORT' has 5 letters"), std::string::npos)
        << error.what();
  }
}

TEST(HangmanDictionary, NeedsTwentyPercentOfNineLettersOrMore) {
  EXPECT_EQ(rule_broken_by(words_of(17, 4)), DictionaryRule::kTooFewLongWords);  // 19 %
  EXPECT_NO_THROW(Dictionary::from_words(words_of(32, 8)));                      // 20 %
  try {
    Dictionary::from_words(words_of(17, 4));
    FAIL();
  } catch (const DictionaryError& error) {
    EXPECT_STREQ(error.what(),
                 "only 4 of 21 words have 9 or more letters; a dictionary needs at least 20 %");
  }
}

TEST(HangmanDictionary, MergesDuplicatesInAnyCaseBeforeCounting) {
  std::vector<std::string> words = words_of(16, 4);
  words.push_back("abcdea");  // the same as ABCDEA
  EXPECT_EQ(Dictionary::from_words(words).size(), 20u);
  words.pop_back();
  words.pop_back();  // now 19 distinct
  words.push_back("LongWordA");
  EXPECT_EQ(rule_broken_by(words), DictionaryRule::kTooFewWords);
}

TEST(HangmanDictionary, RefusesWordsWithNonLetters) {
  std::vector<std::string> words = words_of(16, 4);
  words.push_back("don't-stop");
  EXPECT_THROW(Dictionary::from_words(words), std::invalid_argument);
}

TEST(HangmanDictionary, FromTextExtractsThenChecks) {
  std::string text;
  for (const std::string& word : test::small_words()) text += word + ", and ";
  const Dictionary dictionary = Dictionary::from_text(text);
  EXPECT_EQ(dictionary.words_upper(), Dictionary::from_words(test::small_words()).words_upper());
  EXPECT_THROW(Dictionary::from_text("just a few words here, nothing long enough"),
               DictionaryError);
}

TEST(HangmanDictionary, LooksUpWordsAndCountsLetters) {
  const Dictionary dictionary = test::small_dictionary();
  EXPECT_TRUE(dictionary.contains(codes("BANANA")));
  EXPECT_TRUE(dictionary.contains(codes("DANDELION")));
  EXPECT_FALSE(dictionary.contains(codes("BANANB")));
  EXPECT_FALSE(dictionary.contains(codes("BANAN")));
  EXPECT_EQ(dictionary.word_at(0), codes("BANANA"));
  EXPECT_EQ(dictionary.word_at(16), codes("ABSOLUTES"));
  EXPECT_THROW(dictionary.word_at(20), std::out_of_range);
  const auto counts = dictionary.initial_counts(6);
  ASSERT_EQ(counts.size(), 6u * 26u);
  EXPECT_EQ(counts[test::code('B')], 8u);
  EXPECT_EQ(counts[test::code('C')], 4u);
  EXPECT_EQ(counts[test::code('D')], 2u);
  EXPECT_EQ(counts[26 * 5 + test::code('E')], 5u);  // ...LE ending: BATTLE BEETLE BOTTLE ...
}

TEST(HangmanDictionary, Stats) {
  const DictionaryStats stats = test::small_dictionary().stats();
  EXPECT_EQ(stats.words, 20u);
  EXPECT_EQ(stats.six, 16u);
  EXPECT_EQ(stats.seven_to_nine, 4u);
  EXPECT_EQ(stats.ten_plus, 0u);
  EXPECT_EQ(stats.long_words, 4u);
  EXPECT_EQ(stats.shortest, 6u);
  EXPECT_EQ(stats.longest, 9u);
}

TEST(HangmanDictionary, FromTheDefaultLexiconTakesWordsOfSixLettersOrMore) {
  const Lexicon& lexicon = default_lexicon();
  const Dictionary dictionary = Dictionary::from_lexicon(lexicon);
  std::size_t expected = 0;
  const auto& counts = lexicon.count_by_length();
  for (std::size_t length = 6; length < counts.size(); ++length) {
    expected += counts[length];
    EXPECT_EQ(dictionary.count_of_length(length), counts[length]) << length;
  }
  EXPECT_EQ(dictionary.size(), expected);
  EXPECT_EQ(dictionary.count_of_length(5), 0u);
  EXPECT_TRUE(dictionary.contains(codes("QUIZZES")));
}

TEST(HangmanDictionary, AShortLexiconIsRefused) {
  const std::vector<std::string> words = {"bird", "cat", "dog"};
  EXPECT_THROW(Dictionary::from_lexicon(Lexicon::build(words)), DictionaryError);
}

TEST(HangmanDictionary, TheSharedExamplesAreValid) {
  const std::filesystem::path dir =
      std::filesystem::path(WG_SHARED_DIR) / "lexicons" / "pangiann-medialab";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << dir << " is absent";
  const Dictionary dictionary = Dictionary::from_text(read_file(dir / "hangman_OL575443W.txt"));
  EXPECT_EQ(dictionary.size(), 41u);
  EXPECT_EQ(dictionary.stats().long_words, 15u);
}

TEST(HangmanDictionary, WhatIsNotTextIsRefusedNotReadAsWords) {
  // An executable has runs of letters enough to pass the rules; its NUL bytes give it away.
  std::string binary =
      "\x7f"
      "ELF";
  binary += std::string("\0\0\0", 3);
  for (int i = 0; i < 40; ++i) binary += "SYMBOLTABLE_" + std::to_string(i) + "_DEBUGGING\0";
  binary += std::string("\0", 1);
  for (int i = 0; i < 40; ++i) binary += std::string("ABSTRACTION") + char('A' + i % 26) + '\0';
  try {
    Dictionary::from_text(binary, "a.out");
    FAIL() << "a binary file made a dictionary";
  } catch (const LexiconError& error) {
    EXPECT_NE(std::string(error.what()).find("a.out: binary file"), std::string::npos)
        << error.what();
  }
  // UTF-16 used to give "only 0 words": now it says what it is.
  std::string utf16 = "\xFF\xFE";
  for (char c : std::string("breakfast chocolate\n")) utf16 += std::string{c, '\0'};
  try {
    Dictionary::from_text(utf16, "words.txt");
    FAIL() << "UTF-16 text made a dictionary";
  } catch (const LexiconError& error) {
    EXPECT_NE(std::string(error.what()).find("words.txt: UTF-16 text"), std::string::npos)
        << error.what();
  }
  // 8-bit text is still read as before.
  EXPECT_EQ(Dictionary::from_text("banana bandit basket battle beaver beetle bottle butter "
                                  "cannon castle cattle cotton damsel dinner falcon forest "
                                  "absolutes breakfast chocolate dandelion")
                .size(),
            20u);
}

}  // namespace
}  // namespace wg::hangman
