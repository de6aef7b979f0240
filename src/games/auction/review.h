#pragma once
/// The review of one seat's play in a finished game of the letter auction: each auction the
/// seat bid in, against the letter's value to its rack as the strong bot values it
/// (StrongPlayer::letter_value, a sampled estimate, not a proof), and each round's word against
/// the best word its final letters make (best_word, an exhaustive search of the lexicon).
///
/// A bid costs points two ways: a letter won for more than it is worth (overpaid: the price
/// less the value), or a letter lost that was worth more than winning it would have cost (the
/// value less the highest other bid, which a bid above it would have paid, second price). A word
/// costs what the best word of the same letters scores above it.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/play.h"
#include "games/auction/best_word.h"
#include "games/auction/event.h"
#include "games/auction/session.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

/// One auction the seat was asked to bid in.
struct ReviewedAuction {
  AuctionHeld auction;          ///< as held: the letter, every bid, the winner and price
  std::vector<Letter> letters;  ///< the seat's letters before it
  int points = 0;               ///< the seat's points before it
  /// The letter's value in points to the seat's rack, as the strong bot estimates it from the
  /// seat's place (0 when it estimates less); nullopt where the strong bot does not value it
  /// either: no other seat bid (the letter is free) or the seat had no points to bid.
  std::optional<double> value;
  int bid = 0;  ///< the seat's bid as counted
  bool won = false;
  /// Won: the price paid. Lost: what winning would have cost, the highest other bid.
  int cost = 0;
  /// Won: cost - value when above 0 (overpaid). Lost: value - cost when above 0 and the seat
  /// had more points than the cost (it could have outbid it): a letter lost that was worth
  /// more. Else 0.
  double loss = 0;
  bool operator==(const ReviewedAuction&) const = default;
};

/// One round's word.
struct ReviewedWord {
  int round = 0;                ///< 1-based
  std::vector<Letter> letters;  ///< the seat's letters at the end of the round
  WordPlayed played;            ///< the seat's word as scored
  BestWord best;                ///< the best word of the letters (empty: none)
  int loss = 0;                 ///< best.score - played.score, at least 0
  bool operator==(const ReviewedWord&) const = default;
};

struct ReviewedRound {
  int round = 0;  ///< 1-based
  std::vector<ReviewedAuction> auctions;
  ReviewedWord word;
  bool operator==(const ReviewedRound&) const = default;
};

struct Review {
  int seat = 0;
  int game = 0;
  Rules rules;
  std::vector<ReviewedRound> rounds;
  Finished finished;
  bool operator==(const Review&) const = default;
};

/// Replays the session (`config`, `seed`, its accepted `commands`, as Session::commands() holds
/// them) to the end of its game `game` and reviews `seat`'s play in it. Throws ConfigError
/// ("commands") when a command is refused or the game does not end, ("seat") for a seat the
/// table lacks. nullopt when `work.stop` was requested first; progress is the share of the
/// commands replayed, then of the auctions valued.
std::optional<Review> review(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands, int game,
                             int seat, const Work& work = {});

}  // namespace wg::auction
