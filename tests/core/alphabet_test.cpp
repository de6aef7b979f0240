#include "core/alphabet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace {

using wg::Alphabet;
using wg::kNoLetter;
using wg::Letter;
using wg::LetterSet;
using wg::Tile;
using wg::TileCount;

const Alphabet& en() { return Alphabet::english(); }

std::vector<Letter> codes(std::string_view text) {
  auto encoded = en().encode(text);
  EXPECT_TRUE(encoded.has_value()) << text;
  return encoded.value_or(std::vector<Letter>{});
}

// Letter counts of a bag by lowercase letter; blanks counted under '*'.
std::map<char, int> counts_by_letter(const std::vector<TileCount>& bag) {
  std::map<char, int> out;
  for (const auto& [tile, count] : bag) {
    if (tile.is_blank()) {
      out['*'] += count;
    } else {
      EXPECT_EQ(tile.letters.size(), 1u);
      out[en().lower(tile.letters[0])] += count;
    }
  }
  return out;
}

const std::map<char, int> kStandardCounts = {
    {'a', 9}, {'b', 2}, {'c', 2}, {'d', 4}, {'e', 12}, {'f', 2}, {'g', 3}, {'h', 2}, {'i', 9},
    {'j', 1}, {'k', 1}, {'l', 4}, {'m', 2}, {'n', 6},  {'o', 8}, {'p', 2}, {'q', 1}, {'r', 6},
    {'s', 4}, {'t', 6}, {'u', 4}, {'v', 2}, {'w', 2},  {'x', 1}, {'y', 2}, {'z', 1}};

TEST(Alphabet, EnglishHasTwentySixLettersAndNameEn) {
  EXPECT_EQ(en().size(), 26);
  EXPECT_EQ(en().name(), "en");
  EXPECT_EQ(en().letters().size(), 26);
  EXPECT_EQ(en().letters().bits(), (1u << 26) - 1);
  EXPECT_EQ(&Alphabet::english(), &Alphabet::english());
}

TEST(Alphabet, CodesAreAToZAsZeroToTwentyFive) {
  for (int i = 0; i < 26; ++i) {
    const char lo = static_cast<char>('a' + i);
    const char up = static_cast<char>('A' + i);
    EXPECT_EQ(en().code(lo), i) << lo;
    EXPECT_EQ(en().code(up), i) << up;
    EXPECT_EQ(en().lower(static_cast<Letter>(i)), lo);
    EXPECT_EQ(en().upper(static_cast<Letter>(i)), up);
  }
}

TEST(Alphabet, CodeIsNoLetterForEverythingElse) {
  for (char c : std::string_view("0123456789-' \t\n.,*?_@[`{")) {
    EXPECT_EQ(en().code(c), kNoLetter) << static_cast<int>(c);
  }
  EXPECT_EQ(en().code('\0'), kNoLetter);
  // Every byte outside A-Z/a-z, including bytes >= 0x80 (UTF-8 pieces, Latin-1 letters).
  int letters = 0;
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const bool ascii_letter = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    if (ascii_letter) {
      ++letters;
      EXPECT_NE(en().code(c), kNoLetter) << b;
    } else {
      EXPECT_EQ(en().code(c), kNoLetter) << b;
    }
  }
  EXPECT_EQ(letters, 52);
  EXPECT_EQ(en().code(static_cast<char>(0xE9)), kNoLetter);  // Latin-1 e-acute
  EXPECT_EQ(en().code(static_cast<char>(0xC3)), kNoLetter);  // UTF-8 lead byte
  EXPECT_EQ(en().code(static_cast<char>(0xFF)), kNoLetter);
}

TEST(Alphabet, FirstNonLetterQuotesTheWholeCharacter) {
  EXPECT_EQ(en().first_non_letter("Tea"), "");
  EXPECT_EQ(en().first_non_letter(""), "");
  EXPECT_EQ(en().first_non_letter("e4t"), "4");
  EXPECT_EQ(en().first_non_letter("v\u00f6te"), "\u00f6") << "two bytes of UTF-8, whole";
  EXPECT_EQ(en().first_non_letter("ab\xff\xfe"), "\xff") << "not UTF-8: one byte";
  EXPECT_EQ(en().first_non_letter("a \U0001F600"), " ");
}

