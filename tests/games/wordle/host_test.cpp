#include "games/wordle/host.h"

#include <gtest/gtest.h>

#include <array>

#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

using test::codes;

TEST(WordleHost, NamesRoundTrip) {
  for (HostKind host : all_hosts()) EXPECT_EQ(parse_host(to_string(host)), host);
  EXPECT_FALSE(parse_host("optimal"));
  EXPECT_TRUE(adversarial(HostKind::kLargest));
  EXPECT_FALSE(adversarial(HostKind::kFair));
}

TEST(WordleHost, FamiliesHoldEveryAnswerOnceByPattern) {
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> all = words.all_ids();
  const std::vector<Family> families = partition(words, all, codes("speed"));
  std::size_t total = 0;
  for (std::size_t i = 0; i < families.size(); ++i) {
    total += families[i].words.size();
    if (i > 0) {
      EXPECT_LT(families[i - 1].pattern, families[i].pattern);
    }
    for (WordId id : families[i].words) {
      EXPECT_EQ(feedback(codes("speed"), words.word(id)), families[i].pattern);
    }
  }
  EXPECT_EQ(total, all.size());
}

TEST(WordleHost, LargestKeepsTheLargestFamilyWithItsTieBreaks) {
  constexpr std::array<std::string_view, 4> kWords = {"deal", "tear", "monk", "dear"};
  const WordBank words = WordBank::from_words(kWords);
  // DEAR against deal (ggg.), dear (gggg), monk (....), tear (.ggg): four families of one.
  const std::vector<Family> families = partition(words, words.all_ids(), codes("dear"));
  ASSERT_EQ(families.size(), 4u);
  // Ties: fewest greens: MONK's all-grey family.
  EXPECT_EQ(words.text(families[largest_family(families, 4)].words.front()), "monk");
  // Same size, same greens: fewer yellows, then the smaller code.
  const Family a{pattern_of(std::array{Mark::kYellow, Mark::kGrey, Mark::kGrey, Mark::kGrey}), {0}};
  const Family b{pattern_of(std::array{Mark::kGrey, Mark::kYellow, Mark::kYellow, Mark::kGrey}),
                 {1}};
  const Family c{pattern_of(std::array{Mark::kGrey, Mark::kYellow, Mark::kGrey, Mark::kGrey}), {2}};
  const Family big{pattern_of(std::array{Mark::kGreen, Mark::kGreen, Mark::kGrey, Mark::kGrey}),
                   {3, 4}};
  EXPECT_TRUE(larger_family(big, a, 4));
  EXPECT_TRUE(larger_family(a, b, 4));
  EXPECT_TRUE(larger_family(c, a, 4));  // one yellow each: the smaller code
  const std::vector<Family> list = {a, b, c};
  EXPECT_EQ(largest_family(list, 4), 2u);
}

TEST(WordleHost, TheGreenFamilyIsKeptOnlyWhenItIsTheLastWord) {
  constexpr std::array<std::string_view, 2> kWords = {"deal", "tear"};
  const WordBank words = WordBank::from_words(kWords);
  const std::vector<Family> two = partition(words, words.all_ids(), codes("deal"));
  EXPECT_EQ(words.text(two[largest_family(two, 4)].words.front()), "tear");
  EXPECT_EQ(words.text(two[lookahead_family(words, two)].words.front()), "tear");
  const std::vector<WordId> one = {*words.find(codes("deal"))};
  const std::vector<Family> last = partition(words, one, codes("deal"));
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last.front().pattern, all_green(4));
}

TEST(WordleHost, LookaheadKeepsTheFamilyTheBestReplySplitsWorst) {
  const WordBank words = test::five_letter_words();
  const std::vector<WordId> all = words.all_ids();
  const std::vector<Family> families = partition(words, all, codes("spine"));
  const std::size_t largest = largest_family(families, 5);
  LookaheadLimits limits;
  limits.families = families.size();
  const std::size_t chosen = lookahead_family(words, families, limits);
  const long hardness = family_hardness(words, families[chosen], limits);
  for (std::size_t i = 0; i < families.size(); ++i) {
    EXPECT_LE(family_hardness(words, families[i], limits), hardness) << i;
  }
  // Weighing one family only is the largest host.
  limits.families = 1;
  EXPECT_EQ(lookahead_family(words, families, limits), largest);
}

}  // namespace
}  // namespace wg::wordle
