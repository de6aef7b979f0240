#pragma once
/// The one list of games, as every front end reads it: the terminal menu and `--help`, the web
/// lobby, saved-game loading. The list itself is declared once, in the top-level CMakeLists.txt
/// (WG_GAMES), which generates the X-macro list `app/game_list.inc`; each game contributes one
/// entry from its codec (`app/<game>_codec.h`).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/game_session.h"
#include "app/game_statistics.h"
#include "app/job_queue.h"
#include "app/json.h"
#include "app/review.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// Opens a session of a game: `config` as the game's config schema says (absent fields take
/// their defaults), game 0 seeded by game_seed(seed, 0), the lexicon shared read-only and
/// outliving the session. Throws wg::ConfigError for a configuration that cannot be played
/// (an unknown field, a value out of range, a malformed value).
using SessionFactory = std::function<std::unique_ptr<GameSession>(
    const Json& config, std::uint64_t seed, std::shared_ptr<const Lexicon> lexicon)>;

/// What a host adds to a player's command before the session applies it, and what it takes
/// away: the facts that are the front end's (its clock, which seat the player holds), never the
/// player's to claim.
struct CommandStamps {
  /// Commands that carry the host's clock as "elapsed_ms": the milliseconds passed since the
  /// round's timer began (Timer::kRound), whatever the player sent.
  std::vector<std::string> clocked;
  /// Commands that carry the acting player's seat as "seat": only a player who holds a seat may
  /// send them (a spectator is refused).
  std::vector<std::string> seated;
  /// Fields no player may send (a host or a replay writes them): dropped from every player's
  /// command.
  std::vector<std::string> reserved;
  /// Commands only the host sends, never a player (a room's join, which the host answers with
  /// the new seat's key): refused when a player sends them.
  std::vector<std::string> host_only;
};

/// A document a game computes from the lexicon alone (the same every time it is asked).
struct GameTool {
  std::string name;  ///< "best-boards"
  std::function<Json(const Lexicon& lexicon)> document;
};

/// A game's puzzle of the day (app/daily.h): the config everyone plays on every day, fixed by the
/// game, and the words that say it to people. The day's seed comes from the date and the game
/// alone (daily_seed), so every host that plays a day's puzzle plays the same game.
struct DailyPuzzle {
  /// The config, as GameEntry::open takes it (absent fields take their defaults).
  Json config = Json::object();
  /// What the puzzle is, after the game's title: "a 4 × 4 board, 3 minutes".
  std::string_view description;
  /// Whether the game `seed` opens with `config` on `lexicon` is fair enough to be a day's
  /// puzzle (Word Search: its board's points lie in a band): the day's seed is the first of the
  /// day's draws that is (app/daily.h, daily_seed). Unset: every seed is.
  std::function<bool(const Json& config, std::uint64_t seed, const Lexicon& lexicon)> fair =
      nullptr;
  /// What `fair` asks, for people: "a board worth 100 to 300 points". Empty when unset.
  std::string_view fairness = {};
};

struct FinishedGame;  // app/game_store.h

/// A finished game told without spoilers: the result in one line and, for a game played as a
/// grid (Wordle's rows, the hits and misses of hangman), the grid twice, in emoji that differ
/// in shape as well as colour, and in plain text marks for a reader without colour or emoji.
struct ShareText {
  /// The game and its result, as a friend compares them: "Wordle, 5 letters: 4/6".
  std::string headline;
  /// The result alone, short: "4/6", "31 of 120 words". What a challenge carries.
  std::string result;
  std::vector<std::string> grid;       ///< one row a line, in emoji; empty: no grid
  std::vector<std::string> text_grid;  ///< the same rows in text marks (the legend says them)
  std::string legend;                  ///< what the text marks mean; empty: no grid
  /// Which game of its session this was, from 0 (a challenge replays a session's first).
  std::int64_t game = 0;
  /// The config that plays this game as a session's first, where it is not the record's (a
  /// length chosen as the game began); null: the record's.
  Json config = nullptr;
  bool operator==(const ShareText&) const = default;
};

