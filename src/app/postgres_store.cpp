#include "app/postgres_store.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/game_store_rules.h"
#include "app/postgres_connection.h"
#include "app/postgres_schema.h"

namespace wg::app {

namespace {

// Names match without regard to ASCII case, as the unique index players_name_nocase
// (postgres_schema.cpp) makes them: lower() under the "C" collation folds ASCII letters only,
// as SQLite's COLLATE NOCASE. Lists sort by "C" (bytes), as SQLite does, whatever the
// database's own collation.

constexpr const char* kFindPlayer =
    R"(SELECT id, name FROM players WHERE lower(name COLLATE "C") = lower($1::text COLLATE "C"))";

/// The passwords `url` holds (in its user part, in a password= parameter), to be kept out of
/// messages that quote libpq's, which may quote the URL.
std::vector<std::string> passwords_in(std::string_view url) {
  std::vector<std::string> found;
  const std::size_t authority = url.find("://");
  if (authority != std::string_view::npos) {
    const std::size_t start = authority + 3;
    const std::size_t end = std::min(url.find_first_of("/?", start), url.size());
    const std::size_t at = url.rfind('@', end);
    if (at != std::string_view::npos && at >= start) {
      const std::size_t colon = url.find(':', start);
      if (colon < at) found.emplace_back(url.substr(colon + 1, at - colon - 1));
    }
  }
  for (std::size_t key = url.find("password="); key != std::string_view::npos;
       key = url.find("password=", key + 1)) {
    const std::size_t start = key + 9;
    found.emplace_back(url.substr(start, url.find('&', start) - start));
  }
  std::erase_if(found, [](const std::string& password) { return password.empty(); });
  return found;
}

/// `message` with every password of `url` in it replaced by ***.
std::string without_passwords(std::string message, std::string_view url) {
  for (const std::string& password : passwords_in(url)) {
    for (std::size_t at = message.find(password); at != std::string::npos;
         at = message.find(password, at + 3)) {
      message.replace(at, password.size(), "***");
    }
  }
  return message;
}

PostgresValue optional_text(bool present, std::string text) {
  if (!present) return std::nullopt;
  return PostgresValue(std::move(text));
}

/// The id of the player `name`, made if missing, inside the caller's transaction.
std::int64_t player_id(PostgresConnection& db, std::string_view name) {
  // Twice at most: a program adding the same name at once makes the insert do nothing, and
  // the second look finds its row once it committed.
  for (int attempt = 0; attempt < 3; ++attempt) {
    const PostgresResult found = db.exec(kFindPlayer, {name}, "find a player in it");
    if (found.rows() > 0) return found.integer(0, 0);
    const PostgresResult made =
        db.exec("INSERT INTO players (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id",
                {name}, "add a player to it");
    if (made.rows() > 0) return made.integer(0, 0);
  }
  throw StoreError(fmt::format("{}: cannot add the player '{}'", db.where(), name));
}

/// The ids of a game's players, in seat order, made if missing; their rows are locked until the
/// caller's transaction ends (in the order of their ids, so that two transactions never wait
/// for each other), so that one player's statistics are counted by one transaction at a time.
std::vector<std::int64_t> lock_players(PostgresConnection& db,
                                       const std::vector<GamePlayer>& players) {
  std::vector<std::int64_t> ids;
  for (const GamePlayer& p : players) ids.push_back(player_id(db, p.name));
  std::vector<std::int64_t> order = ids;
  std::sort(order.begin(), order.end());
  for (const std::int64_t id : order) {
    db.exec("SELECT 1 FROM players WHERE id = $1 FOR UPDATE", {id}, "record a game in it");
  }
  return ids;
}

/// `game` as it is recorded: a puzzle of the day that one of its people (`ids`, in seat order)
/// already has a record of (a game of that day's puzzle, not practice) is practice.
FinishedGame daily_record(PostgresConnection& db, const FinishedGame& game,
                          const std::vector<std::int64_t>& ids) {
  if (game.daily.empty() || game.practice) return game;
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    if (!game.players[seat].bot.empty()) continue;
    const PostgresResult played = db.exec(
        "SELECT 1 FROM games g JOIN game_players gp ON gp.game_id = g.id WHERE g.game = $1 AND "
        "g.daily = $2 AND NOT g.practice AND gp.bot IS NULL AND gp.player_id = $3 LIMIT 1",
        {game.game, game.daily, ids[seat]}, "record a game in it");
    if (played.rows() > 0) {
      FinishedGame again = game;
      again.practice = true;
      return again;
    }
  }
  return game;
}

constexpr const char* kUpdateStatistics = R"sql(
INSERT INTO player_stats AS s (player_id, game, games, wins, score_sum, best_score,
                               current_streak, best_streak, last_ended_ms, last_game_id)
VALUES ($1, $2, 1, $3, $4, $4, $3, $3, $5, $6)
ON CONFLICT (player_id, game) DO UPDATE SET
  games = s.games + 1,
  wins = s.wins + excluded.wins,
  score_sum = s.score_sum + excluded.score_sum,
  best_score = greatest(s.best_score, excluded.best_score),
  current_streak = CASE WHEN excluded.wins = 1 THEN s.current_streak + 1 ELSE 0 END,
  best_streak = greatest(s.best_streak,
                         CASE WHEN excluded.wins = 1 THEN s.current_streak + 1 ELSE 0 END),
  last_ended_ms = excluded.last_ended_ms,
  last_game_id = excluded.last_game_id
WHERE (excluded.last_ended_ms, excluded.last_game_id) > (s.last_ended_ms, s.last_game_id)
)sql";

