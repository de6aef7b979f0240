#include "games/boggle/session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "lexicon/lexicon.h"
#include "lexicons.h"

namespace wg::boggle {
namespace {

using test::enable;
using test::small;

// The board "at/xe" holds ate, eat and tea (3 letters or more) from small().
Config given(std::uint64_t seconds = 0) {
  Config c;
  c.board = "at/xe";
  c.scoring = Scoring::kSpec;
  c.seconds = seconds;
  return c;
}

template <class T>
T only(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  if (events.empty() || !std::holds_alternative<T>(events.front())) {
    ADD_FAILURE() << "not the event expected";
    return T{};
  }
  return std::get<T>(events.front());
}

Rejected refused(Refusal reason, std::string word = {}) { return {reason, std::move(word), {}}; }

std::string field_of(const Config& config) {
  try {
    config.validate();
  } catch (const ConfigError& e) {
    return e.field() + ": " + e.what();
  }
  return "";
}

TEST(BoggleConfig, ScoresByTheSpecsRuleByDefault) {
  // Issue 17: the game defaulted to Boggle's table while `boggle solve` used the spec's rule.
  EXPECT_EQ(Config{}.scoring, Scoring::kSpec);
  Config c = given();
  c.scoring = Config{}.scoring;
  const Session session(enable(), c, 1);
  EXPECT_EQ(session.started().scoring, Scoring::kSpec);
}

TEST(BoggleConfig, ValidateNamesTheField) {
  EXPECT_EQ(field_of(Config{}), "");
  Config c;
  c.size = 3;
  EXPECT_EQ(field_of(c), "size: the size must be 4, 5 or 6");
  c.size = 7;
  EXPECT_EQ(field_of(c), "size: the size must be 4, 5 or 6");
  c = Config{};
  c.board = "";
  EXPECT_EQ(field_of(c), "board: invalid board '': the board is empty");
  c.board = "ab/c";
  EXPECT_EQ(field_of(c), "board: invalid board 'ab/c': row 2 has 1 cell, row 1 has 2");
  c.board = "perslatgsineter";
  EXPECT_NE(field_of(c).find("15 cells in one row without separators"), std::string::npos);
  c.board = "perslatgsineters";
  EXPECT_EQ(field_of(c), "");
  c = Config{};
  c.min_length = Config::kMaxMinLength + 1;
  EXPECT_EQ(field_of(c).substr(0, 11), "min_length:");
  c.min_length = Config::kMaxMinLength;
  EXPECT_EQ(field_of(c), "");
  c = Config{};
  c.seconds = Config::kMaxSeconds + 1;
  EXPECT_EQ(field_of(c).substr(0, 8), "seconds:");
  c.seconds = 0;
  EXPECT_EQ(field_of(c), "");
}

TEST(BoggleConfig, TheSessionValidates) {
  Config c;
  c.board = "";
  EXPECT_THROW(Session(small(), c, 1), ConfigError);
  c.board = "ab";
  EXPECT_THROW(Session(small(), c, 1), ConfigError);
}

TEST(BoggleConfig, MinimumWordLengthByTheRules) {
  Config c;
  EXPECT_EQ(c.min_word_length(), 3u);
  c.size = 5;
  EXPECT_EQ(c.min_word_length(), 3u);
  c.size = 6;
  EXPECT_EQ(c.min_word_length(), 4u) << "Super Big Boggle's rule";
  c.board = "abcd";
  EXPECT_EQ(c.min_word_length(), 3u) << "a given board keeps 3";
  c.min_length = 5;
  EXPECT_EQ(c.min_word_length(), 5u);
}

TEST(BoggleConfig, ReadBoardRefusesEmptyAndSaysTheSyntax) {
  EXPECT_EQ(read_board("perslatgsineters").rows(), 4);
  try {
    read_board("abc");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "board");
    EXPECT_NE(std::string(e.what()).find("invalid board 'abc': 3 cells in one row"),
              std::string::npos);
    EXPECT_NE(std::string(e.what()).find("'/'"), std::string::npos);
  }
  EXPECT_THROW(read_board(""), ConfigError);
  EXPECT_THROW(read_board("  "), ConfigError);
}

TEST(BoggleSession, RoundsAreRolledFromTheGameSeed) {
  for (int size : {4, 5, 6}) {
    Config c;
    c.size = size;
    Session session(enable(), c, 42);
    const auto dice = size == 4   ? Board::classic_dice()
                      : size == 5 ? Board::big_dice()
                                  : Board::super_big_dice();
    Rng first(game_seed(42, 0));
    EXPECT_EQ(session.view(0).board, Board::roll(size, size, dice, first)) << size;
    EXPECT_EQ(session.started().round, 0);
    EXPECT_EQ(session.started().min_length, size == 6 ? 4u : 3u);
    session.apply(Close{});
    const RoundStarted next = only<RoundStarted>(session.apply(NewGame{}));
    Rng second(game_seed(42, 1));
    EXPECT_EQ(next.round, 1);
    EXPECT_EQ(next.board, Board::roll(size, size, dice, second)) << size;
    EXPECT_EQ(next, session.started());
    EXPECT_EQ(session.view(0).board, next.board);
  }
}

TEST(BoggleSession, JudgesEveryWordAndRefusesWithoutChange) {
  Session session(small(), given(), 1);
  const View before = session.view(0);
  EXPECT_EQ(before.status, Status::kPlaying);
  EXPECT_EQ(before.board.spec(), "AT/XE");
  EXPECT_EQ(before.min_length, 3u);
  EXPECT_EQ(before.seconds, 0u);

  EXPECT_EQ(only<Rejected>(session.apply(NewGame{})).reason, Refusal::kWrongPhase);
  const WordAccepted eat = only<WordAccepted>(session.apply(Submit{"EAT", 500}));
  EXPECT_EQ(eat, (WordAccepted{"eat", 1, 1, {3, 0, 1}}));

  const View after_eat = session.view(0);
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"eat", 600})), refused(Refusal::kRepeated, "eat"));
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"at", 600})), refused(Refusal::kTooShort, "at"));
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"tae", 600})), refused(Refusal::kNotAWord, "tae"));
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"zebra", 600})),
            refused(Refusal::kNotHeld, "zebra"));
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"tee", 600})), refused(Refusal::kNotHeld, "tee"))
      << "one E, used once";
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"e4t", 600})),
            (Rejected{Refusal::kMalformed, "e4t",
                      "\"4\" is not a letter: a word is spelled with the letters A to Z alone"}));
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"v\u00f6te", 600})).detail,
            "\"\u00f6\" is not a letter: a word is spelled with the letters A to Z alone")
      << "the whole character, said in plain words";
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"", 600})),
            (Rejected{Refusal::kMalformed, "", "type a word first"}));
  const Rejected back = only<Rejected>(session.apply(Submit{"tea", 499}));
  EXPECT_EQ(back.reason, Refusal::kMalformed) << "time went back";
  EXPECT_NE(back.detail.find("499"), std::string::npos) << back.detail;
  EXPECT_EQ(only<Rejected>(session.apply(Tick{10})).reason, Refusal::kMalformed);
  EXPECT_EQ(session.view(0), after_eat) << "refusals change nothing";
  EXPECT_EQ(session.commands().size(), 1u);

  EXPECT_EQ(only<WordAccepted>(session.apply(Submit{"tea", 500})).score, 2)
      << "the same time as the last word is fine";
  const Finished end = only<Finished>(session.apply(Close{2000}));
  EXPECT_EQ(end.round, 0);
  EXPECT_EQ(end.end, RoundEnd::kClosed);
  EXPECT_EQ(end.elapsed_ms, 2000u);
  EXPECT_EQ(end.board.spec(), "AT/XE");
  EXPECT_EQ(end.found, (std::vector<FoundWord>{{"eat", 1, {3, 0, 1}}, {"tea", 1, {1, 3, 0}}}));
  EXPECT_EQ(end.score, 2);
  EXPECT_EQ(end.all_words, (std::vector<std::string>{"ate", "eat", "tea"}));
  EXPECT_EQ(end.missed, (std::vector<std::string>{"ate"}));
  EXPECT_EQ(end.total_score, 3);
  EXPECT_EQ(end.scoring, Scoring::kSpec);
  EXPECT_TRUE(session.finished());

  // Over: only NewGame.
  const View over = session.view(0);
  EXPECT_EQ(only<Rejected>(session.apply(Submit{"ate", 3000})),
            (Rejected{Refusal::kWrongPhase, "ate", "the round is over"}));
  EXPECT_EQ(only<Rejected>(session.apply(Tick{3000})).reason, Refusal::kWrongPhase);
  EXPECT_EQ(only<Rejected>(session.apply(Close{3000})).reason, Refusal::kWrongPhase);
  EXPECT_EQ(session.view(0), over);
  EXPECT_EQ(session.commands(),
            (std::vector<Command>{Submit{"EAT", 500}, Submit{"tea", 500}, Close{2000}}));
}

