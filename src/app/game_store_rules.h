#pragma once
/// What every game store (game_store.h) decides and computes the same way, whatever database
/// keeps its rows: the checks of what is written, the figures made from the rows read, the
/// encoding of what a store keeps in its meta table, and the walk through a FileStore directory
/// that import_file_store() does. SqliteStore and PostgresStore ask these, so that the
/// conformance suite (tests/app/game_store_test.cpp) finds them alike; only their SQL differs.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/file_store.h"
#include "app/game_store.h"

namespace wg::app {

/// The meta row that records an import from a FileStore directory (its value: the directory).
inline constexpr std::string_view kImportKey = "file_store_import";
/// The meta row that names the last player a front end used.
inline constexpr std::string_view kLastPlayerKey = "last_player";
/// The meta rows of kept sessions: this prefix, then the session's id; the value is the session
/// as JSON (kept_session_value). Each watch code has a row of its own (its prefix, then the
/// code; the value is the session's id), so that a session is found by either key without
/// reading the others.
inline constexpr std::string_view kSessionKeyPrefix = "session.";
inline constexpr std::string_view kWatchKeyPrefix = "watch.";
/// The meta rows of rooms' codes: this prefix, then the code; the value is the session's id.
inline constexpr std::string_view kRoomKeyPrefix = "room.";

// --- Checks of what is written: each throws std::invalid_argument saying what is wrong.

/// `game` when it is a valid_name.
std::string_view checked_game_name(std::string_view game);
/// `name` when it is a valid_player_name.
std::string_view checked_player_name(std::string_view name);
/// A finished game as GameStore::record_finished_game takes it.
void check_finished_game(const FinishedGame& game);
/// "finished" or "stopped".
void check_tournament_status(std::string_view status);
/// A tournament and its games as GameStore::record_tournament takes them.
void check_tournament(const TournamentRecord& tournament, const std::vector<FinishedGame>& games);
/// A game of `game` recorded in a tournament of `tournament_game`.
void check_tournament_game(std::string_view tournament_game, const FinishedGame& game);
/// Jobs as GameStore::queue_jobs takes them (NewJob's rules).
void check_new_jobs(const std::vector<NewJob>& jobs);
/// A claim's holder (1 to 200 bytes) and lease (at least 1 ms), as GameStore::claim_job takes
/// them.
void check_job_claim(std::string_view holder, std::int64_t lease_ms);
/// The error a claim gives a job whose lease ran out after kMaxJobAttempts attempts.
std::string abandoned_job_error(std::int64_t attempts);
/// A live session as GameStore::keep_session takes it.
void check_kept_session(const KeptSession& session);

/// What a write of a kept session expects to find under its id (GameStore::keep_session_after).
struct KeptSessionCondition {
  enum class Kind { kAnything, kNothing, kSequence } kind = Kind::kAnything;
  std::uint64_t sequence = 0;  ///< for kSequence

