#pragma once
/// The game store: everything wordgames keeps for its players between runs, behind one port so
/// that hosts never know where it lives. It extends the store of saved word lists and games
/// (store.h) with what only a database keeps well:
///
/// - players: local profiles by name (no passwords);
/// - finished games of every game, with enough to replay them exactly ({game, config, seed,
///   commands}: sessions are deterministic), their result and each player's score and win;
/// - unfinished games, saved as they go, to resume after the program was stopped or killed;
/// - statistics per player and game (games, wins, win rate, streaks, best and mean score), and
///   leaderboards from them, practice games (FinishedGame::practice) left out of both;
/// - bots' seats (GamePlayer::bot), which are no player's: the bots have a board of their own;
/// - tournaments, the games' logs, the puzzle of the day's records and live sessions;
/// - a queue of jobs (long computations) that workers take, on any number of machines (Job).
///
/// Every implementation keeps the same contract (the conformance suite,
/// tests/app/game_store_test.cpp, runs the same tests against each): every write is whole or
/// absent (one transaction), so a crash loses nothing acknowledged; a store written by a newer
/// wordgames is refused with a StoreError and left untouched. The store never reads the clock:
/// callers pass times (unix milliseconds), so tests are deterministic. One store may be shared
/// between threads (calls are serialised). The implementations are SqliteStore (sqlite_store.h)
/// and PostgresStore (postgres_store.h); open_store (store_factory.h) opens the one a front end
/// uses.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_statistics.h"
#include "app/json.h"
#include "app/store.h"

