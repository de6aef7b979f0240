#include "lexicon/word_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "support/temp_dir.h"

namespace wg {
namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;
using Words = std::vector<std::string>;

using test::TempDir;

WordList parse(std::string_view text) { return parse_word_list(text, "mem.txt"); }

std::size_t skipped(const WordList& list, SkipReason reason) {
  return list.report.skipped_count(reason);
}

// What every successful parse promises: distinct lowercase words in increasing byte order, and
// every line accounted for exactly once.
void expect_well_formed(const WordList& list) {
  const auto& words = list.words;
  EXPECT_FALSE(words.empty());
  EXPECT_EQ(list.report.words, words.size());
  EXPECT_TRUE(std::adjacent_find(words.begin(), words.end(),
                                 [](const auto& a, const auto& b) { return !(a < b); }) ==
              words.end())
      << "words are not strictly increasing";
  for (const auto& w : words) {
    ASSERT_FALSE(w.empty());
    ASSERT_LE(w.size(), kMaxWordLength);
    for (char c : w) ASSERT_TRUE(c >= 'a' && c <= 'z') << "word \"" << w << "\"";
  }
  const std::size_t accounted =
      std::accumulate(list.report.skipped.begin(), list.report.skipped.end(), words.size());
  EXPECT_EQ(list.report.lines, accounted) << "lines != words + skipped";
}

// The message of the LexiconError that `action` throws; a test failure if it throws nothing.
template <typename Action>
std::string error_message(Action action) {
  try {
    action();
  } catch (const LexiconError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a LexiconError";
  return {};
}

std::string utf16(std::string_view ascii, bool little_endian) {
  std::string out;
  for (char c : ascii) {
    out += little_endian ? std::string{c, '\0'} : std::string{'\0', c};
  }
  return out;
}

std::string utf32(std::string_view ascii, bool little_endian) {
  std::string out;
  for (char c : ascii) {
    out += little_endian ? std::string{c, '\0', '\0', '\0'} : std::string{'\0', '\0', '\0', c};
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Format quirks

TEST(WordList, PlainSortedListIsKeptAsIs) {
  const WordList list = parse("aa\naah\nab\nzyzzyva\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"aa", "aah", "ab", "zyzzyva"}));
  EXPECT_EQ(list.report.source, "mem.txt");
  EXPECT_EQ(list.report.lines, 4u);
  EXPECT_EQ(list.report.words, 4u);
  for (std::size_t n : list.report.skipped) EXPECT_EQ(n, 0u);
  EXPECT_TRUE(list.report.examples.empty());
  EXPECT_FALSE(list.report.utf8_bom);
  EXPECT_FALSE(list.report.crlf);
}

TEST(WordList, AnyCaseIsStoredLowercase) {
  const WordList list = parse("ZYGOTE\nAah\naPpLe\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"aah", "apple", "zygote"}));
}

TEST(WordList, CrlfLineEndings) {
  const WordList list = parse("one\r\ntwo\r\nthree\r\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"one", "three", "two"}));
  EXPECT_TRUE(list.report.crlf);
  EXPECT_EQ(list.report.lines, 3u);
}

TEST(WordList, CrlfFlagSetByOneCrlfLineOnly) {
  const WordList mixed = parse("one\ntwo\r\nthree\n");
  EXPECT_TRUE(mixed.report.crlf);
  EXPECT_EQ(mixed.words, (Words{"one", "three", "two"}));
  EXPECT_FALSE(parse("one\ntwo\n").report.crlf);
}

TEST(WordList, CrOnlyLineEndingsAreLines) {
  // Classic Mac OS text: without this, the whole file would be one line holding one word.
  const WordList list = parse("one\rtwo\rthree\r");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"one", "three", "two"}));
  EXPECT_EQ(list.report.lines, 3u);
  EXPECT_FALSE(list.report.crlf);
}

TEST(WordList, Utf8ByteOrderMarkIsSkipped) {
  const WordList list = parse("\xEF\xBB\xBFzebra\napple\n");
  expect_well_formed(list);
  EXPECT_TRUE(list.report.utf8_bom);
  // The mark must not stick to the first word (which would then be skipped as invalid).
  EXPECT_EQ(list.words, (Words{"apple", "zebra"}));
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 0u);
  EXPECT_EQ(list.report.lines, 2u);
}

TEST(WordList, CrlfAndByteOrderMarkTogether) {
  const WordList list = parse("\xEF\xBB\xBFWord\r\nList\r\n\r\nTwo\r\n");
  expect_well_formed(list);
  EXPECT_TRUE(list.report.utf8_bom);
  EXPECT_TRUE(list.report.crlf);
  EXPECT_EQ(list.words, (Words{"list", "two", "word"}));
  EXPECT_EQ(list.report.lines, 4u);
  EXPECT_EQ(skipped(list, SkipReason::kBlank), 1u);
}

TEST(WordList, BlankAndWhitespaceOnlyLines) {
  const WordList list = parse("a\n\n   \n\t \t\nb\n\r\n \r\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"a", "b"}));
  EXPECT_EQ(list.report.lines, 7u);
  EXPECT_EQ(skipped(list, SkipReason::kBlank), 5u);
}

TEST(WordList, CommentLines) {
  const WordList list = parse("# a header\n  # indented\n#\n// slashes\nword\n//\nnext\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"next", "word"}));
  EXPECT_EQ(skipped(list, SkipReason::kComment), 5u);
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 0u);
  EXPECT_TRUE(list.report.examples.empty());
}

TEST(WordList, HashOrSlashInsideAWordIsNotAComment) {
  const WordList list = parse("c#\na/b\n/x\nok\n");
  EXPECT_EQ(list.words, (Words{"ok"}));
  EXPECT_EQ(skipped(list, SkipReason::kComment), 0u);
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 3u);
}

TEST(WordList, FirstTokenIsTheWordDefinitionsAndTagsIgnored) {
  // owl.txt style, plus a tab-separated variant.
  const WordList list = parse(
      "AA rough, cindery lava [n -S]\n"
      "SEROTINES <serotine=n> [n]\n"
      "WAW {vav=n} [n -S]\n"
      "AAH\tto exclaim in amazement, joy, or surprise [v -ED, -ING, -S]\n"
      "ZA pizza [n -S]  # not a comment marker here\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"aa", "aah", "serotines", "waw", "za"}));
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 0u);
  EXPECT_EQ(skipped(list, SkipReason::kComment), 0u);
}

TEST(WordList, LeadingWhitespaceThenWord) {
  const WordList list = parse("   hello world\n\tbye\n \t  Tab\tthen\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"bye", "hello", "tab"}));
}

TEST(WordList, FinalLineWithoutNewline) {
  const WordList list = parse("alpha\nbeta");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"alpha", "beta"}));
  EXPECT_EQ(list.report.lines, 2u);
  // A final newline ends the last line; it does not start an empty one.
  EXPECT_EQ(parse("alpha\nbeta\n").report.lines, 2u);
  EXPECT_EQ(parse("alpha\nbeta\n\n").report.lines, 3u);
  const WordList crlf_last = parse("alpha\r\nbeta\r");
  EXPECT_EQ(crlf_last.words, (Words{"alpha", "beta"}));
}

TEST(WordList, SingleWordWithoutNewline) {
  const WordList list = parse("x");
  EXPECT_EQ(list.words, (Words{"x"}));
  EXPECT_EQ(list.report.lines, 1u);
}

TEST(WordList, CharactersOutsideTheAlphabetAreSkipped) {
  const WordList list = parse(
      "Jean-Pierre\n"     // 1 hyphen
      "don't\n"           // 2 apostrophe
      "abc1\n"            // 3 digit
      "caf\xC3\xA9\n"     // 4 UTF-8 e-acute
      "na\xC3\xAFve\n"    // 5 UTF-8 i-diaeresis
      "x_y\n"             // 6 underscore
      "good\n"            // 7
      "caf\xE9\n"         // 8 Latin-1 e-acute
      "\xE2\x80\x94\n");  // 9 em dash alone
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"good"}));
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 8u);
  ASSERT_EQ(list.report.examples.size(), 8u);
  const std::vector<std::size_t> lines = {1, 2, 3, 4, 5, 6, 8, 9};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(list.report.examples[i].line, lines[i]);
    EXPECT_EQ(list.report.examples[i].reason, SkipReason::kInvalidCharacter);
  }
  EXPECT_EQ(list.report.examples[0].text, "Jean-Pierre");
  EXPECT_EQ(list.report.examples[3].text, "caf\xC3\xA9");
}