TEST(BoggleSession, AWordAfterTheDeadlineIsTooLateAndEndsTheRound) {
  Session session(small(), given(10), 1);
  EXPECT_EQ(session.deadline_ms(), 10'000u);
  EXPECT_EQ(session.started().seconds, 10u);
  EXPECT_EQ(only<WordAccepted>(session.apply(Submit{"eat", 9'999})).points, 1);
  EXPECT_TRUE(session.apply(Tick{9'999}).empty()) << "not yet";
  const std::vector<Event> events = session.apply(Submit{"tea", 10'000});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(std::get<Rejected>(events[0]), refused(Refusal::kTooLate, "tea"));
  const Finished end = std::get<Finished>(events[1]);
  EXPECT_EQ(end.end, RoundEnd::kTimeUp);
  EXPECT_EQ(end.elapsed_ms, 10'000u);
  EXPECT_EQ(end.found, (std::vector<FoundWord>{{"eat", 1, {3, 0, 1}}}));
  EXPECT_EQ(end.missed, (std::vector<std::string>{"ate", "tea"}));
  EXPECT_TRUE(session.finished());
  EXPECT_EQ(session.view(0).end, RoundEnd::kTimeUp);
  // Recorded as what it changed: the time.
  EXPECT_EQ(session.commands(), (std::vector<Command>{Submit{"eat", 9'999}, Tick{10'000}}));
}

TEST(BoggleSession, TheClockEndsTheRoundOnATick) {
  Session session(small(), given(3), 1);
  EXPECT_TRUE(session.apply(Tick{0}).empty());
  EXPECT_TRUE(session.apply(Tick{2'999}).empty());
  EXPECT_TRUE(session.commands().empty()) << "a tick before the deadline is not recorded";
  const Finished end = only<Finished>(session.apply(Tick{3'500}));
  EXPECT_EQ(end.end, RoundEnd::kTimeUp);
  EXPECT_EQ(end.elapsed_ms, 3'000u) << "the round lasted its time";
  EXPECT_EQ(session.commands(), (std::vector<Command>{Tick{3'500}}));
}

TEST(BoggleSession, CloseAfterTheDeadlineIsTimeUp) {
  Session session(small(), given(3), 1);
  EXPECT_EQ(only<Finished>(session.apply(Close{4'000})).end, RoundEnd::kTimeUp);
  Session early(small(), given(3), 1);
  EXPECT_EQ(only<Finished>(early.apply(Close{2'000})).end, RoundEnd::kClosed);
}

TEST(BoggleSession, UntimedRoundsAreNeverLate) {
  Session session(small(), given(0), 1);
  EXPECT_EQ(session.deadline_ms(), 0u);
  EXPECT_TRUE(session.apply(Tick{1'000'000'000}).empty());
  EXPECT_EQ(only<WordAccepted>(session.apply(Submit{"ate", 1'000'000'000})).points, 1);
  EXPECT_EQ(only<Finished>(session.apply(Close{1'000'000'001})).end, RoundEnd::kClosed);
}

TEST(BoggleSession, PlayAgainOnAGivenBoardStartsAfresh) {
  Session session(small(), given(10), 7);
  session.apply(Submit{"eat", 4'000});
  session.apply(Close{5'000});
  const RoundStarted again = only<RoundStarted>(session.apply(NewGame{}));
  EXPECT_EQ(again, (RoundStarted{1, Board::parse("at/xe"), 3, Scoring::kSpec, 10}));
  const View v = session.view(0);
  EXPECT_EQ(v.status, Status::kPlaying);
  EXPECT_EQ(v.round, 1);
  EXPECT_TRUE(v.found.empty());
  EXPECT_EQ(v.score, 0);
  EXPECT_EQ(v.elapsed_ms, 0u) << "each round has its own clock";
  EXPECT_FALSE(v.end);
  EXPECT_EQ(only<WordAccepted>(session.apply(Submit{"eat", 100})).score, 1)
      << "found again in a new round";
}

TEST(BoggleSession, TheViewHidesTheAnswersUntilTheRoundIsOver) {
  Session session(small(), given(), 1);
  session.apply(Submit{"eat", 0});
  for (Seat seat : {kObserver, 0, 1}) {
    const View v = session.view(seat);
    EXPECT_TRUE(v.all_words.empty()) << seat;
    EXPECT_TRUE(v.missed.empty()) << seat;
    EXPECT_FALSE(v.total_score) << seat;
    EXPECT_FALSE(v.end) << seat;
    EXPECT_EQ(v.found, (std::vector<FoundWord>{{"eat", 1, {3, 0, 1}}}));
    EXPECT_EQ(v.score, 1);
  }
  session.apply(Close{0});
  const View v = session.view(kObserver);
  EXPECT_EQ(v.status, Status::kFinished);
  EXPECT_EQ(v.all_words, (std::vector<std::string>{"ate", "eat", "tea"}));
  // Each word missed with its points and the cells that spell it ("at/xe": A 0, T 1, X 2, E 3).
  EXPECT_EQ(v.missed, (std::vector<BoardWord>{{"ate", 1, {0, 1, 3}}, {"tea", 1, {1, 3, 0}}}));
  EXPECT_EQ(v.total_score, 3);
  EXPECT_EQ(v.end, RoundEnd::kClosed);
}

TEST(BoggleSession, ReplayingTheCommandsGivesTheSameEvents) {
  Config c;
  c.size = 5;
  c.seconds = 60;
  Session played(enable(), c, 2024);
  std::vector<Event> expected;  // every event but refusals, which are not recorded
  auto play = [&](const Command& command) {
    for (Event& e : played.apply(command)) {
      if (!std::holds_alternative<Rejected>(e)) expected.push_back(std::move(e));
    }
  };
  // Round 0 closed at once; round 1: its words (the words of round 0's board that happen to be
  // on it too), a non-word, and a late word; round 2: a non-word, then the clock runs out.
  play(Close{});
  const std::vector<std::string> words = played.view(0).all_words;
  ASSERT_FALSE(words.empty());
  play(NewGame{});
  std::uint64_t t = 0;
  for (const std::string& w : words) play(Submit{w, t += 100});
  play(Submit{"qqqq", t});
  play(Submit{words.front(), 60'000});
  play(NewGame{});
  play(Submit{"zzz", 10});
  play(Tick{60'001});
  ASSERT_TRUE(played.finished());
  ASSERT_EQ(played.round(), 2);

  Session replayed(enable(), c, 2024);
  std::vector<Event> got;
  for (const Command& command : played.commands()) {
    for (Event& e : replayed.apply(command)) got.push_back(std::move(e));
  }
  EXPECT_EQ(got, expected);
  EXPECT_EQ(replayed.view(0), played.view(0));
  EXPECT_EQ(replayed.commands(), played.commands());
}

TEST(BoggleSession, WorkIsAcceptedAndUnused) {
  Session session(small(), given(), 1);
  std::stop_source stop;
  stop.request_stop();
  double progress = -1;
  const Work work{stop.get_token(), [&](double f) { progress = f; }};
  EXPECT_EQ(only<WordAccepted>(session.apply(Submit{"tea", 0}, work)).points, 1)
      << "judging a word is fast: nothing to stop";
  EXPECT_EQ(progress, -1);
}

}  // namespace
}  // namespace wg::boggle