TEST(Alphabet, VowelsAreExactlyAEIOU) {
  LetterSet expected;
  for (char v : std::string_view("aeiou")) expected.insert(en().code(v));
  EXPECT_EQ(en().vowels(), expected);
  EXPECT_EQ(en().vowels().size(), 5);
  for (int i = 0; i < 26; ++i) {
    const char c = static_cast<char>('a' + i);
    const bool vowel = std::string_view("aeiou").find(c) != std::string_view::npos;
    EXPECT_EQ(en().is_vowel(static_cast<Letter>(i)), vowel) << c;
    EXPECT_EQ(en().vowels().contains(static_cast<Letter>(i)), vowel) << c;
  }
  EXPECT_FALSE(en().is_vowel(en().code('y')));
}

TEST(Alphabet, ConsonantsAreTheOtherTwentyOne) {
  const LetterSet consonants = en().consonants();
  EXPECT_EQ(consonants.size(), 21);
  EXPECT_TRUE((consonants & en().vowels()).empty());
  EXPECT_EQ(consonants | en().vowels(), en().letters());
  // No bits beyond the alphabet.
  EXPECT_EQ(consonants.bits() & ~((1u << 26) - 1), 0u);
  std::string text;
  for (Letter l : consonants) text.push_back(en().lower(l));
  EXPECT_EQ(text, "bcdfghjklmnpqrstvwxyz");
}

TEST(Alphabet, ScrabbleValueOfEveryLetter) {
  const std::map<char, int> expected = {
      {'a', 1}, {'b', 3}, {'c', 3}, {'d', 2}, {'e', 1}, {'f', 4}, {'g', 2}, {'h', 4},  {'i', 1},
      {'j', 8}, {'k', 5}, {'l', 1}, {'m', 3}, {'n', 1}, {'o', 1}, {'p', 3}, {'q', 10}, {'r', 1},
      {'s', 1}, {'t', 1}, {'u', 1}, {'v', 4}, {'w', 4}, {'x', 8}, {'y', 4}, {'z', 10}};
  ASSERT_EQ(expected.size(), 26u);
  int total = 0;
  for (const auto& [c, v] : expected) {
    EXPECT_EQ(en().value(en().code(c)), v) << c;
    total += v;
  }
  EXPECT_EQ(total, 87);
}

TEST(Alphabet, ValueOfAWordSumsLetterValues) {
  EXPECT_EQ(en().value(codes("")), 0);
  EXPECT_EQ(en().value(codes("a")), 1);
  EXPECT_EQ(en().value(codes("quiz")), 10 + 1 + 1 + 10);
  EXPECT_EQ(en().value(codes("QUIZZIFY")), 10 + 1 + 1 + 10 + 10 + 1 + 4 + 4);
  EXPECT_EQ(en().value(codes("jukebox")), 8 + 1 + 5 + 1 + 3 + 1 + 8);
  EXPECT_EQ(en().value(codes("abcdefghijklmnopqrstuvwxyz")), 87);
}

TEST(Alphabet, EncodeDecodeRoundTrip) {
  const std::vector<Letter> hello = {7, 4, 11, 11, 14};
  EXPECT_EQ(codes("hello"), hello);
  EXPECT_EQ(codes("HeLLo"), hello);
  EXPECT_EQ(en().decode(hello), "hello");
  EXPECT_EQ(en().decode_upper(hello), "HELLO");
  const std::string all = "thequickbrownfoxjumpsoverthelazydog";
  EXPECT_EQ(en().decode(codes(all)), all);
  EXPECT_EQ(en().decode(codes("ZyXwV")), "zyxwv");
  EXPECT_EQ(en().decode_upper(codes("ZyXwV")), "ZYXWV");
  EXPECT_EQ(en().decode({}), "");
  auto empty = en().encode("");
  ASSERT_TRUE(empty.has_value());
  EXPECT_TRUE(empty->empty());
}

TEST(Alphabet, EncodeFailsOnAnyNonLetter) {
  EXPECT_FALSE(en().encode("don't").has_value());
  EXPECT_FALSE(en().encode("re-enter").has_value());
  EXPECT_FALSE(en().encode("two words").has_value());
  EXPECT_FALSE(en().encode("abc1").has_value());
  EXPECT_FALSE(en().encode("caf\xC3\xA9").has_value());  // UTF-8 e-acute
  EXPECT_FALSE(en().encode(" a").has_value());
  EXPECT_FALSE(en().encode(std::string_view("a\0b", 3)).has_value());
}

