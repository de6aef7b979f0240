// games/hand/solver.h: the best word and the exact optimal plan, checked against an exhaustive
// search over every string of the hand's tiles that a player could type.

#include "games/hand/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stop_token>
#include <string>
#include <utility>

#include "core/rng.h"
#include "lexicon/lexicon.h"

namespace wg::hand {
namespace {

const Lexicon& lexicon() { return default_lexicon(); }

Hand hand_of(std::string_view text) { return Hand::parse(text).value(); }

/// Exhaustive search: from each hand, every ordering of every non-empty sub-multiset of its
/// tiles is typed (valid words score, invalid ones score 0 and are allowed only as discards).
/// Memoised on the exact hand left; independent of the solver's word search and DP.
class BruteForce {
 public:
  explicit BruteForce(bool discards) : discards_(discards) {}

  int best_total(const Hand& hand) {
    const std::string key = hand_text(hand);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = 0;
    std::vector<Letter> typed;
    each_string(hand, hand, typed, [&](const std::vector<Letter>& word) {
      const Turn turn = score_play(lexicon(), hand, word);
      if (!turn.valid && !discards_) return;
      best = std::max(best, turn.score + best_total(turn.hand_after));
    });
    memo_[key] = best;
    return best;
  }

  static int best_word_score(const Hand& hand) {
    int best = -1;
    std::vector<Letter> typed;
    each_string(hand, hand, typed, [&](const std::vector<Letter>& word) {
      const Turn turn = score_play(lexicon(), hand, word);
      if (turn.valid) best = std::max(best, turn.score);
    });
    return best;
  }

 private:
  template <class Visit>
  static void each_string(const Hand& full, const Hand& left, std::vector<Letter>& typed,
                          Visit&& visit) {
    Letter previous = 0xFF;
    for (Letter tile : left.tiles()) {
      if (tile == previous) continue;  // each distinct tile once per position
      previous = tile;
      Hand rest = left;
      rest.remove(tile);
      typed.push_back(tile);
      visit(typed);
      each_string(full, rest, typed, visit);
      typed.pop_back();
    }
  }

  bool discards_;
  std::map<std::string, int> memo_;
};

/// An independent exact solver for hands too large to type every string of: the hand's words
/// from Lexicon::sub_anagrams (each `*` a vowel blank), each expanded into every multiset of
/// tiles that types it (a vowel as its letter or as `*`), then a memoised search over the hands
/// left that tries every play (and, with discards, every non-empty sub-hand thrown away). Gives
/// the best total and the fewest plays reaching it. Shares neither the solver's lexicon walk
/// nor its DP.
class Reference {
 public:
  Reference(const Hand& hand, bool discards) : discards_(discards) {
    Rack rack;
    for (Letter l = 0; l < kWildcard; ++l)
      rack.counts[l] = static_cast<std::uint8_t>(hand.count(l));
    rack.blanks.assign(static_cast<std::size_t>(hand.wildcards()), Alphabet::english().vowels());
    std::vector<std::uint32_t> words;
    lexicon().sub_anagrams(rack, words);
    std::set<std::vector<Letter>> typings;
    for (std::uint32_t w : words) {
      std::vector<Letter> typed;
      add_typings(hand, lexicon().letters_at(w), typed, typings);
    }
    for (const auto& tiles : typings) plays_.push_back(Hand::of(tiles));
  }

  /// (best total, fewest plays for it) from `hand`.
  std::pair<int, int> best(const Hand& hand) {
    const std::string key = hand_text(hand);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::pair<int, int> top{0, 0};
    auto offer = [&](int total, int plays) {
      if (total > top.first || (total > 0 && total == top.first && plays < top.second)) {
        top = {total, plays};
      }
    };
    for (const Hand& play : plays_) {
      if (!inside(play, hand)) continue;
      const auto [total, plays] = best(minus(hand, play));
      offer(word_score(play.tiles(), hand.size()) + total, plays + 1);
    }
    if (discards_) {
      each_sub_hand(hand, hand.tiles(), 0, Hand{}, [&](const Hand& thrown) {
        const auto [total, plays] = best(minus(hand, thrown));
        offer(total, plays + 1);
      });
    }
    memo_[key] = top;
    return top;
  }

