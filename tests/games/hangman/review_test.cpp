#include "games/hangman/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <tuple>
#include <vector>

#include "fixtures.h"
#include "games/hangman/advisor.h"
#include "games/hangman/planner.h"
#include "lexicon/lexicon.h"

namespace wg::hangman {
namespace {

using test::code;
using test::codes;

/// A plain search of the whole state, every guess a candidate has tried (a guess no candidate
/// has is a miss for certain, never better): the most expected final points, and the most
/// candidates a player can win. Nothing compressed, nothing bounded.
class BruteForce {
 public:
  BruteForce(std::span<const Letter> words, std::size_t length) : words_(words), length_(length) {}

  /// What `guess` makes from the state, then the best play.
  double points_of(const std::vector<std::uint32_t>& set, std::uint64_t open, int lives, int points,
                   Guess guess) {
    std::vector<std::uint32_t> hits;
    std::vector<std::uint32_t> misses;
    split(set, guess, hits, misses);
    const double n = static_cast<double>(set.size());
    double value = 0;
    if (!hits.empty()) {
      value += static_cast<double>(hits.size()) / n *
               most_points(hits, open & ~(std::uint64_t{1} << guess.position), lives,
                           points + points_for_hit(hits.size(), set.size()));
    }
    if (!misses.empty()) {
      value += static_cast<double>(misses.size()) / n *
               most_points(misses, open, lives - 1, points - std::min(points, kMissPenalty));
    }
    return value;
  }

  /// The most expected final points from the state.
  double most_points(const std::vector<std::uint32_t>& set, std::uint64_t open, int lives,
                     int points) {
    if (open == 0 || lives == 0) return points;
    const auto key = std::tuple{set, open, lives, points};
    if (const auto found = points_memo_.find(key); found != points_memo_.end()) {
      return found->second;
    }
    double best = -1e300;
    for_each_guess(set, open, [&](Guess guess) {
      best = std::max(best, points_of(set, open, lives, points, guess));
    });
    points_memo_.emplace(key, best);
    return best;
  }

  /// The most candidates of `set` a player can win after `guess`.
  int wins_of(const std::vector<std::uint32_t>& set, std::uint64_t open, int lives, Guess guess) {
    std::vector<std::uint32_t> hits;
    std::vector<std::uint32_t> misses;
    split(set, guess, hits, misses);
    return (hits.empty() ? 0 : wins(hits, open & ~(std::uint64_t{1} << guess.position), lives)) +
           (misses.empty() ? 0 : wins(misses, open, lives - 1));
  }

  int wins(const std::vector<std::uint32_t>& set, std::uint64_t open, int lives) {
    if (lives == 0) return 0;
    if (open == 0) return static_cast<int>(set.size());
    const auto key = std::tuple{set, open, lives};
    if (const auto found = wins_memo_.find(key); found != wins_memo_.end()) return found->second;
    int best = 0;
    for_each_guess(set, open,
                   [&](Guess guess) { best = std::max(best, wins_of(set, open, lives, guess)); });
    wins_memo_.emplace(key, best);
    return best;
  }

 private:
  template <class F>
  void for_each_guess(const std::vector<std::uint32_t>& set, std::uint64_t open, F f) {
    for (std::size_t position = 0; position < length_; ++position) {
      if ((open >> position & 1) == 0) continue;
      for (Letter letter = 0; letter < 26; ++letter) {
        const bool some = std::any_of(set.begin(), set.end(), [&](std::uint32_t word) {
          return words_[word * length_ + position] == letter;
        });
        if (some) f(Guess{position, letter});
      }
    }
  }

  void split(const std::vector<std::uint32_t>& set, Guess guess, std::vector<std::uint32_t>& hits,
             std::vector<std::uint32_t>& misses) const {
    for (const std::uint32_t word : set) {
      (words_[word * length_ + guess.position] == guess.letter ? hits : misses).push_back(word);
    }
  }

