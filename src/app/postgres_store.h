#pragma once
/// The game store (game_store.h, which says what it keeps and how it behaves) in a PostgreSQL
/// database, for an arcade that outgrows one SQLite file: the same contract as SqliteStore
/// (sqlite_store.h), checked by the same conformance suite (tests/app/game_store_test.cpp).
///
/// Rules (docs/ARCHITECTURE.md, "The store"): the schema is postgres_schema.h's, at the same
/// version as the SQLite store's, brought up to date when the store opens (a database of a
/// newer wordgames is refused with a StoreError and left untouched); every write is one
/// transaction, whole or absent; every value travels as a statement's parameter, never in the
/// SQL's text. What both stores compute in C++ (checks, statistics from rows, the import of a
/// FileStore directory) is game_store_rules.h's.
///
/// Several programs may share one database: the rows of one player's statistics are written by
/// one transaction at a time (each game's players are locked, in the order of their ids, before
/// their statistics are counted), so that games recorded at once by two servers are both
/// counted. One PostgresStore serves calls from any number of threads at once, each call on a
/// connection of its own from a pool (opened as needed, up to its size; a call past it waits
/// for one): an arcade's commands then commit side by side, and PostgreSQL flushes their
/// commits together rather than one at a time. The calls a call makes (public methods call each
/// other) run on its connection, inside its transaction.
///
/// A connection the server or the network dropped is opened again at the next call: the call
/// that found it lost throws a StoreError (nothing of its transaction was written), unless it
/// found it lost as its transaction began (PostgresTransaction), and the calls after it work
/// again once the server is back. No call waits for ever on a server that
/// hangs or vanished from the network: the connection's timeouts (postgres_connection.h) make it
/// fail as a lost connection.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
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

class PostgresConnection;

class PostgresStore final : public GameStore {
 public:
  /// Connects to the database `url` names (a libpq connection URI: postgresql://user@host/db,
  /// or postgresql:///db?host=/run/dir for a Unix socket; is_postgres_url) and brings its
  /// schema up to kStoreSchemaVersion. Throws StoreError naming the database (its password
  /// replaced by ***) when `url` is not a PostgreSQL URL, the server cannot be reached or
  /// refuses, the database is not a wordgames store, or it comes from a newer wordgames.
  explicit PostgresStore(std::string_view url, std::size_t pool_size = kDefaultPoolSize);
  /// The connections a store opens at most, by default: as many commits in flight as an arcade
  /// of that many threads makes.
  static constexpr std::size_t kDefaultPoolSize = 32;
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  // --- The port (game_store.h), which says what each does.

  /// The database's URL without its password.
  std::string location() const override { return location_; }
  /// True when the role may read the store but not write it (a read-only role, a standby).
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

 private:
  /// keep_session and keep_session_after: writes `session` when `condition` holds.
  bool write_kept_session(const KeptSession& session, KeptSessionCondition condition);
  /// forget_session and forget_session_at: forgets `id` when `condition` holds.
  bool forget_kept_session(std::string_view id, KeptSessionCondition condition);
  /// A connection of the pool for the calls of one thread (PostgresStore's doc): taken by the
  /// thread's outermost call, shared by the calls it makes, given back when it returns.
  class Lease;
  /// The connection the calling thread's Lease holds, opened again first when it was lost.
  PostgresConnection& db();
  /// finished_game() with or without the commands.
  FinishedGame read_finished_game(std::int64_t id, bool with_commands);

  std::string url_;       ///< as given (with its password): the pool opens connections to it
  std::string location_;  ///< url_ without its password: for messages
  bool read_only_ = false;
  std::size_t pool_size_;
  std::mutex pool_mutex_;  ///< guards idle_ and open_
  std::condition_variable pool_free_;
  std::vector<std::unique_ptr<PostgresConnection>> idle_;  ///< open, held by no call
  std::size_t open_ = 0;                                   ///< connections open, idle or held
};

}  // namespace wg::app
