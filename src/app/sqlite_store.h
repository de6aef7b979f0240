#pragma once
/// The game store (game_store.h, which says what it keeps and how it behaves) in one SQLite
/// database file, by default $XDG_DATA_HOME/wordgames/wordgames.db (issue 14).
///
/// Rules (docs/ARCHITECTURE.md, "The store"): WAL journal, synchronous=NORMAL, foreign keys on,
/// a busy timeout; every write is one transaction (BEGIN IMMEDIATE), so a crash leaves each
/// write whole or absent; the schema version is PRAGMA user_version, and the migrations up to
/// this program's version run when the file is opened; a file from a newer wordgames, or one
/// that is not a wordgames database, is refused with a StoreError and left untouched.
/// Configs, commands, results and saved games are kept as JSON text; live sessions
/// (KeptSession) and the record of an import are kept in the meta table (no schema of their
/// own).
///
/// Calls are serialised by a mutex; several processes may open the same file (SQLite's locks,
/// with the busy timeout for waiting).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/game_store_rules.h"

namespace wg::app {

class SqliteStore final : public GameStore {
 public:
  /// Opens (creating it and its directory if missing) the database `file` and migrates it to
  /// kStoreSchemaVersion. Throws StoreError naming the file when it cannot be opened or
  /// created (a read-only directory, a full disk), is not a wordgames database, or comes from
  /// a newer wordgames.
  explicit SqliteStore(std::filesystem::path file);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  /// user_data_dir()/wordgames.db. Throws StoreError when there is no user data directory.
  static std::filesystem::path default_file();

  const std::filesystem::path& file() const { return file_; }

  // --- The port (game_store.h), which says what each does.

  /// The file's path.
  std::string location() const override { return file_.string(); }
  /// True when the file could be read but not written (its folder or itself read-only).
  bool read_only() const override { return read_only_; }

  std::vector<std::string> word_list_names() override;
  bool has_word_list(std::string_view name) override;
  void save_word_list(std::string_view name, std::span<const std::string> words) override;
  std::string load_word_list(std::string_view name) override;
  std::string word_list_location(std::string_view name) override;
  std::vector<std::string> game_names() override;
  void save_game(std::string_view name, const Json& saved) override;
  Json load_game(std::string_view name) override;

  Player player(std::string_view name) override;
  std::optional<Player> find_player(std::string_view name) override;
  std::vector<Player> players() override;
  std::optional<Player> last_player() override;
  Player set_last_player(std::string_view name) override;

  bool claim_player(std::string_view name, std::string_view secret) override;
  bool player_secret_matches(std::string_view name, std::string_view secret) override;

  std::int64_t record_finished_game(const FinishedGame& game, std::int64_t unfinished_id) override;
  FinishedGame finished_game(std::int64_t id) override;
  std::optional<std::string> game_log(std::int64_t id) override;
  std::vector<GameSummary> finished_games(std::string_view player,
                                          std::optional<std::string_view> game, std::size_t limit,
                                          std::size_t offset) override;

  std::int64_t record_tournament(const TournamentRecord& tournament,
                                 const std::vector<FinishedGame>& games) override;
  std::int64_t record_tournament_game(std::int64_t tournament_id,
                                      const FinishedGame& game) override;
  void end_tournament(std::int64_t id, const Json& table, std::int64_t ended_ms,
                      std::string_view status) override;
  std::vector<TournamentRecord> tournaments(std::size_t limit) override;
  TournamentRecord tournament(std::int64_t id) override;

  std::int64_t save_unfinished(const UnfinishedGame& game) override;
  std::vector<UnfinishedGame> unfinished_games(std::string_view player) override;
  UnfinishedGame unfinished_game(std::int64_t id) override;
  bool delete_unfinished(std::int64_t id) override;

  void keep_session(const KeptSession& session) override;
  bool keep_session_after(const KeptSession& session, std::optional<std::uint64_t> kept) override;
  std::optional<KeptSession> kept_session(std::string_view key, bool by_watch) override;
  std::optional<KeptSession> kept_room(std::string_view code) override;
  bool forget_session(std::string_view id) override;
  bool forget_session_at(std::string_view id, std::uint64_t sequence) override;
  std::size_t forget_sessions_before(std::int64_t before_ms) override;

  PlayerStatistics statistics(std::string_view player, std::string_view game) override;
  std::vector<PlayerStatistics> statistics(std::string_view player) override;
  GameStatistics game_statistics(std::string_view player, std::string_view game) override;
  std::vector<LeaderboardEntry> leaderboard(std::string_view game, std::size_t limit) override;
  std::vector<LeaderboardEntry> bot_leaderboard(std::string_view game, std::size_t limit) override;
  std::vector<DailyResult> daily_leaderboard(std::string_view game, std::string_view day,
                                             std::size_t limit) override;
  DailyStreak daily_streak(std::string_view player, std::string_view game,
                           std::string_view today) override;

  std::vector<std::int64_t> queue_jobs(const std::vector<NewJob>& jobs,
                                       std::int64_t now_ms) override;
  std::optional<Job> claim_job(std::string_view holder, std::int64_t now_ms,
                               std::int64_t lease_ms) override;
  bool renew_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                 std::int64_t lease_ms, const Json& progress) override;
  bool finish_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                  const Json& result) override;
  bool fail_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                std::string_view error) override;
  std::optional<Job> job(std::int64_t id) override;
  std::vector<Job> jobs(std::string_view group) override;
  std::int64_t jobs_to_do() override;

  ImportReport import_file_store(const std::filesystem::path& dir) override;

  /// The connection and its statements: defined in sqlite_store.cpp only.
  struct Database;

 private:
  /// keep_session and keep_session_after: writes `session` when `condition` holds.
  bool write_kept_session(const KeptSession& session, KeptSessionCondition condition);
  /// forget_session and forget_session_at: forgets `id` when `condition` holds.
  bool forget_kept_session(std::string_view id, KeptSessionCondition condition);
  std::filesystem::path file_;
  bool read_only_ = false;  ///< opened read-only (read_only())
  std::unique_ptr<Database> db_;
  /// finished_game() with or without the commands.
  FinishedGame read_finished_game(std::int64_t id, bool with_commands);
  /// Opens the file, checks it and migrates it (the constructor's work, which keeps a damaged
  /// file aside when this finds it so).
  void open();

  std::recursive_mutex mutex_;  ///< serialises calls (public methods call each other)
};

}  // namespace wg::app
