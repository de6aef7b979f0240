#include "games/boggle/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "games/boggle/session.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"
#include "lexicons.h"

namespace wg::boggle {
namespace {

using test::enable;

/// The board "eat/sxx" holds EAT, SEA, SAT (1 point each) and SEAT (2 points) of these words.
std::shared_ptr<const Lexicon> tiny() {
  std::vector<std::string> words = {"ate", "eat", "sat", "sea", "seat", "tea", "zebra"};
  std::sort(words.begin(), words.end());
  return std::make_shared<const Lexicon>(Lexicon::build(words));
}

Config tiny_board() {
  Config c;
  c.board = "eat/sxx";
  c.scoring = Scoring::kSpec;
  c.seconds = 0;
  return c;
}

/// Every word of the lexicon that can be traced on the board, with its points: by trying each
/// word (find_path), not by the solver.
std::map<std::string, int> brute_force(const Lexicon& lexicon, const Board& board,
                                       std::size_t min_length, Scoring scoring) {
  std::map<std::string, int> words;
  for (std::size_t i = 0; i < lexicon.size(); ++i) {
    const auto letters = lexicon.letters_at(static_cast<std::uint32_t>(i));
    if (letters.size() < min_length || find_path(board, letters).empty()) continue;
    words[lexicon.word_at(static_cast<std::uint32_t>(i))] =
        word_points(letters.size(), min_length, scoring);
  }
  return words;
}

/// The session's accepted commands after `commands` are applied to a new session.
std::vector<Command> played(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                            std::uint64_t seed, const std::vector<Command>& commands) {
  Session session(std::move(lexicon), config, seed);
  for (const Command& command : commands) session.apply(command);
  return session.commands();
}

TEST(BoggleReview, ARoundAgainstTheBoardsParWithTheBestWordsMissedAndTheirPaths) {
  const auto lexicon = tiny();
  const std::vector<Command> commands =
      played(lexicon, tiny_board(), 1, {Submit{"sea", 10}, Submit{"eat", 20}, Close{30}});
  const SessionReview review = review_session(lexicon, tiny_board(), 1, commands);
  ASSERT_EQ(review.rounds.size(), 1u);
  EXPECT_FALSE(review.stopped);
  const RoundReview& round = review.rounds[0];
  EXPECT_TRUE(round.played);
  EXPECT_EQ(round.score, 2);
  EXPECT_EQ(round.words, 4u);
  EXPECT_EQ(round.par, 5);
  ASSERT_EQ(round.missed.size(), 2u);
  // SEAT, the best word missed (2 points), before SAT (1).
  EXPECT_EQ(round.missed[0], (BoardWord{"seat", 2, {3, 0, 1, 2}}));
  EXPECT_EQ(round.missed[1], (BoardWord{"sat", 1, {3, 1, 2}}));
}

TEST(BoggleReview, TheParAndTheWordsMissedAreTheBruteForcesOnASeededBoard) {
  Config config;  // the defaults: a 4×4 board rolled from the dice, 3 minutes
  const std::uint64_t seed = 2024;
  Session probe(enable(), config, seed);
  const Board board = probe.started().board;
  const std::size_t min_length = config.min_word_length();
  const std::map<std::string, int> words =
      brute_force(*enable(), board, min_length, config.scoring);
  ASSERT_GE(words.size(), 4u);
  std::int64_t par = 0;
  for (const auto& [word, points] : words) par += points;
  // Find every other word of the board, and type a few that are refused (not recorded).
  std::vector<Command> typed = {Submit{"qqq", 5}, Submit{"zz", 6}};
  std::int64_t score = 0;
  std::map<std::string, int> missed = words;
  std::uint64_t ms = 10;
  bool take = true;
  for (const auto& [word, points] : words) {
    if (take) {
      ms += 10;
      typed.push_back(Submit{word, ms});
      score += points;
      missed.erase(word);
    }
    take = !take;
  }
  typed.push_back(Close{ms + 10});
  const std::vector<Command> commands = played(enable(), config, seed, typed);

  const SessionReview review = review_session(enable(), config, seed, commands);
  ASSERT_EQ(review.rounds.size(), 1u);
  const RoundReview& round = review.rounds[0];
  EXPECT_EQ(round.board, board);
  EXPECT_EQ(round.par, par);
  EXPECT_EQ(round.words, words.size());
  EXPECT_EQ(round.score, score);
  ASSERT_EQ(round.missed.size(), missed.size());
  int best = 0;
  for (const auto& [word, points] : missed) best = std::max(best, points);
  EXPECT_EQ(round.missed.front().points, best) << "the best word missed comes first";
  for (std::size_t i = 0; i < round.missed.size(); ++i) {
    const BoardWord& word = round.missed[i];
    ASSERT_TRUE(missed.count(word.word)) << word.word;
    EXPECT_EQ(word.points, missed.at(word.word));
    if (i > 0) {
      EXPECT_GE(round.missed[i - 1].points, word.points) << "best first";
    }
    // The path spells the word on the board.
    std::string spelled;
    for (int cell : word.path) spelled += Alphabet::english().decode(board.cell(cell).letters);
    EXPECT_EQ(spelled, word.word);
  }
}

TEST(BoggleReview, EveryWordFoundIsARoundWithoutLoss) {
  const auto lexicon = tiny();
  const std::vector<Command> commands =
      played(lexicon, tiny_board(), 1,
             {Submit{"seat", 1}, Submit{"sea", 2}, Submit{"sat", 3}, Submit{"eat", 4}, Close{5}});
  const SessionReview review = review_session(lexicon, tiny_board(), 1, commands);
  ASSERT_EQ(review.rounds.size(), 1u);
  EXPECT_EQ(review.rounds[0].score, review.rounds[0].par);
  EXPECT_TRUE(review.rounds[0].missed.empty());
}

TEST(BoggleReview, EachRoundOfTheSessionIsReviewedAndARoundClosedAtOnceIsNotPlayed) {
  const auto lexicon = tiny();
  // Round 1 closed at once without a word (as a room closes a round its seat sat out); round 2
  // played; round 3 still on: not reviewed.
  const std::vector<Command> commands =
      played(lexicon, tiny_board(), 1,
             {Close{0}, NewGame{}, Submit{"seat", 100}, Close{200}, NewGame{}, Submit{"eat", 5}});
  const SessionReview review = review_session(lexicon, tiny_board(), 1, commands);
  ASSERT_EQ(review.rounds.size(), 2u);
  EXPECT_FALSE(review.rounds[0].played);
  EXPECT_EQ(review.rounds[0].round, 0);
  EXPECT_TRUE(review.rounds[1].played);
  EXPECT_EQ(review.rounds[1].round, 1);
  EXPECT_EQ(review.rounds[1].score, 2);
  EXPECT_EQ(review.rounds[1].par, 5);
}

TEST(BoggleReview, ATimedRoundEndsOnItsLateWord) {
  const auto lexicon = tiny();
  Config config = tiny_board();
  config.seconds = 1;
  const std::vector<Command> commands =
      played(lexicon, config, 1, {Submit{"sea", 10}, Submit{"seat", 1500}});
  const SessionReview review = review_session(lexicon, config, 1, commands);
  ASSERT_EQ(review.rounds.size(), 1u);
  EXPECT_EQ(review.rounds[0].score, 1) << "the late word does not count";
  EXPECT_EQ(review.rounds[0].missed.front().word, "seat");
}

TEST(BoggleReview, ACommandTheLexiconRefusesIsNotThisGame) {
  const std::vector<Command> commands = played(tiny(), tiny_board(), 1, {Submit{"seat", 1}});
  // On a list without SEAT, the record is not a game of this list.
  std::vector<std::string> words = {"eat", "sat", "sea"};
  const auto other = std::make_shared<const Lexicon>(Lexicon::build(words));
  try {
    review_session(other, tiny_board(), 1, commands);
    FAIL() << "a refused command replayed";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("command 1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("seat"), std::string::npos) << e.what();
  }
}

TEST(BoggleReview, StopsWhenAskedAndReportsItsProgress) {
  const auto lexicon = tiny();
  const std::vector<Command> commands =
      played(lexicon, tiny_board(), 1, {Submit{"sea", 1}, Close{2}});
  std::vector<double> progress;
  Work work;
  work.progress = [&](double fraction) { progress.push_back(fraction); };
  EXPECT_EQ(review_session(lexicon, tiny_board(), 1, commands, work).rounds.size(), 1u);
  EXPECT_EQ(progress, (std::vector<double>{0.5, 1.0}));

  std::stop_source stop;
  stop.request_stop();
  Work stopped;
  stopped.stop = stop.get_token();
  const SessionReview review = review_session(lexicon, tiny_board(), 1, commands, stopped);
  EXPECT_TRUE(review.stopped);
  EXPECT_TRUE(review.rounds.empty());
}

}  // namespace
}  // namespace wg::boggle