namespace wg::app {

/// The schema version this program writes, the same in every implementation (SQLite's PRAGMA
/// user_version): a store from a newer wordgames (a higher version) is refused.
inline constexpr int kStoreSchemaVersion = 8;

/// The player of a front end that names none (the terminal without --player), and whose an
/// older wordgames's history is when the store remembers no player.
inline constexpr std::string_view kDefaultPlayerName = "player";

/// A player name as every front end takes it (wg::valid_player_name, core/text.h: valid UTF-8
/// without control characters, C1 included, 1 to 40 bytes, no space at either end): the store
/// is the last guard. Names are matched without regard to ASCII case ("Ann" is "ann").
bool valid_player_name(std::string_view name);

struct Player {
  std::int64_t id = 0;
  std::string name;  ///< as first given
  bool operator==(const Player&) const = default;
};

/// One player's part in a finished game: a person's, or a bot's seat (an auction's built-in or
/// external bot, a tournament's seat; the game's codec says which, Codec::players_of).
struct GamePlayer {
  std::string name;  ///< a player's name; the profile is created if it does not exist yet
  std::int64_t score = 0;
  bool won = false;
  /// The bot playing the seat ("value"), whatever the seat's name ("value (seat 2)"); empty for
  /// a person. A bot's seat counts in no player's statistics or leaderboard, and a name only
  /// bots played under is no player (GameStore::players): bots have their own table
  /// (GameStore::bot_leaderboard), one line per bot.
  std::string bot = {};
  bool operator==(const GamePlayer&) const = default;
};

/// A finished game as recorded: enough to replay it (game, config, seed, commands) and its
/// outcome (result, the game's own JSON; each player's score and win).
struct FinishedGame {
  std::int64_t id = 0;              ///< given by the store; ignored when recording
  std::string game;                 ///< the registry's name ("hangman")
  std::vector<GamePlayer> players;  ///< at least one, in seat order, each name once
  Json config = Json::object();
  std::uint64_t seed = 0;
  Json commands = Json::array();
  Json result = Json::object();
  /// What the game-specific statistics count (game_details() in game_record.h writes it; its
  /// shapes are documented there); null for none (games recorded before schema version 2).
  Json details = nullptr;
  std::int64_t started_ms = 0;  ///< unix time in milliseconds (UTC)
  std::int64_t ended_ms = 0;    ///< not before started_ms
  /// The game's own log, kept with it byte for byte: an auction's JSON Lines log
  /// (app/auction_log.h, the header first), the same lines `auction --log` writes; nullopt for
  /// none. record_finished_game writes it in the game's transaction; game_log(id) reads it
  /// (finished_game leaves it out: a log is the bulk of a record).
  std::optional<std::string> log;
  /// A game whose seed its player knew before it began (one they chose, or one shown before this
  /// game of its session began): kept and listed like any other, counted in neither the
  /// statistics nor the leaderboards (docs/ARCHITECTURE.md, "The store").
  bool practice = false;
  /// The day ("YYYY-MM-DD") of the puzzle of the day this game played (app/daily.h); empty:
  /// none. A player's first game of a day's puzzle is their record of it: a later one is
  /// practice (record_finished_game makes it so).
  std::string daily;
  bool operator==(const FinishedGame&) const = default;
};

/// A tournament as kept (an auction tournament between bots, issue 14: "a tournament keeps each
/// game and its table"). Its games are finished games linked to it.
struct TournamentRecord {
  std::int64_t id = 0;  ///< given by the store; ignored when recording
  std::string game;     ///< the registry's name of the game played ("auction")
  /// What was played, as the front end gives it: {"lineup", "rules", "games", "seed", ...}.
  Json config = Json::object();
  /// The table of results (app::tournament_table_json for the auction).
  Json table = Json::array();
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;        ///< not before started_ms
  std::string status = "finished";  ///< "finished", or "stopped" before its last game
  /// Its games' ids, in the order they were given; filled by tournament(id) only.
  std::vector<std::int64_t> game_ids;
  bool operator==(const TournamentRecord&) const = default;
};

/// A finished game without its commands (the bulk of a record), as lists show it.
struct GameSummary {
  std::int64_t id = 0;
  std::string game;
  std::vector<GamePlayer> players;
  Json config = Json::object();
  Json result = Json::object();
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;
  bool practice = false;  ///< FinishedGame::practice
  bool operator==(const GameSummary&) const = default;
};

/// A game in play, saved as it goes: `saved` is what GameSession::saved() writes,
/// {game, config, seed, commands} (check_saved_game), and app::restore() resumes it.
struct UnfinishedGame {
  std::int64_t id = 0;  ///< 0 to save a new one; the store's id to update it
  std::string player;   ///< whose game it is
  Json saved;
  std::int64_t started_ms = 0;
  std::int64_t updated_ms = 0;
  /// The game is practice (FinishedGame::practice): its seed was known before it began. A front
  /// end that resumes it goes on with it as practice, and records it so.
  bool practice = false;
  bool operator==(const UnfinishedGame&) const = default;
};

/// A front end's live session, kept as it goes so that it outlives the process that hosts it
/// (the arcade revives a session whose id it no longer holds from this; docs/API.md,
/// "Sessions"). Anonymous sessions are kept too: the id is the key that controls the session.
struct KeptSession {
  std::string id;      ///< the session's id: its key, 1 to 64 letters and digits
  std::string watch;   ///< its watch code (a spectator's key), "" for none
  std::string player;  ///< whose game it is, "" for nobody
  /// The game in play, as GameSession::saved() writes it ({game, config, seed, commands}): the
  /// seed may be the game, so the store never shows it to anyone but the front end.
  Json saved;
  /// What else the front end needs to go on with it (its own fields; the store reads none).
  Json host = Json::object();
  std::int64_t updated_ms = 0;
  /// How far the session has gone (the commands it has taken, refused ones too): each keep of a
  /// session follows the one before, so that two processes never both go on with one game
  /// (GameStore::keep_session_after).
  std::uint64_t sequence = 0;
  std::string room;  ///< the code of the room whose session it is, "" for none
  bool operator==(const KeptSession&) const = default;
};

/// A job to queue (GameStore::queue_jobs): a long computation a worker takes (app/job_queue.h
/// runs them; `wordgames worker`).
struct NewJob {
  /// What to do: 1 to 64 of a-z, 0-9 and '_' ("auction_tournament_games"); the worker's
  /// handler of that kind reads `input`.
  std::string kind;
  Json input = Json::object();  ///< a JSON object, the kind's own fields
  /// The group the job belongs to (the units of one computation, "tournament.12"), "" for
  /// none; at most 200 bytes.
  std::string group;
  /// A group this job waits for: it is not taken while a job of that group is queued or
  /// running ("" for none; at most 200 bytes). A computation's last step (a tournament's
  /// table) waits for its units.
  std::string after;
};

/// A job as the store keeps it.
struct Job {
  std::int64_t id = 0;  ///< given by the store, in the order jobs were queued
  std::string kind;
  Json input = Json::object();
  std::string group;
  std::string after;
  /// "queued" (waiting), "running" (held by `holder` until `lease_until_ms`), "done" (`result`
  /// holds its result) or "failed" (`error` says why).
  std::string state = "queued";
  Json progress = nullptr;  ///< what the holder last said of its progress (the kind's shape)
  Json result = nullptr;    ///< the result once done
  std::string error;        ///< why it failed, "" otherwise
  std::string holder;       ///< the worker that holds or last held it, "" before any
  /// Until when its holder holds it (unix milliseconds): a running job whose lease has run out
  /// (its worker was killed or cut off) is taken again by the next claim.
  std::int64_t lease_until_ms = 0;
  std::int64_t attempts = 0;  ///< how many times it was taken
  std::int64_t queued_ms = 0;
  std::int64_t updated_ms = 0;
  bool operator==(const Job&) const = default;
};

/// How many times a job is taken before a claim that finds its lease run out again fails it
/// ("its worker stopped N times"): a job that kills its worker is not taken for ever.
inline constexpr std::int64_t kMaxJobAttempts = 5;

/// One player's statistics in one game. Streaks count consecutive wins in the order the games
/// ended (a game not won ends a streak).
struct PlayerStatistics {
  std::string player;
  std::string game;
  std::int64_t games = 0;
  std::int64_t wins = 0;
  double win_rate = 0;  ///< wins / games, 0 without games
  std::int64_t current_streak = 0;
  std::int64_t best_streak = 0;
  std::int64_t best_score = 0;
  double mean_score = 0;
  bool operator==(const PlayerStatistics&) const = default;
};

/// One player's statistics in one game with the game's own figures (`details`), counted at
/// record time from each game's FinishedGame::details (games without details count in `totals`
/// only). The shape of `details` is the game's (GameEntry::statistics, documented beside its
/// codec); an empty object for a game without figures of its own.
struct GameStatistics {
  PlayerStatistics totals;
  Json details = Json::object();
  bool operator==(const GameStatistics&) const = default;
};

/// A line of a game's leaderboard: a player's, or a bot's (`player` is then the bot's name).
struct LeaderboardEntry {
  std::string player;
  std::int64_t games = 0;
  std::int64_t wins = 0;
  double win_rate = 0;
  std::int64_t best_score = 0;
  double mean_score = 0;
  bool operator==(const LeaderboardEntry&) const = default;
};

/// A player's result in a day's puzzle (GameStore::daily_leaderboard).
struct DailyResult {
  std::string player;
  std::int64_t score = 0;
  bool won = false;
  std::int64_t game_id = 0;
  bool operator==(const DailyResult&) const = default;
};

/// A player's run of days at a game's puzzle of the day (GameStore::daily_streak).
struct DailyStreak {
  std::int64_t current = 0;  ///< days in a row, ending today or yesterday (0: none)
  std::int64_t best = 0;     ///< the longest run of days in a row ever
  std::string last;          ///< the last day played, "" for none
  bool operator==(const DailyStreak&) const = default;
};

/// The lines every front end prints of a game's own figures (GameEntry::statistics): none for a
/// game without figures of its own.
std::vector<StatisticsLine> statistics_lines(const GameStatistics& statistics);

/// The JSON every front end gives of what the store reads (`wordgames stats --json`, the
/// server's /api/stats, /api/leaderboard and /api/players/NAME/history: docs/API.md), so that
/// they say the same in the same words.
/// {"game", "score_meaning", "games", "wins", "win_rate", "current_streak", "best_streak",
/// "best_score", "mean_score", "details", "lines" (statistics_lines: [{"title", "figures":
/// [{"label", "value", "unit", "note"}]}])}. "score_meaning" is score_meaning(game).
Json statistics_json(const GameStatistics& statistics);
/// What a score of `game` is, in a player's words (GameStatisticsRules::score); empty when the
/// score is the game's points, or for a game this program does not know.
std::string_view score_meaning(std::string_view game);
/// [{"rank": 1-based, "player", "games", "wins", "win_rate", "best_score", "mean_score"}].
Json leaderboard_json(const std::vector<LeaderboardEntry>& board);
/// A game's boards as every front end gives them: {"game", "score_meaning" (score_meaning),
/// "players": leaderboard_json of the
/// players' board, "bots": [{"rank", "bot", "games", "wins", "win_rate", "best_score",
/// "mean_score"}] of the bots' board}.
Json leaderboards_json(std::string_view game, const std::vector<LeaderboardEntry>& players,
                       const std::vector<LeaderboardEntry>& bots);
/// {"id", "game", "started_ms", "ended_ms", "score", "won" (`player`'s, 0 and false when not
/// theirs), "players": [{"name", "score", "won", "bot" (only for a bot's seat: its name)}],
/// "config", "result", "practice"}.
Json game_summary_json(const GameSummary& game, std::string_view player);

/// What import_file_store() did.
struct ImportReport {
  bool already_done = false;  ///< an earlier import was recorded: nothing was read
  std::size_t history_records = 0;
  std::size_t word_lists = 0;
  std::size_t games = 0;
  /// One message per file that could not be read whole, naming it and where it was moved.
  std::vector<std::string> problems;
};

/// The port. Saved word lists and games are the Store's (store.h), kept with the rest: a word
/// list's location (Store::word_list_location) names the store and the list.
class GameStore : public Store {
 public:
  /// Where the store is, for messages (a file's path): a front end shows it ("Players and their
  /// games are kept in ..."). Never a secret (no password).
  virtual std::string location() const = 0;
  /// True when the store could be read but not written (a read-only file or folder, a role
  /// without write rights): what it holds is served, and every write throws StoreError.
  virtual bool read_only() const = 0;

