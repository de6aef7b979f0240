#include "lexicon/anagram_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/rng.h"
#include "fixtures.h"

namespace wg {
namespace {

using test::en;
using test::make;

TEST(AnagramIndex, FindsTheSameWordsAsTheLexicon) {
  Lexicon lex = make({"a", "at", "ate", "eat", "eta", "tea", "teat", "tee", "seat", "sit", "zit"});
  AnagramIndex index(lex);
  for (const char* text : {"tae", "ttae", "t*", "ts*", "t**", "", "***", "zzz"}) {
    auto rack = *Rack::parse(text, en().letters());
    EXPECT_EQ(index.sub_anagrams(rack), lex.sub_anagrams(rack)) << text;
    EXPECT_EQ(index.sub_anagrams(rack, 3), lex.sub_anagrams(rack, 3)) << text;
  }
  auto vowel = *Rack::parse("ts*", en().vowels());
  EXPECT_EQ(index.sub_anagrams(vowel), (std::vector<std::string>{"a", "at", "sit"}));
}

TEST(AnagramIndex, ListsEachWordOnceEvenWithMixedBlanks) {
  Lexicon lex = make({"at", "ate", "eat", "tea", "tee", "sit", "zit"});
  AnagramIndex index(lex);
  Rack mixed = *Rack::parse("t", en().letters());
  mixed.blanks = {en().vowels(), en().letters()};
  std::vector<std::uint32_t> found;
  index.sub_anagrams(mixed, found);
  std::vector<std::uint32_t> sorted = found;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
  EXPECT_EQ(index.sub_anagrams(mixed), lex.sub_anagrams(mixed));
}

TEST(AnagramIndex, IgnoresLettersOutsideTheAlphabet) {
  // A rack built by hand may hold counts or blank letters past the alphabet's 26 (up to bit 31
  // of a LetterSet): no word uses them, and the index finds what the lexicon's own search does.
  Lexicon lex = make({"at", "ate", "eat", "tea", "tee", "sit", "zit"});
  AnagramIndex index(lex);
  Rack rack = *Rack::parse("t", en().letters());
  rack.counts[28] = 2;
  rack.blanks = {LetterSet(0xFFFFFFFFu), LetterSet(1u << 30)};
  EXPECT_EQ(index.sub_anagrams(rack), lex.sub_anagrams(rack));
  // The letters past the alphabet count for nothing: the blank that may be any letter and the
  // T make the only word.
  EXPECT_EQ(index.sub_anagrams(rack), (std::vector<std::string>{"at"}));
}

TEST(AnagramIndex, EmptyLexicon) {
  Lexicon lex;
  AnagramIndex index(lex);
  EXPECT_TRUE(index.sub_anagrams(*Rack::parse("abc**", en().letters())).empty());
}

TEST(AnagramIndex, AgreesWithTheLexiconOnRandomRacksOfTheDefaultLexicon) {
  const Lexicon& lex = default_lexicon();
  AnagramIndex index(lex);
  Rng rng(99);
  std::vector<Tile> bag = expand(en().scrabble_bag());
  std::vector<std::uint32_t> a, b;
  for (int i = 0; i < 300; ++i) {
    rng.shuffle(bag);
    Rack rack;
    const std::size_t tiles = 1 + rng.below(9);
    for (std::size_t k = 0; k < tiles; ++k) {
      if (bag[k].is_blank()) {
        rack.blanks.push_back(i % 3 == 0 ? en().vowels() : en().letters());
      } else {
        ++rack.counts[bag[k].letters[0]];
      }
    }
    const std::size_t min_length = 1 + rng.below(4);
    lex.sub_anagrams(rack, a, min_length);
    index.sub_anagrams(rack, b, min_length);
    std::sort(b.begin(), b.end());
    ASSERT_EQ(a, b) << "rack " << i;
  }
  // ENABLE: the distinct prefixes of alphagrams sorted commonest letter first, the root and the
  // sentinel (402,728 in alphabetical order).
  EXPECT_EQ(index.node_count(), 344891u);
}

}  // namespace
}  // namespace wg
