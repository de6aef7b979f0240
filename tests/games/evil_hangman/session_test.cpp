#include "games/evil_hangman/session.h"

#include <gtest/gtest.h>

#include <stop_token>
#include <string>
#include <variant>
#include <vector>

#include "games/evil_hangman/test_words.h"

namespace wg::evil_hangman {
namespace {

using test::code;

Config config_of(Strategy strategy = Strategy::kLargest) {
  Config config;
  config.strategy = strategy;
  return config;
}

NewGame new_game(std::int64_t length, std::int64_t guesses, bool show = false) {
  return NewGame{length, guesses, show};
}

Guess guess(char c) { return Guess{code(c), std::nullopt}; }

/// The one event a command caused, of type T (fails the test otherwise).
template <class T>
T only(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  const T* event = events.empty() ? nullptr : std::get_if<T>(&events.front());
  EXPECT_NE(event, nullptr);
  return event ? *event : T{};
}

/// Applies a refused command and checks that nothing changed.
Rejected refused(Session& session, const Command& command) {
  const std::size_t accepted = session.commands().size();
  const View before = session.view(0);
  const Rejected r = only<Rejected>(session.apply(command));
  EXPECT_EQ(session.commands().size(), accepted);
  EXPECT_EQ(session.view(0), before);
  return r;
}

std::vector<Letter> codes(std::string_view text) {
  std::vector<Letter> result;
  for (char c : text) result.push_back(c == '-' ? kNoLetter : code(c));
  return result;
}

TEST(SessionTest, ConfigErrorsNameTheirField) {
  const auto lexicon = test::small_lexicon();
  const auto field_of = [&](Config config) -> std::string {
    try {
      Session session(lexicon, config, 1);
    } catch (const ConfigError& error) {
      return error.field() + ": " + error.what();
    }
    return "";
  };
  Config c;
  EXPECT_EQ(field_of(c), "");
  c.depth = 0;
  EXPECT_EQ(field_of(c), "depth: the lookahead depth must be from 1 to 4, not 0");
  // Issue 15: no upper bound, and depth 5 took seconds a decision, 6 over a minute.
  c.depth = kMaxLookaheadDepth;
  EXPECT_EQ(field_of(c), "");
  c.depth = kMaxLookaheadDepth + 1;
  EXPECT_EQ(field_of(c), "depth: the lookahead depth must be from 1 to 4, not 5");
  c = Config{};
  c.guesses = 0;
  EXPECT_EQ(field_of(c), "guesses: the number of guesses must be at least 1, not 0");
  c = Config{};
  c.length = 5;
  EXPECT_EQ(field_of(c), "length: no words of length 5 (lengths with words: 3, 4)");
  c.length = -2;
  EXPECT_EQ(field_of(c), "length: no words of length -2 (lengths with words: 3, 4)");
  c = Config{};
  c.budget.max_work = 0;
  EXPECT_EQ(field_of(c).substr(0, 5), "work:");
  c = Config{};
  c.budget.max_positions = 0;
  EXPECT_EQ(field_of(c).substr(0, 7), "budget:");
}

TEST(SessionTest, NothingButANewGameBeforeTheFirstGame) {
  Session session(test::small_lexicon(), Config{}, 1);
  EXPECT_EQ(session.status(), Status::kIdle);
  EXPECT_FALSE(session.finished());
  EXPECT_EQ(session.view(0).game, -1);
  EXPECT_EQ(refused(session, guess('e')).reason, Refusal::kWrongPhase);
  EXPECT_EQ(refused(session, GiveUp{}).reason, Refusal::kWrongPhase);
  // A new game needs a length and guesses, from the command or the config.
  EXPECT_EQ(refused(session, NewGame{}).reason, Refusal::kMalformed);
  EXPECT_EQ(refused(session, NewGame{4, std::nullopt, std::nullopt}).reason, Refusal::kMalformed);
  const Rejected length = refused(session, new_game(5, 3));
  EXPECT_EQ(length.reason, Refusal::kOutOfRange);
  EXPECT_EQ(length.detail, "no words of length 5 (lengths with words: 3, 4)");
  EXPECT_EQ(refused(session, new_game(0, 3)).reason, Refusal::kOutOfRange);
  EXPECT_EQ(refused(session, new_game(4, 0)).reason, Refusal::kOutOfRange);
  EXPECT_TRUE(session.commands().empty());
  EXPECT_EQ(session.games(), 0);
}

TEST(SessionTest, TheSpecWalkthroughWithEveryRefusal) {
  Session session(test::small_lexicon(), Config{}, 7);
  const GameStarted started = only<GameStarted>(session.apply(new_game(4, 5, true)));
  EXPECT_EQ(started, (GameStarted{0, 4, 5, true, 9u}));
  EXPECT_EQ(session.status(), Status::kPlaying);
  View view = session.view(0);
  EXPECT_EQ(view.pattern, codes("----"));
  EXPECT_EQ(view.words_remaining, 9u);
  EXPECT_EQ(view.guesses_left, 5);

  Guessed g = only<Guessed>(session.apply(guess('e')));  // ally cool good: a miss
  EXPECT_FALSE(g.hit);
  EXPECT_EQ(g.guesses_left, 4);
  EXPECT_EQ(g.words, 3u);
  EXPECT_FALSE(g.decision);  // no explain
  g = only<Guessed>(session.apply(guess('o')));
  EXPECT_TRUE(g.hit);
  EXPECT_EQ(g.revealed, 2);
  EXPECT_EQ(g.pattern, codes("-oo-"));
  EXPECT_EQ(g.words, 2u);

  const Rejected again = refused(session, guess('e'));
  EXPECT_EQ(again.reason, Refusal::kRepeated);
  EXPECT_EQ(again.letter, code('e'));
  EXPECT_EQ(refused(session, Guess{kNoLetter, std::nullopt}).reason, Refusal::kMalformed);
  EXPECT_EQ(refused(session, Guess{26, std::nullopt}).reason, Refusal::kMalformed);
  EXPECT_EQ(refused(session, new_game(3, 2)).reason, Refusal::kWrongPhase);

  view = session.view(0);
  EXPECT_EQ(view.letters, codes("eo"));
  EXPECT_EQ(view.words_remaining, 2u);
  EXPECT_FALSE(view.word);
  EXPECT_FALSE(view.won);
  EXPECT_EQ(session.commands().size(), 3u);
}

TEST(SessionTest, AGameEndsAndThenPlaysAgain) {
  Session session(test::small_lexicon(), Config{}, 3);
  session.apply(new_game(4, 1));
  const std::vector<Event> events = session.apply(guess('e'));  // a miss, the only one allowed
  ASSERT_EQ(events.size(), 2u);
  const Finished* f = std::get_if<Finished>(&events[1]);
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->won);
  EXPECT_FALSE(f->gave_up);
  EXPECT_EQ(f->misses, 1);
  EXPECT_EQ(f->guesses, 1);
  EXPECT_EQ(f->length, 4);
  EXPECT_EQ(f->letters, codes("e"));
  const std::string word = Alphabet::english().decode(f->word);
  EXPECT_TRUE(word == "ally" || word == "cool" || word == "good") << word;
  EXPECT_EQ(session.status(), Status::kFinished);
  EXPECT_TRUE(session.finished());
  const View over = session.view(0);
  EXPECT_EQ(over.word, f->word);
  EXPECT_EQ(over.won, false);
  EXPECT_EQ(refused(session, guess('o')).reason, Refusal::kWrongPhase);
  EXPECT_EQ(refused(session, GiveUp{}).reason, Refusal::kWrongPhase);