  // --- Players. Throw std::invalid_argument for a name that is not valid_player_name.

  /// The player of that name (in any ASCII case), created if missing.
  virtual Player player(std::string_view name) = 0;
  /// The player of that name, or nothing.
  virtual std::optional<Player> find_player(std::string_view name) = 0;
  /// Every player, by name; not a name only bots played under (GamePlayer::bot): a profile is
  /// listed when a person played under it, when it has a secret (claim_player), or when no bot
  /// played under it.
  virtual std::vector<Player> players() = 0;
  /// The player a front end used last (set_last_player), so that it need not ask again; nothing
  /// before the first set_last_player or when that player is gone.
  virtual std::optional<Player> last_player() = 0;
  /// Remembers `name` (created if missing) as the last player, and returns that player.
  virtual Player set_last_player(std::string_view name) = 0;

  // --- Player secrets: what proves, to a front end that serves several people (the arcade), that
  // a request comes from the player it names. The terminal, which owns its store, needs none.

  /// Gives `name` (created if missing) the secret `secret` when it has none yet, and returns
  /// true; returns false, changing nothing, when the player has a secret already. Throws
  /// std::invalid_argument for an empty secret.
  virtual bool claim_player(std::string_view name, std::string_view secret) = 0;
  /// True when the player `name` exists and `secret` is its secret (a player with no secret yet
  /// matches none). Compared in a time that does not depend on where they differ.
  virtual bool player_secret_matches(std::string_view name, std::string_view secret) = 0;

