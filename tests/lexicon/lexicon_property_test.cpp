// For random word lists the automaton answers exactly like a std::set: membership, prefixes,
// enumeration, and indices as a bijection onto 0..size()-1.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "lexicon/lexicon.h"

namespace wg {
namespace {

std::string random_word(Rng& rng, int alphabet, std::size_t max_length) {
  std::string w(1 + rng.below(max_length), 'a');
  for (char& c : w) c = static_cast<char>('a' + rng.below(static_cast<std::uint64_t>(alphabet)));
  return w;
}

void check_against_set(const std::set<std::string>& words, Rng& rng, int alphabet,
                       std::size_t max_length) {
  std::vector<std::string> sorted(words.begin(), words.end());
  Lexicon lex = Lexicon::build(sorted);
  ASSERT_EQ(lex.size(), words.size());

  std::vector<std::string> enumerated;
  lex.for_each_word([&](std::string_view w) { enumerated.emplace_back(w); });
  ASSERT_EQ(enumerated, sorted);

  std::set<std::string> prefixes;
  for (const auto& w : sorted)
    for (std::size_t k = 0; k <= w.size(); ++k) prefixes.insert(w.substr(0, k));

  for (std::size_t i = 0; i < sorted.size(); ++i) {
    ASSERT_TRUE(lex.contains(sorted[i])) << sorted[i];
    ASSERT_EQ(lex.index_of(sorted[i]), static_cast<std::int64_t>(i)) << sorted[i];
    ASSERT_EQ(lex.word_at(i), sorted[i]);
  }
  for (int probe = 0; probe < 2000; ++probe) {
    const std::string q = random_word(rng, alphabet + 1, max_length + 1);
    ASSERT_EQ(lex.contains(q), words.count(q) == 1) << q;
    ASSERT_EQ(lex.is_prefix(q), prefixes.count(q) == 1) << q;
    ASSERT_EQ(lex.index_of(q) >= 0, words.count(q) == 1) << q;
  }
  std::vector<std::size_t> by_length(lex.count_by_length().size(), 0);
  for (const auto& w : sorted) ++by_length.at(w.size());
  EXPECT_EQ(lex.count_by_length(), by_length);

  // The compiled form answers the same.
  Lexicon copy = Lexicon::deserialize(lex.serialize(), "copy");
  for (std::size_t i = 0; i < sorted.size(); i += 7) ASSERT_EQ(copy.word_at(i), sorted[i]);
}

TEST(LexiconProperty, BehavesLikeAStdSet) {
  Rng rng(20261122);
  for (int round = 0; round < 60; ++round) {
    // Small alphabets and many words make shared suffixes (DAWG merges) and wide states likely.
    const int alphabet = 2 + static_cast<int>(rng.below(25));
    const std::size_t max_length = 1 + rng.below(12);
    const std::size_t count = 1 + rng.below(round < 50 ? 300 : 5000);
    std::set<std::string> words;
    for (std::size_t i = 0; i < count; ++i) words.insert(random_word(rng, alphabet, max_length));
    SCOPED_TRACE("round " + std::to_string(round));
    check_against_set(words, rng, alphabet, max_length);
  }
}

TEST(LexiconProperty, SuffixHeavyLists) {
  // Every combination of prefixes and suffixes: the minimal DAWG is tiny, the trie is not.
  std::set<std::string> words;
  for (const char* head : {"un", "re", "pre", "over", "z"})
    for (const char* stem : {"do", "make", "tie", "wind"})
      for (const char* tail : {"", "s", "ing", "er", "ers"})
        words.insert(std::string(head) + stem + tail);
  Rng rng(7);
  check_against_set(words, rng, 26, 12);
}

TEST(LexiconProperty, OneWordAndOneLetterWords) {
  Rng rng(3);
  check_against_set({"x"}, rng, 26, 2);
  std::set<std::string> letters;
  for (char c = 'a'; c <= 'z'; ++c) letters.insert(std::string(1, c));
  check_against_set(letters, rng, 26, 2);
  check_against_set({std::string(64, 'q')}, rng, 26, 64);
}

}  // namespace
}  // namespace wg