TEST(WordList, InvalidWordWithDefinitionKeepsWholeLineAsExample) {
  const WordList list = parse("ok\r\n  co-op a cooperative [n -S]\r\n");
  ASSERT_EQ(list.report.examples.size(), 1u);
  EXPECT_EQ(list.report.examples[0].line, 2u);
  // The line as read, leading space included, without its CR LF.
  EXPECT_EQ(list.report.examples[0].text, "  co-op a cooperative [n -S]");
}

TEST(WordList, LongestWordKeptLongerSkipped) {
  const std::string longest(kMaxWordLength, 'q');
  const std::string too_long(kMaxWordLength + 1, 'r');
  const WordList list = parse("short\n" + longest + "\n" + too_long + "\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{longest, "short"}));
  EXPECT_EQ(skipped(list, SkipReason::kTooLong), 1u);
  ASSERT_EQ(list.report.examples.size(), 1u);
  EXPECT_EQ(list.report.examples[0].line, 3u);
  EXPECT_EQ(list.report.examples[0].reason, SkipReason::kTooLong);
  EXPECT_EQ(list.report.examples[0].text, too_long);
}

TEST(WordList, LongWordWithInvalidCharacterCountsAsInvalid) {
  const WordList list = parse("ok\n" + std::string(100, 'a') + "-\n");
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 1u);
  EXPECT_EQ(skipped(list, SkipReason::kTooLong), 0u);
}

