#include "lexicon/pattern_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "fixtures.h"

namespace wg {
namespace {

using test::en;
using test::make;

/// The oracle: every word of the pattern's length, tested letter by letter.
std::vector<std::string> scan(const std::vector<std::string>& words, const Pattern& pattern) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    if (word.size() != pattern.positions.size()) continue;
    bool fits = true;
    for (std::size_t i = 0; i < word.size() && fits; ++i) {
      fits = pattern.positions[i].contains(en().code(word[i]));
    }
    if (fits) out.push_back(word);
  }
  return out;
}

TEST(PatternIndex, MatchesLettersWildcardsSetsAndComplements) {
  const Lexicon lex = make({"caw", "caws", "cobs", "cow", "cows", "mows", "a", "ab", "zzzzzz"});
  const PatternIndex index(lex);
  const auto words = [&](const char* text) { return index.match(Pattern::parse(text)); };
  EXPECT_EQ(words("c?ws"), (std::vector<std::string>{"caws", "cows"}));
  EXPECT_EQ(words("?ows"), (std::vector<std::string>{"cows", "mows"}));
  EXPECT_EQ(words("c[^a]?s"), (std::vector<std::string>{"cobs", "cows"}));
  EXPECT_EQ(words("c[ao]w"), (std::vector<std::string>{"caw", "cow"}));
  EXPECT_EQ(words("?"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(words("????"), (std::vector<std::string>{"caws", "cobs", "cows", "mows"}));
  EXPECT_EQ(words("[^c]???"), (std::vector<std::string>{"mows"}));
  EXPECT_TRUE(words("?????").empty());     // no word of that length
  EXPECT_TRUE(words("????????").empty());  // longer than the longest
  EXPECT_TRUE(words("x???").empty());      // no word with that letter there
  EXPECT_EQ(index.count(Pattern::parse("c???")), 3u);
  std::vector<std::uint32_t> indices = {99};  // reused: cleared first
  index.match(Pattern::parse("c?ws"), indices);
  EXPECT_EQ(indices,
            (std::vector<std::uint32_t>{static_cast<std::uint32_t>(lex.index_of("caws")),
                                        static_cast<std::uint32_t>(lex.index_of("cows"))}));
}

TEST(PatternIndex, APositionThatAllowsNoLetterMatchesNothing) {
  const Lexicon lex = make({"cat", "cot"});
  Pattern pattern = Pattern::parse("c?t");
  pattern.positions[1] = LetterSet();
  EXPECT_TRUE(PatternIndex(lex).match(pattern).empty());
  EXPECT_EQ(PatternIndex(lex).count(pattern), 0u);
}

TEST(PatternIndex, AnEmptyLexiconMatchesNothing) {
  const Lexicon empty;
  EXPECT_TRUE(PatternIndex(empty).match(Pattern::parse("a")).empty());
  EXPECT_TRUE(empty.match(Pattern::parse("??")).empty());
}

// Random patterns of every kind (letters kept from a word, `?`, sets and complements of every
// size) against the scan, on the whole built-in lexicon: groups of many 64-word blocks, and
// lengths whose last block is partly filled.
TEST(PatternIndex, AgreesWithAScanOfEveryWord) {
  const Lexicon& lex = default_lexicon();
  const PatternIndex index(lex);
  std::vector<std::string> words;
  std::vector<std::vector<std::string>> by_length(lex.max_length() + 1);
  lex.for_each_word([&](std::string_view word) {
    words.emplace_back(word);
    by_length[word.size()].emplace_back(word);
  });
  Rng rng(2026);
  for (int round = 0; round < 400; ++round) {
    const std::string& word = words[rng.below(words.size())];
    Pattern pattern;
    for (const char c : word) {
      LetterSet at;
      switch (rng.below(4)) {
        case 0:
          at = LetterSet(1u << en().code(c));
          break;  // the word's letter
        case 1:
          at = en().letters();
          break;  // `?`
        default:  // a set, or a complement
          at = LetterSet(static_cast<std::uint32_t>(rng.below(1u << 26)));
          if (rng.chance(0.5)) at.insert(en().code(c));
      }
      pattern.positions.push_back(at);
    }
    const std::vector<std::string> expected = scan(by_length[word.size()], pattern);
    ASSERT_EQ(index.match(pattern), expected) << word << " round " << round;
    ASSERT_EQ(index.count(pattern), expected.size()) << word;
    std::vector<std::uint32_t> indices;
    index.match(pattern, indices);
    ASSERT_EQ(indices.size(), expected.size());
    for (std::size_t i = 0; i < indices.size(); ++i)
      ASSERT_EQ(lex.word_at(indices[i]), expected[i]);
  }
}

// Lexicon::match builds the index once, on its first call, from whichever thread calls first;
// the others wait for it and all get the same words.
TEST(PatternIndex, TheLexiconsIndexIsBuiltOnceForEveryThread) {
  const Lexicon lex = make({"caw", "caws", "cobs", "cow", "cows", "mows"});
  const Pattern pattern = Pattern::parse("c??s");
  std::vector<std::vector<std::string>> found(4);
  {
    std::vector<std::jthread> threads;
    for (auto& out : found) threads.emplace_back([&] { out = lex.match(pattern); });
  }
  for (const auto& out : found) EXPECT_EQ(out, (std::vector<std::string>{"caws", "cobs", "cows"}));
  EXPECT_EQ(&lex.pattern_index(), &lex.pattern_index());
  const Lexicon copy = lex;  // a copy holds the same words: it shares the index
  EXPECT_EQ(&copy.pattern_index(), &lex.pattern_index());
  EXPECT_GT(lex.pattern_index().memory_bytes(), 0u);
}

}  // namespace
}  // namespace wg
