// games/hand/session.h: the series of hands as commands, events and views.

#include "games/hand/session.h"

#include <stop_token>

#include <gtest/gtest.h>

namespace wg::hand {
namespace {

std::shared_ptr<const Lexicon> lexicon() {
  static const std::shared_ptr<const Lexicon> shared(&default_lexicon(), [](const Lexicon*) {});
  return shared;
}

Config config(int hands, int hand_size = kDefaultHandSize, bool hints = false) {
  return {hands, hand_size, hints};
}

std::vector<Letter> tiles(std::string_view text) { return parse_tiles(text).value(); }

/// A code past the alphabet's letters that is not the wildcard either.
const Letter kNoTile = static_cast<Letter>(Alphabet::english().size());

/// The one event `events` holds, of type E.
template <class E>
E only(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  return std::get<E>(events.at(0));
}

/// Applies a command that must be refused for `reason`, and checks that it changed nothing.
void expect_refused(Session& session, const Command& command, Refusal reason,
                    std::optional<Letter> letter = std::nullopt) {
  const View before = session.view(0);
  const std::size_t accepted = session.commands().size();
  const Rejected rejected = only<Rejected>(session.apply(command));
  EXPECT_EQ(rejected.reason, reason) << to_string(rejected.reason);
  EXPECT_EQ(rejected.letter, letter);
  EXPECT_EQ(session.view(0), before);
  EXPECT_EQ(session.commands().size(), accepted);
}

/// A word from the hand that the lexicon lacks: all its tiles, as dealt.
std::vector<Letter> invalid_word(const Hand& hand) {
  std::vector<Letter> word = hand.tiles();
  EXPECT_FALSE(is_valid_word(*lexicon(), hand, word));
  return word;
}

/// The best word the hand can make, as typed.
std::vector<Letter> valid_word(const Hand& hand) {
  return best_word(*lexicon(), hand).value().typed;
}

TEST(HandSessionTest, ConfigIsValidatedByTheSession) {
  EXPECT_NO_THROW(Config{}.validate());
  const auto field_of = [](Config c) {
    try {
      Session(lexicon(), c, 1);
    } catch (const ConfigError& error) {
      return error.field();
    }
    return std::string("none");
  };
  EXPECT_EQ(field_of(config(0)), "hands");
  EXPECT_EQ(field_of(config(kMaxHands + 1)), "hands");
  EXPECT_EQ(field_of(config(1, 0)), "hand_size");
  EXPECT_EQ(field_of(config(1, kMaxHandSize + 1)), "hand_size");
  EXPECT_EQ(field_of(config(kMaxHands, kMaxHandSize)), "none");
}

TEST(HandSessionTest, HandsAreDealtFromTheGameSeed) {
  Session a(lexicon(), config(3), 42), b(lexicon(), config(3), 42), c(lexicon(), config(3), 43);
  Rng rng = Rng(game_seed(42, 0)).fork(0);
  EXPECT_EQ(a.view(0).tiles, deal(rng, kDefaultHandSize));
  EXPECT_EQ(a.view(0), b.view(0));
  EXPECT_NE(a.view(0).tiles, c.view(0).tiles);
  EXPECT_EQ(a.seed(), 42u);
  EXPECT_EQ(a.config().hands, 3);
}

TEST(HandSessionTest, TheSubstitutionOfferAwaitsAnAnswerAndRefusesWhatItCannotDo) {
  Session s(lexicon(), config(2), 11);
  const Hand dealt = s.view(0).tiles;
  ASSERT_EQ(s.status(), Status::kSubstitutionOffered);
  Letter absent = 0;
  while (dealt.contains(absent)) ++absent;
  expect_refused(s, Substitute{kWildcard}, Refusal::kNotAllowed, kWildcard);
  expect_refused(s, Substitute{absent}, Refusal::kNotHeld, absent);
  expect_refused(s, Substitute{kNoTile}, Refusal::kMalformed);
  expect_refused(s, PlayWord{valid_word(dealt)}, Refusal::kWrongPhase);
  expect_refused(s, EndHand{}, Refusal::kWrongPhase);
  expect_refused(s, Replay{}, Refusal::kWrongPhase);
  expect_refused(s, DeclineReplay{}, Refusal::kWrongPhase);

  const Letter letter = dealt.tiles()[0];
  const Substituted done = only<Substituted>(s.apply(Substitute{letter}));
  EXPECT_EQ(done.letter, letter);
  EXPECT_FALSE(dealt.contains(done.replacement));
  EXPECT_EQ(done.tiles.count(letter), 0);
  EXPECT_EQ(done.tiles.count(done.replacement), dealt.count(letter));
  EXPECT_EQ(s.view(0).tiles, done.tiles);
  EXPECT_EQ(s.status(), Status::kPlaying);
  expect_refused(s, Substitute{done.tiles.tiles()[0]}, Refusal::kWrongPhase);
  expect_refused(s, DeclineSubstitution{}, Refusal::kWrongPhase);

  // Used for the series: not offered for hand 1. The substitution does not change its deal.
  s.apply(EndHand{});
  s.apply(DeclineReplay{});
  EXPECT_EQ(s.status(), Status::kPlaying);
  ASSERT_EQ(s.view(0).records.size(), 1u);
  EXPECT_TRUE(s.view(0).records[0].substituted);
  EXPECT_EQ(s.view(0).records[0].dealt, dealt);
  EXPECT_EQ(s.view(0).records[0].start, done.tiles);
  Session t(lexicon(), config(2), 11);
  EXPECT_EQ(only<SubstitutionDeclined>(t.apply(DeclineSubstitution{})), SubstitutionDeclined{});
  t.apply(EndHand{});
  t.apply(DeclineReplay{});
  EXPECT_EQ(t.status(), Status::kSubstitutionOffered);  // declined: offered again
  EXPECT_EQ(t.view(0).tiles, s.view(0).tiles);
}

TEST(HandSessionTest, AHandWithNoLetterToReplaceIsNotOffered) {
  Session s(lexicon(), config(1, 1), 1);
  EXPECT_EQ(s.view(0).tiles, Hand::of(std::vector<Letter>{kWildcard}));
  EXPECT_EQ(s.status(), Status::kPlaying);
}

TEST(HandSessionTest, WordsScoreUseUpTheirLettersAndRunningOutEndsTheHand) {
  Session s(lexicon(), config(1), 5);
  s.apply(DeclineSubstitution{});
  const Hand start = s.view(0).tiles;
  expect_refused(s, PlayWord{}, Refusal::kMalformed);
  expect_refused(s, PlayWord{{0, kNoTile}}, Refusal::kMalformed);
  expect_refused(s, Replay{}, Refusal::kWrongPhase);

  const std::vector<Letter> word = valid_word(start);
  const WordPlayed valid = only<WordPlayed>(s.apply(PlayWord{word}));
  EXPECT_TRUE(valid.valid);
  EXPECT_EQ(valid.score, word_score(word, start.size()));
  EXPECT_EQ(valid.hand_total, valid.score);
  EXPECT_EQ(valid.tiles, play_word(start, word));
  EXPECT_FALSE(valid.ran_out);
  EXPECT_EQ(s.view(0).hand_total, valid.score);

  // An invalid word scores 0 and still uses up what it names; the last tiles end the hand.
  const std::vector<Letter> rest = invalid_word(valid.tiles);
  const std::vector<Event> events = s.apply(PlayWord{rest});
  ASSERT_EQ(events.size(), 2u);
  const auto& invalid = std::get<WordPlayed>(events[0]);
  EXPECT_EQ(invalid, (WordPlayed{rest, false, 0, valid.score, Hand{}, true}));
  const auto& ended = std::get<HandEnded>(events[1]);
  EXPECT_EQ(ended.hand, 0);
  EXPECT_FALSE(ended.replay);
  EXPECT_EQ(ended.score, valid.score);
  EXPECT_EQ(ended.total, valid.score);
  const Solution best = solve(*lexicon(), start);
  EXPECT_EQ(ended.optimum, (Optimum{PlanStatus::kSolved, best.plan, best.plan_with_discards}));
  EXPECT_EQ(s.status(), Status::kReplayOffered);
  expect_refused(s, PlayWord{word}, Refusal::kWrongPhase);
  expect_refused(s, EndHand{}, Refusal::kWrongPhase);
  expect_refused(s, Hint{}, Refusal::kWrongPhase);
  expect_refused(s, Substitute{word[0]}, Refusal::kWrongPhase);
}

TEST(HandSessionTest, OneReplayPerSeriesAndTheBetterScoreCounts) {
  Session s(lexicon(), config(2), 5);
  s.apply(DeclineSubstitution{});
  const Hand start = s.view(0).tiles;
  s.apply(EndHand{});  // 0 points
  const HandStarted replay = only<HandStarted>(s.apply(Replay{}));
  EXPECT_EQ(replay, (HandStarted{0, true, start}));
  EXPECT_EQ(s.status(), Status::kPlaying);  // no substitution on a replay
  EXPECT_TRUE(s.view(0).replay);
  const WordPlayed played = only<WordPlayed>(s.apply(PlayWord{valid_word(start)}));
  std::vector<Event> events = s.apply(EndHand{});
  ASSERT_EQ(events.size(), 2u);  // the replay is used: straight on to hand 1
  EXPECT_TRUE(std::get<HandEnded>(events[0]).replay);
  EXPECT_EQ(std::get<HandEnded>(events[0]).total, played.score);
  const auto& next = std::get<HandStarted>(events[1]);
  EXPECT_EQ(next.hand, 1);
  EXPECT_FALSE(next.replay);
  EXPECT_EQ(s.status(), Status::kSubstitutionOffered);
  const HandRecord record = s.view(0).records.at(0);  // a copy: the view is a temporary
  EXPECT_EQ(record.score, 0);
  EXPECT_EQ(record.replay_score, played.score);
  EXPECT_EQ(record.counted(), played.score);
  EXPECT_EQ((HandRecord{Hand{}, Hand{}, false, 50, 20, std::nullopt}).counted(), 50);

  s.apply(DeclineSubstitution{});
  events = s.apply(EndHand{});
  ASSERT_EQ(events.size(), 2u);  // no second replay: the series is over
  const auto& finished = std::get<Finished>(events[1]);
  EXPECT_EQ(finished.total, played.score);
  EXPECT_FALSE(finished.given_up);
  EXPECT_EQ(finished.records, s.view(0).records);
  EXPECT_TRUE(s.finished());
  for (const Command& command :
       std::vector<Command>{Substitute{0}, DeclineSubstitution{}, PlayWord{tiles("a")}, EndHand{},
                            Hint{}, Replay{}, DeclineReplay{}, GiveUp{}}) {
    expect_refused(s, command, Refusal::kWrongPhase);
  }
}

TEST(HandSessionTest, DecliningTheReplayMovesOnOrFinishes) {
  Session s(lexicon(), config(2), 8);
  s.apply(DeclineSubstitution{});
  s.apply(EndHand{});
  expect_refused(s, DeclineSubstitution{}, Refusal::kWrongPhase);
  EXPECT_EQ(only<HandStarted>(s.apply(DeclineReplay{})).hand, 1);
  s.apply(DeclineSubstitution{});
  s.apply(EndHand{});
  EXPECT_EQ(s.status(), Status::kReplayOffered);  // still unused
  const Finished finished = only<Finished>(s.apply(DeclineReplay{}));
  EXPECT_EQ(finished.records.size(), 2u);
  EXPECT_EQ(s.view(0).status, Status::kFinished);
}

TEST(HandSessionTest, HintsGiveTheBestWordAndPlanWhenAllowed) {
  Session off(lexicon(), config(1), 5);
  off.apply(DeclineSubstitution{});
  expect_refused(off, Hint{}, Refusal::kNotAllowed);

  Session s(lexicon(), config(1, kDefaultHandSize, true), 5);
  expect_refused(s, Hint{}, Refusal::kWrongPhase);  // answer the offer first
  s.apply(DeclineSubstitution{});
  const Hand hand = s.view(0).tiles;
  const HintGiven hint = only<HintGiven>(s.apply(Hint{}));
  EXPECT_EQ(hint.best_word, best_word(*lexicon(), hand));
  EXPECT_EQ(hint.plan_status, PlanStatus::kSolved);
  EXPECT_EQ(hint.plan, solve(*lexicon(), hand).plan);
  EXPECT_EQ(s.view(0).tiles, hand);  // a hint costs nothing

  // No word: no best word, an empty plan.
  Session lone(lexicon(), config(1, 1, true), 1);
  EXPECT_EQ(only<HintGiven>(lone.apply(Hint{})),
            (HintGiven{std::nullopt, PlanStatus::kSolved, {}}));
}

TEST(HandSessionTest, TooLargeAndStoppedPlansAreNotComputedAndReplaysAgree) {
  Session large(lexicon(), config(1, kMaxHandSize, true), 2);
  large.apply(DeclineSubstitution{});
  const HintGiven hint = only<HintGiven>(large.apply(Hint{}));
  EXPECT_EQ(hint.plan_status, PlanStatus::kTooLarge);
  EXPECT_TRUE(hint.best_word.has_value());
  EXPECT_EQ(std::get<HandEnded>(large.apply(EndHand{}).at(0)).optimum->status,
            PlanStatus::kTooLarge);

  std::stop_source stop;
  stop.request_stop();
  const Work stopped{stop.get_token(), {}};
  Session s(lexicon(), config(1, kDefaultHandSize, true), 2);
  s.apply(DeclineSubstitution{});
  const std::vector<Event> hinted = s.apply(Hint{}, stopped);
  const HintGiven cut = only<HintGiven>(hinted);
  EXPECT_EQ(cut.plan_status, PlanStatus::kStopped);
  EXPECT_EQ(cut.best_word, best_word(*lexicon(), s.view(0).tiles));
  const std::vector<Event> ended = s.apply(EndHand{}, stopped);
  EXPECT_EQ(std::get<HandEnded>(ended.at(0)).optimum->status, PlanStatus::kStopped);
  EXPECT_TRUE(std::get<Hint>(s.commands().at(1)).stopped);
  EXPECT_TRUE(std::get<EndHand>(s.commands().at(2)).stopped);
  // A replay of the commands, with work that is never stopped, reports the same.
  Session replay(lexicon(), s.config(), s.seed());
  replay.apply(s.commands().at(0));
  EXPECT_EQ(replay.apply(s.commands().at(1)), hinted);
  EXPECT_EQ(replay.apply(s.commands().at(2)), ended);
}

TEST(HandSessionTest, GivingUpCountsTheHandInPlay) {
  Session s(lexicon(), config(3), 5);
  s.apply(DeclineSubstitution{});
  const WordPlayed played = only<WordPlayed>(s.apply(PlayWord{valid_word(s.view(0).tiles)}));
  std::vector<Event> events = s.apply(GiveUp{});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(std::get<HandEnded>(events[0]),
            (HandEnded{0, false, played.score, played.score, std::nullopt}));
  const auto& finished = std::get<Finished>(events[1]);
  EXPECT_TRUE(finished.given_up);
  EXPECT_EQ(finished.total, played.score);
  ASSERT_EQ(finished.records.size(), 1u);
  EXPECT_EQ(finished.records[0].score, played.score);
  EXPECT_TRUE(s.finished());

  // At the substitution offer the hand counts 0; at the replay offer nothing is in play.
  Session offered(lexicon(), config(2), 5);
  events = offered.apply(GiveUp{});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(std::get<HandEnded>(events[0]).score, 0);
  Session over(lexicon(), config(2), 5);
  over.apply(DeclineSubstitution{});
  over.apply(EndHand{});
  EXPECT_EQ(only<Finished>(over.apply(GiveUp{})).records.size(), 1u);
}

TEST(HandSessionTest, ReplayingTheAcceptedCommandsReproducesEveryEvent) {
  Session s(lexicon(), config(3, kDefaultHandSize, true), 5);
  std::vector<Event> events;
  const auto apply = [&](const Command& command) {
    for (Event& event : s.apply(command)) {
      if (!std::holds_alternative<Rejected>(event)) events.push_back(std::move(event));
    }
  };
  const Hand dealt = s.view(0).tiles;
  apply(Substitute{kWildcard});  // refused: not recorded
  apply(Substitute{dealt.tiles()[0]});
  apply(Hint{});
  apply(PlayWord{valid_word(s.view(0).tiles)});
  apply(PlayWord{tiles("zzzz")});
  apply(EndHand{});
  apply(Replay{});
  apply(PlayWord{valid_word(s.view(0).tiles)});
  apply(EndHand{});
  apply(PlayWord{invalid_word(s.view(0).tiles)});  // runs out
  apply(GiveUp{});
  ASSERT_TRUE(s.finished());
  EXPECT_EQ(s.commands().size(), 10u);

  Session replay(lexicon(), s.config(), s.seed());
  std::vector<Event> again;
  for (const Command& command : s.commands()) {
    for (Event& event : replay.apply(command)) again.push_back(std::move(event));
  }
  EXPECT_EQ(again, events);
  EXPECT_EQ(replay.view(0), s.view(0));
}

TEST(HandSessionTest, EverySeatSeesThePlayAndNoHandToCome) {
  Session s(lexicon(), config(2), 9);
  s.apply(DeclineSubstitution{});
  s.apply(EndHand{});
  const View view = s.view(0);
  EXPECT_EQ(s.view(kObserver), view);
  EXPECT_EQ(view.status, Status::kReplayOffered);
  EXPECT_EQ(view.hand, 0);
  EXPECT_EQ(view.records.size(), 1u);            // finished hands only
  EXPECT_EQ(view.tiles, view.records[0].start);  // nothing played: the hand as it ended
  // Hand 1 is dealt only when play moves on to it.
  s.apply(DeclineReplay{});
  EXPECT_NE(s.view(0).tiles, view.tiles);
}

}  // namespace
}  // namespace wg::hand