TEST(WordList, ExampleTextCutTo80Bytes) {
  const WordList list = parse("ok\n" + std::string(200, 'z') + "\n");
  ASSERT_EQ(list.report.examples.size(), 1u);
  EXPECT_EQ(list.report.examples[0].text, std::string(80, 'z'));
}

TEST(WordList, ExampleTextNotCutInsideAUtf8Character) {
  // Bytes 79 and 80 (0-based) are the two bytes of e-acute: cutting at 80 would split it.
  const std::string line = std::string(79, 'e') + "\xC3\xA9" + std::string(20, 'e');
  const WordList list = parse("ok\n" + line + "\n");
  ASSERT_EQ(list.report.examples.size(), 1u);
  EXPECT_EQ(list.report.examples[0].text, std::string(79, 'e'));
}

TEST(WordList, OnlyTheFirstExamplesAreKept) {
  std::string text = "fine\n";
  for (int i = 0; i < 20; ++i) text += "bad" + std::to_string(i) + "\n";
  const WordList list = parse(text);
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 20u);
  ASSERT_EQ(list.report.examples.size(), WordListReport::kMaxExamples);
  for (std::size_t i = 0; i < WordListReport::kMaxExamples; ++i) {
    EXPECT_EQ(list.report.examples[i].line, i + 2);
    EXPECT_EQ(list.report.examples[i].text, "bad" + std::to_string(i));
  }
}

TEST(WordList, BlankCommentAndDuplicateLinesAreNotExamples) {
  const WordList list = parse("\n# c\nword\nWORD\n");
  EXPECT_TRUE(list.report.examples.empty());
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), 1u);
}

TEST(WordList, UnsortedInputIsSorted) {
  const WordList list = parse("pear\napple\nfig\nbanana\napple\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"apple", "banana", "fig", "pear"}));
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), 1u);
}

TEST(WordList, SortedByLengthInputIsSortedByBytes) {
  // owl.txt order: by length, then alphabetically.
  const WordList list = parse("ox\nza\nant\nbee\nzoo\nabcdefghij\nabcdefghia\nzebra\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words,
            (Words{"abcdefghia", "abcdefghij", "ant", "bee", "ox", "za", "zebra", "zoo"}));
}