  // --- Finished games.

  /// Records a finished game and its players' statistics in one transaction, and returns its
  /// id. When `unfinished_id` is not 0 that unfinished game is deleted in the same transaction
  /// (the game was resumed and finished). Throws std::invalid_argument for a game that cannot
  /// be one (no players, a player twice, ended before started, commands not a list), StoreError
  /// when it cannot be written.
  virtual std::int64_t record_finished_game(const FinishedGame& game,
                                            std::int64_t unfinished_id = 0) = 0;
  /// Throws StoreError when there is no game of that id.
  virtual FinishedGame finished_game(std::int64_t id) = 0;
  /// The log kept with the finished game (FinishedGame::log), byte for byte; nullopt when the
  /// game has none or there is no such game.
  virtual std::optional<std::string> game_log(std::int64_t id) = 0;
  /// The finished games `player` took part in (of `game` when given), most recent first (by
  /// end time), at most `limit`, skipping the first `offset`; finished_game(id) gives one whole.
  virtual std::vector<GameSummary> finished_games(
      std::string_view player, std::optional<std::string_view> game = std::nullopt,
      std::size_t limit = 50, std::size_t offset = 0) = 0;

  // --- Tournaments.

  /// Records a tournament and its games (each a finished game, with its log, linked to it), all
  /// in one transaction, and returns its id. Throws std::invalid_argument for a tournament or a
  /// game that cannot be one (a status other than finished or stopped, ended before started,
  /// a game of another game), StoreError when it cannot be written.
  virtual std::int64_t record_tournament(const TournamentRecord& tournament,
                                         const std::vector<FinishedGame>& games) = 0;
  /// A tournament recorded as it goes (a long one's games are not held in memory): record it
  /// first without games, status "stopped" (what it stays if the program is killed), then add
  /// each game as it ends (one transaction each; returns its id), then end_tournament with its
  /// table. Throw as record_tournament, and StoreError for a tournament id that does not exist.
  virtual std::int64_t record_tournament_game(std::int64_t tournament_id,
                                              const FinishedGame& game) = 0;
  virtual void end_tournament(std::int64_t id, const Json& table, std::int64_t ended_ms,
                              std::string_view status = "finished") = 0;
  /// The tournaments kept, the last ended first, at most `limit`, without their game ids.
  virtual std::vector<TournamentRecord> tournaments(std::size_t limit = 50) = 0;
  /// One tournament with its game ids. Throws StoreError when there is none of that id.
  virtual TournamentRecord tournament(std::int64_t id) = 0;