TEST(Alphabet, ParseTileLetters) {
  auto qu = en().parse_tile("Qu");
  ASSERT_TRUE(qu.has_value());
  EXPECT_EQ(qu->letters, (std::vector<Letter>{en().code('q'), en().code('u')}));
  EXPECT_FALSE(qu->is_blank());

  auto tiger = en().parse_tile("TIGER");
  ASSERT_TRUE(tiger.has_value());
  EXPECT_EQ(tiger->letters, codes("tiger"));
  EXPECT_EQ(en().parse_tile("tiger"), tiger);

  auto e = en().parse_tile("e");
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->letters, std::vector<Letter>{4});
}

TEST(Alphabet, ParseTileBlank) {
  for (std::string_view blank : {"*", "?", "_"}) {
    auto tile = en().parse_tile(blank);
    ASSERT_TRUE(tile.has_value()) << blank;
    EXPECT_TRUE(tile->is_blank()) << blank;
    EXPECT_TRUE(tile->letters.empty()) << blank;
  }
}

TEST(Alphabet, ParseTileRejectsBadText) {
  EXPECT_FALSE(en().parse_tile("").has_value());
  EXPECT_FALSE(en().parse_tile("a1").has_value());
  EXPECT_FALSE(en().parse_tile("1").has_value());
  EXPECT_FALSE(en().parse_tile("**").has_value());
  EXPECT_FALSE(en().parse_tile("a*").has_value());
  EXPECT_FALSE(en().parse_tile(" ").has_value());
  EXPECT_FALSE(en().parse_tile("Q u").has_value());
}

TEST(Alphabet, TileTextCapitalisesFirstLetter) {
  EXPECT_EQ(en().tile_text(Tile{codes("qu")}), "Qu");
  EXPECT_EQ(en().tile_text(Tile{codes("QU")}), "Qu");
  EXPECT_EQ(en().tile_text(Tile{codes("e")}), "E");
  EXPECT_EQ(en().tile_text(Tile{codes("TIGER")}), "Tiger");
  EXPECT_EQ(en().tile_text(Tile{}), "*");
  for (std::string_view text : {"Qu", "E", "Tiger", "*"}) {
    auto tile = en().parse_tile(text);
    ASSERT_TRUE(tile.has_value()) << text;
    EXPECT_EQ(en().tile_text(*tile), text);
  }
}

TEST(Alphabet, ScrabbleBagHasHundredTilesTwoBlanksAndStandardCounts) {
  const auto& bag = en().scrabble_bag();
  int total = 0;
  for (const auto& tc : bag) {
    EXPECT_GT(tc.count, 0);
    total += tc.count;
  }
  EXPECT_EQ(total, 100);
  auto counts = counts_by_letter(bag);
  EXPECT_EQ(counts['*'], 2);
  counts.erase('*');
  EXPECT_EQ(counts, kStandardCounts);
  // One entry per distinct tile: 26 letters plus the blank.
  EXPECT_EQ(bag.size(), 27u);
}

TEST(Alphabet, AuctionBagIsScrabbleBagWithoutBlanks) {
  const auto& bag = en().auction_bag();
  int total = 0;
  for (const auto& tc : bag) {
    EXPECT_FALSE(tc.tile.is_blank());
    total += tc.count;
  }
  EXPECT_EQ(total, 98);
  EXPECT_EQ(counts_by_letter(bag), kStandardCounts);
  EXPECT_EQ(bag.size(), 26u);
}

TEST(Alphabet, BagTileValuesTotal) {
  // The standard English set is worth 187 points (blanks score 0).
  int points = 0;
  for (const auto& [tile, count] : en().scrabble_bag()) points += count * en().value(tile.letters);
  EXPECT_EQ(points, 187);
}