TEST(WordList, PrefixSortsBeforeItsExtensions) {
  // Words sharing their first eight bytes, in every order.
  const WordList list = parse("abcdefghij\nabcdefgh\nabcdefghi\nabcdefg\nabcdefghia\n");
  EXPECT_EQ(list.words, (Words{"abcdefg", "abcdefgh", "abcdefghi", "abcdefghia", "abcdefghij"}));
}

TEST(WordList, RandomOrderMatchesStdSort) {
  Rng rng(12345);
  std::vector<std::string> words;
  std::string text;
  for (int i = 0; i < 2000; ++i) {
    std::string w(1 + rng() % 14, 'a');
    for (char& c : w) c = static_cast<char>('a' + rng() % 4);  // few letters: many shared prefixes
    words.push_back(w);
    std::string line = w;
    if (rng() % 2) line[0] = static_cast<char>(line[0] - 'a' + 'A');  // case must not matter
    text += line;
    text += "\n";
  }
  std::sort(words.begin(), words.end());
  const std::size_t duplicates = words.size();
  words.erase(std::unique(words.begin(), words.end()), words.end());
  const WordList list = parse(text);
  expect_well_formed(list);
  EXPECT_EQ(list.words, words);
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), duplicates - words.size());
}

TEST(WordList, DuplicatesAcrossCaseAreCounted) {
  // unix-words has both "A" and "a".
  const WordList list = parse("A\na\nab\nAB\nAb\naB\nb\n");
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"a", "ab", "b"}));
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), 4u);
  EXPECT_EQ(list.report.words, 3u);
}

TEST(WordList, DuplicatesInOtherwiseSortedInput) {
  const WordList list = parse("a\na\nb\nc\nc\nc\n");
  EXPECT_EQ(list.words, (Words{"a", "b", "c"}));
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), 3u);
}

TEST(WordList, ReportCountsEveryReason) {
  const WordList list = parse(
      "# comment\n"             // 1 comment
      "\n"                      // 2 blank
      "Cat\n"                   // 3 word
      "cat\n"                   // 4 duplicate
      "x-ray\n"                 // 5 invalid
      + std::string(65, 'a') +  // 6 too long
      "\n"
      "  \n"                  // 7 blank
      "dog the animal\n"      // 8 word
      "// another comment\n"  // 9 comment
      "bird");                // 10 word, no newline
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"bird", "cat", "dog"}));
  EXPECT_EQ(list.report.lines, 10u);
  EXPECT_EQ(list.report.words, 3u);
  EXPECT_EQ(skipped(list, SkipReason::kBlank), 2u);
  EXPECT_EQ(skipped(list, SkipReason::kComment), 2u);
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), 1u);
  EXPECT_EQ(skipped(list, SkipReason::kTooLong), 1u);
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), 1u);
  ASSERT_EQ(list.report.examples.size(), 2u);
  EXPECT_EQ(list.report.examples[0].line, 5u);
  EXPECT_EQ(list.report.examples[0].reason, SkipReason::kInvalidCharacter);
  EXPECT_EQ(list.report.examples[0].text, "x-ray");
  EXPECT_EQ(list.report.examples[1].line, 6u);
  EXPECT_EQ(list.report.examples[1].reason, SkipReason::kTooLong);
}

TEST(WordList, SkipReasonNames) {
  EXPECT_EQ(to_string(SkipReason::kBlank), "blank");
  EXPECT_EQ(to_string(SkipReason::kComment), "comment");
  EXPECT_EQ(to_string(SkipReason::kInvalidCharacter), "invalid character");
  EXPECT_EQ(to_string(SkipReason::kTooLong), "too long");
  EXPECT_EQ(to_string(SkipReason::kDuplicate), "duplicate");
}

// ---------------------------------------------------------------------------------------------
// Text that is not a word list

TEST(WordList, NulByteIsBinary) {
  const std::string msg = error_message([] { parse(std::string("abc\ndef\0ghi\n", 12)); });
  EXPECT_NE(msg.find("mem.txt"), std::string::npos) << msg;
  EXPECT_NE(msg.find("binary file (NUL byte at offset 7), not a word list"), std::string::npos)
      << msg;
}