  // --- Unfinished games.

  /// Saves a new unfinished game (id 0) or updates one, and returns its id. Throws
  /// std::invalid_argument when `saved` is not a saved game, StoreError for an id that does not
  /// exist or when it cannot be written.
  virtual std::int64_t save_unfinished(const UnfinishedGame& game) = 0;
  /// The player's unfinished games, most recently updated first.
  virtual std::vector<UnfinishedGame> unfinished_games(std::string_view player) = 0;
  /// Throws StoreError when there is no such game.
  virtual UnfinishedGame unfinished_game(std::int64_t id) = 0;
  /// Deletes it; returns false when there was none.
  virtual bool delete_unfinished(std::int64_t id) = 0;

  // --- Live sessions (KeptSession).

  /// Saves `session`, replacing what was kept under its id. Throws std::invalid_argument when
  /// its id or watch code is not one (letters and digits, 1 to 64) or `saved` is not a saved
  /// game, StoreError when it cannot be written.
  virtual void keep_session(const KeptSession& session) = 0;
  /// Saves `session` as keep_session does, but only if the session kept under its id is the one
  /// at sequence `kept` (nullopt: only if none is kept under it); returns false, writing nothing,
  /// otherwise. A process that goes on with a game keeps each step after the last one it kept:
  /// when another process took the game over meanwhile, its write fails and it drops the game,
  /// so a game is never applied a command twice nor forked (docs/SCALING.md, "Never two owners").
  virtual bool keep_session_after(const KeptSession& session,
                                  std::optional<std::uint64_t> kept) = 0;
  /// The session kept under `key`, its id or (`by_watch`) its watch code; nullopt for none.
  virtual std::optional<KeptSession> kept_session(std::string_view key, bool by_watch = false) = 0;
  /// The session kept of the room `code` (KeptSession::room); nullopt for none.
  virtual std::optional<KeptSession> kept_room(std::string_view code) = 0;
  /// Forgets the session kept under `id`; returns false when there was none.
  virtual bool forget_session(std::string_view id) = 0;
  /// Forgets the session kept under `id` only if it is kept at `sequence`; returns false when it
  /// is not (none is kept, or another process kept it further).
  virtual bool forget_session_at(std::string_view id, std::uint64_t sequence) = 0;
  /// Forgets the sessions last updated before `before_ms`; returns how many.
  virtual std::size_t forget_sessions_before(std::int64_t before_ms) = 0;

  // --- Statistics.