  // Play again, at length 3, and win: every letter of the words.
  EXPECT_EQ(only<GameStarted>(session.apply(new_game(3, 26))).game, 1);
  EXPECT_EQ(session.view(0).game, 1);
  EXPECT_FALSE(session.view(0).words_remaining);
  for (char c : std::string("acdgiot")) {
    if (session.finished()) break;
    session.apply(guess(c));
  }
  ASSERT_TRUE(session.finished());
  EXPECT_EQ(session.view(0).won, true);
  EXPECT_EQ(session.games(), 2);
}

TEST(SessionTest, GivingUpNamesAWordTheHostHolds) {
  Session session(test::small_lexicon(), Config{}, 3);
  session.apply(new_game(4, 5));
  session.apply(guess('e'));
  const Finished f = only<Finished>(session.apply(GiveUp{}));
  EXPECT_TRUE(f.gave_up);
  EXPECT_FALSE(f.won);
  EXPECT_EQ(f.misses, 1);
  const std::string word = Alphabet::english().decode(f.word);
  EXPECT_TRUE(word == "ally" || word == "cool" || word == "good") << word;
  EXPECT_TRUE(session.finished());
}

TEST(SessionTest, ConfigSettingsServeEveryGameUnlessTheCommandSaysOtherwise) {
  Config config;
  config.length = 3;
  config.guesses = 2;
  config.show_remaining = true;
  Session session(test::small_lexicon(), config, 1);
  EXPECT_EQ(only<GameStarted>(session.apply(NewGame{})), (GameStarted{0, 3, 2, true, 4u}));
  EXPECT_EQ(session.commands().front(), (Command{NewGame{3, 2, true}}));  // recorded in full
  session.apply(GiveUp{});
  EXPECT_EQ(only<GameStarted>(session.apply(NewGame{4, std::nullopt, false})),
            (GameStarted{1, 4, 2, false, std::nullopt}));
}

TEST(SessionTest, GameKIsSeededByGameSeed) {
  // The fair host's word is drawn from the game's seed: each game's word is the one a Game
  // seeded game_seed(seed, k) names.
  const auto lexicon = test::small_lexicon();
  const WordSet words = WordSet::of_length(*lexicon, 4);
  Session session(lexicon, config_of(Strategy::kFair), 99);
  for (std::uint64_t k = 0; k < 4; ++k) {
    session.apply(new_game(4, 5));
    const Finished f = only<Finished>(session.apply(GiveUp{}));
    Game game(words, 5, HostConfig{Strategy::kFair, 2, {}}, game_seed(99, k));
    game.give_up();
    const auto expected = words.word(game.word());
    EXPECT_EQ(f.word, std::vector<Letter>(expected.begin(), expected.end())) << k;
  }
}

TEST(SessionTest, TheViewLeaksNothingWhilePlaying) {
  // The fair host holds a secret word; with show_remaining off, neither it nor any count of
  // the words held shows, in the view or the events.
  Session session(test::small_lexicon(), config_of(Strategy::kFair), 5);
  const GameStarted started = only<GameStarted>(session.apply(new_game(4, 8, false)));
  EXPECT_FALSE(started.words);
  const Guessed g = only<Guessed>(session.apply(guess('e')));
  EXPECT_FALSE(g.words);
  EXPECT_FALSE(g.decision);
  const View view = session.view(0);
  EXPECT_EQ(view, session.view(kObserver));
  EXPECT_FALSE(view.words_remaining);
  EXPECT_FALSE(view.word);
  EXPECT_FALSE(view.won);
  // What the view holds is what the guesser knows: the pattern, the guesses, the counts set.
  View expected;
  expected.status = Status::kPlaying;
  expected.game = 0;
  expected.length = 4;
  expected.guesses = 8;
  expected.guesses_left = g.guesses_left;
  expected.pattern = g.pattern;
  expected.letters = codes("e");
  expected.host = Strategy::kFair;  // the host's name, never what it holds
  EXPECT_EQ(view, expected);
}

TEST(SessionTest, ExplainAddsTheHostsDecision) {
  Config config;
  config.explain = true;
  Session session(test::small_lexicon(), config, 1);
  session.apply(new_game(4, 5));
  const Guessed g = only<Guessed>(session.apply(guess('e')));
  ASSERT_TRUE(g.decision);
  EXPECT_EQ(g.decision->scores.size(), 5u);  // ---- -E-- --E- ---E E--E
  EXPECT_EQ(g.decision->decided_by, Strategy::kLargest);
  EXPECT_EQ(g.decision->scores[static_cast<std::size_t>(g.decision->family)].size, 3u);
}

/// Plays a session of several games with refusals, returns its events.
std::vector<Event> play_through(Session& session, const std::vector<Command>& script,
                                const std::vector<Work>& works = {}) {
  std::vector<Event> all;
  for (std::size_t i = 0; i < script.size(); ++i) {
    const Work work = i < works.size() ? works[i] : Work{};
    for (Event& e : session.apply(script[i], work)) all.push_back(std::move(e));
  }
  return all;
}

std::vector<Event> replay(const Session& played) {
  Session again(test::small_lexicon(), played.config(), played.seed());
  std::vector<Event> all;
  for (const Command& c : played.commands()) {
    for (Event& e : again.apply(c)) all.push_back(std::move(e));
  }
  EXPECT_EQ(again.commands(), played.commands());
  EXPECT_EQ(again.view(0), played.view(0));
  return all;
}

/// The events without the refusals (a replay has only the accepted commands).
std::vector<Event> accepted(const std::vector<Event>& events) {
  std::vector<Event> result;
  for (const Event& e : events) {
    if (!std::holds_alternative<Rejected>(e)) result.push_back(e);
  }
  return result;
}

TEST(SessionTest, ReplayingTheCommandsReproducesEveryEvent) {
  for (Strategy strategy : all_strategies()) {
    Config config = config_of(strategy);
    config.explain = true;
    Session session(test::small_lexicon(), config, 2024);
    const std::vector<Command> script = {
        guess('e'), new_game(4, 3, true), guess('e'),     guess('e'), guess('o'), guess('l'),
        guess('y'), guess('t'),           new_game(3, 2), guess('a'), GiveUp{},   new_game(4, 26),
        guess('a'), guess('o'),           guess('e'),     guess('l'), guess('b'), guess('t'),
        guess('c'), guess('d'),           guess('g'),     guess('h'), guess('y'), guess('f'),
        guess('w'), guess('p'),           guess('i'),     guess('x'), guess('s')};
    const std::vector<Event> events = play_through(session, script);
    EXPECT_EQ(session.games(), 3) << to_string(strategy);
    EXPECT_EQ(replay(session), accepted(events)) << to_string(strategy);
  }
}

TEST(SessionTest, AStoppedDecisionFallsBackAndReplaysTheSame) {
  const Config config = [] {
    Config c = config_of(Strategy::kOptimal);
    c.explain = true;
    return c;
  }();
  // Stopped before it starts: the first step of work is cut.
  {
    Session session(test::small_lexicon(), config, 5);
    session.apply(new_game(4, 5));
    std::stop_source stop;
    stop.request_stop();
    const Guessed g = only<Guessed>(session.apply(guess('e'), Work{stop.get_token(), nullptr}));
    EXPECT_TRUE(g.fell_back);
    ASSERT_TRUE(g.cut);
    EXPECT_GT(*g.cut, 0u);
    EXPECT_EQ(g.decision->decided_by, Strategy::kLookahead);
    EXPECT_EQ(session.commands().back(), (Command{Guess{code('e'), g.cut}}));
  }
  // Stopped in the middle (at its third progress report: the first family searched, the
  // second begun), then played on without a stop: the replay cuts the same decision at the same
  // step, and decides the rest as the game did.
  Session session(test::small_lexicon(), config, 5);
  std::stop_source stop;
  std::vector<double> reported;
  const Work stopping{stop.get_token(), [&](double fraction) {
                        reported.push_back(fraction);
                        if (reported.size() >= 3) stop.request_stop();
                      }};
  const std::vector<Event> events =
      play_through(session, {new_game(4, 5), guess('e'), guess('o'), guess('l'), guess('a')},
                   {Work{}, stopping});
  const Guessed& cut = std::get<Guessed>(events[1]);
  EXPECT_TRUE(cut.fell_back);
  ASSERT_TRUE(cut.cut);
  EXPECT_TRUE(std::get<Guessed>(events[2]).decision);
  EXPECT_FALSE(std::get<Guessed>(events[2]).fell_back);
  ASSERT_FALSE(reported.empty());
  for (std::size_t i = 1; i < reported.size(); ++i) EXPECT_GE(reported[i], reported[i - 1]);
  EXPECT_EQ(replay(session), events);
  // The recorded cut is what makes the replay decide alike: without it, no fallback.
  std::vector<Command> uncut = session.commands();
  ASSERT_EQ(std::get<Guess>(uncut[1]).cut, cut.cut);
  std::get<Guess>(uncut[1]).cut.reset();
  Session again(test::small_lexicon(), config, 5);
  again.apply(uncut[0]);
  EXPECT_FALSE(only<Guessed>(again.apply(uncut[1])).fell_back);

  // Unstopped, the same guess is decided by the exact search.
  Session plain(test::small_lexicon(), config, 5);
  plain.apply(new_game(4, 5));
  const Guessed exact = only<Guessed>(plain.apply(guess('e')));
  EXPECT_FALSE(exact.fell_back);
  EXPECT_FALSE(exact.cut);
  EXPECT_EQ(exact.decision->decided_by, Strategy::kOptimal);
}

TEST(SessionTest, ProgressReachesTheEndOfAnOptimalDecision) {
  Session session(test::small_lexicon(), config_of(Strategy::kOptimal), 5);
  session.apply(new_game(4, 5));
  std::vector<double> reported;
  session.apply(guess('e'), Work{{}, [&](double f) { reported.push_back(f); }});
  ASSERT_FALSE(reported.empty());
  EXPECT_DOUBLE_EQ(reported.back(), 1.0);
  for (double f : reported) {
    EXPECT_GE(f, 0.0);
    EXPECT_LE(f, 1.0);
  }
}

/// A Work that withdraws the decision at its third progress report (in the middle of it).
struct Withdrawing {
  std::stop_source stop, withdraw;
  int reports = 0;
  Work work() {
    return Work{stop.get_token(),
                [this](double) {
                  if (++reports == 3) {
                    withdraw.request_stop();
                    stop.request_stop();
                  }
                },
                withdraw.get_token()};
  }
};

TEST(SessionTest, AWithdrawnGuessLeavesNoHalfStateAndReplaysTheSame) {
  Config config = config_of(Strategy::kOptimal);
  config.explain = true;
  Session session(test::small_lexicon(), config, 5);
  std::vector<Event> all = session.apply(new_game(4, 5, true));
  const View before = session.view(0);
  Withdrawing withdrawing;
  const std::vector<Event> events = session.apply(guess('e'), withdrawing.work());
  EXPECT_GE(withdrawing.reports, 3) << "withdrawn in the middle";
  EXPECT_EQ(only<Withdrawn>(events).letter, code('e'));
  EXPECT_EQ(session.view(0), before) << "the game as before the guess";
  EXPECT_EQ(session.commands().back(), (Command{Withdraw{code('e')}}));
  // The game goes on: the same letter again (decided in full now), others, a give up; the
  // replay (which searches nothing for the withdrawal, and clears the memo as it did) is the
  // same game, event for event.
  all.insert(all.end(), events.begin(), events.end());
  for (const Command& c : std::vector<Command>{guess('e'), guess('o'), guess('l'), GiveUp{},
                                               new_game(4, 5), guess('e'), guess('a')}) {
    for (Event& e : session.apply(c)) all.push_back(std::move(e));
  }
  EXPECT_FALSE(std::get<Guessed>(all[2]).fell_back);
  EXPECT_EQ(replay(session), all);
  // A withdrawal with nothing in play, or of a letter guessed, is refused like its guess.
  EXPECT_EQ(refused(session, Withdraw{code('e')}).reason, Refusal::kRepeated);
  EXPECT_EQ(refused(session, Withdraw{kNoLetter}).reason, Refusal::kMalformed);
  session.apply(GiveUp{});
  EXPECT_EQ(refused(session, Withdraw{code('z')}).reason, Refusal::kWrongPhase);
}

TEST(SessionTest, AGiveUpThatWithdrawsTheGuessEndsTheGameBeforeIt) {
  Session session(test::small_lexicon(), config_of(Strategy::kOptimal), 5);
  session.apply(new_game(4, 5));
  session.apply(guess('o'));
  Withdrawing withdrawing;
  only<Withdrawn>(session.apply(guess('e'), withdrawing.work()));
  const Finished finished = only<Finished>(session.apply(GiveUp{}));
  EXPECT_TRUE(finished.gave_up);
  EXPECT_EQ(finished.letters, std::vector<Letter>{code('o')}) << "the withdrawn E is not in it";
  EXPECT_EQ(replay(session).back(), (Event{finished}));
}

TEST(SessionTest, AGameSwitchesToAQuickHostForItsRestOnly) {
  Config config = config_of(Strategy::kOptimal);
  config.explain = true;
  Session session(test::small_lexicon(), config, 7);
  EXPECT_EQ(session.view(0).host, Strategy::kOptimal);
  EXPECT_EQ(refused(session, SwitchHost{Strategy::kLargest}).reason, Refusal::kWrongPhase);
  session.apply(new_game(4, 6));
  EXPECT_EQ(only<Guessed>(session.apply(guess('o'))).decision->decided_by, Strategy::kOptimal);
  // The optimal host and the fair one are not a way out.
  EXPECT_EQ(refused(session, SwitchHost{Strategy::kOptimal}).reason, Refusal::kOutOfRange);
  EXPECT_EQ(refused(session, SwitchHost{Strategy::kFair}).reason, Refusal::kOutOfRange);
  Withdrawing withdrawing;
  only<Withdrawn>(session.apply(guess('e'), withdrawing.work()));
  EXPECT_EQ(only<HostSwitched>(session.apply(SwitchHost{Strategy::kLargest})).strategy,
            Strategy::kLargest);
  EXPECT_EQ(session.view(0).host, Strategy::kLargest);
  // The guess again, and the rest of the game: the largest family, at once.
  const Guessed again = only<Guessed>(session.apply(guess('e')));
  EXPECT_EQ(again.decision->decided_by, Strategy::kLargest);
  const Decision& d = *again.decision;
  for (const FamilyScore& s : d.scores) {
    EXPECT_LE(s.size, d.scores[static_cast<std::size_t>(d.family)].size);
  }
  session.apply(GiveUp{});
  EXPECT_EQ(session.view(0).host, Strategy::kLargest) << "the game that switched, ended";
  // The next game has the config's host again.
  session.apply(new_game(4, 6));
  EXPECT_EQ(session.view(0).host, Strategy::kOptimal);
  EXPECT_EQ(only<Guessed>(session.apply(guess('a'))).decision->decided_by, Strategy::kOptimal);
  EXPECT_FALSE(replay(session).empty());
}

TEST(SessionTest, TheWordNamedAtALossIsACommonOneWhenTheHostHoldsOne) {
  // Guessing e leaves ally, cool, good (largest family): with secrets: common and only cool
  // common, giving up names cool in every seed; with secrets: all, another word in some.
  const std::vector<std::string> cool = {"cool"};
  const auto common = std::make_shared<const Lexicon>(Lexicon::build(cool));
  bool other = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Session session(test::small_lexicon(), Config{}, seed, common);
    session.apply(new_game(4, 5));
    session.apply(guess('e'));
    EXPECT_EQ(Alphabet::english().decode(only<Finished>(session.apply(GiveUp{})).word), "cool");
    Config all;
    all.secrets = Secrets::kAll;
    Session any(test::small_lexicon(), all, seed, common);
    any.apply(new_game(4, 5));
    any.apply(guess('e'));
    other = other || Alphabet::english().decode(only<Finished>(any.apply(GiveUp{})).word) != "cool";
  }
  EXPECT_TRUE(other);
}

}  // namespace
}  // namespace wg::evil_hangman