TEST(WordList, BinaryDataIsNotMistakenForUtf16) {
  std::string bytes;
  Rng rng(7);
  for (int i = 0; i < 5000; ++i) bytes += static_cast<char>(rng() % 4 == 0 ? 0 : rng() % 256);
  const std::string msg = error_message([&] { parse(bytes); });
  EXPECT_NE(msg.find("binary file (NUL byte at offset"), std::string::npos) << msg;
}

TEST(WordList, Utf16And32ByteOrderMarksAreRejected) {
  struct Case {
    std::string bytes;
    std::string encoding;
  };
  const std::vector<Case> cases = {
      {"\xFF\xFE" + utf16("word\n", true), "UTF-16"},
      {"\xFE\xFF" + utf16("word\n", false), "UTF-16"},
      {std::string("\xFF\xFE\0\0", 4) + utf32("word\n", true), "UTF-32"},
      {std::string("\0\0\xFE\xFF", 4) + utf32("word\n", false), "UTF-32"},
      // A mark alone, nothing after it: still named, not reported as "no words".
      {"\xFF\xFE", "UTF-16"},
  };
  for (const Case& c : cases) {
    const std::string msg = error_message([&] { parse(c.bytes); });
    EXPECT_NE(msg.find("mem.txt: " + c.encoding + " text"), std::string::npos) << msg;
    EXPECT_NE(msg.find("convert it to UTF-8"), std::string::npos) << msg;
  }
}

TEST(WordList, Utf16WithoutByteOrderMarkIsRecognized) {
  for (bool little : {true, false}) {
    const std::string msg = error_message([&] { parse(utf16("apple\nbanana\ncherry\n", little)); });
    EXPECT_NE(msg.find("mem.txt: UTF-16 text"), std::string::npos) << msg;
    EXPECT_NE(msg.find(little ? "little-endian" : "big-endian"), std::string::npos) << msg;
    EXPECT_NE(msg.find("convert it to UTF-8"), std::string::npos) << msg;
  }
  // Greek words: NULs only in the line feeds.
  std::string greek;
  for (int i = 0; i < 50; ++i) greek += "\xB1\x03\xB2\x03\xB3\x03\xB4\x03\xB5\x03\x0A\x00"s;
  const std::string msg = error_message([&] { parse(greek); });
  EXPECT_NE(msg.find("UTF-16 text (little-endian"), std::string::npos) << msg;
}

TEST(WordList, Utf32WithoutByteOrderMarkIsRecognized) {
  for (bool little : {true, false}) {
    const std::string msg = error_message([&] { parse(utf32("apple\nbanana\n", little)); });
    EXPECT_NE(msg.find("mem.txt: UTF-32 text"), std::string::npos) << msg;
    EXPECT_NE(msg.find("convert it to UTF-8"), std::string::npos) << msg;
  }
}

TEST(WordList, EmptyTextIsAnError) {
  const std::string msg = error_message([] { parse(""); });
  EXPECT_NE(msg.find("mem.txt"), std::string::npos) << msg;
  EXPECT_NE(msg.find("empty"), std::string::npos) << msg;
}

TEST(WordList, NoWordsNamesWhatTheLinesWere) {
  EXPECT_EQ(error_message([] { parse("\n  \n# only a comment\n"); }),
            "mem.txt: no words (3 lines: 2 blank, 1 comment)");
  EXPECT_EQ(error_message([] { parse("\xEF\xBB\xBF"); }),
            "mem.txt: no words (nothing after the UTF-8 byte-order mark)");
  const std::string invalid = error_message([] { parse("x-ray\n\n3d\n"); });
  EXPECT_NE(invalid.find("mem.txt: no words (3 lines: 1 blank, 2 with characters outside the "
                         "alphabet)"),
            std::string::npos)
      << invalid;
  EXPECT_NE(invalid.find("line 1: \"x-ray\""), std::string::npos) << invalid;
  const std::string long_only = error_message([] { parse(std::string(70, 'a')); });
  EXPECT_NE(long_only.find("no words (1 line: 1 too long)"), std::string::npos) << long_only;
}

// ---------------------------------------------------------------------------------------------
// Files

