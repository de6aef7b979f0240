// games/auction/review.h: a seat's bids against the strong bot's values, and its words against
// the best word of its letters.

#include "games/auction/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stop_token>

#include "games/auction/rules.h"

namespace wg::auction {
namespace {

std::shared_ptr<const Lexicon> lexicon() {
  return {&default_lexicon(), [](const Lexicon*) {}};
}

SeatConfig bot(std::string name) { return {SeatKind::kBot, std::move(name)}; }
SeatConfig person() { return {SeatKind::kPerson, "Ann"}; }

Config config_of(std::vector<SeatConfig> seats, int rounds) {
  Config config;
  config.seats = std::move(seats);
  config.rules.players = static_cast<int>(config.seats.size());
  config.rules.rounds = rounds;
  return config;
}

/// The best score of a word made from `letters`, by a scan of every word of the lexicon.
int scanned_best(const std::vector<Letter>& letters, const Rules& rules) {
  const Lexicon& words = default_lexicon();
  int best = 0;
  words.for_each_word([&](std::string_view w) {
    const std::vector<Letter> word = *words.alphabet().encode(w);
    if (can_make(word, letters)) best = std::max(best, word_score(word, rules));
  });
  return best;
}

/// Plays seat 0 as a person: bids by `bid(number, points)`, names the best word of its
/// letters in odd rounds and no word in even ones. Returns the accepted commands.
template <class BidRule>
std::vector<Command> play_person(const Config& config, std::uint64_t seed, BidRule bid) {
  Session session(lexicon(), config, seed);
  session.apply(RunToEnd{});
  while (!session.finished()) {
    const View view = session.view(0);
    const SeatView& me = view.seats[0];
    EXPECT_TRUE(me.awaited.has_value());
    if (me.awaited == Answer::kBid) {
      session.apply(Bid{0, bid(view.auction->number, me.points)});
    } else {
      std::vector<Letter> held = me.hidden;
      held.insert(held.end(), me.won.begin(), me.won.end());
      std::vector<Letter> word;
      if (view.round % 2 == 1) word = best_word(default_lexicon(), held, config.rules).word;
      session.apply(Word{0, word});
    }
  }
  return session.commands();
}

TEST(AuctionReviewTest, AStrongBotsSeatIsReviewedWithItsOwnValues) {
  // The value is the strong bot's estimate from the seat's place: in a strong bot's own seat it
  // is the value the bot bid (rounded, capped by its points and reserve), draw for draw.
  const Config config = config_of({bot("strong"), bot("value"), bot("random")}, 2);
  const std::vector<Command> commands{RunToEnd{}};
  const Review review = auction::review(lexicon(), config, 5, commands, 0, 0).value();
  ASSERT_EQ(review.rounds.size(), 2u);
  int valued = 0;
  for (const ReviewedRound& round : review.rounds) {
    ASSERT_FALSE(round.auctions.empty());
    for (const ReviewedAuction& a : round.auctions) {
      if (!a.value) continue;
      ++valued;
      const int cap = a.points - 2 * (config.rules.rounds - round.round);
      const int expected = std::clamp(static_cast<int>(std::lround(*a.value)), 0,
                                      std::min(std::max(0, cap), a.points));
      EXPECT_EQ(a.bid, expected) << "round " << round.round << " auction " << a.auction.number;
      // Bidding its value, it never overpays by more than the rounding.
      if (a.won) EXPECT_LE(a.loss, 0.5);
    }
    // The bot names the best word of its letters: no loss.
    EXPECT_EQ(round.word.loss, 0);
    EXPECT_EQ(round.word.played.score, round.word.best.score);
  }
  EXPECT_GT(valued, 5);
}

TEST(AuctionReviewTest, BidsAndWordsCostWhatTheRulesSay) {
  const Config config = config_of({person(), bot("strong"), bot("value"), bot("random")}, 2);
  // High bids early (overpaying), nothing late (losing letters).
  const std::vector<Command> commands = play_person(
      config, 11, [](int number, int points) { return number <= 3 ? std::min(points, 25) : 0; });
  const Review review = auction::review(lexicon(), config, 11, commands, 0, 0).value();
  ASSERT_EQ(review.rounds.size(), 2u);
  int overpaid = 0, lost = 0;
  for (const ReviewedRound& round : review.rounds) {
    for (const ReviewedAuction& a : round.auctions) {
      const AuctionHeld& held = a.auction;
      ASSERT_TRUE(held.bids[0].bidding);
      EXPECT_EQ(a.bid, held.bids[0].amount);
      EXPECT_EQ(a.won, held.winner == 0);
      if (a.won) {
        EXPECT_EQ(a.cost, held.price);
      } else {
        EXPECT_EQ(a.cost, held.bids[held.winner].amount) << "the winner's bid is what it took";
      }
      if (!a.value) {  // alone, or no points: nothing to value, nothing lost
        EXPECT_EQ(a.loss, 0);
        continue;
      }
      EXPECT_GE(*a.value, 0);
      const double expected = a.won               ? std::max(0.0, a.cost - *a.value)
                              : a.cost < a.points ? std::max(0.0, *a.value - a.cost)
                                                  : 0.0;
      EXPECT_DOUBLE_EQ(a.loss, expected);
      overpaid += a.won && a.loss > 0;
      lost += !a.won && a.loss > 0;
    }
    // The word against a scan of the whole lexicon.
    const int best = scanned_best(round.word.letters, config.rules);
    EXPECT_EQ(round.word.best.score, best);
    EXPECT_TRUE(can_make(round.word.best.word, round.word.letters));
    if (round.round % 2 == 1) {
      EXPECT_EQ(round.word.loss, 0) << "the best word, played";
    } else {
      EXPECT_EQ(round.word.played.score, 0);
      EXPECT_EQ(round.word.loss, best) << "no word loses the best word's score";
    }
  }
  EXPECT_GT(overpaid, 0);
  EXPECT_GT(lost, 0);
  EXPECT_EQ(review.finished.game, 0);
  EXPECT_EQ(review.seat, 0);
}

TEST(AuctionReviewTest, ALaterGameOfTheSessionIsReviewedFromItsOwnEvents) {
  const Config config = config_of({bot("value"), bot("random")}, 1);
  const std::vector<Command> commands{RunToEnd{}, NewGame{}, RunToEnd{}};
  Session session(lexicon(), config, 3);
  std::vector<Event> second;
  for (const Command& c : commands) {
    const std::vector<Event> events = session.apply(c);
    if (std::holds_alternative<NewGame>(c) || !second.empty()) {
      second.insert(second.end(), events.begin(), events.end());
    }
  }
  const Review review = auction::review(lexicon(), config, 3, commands, 1, 1).value();
  EXPECT_EQ(review.game, 1);
  EXPECT_EQ(review.finished, std::get<Finished>(second.back()));
  const auto& ended = std::get<RoundEnded>(second[second.size() - 2]);
  EXPECT_EQ(review.rounds.at(0).word.letters, ended.letters[1]);
  // A game the record does not finish, a seat the table lacks, a refused command.
  EXPECT_THROW(auction::review(lexicon(), config, 3, commands, 2, 0), ConfigError);
  EXPECT_THROW(auction::review(lexicon(), config, 3, commands, 0, 2), ConfigError);
  const std::vector<Command> refused{Bid{0, 1}};
  EXPECT_THROW(auction::review(lexicon(), config, 3, refused, 0, 0), ConfigError);
}

TEST(AuctionReviewTest, StoppedWorkGivesNoReview) {
  const Config config = config_of({bot("strong"), bot("random")}, 1);
  const std::vector<Command> commands{RunToEnd{}};
  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(auction::review(lexicon(), config, 1, commands, 0, 0, {stop.get_token(), nullptr})
                   .has_value());
  double last = -1;
  const Work watched{{}, [&last](double fraction) {
                       EXPECT_GE(fraction, last);
                       last = fraction;
                     }};
  EXPECT_TRUE(auction::review(lexicon(), config, 1, commands, 0, 0, watched).has_value());
  EXPECT_EQ(last, 1.0);
}

}  // namespace
}  // namespace wg::auction
