#pragma once
/// A session of the letter auction (docs/ARCHITECTURE.md, "The session shape"): the games of one
/// table, played through commands, with events out and a view per seat.
///
/// Seats are of three kinds. A built-in bot (bots.h) and an external player (a Player object
/// the front end supplies, such as a program over the line protocol) are asked by the game
/// itself, as the original simulator asks its players. A person seat (a person at a browser, a
/// remote bot) has no Player object: when the game needs its bid or its word, the session stops
/// with an `Awaiting` event, its status is kAwaiting, and the answer comes as a command (`Bid`,
/// `Word`). Nothing blocks meanwhile; once every awaited answer is in, the auction or the round
/// end is played and the stepping command that was under way carries on.
///
/// Stepping: `Step` plays the next event of the game (its start, a round's start, an auction, a
/// round's end, its end); `RunToRoundEnd` and `RunToEnd` play on to the end of the round or of
/// the game. A stepping command that meets a seat to wait for stops there, and the answers
/// resume it: with `RunToEnd`, a person's game goes on from bid to bid with one command. That
/// is how a person's game is played (the arcade's page sends it whenever such a game is
/// ready): one `RunToEnd`, then only the answers, each of which plays on to the person's next
/// question or the game's end, across rounds, through the auctions the person has no room for.
///
/// Game k of a session is dealt from wg::game_seed(seed, k); `NewGame` starts the next one once
/// the current one is over. A saved session (config, seed, commands()) replays to the same
/// events as long as its external players answer the same (built-in bots and recorded answers
/// always do).
///
/// Events (event.h) are the host's record, complete: every hidden letter, the seed. A seat's
/// View holds only what that seat may see: its own hidden letters while a round is played
/// (everyone's letters are public once the round ends, with the words), every bid once its
/// auction is held, never another seat's sealed answer, never the seed.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/play.h"
#include "games/auction/event.h"
#include "games/auction/game.h"
#include "games/auction/player.h"
#include "games/auction/rules.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

/// Who answers for a seat.
enum class SeatKind : std::uint8_t {
  kBot,       ///< a built-in bot, by name (bot_names())
  kExternal,  ///< a Player object the front end supplies (ExternalPlayers)
  kPerson,    ///< no Player object: the answers come as commands (a person, a remote bot)
};

struct SeatConfig {
  SeatKind kind = SeatKind::kBot;
  /// kBot: the bot's name ("strong"). kExternal: what the front end's factory is given (the
  /// terminal's "cmd:python3 bot.py"). kPerson: the seat's name for people; empty: "person".
  std::string name;
  bool operator==(const SeatConfig&) const = default;
};

/// The longest name a person seat may have.
inline constexpr std::size_t kMaxSeatName = 64;

struct Config {
  /// One per player, in seat order; the default is the terminal's default lineup.
  std::vector<SeatConfig> seats = {{SeatKind::kBot, "strong"},
                                   {SeatKind::kBot, "value"},
                                   {SeatKind::kBot, "value"},
                                   {SeatKind::kBot, "random"}};
  Rules rules;  ///< rules.players is the number of seats

  /// Throws wg::ConfigError: "seats" for a lineup of fewer than 2 or more than 14 seats, an
  /// unknown bot, an external seat without a name or a person's name too long; "players" when
  /// rules.players is not the number of seats; the rule's name for a rule out of range.
  void validate() const;
  bool operator==(const Config&) const = default;
};

/// Makes the Player of an external seat for one game, from the seat's name; called for every
/// game of the session. May throw (a program that does not start): the command that starts the
/// game then fails with that exception.
using ExternalPlayers = std::function<std::unique_ptr<Player>(std::string_view name)>;

// Commands.

