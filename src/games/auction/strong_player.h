#pragma once
/// The `strong` bot of the letter auction (docs/games/auction-strategy.md).
///
/// Points are both the budget and the score, so a letter is worth what holding it adds to this
/// round's word score, net of what the other letters of that word will cost: the bot bids that
/// marginal value, which is the dominant strategy of a second-price (Vickrey) auction.
///
/// It estimates the value by sampling the rest of the round: the letters still to be auctioned
/// are drawn from the tiles it has not seen, and for each draw it finds the best word it could
/// end up with, with the letter and without it (the same draw for both: common random numbers),
/// choosing the letters it still lacks among the drawn ones at the prices the opponents are
/// expected to ask. Those prices come from the opponents' public bids: a least-squares line of
/// each opponent's bid against the letter's value.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/auction/bots.h"

namespace wg::auction {

class StrongPlayer : public Bot {
 public:
  /// Knobs of the strategy; the defaults are the tuned ones (docs/games/auction-strategy.md).
  struct Options {
    int samples = 16;  ///< draws of the rest of the round per bid, at most
    /// Search nodes per bid after which no new draw is started (but at least min_samples are
    /// made): bounds the time of a bid while keeping it reproducible.
    std::int64_t node_budget = 30'000;
    int min_samples = 4;
    /// Share of the round's remaining auctions the bot can choose its letters from (hindsight
    /// over all of them would overrate the alternatives to the letter on sale).
    double window = 0.5;
    /// Points kept back for each round after this one, so that a bad round cannot leave the bot
    /// unable to bid in the next.
    int reserve_per_round = 2;
  };

  explicit StrongPlayer(const Lexicon& lexicon) : StrongPlayer(lexicon, Options{}) {}
  StrongPlayer(const Lexicon& lexicon, const Options& options);

  std::string name() const override { return "strong"; }
  void new_game(const GameInfo& info) override;
  void new_round(const RoundInfo& info) override;
  /// Always a legal bid: from 0 to the bot's points.
  BidAnswer get_bid(const BidRequest& request) override;
  void bid_result(const AuctionHeld& auction) override;

  /// The estimated value in points of winning `letter` now (before rounding and the budget
  /// cap), from the state the last calls left; exposed for tests and tuning.
  double letter_value(const BidRequest& request);
  /// The price the bot expects to pay for a letter worth `value` points, from the opponents'
  /// bids seen so far.
  double expected_price(int value) const;
  /// Search nodes and draws of the last letter_value, for benchmarks.
  std::int64_t last_nodes() const { return last_nodes_; }
  int last_samples() const { return last_samples_; }

 private:
  /// Least-squares sums of one opponent's bids against letter values.
  struct BidFit {
    double n = 0, v = 0, vv = 0, b = 0, vb = 0, bb = 0;
    void add(double value, double bid);
    /// The predicted bid for a letter worth `value` and the residual spread.
    double predict(double value) const;
    double spread() const;
  };

  Options options_;
  LetterCounts unseen_{};  ///< tiles of the round's pool this bot has not seen
  std::vector<BidFit> fits_;
  std::vector<Letter> draw_;  ///< scratch: the unseen tiles, shuffled per sample
  std::int64_t last_nodes_ = 0;
  int last_samples_ = 0;
};

}  // namespace wg::auction