TEST(WordList, ReadsAFile) {
  TempDir dir;
  const fs::path file = dir.write("words.txt", "\xEF\xBB\xBFPear\r\nApple\r\n# fruit\r\n");
  const WordList list = read_word_list(file);
  expect_well_formed(list);
  EXPECT_EQ(list.words, (Words{"apple", "pear"}));
  EXPECT_EQ(list.report.source, file.string());
  EXPECT_TRUE(list.report.utf8_bom);
  EXPECT_TRUE(list.report.crlf);
  EXPECT_EQ(skipped(list, SkipReason::kComment), 1u);
}

TEST(WordList, ReadFileReturnsTheExactBytes) {
  TempDir dir;
  std::string bytes;
  for (std::uint32_t i = 0; i < 300000; ++i) {
    bytes += static_cast<char>(i * 7919u % 256u);  // NULs and CRs included
  }
  const fs::path file = dir.write("blob.bin", bytes);
  EXPECT_EQ(read_file(file), bytes);
  EXPECT_EQ(read_file(dir.write("empty", "")), "");
}

TEST(WordList, MissingFile) {
  TempDir dir;
  const fs::path file = dir.path() / "words.txt";
  EXPECT_EQ(error_message([&] { read_word_list(file); }), file.string() + ": file not found");
  EXPECT_EQ(error_message([&] { read_file(file); }), file.string() + ": file not found");
  const fs::path under_file = dir.write("plain", "x\n") / "words.txt";
  const std::string msg = error_message([&] { read_word_list(under_file); });
  EXPECT_NE(msg.find(under_file.string() + ": file not found"), std::string::npos) << msg;
}

TEST(WordList, DirectoryIsNotAFile) {
  TempDir dir;
  const std::string msg = error_message([&] { read_word_list(dir.path()); });
  EXPECT_NE(msg.find(dir.path().string() + ": "), std::string::npos) << msg;
  EXPECT_NE(msg.find("is a directory"), std::string::npos) << msg;
}

TEST(WordList, UnreadableFile) {
  TempDir dir;
  const fs::path file = dir.write("secret.txt", "word\n");
  fs::permissions(file, fs::perms::none);
  if (std::ifstream(file).is_open()) {
    GTEST_SKIP() << "permissions are not enforced here (running as root?)";
  }
  const std::string msg = error_message([&] { read_word_list(file); });
  EXPECT_NE(msg.find(file.string() + ": "), std::string::npos) << msg;
  EXPECT_NE(msg.find("permission denied"), std::string::npos) << msg;
}

TEST(WordList, EmptyFile) {
  TempDir dir;
  const fs::path file = dir.write("e.txt", "");
  EXPECT_EQ(error_message([&] { read_word_list(file); }), file.string() + ": empty file (0 bytes)");
}

TEST(WordList, BinaryFile) {
  TempDir dir;
  const fs::path file = dir.write("x.bin",
                                  "\x7F"
                                  "ELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"s);
  EXPECT_EQ(error_message([&] { read_word_list(file); }),
            file.string() + ": binary file (NUL byte at offset 7), not a word list");
}

TEST(WordList, Utf16File) {
  TempDir dir;
  const fs::path file = dir.write("w.txt", "\xFF\xFE" + utf16("hello\r\nworld\r\n", true));
  const std::string msg = error_message([&] { read_word_list(file); });
  EXPECT_NE(msg.find(file.string() + ": UTF-16 text"), std::string::npos) << msg;
  EXPECT_NE(msg.find("convert it to UTF-8"), std::string::npos) << msg;
}

TEST(WordList, FileWithNoWords) {
  TempDir dir;
  const fs::path file = dir.write("e.txt", "\n\n# nothing here\n");
  EXPECT_EQ(error_message([&] { read_word_list(file); }),
            file.string() + ": no words (3 lines: 2 blank, 1 comment)");
}

// ---------------------------------------------------------------------------------------------
// The real lists in ../shared/lexicons (counts from SOURCES.md, checked independently)

const fs::path kLexicons = fs::path(WG_SHARED_DIR) / "lexicons";