 private:
  /// Every way to type `word` from `hand` (a vowel may be typed as `*`), as sorted tiles.
  static void add_typings(const Hand& hand, const std::vector<Letter>& word,
                          std::vector<Letter>& typed, std::set<std::vector<Letter>>& out) {
    if (typed.size() == word.size()) {
      std::vector<Letter> tiles = typed;
      std::sort(tiles.begin(), tiles.end());
      out.insert(tiles);
      return;
    }
    const Letter l = word[typed.size()];
    for (Letter tile : {l, kWildcard}) {
      if (tile == kWildcard && !Alphabet::english().is_vowel(l)) continue;
      const auto used = std::count(typed.begin(), typed.end(), tile);
      if (used >= hand.count(tile)) continue;
      typed.push_back(tile);
      add_typings(hand, word, typed, out);
      typed.pop_back();
    }
  }

  static bool inside(const Hand& part, const Hand& whole) {
    for (Letter tile = 0; tile <= kWildcard; ++tile) {
      if (part.count(tile) > whole.count(tile)) return false;
    }
    return true;
  }

  static Hand minus(const Hand& whole, const Hand& part) { return play_word(whole, part.tiles()); }

  /// visit(thrown) for every non-empty sub-hand, choosing how many of each distinct tile.
  template <class Visit>
  static void each_sub_hand(const Hand& hand, const std::vector<Letter>& tiles, std::size_t at,
                            Hand chosen, Visit&& visit) {
    if (at == tiles.size()) {
      if (!chosen.empty()) visit(chosen);
      return;
    }
    const Letter tile = tiles[at];
    std::size_t next = at;
    while (next < tiles.size() && tiles[next] == tile) ++next;
    for (int copies = 0; copies <= hand.count(tile); ++copies) {
      Hand with = chosen;
      with.add(tile, copies);
      each_sub_hand(hand, tiles, next, with, visit);
    }
  }

