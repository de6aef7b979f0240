#include "games/wordle/session.h"

#include <gtest/gtest.h>

#include <stop_token>
#include <variant>

#include "games/wordle/test_words.h"

namespace wg::wordle {
namespace {

using test::codes;

template <class E>
const E& only(const std::vector<Event>& events) {
  EXPECT_EQ(events.size(), 1u);
  const E* e = std::get_if<E>(&events.front());
  if (e == nullptr) throw std::logic_error("another event");
  return *e;
}

Session session(Config config = {}, std::uint64_t seed = 1) {
  return Session(test::small_lexicon(), config, seed);
}

/// Plays the AI's hints until the game ends; the events of the last guess.
std::vector<Event> play_hints(Session& s, const Work& work = {}) {
  std::vector<Event> events;
  for (int turn = 0; turn < 40 && !s.finished(); ++turn) {
    const Hinted hinted = only<Hinted>(s.apply(Hint{}));
    events = s.apply(Guess{hinted.word}, work);
  }
  return events;
}

TEST(WordleSession, StartsPlayingWithAnEmptyGrid) {
  Session s = session();
  const View v = s.view(0);
  EXPECT_EQ(v.status, Status::kPlaying);
  EXPECT_EQ(v.game, 0);
  EXPECT_EQ(v.length, 5);
  EXPECT_EQ(v.guess_limit, 0);  // the largest host: no limit
  EXPECT_TRUE(v.rows.empty());
  EXPECT_EQ(v.keyboard.size(), 26u);
  EXPECT_FALSE(v.remaining);
  EXPECT_FALSE(v.word);
  EXPECT_EQ(s.remaining().size(), 27u);
}

TEST(WordleSession, BadGuessesAreRefusedAndChangeNothing) {
  Session s = session();
  EXPECT_EQ(only<Rejected>(s.apply(Guess{codes("bake")})).reason, Refusal::kMalformed);
  EXPECT_EQ(only<Rejected>(s.apply(Guess{{0, 1, 2, 3, 40}})).reason, Refusal::kMalformed);
  EXPECT_EQ(only<Rejected>(s.apply(Guess{codes("zzzzz")})).reason, Refusal::kNotAWord);
  EXPECT_EQ(only<Rejected>(s.apply(NewGame{})).reason, Refusal::kWrongPhase);
  EXPECT_TRUE(s.commands().empty());
  EXPECT_TRUE(s.view(0).rows.empty());
}

TEST(WordleSession, TheLargestHostKeepsTheLargestFamily) {
  Config config;
  config.show_remaining = true;
  Session s = session(config);
  const std::vector<WordId> before = s.remaining();
  const std::vector<Family> families = partition(s.words(), before, codes("speed"));
  const Family& largest = families[largest_family(families, 5)];
  const Guessed g = only<Guessed>(s.apply(Guess{codes("speed")}));
  EXPECT_EQ(g.pattern, largest.pattern);
  EXPECT_EQ(g.remaining, largest.words.size());
  EXPECT_EQ(s.remaining(), largest.words);
  EXPECT_EQ(g.guesses, 1);
  EXPECT_FALSE(g.guesses_left);
  EXPECT_EQ(s.view(0).remaining, largest.words.size());
}

TEST(WordleSession, TheGameEndsWhenTheGuessIsTheOnlyWordLeft) {
  for (HostKind host : all_hosts()) {
    Config config;
    config.host = host;
    config.guesses = 0;
    Session s = session(config);
    const std::vector<Event> events = play_hints(s);
    ASSERT_TRUE(s.finished()) << to_string(host);
    const Finished& f = std::get<Finished>(events.back());
    EXPECT_TRUE(f.won);
    EXPECT_EQ(f.word, f.rows.back().word);
    EXPECT_EQ(f.rows.back().pattern, all_green(5));
    if (adversarial(host)) {
      EXPECT_EQ(s.remaining().size(), 1u);
    }
    // Every position of this list is small enough for the exact search.
    ASSERT_TRUE(f.best_possible) << to_string(host);
    EXPECT_EQ(f.best_from, 1);
    EXPECT_GE(*f.best_possible, 2);
    const View v = s.view(0);
    EXPECT_EQ(v.status, Status::kFinished);
    EXPECT_EQ(v.won, true);
    EXPECT_EQ(v.best_possible, f.best_possible);
    EXPECT_EQ(only<Rejected>(s.apply(Hint{})).reason, Refusal::kWrongPhase);
  }
}

TEST(WordleSession, BestPossibleIsTheExactValueAfterTheOpening) {
  Session s = session();
  s.apply(Guess{codes("speed")});
  const std::vector<WordId> after = s.remaining();
  const Finished f = only<Finished>(s.apply(GiveUp{}));
  EXPECT_TRUE(f.gave_up);
  EXPECT_FALSE(f.won);
  ASSERT_TRUE(f.best_possible);
  EXPECT_EQ(*f.best_possible, 1 + *fewest_guesses(s.words(), after).guesses);
  // The word named is one still possible.
  EXPECT_NE(std::find(after.begin(), after.end(), *s.words().find(f.word)), after.end());
  // Given up before any guess: no position to value.
  Session t = session();
  EXPECT_FALSE(only<Finished>(t.apply(GiveUp{})).best_possible);
}

TEST(WordleSession, ALaterPositionIsValuedWhenTheFirstIsOverBudget) {
  Config config;
  config.exact.max_work = 400;  // too little for the 27 answers left after one guess
  Session s = session(config);
  s.apply(Guess{codes("speed")});
  const Hinted hint = only<Hinted>(s.apply(Hint{}));
  std::vector<Event> events = s.apply(Guess{hint.word});
  const std::vector<WordId> second = s.remaining();
  if (!s.finished()) events = s.apply(GiveUp{});
  const Finished& f = std::get<Finished>(events.back());
  ASSERT_TRUE(f.best_possible);
  EXPECT_EQ(f.best_from, 2);
  if (f.won) {
    EXPECT_EQ(f.best_possible, 2);
  } else {
    EXPECT_EQ(*f.best_possible, 2 + *fewest_guesses(s.words(), second).guesses);
  }
}

TEST(WordleSession, TheFairHostPicksItsWordBySeedAndAllowsSixGuesses) {
  Config config;
  config.host = HostKind::kFair;
  Session a = session(config, 42);
  Session b = session(config, 42);
  EXPECT_EQ(a.view(0).guess_limit, 6);
  const Finished fa = only<Finished>(a.apply(GiveUp{}));
  const Finished fb = only<Finished>(b.apply(GiveUp{}));
  EXPECT_EQ(fa.word, fb.word);
  // Its word answers every guess.
  Session c = session(config, 42);
  const Guessed g = only<Guessed>(c.apply(Guess{codes("speed")}));
  EXPECT_EQ(g.pattern, feedback(codes("speed"), fa.word));
  EXPECT_EQ(g.guesses_left, 5);
  // Six wrong guesses lose; the word is named.
  Session d = session(config, 42);
  std::vector<Event> events;
  for (const char* word :
       {"abide", "bleed", "caret", "crane", "crate", "creed", "erase", "grate", "greed"}) {
    if (d.finished()) break;
    if (word == d.words().text(*d.words().find(fa.word))) continue;
    events = d.apply(Guess{codes(word)});
  }
  ASSERT_TRUE(d.finished());
  const Finished& lost = std::get<Finished>(events.back());
  EXPECT_FALSE(lost.won);
  EXPECT_EQ(lost.rows.size(), 6u);
  EXPECT_EQ(lost.word, fa.word);
}

TEST(WordleSession, AGuessLimitEndsAnAdversarialGame) {
  Config config;
  config.guesses = 1;
  Session s = session(config);
  const std::vector<Event> events = s.apply(Guess{codes("speed")});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(std::get<Guessed>(events[0]).guesses_left, 0);
  const Finished& f = std::get<Finished>(events[1]);
  EXPECT_FALSE(f.won);
  EXPECT_FALSE(f.gave_up);
  EXPECT_EQ(f.guess_limit, 1);
  EXPECT_NE(std::find(s.remaining().begin(), s.remaining().end(), *s.words().find(f.word)),
            s.remaining().end());
}

TEST(WordleSession, HardModeRefusesGuessesThatIgnoreTheHints) {
  Config config;
  config.hard = true;
  config.host = HostKind::kFair;
  // Find a seed whose word shares letters with SPEED, so that there is something to use.
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    Session s = session(config, seed);
    const Guessed g = only<Guessed>(s.apply(Guess{codes("speed")}));
    if (greens(g.pattern, 5) == 0 || g.pattern == all_green(5)) continue;
    const Rejected r = only<Rejected>(s.apply(Guess{codes("thine")}));
    EXPECT_EQ(r.reason, Refusal::kNotAllowed);
    ASSERT_TRUE(r.problem);
    EXPECT_NE(r.detail.find("hard mode"), std::string::npos);
    EXPECT_EQ(s.view(0).rows.size(), 1u);
    // The hint keeps to hard mode.
    const Hinted h = only<Hinted>(s.apply(Hint{}));
    EXPECT_FALSE(hard_mode_problem(s.view(0).rows, h.word));
    return;
  }
  FAIL() << "no seed gave a green";
}

TEST(WordleSession, TheKeyboardShowsTheBestKnownStateOfEachLetter) {
  const std::vector<Row> rows = {Row{codes("speed"), feedback(codes("speed"), codes("erase"))},
                                 Row{codes("erase"), all_green(5)}};
  const std::vector<LetterState> keys = keyboard_of(rows, 26);
  EXPECT_EQ(keys[codes("e")[0]], LetterState::kPlaced);
  EXPECT_EQ(keys[codes("s")[0]], LetterState::kPlaced);
  EXPECT_EQ(keys[codes("p")[0]], LetterState::kAbsent);
  EXPECT_EQ(keys[codes("z")[0]], LetterState::kUnknown);
  const std::vector<Row> first = {rows[0]};
  EXPECT_EQ(keyboard_of(first, 26)[codes("s")[0]], LetterState::kPresent);
  EXPECT_EQ(keyboard_of(first, 26)[codes("d")[0]], LetterState::kAbsent);
}

TEST(WordleSession, NewGamesAreSeededByTheirIndex) {
  Config config;
  config.host = HostKind::kFair;
  Session s = session(config, 9);
  s.apply(GiveUp{});
  const GameStarted started = only<GameStarted>(s.apply(NewGame{}));
  EXPECT_EQ(started.game, 1);
  EXPECT_EQ(started.guess_limit, 6);
  const Finished second = only<Finished>(s.apply(GiveUp{}));
  // Game 1 of seed 9 draws its word as the generator of game_seed(9, 1) does.
  const WordBank words = test::five_letter_words();
  Rng rng(game_seed(9, 1));
  const std::span<const Letter> expected = words.word(static_cast<WordId>(rng.below(27)));
  EXPECT_EQ(second.word, std::vector<Letter>(expected.begin(), expected.end()));
}

TEST(WordleSession, ReplayingTheCommandsGivesTheSameGames) {
  for (HostKind host : all_hosts()) {
    Config config;
    config.host = host;
    config.hard = host == HostKind::kFair;
    Session s = session(config, 5);
    play_hints(s);
    s.apply(NewGame{});
    s.apply(Guess{codes("crane")});
    Session replay = session(config, 5);
    for (const Command& c : s.commands()) {
      for (const Event& e : replay.apply(c)) EXPECT_FALSE(std::holds_alternative<Rejected>(e));
    }
    EXPECT_EQ(replay.view(0), s.view(0)) << to_string(host);
    EXPECT_EQ(replay.commands(), s.commands());
  }
}

TEST(WordleSession, AStoppedSearchIsRecordedAndReplayedAlike) {
  std::stop_source source;
  source.request_stop();
  Work work;
  work.stop = source.get_token();
  Session s = session();
  s.apply(Guess{codes("speed")});
  const Finished f = only<Finished>(s.apply(GiveUp{}, work));
  EXPECT_FALSE(f.best_possible);
  ASSERT_TRUE(std::holds_alternative<GiveUp>(s.commands().back()));
  EXPECT_TRUE(std::get<GiveUp>(s.commands().back()).unanalysed);
  Session replay = session();
  std::vector<Event> last;
  for (const Command& c : s.commands()) last = replay.apply(c);
  EXPECT_EQ(std::get<Finished>(last.back()), f);
}

TEST(WordleSession, BadConfigsNameTheField) {
  const auto field_of = [](const Config& config) -> std::string {
    try {
      session(config);
    } catch (const ConfigError& error) {
      return error.field();
    }
    return "";
  };
  Config c;
  c.length = 3;
  EXPECT_EQ(field_of(c), "length");
  c.length = 6;  // no words of 6 letters in the list
  EXPECT_EQ(field_of(c), "length");
  c = Config{};
  c.guesses = -1;
  EXPECT_EQ(field_of(c), "guesses");
  c = Config{};
  c.exact.max_answers = 1000;
  EXPECT_EQ(field_of(c), "exact_answers");
  c = Config{};
  c.length = 4;
  EXPECT_EQ(field_of(c), "");
}

}  // namespace
}  // namespace wg::wordle
