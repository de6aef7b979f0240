#include "lexicon/lexicon.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>
#include "fixtures.h"

namespace wg {
namespace {

using test::en;
using test::make;

TEST(Lexicon, EmptyLexiconContainsNothing) {
  Lexicon lex;
  EXPECT_EQ(lex.size(), 0u);
  EXPECT_TRUE(lex.empty());
  EXPECT_FALSE(lex.contains("a"));
  EXPECT_FALSE(lex.contains(""));
  EXPECT_FALSE(lex.is_prefix("a"));
  EXPECT_EQ(lex.index_of("a"), -1);
  EXPECT_THROW(lex.word_at(0), std::out_of_range);
  EXPECT_TRUE(lex.children(lex.root()).empty());
}

TEST(Lexicon, ContainsIsExactAndCaseInsensitive) {
  Lexicon lex = make({"cat", "catalog", "cats", "dog"});
  EXPECT_TRUE(lex.contains("cat"));
  EXPECT_TRUE(lex.contains("CAT"));
  EXPECT_TRUE(lex.contains("CaTaLoG"));
  EXPECT_TRUE(lex.contains("dog"));
  EXPECT_FALSE(lex.contains("ca"));
  EXPECT_FALSE(lex.contains("cata"));
  EXPECT_FALSE(lex.contains("catalogs"));
  EXPECT_FALSE(lex.contains("do"));
  EXPECT_FALSE(lex.contains(""));
  EXPECT_FALSE(lex.contains("c-t"));
  EXPECT_FALSE(lex.contains("cat "));
  EXPECT_FALSE(lex.contains("caté"));
}

// contains and is_prefix take the first two letters from a table, refuse a key whose first
// three letters start no word from another, and meet a non-letter as a label no unit has
// (lexicon.h, pair_units_, third_labels_ and char_labels_): they agree with a walk of the
// cursors for every word, every prefix and every string with one character changed to another
// letter or to a non-letter, at every position, on a lexicon built, copied and loaded.
TEST(Lexicon, LookupsAgreeWithTheCursors) {
  const Lexicon built = make({"a", "ab", "abc", "b", "ba", "bad", "cab", "cabs", "zz", "zzz"});
  const auto walk = [](const Lexicon& lex, std::string_view text, bool whole_word) {
    Lexicon::Cursor c = lex.root();
    for (const char ch : text) {
      const Letter l = Alphabet::english().code(ch);
      if (l == kNoLetter) return false;
      c = lex.child(c, l);
      if (!c) return false;
    }
    return whole_word ? c.word : true;
  };
  const std::vector<std::byte> bytes = built.serialize();
  const Lexicon copy = built;  // NOLINT(performance-unnecessary-copy-initialization)
  const Lexicon loaded = Lexicon::deserialize(bytes, "test", LexiconTrust::kUntrusted);
  const Lexicon trusted = Lexicon::deserialize(bytes, "test", LexiconTrust::kTrusted);
  std::vector<std::string> keys = {"", "-", "a-", "-a", "ab-", "\x80", "{a", "a{", "`", "@b"};
  for (const std::string word : {"a", "ab", "abc", "bad", "cabs", "zzz"}) {
    for (std::size_t at = 0; at < word.size(); ++at) {
      for (const char ch : std::string("abcz-{`@ \xff")) {
        std::string key = word;
        key[at] = ch;
        keys.push_back(key);
        keys.push_back(key.substr(0, at + 1));
      }
    }
  }
  for (const Lexicon* lex : {&built, &copy, &loaded, &trusted}) {
    for (const std::string& key : keys) {
      EXPECT_EQ(lex->contains(key), walk(*lex, key, true)) << key;
      EXPECT_EQ(lex->is_prefix(key), walk(*lex, key, false)) << key;
      if (const auto letters = Alphabet::english().encode(key)) {
        EXPECT_EQ(lex->contains(*letters), walk(*lex, key, true)) << key;
        EXPECT_EQ(lex->is_prefix(*letters), walk(*lex, key, false)) << key;
      }
    }
    const std::vector<Letter> not_letters = {0, kNoLetter};
    EXPECT_FALSE(lex->contains(not_letters));
    EXPECT_FALSE(lex->is_prefix(std::vector<Letter>{kNoLetter}));
  }
}

TEST(Lexicon, AWordIsAPrefixOfItself) {
  Lexicon lex = make({"cat", "catalog"});
  EXPECT_TRUE(lex.is_prefix("cat"));
  EXPECT_TRUE(lex.is_prefix("CATA"));
  EXPECT_TRUE(lex.is_prefix("catalog"));
  EXPECT_TRUE(lex.is_prefix("c"));
  EXPECT_TRUE(lex.is_prefix(""));
  EXPECT_FALSE(lex.is_prefix("catalogs"));
  EXPECT_FALSE(lex.is_prefix("d"));
  EXPECT_FALSE(lex.is_prefix("c4"));
}

TEST(Lexicon, CodesAndTextAgree) {
  Lexicon lex = make({"quiz", "quit"});
  auto quiz = *en().encode("quiz");
  EXPECT_TRUE(lex.contains(std::span<const Letter>(quiz)));
  EXPECT_TRUE(lex.is_prefix(std::span<const Letter>(quiz).first(3)));
  EXPECT_EQ(lex.index_of(std::span<const Letter>(quiz)), 1);
  EXPECT_EQ(lex.letters_at(1), quiz);
}

TEST(Lexicon, IndicesAreLexicographicRanks) {
  std::vector<std::string> words = {"a", "aa", "aah", "ab", "b", "ba", "bat", "zebra", "zebras"};
  Lexicon lex = make(words);
  ASSERT_EQ(lex.size(), words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    EXPECT_EQ(lex.index_of(words[i]), static_cast<std::int64_t>(i)) << words[i];
    EXPECT_EQ(lex.word_at(i), words[i]);
  }
  EXPECT_EQ(lex.index_of("zebr"), -1);
  EXPECT_THROW(lex.word_at(words.size()), std::out_of_range);
}

TEST(Lexicon, CursorStepsLetterByLetter) {
  Lexicon lex = make({"at", "ate", "eat", "tea"});
  auto c = lex.root();
  ASSERT_TRUE(c);
  EXPECT_EQ(lex.children(c),
            LetterSet((1u << en().code('a')) | (1u << en().code('e')) | (1u << en().code('t'))));
  c = lex.child(c, en().code('a'));
  ASSERT_TRUE(c);
  EXPECT_FALSE(c.word);
  c = lex.child(c, en().code('t'));
  ASSERT_TRUE(c);
  EXPECT_TRUE(c.word);
  EXPECT_EQ(c.rank, 0u);
  auto ate = lex.child(c, en().code('e'));
  ASSERT_TRUE(ate);
  EXPECT_TRUE(ate.word);
  EXPECT_EQ(ate.rank, 1u);
  EXPECT_EQ(ate.base, 0u) << "a state with no transitions has base 0";
  EXPECT_FALSE(lex.child(ate, en().code('s')));
  EXPECT_FALSE(lex.child(lex.child(c, en().code('x')), en().code('e')))
      << "an invalid cursor stays invalid";
  EXPECT_EQ(lex.children(c, LetterSet(1u << en().code('e') | 1u << en().code('s'))),
            LetterSet(1u << en().code('e')));
}

TEST(Lexicon, RejectsUnsortedDuplicateOrBadInput) {
  std::vector<std::string> unsorted = {"b", "a"};
  EXPECT_THROW(Lexicon::build(unsorted), std::invalid_argument);
  std::vector<std::string> dup = {"a", "a"};
  EXPECT_THROW(Lexicon::build(dup), std::invalid_argument);
  std::vector<std::string> empty_word = {""};
  EXPECT_THROW(Lexicon::build(empty_word), std::invalid_argument);
  std::vector<std::string> bad = {"a-b"};
  EXPECT_THROW(Lexicon::build(bad), std::invalid_argument);
}

TEST(Lexicon, CountsByLength) {
  Lexicon lex = make({"a", "be", "by", "cat", "dogs", "eagle"});
  EXPECT_EQ(lex.count_by_length(), (std::vector<std::size_t>{0, 1, 2, 1, 1, 1}));
  EXPECT_EQ(lex.max_length(), 5u);
}

TEST(Lexicon, EnumeratesInOrderAndByLength) {
  std::vector<std::string> words = {"a", "ab", "abc", "b", "bcd", "cd", "zz"};
  Lexicon lex = make(words);
  std::vector<std::string> all;
  lex.for_each_word([&](std::string_view w) { all.emplace_back(w); });
  EXPECT_EQ(all, words);
  EXPECT_EQ(lex.words_of_length(2), (std::vector<std::string>{"ab", "cd", "zz"}));
  EXPECT_EQ(lex.words_of_length(3), (std::vector<std::string>{"abc", "bcd"}));
  EXPECT_TRUE(lex.words_of_length(4).empty());
  EXPECT_TRUE(lex.words_of_length(0).empty());
  EXPECT_TRUE(lex.words_of_length(1000).empty());
}

TEST(Pattern, ParsesLettersWildcardsAndSets) {
  Pattern p = Pattern::parse("c?[aeiou][^s].");
  ASSERT_EQ(p.positions.size(), 5u);
  EXPECT_EQ(p.positions[0], LetterSet(1u << en().code('c')));
  EXPECT_EQ(p.positions[1], en().letters());
  EXPECT_EQ(p.positions[2], en().vowels());
  EXPECT_EQ(p.positions[3].size(), 25);
  EXPECT_FALSE(p.positions[3].contains(en().code('s')));
  EXPECT_EQ(p.positions[4], en().letters());
  EXPECT_EQ(Pattern::parse("C?WS").positions[0], LetterSet(1u << en().code('c')));
}

TEST(Pattern, BadSyntaxNamesTheColumn) {
  for (const char* bad : {"", "[ab", "a1", "[]", "[^abcdefghijklmnopqrstuvwxyz]", "[a-c]", "ab*"}) {
    EXPECT_THROW(Pattern::parse(bad), std::invalid_argument) << bad;
  }
  try {
    Pattern::parse("ab[cd");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("column 3"), std::string::npos) << e.what();
  }
}

TEST(Lexicon, MatchesPatterns) {
  Lexicon lex = make({"caws", "cows", "cow", "crows", "mows", "cobs", "caw"});
  EXPECT_EQ(lex.match(Pattern::parse("c?ws")), (std::vector<std::string>{"caws", "cows"}));
  EXPECT_EQ(lex.match(Pattern::parse("?ows")), (std::vector<std::string>{"cows", "mows"}));
  EXPECT_EQ(lex.match(Pattern::parse("c[^a]?s")), (std::vector<std::string>{"cobs", "cows"}));
  EXPECT_EQ(lex.match(Pattern::parse("c[ao]w")), (std::vector<std::string>{"caw", "cow"}));
  EXPECT_TRUE(lex.match(Pattern::parse("????????")).empty());
}

/// A structure derived from a lexicon that counts how often one is made.
struct CountedWords {
  static inline std::atomic<int> made{0};
  explicit CountedWords(const Lexicon& lexicon) : words(lexicon.size()) { ++made; }
  std::size_t words;
};

/// One that fails the first time it is made.
struct FailsOnce {
  static inline std::atomic<int> tries{0};
  explicit FailsOnce(const Lexicon&) {
    if (tries++ == 0) throw std::runtime_error("first try");
  }
};

TEST(Lexicon, ADerivedStructureIsMadeOncePerLexiconAndSharedByItsCopies) {
  CountedWords::made = 0;
  const Lexicon lex = make({"caw", "cow", "mow"});
  const Lexicon copy = lex;  // NOLINT(performance-unnecessary-copy-initialization): the point
  std::vector<const CountedWords*> seen(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] { seen[i] = &(i % 2 ? copy : lex).derived<CountedWords>(); });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(CountedWords::made, 1);
  for (const CountedWords* one : seen) EXPECT_EQ(one, seen[0]);
  EXPECT_EQ(seen[0]->words, 3u);