TEST(Alphabet, ExpandRepeatsEachTileByCountInBagOrder) {
  const auto scrabble = wg::expand(en().scrabble_bag());
  EXPECT_EQ(scrabble.size(), 100u);
  EXPECT_EQ(
      std::count_if(scrabble.begin(), scrabble.end(), [](const Tile& t) { return t.is_blank(); }),
      2);
  const auto auction = wg::expand(en().auction_bag());
  EXPECT_EQ(auction.size(), 98u);
  EXPECT_EQ(
      std::count_if(auction.begin(), auction.end(), [](const Tile& t) { return t.is_blank(); }), 0);
  // Bag order: all the a's (9), then the b's.
  for (int i = 0; i < 9; ++i) EXPECT_EQ(auction[i], Tile{{0}}) << i;
  EXPECT_EQ(auction[9], Tile{{1}});

  EXPECT_TRUE(wg::expand({}).empty());
  const std::vector<TileCount> small = {{Tile{codes("qu")}, 2}, {Tile{}, 0}, {Tile{}, 1}};
  const auto tiles = wg::expand(small);
  ASSERT_EQ(tiles.size(), 3u);
  EXPECT_EQ(tiles[0], Tile{codes("qu")});
  EXPECT_EQ(tiles[1], Tile{codes("qu")});
  EXPECT_TRUE(tiles[2].is_blank());
}

TEST(Alphabet, LetterSetBasicOperations) {
  LetterSet s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0);
  EXPECT_EQ(s.bits(), 0u);
  s.insert(3);
  s.insert(0);
  s.insert(3);
  s.insert(25);
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(s.size(), 3);
  EXPECT_EQ(s.bits(), (1u << 0) | (1u << 3) | (1u << 25));
  EXPECT_TRUE(s.contains(0));
  EXPECT_TRUE(s.contains(3));
  EXPECT_TRUE(s.contains(25));
  EXPECT_FALSE(s.contains(1));
  EXPECT_FALSE(s.contains(26));
  EXPECT_FALSE(s.contains(kNoLetter));
  s.erase(3);
  s.erase(4);  // not a member: no effect
  EXPECT_EQ(s.size(), 2);
  EXPECT_FALSE(s.contains(3));
  EXPECT_EQ(s, LetterSet((1u << 0) | (1u << 25)));
  EXPECT_NE(s, LetterSet());
}

TEST(Alphabet, LetterSetSetAlgebra) {
  const LetterSet a(0b1100);
  const LetterSet b(0b1010);
  EXPECT_EQ((a | b).bits(), 0b1110u);
  EXPECT_EQ((a & b).bits(), 0b1000u);
  EXPECT_EQ((~a).bits(), ~0b1100u);
  EXPECT_EQ((~a & LetterSet::all(4)).bits(), 0b0011u);
  EXPECT_EQ(LetterSet::all(0), LetterSet());
  EXPECT_EQ(LetterSet::all(1).bits(), 1u);
  EXPECT_EQ(LetterSet::all(26).size(), 26);
  EXPECT_EQ(LetterSet::all(wg::kMaxLetters).size(), wg::kMaxLetters);
  EXPECT_TRUE(LetterSet::all(wg::kMaxLetters).contains(30));
  EXPECT_FALSE(LetterSet::all(wg::kMaxLetters).contains(31));
}

TEST(Alphabet, LetterSetIteratesInIncreasingCodeOrder) {
  LetterSet s;
  for (Letter l : {Letter{30}, Letter{7}, Letter{0}, Letter{19}, Letter{8}}) s.insert(l);
  std::vector<Letter> seen;
  for (Letter l : s) seen.push_back(l);
  EXPECT_EQ(seen, (std::vector<Letter>{0, 7, 8, 19, 30}));

  seen.clear();
  for (Letter l : LetterSet()) seen.push_back(l);
  EXPECT_TRUE(seen.empty());

  seen.clear();
  for (Letter l : LetterSet(1u << 31)) seen.push_back(l);
  EXPECT_EQ(seen, std::vector<Letter>{31});

  std::string vowels;
  for (Letter l : en().vowels()) vowels.push_back(en().lower(l));
  EXPECT_EQ(vowels, "aeiou");

  int n = 0;
  Letter prev = 0;
  for (Letter l : en().letters()) {
    if (n > 0) {
      EXPECT_EQ(l, prev + 1);
    }
    prev = l;
    ++n;
  }
  EXPECT_EQ(n, 26);
}

TEST(Alphabet, LetterSetIsConstexpr) {
  constexpr LetterSet s = [] {
    LetterSet x;
    x.insert(2);
    x.insert(5);
    x.erase(2);
    return x;
  }();
  static_assert(s.size() == 1);
  static_assert(s.contains(5));
  static_assert(*s.begin() == 5);
  EXPECT_EQ(s.bits(), 1u << 5);
}

}  // namespace
