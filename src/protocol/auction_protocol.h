#pragma once
/// The letter auction's line protocol, version 1, as text: the host's messages formatted from the
/// engine's structs and the bot's replies parsed, with no I/O, so that every line on the wire is
/// unit-tested. The grammar, with an example session, is docs/games/auction-protocol.md.
///
/// A line is words separated by single spaces, ending in '\n'. Letters are uppercase A-Z; a
/// list of letters is one word ("EQT"), or "-" when empty. Seats are 0-based, rounds and
/// auctions 1-based. The parsers accept any run of spaces or tabs between words and ignore
/// leading and trailing blanks; keywords are lowercase.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/alphabet.h"
#include "games/auction/event.h"
#include "games/auction/player.h"

namespace wg::protocol {

/// Bumped on any change a bot could notice; the host announces it in the first line.
inline constexpr int kProtocolVersion = 1;

// Host to bot. Requests (hello, isready, bid, word) expect exactly one reply line; the others
// are notifications and expect none.

/// "auction 1": the first line, the protocol and its version. Reply: "name NAME".
std::string format_hello();
/// "isready": the readiness barrier. Reply: "readyok" once the bot is set up.
inline constexpr std::string_view kIsReady = "isready";
/// "newgame SEAT PLAYERS ROUNDS HIDDEN RACK_SIZE STARTING_POINTS BONUS_LENGTH BONUS SEED".
std::string format_new_game(const auction::GameInfo& info);
/// "newround ROUND HIDDEN POINTS..." with this player's hidden letters and every seat's points.
std::string format_new_round(const auction::RoundInfo& info,
                             const Alphabet& alphabet = Alphabet::english());
/// "bid ROUND NUMBER LETTER POOL_LEFT POINTS LETTERS": the auction, and the asked player's own
/// points and letters (so that a bot may keep no state). Reply: "bid AMOUNT".
std::string format_bid_request(const auction::BidRequest& request, int seat,
                               const Alphabet& alphabet = Alphabet::english());
/// "result ROUND NUMBER LETTER WINNER PRICE BIDS...": every seat's bid as counted, "-" for a
/// seat that was not bidding (its rack was full).
std::string format_result(const auction::AuctionHeld& auction,
                          const Alphabet& alphabet = Alphabet::english());
/// "word ROUND LETTERS": the player's letters at the end of the round. Reply: "word WORD" or
/// "word -" for no word.
std::string format_word_request(int round, std::span<const Letter> letters,
                                const Alphabet& alphabet = Alphabet::english());
/// "scores ROUND POINTS...": every seat's points after the round's words were scored.
std::string format_scores(const auction::RoundEnded& round);
/// "gameover POINTS...": the final points by seat.
std::string format_game_over(const auction::Finished& ended);
/// "quit": the bot should exit (end of its input means the same).
inline constexpr std::string_view kQuit = "quit";

// Bot to host.

/// True for a line that is no reply: blank, or whose first word is "info" (a bot's remark,
/// allowed before any reply and ignored; logs belong on stderr).
bool is_comment(std::string_view line);
/// The NAME of "name NAME": the rest of the line, trimmed, 1 to 64 printable ASCII characters
/// (inner spaces allowed). nullopt for anything else.
std::optional<std::string> parse_name(std::string_view line);
/// True for "readyok".
bool parse_ready(std::string_view line);
/// The AMOUNT of "bid AMOUNT", a decimal integer (optional '-'), or nullopt. Whether the amount
/// is within the rules (0 to the bidder's points) is the game's to judge, not the protocol's.
std::optional<std::int64_t> parse_bid(std::string_view line);
/// The WORD of "word WORD" as sent, or "" for "word -"; nullopt unless the reply is "word"
/// and exactly one more word. Whether it is a valid play is the game's to judge.
std::optional<std::string> parse_word(std::string_view line);

/// A bot's line for a log message: in single quotes, control characters and non-ASCII bytes
/// escaped as \xNN, cut to about 60 characters with "..." (a reply may be anything).
std::string quote_line(std::string_view line);

}  // namespace wg::protocol