  /// The player's statistics in `game` (zeros when none was played). Practice games
  /// (FinishedGame::practice) count in no statistics, nor in the leaderboards.
  virtual PlayerStatistics statistics(std::string_view player, std::string_view game) = 0;
  /// The player's statistics in every game played, by game name.
  virtual std::vector<PlayerStatistics> statistics(std::string_view player) = 0;
  /// The player's statistics in `game` with the game-specific figures (GameStatistics); zeros
  /// and empty figures when none was played. Counted as games are recorded, not
  /// when read.
  virtual GameStatistics game_statistics(std::string_view player, std::string_view game) = 0;
  /// The players of `game` ranked by best score, then wins, then win rate (fewer games first
  /// on a tie), then name; at most `limit`.
  virtual std::vector<LeaderboardEntry> leaderboard(std::string_view game,
                                                    std::size_t limit = 10) = 0;
  /// The bots of `game` (GamePlayer::bot), one line per bot whatever seats it played (its games,
  /// wins, best and mean score over every seat it held in a game that counts), ranked by mean
  /// score, then win rate, then games (more first), then name; at most `limit`.
  virtual std::vector<LeaderboardEntry> bot_leaderboard(std::string_view game,
                                                        std::size_t limit = 10) = 0;
  /// The players of `game`'s puzzle of `day` ("YYYY-MM-DD"), each by their record of it (their
  /// first game of it; practice and bots left out), ranked by score, then a win, then who
  /// finished first; at most `limit`.
  virtual std::vector<DailyResult> daily_leaderboard(std::string_view game, std::string_view day,
                                                     std::size_t limit = 10) = 0;
  /// The days in a row `player` played `game`'s puzzle of the day for the record, as of `today`
  /// ("YYYY-MM-DD"): the current run counts if its last day is today or yesterday.
  virtual DailyStreak daily_streak(std::string_view player, std::string_view game,
                                   std::string_view today) = 0;

  // --- Jobs (Job): a queue that any number of workers share. Each call is one transaction;
  // two claims, by any processes, never take the same job while its lease runs.

  /// Queues the jobs, all or none, and returns their ids in order. Throws std::invalid_argument
  /// for a job that cannot be one (a kind not 1 to 64 of a-z, 0-9 and '_', an input that is not
  /// a JSON object, a group or `after` over 200 bytes), StoreError when it cannot be written.
  virtual std::vector<std::int64_t> queue_jobs(const std::vector<NewJob>& jobs,
                                               std::int64_t now_ms) = 0;
  /// Takes the first job (lowest id) that is queued, or running with its lease run out at
  /// `now_ms`, whose `after` group has no job queued or running; it becomes running, held by
  /// `holder` until now_ms + lease_ms, its attempts one more. A job whose lease ran out after
  /// kMaxJobAttempts attempts is failed instead, and the next one looked at. nullopt when there
  /// is none to take. Throws std::invalid_argument for an empty holder (or over 200 bytes) or a
  /// lease_ms below 1.
  virtual std::optional<Job> claim_job(std::string_view holder, std::int64_t now_ms,
                                       std::int64_t lease_ms) = 0;
  /// While `holder` still holds the running job `id` (nobody took it again): extends its lease
  /// to now_ms + lease_ms and keeps `progress`, and returns true; false (nothing changed)
  /// otherwise: the holder has lost it and should stop working on it.
  virtual bool renew_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                         std::int64_t lease_ms, const Json& progress) = 0;
  /// While `holder` still holds job `id`: it is done with `result`, and true; false (nothing
  /// changed) when the holder has lost it.
  virtual bool finish_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                          const Json& result) = 0;
  /// While `holder` still holds job `id`: it failed for `error` (not taken again), and true;
  /// false (nothing changed) when the holder has lost it.
  virtual bool fail_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                        std::string_view error) = 0;
  /// The job of that id, nullopt for none.
  virtual std::optional<Job> job(std::int64_t id) = 0;
  /// The jobs of `group`, by id.
  virtual std::vector<Job> jobs(std::string_view group) = 0;
  /// How many jobs are queued or running (a worker's --once ends when there are none).
  virtual std::int64_t jobs_to_do() = 0;

  // --- Import.

  /// Imports, once per store, what a FileStore keeps under `dir` (file_store.h: an older
  /// wordgames's histories, saved word lists, saved games): the store records that it was done,
  /// in the same transaction. A history's games become finished games of the
  /// last player (else kDefaultPlayerName) that cannot be replayed: their result holds the
  /// history's fields and "imported": "history". Files that cannot be read whole are renamed
  /// aside (FILE.corrupt, never deleted) and reported; their readable part and the other files
  /// are imported. The files imported are left where they are. A read-only store imports
  /// nothing (and records nothing: a later start with the folder writable does it).
  virtual ImportReport import_file_store(const std::filesystem::path& dir) = 0;
};

}  // namespace wg::app
