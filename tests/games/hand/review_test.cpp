// games/hand/review.h: each entry of a series against the exact optimal plan, checked against
// an exhaustive search over every string of the tiles a player could type.

#include "games/hand/review.h"

#include <gtest/gtest.h>

#include <map>
#include <stop_token>
#include <string>

#include "core/rng.h"

namespace wg::hand {
namespace {

std::shared_ptr<const Lexicon> lexicon() {
  static const std::shared_ptr<const Lexicon> shared(&default_lexicon(), [](const Lexicon*) {});
  return shared;
}

/// The best total from a hand, discards allowed, by typing every ordering of every non-empty
/// sub-multiset of its tiles (an invalid entry scores 0 and uses its tiles up). Memoised on the
/// hand left; shares nothing with the solver but the rules (score_play).
class BruteForce {
 public:
  int best_total(const Hand& hand) {
    const std::string key = hand_text(hand);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = 0;
    std::vector<Letter> typed;
    each_string(hand, typed, [&](const std::vector<Letter>& word) {
      const Turn turn = score_play(*lexicon(), hand, word);
      best = std::max(best, turn.score + best_total(turn.hand_after));
    });
    memo_[key] = best;
    return best;
  }

 private:
  template <class Visit>
  static void each_string(const Hand& left, std::vector<Letter>& typed, Visit&& visit) {
    Letter previous = 0xFF;
    for (Letter tile : left.tiles()) {
      if (tile == previous) continue;
      previous = tile;
      Hand rest = left;
      rest.remove(tile);
      typed.push_back(tile);
      visit(typed);
      each_string(rest, typed, visit);
      typed.pop_back();
    }
  }

