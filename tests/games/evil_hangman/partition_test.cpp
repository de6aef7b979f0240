#include "games/evil_hangman/partition.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <map>
#include <set>

#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

/// Families as pattern text ("-e--") -> words, for readable expectations.
std::map<std::string, std::set<std::string>> families_of(const WordSet& words,
                                                         const Partition& part, char letter) {
  std::map<std::string, std::set<std::string>> result;
  for (const Family& f : part.families()) {
    std::string pattern(words.length(), '-');
    for (std::size_t p = 0; p < words.length(); ++p) {
      if ((f.positions >> p) & 1u) pattern[p] = letter;
    }
    for (WordId id : part.words_of(f)) result[pattern].insert(words.text(id));
  }
  return result;
}

TEST(PartitionTest, SpecExampleGuessingE) {
  const WordSet words = test::spec_words();
  const Partition part = partition(words, words.all_ids(), code('e'));
  const std::map<std::string, std::set<std::string>> expected = {
      {"----", {"ally", "cool", "good"}},
      {"-e--", {"beta", "deal"}},
      {"--e-", {"flew", "ibex"}},
      {"e--e", {"else"}},
      {"---e", {"hope"}},
  };
  EXPECT_EQ(families_of(words, part, 'e'), expected);
  EXPECT_TRUE(part.families().front().is_miss());  // ordered by positions: the miss first
}

TEST(PartitionTest, FamiliesAreByPositionsNotCounts) {
  constexpr std::array<std::string_view, 3> kWords = {"beer", "here", "seen"};
  const WordSet words = WordSet::from_words(kWords);
  const Partition part = partition(words, words.all_ids(), code('e'));
  ASSERT_EQ(part.families().size(), 2u);  // BEER and SEEN share -EE-; HERE is -E-E
  EXPECT_EQ(part.find(0b0110), 0);
  EXPECT_EQ(part.find(0b1010), 1);
  EXPECT_EQ(part.families()[0].size, 2u);
  EXPECT_EQ(part.find(0b0001), -1);
}

TEST(PartitionTest, LetterInNoWordGivesOneMissFamily) {
  const WordSet words = test::spec_words();
  const Partition part = partition(words, words.all_ids(), code('z'));
  ASSERT_EQ(part.families().size(), 1u);
  EXPECT_TRUE(part.families()[0].is_miss());
  EXPECT_EQ(part.families()[0].size, 9u);
}

TEST(PartitionTest, EveryEightLetterWordIsInTheFamilyOfItsPositions) {
  const WordSet words = WordSet::of_length(default_lexicon(), 8);
  Partition part;
  for (char c : {'e', 's', 'q'}) {
    const Letter l = code(c);
    part.split(words, words.all_ids(), l);
    std::size_t total = 0;
    std::set<std::uint64_t> seen;
    for (const Family& f : part.families()) {
      EXPECT_TRUE(seen.insert(f.positions).second);
      total += f.size;
      for (WordId id : part.words_of(f)) {
        std::uint64_t mask = 0;
        const auto word = words.word(id);
        for (std::size_t p = 0; p < 8; ++p) mask |= std::uint64_t{word[p] == l} << p;
        ASSERT_EQ(mask, f.positions) << words.text(id);
      }
    }
    EXPECT_EQ(total, words.size());
  }
}

TEST(PartitionTest, ReusedPartitionForgetsThePreviousSplit) {
  const WordSet words = test::spec_words();
  Partition part;
  part.split(words, words.all_ids(), code('e'));
  const std::vector<WordId> two = {2, 6};  // cool, good
  part.split(words, two, code('o'));
  ASSERT_EQ(part.families().size(), 1u);
  EXPECT_EQ(part.families()[0].positions, 0b0110u);
  EXPECT_EQ(part.families()[0].size, 2u);
}

}  // namespace
}  // namespace wg::evil_hangman