/// The statistics of one player and game from all their games but practice ones and bots'
/// seats, in one pass: `losses` numbers the runs of wins (the games not won before each game),
/// the current streak is the last run's wins, the best streak the most wins of a run.
constexpr const char* kRecountStatistics = R"sql(
WITH counted AS (
  SELECT won::int AS won, score, ended_ms, game_id FROM game_players
  WHERE player_id = $1 AND game = $2 AND bot IS NULL
    AND game_id NOT IN (SELECT id FROM games WHERE practice)
),
runs AS (
  SELECT losses, count(*) AS games, sum(won) AS wins, sum(score) AS score_sum,
         max(score) AS best_score
  FROM (SELECT won, score,
               sum(1 - won) OVER (ORDER BY ended_ms, game_id ROWS UNBOUNDED PRECEDING) AS losses
        FROM counted) numbered
  GROUP BY losses
),
last AS (SELECT ended_ms, game_id FROM counted ORDER BY ended_ms DESC, game_id DESC LIMIT 1)
INSERT INTO player_stats (player_id, game, games, wins, score_sum, best_score, current_streak,
                          best_streak, last_ended_ms, last_game_id)
SELECT $1, $2, sum(games), sum(wins), sum(score_sum), max(best_score),
       (SELECT wins FROM runs ORDER BY losses DESC LIMIT 1), max(wins),
       (SELECT ended_ms FROM last), (SELECT game_id FROM last)
FROM runs
ON CONFLICT (player_id, game) DO UPDATE SET
  games = excluded.games, wins = excluded.wins, score_sum = excluded.score_sum,
  best_score = excluded.best_score, current_streak = excluded.current_streak,
  best_streak = excluded.best_streak, last_ended_ms = excluded.last_ended_ms,
  last_game_id = excluded.last_game_id
)sql";

/// Writes a checked game (check_finished_game) of the players `ids` (lock_players), its log,
/// players and statistics (none for a practice game), inside the caller's transaction; returns
/// its id. `tournament_id` 0 for none.
std::int64_t insert_finished_game(PostgresConnection& db, const FinishedGame& game,
                                  const std::vector<std::int64_t>& ids,
                                  std::int64_t tournament_id) {
  const std::int64_t id =
      db.exec(
            "INSERT INTO games (game, config, seed, commands, result, started_ms, ended_ms, "
            "details, tournament_id, practice, daily) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            {game.game, game.config.dump(), static_cast<std::int64_t>(game.seed),
             game.commands.dump(), game.result.dump(), game.started_ms, game.ended_ms,
             optional_text(!game.details.is_null(), game.details.dump()),
             tournament_id == 0 ? PostgresValue(std::nullopt) : PostgresValue(tournament_id),
             game.practice, optional_text(!game.daily.empty(), game.daily)},
            "record a game in it")
          .integer(0, 0);
  if (game.log) {
    db.exec("INSERT INTO game_logs (game_id, log) VALUES ($1, $2)", {id, *game.log},
            "record a game's log in it");
  }
  const std::vector<std::pair<std::string, std::int64_t>> counters =
      counters_of(game.game, game.details);
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    const GamePlayer& p = game.players[seat];
    db.exec(
        "INSERT INTO game_players (game_id, seat, player_id, game, ended_ms, score, won, bot) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        {id, static_cast<std::int64_t>(seat), ids[seat], game.game, game.ended_ms, p.score, p.won,
         optional_text(!p.bot.empty(), p.bot)},
        "record a game in it");
    // A practice game is kept but counted nowhere; a bot's seat counts on the bots' board only.
    if (game.practice || !p.bot.empty()) continue;
    const PostgresResult updated = db.exec(
        kUpdateStatistics, {ids[seat], game.game, std::int64_t{p.won}, p.score, game.ended_ms, id},
        "update statistics in it");
    if (updated.affected() == 0) {  // an earlier game than the last one counted: recount
      db.exec(kRecountStatistics, {ids[seat], game.game}, "update statistics in it");
    }
    for (const auto& [name, value] : counters) {
      db.exec(
          "INSERT INTO player_counters AS c (player_id, game, counter, value) "
          "VALUES ($1, $2, $3, $4) ON CONFLICT (player_id, game, counter) "
          "DO UPDATE SET value = c.value + excluded.value",
          {ids[seat], game.game, name, value}, "update statistics in it");
    }
  }
  return id;
}

/// The meta row `key`'s value, if any.
std::optional<std::string> meta_value(PostgresConnection& db, std::string_view key) {
  const PostgresResult found = db.exec("SELECT value FROM meta WHERE key = $1", {key}, "read it");
  if (found.rows() == 0) return std::nullopt;
  return found.text(0, 0);
}

/// Sets the meta row `key` to `value`.
void set_meta(PostgresConnection& db, std::string_view key, std::string_view value,
              std::string_view doing) {
  db.exec(
      "INSERT INTO meta (key, value) VALUES ($1, $2) "
      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      {key, value}, doing);
}

constexpr const char* kTournamentColumns =
    "SELECT id, game, config, result, started_ms, ended_ms, status FROM tournaments ";

constexpr const char* kUnfinishedColumns =
    "SELECT u.id, p.name, u.saved, u.started_ms, u.updated_ms, u.practice FROM unfinished_games "
    "u JOIN players p ON p.id = u.player_id ";

}  // namespace

// --- Opening.

namespace {

/// The calling thread's leases: the store and the connection each holds, and how deep its calls
/// are. A thread holds one lease of a store at a time (its outermost call's).
struct HeldConnection {
  const PostgresStore* store;
  PostgresConnection* connection;
  int depth;
};
thread_local std::vector<HeldConnection> held_connections;

HeldConnection* held_by_this_thread(const PostgresStore* store) {
  for (HeldConnection& held : held_connections) {
    if (held.store == store) return &held;
  }
  return nullptr;
}

}  // namespace

