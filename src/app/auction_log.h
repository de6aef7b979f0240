#pragma once
/// The JSON Lines log of a letter-auction game: the single source for replays, golden tests and
/// the browser viewer (which is sent these very lines: the codec's events reuse them). Line 1
/// is the header (the game's start: rules, seed, lexicon, players); then one event per line, in
/// the order the game produced them:
///
///   {"log": "wordgames-auction", "version": 1, "seed", "game" (only when not 0),
///    "lexicon": {"source", "words"}, "players": [names], "rules": {"players", "rounds",
///    "hidden_letters", "starting_points", "rack_size", "bonus_length", "bonus"}}
///   {"event": "round_started", "round", "hidden": ["AE", ...], "points": [...]}
///   {"event": "auction", "round", "number", "letter": "Q", "bids": [12, null, ...],
///    "faults": ["", "timed out after 1000 ms", ...] (only when some bid had one),
///    "winner", "price", "tied", "pool_left"}          (null: a full rack, not asked)
///   {"event": "round_ended", "round", "letters": ["AEINRST", ...],
///    "words": [{"word", "score", "fault"?}], "points": [...]}
///   {"event": "game_ended", "points": [...], "winners": [seats]}
///
/// Letters are uppercase. Seats are 0-based. "seed" and "game" are GameStarted's: the session's
/// seed and the game's index in it (game_seed(seed, game) dealt it). A session's own events
/// (Awaiting, Answered, Rejected) are not part of a game's log.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include <optional>

#include "app/game_session.h"
#include "app/json.h"
#include "games/auction/event.h"

namespace wg::app {

/// The rules as the header writes them.
Json rules_json(const auction::Rules& rules);

/// The event as one line of the log (GameStarted becomes the header); nullopt for the events
/// that are not part of a log (Awaiting, Answered, Rejected).
std::optional<Json> log_line(const auction::Event& event, const LogLexicon& lexicon);
/// Writes the event's line and a newline, and flushes (a log survives a crash mid-game);
/// nothing for an event that is not part of a log.
void write_log_line(std::ostream& out, const auction::Event& event, const LogLexicon& lexicon);

/// A log read back: the header as GameStarted (first), then the events (Finished with the
/// header's seed, game and players).
struct AuctionLog {
  LogLexicon lexicon;
  std::vector<auction::Event> events;
  /// The line the file ends in the middle of (a crash while writing it), after the whole lines
  /// that `events` holds; 0 when the last line is whole.
  int cut_line = 0;
};

/// A log that cannot be read: names the source and the line.
class LogError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads a whole log. Throws LogError ("game.jsonl:7: ...") on anything malformed: bad JSON, a
/// missing or mistyped field, an unknown event, a seat out of range, events out of order.
/// A log cut short (no game_ended) is accepted: a game interrupted is still worth replaying.
/// So is a log whose last line has no end and is not JSON, as a crash while writing it leaves
/// it: the whole lines are read, and `cut_line` says where it stopped (if that is the header,
/// there is nothing to replay: LogError).
AuctionLog read_auction_log(std::istream& in, const std::string& source);

/// The largest log read: a game of 100 rounds of 8 players writes well under 1 MiB.
inline constexpr std::uint64_t kMaxAuctionLogBytes = std::uint64_t{64} << 20;

/// Reads the log file at `path` (core/file_io.h's bounded read: a directory, a FIFO, a device
/// such as /dev/zero or a file over kMaxAuctionLogBytes is refused at once), then as
/// read_auction_log. Throws LogError naming the path ("cannot read the log PATH: is a
/// directory, not a file").
AuctionLog read_auction_log_file(const std::filesystem::path& path);

}  // namespace wg::app