  std::span<const Letter> words_;
  std::size_t length_;
  std::map<std::tuple<std::vector<std::uint32_t>, std::uint64_t, int, int>, double> points_memo_;
  std::map<std::tuple<std::vector<std::uint32_t>, std::uint64_t, int>, int> wins_memo_;
};

std::uint64_t open_of(const Game& game) {
  std::uint64_t open = 0;
  for (std::size_t p = 0; p < game.length(); ++p) {
    if (game.is_open(p)) open |= std::uint64_t{1} << p;
  }
  return open;
}

/// The brute force's figures for a game's position.
struct Truth {
  double best_points;
  double points_of_guess;
  double best_chance;
  double chance_of_guess;
};
Truth truth(const Game& game, Guess guess) {
  BruteForce brute(game.dictionary().words_of_length(game.length()), game.length());
  const std::vector<std::uint32_t> set = game.candidates();
  const std::uint64_t open = open_of(game);
  const double n = static_cast<double>(set.size());
  return {brute.most_points(set, open, game.lives(), game.points()),
          brute.points_of(set, open, game.lives(), game.points(), guess),
          brute.wins(set, open, game.lives()) / n,
          brute.wins_of(set, open, game.lives(), guess) / n};
}

/// The small dictionary as a session's words, and a session on it.
Config small_config() {
  Config config;
  config.words = test::small_words();
  return config;
}

std::shared_ptr<const Lexicon> no_lexicon() { return nullptr; }

// On few candidates the exact search for points is what a plain search of every guess finds,
// for every guess, from positions with many lives and few, points and none.
TEST(HangmanReview, ExactPointsAreAPlainSearchOfEveryGuess) {
  const Dictionary dictionary = test::small_dictionary();
  int positions = 0;
  for (const char* secret : {"BATTLE", "COTTON", "FOREST", "DINNER"}) {
    for (int spent = 0; spent <= 4; spent += 2) {
      Game game(dictionary, codes(secret));
      game.guess({5, code(secret[5])});  // a hit: some points
      for (int s = 0; s < spent; ++s) game.guess({static_cast<std::size_t>(s), code('Z')});
      if (game.finished()) continue;
      for (std::size_t position = 0; position < game.length(); ++position) {
        if (!game.is_open(position)) continue;
        for (Letter letter = 0; letter < 26; ++letter) {
          if (game.count(position, letter) == 0 && letter != code('Q')) continue;
          const Guess guess{position, letter};
          const std::optional<ExactPoints> exact = plan_points_exactly(game, guess);
          ASSERT_TRUE(exact.has_value());
          const Truth t = truth(game, guess);
          EXPECT_NEAR(exact->played.value, t.points_of_guess, 1e-9)
              << secret << " " << position << " " << int{letter};
          EXPECT_NEAR(exact->best.value, t.best_points, 1e-9) << secret;
          // The best guess is worth what it says.
          EXPECT_NEAR(truth(game, exact->best.guess).points_of_guess, t.best_points, 1e-9);
          ++positions;
        }
      }
    }
  }
  EXPECT_GT(positions, 50);
}

// Past its reach (more candidates than kExactPointsCandidates) the exact search says so.
TEST(HangmanReview, ExactPointsOnlyOnFewCandidates) {
  const Dictionary dictionary = Dictionary::from_lexicon(default_lexicon());
  Rng rng(5);
  Game game(dictionary, rng);
  EXPECT_FALSE(plan_points_exactly(game, {0, code('S')}).has_value());
  EXPECT_FALSE(plays_exactly(game, Goal::kPoints));
  EXPECT_FALSE(plays_exactly(game, Goal::kWin));
}

// judge() values a guess as plan() values the one it plays.
TEST(HangmanReview, JudgeAgreesWithThePlan) {
  const Dictionary dictionary = Dictionary::from_lexicon(default_lexicon());
  Rng rng(9);
  Game game(dictionary, rng);
  for (const Goal goal : {Goal::kWin, Goal::kPoints}) {
    const PlannedGuess planned = plan(game, goal);
    const PlannedGuess judged = judge(game, planned.guess, goal);
    EXPECT_DOUBLE_EQ(judged.value, planned.value);
    EXPECT_DOUBLE_EQ(judged.probability, planned.probability);
  }
}

/// Plays `commands` on a new session of the small dictionary (seed 11).
std::vector<Command> played(const std::vector<Command>& commands) {
  Session session(no_lexicon(), small_config(), 11);
  std::vector<Command> accepted;
  for (const Command& command : commands) {
    const std::vector<Event> events = session.apply(command);
    if (!std::holds_alternative<Rejected>(events.front())) accepted.push_back(command);
  }
  return accepted;
}

// A seeded game on the small dictionary, reviewed: each guess's best and loss, in points and in
// the chance to win, are the plain search's where the review says they are exact (the chance to
// win on these few words always; the points from kExactPointsCandidates candidates), and never
// more than it elsewhere (the planner's figures are lower bounds).
TEST(HangmanReview, ASeededGameAgainstThePlainSearch) {
  const Session probe(no_lexicon(), small_config(), 11);
  const std::vector<Letter> secret = [&] {
    Session copy = probe;
    copy.apply(GiveUp{});
    return copy.game().secret();
  }();
  // The best guess for points first, the secret's letters until few candidates are left, a
  // guess no candidate has (a miss for certain, which costs here: the plain search says so),
  // then the rest of the secret.
  std::vector<Command> commands;
  std::size_t costly = 0;
  {
    Session session = probe;
    const Guess best = plan(session.game(), Goal::kPoints, kReviewPointsPlan).guess;
    commands.push_back(best);
    session.apply(best);
    for (std::size_t p = 0; p < secret.size() && !session.finished(); ++p) {
      if (session.game().candidate_count() <= kExactPointsCandidates) break;
      if (!session.game().is_open(p)) continue;
      commands.push_back(Guess{p, secret[p]});
      session.apply(Guess{p, secret[p]});
    }
    ASSERT_FALSE(session.finished());
    std::size_t open = 0;
    while (!session.game().is_open(open)) ++open;
    Letter absent = 0;
    while (session.game().count(open, absent) > 0) ++absent;
    const Guess miss{open, absent};
    const Truth t = truth(session.game(), miss);
    ASSERT_GT(t.best_points - t.points_of_guess, 0) << "the seed gives a costly miss";
    costly = commands.size();
    commands.push_back(miss);
    session.apply(miss);
    for (std::size_t p = 0; p < secret.size() && !session.finished(); ++p) {
      if (!session.game().is_open(p)) continue;
      commands.push_back(Guess{p, secret[p]});
      session.apply(Guess{p, secret[p]});
    }
    ASSERT_TRUE(session.finished());
  }
  commands = played(commands);

  Session session(no_lexicon(), small_config(), 11);
  const std::optional<Review> review = review_game(session, commands, 0);
  ASSERT_TRUE(review.has_value());
  EXPECT_EQ(review->game, 1u);
  EXPECT_EQ(review->secret, secret);
  EXPECT_TRUE(review->won);
  ASSERT_EQ(review->guesses.size(), commands.size());

  Session replay(no_lexicon(), small_config(), 11);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const ReviewedGuess& move = review->guesses[i];
    const Guess guess = std::get<Guess>(commands[i]);
    ASSERT_EQ(move.guess, guess);
    const Truth t = truth(replay.game(), guess);
    EXPECT_EQ(move.points.exact, replay.game().candidate_count() <= kExactPointsCandidates) << i;
    if (move.points.exact) {
      EXPECT_NEAR(move.points.best.value, t.best_points, 1e-9) << i;
      EXPECT_NEAR(move.points.loss(), t.best_points - t.points_of_guess, 1e-9) << i;
    } else {
      EXPECT_LE(move.points.best.value, t.best_points + 1e-9) << i;
      EXPECT_LE(move.points.played.value, t.points_of_guess + 1e-9) << i;
    }
    EXPECT_TRUE(move.win.exact) << i;
    EXPECT_NEAR(move.win.best.value, t.best_chance, 1e-12) << i;
    EXPECT_NEAR(move.win.loss(), t.best_chance - t.chance_of_guess, 1e-12) << i;
    EXPECT_EQ(move.candidates_before, replay.game().candidate_count());
    replay.apply(guess);
    EXPECT_EQ(move.candidates_after, replay.game().candidate_count());
  }
  // The first guess was the planner's own: no loss. The certain miss cost what the plain search
  // says, exactly.
  EXPECT_DOUBLE_EQ(review->guesses[0].points.loss(), 0);
  ASSERT_TRUE(review->guesses[costly].points.exact);
  EXPECT_GT(review->guesses[costly].points.loss(), 0);
}

// Giving up is a move: it keeps the points it has, where the best guess expected more.
TEST(HangmanReview, GivingUpCostsWhatTheBestPlayExpected) {
  const std::vector<Command> commands =
      played({Guess{5, code('E')}, Guess{5, code('R')}, Guess{5, code('N')}, Guess{5, code('T')},
              GiveUp{}});
  Session session(no_lexicon(), small_config(), 11);
  const std::optional<Review> review = review_game(session, commands, 0);
  ASSERT_TRUE(review.has_value());
  ASSERT_FALSE(review->guesses.empty());
  EXPECT_TRUE(review->gave_up);
  const ReviewedGuess& last = review->guesses.back();
  EXPECT_FALSE(last.guess.has_value());
  EXPECT_DOUBLE_EQ(last.points.played.value, last.points_before);
  EXPECT_DOUBLE_EQ(last.win.played.value, 0);
  EXPECT_GT(last.points.loss(), 0);
  EXPECT_GT(last.win.loss(), 0);
}

// The review takes the game the record names, among the session's games, and hints are no
// moves.
TEST(HangmanReview, ReviewsTheGameItIsAskedFor) {
  std::vector<Command> commands = {Hint{}, GiveUp{}, NewGame{}, Guess{0, code('B')},
                                   Hint{}, GiveUp{}};
  commands = played(commands);
  ASSERT_EQ(commands.size(), 6u);
  Session first(no_lexicon(), small_config(), 11);
  const std::optional<Review> one = review_game(first, commands, 1);
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(one->game, 1u);
  ASSERT_EQ(one->guesses.size(), 1u);
  EXPECT_FALSE(one->guesses[0].guess.has_value());
  Session second(no_lexicon(), small_config(), 11);
  const std::optional<Review> two = review_game(second, commands, 2);
  ASSERT_TRUE(two.has_value());
  EXPECT_EQ(two->game, 2u);
  ASSERT_EQ(two->guesses.size(), 2u);
  EXPECT_EQ(two->guesses[0].guess, (Guess{0, code('B')}));
  Session last(no_lexicon(), small_config(), 11);
  EXPECT_EQ(review_game(last, commands, 0)->game, 2u);
  Session none(no_lexicon(), small_config(), 11);
  EXPECT_THROW(review_game(none, commands, 3), std::invalid_argument);
}

TEST(HangmanReview, ARefusedCommandIsNotThisSessionsGame) {
  Session session(no_lexicon(), small_config(), 11);
  const std::vector<Command> commands = {Guess{0, code('B')}, NewGame{}};
  EXPECT_THROW(review_game(session, commands, 0), std::invalid_argument);
}

TEST(HangmanReview, StopsWhenAsked) {
  const std::vector<Command> commands = played({Guess{0, code('B')}, GiveUp{}});
  Session session(no_lexicon(), small_config(), 11);
  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(review_game(session, commands, 0, Work{stop.get_token(), nullptr}).has_value());
  Session again(no_lexicon(), small_config(), 11);
  std::vector<double> progress;
  const Work work{{}, [&](double fraction) { progress.push_back(fraction); }};
  ASSERT_TRUE(review_game(again, commands, 0, work).has_value());
  ASSERT_FALSE(progress.empty());
  EXPECT_DOUBLE_EQ(progress.back(), 1.0);
}

// On the default dictionary the first guesses are the planners' bounded figures, said so, and
// never a negative loss.
TEST(HangmanReview, BoundedFiguresOnTheDefaultDictionary) {
  const auto lexicon = std::shared_ptr<const Lexicon>(&default_lexicon(), [](const Lexicon*) {});
  Session probe(lexicon, Config{}, 4);
  std::vector<Command> commands;
  for (int i = 0; i < 4 && !probe.finished(); ++i) {
    const Guess guess = advise(probe.game(), Strategy::kNaive).guess;
    commands.push_back(guess);
    probe.apply(guess);
  }
  commands.push_back(GiveUp{});
  Session session(lexicon, Config{}, 4);
  const std::optional<Review> review = review_game(session, commands, 0);
  ASSERT_TRUE(review.has_value());
  ASSERT_GE(review->guesses.size(), 2u);
  EXPECT_FALSE(review->guesses[0].points.exact);
  EXPECT_FALSE(review->guesses[0].win.exact);
  for (const ReviewedGuess& move : review->guesses) {
    EXPECT_GE(move.points.loss(), 0);
    EXPECT_GE(move.win.loss(), 0);
    EXPECT_GE(move.points.best.value + 1e-9, move.points.played.value);
  }
}

}  // namespace
}  // namespace wg::hangman