class PostgresStore::Lease {
 public:
  explicit Lease(PostgresStore& store) : store_(store) {
    if (HeldConnection* held = held_by_this_thread(&store_)) {
      ++held->depth;
      return;
    }
    std::unique_ptr<PostgresConnection> connection;
    {
      std::unique_lock lock(store_.pool_mutex_);
      store_.pool_free_.wait(
          lock, [&] { return !store_.idle_.empty() || store_.open_ < store_.pool_size_; });
      if (!store_.idle_.empty()) {
        connection = std::move(store_.idle_.back());
        store_.idle_.pop_back();
      } else {
        ++store_.open_;
      }
    }
    if (connection == nullptr) {
      try {
        connection = std::make_unique<PostgresConnection>(store_.url_);
      } catch (const StoreError& error) {
        give_back(nullptr);
        throw StoreError(without_passwords(error.what(), store_.url_));
      }
    }
    held_connections.push_back({&store_, connection.release(), 1});
  }
  ~Lease() {
    HeldConnection* held = held_by_this_thread(&store_);
    if (--held->depth > 0) return;
    std::unique_ptr<PostgresConnection> connection(held->connection);
    std::erase_if(held_connections, [&](const HeldConnection& h) { return h.store == &store_; });
    give_back(std::move(connection));
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;

 private:
  /// Returns `connection` to the pool (null: one that could not be opened).
  void give_back(std::unique_ptr<PostgresConnection> connection) {
    {
      std::lock_guard lock(store_.pool_mutex_);
      if (connection != nullptr) {
        store_.idle_.push_back(std::move(connection));
      } else {
        --store_.open_;
      }
    }
    store_.pool_free_.notify_one();
  }
  PostgresStore& store_;
};

PostgresStore::PostgresStore(std::string_view url, std::size_t pool_size)
    : url_(url),
      location_(redacted_postgres_url(url)),
      pool_size_(std::max<std::size_t>(1, pool_size)) {
  if (!is_postgres_url(url)) {
    throw StoreError(
        fmt::format("'{}' is not a PostgreSQL store's address: it must start with postgresql:// "
                    "(postgresql://user@host/database)",
                    location_));
  }
  try {
    auto first = std::make_unique<PostgresConnection>(url);
    if (postgres_schema_version(*first) != kStoreSchemaVersion) migrate_postgres_schema(*first);
    read_only_ = first
                     ->exec(
                         "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') "
                         "= 'on' OR NOT has_table_privilege('games', 'INSERT')",
                         {}, "open it")
                     .boolean(0, 0);
    idle_.push_back(std::move(first));
    open_ = 1;
  } catch (const StoreError& error) {
    // libpq's reasons may quote the URL it was given.
    throw StoreError(without_passwords(error.what(), url));
  }
}

PostgresStore::~PostgresStore() = default;

PostgresConnection& PostgresStore::db() {
  PostgresConnection& connection = *held_by_this_thread(this)->connection;
  if (!connection.connected()) connection.reconnect();
  return connection;
}

// --- The port: word lists.

std::vector<std::string> PostgresStore::word_list_names() {
  const Lease lease(*this);
  const PostgresResult rows = db().exec(R"(SELECT name FROM word_lists ORDER BY name COLLATE "C")");
  std::vector<std::string> names;
  for (int r = 0; r < rows.rows(); ++r) names.push_back(rows.text(r, 0));
  return names;
}

bool PostgresStore::has_word_list(std::string_view name) {
  if (!valid_name(name)) return false;
  const Lease lease(*this);
  return db().exec("SELECT 1 FROM word_lists WHERE name = $1", {name}).rows() > 0;
}

std::string PostgresStore::word_list_location(std::string_view name) {
  return word_list_location_in(location_, name);
}

void PostgresStore::save_word_list(std::string_view name, std::span<const std::string> words) {
  check_word_list(name, words);
  const std::string text = word_list_text(words);
  const Lease lease(*this);
  db().exec(
      "INSERT INTO word_lists (name, words) VALUES ($1, $2) "
      "ON CONFLICT (name) DO UPDATE SET words = excluded.words",
      {name, text}, "save a word list in it");
}

std::string PostgresStore::load_word_list(std::string_view name) {
  if (!valid_name(name)) throw StoreError(fmt::format("no saved word list '{}'", name));
  const Lease lease(*this);
  const PostgresResult found = db().exec("SELECT words FROM word_lists WHERE name = $1", {name});
  if (found.rows() == 0) throw StoreError(fmt::format("no saved word list '{}'", name));
  return found.text(0, 0);
}

// --- The port: saved games.

std::vector<std::string> PostgresStore::game_names() {
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(R"(SELECT name FROM saved_games ORDER BY name COLLATE "C")");
  std::vector<std::string> names;
  for (int r = 0; r < rows.rows(); ++r) names.push_back(rows.text(r, 0));
  return names;
}

void PostgresStore::save_game(std::string_view name, const Json& saved) {
  if (!valid_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid saved game name", name));
  }
  check_saved_game(saved);
  const Lease lease(*this);
  db().exec(
      "INSERT INTO saved_games (name, saved) VALUES ($1, $2) "
      "ON CONFLICT (name) DO UPDATE SET saved = excluded.saved",
      {name, saved.dump()}, "save a game in it");
}

Json PostgresStore::load_game(std::string_view name) {
  if (!valid_name(name)) throw StoreError(fmt::format("no saved game '{}'", name));
  const Lease lease(*this);
  const PostgresResult found = db().exec("SELECT saved FROM saved_games WHERE name = $1", {name});
  if (found.rows() == 0) throw StoreError(fmt::format("no saved game '{}'", name));
  return checked_stored_game(stored_json(found.text(0, 0), location_), name, location_);
}

// --- Players.

std::optional<Player> PostgresStore::find_player(std::string_view name) {
  checked_player_name(name);
  const Lease lease(*this);
  const PostgresResult found = db().exec(kFindPlayer, {name});
  if (found.rows() == 0) return std::nullopt;
  return Player{found.integer(0, 0), found.text(0, 1)};
}

Player PostgresStore::player(std::string_view name) {
  const Lease lease(*this);
  if (std::optional<Player> found = find_player(name)) return *found;
  PostgresTransaction transaction(db());
  player_id(db(), name);
  transaction.commit();
  return *find_player(name);
}

bool PostgresStore::claim_player(std::string_view name, std::string_view secret) {
  checked_player_name(name);
  if (secret.empty()) throw std::invalid_argument("a player's secret is not empty");
  const Lease lease(*this);
  PostgresTransaction transaction(db());
  const std::int64_t id = player_id(db(), name);
  const bool claimed = db().exec("UPDATE players SET secret = $2 WHERE id = $1 AND secret IS NULL",
                                 {id, secret}, "give a player a secret in it")
                           .affected() == 1;
  transaction.commit();
  return claimed;
}

bool PostgresStore::player_secret_matches(std::string_view name, std::string_view secret) {
  checked_player_name(name);
  const Lease lease(*this);
  const PostgresResult found = db().exec(
      R"(SELECT secret FROM players WHERE lower(name COLLATE "C") = lower($1::text COLLATE "C") )"
      "AND secret IS NOT NULL",
      {name});
  if (found.rows() == 0) return false;
  return secrets_match(found.text(0, 0), secret);
}

std::vector<Player> PostgresStore::players() {
  const Lease lease(*this);
  // A person's name has no bot's row; a name a bot played under is listed when a person played
  // under it too.
  const PostgresResult rows = db().exec(
      "SELECT id, name FROM players p WHERE secret IS NOT NULL "
      "OR NOT EXISTS (SELECT 1 FROM game_players WHERE player_id = p.id AND bot IS NOT NULL) "
      "OR EXISTS (SELECT 1 FROM game_players WHERE player_id = p.id AND bot IS NULL) "
      R"(ORDER BY lower(name COLLATE "C"))");
  std::vector<Player> players;
  for (int r = 0; r < rows.rows(); ++r) players.push_back({rows.integer(r, 0), rows.text(r, 1)});
  return players;
}

std::optional<Player> PostgresStore::last_player() {
  const Lease lease(*this);
  const std::optional<std::string> name = meta_value(db(), kLastPlayerKey);
  if (!name || !valid_player_name(*name)) return std::nullopt;
  return find_player(*name);
}

Player PostgresStore::set_last_player(std::string_view name) {
  const Lease lease(*this);
  Player chosen = player(name);
  set_meta(db(), kLastPlayerKey, chosen.name, "remember the last player in it");
  return chosen;
}

// --- Finished games.

std::int64_t PostgresStore::record_finished_game(const FinishedGame& game,
                                                 std::int64_t unfinished_id) {
  check_finished_game(game);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const std::vector<std::int64_t> ids = lock_players(d, game.players);
  const std::int64_t id = insert_finished_game(d, daily_record(d, game, ids), ids, 0);
  if (unfinished_id != 0) {
    d.exec("DELETE FROM unfinished_games WHERE id = $1", {unfinished_id},
           "delete an unfinished game from it");
  }
  transaction.commit();
  return id;
}

std::optional<std::string> PostgresStore::game_log(std::int64_t id) {
  const Lease lease(*this);
  const PostgresResult found = db().exec("SELECT log FROM game_logs WHERE game_id = $1", {id});
  if (found.rows() == 0) return std::nullopt;
  return found.text(0, 0);
}

FinishedGame PostgresStore::finished_game(std::int64_t id) { return read_finished_game(id, true); }

FinishedGame PostgresStore::read_finished_game(std::int64_t id, bool with_commands) {
  const Lease lease(*this);
  PostgresConnection& d = db();
  const PostgresResult row = d.exec(
      with_commands
          ? "SELECT id, game, config, seed, commands, result, started_ms, ended_ms, details, "
            "practice, coalesce(daily, '') FROM games WHERE id = $1"
          : "SELECT id, game, config, seed, NULL, result, started_ms, ended_ms, details, "
            "practice, coalesce(daily, '') FROM games WHERE id = $1",
      {id});
  if (row.rows() == 0) throw StoreError(fmt::format("no finished game {}", id));
  FinishedGame game;
  game.id = row.integer(0, 0);
  game.game = row.text(0, 1);
  game.config = stored_json(row.text(0, 2), location_);
  game.seed = static_cast<std::uint64_t>(row.integer(0, 3));
  if (with_commands) game.commands = stored_json(row.text(0, 4), location_);
  game.result = stored_json(row.text(0, 5), location_);
  game.started_ms = row.integer(0, 6);
  game.ended_ms = row.integer(0, 7);
  if (!row.is_null(0, 8)) game.details = stored_json(row.text(0, 8), location_);
  game.practice = row.boolean(0, 9);
  game.daily = row.text(0, 10);
  const PostgresResult players = d.exec(
      "SELECT p.name, gp.score, gp.won, coalesce(gp.bot, '') FROM game_players gp "
      "JOIN players p ON p.id = gp.player_id WHERE gp.game_id = $1 ORDER BY gp.seat",
      {id});
  for (int r = 0; r < players.rows(); ++r) {
    game.players.push_back(
        {players.text(r, 0), players.integer(r, 1), players.boolean(r, 2), players.text(r, 3)});
  }
  return game;
}

std::vector<GameSummary> PostgresStore::finished_games(std::string_view player,
                                                       std::optional<std::string_view> game,
                                                       std::size_t limit, std::size_t offset) {
  checked_player_name(player);
  if (game) checked_game_name(*game);
  const Lease lease(*this);
  const PostgresResult rows =
      game ? db().exec(
                 "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = "
                 R"(gp.player_id WHERE lower(p.name COLLATE "C") = lower($1::text COLLATE )"
                 R"("C") AND gp.game = $2 ORDER BY gp.ended_ms DESC, gp.game_id DESC )"
                 "LIMIT $3 OFFSET $4",
                 {player, *game, sql_count(limit), sql_count(offset)})
           : db().exec(
                 "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = "
                 R"(gp.player_id WHERE lower(p.name COLLATE "C") = lower($1::text COLLATE )"
                 R"("C") ORDER BY gp.ended_ms DESC, gp.game_id DESC LIMIT $2 OFFSET $3)",
                 {player, sql_count(limit), sql_count(offset)});
  std::vector<GameSummary> games;
  games.reserve(static_cast<std::size_t>(rows.rows()));
  for (int r = 0; r < rows.rows(); ++r) {
    FinishedGame g = read_finished_game(rows.integer(r, 0), false);
    games.push_back({g.id, std::move(g.game), std::move(g.players), std::move(g.config),
                     std::move(g.result), g.started_ms, g.ended_ms, g.practice});
  }
  return games;
}

// --- Tournaments.

std::int64_t PostgresStore::record_tournament(const TournamentRecord& tournament,
                                              const std::vector<FinishedGame>& games) {
  check_tournament(tournament, games);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const std::int64_t id =
      d.exec(
           "INSERT INTO tournaments (game, config, result, started_ms, ended_ms, status) "
           "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
           {tournament.game, tournament.config.dump(), tournament.table.dump(),
            tournament.started_ms, tournament.ended_ms, tournament.status},
           "record a tournament in it")
          .integer(0, 0);
  for (const FinishedGame& game : games) {
    insert_finished_game(d, game, lock_players(d, game.players), id);
  }
  transaction.commit();
  return id;
}

std::int64_t PostgresStore::record_tournament_game(std::int64_t tournament_id,
                                                   const FinishedGame& game) {
  check_finished_game(game);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const PostgresResult found =
      d.exec("SELECT game FROM tournaments WHERE id = $1", {tournament_id});
  if (found.rows() == 0) throw StoreError(fmt::format("no tournament {}", tournament_id));
  check_tournament_game(found.text(0, 0), game);
  const std::int64_t id =
      insert_finished_game(d, game, lock_players(d, game.players), tournament_id);
  transaction.commit();
  return id;
}

void PostgresStore::end_tournament(std::int64_t id, const Json& table, std::int64_t ended_ms,
                                   std::string_view status) {
  check_tournament_status(status);
  const Lease lease(*this);
  const PostgresResult updated = db().exec(
      "UPDATE tournaments SET result = $2, ended_ms = greatest(started_ms, $3), status = $4 "
      "WHERE id = $1",
      {id, table.dump(), ended_ms, status}, "record a tournament in it");
  if (updated.affected() == 0) throw StoreError(fmt::format("no tournament {}", id));
}

std::vector<TournamentRecord> PostgresStore::tournaments(std::size_t limit) {
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(fmt::format("{} ORDER BY ended_ms DESC, id DESC LIMIT $1", kTournamentColumns),
                {sql_count(limit)});
  std::vector<TournamentRecord> all;
  for (int r = 0; r < rows.rows(); ++r) {
    all.push_back({rows.integer(r, 0),
                   rows.text(r, 1),
                   stored_json(rows.text(r, 2), location_),
                   stored_json(rows.text(r, 3), location_),
                   rows.integer(r, 4),
                   rows.integer(r, 5),
                   rows.text(r, 6),
                   {}});
  }
  return all;
}

TournamentRecord PostgresStore::tournament(std::int64_t id) {
  const Lease lease(*this);
  const PostgresResult row = db().exec(fmt::format("{} WHERE id = $1", kTournamentColumns), {id});
  if (row.rows() == 0) throw StoreError(fmt::format("no tournament {}", id));
  TournamentRecord found{row.integer(0, 0),
                         row.text(0, 1),
                         stored_json(row.text(0, 2), location_),
                         stored_json(row.text(0, 3), location_),
                         row.integer(0, 4),
                         row.integer(0, 5),
                         row.text(0, 6),
                         {}};
  const PostgresResult games =
      db().exec("SELECT id FROM games WHERE tournament_id = $1 ORDER BY id", {id});
  for (int r = 0; r < games.rows(); ++r) found.game_ids.push_back(games.integer(r, 0));
  return found;
}

// --- Unfinished games.

std::int64_t PostgresStore::save_unfinished(const UnfinishedGame& game) {
  checked_player_name(game.player);
  check_saved_game(game.saved);
  const std::string name = game.saved["game"].get<std::string>();
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const std::int64_t player = player_id(d, game.player);
  std::int64_t id = game.id;
  if (id == 0) {
    id = d.exec(
              "INSERT INTO unfinished_games (player_id, game, saved, started_ms, updated_ms, "
              "practice) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
              {player, name, game.saved.dump(), game.started_ms, game.updated_ms, game.practice},
              "save a game in it")
             .integer(0, 0);
  } else if (d.exec("UPDATE unfinished_games SET player_id = $1, game = $2, saved = $3, "
                    "started_ms = $4, updated_ms = $5, practice = $6 WHERE id = $7",
                    {player, name, game.saved.dump(), game.started_ms, game.updated_ms,
                     game.practice, id},
                    "save a game in it")
                 .affected() == 0) {
    throw StoreError(fmt::format("no unfinished game {}", id));
  }
  transaction.commit();
  return id;
}

std::vector<UnfinishedGame> PostgresStore::unfinished_games(std::string_view player) {
  checked_player_name(player);
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(fmt::format(R"({} WHERE lower(p.name COLLATE "C") = lower($1::text COLLATE "C") )"
                            "ORDER BY u.updated_ms DESC, u.id DESC",
                            kUnfinishedColumns),
                {player});
  std::vector<UnfinishedGame> games;
  for (int r = 0; r < rows.rows(); ++r) {
    games.push_back({rows.integer(r, 0), rows.text(r, 1), stored_json(rows.text(r, 2), location_),
                     rows.integer(r, 3), rows.integer(r, 4), rows.boolean(r, 5)});
  }
  return games;
}

UnfinishedGame PostgresStore::unfinished_game(std::int64_t id) {
  const Lease lease(*this);
  const PostgresResult row = db().exec(fmt::format("{} WHERE u.id = $1", kUnfinishedColumns), {id});
  if (row.rows() == 0) throw StoreError(fmt::format("no unfinished game {}", id));
  return {row.integer(0, 0), row.text(0, 1),    stored_json(row.text(0, 2), location_),
          row.integer(0, 3), row.integer(0, 4), row.boolean(0, 5)};
}

bool PostgresStore::delete_unfinished(std::int64_t id) {
  const Lease lease(*this);
  return db().exec("DELETE FROM unfinished_games WHERE id = $1", {id},
                   "delete an unfinished game from it")
             .affected() > 0;
}

// --- Live sessions.

void PostgresStore::keep_session(const KeptSession& session) { write_kept_session(session, {}); }

bool PostgresStore::keep_session_after(const KeptSession& session,
                                       std::optional<std::uint64_t> kept) {
  return write_kept_session(session, KeptSessionCondition::after(kept));
}

bool PostgresStore::write_kept_session(const KeptSession& session, KeptSessionCondition condition) {
  using Kind = KeptSessionCondition::Kind;
  check_kept_session(session);
  const Json kept = kept_session_value(session);
  // The session's row and its index keys (its watch code's, its room's) in one statement, so
  // one round trip and one commit: a move's keep is on the path of its answer. The index keys
  // are written once (a session's codes do not change): later keeps find them as they are.
  constexpr std::string_view kWrites[] = {
      "INSERT INTO meta (key, value) VALUES ($1, $2) "
      "ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING key",
      "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key",
      // PostgreSQL re-reads the row's sequence once it holds the row's lock.
      "UPDATE meta SET value = $2 WHERE key = $1 AND "
      "COALESCE((value::json ->> 'sequence')::numeric, 0) = $6::numeric RETURNING key"};
  const std::string statement = fmt::format(
      "WITH kept AS ({}), indexed AS ("
      "INSERT INTO meta (key, value) SELECT index_key, $3 FROM kept, "
      "(VALUES ($4::text), ($5::text)) AS keys (index_key) WHERE index_key <> '' "
      "ON CONFLICT (key) DO UPDATE SET value = excluded.value "
      "WHERE meta.value IS DISTINCT FROM excluded.value) "
      "SELECT count(*) FROM kept",
      kWrites[static_cast<int>(condition.kind)]);
  std::vector<std::string> indexes = index_keys(kept);
  indexes.resize(2);
  std::vector<PostgresValue> parameters = {session_key(session.id), kept.dump(), session.id,
                                           indexes[0], indexes[1]};
  if (condition.kind == Kind::kSequence)
    parameters.emplace_back(std::to_string(condition.sequence));
  const Lease lease(*this);
  return db().exec(statement, parameters, "keep a session in it").integer(0, 0) > 0;
}

std::optional<KeptSession> PostgresStore::kept_session(std::string_view key, bool by_watch) {
  if (!valid_session_key(key)) return std::nullopt;
  const Lease lease(*this);
  std::string id(key);
  if (by_watch) {
    std::optional<std::string> found = meta_value(db(), watch_key(key));
    if (!found) return std::nullopt;
    id = std::move(*found);
  }
  const std::optional<std::string> value = meta_value(db(), session_key(id));
  if (!value) return std::nullopt;
  return kept_session_of(std::move(id), stored_json(*value, location_),
                         by_watch ? std::optional(key) : std::nullopt, location_);
}

std::optional<KeptSession> PostgresStore::kept_room(std::string_view code) {
  if (!valid_session_key(code)) return std::nullopt;
  const Lease lease(*this);
  const std::optional<std::string> id = meta_value(db(), room_key(code));
  if (!id) return std::nullopt;
  const std::optional<std::string> value = meta_value(db(), session_key(*id));
  if (!value) return std::nullopt;
  std::optional<KeptSession> kept =
      kept_session_of(*id, stored_json(*value, location_), std::nullopt, location_);
  if (kept && kept->room != code) return std::nullopt;  // a code it no longer has
  return kept;
}

bool PostgresStore::forget_session(std::string_view id) { return forget_kept_session(id, {}); }

bool PostgresStore::forget_session_at(std::string_view id, std::uint64_t sequence) {
  return forget_kept_session(id, KeptSessionCondition::after(sequence));
}

bool PostgresStore::forget_kept_session(std::string_view id, KeptSessionCondition condition) {
  if (!valid_session_key(id)) return false;
  const bool any = condition.kind == KeptSessionCondition::Kind::kAnything;
  const std::string sequence = std::to_string(condition.sequence);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const PostgresResult forgotten = d.exec(
      "DELETE FROM meta WHERE key = $1 AND ($2::boolean OR "
      "COALESCE((value::json ->> 'sequence')::numeric, 0) = $3::numeric) "
      "RETURNING value",
      {session_key(id), any, sequence}, "forget a session in it");
  if (forgotten.rows() == 0) return false;  // nothing written: the transaction ends
  for (const std::string& index : index_keys(Json::parse(forgotten.text(0, 0), nullptr, false))) {
    d.exec("DELETE FROM meta WHERE key = $1", {index}, "forget a session in it");
  }
  transaction.commit();
  return true;
}

std::size_t PostgresStore::forget_sessions_before(std::int64_t before_ms) {
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  const std::int64_t forgotten = d.exec(
                                      "DELETE FROM meta WHERE starts_with(key, $1) AND "
                                      "(value::json ->> 'updated_ms')::bigint < $2",
                                      {kSessionKeyPrefix, before_ms}, "forget old sessions in it")
                                     .affected();
  // The watch codes and room codes of the sessions forgotten.
  for (const std::string_view prefix : kSessionIndexPrefixes) {
    d.exec(
        "DELETE FROM meta WHERE starts_with(key, $1) AND ($2::text || value) NOT IN "
        "(SELECT key FROM meta WHERE starts_with(key, $2))",
        {prefix, kSessionKeyPrefix}, "forget old sessions in it");
  }
  transaction.commit();
  return static_cast<std::size_t>(forgotten);
}

// --- Statistics.

namespace {

constexpr const char* kStatistics =
    "SELECT p.name, s.game, s.games, s.wins, s.current_streak, s.best_streak, s.best_score, "
    "s.score_sum FROM player_stats s JOIN players p ON p.id = s.player_id "
    R"(WHERE lower(p.name COLLATE "C") = lower($1::text COLLATE "C") )";

PlayerStatistics statistics_row(const PostgresResult& rows, int r) {
  return player_statistics(rows.text(r, 0), rows.text(r, 1), rows.integer(r, 2), rows.integer(r, 3),
                           rows.integer(r, 4), rows.integer(r, 5), rows.integer(r, 6),
                           rows.integer(r, 7));
}

std::vector<LeaderboardEntry> leaderboard_rows(const PostgresResult& rows) {
  std::vector<LeaderboardEntry> board;
  for (int r = 0; r < rows.rows(); ++r) {
    board.push_back(leaderboard_entry(rows.text(r, 0), rows.integer(r, 1), rows.integer(r, 2),
                                      rows.integer(r, 3), rows.integer(r, 4)));
  }
  return board;
}

}  // namespace

PlayerStatistics PostgresStore::statistics(std::string_view player, std::string_view game) {
  checked_player_name(player);
  checked_game_name(game);
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(fmt::format("{} AND s.game = $2", kStatistics), {player, game});
  if (rows.rows() == 0) return PlayerStatistics{std::string(player), std::string(game)};
  return statistics_row(rows, 0);
}

std::vector<PlayerStatistics> PostgresStore::statistics(std::string_view player) {
  checked_player_name(player);
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(fmt::format(R"({} ORDER BY s.game COLLATE "C")", kStatistics), {player});
  std::vector<PlayerStatistics> all;
  for (int r = 0; r < rows.rows(); ++r) all.push_back(statistics_row(rows, r));
  return all;
}

GameStatistics PostgresStore::game_statistics(std::string_view player, std::string_view game) {
  const Lease lease(*this);
  GameStatistics stats{statistics(player, game)};
  stats.details =
      game_figures(game, [&](std::size_t recent_games, Counters& counters, Json& recent) {
        const PostgresResult found = db().exec(kFindPlayer, {player});
        if (found.rows() == 0) return;
        const std::int64_t player_id = found.integer(0, 0);
        const PostgresResult rows = db().exec(
            "SELECT counter, value FROM player_counters WHERE player_id = $1 AND game = $2",
            {player_id, game});
        for (int r = 0; r < rows.rows(); ++r) counters[rows.text(r, 0)] = rows.integer(r, 1);
        if (recent_games == 0) return;
        const PostgresResult games = db().exec(
            "SELECT g.id, g.result, g.ended_ms FROM game_players gp JOIN games g ON g.id = "
            "gp.game_id WHERE gp.player_id = $1 AND gp.game = $2 AND NOT g.practice "
            "ORDER BY gp.ended_ms DESC, gp.game_id DESC LIMIT $3",
            {player_id, game, sql_count(recent_games)});
        for (int r = 0; r < games.rows(); ++r) {
          recent.push_back(Json{{"id", games.integer(r, 0)},
                                {"result", stored_json(games.text(r, 1), location_)},
                                {"ended_ms", games.integer(r, 2)}});
        }
      });
  return stats;
}

std::vector<LeaderboardEntry> PostgresStore::leaderboard(std::string_view game, std::size_t limit) {
  checked_game_name(game);
  const Lease lease(*this);
  return leaderboard_rows(
      db().exec("SELECT p.name, s.games, s.wins, s.best_score, s.score_sum FROM player_stats s "
                "JOIN players p ON p.id = s.player_id WHERE s.game = $1 AND s.games > 0 "
                "ORDER BY s.best_score DESC, s.wins DESC, s.wins::float8 / s.games DESC, s.games, "
                R"(lower(p.name COLLATE "C") LIMIT $2)",
                {game, sql_count(limit)}));
}

std::vector<LeaderboardEntry> PostgresStore::bot_leaderboard(std::string_view game,
                                                             std::size_t limit) {
  checked_game_name(game);
  const Lease lease(*this);
  return leaderboard_rows(db().exec(
      R"(SELECT min(bot COLLATE "C"), count(*), sum(won::int), max(score), sum(score) )"
      "FROM game_players WHERE game = $1 AND bot IS NOT NULL "
      "AND game_id NOT IN (SELECT id FROM games WHERE practice) "
      R"(GROUP BY lower(bot COLLATE "C") )"
      "ORDER BY sum(score)::float8 / count(*) DESC, sum(won::int)::float8 / count(*) DESC, "
      R"(count(*) DESC, lower(min(bot COLLATE "C")) LIMIT $2)",
      {game, sql_count(limit)}));
}

std::vector<DailyResult> PostgresStore::daily_leaderboard(std::string_view game,
                                                          std::string_view day, std::size_t limit) {
  checked_game_name(game);
  parse_daily_date(day);
  const Lease lease(*this);
  const PostgresResult rows = db().exec(
      "SELECT p.name, gp.score, gp.won, g.id FROM games g JOIN game_players gp ON gp.game_id = "
      "g.id JOIN players p ON p.id = gp.player_id WHERE g.game = $1 AND g.daily = $2 AND "
      "NOT g.practice AND gp.bot IS NULL ORDER BY gp.score DESC, gp.won DESC, g.ended_ms, g.id "
      "LIMIT $3",
      {game, day, sql_count(limit)});
  std::vector<DailyResult> results;
  for (int r = 0; r < rows.rows(); ++r) {
    results.push_back(
        {rows.text(r, 0), rows.integer(r, 1), rows.boolean(r, 2), rows.integer(r, 3)});
  }
  return results;
}

DailyStreak PostgresStore::daily_streak(std::string_view player, std::string_view game,
                                        std::string_view today) {
  checked_game_name(game);
  parse_daily_date(today);
  std::vector<std::string> days;
  {
    const Lease lease(*this);
    const PostgresResult rows =
        db().exec(R"(SELECT DISTINCT g.daily COLLATE "C" FROM games g JOIN game_players gp ON )"
                  "gp.game_id = g.id JOIN players p ON p.id = gp.player_id WHERE g.game = $1 AND "
                  "g.daily IS NOT NULL AND NOT g.practice AND gp.bot IS NULL AND "
                  R"(lower(p.name COLLATE "C") = lower($2::text COLLATE "C") ORDER BY 1)",
                  {game, player});
    for (int r = 0; r < rows.rows(); ++r) days.push_back(rows.text(r, 0));
  }
  return daily_streak_of(days, today);
}

// --- Import from a FileStore directory.

// --- Jobs.

namespace {

constexpr const char* kJobColumns =
    "SELECT id, kind, input, job_group, after_group, state, progress, result, error, holder, "
    "lease_until_ms, attempts, queued_ms, updated_ms FROM jobs ";

Job job_of(const PostgresResult& rows, int r, const std::string& location) {
  return {rows.integer(r, 0),
          rows.text(r, 1),
          stored_json(rows.text(r, 2), location),
          rows.text(r, 3),
          rows.text(r, 4),
          rows.text(r, 5),
          stored_json(rows.text(r, 6), location),
          stored_json(rows.text(r, 7), location),
          rows.text(r, 8),
          rows.text(r, 9),
          rows.integer(r, 10),
          rows.integer(r, 11),
          rows.integer(r, 12),
          rows.integer(r, 13)};
}

}  // namespace

std::vector<std::int64_t> PostgresStore::queue_jobs(const std::vector<NewJob>& jobs,
                                                    std::int64_t now_ms) {
  check_new_jobs(jobs);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  std::vector<std::int64_t> ids;
  for (const NewJob& job : jobs) {
    ids.push_back(
        d.exec("INSERT INTO jobs (kind, input, job_group, after_group, state, progress, result, "
               "error, holder, lease_until_ms, attempts, queued_ms, updated_ms) "
               "VALUES ($1, $2, $3, $4, 'queued', 'null', 'null', '', '', 0, 0, $5, $5) "
               "RETURNING id",
               {job.kind, job.input.dump(), job.group, job.after, now_ms}, "queue a job in it")
            .integer(0, 0));
  }
  transaction.commit();
  return ids;
}

std::optional<Job> PostgresStore::claim_job(std::string_view holder, std::int64_t now_ms,
                                            std::int64_t lease_ms) {
  check_job_claim(holder, lease_ms);
  const Lease lease(*this);
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  for (;;) {
    // FOR UPDATE SKIP LOCKED: a job another claim is taking is passed over, not waited for, so
    // that workers on any number of machines take different jobs at once.
    const PostgresResult next = d.exec(
        "SELECT id, attempts FROM jobs AS j WHERE (state = 'queued' OR (state = 'running' AND "
        "lease_until_ms <= $1)) AND (after_group = '' OR NOT EXISTS (SELECT 1 FROM jobs AS g "
        "WHERE g.job_group = j.after_group AND g.state IN ('queued', 'running'))) "
        "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        {now_ms}, "take a job from it");
    if (next.rows() == 0) break;
    const std::int64_t id = next.integer(0, 0);
    const std::int64_t attempts = next.integer(0, 1);
    if (attempts >= kMaxJobAttempts) {
      d.exec(
          "UPDATE jobs SET state = 'failed', error = $2, lease_until_ms = 0, updated_ms = $3 "
          "WHERE id = $1",
          {id, abandoned_job_error(attempts), now_ms}, "take a job from it");
      continue;
    }
    const PostgresResult taken = d.exec(
        "UPDATE jobs SET state = 'running', holder = $2, lease_until_ms = $3, "
        "attempts = attempts + 1, updated_ms = $4 WHERE id = $1 RETURNING id, kind, input, "
        "job_group, after_group, state, progress, result, error, holder, lease_until_ms, "
        "attempts, queued_ms, updated_ms",
        {id, holder, now_ms + lease_ms, now_ms}, "take a job from it");
    Job job = job_of(taken, 0, location_);
    transaction.commit();
    return job;
  }
  transaction.commit();  // the jobs failed on the way
  return std::nullopt;
}

bool PostgresStore::renew_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                              std::int64_t lease_ms, const Json& progress) {
  check_job_claim(holder, lease_ms);
  const Lease lease(*this);
  return db().exec(
                 "UPDATE jobs SET lease_until_ms = $3, progress = $4, updated_ms = $5 "
                 "WHERE id = $1 AND holder = $2 AND state = 'running'",
                 {id, holder, now_ms + lease_ms, progress.dump(), now_ms},
                 "keep a job's progress in it")
             .affected() > 0;
}

bool PostgresStore::finish_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                               const Json& result) {
  const Lease lease(*this);
  return db().exec(
                 "UPDATE jobs SET state = 'done', result = $3, lease_until_ms = 0, "
                 "updated_ms = $4 WHERE id = $1 AND holder = $2 AND state = 'running'",
                 {id, holder, result.dump(), now_ms}, "keep a job's result in it")
             .affected() > 0;
}

