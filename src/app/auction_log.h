#pragma once
/// The JSON Lines log of a letter-auction game: the single source for replays, golden tests and
/// the browser viewer. Line 1 is the header (the game's start: rules, seed, lexicon, players);
/// then one event per line, in the order the game produced them:
///
///   {"log": "wordgames-auction", "version": 1, "seed", "lexicon": {"source", "words"},
///    "players": [names], "rules": {"players", "rounds", "hidden_letters", "starting_points",
///    "rack_size", "bonus_length", "bonus"}}
///   {"event": "round_started", "round", "hidden": ["AE", ...], "points": [...]}
///   {"event": "auction", "round", "number", "letter": "Q", "bids": [12, null, ...],
///    "faults": ["", "timed out after 1000 ms", ...] (only when some bid had one),
///    "winner", "price", "tied", "pool_left"}          (null: a full rack, not asked)
///   {"event": "round_ended", "round", "letters": ["AEINRST", ...],
///    "words": [{"word", "score", "fault"?}], "points": [...]}
///   {"event": "game_ended", "points": [...], "winners": [seats]}
///
/// Letters are uppercase. Seats are 0-based.

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/output.h"
#include "games/auction/event.h"

namespace wg::cli {

/// Where the game's words came from, for the header.
struct LogLexicon {
  std::string source;
  std::uint64_t words = 0;
};

/// The event as one line of the log (GameStarted becomes the header).
Json log_line(const auction::Event& event, const LogLexicon& lexicon);
/// Writes the event's line and a newline, and flushes (a log survives a crash mid-game).
void write_log_line(std::ostream& out, const auction::Event& event, const LogLexicon& lexicon);

/// A log read back: the header as GameStarted (first), then the events.
struct AuctionLog {
  LogLexicon lexicon;
  std::vector<auction::Event> events;
};

/// A log that cannot be read: names the source and the line.
class LogError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads a whole log. Throws LogError ("game.jsonl:7: ...") on anything malformed: bad JSON, a
/// missing or mistyped field, an unknown event, a seat out of range, events out of order.
/// A log cut short (no game_ended) is accepted: a game interrupted is still worth replaying.
AuctionLog read_auction_log(std::istream& in, const std::string& source);

}  // namespace wg::cli