  static KeptSessionCondition after(std::optional<std::uint64_t> kept) {
    return kept ? KeptSessionCondition{Kind::kSequence, *kept}
                : KeptSessionCondition{Kind::kNothing, 0};
  }
};

/// A session's id or watch code as the store accepts it: 1 to 64 ASCII letters and digits.
bool valid_session_key(std::string_view key);
/// The meta keys of a session, of a watch code and of a room's code.
std::string session_key(std::string_view id);
std::string watch_key(std::string_view code);
std::string room_key(std::string_view code);
/// The meta keys that find the session whose meta row holds `value` (kept_session_value): its
/// watch code's and its room's, those it has.
std::vector<std::string> index_keys(const Json& value);
/// What a session's meta row holds: {"watch", "player", "room", "saved", "host", "updated_ms",
/// "sequence"}.
Json kept_session_value(const KeptSession& session);
/// The session `id` from its meta row's `value`; nullopt when it was asked for by a watch code
/// (`watch_code`) it no longer has. Throws StoreError naming `location` for a damaged row.
std::optional<KeptSession> kept_session_of(std::string id, const Json& value,
                                           std::optional<std::string_view> watch_code,
                                           std::string_view location);
/// The prefixes of the meta rows that index sessions (kWatchKeyPrefix, kRoomKeyPrefix).
inline constexpr std::string_view kSessionIndexPrefixes[] = {kWatchKeyPrefix, kRoomKeyPrefix};

// --- What is read.

/// The JSON text a store kept (a config, a result, a saved game), parsed; StoreError naming
/// `location` when it is not JSON (a damaged record).
Json stored_json(const std::string& text, std::string_view location);
/// `saved`, read from the store as the saved game `name`, when it is one (check_saved_game);
/// StoreError naming `location` otherwise.
Json checked_stored_game(Json saved, std::string_view name, std::string_view location);
/// Where the word list `name` of the store at `location` is, for messages.
std::string word_list_location_in(std::string_view location, std::string_view name);
/// A limit or an offset as SQL takes it (a signed 64-bit integer), the largest for more.
std::int64_t sql_count(std::size_t count);

/// True when `kept` and `given` are the same secret, compared in a time that does not depend on
/// where they differ.
bool secrets_match(std::string_view kept, std::string_view given);

/// A player's statistics in a game from the figures a store keeps of them.
PlayerStatistics player_statistics(std::string player, std::string game, std::int64_t games,
                                   std::int64_t wins, std::int64_t current_streak,
                                   std::int64_t best_streak, std::int64_t best_score,
                                   std::int64_t score_sum);
/// A leaderboard's line from a player's (or a bot's) games, wins, best score and score sum.
LeaderboardEntry leaderboard_entry(std::string player, std::int64_t games, std::int64_t wins,
                                   std::int64_t best_score, std::int64_t score_sum);
/// A player's run of days as of `today` from the days ("YYYY-MM-DD", ascending, each once) they
/// played a game's puzzle of the day for the record.
DailyStreak daily_streak_of(const std::vector<std::string>& days, std::string_view today);

/// The counters a game's details add to, as the game's entry says (GameEntry::statistics);
/// none for a game without statistics of its own, or one this program does not know.
std::vector<std::pair<std::string, std::int64_t>> counters_of(std::string_view game,
                                                              const Json& details);
/// The game-specific figures of GameStatistics::details: `counters` and the `recent` games
/// ([{"id", "result", "ended_ms"}], newest first) read through the game's entry. `read` is
/// called only when the game has figures, with how many recent games they take (0: none).
/// An empty object for a game without figures of its own.
Json game_figures(
    std::string_view game,
    const std::function<void(std::size_t recent_games, Counters& counters, Json& recent)>& read);

// --- Import from a FileStore directory.

/// Whose the games of an older history are: `last_player` (the meta row kLastPlayerKey) when it
/// is a player's name, else kDefaultPlayerName.
std::string legacy_owner(const std::optional<std::string>& last_player);
/// A game of an older history as a finished game of `owner`: its result has the history's
/// fields (word, guesses, player_won, points) and "imported": "history"; it has no moves
/// (config {}, seed 0, no commands: it cannot be replayed), no details, and times 0 (before
/// every game recorded since).
FinishedGame legacy_game(std::string_view game, const HistoryRecord& record,
                         const std::string& owner);

/// `path`.corrupt, or .corrupt.2, .corrupt.3... when taken: where a damaged file is moved.
std::filesystem::path aside_path(const std::filesystem::path& path);
/// Moves a damaged file aside and says so (`problem`, then where it went), or says why it could
/// not be moved.
std::string move_aside(const std::filesystem::path& path, std::string_view problem);

/// Where the things of a FileStore directory go, each written inside the store's transaction.
struct FileStoreImport {
  std::function<void(const FinishedGame& game)> finished_game;  ///< a history's game
  std::function<void(const std::string& name, const std::string& words)> word_list;
  std::function<void(const std::string& name, const Json& saved)> saved_game;
};

/// Reads what a FileStore keeps under `dir` (histories as games of `owner`, in order of game
/// name; then word lists; then saved games) and hands each thing read whole to `into`; moves
/// aside each file that cannot be read whole and reports it. The store's own errors (thrown by
/// `into`) end the walk. `already_done` is left false.
ImportReport import_file_store_files(const std::filesystem::path& dir, const std::string& owner,
                                     const FileStoreImport& into);

}  // namespace wg::app