  bool discards_;
  std::vector<Hand> plays_;
  std::map<std::string, std::pair<int, int>> memo_;
};

/// The solver against Reference: totals, and the fewest plays among optimal plans.
void expect_matches_reference(const Hand& hand) {
  const Solution s = solve(lexicon(), hand);
  Reference valid_only(hand, false), with_discards(hand, true);
  const auto plain = valid_only.best(hand);
  const auto discards = with_discards.best(hand);
  EXPECT_EQ(s.plan.total, plain.first) << hand_text(hand);
  EXPECT_EQ(static_cast<int>(s.plan.plays.size()), plain.second) << hand_text(hand);
  EXPECT_EQ(s.plan_with_discards.total, discards.first) << hand_text(hand);
  EXPECT_EQ(static_cast<int>(s.plan_with_discards.plays.size()), discards.second)
      << hand_text(hand);
}

/// Replays a plan under the rules: each play must do what the plan says.
void expect_plan_replays(const Hand& hand, const Plan& plan, bool discards_allowed) {
  Hand at = hand;
  int total = 0;
  for (const Play& play : plan.plays) {
    const Turn turn = score_play(lexicon(), at, play.typed);
    EXPECT_EQ(turn.valid, !play.discard) << tiles_text(play.typed) << " in " << hand_text(at);
    EXPECT_EQ(turn.score, play.score) << tiles_text(play.typed);
    EXPECT_EQ(play_word(at, play.typed).size(), at.size() - static_cast<int>(play.typed.size()))
        << "a play must use only tiles in the hand";
    if (!play.discard) {
      EXPECT_TRUE(lexicon().contains(play.word)) << tiles_text(play.word);
      EXPECT_EQ(play.word.size(), play.typed.size());
    }
    if (!discards_allowed) {
      EXPECT_FALSE(play.discard);
    }
    total += turn.score;
    at = turn.hand_after;
  }
  EXPECT_EQ(total, plan.total) << hand_text(hand);
}

TEST(SolverTest, BestWordOfTheSpecHands) {
  const auto cows = best_word(lexicon(), hand_of("cows*z"));
  ASSERT_TRUE(cows.has_value());
  EXPECT_EQ(cows->score, BruteForce::best_word_score(hand_of("cows*z")));
  EXPECT_EQ(cows->score, word_score(cows->typed, 6));
  EXPECT_TRUE(is_valid_word(lexicon(), hand_of("cows*z"), cows->typed));
  // A word needing the wildcard: "f*x" from "e f x *" is beaten only by real-letter words.
  const auto fex = best_word(lexicon(), hand_of("efx*"));
  ASSERT_TRUE(fex.has_value());
  EXPECT_EQ(fex->score, BruteForce::best_word_score(hand_of("efx*")));
  // "ooze" needs the wildcard for its e; real tiles are used where the hand has them.
  const auto zoo = best_word(lexicon(), hand_of("zoo*"));
  ASSERT_TRUE(zoo.has_value());
  EXPECT_EQ(tiles_text(zoo->typed), "ooz*");
  EXPECT_EQ(tiles_text(zoo->word), "ooze");
  EXPECT_EQ(zoo->score, 12 * 28);
  // No word at all.
  EXPECT_FALSE(best_word(lexicon(), hand_of("zzx")).has_value());
  EXPECT_FALSE(best_word(lexicon(), Hand{}).has_value());
}

TEST(SolverTest, BestWordWorksForLargeHands) {
  Rng rng(3);
  const Hand big = deal(rng, 40);
  const auto best = best_word(lexicon(), big);
  ASSERT_TRUE(best.has_value());
  EXPECT_TRUE(is_valid_word(lexicon(), big, best->typed));
  EXPECT_GT(plan_work(big), kMaxPlanWork);
  EXPECT_THROW(optimal_plan(lexicon(), big, false), std::invalid_argument);
  EXPECT_THROW(solve(lexicon(), big), std::invalid_argument);
}

TEST(SolverTest, DiscardsCanBeatValidWordsOnly) {
  // "it" in a hand of 7 scores 2; throwing the unusable letters away first lets a short word
  // score much more. Look for a hand where discards strictly help, and check both plans.
  bool found = false;
  for (std::uint64_t seed = 0; seed < 200 && !found; ++seed) {
    Rng rng(seed);
    const Hand hand = deal(rng, 7);
    const Solution s = solve(lexicon(), hand);
    EXPECT_GE(s.plan_with_discards.total, s.plan.total);
    if (s.plan_with_discards.total > s.plan.total) {
      found = true;
      bool has_discard = false;
      for (const Play& play : s.plan_with_discards.plays) has_discard |= play.discard;
      EXPECT_TRUE(has_discard) << hand_text(hand);
    }
  }
  EXPECT_TRUE(found);
  // A concrete one: only "ax" and short vowel words score, and three x's drag the multiplier
  // down: throwing them away first pays.
  const Solution s = solve(lexicon(), hand_of("xxxxa*"));
  EXPECT_GT(s.plan_with_discards.total, s.plan.total);
  ASSERT_FALSE(s.plan_with_discards.plays.empty());
  EXPECT_TRUE(s.plan_with_discards.plays[0].discard);
  EXPECT_EQ(s.plan_with_discards.plays[0].score, 0);
}

TEST(SolverTest, BestWordUsesTheWildcardOnlyWhereTheHandLacksTheLetter) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    const Hand hand = deal(rng, 7);
    const auto best = best_word(lexicon(), hand);
    if (!best) continue;
    EXPECT_EQ(best->score, word_score(best->typed, 7));
    EXPECT_TRUE(is_valid_word(lexicon(), hand, best->typed)) << hand_text(hand);
    const Hand left = play_word(hand, best->typed);
    for (std::size_t i = 0; i < best->typed.size(); ++i) {
      if (best->typed[i] == kWildcard) {
        EXPECT_FALSE(left.contains(best->word[i]));
      }
    }
  }
}