bool PostgresStore::fail_job(std::int64_t id, std::string_view holder, std::int64_t now_ms,
                             std::string_view error) {
  const Lease lease(*this);
  return db().exec(
                 "UPDATE jobs SET state = 'failed', error = $3, lease_until_ms = 0, "
                 "updated_ms = $4 WHERE id = $1 AND holder = $2 AND state = 'running'",
                 {id, holder, error, now_ms}, "keep a job's failure in it")
             .affected() > 0;
}

std::optional<Job> PostgresStore::job(std::int64_t id) {
  const Lease lease(*this);
  const PostgresResult rows = db().exec(fmt::format("{} WHERE id = $1", kJobColumns), {id});
  if (rows.rows() == 0) return std::nullopt;
  return job_of(rows, 0, location_);
}

std::vector<Job> PostgresStore::jobs(std::string_view group) {
  const Lease lease(*this);
  const PostgresResult rows =
      db().exec(fmt::format("{} WHERE job_group = $1 ORDER BY id", kJobColumns), {group});
  std::vector<Job> all;
  for (int r = 0; r < rows.rows(); ++r) all.push_back(job_of(rows, r, location_));
  return all;
}

std::int64_t PostgresStore::jobs_to_do() {
  const Lease lease(*this);
  return db().exec("SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')").integer(0, 0);
}

