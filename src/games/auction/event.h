#pragma once
/// What happens in a game of the letter auction, as a stream of events. The stream is complete:
/// a viewer, a log writer or a test sees the whole game through it, and a game replayed from a
/// log is these events read back (app/auction_log.h writes them as JSON Lines).
///
/// The stream is the host's record: it holds every player's hidden letters and the seed, so it
/// is not what a player may see. What one seat may see is its session's View (session.h).

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "games/auction/rules.h"

namespace wg::auction {

struct GameStarted {
  Rules rules;
  /// What reproduces the game: for game `game` of a session, the session's seed (the game is
  /// dealt from wg::game_seed(seed, game)); for a Game played on its own, its seed, game 0.
  std::uint64_t seed = 0;
  int game = 0;
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
  int pool_left = 0;  ///< tiles still to be offered this round after this one
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

/// The game is over: everything a record of it needs (with the rules of its GameStarted).
struct Finished {
  std::vector<int> points;   ///< final, by seat
  std::vector<int> winners;  ///< the seats with the most points (several on a tie)
  std::uint64_t seed = 0;    ///< as in GameStarted
  int game = 0;
  std::vector<std::string> players;  ///< names, by seat
  bool operator==(const Finished&) const = default;
};

/// What a Game (game.h) plays, one at a time.
using GameEvent = std::variant<GameStarted, RoundStarted, AuctionHeld, RoundEnded, Finished>;

// What only a session (session.h) says: it waits for answers that come as commands.

/// What a seat is asked for.
enum class Answer : std::uint8_t {
  kBid,   ///< a bid on the auction open now
  kWord,  ///< a word from its letters, at the end of the round
};

/// The session waits for `seat` (a seat answered by commands) to answer. Every seat awaited at
/// once gets one (a bid is asked of every seat with room in its rack, sealed).
struct Awaiting {
  int seat = 0;
  Answer what = Answer::kBid;
  int round = 0;
  int number = 0;             ///< the auction's number in the round; 0 for a word
  Letter letter = kNoLetter;  ///< the letter on sale; kNoLetter for a word
  bool operator==(const Awaiting&) const = default;
};

/// A seat's answer was taken; it stays sealed until the auction or the round ends.
struct Answered {
  int seat = 0;
  Answer what = Answer::kBid;
  bool operator==(const Answered&) const = default;
};

/// A command refused: nothing changed.
struct Rejected {
  Refusal reason = Refusal::kWrongPhase;
  int seat = -1;       ///< the seat the command named; -1 if none
  std::string detail;  ///< what was wrong, for a person ("bid 120 is more than your 100 points")
  bool operator==(const Rejected&) const = default;
};

/// What a session says: the game's events, and the session's own.
using Event = std::variant<GameStarted, RoundStarted, AuctionHeld, RoundEnded, Finished, Awaiting,
                           Answered, Rejected>;

/// The game's event as a session event.
Event to_event(const GameEvent& event);

}  // namespace wg::auction
