#pragma once
// A test player that answers from a script and records what it was told.

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "games/auction/player.h"

namespace wg::auction::testing {

class ScriptedPlayer : public Player {
 public:
  /// Bids `bid(request)`; names `word` at the end of every round.
  explicit ScriptedPlayer(std::function<BidAnswer(const BidRequest&)> bid,
                          WordAnswer word = WordAnswer{})
      : bid_(std::move(bid)), word_(std::move(word)) {}

  std::string name() const override { return "scripted"; }
  void new_game(const GameInfo& info) override { info_ = info; }
  void new_round(const RoundInfo& info) override {
    hidden_.assign(info.hidden.begin(), info.hidden.end());
  }
  BidAnswer get_bid(const BidRequest& request) override {
    ++asked_;
    return bid_(request);
  }
  void bid_result(const AuctionHeld& auction) override { results_.push_back(auction); }
  WordAnswer get_word(std::span<const Letter> letters) override {
    letters_at_word_.assign(letters.begin(), letters.end());
    return word_;
  }
  void scores_updated(const RoundEnded& round) override { rounds_.push_back(round); }

  GameInfo info_;
  std::vector<Letter> hidden_;
  int asked_ = 0;
  std::vector<AuctionHeld> results_;
  std::vector<Letter> letters_at_word_;
  std::vector<RoundEnded> rounds_;

 private:
  std::function<BidAnswer(const BidRequest&)> bid_;
  WordAnswer word_;
};

}  // namespace wg::auction::testing
