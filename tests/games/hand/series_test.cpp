// games/hand/series.h: a series of hands with one substitution and one replay.

#include "games/hand/series.h"

#include <gtest/gtest.h>

namespace wg::hand {
namespace {

const Lexicon& lexicon() { return default_lexicon(); }
std::vector<Letter> tiles(std::string_view text) { return parse_tiles(text).value(); }

/// A word from the hand's tiles that is surely invalid: all its tiles, sorted, if not a word.
std::vector<Letter> all_tiles(const Hand& hand) { return hand.tiles(); }

TEST(SeriesTest, DealsReproduciblyFromTheSeed) {
  Series a(lexicon(), {3, 7}, 42), b(lexicon(), {3, 7}, 42), c(lexicon(), {3, 7}, 43);
  EXPECT_EQ(a.hand(), b.hand());
  EXPECT_EQ(a.hand().size(), 7);
  EXPECT_EQ(a.hand().wildcards(), 1);
  EXPECT_NE(hand_text(a.hand()) + hand_text(c.hand()), hand_text(a.hand()) + hand_text(a.hand()));
  EXPECT_THROW(Series(lexicon(), {0, 7}, 1), std::invalid_argument);
  EXPECT_THROW(Series(lexicon(), {1, 0}, 1), std::invalid_argument);
}

TEST(SeriesTest, PlaysScoreAndUseUpLetters) {
  Series s(lexicon(), {1, 7}, 1);
  const Hand start = s.hand();
  EXPECT_EQ(s.phase(), Phase::kPlaying);
  // An invalid entry scores 0 and still removes the letters it names.
  const std::vector<Letter> first{start.tiles()[0], start.tiles()[0], start.tiles()[0]};
  const PlayResult bad = s.play(std::vector<Letter>{first[0], kWildcard, kWildcard, kWildcard});
  EXPECT_EQ(bad.valid, is_valid_word(lexicon(), start, bad.word));
  EXPECT_EQ(bad.hand_after, play_word(start, bad.word));
  EXPECT_EQ(s.hand(), bad.hand_after);
  EXPECT_FALSE(s.can_substitute());  // only before the first word
  s.end_hand();
  EXPECT_EQ(s.phase(), Phase::kHandOver);
  EXPECT_THROW(s.play(tiles("a")), std::logic_error);
  EXPECT_THROW(s.end_hand(), std::logic_error);
  ASSERT_EQ(s.records().size(), 1u);
  EXPECT_EQ(s.records()[0].score, bad.score);
  s.next_hand();
  EXPECT_EQ(s.phase(), Phase::kOver);
  EXPECT_EQ(s.total(), bad.score);
}

TEST(SeriesTest, RunningOutOfLettersEndsTheHand) {
  Series s(lexicon(), {2, 3}, 7);
  const PlayResult r = s.play(all_tiles(s.hand()));
  EXPECT_TRUE(r.ran_out);
  EXPECT_TRUE(r.hand_after.empty());
  EXPECT_EQ(s.phase(), Phase::kHandOver);
  EXPECT_EQ(s.hand_index(), 0);
  s.next_hand();
  EXPECT_EQ(s.phase(), Phase::kPlaying);
  EXPECT_EQ(s.hand_index(), 1);
  EXPECT_EQ(s.hand().size(), 3);
}

TEST(SeriesTest, SubstitutionOncePerSeriesBeforeTheFirstWord) {
  Series s(lexicon(), {2, 7}, 11);
  ASSERT_TRUE(s.can_substitute());
  const Hand dealt = s.hand();
  const Letter letter = dealt.tiles()[0];
  EXPECT_THROW(s.substitute(kWildcard), std::invalid_argument);
  Letter absent = 0;
  while (dealt.contains(absent)) ++absent;
  EXPECT_THROW(s.substitute(absent), std::invalid_argument);
  EXPECT_EQ(s.hand(), dealt);  // refused substitutions change nothing
  ASSERT_TRUE(s.can_substitute());
  const Hand after = s.substitute(letter);
  EXPECT_EQ(after.count(letter), 0);
  EXPECT_EQ(after.size(), 7);
  EXPECT_EQ(s.start(), after);
  EXPECT_FALSE(s.can_substitute());
  EXPECT_THROW(s.substitute(after.tiles()[0]), std::logic_error);
  s.end_hand();
  EXPECT_TRUE(s.records()[0].substituted);
  EXPECT_EQ(s.records()[0].dealt, dealt);
  s.next_hand();
  EXPECT_FALSE(s.can_substitute());  // used up for the series
  // The same seed deals the same second hand whether or not a letter was substituted.
  Series t(lexicon(), {2, 7}, 11);
  t.end_hand();
  t.next_hand();
  EXPECT_EQ(t.hand(), s.hand());
}

TEST(SeriesTest, ReplayOncePerSeriesAndTheBetterScoreCounts) {
  Series s(lexicon(), {2, 7}, 5);
  const Hand start = s.start();
  s.end_hand();  // 0 points
  ASSERT_TRUE(s.can_replay());
  s.replay();
  EXPECT_TRUE(s.replaying());
  EXPECT_EQ(s.hand(), start);
  EXPECT_FALSE(s.can_substitute());  // no substitution on a replay
  EXPECT_EQ(s.hand_index(), 0);
  // Play every valid word the greedy way to score something on the replay.
  int scored = 0;
  Hand at = s.hand();
  for (Letter a : at.tiles()) {
    for (Letter b : at.tiles()) {
      const std::vector<Letter> word{a, b};
      if (s.phase() == Phase::kPlaying && is_valid_word(lexicon(), s.hand(), word)) {
        scored += s.play(word).score;
      }
    }
  }
  if (s.phase() == Phase::kPlaying) s.end_hand();
  EXPECT_EQ(s.records()[0].score, 0);
  EXPECT_EQ(s.records()[0].replay_score, scored);
  EXPECT_EQ(s.records()[0].counted(), scored);
  EXPECT_FALSE(s.can_replay());
  EXPECT_THROW(s.replay(), std::logic_error);
  s.next_hand();
  s.end_hand();
  EXPECT_FALSE(s.can_replay());  // used up for the series
  s.next_hand();
  EXPECT_EQ(s.phase(), Phase::kOver);
  EXPECT_EQ(s.total(), scored);
  HandRecord worse{Hand{}, Hand{}, false, 50, 20};
  EXPECT_EQ(worse.counted(), 50);
}

}  // namespace
}  // namespace wg::hand
