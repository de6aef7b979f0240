#pragma once
/// The letter auction simulator: deals, runs the sealed-bid auctions, enforces the rules on the
/// players' answers, scores the words, and reports everything as events (event.h).
///
/// The game advances one event at a time, so a viewer can step auction by auction, and a
/// tournament can run it to the end. Same rules, lexicon, seed and players' answers: same game.
/// A session (session.h) plays its games with one, and says what comes next (upcoming()) to
/// wait for the answers of seats that are not Player objects before asking for it.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/rng.h"
#include "games/auction/event.h"
#include "games/auction/player.h"
#include "games/auction/rules.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

/// What Game::next() will play.
struct Upcoming {
  enum class Kind : std::uint8_t { kGameStart, kRoundStart, kAuction, kRoundEnd, kGameEnd, kNone };
  Kind kind = Kind::kGameStart;
  int round = 0;              ///< the round of the auction or round end; the round to start
  int number = 0;             ///< kAuction: the auction's number in the round, 1-based
  Letter letter = kNoLetter;  ///< kAuction: the letter on sale
  int pool_left = 0;          ///< kAuction: tiles still to offer this round after it
  std::vector<int> bidders;   ///< kAuction: the seats that will be asked to bid (room in the rack)
};

class Game {
 public:
  /// Throws std::invalid_argument if the rules are invalid or the number of players differs from
  /// rules.players. The lexicon must outlive the game.
  Game(const Rules& rules, const Lexicon& lexicon, std::vector<std::unique_ptr<Player>> players,
       std::uint64_t seed);
  ~Game();
  Game(Game&&) noexcept;
  Game& operator=(Game&&) noexcept;

  /// Plays up to the next event and returns it: GameStarted, then per round RoundStarted, each
  /// AuctionHeld and RoundEnded, and last Finished. nullopt once the game is over.
  std::optional<GameEvent> next();
  /// Plays to the end, passing every event to `on_event` (if given). Returns the Finished.
  Finished play(const std::function<void(const GameEvent&)>& on_event = {});
  bool over() const;
  /// What next() will play; the auction's letter is the one next() will put on sale.
  Upcoming upcoming() const;

  const Rules& rules() const;
  std::uint64_t seed() const;
  const Player& player(int seat) const;
  /// Points by seat, now.
  std::span<const int> points() const;
  /// Letters each seat holds in the current round.
  std::span<const Letter> letters(int seat) const;
  /// The round being played (0 before the first, rules.rounds after the last).
  int round() const;
  /// Every auction so far.
  std::span<const AuctionHeld> history() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The word-scoring rule, for one player's answer: the word's score if it is letters, in the
/// lexicon and made from `letters`, else 0 with the reason in `fault`.
WordPlayed judge_word(const WordAnswer& answer, std::span<const Letter> letters,
                      const Lexicon& lexicon, const Rules& rules);

/// The auction rule on bids already counted (`bids[i].amount`, for bidders only): the winner
/// (drawn with `rng` among the tied highest bidders) and the price. Requires a bidder.
struct AuctionOutcome {
  int winner = -1;
  int price = 0;
  int tied = 0;
};
AuctionOutcome settle(std::span<const BidEntry> bids, Rng& rng);

/// The seed of the seat's own random choices (GameInfo::seed) in a game dealt from `seed`: a
/// stream of its own, so that a seeded game is reproducible whatever the players are.
std::uint64_t seat_seed(std::uint64_t seed, int seat);

}  // namespace wg::auction