/// Plays the next event of the game.
struct Step {
  bool operator==(const Step&) const = default;
};
/// Plays on until a round ends (RoundEnded; from between rounds, the next round) or the game
/// does (Finished). With `limit` > 0, stops after that many events: a run stopped through
/// wg::Work is recorded with the events it played as its limit, so that a replay stops at the
/// same place.
struct RunToRoundEnd {
  int limit = 0;
  bool operator==(const RunToRoundEnd&) const = default;
};
/// Plays to the end of the game (Finished); `limit` as for RunToRoundEnd.
struct RunToEnd {
  int limit = 0;
  bool operator==(const RunToEnd&) const = default;
};
/// A person seat's sealed bid on the auction awaiting it: 0 to the seat's points.
struct Bid {
  int seat = 0;
  std::int64_t amount = 0;
  bool operator==(const Bid&) const = default;
};
/// A person seat's word at the end of the round, made from its letters; empty: no word. A word
/// not in the lexicon is taken and scores 0, as the rules say (not refused: bots get no second
/// try either).
struct Word {
  int seat = 0;
  std::vector<Letter> letters;
  bool operator==(const Word&) const = default;
};
/// Starts the session's next game, once the current one is over; plays its GameStarted.
struct NewGame {
  bool operator==(const NewGame&) const = default;
};

using Command = std::variant<Step, RunToRoundEnd, RunToEnd, Bid, Word, NewGame>;

enum class Status : std::uint8_t {
  kReady,     ///< a stepping command plays on
  kAwaiting,  ///< waiting for the answers of person seats (View::seats[k].awaited)
  kFinished,  ///< the current game is over; NewGame starts another
};

/// One seat as a viewer sees it.
struct SeatView {
  std::string name;
  SeatKind kind = SeatKind::kBot;
  int points = 0;
  int held = 0;                   ///< letters held this round, hidden ones included
  std::vector<Letter> won;        ///< letters won at auction this round, in order
  std::vector<Letter> hidden;     ///< this round's hidden letters: only in the seat's own view
  std::optional<Answer> awaited;  ///< the session waits for this seat's answer
  bool answered = false;          ///< it gave the answer now awaited of it (sealed)
  bool operator==(const SeatView&) const = default;
};

/// The auction open for bids while the session awaits them.
struct OpenAuction {
  int number = 0;
  Letter letter = kNoLetter;
  int pool_left = 0;
  std::vector<int> bidders;  ///< the seats asked to bid
  bool operator==(const OpenAuction&) const = default;
};

/// What one seat may see now (kObserver: a spectator).
struct View {
  Seat seat = kObserver;
  Status status = Status::kReady;
  int game = 0;  ///< the session's game under way, 0-based
  Rules rules;
  int round = 0;  ///< the round under way or just ended; 0 before the first
  Upcoming::Kind next = Upcoming::Kind::kGameStart;  ///< what the game plays next
  std::vector<SeatView> seats;
  std::optional<OpenAuction> auction;  ///< while bids are awaited
  /// This round's auctions, every bid public; another seat's fault reads only "not counted"
  /// (an external bot's fault may quote its letters).
  std::vector<AuctionHeld> auctions;
  std::optional<RoundEnded> last_round;  ///< the last round that ended: letters and words public
  std::vector<int> winners;              ///< once the game is over
  /// The viewing seat's own sealed answers, while they are sealed.
  std::optional<std::int64_t> bid;
  std::optional<std::vector<Letter>> word;
  bool operator==(const View&) const = default;
};

class Session {
 public:
  using Config = auction::Config;
  using Command = auction::Command;
  using Event = auction::Event;
  using View = auction::View;

  /// Validates the config (ConfigError) and sets up game 0, not yet started. External seats
  /// need `external`: without it, ConfigError("seats"). The lexicon is shared, read-only.
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
          ExternalPlayers external = {});
  ~Session();
  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;

  /// Applies a command; a refused one gives one Rejected event and changes nothing. A stepping
  /// command checks `work.stop` between events (after the first) and reports its progress.
  std::vector<Event> apply(const Command& command, const Work& work = {});
  /// What `seat` may see; a seat that is not one of the table's sees what kObserver sees.
  View view(Seat seat) const;
  Status status() const;
  bool finished() const { return status() == Status::kFinished; }
  const Config& config() const;
  std::uint64_t seed() const;
  /// The accepted commands, in order; a stopped run as it was played (with its limit).
  const std::vector<Command>& commands() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace wg::auction
