#pragma once
/// What happens in a game of the letter auction, as a stream of events. The stream is complete:
/// a viewer, a log writer or a test sees the whole game through it, and a game replayed from a
/// log is these events read back (the CLI writes them as JSON Lines).

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/alphabet.h"
#include "games/auction/rules.h"

namespace wg::auction {

struct GameStarted {
  Rules rules;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  ///< names, by seat
  bool operator==(const GameStarted&) const = default;
};

struct RoundStarted {
  int round = 0;                            ///< 1-based
  std::vector<std::vector<Letter>> hidden;  ///< each player's hidden letters (all seen here)
  std::vector<int> points;                  ///< by seat, at the start of the round
  bool operator==(const RoundStarted&) const = default;
};

/// One player's part in an auction.
struct BidEntry {
  bool bidding = false;  ///< false: the player's rack was full and it was not asked
  int amount = 0;        ///< the bid as counted: 0 when the bid broke the rules
  std::string fault;     ///< why the bid was not counted as offered; empty when it was
  bool operator==(const BidEntry&) const = default;
};

struct AuctionHeld {
  int round = 0;
  int number = 0;  ///< 1-based within the round
  Letter letter = kNoLetter;
  std::vector<BidEntry> bids;  ///< by seat
  int winner = -1;
  int price = 0;      ///< the second-highest bid; 0 for a lone bidder
  int tied = 1;       ///< bidders who shared the highest bid (the winner drawn among them)
  int pool_left = 0;  ///< tiles still in the pool after this one
  bool operator==(const AuctionHeld&) const = default;
};

/// A player's word at the end of a round.
struct WordPlayed {
  std::string word;  ///< as named, lowercase when it is letters; empty for no word
  int score = 0;
  std::string fault;  ///< why it scored 0 ("not in the lexicon", ...); empty when valid or none
  bool operator==(const WordPlayed&) const = default;
};

struct RoundEnded {
  int round = 0;
  std::vector<std::vector<Letter>> letters;  ///< each player's letters at the end of the round
  std::vector<WordPlayed> words;             ///< by seat
  std::vector<int> points;                   ///< by seat, after the words are scored
  bool operator==(const RoundEnded&) const = default;
};

struct GameEnded {
  std::vector<int> points;   ///< final, by seat
  std::vector<int> winners;  ///< the seats with the most points (several on a tie)
  bool operator==(const GameEnded&) const = default;
};

using Event = std::variant<GameStarted, RoundStarted, AuctionHeld, RoundEnded, GameEnded>;

}  // namespace wg::auction