  const Lexicon other = make({"caw", "cow"});  // other words: its own
  EXPECT_EQ(other.derived<CountedWords>().words, 2u);
  EXPECT_EQ(CountedWords::made, 2);
}

TEST(Lexicon, ADerivedStructureThatFailsIsMadeAgainAndAMovedFromLexiconHasNone) {
  FailsOnce::tries = 0;
  Lexicon lex = make({"caw"});
  EXPECT_THROW(lex.derived<FailsOnce>(), std::runtime_error);
  EXPECT_NO_THROW(lex.derived<FailsOnce>());
  EXPECT_EQ(FailsOnce::tries, 2);
  const Lexicon moved = std::move(lex);
  EXPECT_THROW(lex.derived<CountedWords>(), std::logic_error);  // NOLINT(bugprone-use-after-move)
  EXPECT_NO_THROW(moved.derived<FailsOnce>());
}

TEST(Rack, Parses) {
  auto r = Rack::parse("aAb*?", en().vowels());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->counts[en().code('a')], 2);
  EXPECT_EQ(r->counts[en().code('b')], 1);
  ASSERT_EQ(r->blanks.size(), 2u);
  EXPECT_EQ(r->blanks[0], en().vowels());
  EXPECT_EQ(r->size(), 5);
  EXPECT_FALSE(Rack::parse("ab1", en().letters()));
  EXPECT_FALSE(Rack::parse("a b", en().letters()));
  EXPECT_TRUE(Rack::parse("", en().letters()));
}