/// One game of the arcade: everything a host needs to know of it, so that no host names a game.
struct GameEntry {
  std::string_view id;       ///< "evil_hangman": its folder and library (wg::evil_hangman)
  std::string_view name;     ///< "evil-hangman": its command and its address in the web arcade
  std::string_view title;    ///< "Evil Hangman": for people
  std::string_view summary;  ///< one line, for menus and --help
  /// A JSON Schema (draft 2020-12) of the config: every field, its type, range and default.
  std::function<Json()> config_schema;
  SessionFactory open;
  /// True when the game's events are the host's record, holding what some seats may not see
  /// (the auction's hidden letters): a front end then shows each seat its view, not the events.
  bool private_events = false;
  /// True for a config whose commands may compute for seconds (the optimal evil host's
  /// decision): a front end then runs them off its I/O threads, shows their progress and stops
  /// them when the player leaves (GameSession::apply's Work). Unset: never.
  std::function<bool(const Json& config)> slow = nullptr;
  /// Commands a player may send while one of theirs runs on a worker (`slow`): the running one is
  /// withdrawn (GameSession::apply's Work::withdraw; the game's events say what became of it),
  /// then this one is played. Any other command waits its turn (refused as busy).
  std::vector<std::string> withdrawing = {};
  /// True for a config whose seed decides something a seat may not see before a game ends: a
  /// word the host holds (position hangman's; the fair hosts' of evil hangman and Wordle), the
  /// other seats' letters and the letters to come (the auction), the hands to come (the word
  /// game's bag), the boards of the rounds to come (Word Search). Whoever knows such a seed
  /// knows the game, so a front end shows it (and the saved game, which holds it) only once the
  /// game has ended, or to a client that chose it; a game begun on a seed already shown is
  /// practice. Unset: the seed hides nothing (an adversarial host's word is the one it names at
  /// the end). Read it through hides_information().
  std::function<bool(const Json& config)> hidden_information = nullptr;
  /// A finished game told without giving anything away (ShareText), as the player at `seat`
  /// played it: what a player posts, and what a challenge carries (app/challenge.h). Computed
  /// from the record alone (its result, details and players), never naming a hidden word, a
  /// board's words or a hand's letters. Unset: the game has no share text.
  std::function<ShareText(const FinishedGame& game, Seat seat)> share = nullptr;
  /// The review of a finished game (app/review.h): each of the player's moves against the best
  /// there and what it cost, computed from the record by replaying it with the game's solvers.
  /// Unset: the game has no review.
  Reviewer review = nullptr;
  /// What a host stamps on a player's command, and what it drops.
  CommandStamps stamps;
  /// True when a game in play may be saved and resumed later; false for a game on a clock that
  /// a stopped host cannot give back (a Boggle round).
  bool resumable = true;
  /// True when each finished game keeps a log with its record (the auction's JSON Lines):
  /// GameSession::finished_records fills FinishedGame::log.
  bool keeps_log = false;
  /// For a game played in rooms, the room's own entry: a session of several seats, opened with
  /// this game's config, whose players take seats with {"command": "join", "name"} (answered
  /// by {"event": "joined", "seat"} or a refusal; one of its CommandStamps::host_only) and
  /// whose host (seat 0) starts each round with the seated {"command": "start"}; each seat sees
  /// its own view and the events GameSession::events_for gives it. Null: the game has no rooms.
  std::shared_ptr<const GameEntry> rooms = nullptr;
  /// The bot at each seat of a game played with `config` (as saved: Codec::config_to_json), by
  /// seat: the bot's name (GamePlayer::bot), empty for a person's seat. It reads a record kept
  /// before the store knew bots from people (the store's migration to schema version 6); new
  /// records say it themselves (Codec::players_of). Unset: every seat is a person's.
  std::function<std::vector<std::string>(const Json& config)> seat_bots = nullptr;
  /// The game's own statistics: what a finished game adds to its player's, and the lines a
  /// front end prints of them.
  GameStatisticsRules statistics;
  /// The game's puzzle of the day: its config and how it is said (app/daily.h).
  DailyPuzzle daily;
  /// Documents the game publishes about its lexicon (Boggle's best boards), each computed once
  /// and served read-only at /api/<name>/<tool>.
  std::vector<GameTool> tools;
  /// The kinds of job (app/job_queue.h) the game's long computations run as, which any worker
  /// (`wordgames worker`) takes: the auction's tournaments.
  std::vector<JobKind> jobs;
};

/// `command` as a player at `seat` (kObserver: a spectator) sends it, made ready for the
/// session: the reserved fields dropped, the seat of a seated command and the clock of a
/// clocked one (`elapsed_ms`) written over whatever the player sent. Anything but an object is
/// left as it is (the session refuses it).
void stamp_player_command(const GameEntry& game, Json& command, Seat seat,
                          std::uint64_t elapsed_ms);
/// `command`, a timer's (Timer::command), made ready for the session: the clock of a clocked
/// command written.
void stamp_timer_command(const GameEntry& game, Json& command, std::uint64_t elapsed_ms);
/// True when a session of `game` with `config` (complete, as saved) hides what its seed would
/// show (GameEntry::hidden_information).
bool hides_information(const GameEntry& game, const Json& config);
/// True when `command` (a player's) needs a seat to be sent (CommandStamps::seated).
bool needs_seat(const GameEntry& game, const Json& command);
/// True when `command` is one only the host sends (CommandStamps::host_only): a player's is
/// refused.
bool host_only(const GameEntry& game, const Json& command);
/// True when `command` (a player's) withdraws the one running (GameEntry::withdrawing).
bool withdraws(const GameEntry& game, const Json& command);

/// The share text of `game` (a record of `entry`'s game) for the player at `seat`, as lines
/// ready to post: the headline, then the grid in emoji (`emoji`) or in text marks with their
/// legend; nullopt when the game has no share text.
std::optional<std::string> share_text(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      bool emoji = true);

/// Every game, in menu order.
std::span<const GameEntry> games();
/// The game named (or with the id) `name`; nullptr if none.
const GameEntry* find_game(std::string_view name);
/// The entry a saved game's "game" names: a game's (find_game), or a room's (GameEntry::rooms,
/// by its name: "boggle-room"); nullptr if none.
const GameEntry* find_entry(std::string_view name);

/// Restores a saved game ({"game", "config", "seed", "commands"}, as GameSession::saved()
/// writes it) by replaying its commands. Throws wg::ConfigError for an unknown game or a bad
/// config, and std::invalid_argument naming the command when a saved command is refused or
/// malformed (the file is then not a game this program played).
std::unique_ptr<GameSession> restore(const Json& saved, std::shared_ptr<const Lexicon> lexicon);

}  // namespace wg::app