TEST(SolverTest, OrderMattersAndTheSolverIsNotGreedy) {
  // Greedy (best word first, repeatedly) is not optimal on every hand; the solver must be.
  int greedy_worse = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    const Hand hand = deal(rng, 8);
    const Plan plan = optimal_plan(lexicon(), hand, false);
    Hand at = hand;
    int greedy = 0;
    while (auto best = best_word(lexicon(), at)) {
      greedy += best->score;
      at = play_word(at, best->typed);
    }
    EXPECT_GE(plan.total, greedy) << hand_text(hand);
    greedy_worse += plan.total > greedy;
  }
  EXPECT_GT(greedy_worse, 0);
}

TEST(SolverTest, MatchesBruteForceOnSmallHands) {
  int hands = 0;
  for (int size = 1; size <= 6; ++size) {
    for (std::uint64_t seed = 0; seed < (size <= 4 ? 30u : 25u); ++seed) {
      Rng rng(seed * 131 + static_cast<std::uint64_t>(size));
      const Hand hand = deal(rng, size);
      const Solution s = solve(lexicon(), hand);
      BruteForce valid_only(false), with_discards(true);
      EXPECT_EQ(s.plan.total, valid_only.best_total(hand)) << hand_text(hand);
      EXPECT_EQ(s.plan_with_discards.total, with_discards.best_total(hand)) << hand_text(hand);
      const int best = BruteForce::best_word_score(hand);
      EXPECT_EQ(s.best_word ? s.best_word->score : -1, best) << hand_text(hand);
      expect_plan_replays(hand, s.plan, false);
      expect_plan_replays(hand, s.plan_with_discards, true);
      ++hands;
    }
  }
  // Hands without a wildcard, with two, and with repeated letters.
  for (std::string_view text : {"eeaat", "ssteer", "**tr", "qi*", "aeiou", "zyx", "a"}) {
    const Hand hand = hand_of(text);
    const Solution s = solve(lexicon(), hand);
    BruteForce valid_only(false), with_discards(true);
    EXPECT_EQ(s.plan.total, valid_only.best_total(hand)) << text;
    EXPECT_EQ(s.plan_with_discards.total, with_discards.best_total(hand)) << text;
    expect_plan_replays(hand, s.plan, false);
    expect_plan_replays(hand, s.plan_with_discards, true);
  }
  EXPECT_EQ(hands, 4 * 30 + 2 * 25);
}

TEST(SolverTest, MatchesBruteForceOnSevenTileHands) {
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    Rng rng(seed + 1000);
    const Hand hand = deal(rng, 7);
    const Solution s = solve(lexicon(), hand);
    BruteForce valid_only(false), with_discards(true);
    EXPECT_EQ(s.plan.total, valid_only.best_total(hand)) << hand_text(hand);
    EXPECT_EQ(s.plan_with_discards.total, with_discards.best_total(hand)) << hand_text(hand);
  }
}

TEST(SolverTest, PlansOfTenTileHandsReplay) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed);
    const Hand hand = deal(rng, 10);
    const Solution s = solve(lexicon(), hand);
    expect_plan_replays(hand, s.plan, false);
    expect_plan_replays(hand, s.plan_with_discards, true);
    EXPECT_EQ(optimal_plan(lexicon(), hand, false).total, s.plan.total);
    EXPECT_EQ(optimal_plan(lexicon(), hand, true).total, s.plan_with_discards.total);
  }
}

TEST(SolverTest, ReferenceMatchesBruteForce) {
  // The reference used below for larger hands agrees with typing every string.
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    Rng rng(seed * 7 + 5);
    Hand hand = deal(rng, 4 + static_cast<int>(seed % 3));
    if (seed % 4 == 0) hand.add(kWildcard);
    for (bool discards : {false, true}) {
      BruteForce brute(discards);
      Reference reference(hand, discards);
      EXPECT_EQ(reference.best(hand).first, brute.best_total(hand)) << hand_text(hand);
    }
  }
}