TEST(Lexicon, SubAnagramsWithoutBlanks) {
  Lexicon lex = make({"a", "at", "ate", "eat", "tea", "teat", "tee", "eta", "seat"});
  auto rack = *Rack::parse("tae", en().letters());
  EXPECT_EQ(lex.sub_anagrams(rack),
            (std::vector<std::string>{"a", "at", "ate", "eat", "eta", "tea"}));
  EXPECT_EQ(lex.sub_anagrams(rack, 3), (std::vector<std::string>{"ate", "eat", "eta", "tea"}));
  auto two_t = *Rack::parse("ttae", en().letters());
  EXPECT_EQ(lex.sub_anagrams(two_t, 4), (std::vector<std::string>{"teat"}));
}

TEST(Lexicon, SubAnagramsWithBlanks) {
  Lexicon lex = make({"at", "ate", "eat", "tea", "teat", "tee", "seat", "sit", "zit"});
  auto any = *Rack::parse("t*", en().letters());
  EXPECT_EQ(lex.sub_anagrams(any), (std::vector<std::string>{"at"}));
  auto vowel = *Rack::parse("ts*", en().vowels());
  EXPECT_EQ(lex.sub_anagrams(vowel), (std::vector<std::string>{"at", "sit"}));
  auto two = *Rack::parse("t**", en().letters());
  EXPECT_EQ(lex.sub_anagrams(two),
            (std::vector<std::string>{"at", "ate", "eat", "sit", "tea", "tee", "zit"}));
  // Blanks of different kinds: each word listed once.
  Rack mixed = *Rack::parse("t", en().letters());
  mixed.blanks = {en().vowels(), en().letters()};
  EXPECT_EQ(lex.sub_anagrams(mixed),
            (std::vector<std::string>{"at", "ate", "eat", "sit", "tea", "tee", "zit"}));
  std::vector<std::uint32_t> indices;
  lex.sub_anagrams(mixed, indices);
  EXPECT_TRUE(std::is_sorted(indices.begin(), indices.end()));
  EXPECT_EQ(std::adjacent_find(indices.begin(), indices.end()), indices.end());
}