  std::map<std::string, int> memo_;
};

std::vector<Letter> tiles(std::string_view text) { return parse_tiles(text).value(); }

Config config(int hands, int hand_size) { return {hands, hand_size, false}; }

/// Plays a series with a mix of entries chosen by `seed`: the best single word, one tile thrown
/// away, the first play of the optimal plan, or ending the hand early.
std::vector<Command> mixed_play(const Config& config, std::uint64_t seed) {
  Session session(lexicon(), config, seed);
  Rng rng(seed);
  while (!session.finished()) {
    const View view = session.view(0);
    Command command = DeclineReplay{};
    if (view.status == Status::kSubstitutionOffered) {
      command = DeclineSubstitution{};
    } else if (view.status == Status::kReplayOffered) {
      command = rng.below(2) == 0 ? Command(Replay{}) : Command(DeclineReplay{});
    } else {
      switch (rng.below(5)) {
        case 0:
          command = EndHand{};
          break;
        case 1:
          command = PlayWord{{view.tiles.tiles().front()}};
          break;
        case 2:
          if (auto best = best_word(*lexicon(), view.tiles)) {
            command = PlayWord{best->typed};
            break;
          }
          [[fallthrough]];
        default: {
          const Plan plan = optimal_plan(*lexicon(), view.tiles, true);
          command =
              plan.plays.empty() ? Command(EndHand{}) : Command(PlayWord{plan.plays[0].typed});
        }
      }
    }
    EXPECT_FALSE(std::holds_alternative<Rejected>(session.apply(command).front()));
  }
  return session.commands();
}

TEST(HandReviewTest, EveryLossIsTheExhaustiveSearchs) {
  BruteForce brute;
  int steps = 0, losses = 0, best_moves = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Config c = config(2, 6);
    const std::vector<Command> commands = mixed_play(c, seed);
    const std::optional<Review> review = hand::review(lexicon(), c, seed, commands);
    ASSERT_TRUE(review.has_value());
    int optimal = 0;
    for (const ReviewedHand& hand : review->hands) {
      ASSERT_TRUE(hand.plan.has_value());
      EXPECT_EQ(hand.plan->total, brute.best_total(hand.start)) << hand_text(hand.start);
      optimal += hand.plan->total;
    }
    EXPECT_EQ(review->optimal_total, optimal);
    for (const ReviewedStep& step : review->steps) {
      ++steps;
      ASSERT_TRUE(step.exact);
      const int before = brute.best_total(step.before);
      EXPECT_EQ(step.best_before, before) << hand_text(step.before);
      int after = 0;
      if (step.kind == StepKind::kWord) {
        const Turn turn = score_play(*lexicon(), step.before, step.typed);
        EXPECT_EQ(step.score, turn.score);
        EXPECT_EQ(step.valid, turn.valid);
        after = brute.best_total(turn.hand_after);
      }
      EXPECT_EQ(step.best_after, after);
      EXPECT_EQ(step.loss, before - step.score - after) << hand_text(step.before);
      EXPECT_GE(step.loss, 0);
      (step.loss > 0 ? losses : best_moves)++;
      // The best entry named is a best one: its score and the best after it make the optimum.
      if (before == 0) {
        EXPECT_FALSE(step.best.has_value());
      } else {
        ASSERT_TRUE(step.best.has_value());
        const Turn turn = score_play(*lexicon(), step.before, step.best->typed);
        EXPECT_EQ(turn.score + brute.best_total(turn.hand_after), before);
      }
    }
  }
  // The mix met both kinds.
  EXPECT_GT(steps, 20);
  EXPECT_GT(losses, 3);
  EXPECT_GT(best_moves, 3);
}

TEST(HandReviewTest, TheOptimalPlanPlayedLosesNothing) {
  const Config c = config(1, 7);
  Session session(lexicon(), c, 5);
  session.apply(DeclineSubstitution{});
  const Plan plan = optimal_plan(*lexicon(), session.view(0).tiles, true);
  ASSERT_GT(plan.total, 0);
  for (const Play& play : plan.plays) session.apply(PlayWord{play.typed});
  if (!session.finished()) session.apply(EndHand{});
  if (!session.finished()) session.apply(DeclineReplay{});
  ASSERT_TRUE(session.finished());
  const Review review = hand::review(lexicon(), c, 5, session.commands()).value();
  ASSERT_GE(review.steps.size(), plan.plays.size());
  for (const ReviewedStep& step : review.steps) {
    EXPECT_EQ(step.loss, 0);
    EXPECT_TRUE(step.exact);
  }
  EXPECT_EQ(review.total, plan.total);
  EXPECT_EQ(review.optimal_total, plan.total);
  ASSERT_EQ(review.hands.size(), 1u);
  EXPECT_EQ(review.hands[0].plan, plan);
}

TEST(HandReviewTest, ThrowingEveryTileAwayLosesTheWholeOptimum) {
  const Config c = config(1, 7);
  Session session(lexicon(), c, 9);
  session.apply(DeclineSubstitution{});
  const Hand start = session.view(0).tiles;
  const int optimum = BruteForce().best_total(start);
  ASSERT_GT(optimum, 0);
  std::vector<Letter> all = start.tiles();
  ASSERT_FALSE(is_valid_word(*lexicon(), start, all));
  session.apply(PlayWord{all});
  session.apply(DeclineReplay{});
  ASSERT_TRUE(session.finished());
  const Review review = hand::review(lexicon(), c, 9, session.commands()).value();
  ASSERT_EQ(review.steps.size(), 1u);
  const ReviewedStep& step = review.steps[0];
  EXPECT_EQ(step.kind, StepKind::kWord);
  EXPECT_FALSE(step.valid);
  EXPECT_EQ(step.score, 0);
  EXPECT_EQ(step.loss, optimum);
  EXPECT_EQ(step.best_after, 0);
  EXPECT_EQ(review.total, 0);
  EXPECT_EQ(review.optimal_total, optimum);
}

TEST(HandReviewTest, EndingAHandEarlyLosesWhatTheTilesLeftCouldScore) {
  const Config c = config(1, 7);
  Session session(lexicon(), c, 11);
  session.apply(DeclineSubstitution{});
  const Hand start = session.view(0).tiles;
  session.apply(EndHand{});
  session.apply(Replay{});
  session.apply(GiveUp{});
  const Review review = hand::review(lexicon(), c, 11, session.commands()).value();
  ASSERT_EQ(review.steps.size(), 2u);
  const int optimum = BruteForce().best_total(start);
  EXPECT_EQ(review.steps[0].kind, StepKind::kEnd);
  EXPECT_FALSE(review.steps[0].replay);
  EXPECT_EQ(review.steps[0].loss, optimum);
  EXPECT_EQ(review.steps[1].kind, StepKind::kGiveUp);
  EXPECT_TRUE(review.steps[1].replay);
  EXPECT_EQ(review.steps[1].before, start);
  EXPECT_EQ(review.steps[1].loss, optimum);
  EXPECT_TRUE(review.given_up);
}

TEST(HandReviewTest, ASubstitutedHandIsReviewedFromItsNewTilesAndEntriesCountPerPlay) {
  const Config c = config(2, 6);
  Session session(lexicon(), c, 21);
  const Hand dealt = session.view(0).tiles;
  session.apply(Substitute{dealt.letters().begin().operator*()});
  const Hand start = session.view(0).tiles;
  ASSERT_NE(start, dealt);
  const std::vector<Letter> all = start.tiles();
  session.apply(PlayWord{{all[0]}});
  session.apply(PlayWord{{all[1]}});
  session.apply(EndHand{});
  session.apply(Replay{});
  session.apply(Hint{});  // refused (no hints): not recorded, and a hint changes nothing anyway
  session.apply(PlayWord{{all[2]}});
  session.apply(EndHand{});
  session.apply(EndHand{});  // hand 2 ends at once
  ASSERT_TRUE(session.finished());
  const Review review = hand::review(lexicon(), c, 21, session.commands()).value();
  ASSERT_EQ(review.hands.size(), 2u);
  EXPECT_EQ(review.hands[0].start, start);
  std::vector<std::tuple<int, bool, int, StepKind>> where;
  for (const ReviewedStep& s : review.steps) where.emplace_back(s.hand, s.replay, s.entry, s.kind);
  EXPECT_EQ(where,
            (std::vector<std::tuple<int, bool, int, StepKind>>{{0, false, 0, StepKind::kWord},
                                                               {0, false, 1, StepKind::kWord},
                                                               {0, false, 2, StepKind::kEnd},
                                                               {0, true, 0, StepKind::kWord},
                                                               {0, true, 1, StepKind::kEnd},
                                                               {1, false, 0, StepKind::kEnd}}));
  EXPECT_EQ(review.steps[3].before, start);
}

TEST(HandReviewTest, AHandTooLargeForTheExactPlanIsComparedWithTheBestWord) {
  const Config c = config(1, 60);
  Session session(lexicon(), c, 3);
  session.apply(DeclineSubstitution{});
  const Hand start = session.view(0).tiles;
  ASSERT_GT(plan_work(start), kMaxPlanWork);
  session.apply(PlayWord{tiles("qzx")});
  session.apply(EndHand{});
  session.apply(DeclineReplay{});
  const Review review = hand::review(lexicon(), c, 3, session.commands()).value();
  ASSERT_EQ(review.steps.size(), 2u);
  for (const ReviewedStep& step : review.steps) {
    EXPECT_FALSE(step.exact);
    EXPECT_FALSE(step.best_before.has_value());
    const Play best = best_word(*lexicon(), step.before).value();
    EXPECT_EQ(step.best, best);
    EXPECT_EQ(step.loss, std::max(0, best.score - step.score));
  }
  EXPECT_FALSE(review.hands[0].plan.has_value());
  EXPECT_FALSE(review.optimal_total.has_value());
}

TEST(HandReviewTest, StoppedWorkGivesNoReview) {
  const Config c = config(1, 7);
  const std::vector<Command> commands = mixed_play(c, 4);
  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(hand::review(lexicon(), c, 4, commands, {stop.get_token(), nullptr}).has_value());
  double last = -1;
  const Work watched{{}, [&last](double fraction) {
                       EXPECT_GE(fraction, last);
                       last = fraction;
                     }};
  EXPECT_TRUE(hand::review(lexicon(), c, 4, commands, watched).has_value());
  EXPECT_EQ(last, 1.0);
}

TEST(HandReviewTest, ARecordThatDoesNotReplayIsAConfigError) {
  const Config c = config(1, 7);
  const std::vector<Command> refused{Replay{}};
  EXPECT_THROW(hand::review(lexicon(), c, 1, refused), ConfigError);
  EXPECT_THROW(hand::review(lexicon(), config(0, 7), 1, {}), ConfigError);
}

}  // namespace
}  // namespace wg::hand