struct Expected {
  std::size_t lines;
  std::size_t words;
  std::size_t duplicates = 0;
  std::size_t invalid = 0;
};

void expect_counts(const WordList& list, const Expected& e) {
  expect_well_formed(list);
  EXPECT_EQ(list.report.lines, e.lines);
  EXPECT_EQ(list.words.size(), e.words);
  EXPECT_EQ(skipped(list, SkipReason::kDuplicate), e.duplicates);
  EXPECT_EQ(skipped(list, SkipReason::kInvalidCharacter), e.invalid);
  EXPECT_EQ(skipped(list, SkipReason::kBlank), 0u);
  EXPECT_EQ(skipped(list, SkipReason::kComment), 0u);
  EXPECT_EQ(skipped(list, SkipReason::kTooLong), 0u);
  EXPECT_FALSE(list.report.utf8_bom);
  EXPECT_FALSE(list.report.crlf);
}

bool contains(const WordList& list, const std::string& word) {
  return std::binary_search(list.words.begin(), list.words.end(), word);
}

TEST(WordList, RealEnable1) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const WordList list = read_word_list(kLexicons / "enable1.txt");
  expect_counts(list, {172823, 172823});
  EXPECT_EQ(list.words.front(), "aa");
  EXPECT_EQ(list.words.back(), "zyzzyvas");
  // words-medium.txt is byte-identical to enable1.txt.
  EXPECT_EQ(read_word_list(kLexicons / "words-medium.txt").words, list.words);
}

TEST(WordList, RealUnixWords) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const WordList list = read_word_list(kLexicons / "unix-words.txt");
  // 235,886 lines give 234,371 case-folded unique entries (1,515 duplicates: "A" and "a", ...),
  // of which the 2 hyphenated ones are skipped.
  expect_counts(list, {235886, 234369, 1515, 2});
  ASSERT_EQ(list.report.examples.size(), 2u);
  EXPECT_EQ(list.report.examples[0].line, 99750u);
  EXPECT_EQ(list.report.examples[0].text, "Jean-Christophe");
  EXPECT_EQ(list.report.examples[1].line, 99751u);
  EXPECT_EQ(list.report.examples[1].text, "Jean-Pierre");
  EXPECT_EQ(list.words.front(), "a");
  EXPECT_TRUE(contains(list, "zyzzogeton"));
}

TEST(WordList, RealOwl) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const WordList list = read_word_list(kLexicons / "owl.txt");
  expect_counts(list, {167964, 167964});
  EXPECT_EQ(list.words.front(), "aa");
  EXPECT_EQ(list.words.back(), "zyzzyvas");
  EXPECT_TRUE(contains(list, "serotines"));  // "SEROTINES <serotine=n> [n]"
}

TEST(WordList, RealEvilHangmanDictionary) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const WordList list = read_word_list(kLexicons / "evil-hangman-dictionary.txt");
  expect_counts(list, {127142, 127142});
  EXPECT_TRUE(contains(list, "floccinaucinihilipilification"));
}

TEST(WordList, RealMitPs3Words) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  expect_counts(read_word_list(kLexicons / "mit-ps3-words.txt"), {83667, 83667});
}

TEST(WordList, RealWordsSmall) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  expect_counts(read_word_list(kLexicons / "words-small.txt"), {19912, 19912});
}

TEST(WordList, RealWordsTiny) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const WordList list = read_word_list(kLexicons / "words-tiny.txt");
  expect_counts(list, {5, 5});
  EXPECT_EQ(list.words, (Words{"a", "is", "lexicon", "small", "this"}));
}

TEST(WordList, RealPangiannMedialab) {
  if (!fs::is_directory(kLexicons)) GTEST_SKIP() << kLexicons << " not present";
  const fs::path dir = kLexicons / "pangiann-medialab";
  expect_counts(read_word_list(dir / "hangman_OL26412312M.txt"), {83, 79, 4});
  expect_counts(read_word_list(dir / "hangman_OL31390631M.txt"), {63, 62, 1});
  expect_counts(read_word_list(dir / "hangman_OL575443W.txt"), {41, 41, 0});
}

}  // namespace
}  // namespace wg