TEST(SolverTest, MatchesReferenceOnTheSlowestHands) {
  // The hands of hand_bench's 10,000 that were slowest before the plan DP enumerated each
  // state's sub-multisets (docs/PERFORMANCE.md): common letters, hundreds of words each; then
  // small hands with repeated tiles and two wildcards.
  for (std::string_view text :
       {"admnrstue*", "aeglinstv*", "acegklquy*", "aehnst*", "dioqqs*", "ssteer**"}) {
    const Hand hand = hand_of(text);
    expect_matches_reference(hand);
    const Solution s = solve(lexicon(), hand);
    expect_plan_replays(hand, s.plan, false);
    expect_plan_replays(hand, s.plan_with_discards, true);
    EXPECT_EQ(optimal_plan(lexicon(), hand, false).total, s.plan.total);
    EXPECT_EQ(optimal_plan(lexicon(), hand, true).total, s.plan_with_discards.total);
  }
}

TEST(SolverTest, MatchesReferenceOnEightToTenTileHands) {
  for (int size = 8; size <= 10; ++size) {
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Rng rng(seed * 31 + static_cast<std::uint64_t>(size));
      Hand hand = deal(rng, size);
      if (seed % 4 == 1) hand.add(kWildcard);  // two wildcards
      expect_matches_reference(hand);
    }
  }
}

TEST(SolverTest, HandsWithManyCopiesOfATile) {
  // 300 a's: only "aa" plays. From n tiles it scores 2 x max(14 - 3(n - 2), 1): 2 while n >= 8,
  // then 4, 16 and 28 from 6, 4 and 2 tiles: 147 x 2 + 48. (More than 255 copies once
  // overflowed the solver's digits.)
  const Hand hand = Hand::of(std::vector<Letter>(300, Letter{0}));
  const Solution s = solve(lexicon(), hand);
  EXPECT_EQ(s.plan.total, 147 * 2 + 4 + 16 + 28);
  EXPECT_EQ(s.plan.plays.size(), 150u);
  EXPECT_EQ(s.plan_with_discards.total, s.plan.total);
  expect_plan_replays(hand, s.plan, false);
  expect_plan_replays(hand, s.plan_with_discards, true);
}

TEST(SolverTest, DoesNotChangeTheHand) {
  const Hand hand = hand_of("acip*rt");
  const Hand copy = hand;
  (void)solve(lexicon(), hand);
  (void)best_word(lexicon(), hand);
  EXPECT_EQ(hand, copy);
  EXPECT_EQ(plan_work(hand_of("aab")), 6u * 3u);
  EXPECT_EQ(solve(lexicon(), Hand{}).plan.total, 0);
}

TEST(SolverTest, TrySolveIsNotComputedWhenTooLargeOrStopped) {
  const Hand hand = hand_of("abcdefghijklm*");  // 2^14 states: progress is reported
  std::vector<double> progress;
  const auto solved =
      try_solve(lexicon(), hand, {{}, [&progress](double done) { progress.push_back(done); }});
  ASSERT_TRUE(solved.has_value());
  const Solution exact = solve(lexicon(), hand);
  EXPECT_EQ(solved->best_word, exact.best_word);
  EXPECT_EQ(solved->plan, exact.plan);
  EXPECT_EQ(solved->plan_with_discards, exact.plan_with_discards);
  ASSERT_GE(progress.size(), 2u);
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  EXPECT_GE(progress.front(), 0.0);
  EXPECT_LT(progress.back(), 1.0);

  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(try_solve(lexicon(), hand_of("ab*"), {stop.get_token(), {}}).has_value());
  EXPECT_FALSE(try_solve(lexicon(), hand_of("abcdefghijklmnopqrstuvwxyz*")).has_value());
  EXPECT_TRUE(try_solve(lexicon(), Hand{}).has_value());
}

}  // namespace
}  // namespace wg::hand