ImportReport PostgresStore::import_file_store(const std::filesystem::path& dir) {
  const Lease lease(*this);
  if (read_only_) return {};  // nothing can be imported into it: the files stay for later
  PostgresConnection& d = db();
  PostgresTransaction transaction(d);
  if (meta_value(d, kImportKey)) {
    ImportReport done;
    done.already_done = true;
    return done;
  }
  const FileStoreImport into{
      [&](const FinishedGame& game) {
        insert_finished_game(d, game, lock_players(d, game.players), 0);
      },
      [&](const std::string& name, const std::string& words) {
        d.exec("INSERT INTO word_lists (name, words) VALUES ($1, $2) ON CONFLICT DO NOTHING",
               {name, words}, "import a word list into it");
      },
      [&](const std::string& name, const Json& saved) {
        d.exec("INSERT INTO saved_games (name, saved) VALUES ($1, $2) ON CONFLICT DO NOTHING",
               {name, saved.dump()}, "import a saved game into it");
      }};
  const ImportReport report =
      import_file_store_files(dir, legacy_owner(meta_value(d, kLastPlayerKey)), into);
  d.exec("INSERT INTO meta (key, value) VALUES ($1, $2)", {kImportKey, dir.string()},
         "record the import in it");
  transaction.commit();
  return report;
}

}  // namespace wg::app
