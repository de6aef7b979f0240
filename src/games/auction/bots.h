#pragma once
/// The built-in players, by name:
///
///   random  bids at random between max(1, v - 3) and v + 3 for a letter worth v (the original
///           simulator's example player), capped by its points.
///   value   bids the letter's value, adjusted by need: more for a vowel while it holds too few,
///           less for a third copy of a letter or a vowel when it holds plenty, and more when the
///           round is running out of tiles for the letters it still needs.
///   strong  values each letter by sampling the rest of the round (strong_player.h).
///
/// All of them name the best word their letters make at the end of a round.

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "games/auction/player.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

/// What every built-in bot keeps track of: its seat, the rules, its letters and everyone's
/// points; and the best word at the end of a round.
class Bot : public Player {
 public:
  explicit Bot(const Lexicon& lexicon) : lexicon_(lexicon) {}

  void new_game(const GameInfo& info) override;
  void new_round(const RoundInfo& info) override;
  void bid_result(const AuctionHeld& auction) override;
  WordAnswer get_word(std::span<const Letter> letters) override;
  void scores_updated(const RoundEnded& round) override;

 protected:
  const Lexicon& lexicon_;
  GameInfo info_;
  Rng rng_;                      ///< seeded from GameInfo::seed
  std::vector<Letter> letters_;  ///< held this round
  std::vector<int> points_;      ///< everyone's, by seat
  std::vector<int> held_;        ///< how many letters each seat holds this round
  int round_ = 0;
};

class RandomPlayer : public Bot {
 public:
  using Bot::Bot;
  std::string name() const override { return "random"; }
  BidAnswer get_bid(const BidRequest& request) override;
};

class ValuePlayer : public Bot {
 public:
  using Bot::Bot;
  std::string name() const override { return "value"; }
  BidAnswer get_bid(const BidRequest& request) override;
};

/// The names make_bot knows, in the order above.
std::span<const std::string_view> bot_names();
/// The built-in bot of that name, or nullptr if there is none. The lexicon must outlive it.
std::unique_ptr<Player> make_bot(std::string_view name, const Lexicon& lexicon);

}  // namespace wg::auction