TEST(Lexicon, AnagramsAgreeWithBruteForceOnTheDefaultLexicon) {
  const Lexicon& lex = default_lexicon();
  for (const char* text : {"retains*", "aeinrst", "qu*z", "xyzzy**"}) {
    auto rack = *Rack::parse(text, en().letters());
    std::vector<std::string> expected;
    lex.for_each_word([&](std::string_view w) {
      auto counts = rack.counts;
      int blanks = static_cast<int>(rack.blanks.size());
      for (char c : w) {
        Letter l = en().code(c);
        if (counts[l] > 0) {
          --counts[l];
        } else if (--blanks < 0) {
          return;
        }
      }
      expected.emplace_back(w);
    });
    EXPECT_EQ(lex.sub_anagrams(rack), expected) << text;
  }
}

TEST(DefaultLexicon, IndicesAreABijectionInWordOrder) {
  const Lexicon& lex = default_lexicon();
  std::size_t i = 0;
  lex.for_each_word([&](std::string_view w) {
    ASSERT_EQ(lex.index_of(w), static_cast<std::int64_t>(i)) << w;
    ASSERT_EQ(lex.word_at(i), w);
    ++i;
  });
  EXPECT_EQ(i, lex.size());
}

TEST(DefaultLexicon, IsEnable) {
  const Lexicon& lex = default_lexicon();
  EXPECT_EQ(lex.size(), 172823u);
  EXPECT_TRUE(lex.contains("aa"));
  EXPECT_TRUE(lex.contains("zyzzyvas"));
  EXPECT_TRUE(lex.contains("quiz"));
  EXPECT_FALSE(lex.contains("qwertyuiop"));
  EXPECT_FALSE(lex.contains("zzz"));
  EXPECT_EQ(lex.word_at(0), "aa");
  EXPECT_EQ(lex.word_at(lex.size() - 1), "zyzzyvas");
  EXPECT_EQ(lex.max_length(), 28u);
  EXPECT_EQ(lex.count_by_length()[2], 96u);
}

}  // namespace
}  // namespace wg
