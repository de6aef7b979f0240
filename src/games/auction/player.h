#pragma once
/// A participant in the letter auction, by the original simulator's methods: new game, new
/// round, get bid, bid result, get word, scores updated. Built-in bots (bots.h) implement it in
/// process; an external program implements it over the line protocol (src/protocol).
///
/// The game calls a player only from one thread at a time. A player that cannot answer (an
/// external bot that timed out, crashed or replied garbage) says so in the answer's `fault`: the
/// game then counts a bid of 0 or no word, records the fault, and goes on.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "games/auction/event.h"
#include "games/auction/rules.h"

namespace wg::auction {

struct GameInfo {
  int seat = 0;  ///< this player's id, 0-based
  Rules rules;
  /// Seed for this player's own random choices, derived from the game's seed and the seat, so
  /// that a seeded game is reproducible whatever the players are.
  std::uint64_t seed = 0;
};

struct RoundInfo {
  int round = 0;                   ///< 1-based
  std::span<const Letter> hidden;  ///< this player's hidden letters
  std::span<const int> points;     ///< every player's points, by seat
};

struct BidRequest {
  int round = 0;
  int number = 0;  ///< the auction's number in the round, 1-based
  Letter letter = kNoLetter;
  std::span<const Letter> letters;       ///< this player's letters so far this round
  std::span<const int> points;           ///< every player's points, by seat
  std::span<const AuctionHeld> history;  ///< every auction of the game so far, all bids public
  int pool_left = 0;                     ///< tiles still to offer this round after this one
};

struct BidAnswer {
  BidAnswer() = default;
  BidAnswer(std::int64_t bid) : amount(bid) {}  // NOLINT: a bid is an answer
  std::int64_t amount = 0;
  std::string fault;  ///< non-empty: the player failed to answer (counted as 0)
};

struct WordAnswer {
  WordAnswer() = default;
  WordAnswer(std::string text) : word(std::move(text)) {}  // NOLINT: a word is an answer
  std::string word;                                        ///< empty: no word
  std::string fault;  ///< non-empty: the player failed to answer (no word)
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;

  virtual void new_game(const GameInfo& info) = 0;
  virtual void new_round(const RoundInfo& info) = 0;
  /// Not called while the player holds a full rack.
  virtual BidAnswer get_bid(const BidRequest& request) = 0;
  /// Every auction's outcome, to every player.
  virtual void bid_result(const AuctionHeld& auction) = 0;
  virtual WordAnswer get_word(std::span<const Letter> letters) = 0;
  virtual void scores_updated(const RoundEnded& round) = 0;
  /// The end of the game; nothing to answer.
  virtual void game_over(const Finished&) {}
};

}  // namespace wg::auction
