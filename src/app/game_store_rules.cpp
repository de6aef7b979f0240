#include "app/game_store_rules.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/registry.h"
#include "core/text.h"

namespace wg::app {

// --- Checks.

std::string_view checked_game_name(std::string_view game) {
  if (!valid_name(game)) throw std::invalid_argument(fmt::format("'{}' is not a game name", game));
  return game;
}

std::string_view checked_player_name(std::string_view name) {
  if (!valid_player_name(name)) {
    throw std::invalid_argument(fmt::format("'{}' is not a valid player name", name));
  }
  return name;
}

void check_finished_game(const FinishedGame& game) {
  checked_game_name(game.game);
  if (game.players.empty()) throw std::invalid_argument("a finished game has at least one player");
  for (std::size_t i = 0; i < game.players.size(); ++i) {
    checked_player_name(game.players[i].name);
    for (std::size_t j = 0; j < i; ++j) {
      // Names match without regard to ASCII case, as the players table does.
      if (lower_ascii(game.players[i].name) == lower_ascii(game.players[j].name)) {
        throw std::invalid_argument(
            fmt::format("'{}' plays twice in one game", game.players[i].name));
      }
    }
  }
  if (game.ended_ms < game.started_ms) {
    throw std::invalid_argument("a game cannot end before it started");
  }
  if (!game.commands.is_array()) throw std::invalid_argument("a game's commands are a list");
  if (!game.details.is_null() && !game.details.is_object()) {
    throw std::invalid_argument("a game's details are an object or null");
  }
  if (!game.daily.empty()) parse_daily_date(game.daily);  // throws ConfigError, an invalid_argument
}

void check_tournament_status(std::string_view status) {
  if (status != "finished" && status != "stopped") {
    throw std::invalid_argument(
        fmt::format("'{}' is not a tournament's status (finished or stopped)", status));
  }
}

void check_tournament_game(std::string_view tournament_game, const FinishedGame& game) {
  if (game.game != tournament_game) {
    throw std::invalid_argument(
        fmt::format("a game of {} in a tournament of {}", game.game, tournament_game));
  }
}

void check_tournament(const TournamentRecord& tournament, const std::vector<FinishedGame>& games) {
  checked_game_name(tournament.game);
  check_tournament_status(tournament.status);
  if (tournament.ended_ms < tournament.started_ms) {
    throw std::invalid_argument("a tournament cannot end before it started");
  }
  for (const FinishedGame& game : games) {
    check_finished_game(game);
    check_tournament_game(tournament.game, game);
  }
}

bool valid_session_key(std::string_view key) {
  return !key.empty() && key.size() <= 64 && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  });
}

void check_new_jobs(const std::vector<NewJob>& jobs) {
  constexpr std::size_t kMaxGroup = 200;
  for (const NewJob& job : jobs) {
    const bool kind_ok = !job.kind.empty() && job.kind.size() <= 64 &&
                         std::all_of(job.kind.begin(), job.kind.end(), [](char c) {
                           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
                         });
    if (!kind_ok) {
      throw std::invalid_argument(
          fmt::format("a job's kind must be 1 to 64 of a-z, 0-9 and '_', not \"{}\"", job.kind));
    }
    if (!job.input.is_object()) {
      throw std::invalid_argument(
          fmt::format("a job's input must be a JSON object, not {}", job.input.dump()));
    }
    if (job.group.size() > kMaxGroup || job.after.size() > kMaxGroup) {
      throw std::invalid_argument(
          fmt::format("a job's group and the group it waits for are at most {} bytes", kMaxGroup));
    }
  }
}

void check_job_claim(std::string_view holder, std::int64_t lease_ms) {
  if (holder.empty() || holder.size() > 200) {
    throw std::invalid_argument("a job's holder must be named (1 to 200 bytes)");
  }
  if (lease_ms < 1) {
    throw std::invalid_argument(
        fmt::format("a job's lease must be at least 1 ms, not {}", lease_ms));
  }
}

std::string abandoned_job_error(std::int64_t attempts) {
  return fmt::format("its worker stopped before the end {} times", attempts);
}

void check_kept_session(const KeptSession& session) {
  if (!valid_session_key(session.id) ||
      (!session.watch.empty() && !valid_session_key(session.watch)) ||
      (!session.room.empty() && !valid_session_key(session.room))) {
    throw std::invalid_argument("a session's id, watch code and room code are letters and digits");
  }
  if (!session.player.empty()) checked_player_name(session.player);
  check_saved_game(session.saved);
}

// --- Live sessions in the meta table.

std::string session_key(std::string_view id) { return fmt::format("{}{}", kSessionKeyPrefix, id); }
std::string watch_key(std::string_view code) { return fmt::format("{}{}", kWatchKeyPrefix, code); }
std::string room_key(std::string_view code) { return fmt::format("{}{}", kRoomKeyPrefix, code); }

std::vector<std::string> index_keys(const Json& value) {
  std::vector<std::string> keys;
  if (!value.is_object()) return keys;
  for (const auto& [field, key_of] :
       {std::pair{"watch", &watch_key}, std::pair{"room", &room_key}}) {
    const auto code = value.find(field);
    if (code != value.end() && code->is_string() && !code->get<std::string>().empty()) {
      keys.push_back(key_of(code->get<std::string>()));
    }
  }
  return keys;
}

Json kept_session_value(const KeptSession& session) {
  return Json{{"watch", session.watch},      {"player", session.player},
              {"room", session.room},        {"saved", session.saved},
              {"host", session.host},        {"updated_ms", session.updated_ms},
              {"sequence", session.sequence}};
}

std::optional<KeptSession> kept_session_of(std::string id, const Json& value,
                                           std::optional<std::string_view> watch_code,
                                           std::string_view location) {
  if (!value.is_object() || !value.contains("saved")) {
    throw StoreError(fmt::format("{}: a damaged record (session {})", location, id));
  }
  KeptSession kept;
  kept.id = std::move(id);
  kept.watch = value.value("watch", "");
  if (watch_code && kept.watch != *watch_code) return std::nullopt;  // a code it no longer has
  kept.player = value.value("player", "");
  kept.room = value.value("room", "");
  kept.saved = value["saved"];
  kept.host = value.value("host", Json::object());
  kept.updated_ms = value.value("updated_ms", std::int64_t{0});
  kept.sequence = value.value("sequence", std::uint64_t{0});
  return kept;
}

// --- What is read.

Json stored_json(const std::string& text, std::string_view location) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& error) {
    throw StoreError(fmt::format("{}: a damaged record (not JSON: {})", location, error.what()));
  }
}

Json checked_stored_game(Json saved, std::string_view name, std::string_view location) {
  try {
    check_saved_game(saved);
  } catch (const std::invalid_argument& error) {
    throw StoreError(
        fmt::format("{}: saved game '{}' is not one: {}", location, name, error.what()));
  }
  return saved;
}

std::string word_list_location_in(std::string_view location, std::string_view name) {
  return fmt::format("{} (word list '{}')", location, name);
}

std::int64_t sql_count(std::size_t count) {
  return static_cast<std::int64_t>(
      std::min<std::size_t>(count, std::numeric_limits<std::int64_t>::max()));
}

bool secrets_match(std::string_view kept, std::string_view given) {
  // Every byte compared, whatever the first difference: the time says nothing of the secret.
  unsigned char differ = kept.size() == given.size() ? 0 : 1;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    differ |= static_cast<unsigned char>(kept[i] ^ (i < given.size() ? given[i] : 0));
  }
  return differ == 0;
}

PlayerStatistics player_statistics(std::string player, std::string game, std::int64_t games,
                                   std::int64_t wins, std::int64_t current_streak,
                                   std::int64_t best_streak, std::int64_t best_score,
                                   std::int64_t score_sum) {
  PlayerStatistics stats{std::move(player), std::move(game)};
  stats.games = games;
  stats.wins = wins;
  stats.current_streak = current_streak;
  stats.best_streak = best_streak;
  stats.best_score = best_score;
  if (games > 0) {
    stats.win_rate = static_cast<double>(wins) / static_cast<double>(games);
    stats.mean_score = static_cast<double>(score_sum) / static_cast<double>(games);
  }
  return stats;
}

LeaderboardEntry leaderboard_entry(std::string player, std::int64_t games, std::int64_t wins,
                                   std::int64_t best_score, std::int64_t score_sum) {
  LeaderboardEntry entry{std::move(player), games, wins};
  entry.best_score = best_score;
  entry.win_rate = static_cast<double>(wins) / static_cast<double>(games);
  entry.mean_score = static_cast<double>(score_sum) / static_cast<double>(games);
  return entry;
}

DailyStreak daily_streak_of(const std::vector<std::string>& days, std::string_view today) {
  const std::chrono::sys_days now{parse_daily_date(today)};
  DailyStreak streak;
  std::int64_t run = 0;
  std::chrono::sys_days previous{};
  for (const std::string& text : days) {
    const std::chrono::sys_days day{parse_daily_date(text)};
    if (day > now) break;
    run = run > 0 && day - previous == std::chrono::days(1) ? run + 1 : 1;
    streak.best = std::max(streak.best, run);
    streak.last = text;
    previous = day;
  }
  if (!streak.last.empty() && now - previous <= std::chrono::days(1)) streak.current = run;
  return streak;
}

std::vector<std::pair<std::string, std::int64_t>> counters_of(std::string_view game,
                                                              const Json& details) {
  const GameEntry* entry = find_game(game);
  if (entry == nullptr || !entry->statistics.counters || details.is_null()) return {};
  return entry->statistics.counters(details);
}

Json game_figures(
    std::string_view game,
    const std::function<void(std::size_t recent_games, Counters& counters, Json& recent)>& read) {
  const GameEntry* entry = find_game(game);
  if (entry == nullptr || !entry->statistics.figures) return Json::object();
  Counters counters;
  Json recent = Json::array();
  read(entry->statistics.recent_games, counters, recent);
  return entry->statistics.figures(counters, recent);
}

// --- Import.

std::string legacy_owner(const std::optional<std::string>& last_player) {
  if (last_player && valid_player_name(*last_player)) return *last_player;
  return std::string(kDefaultPlayerName);
}

FinishedGame legacy_game(std::string_view game, const HistoryRecord& record,
                         const std::string& owner) {
  FinishedGame finished;
  finished.game = std::string(game);
  finished.players = {{owner, record.points, record.player_won}};
  finished.result = {{"word", record.word},
                     {"guesses", record.guesses},
                     {"player_won", record.player_won},
                     {"points", record.points},
                     {"imported", "history"}};
  return finished;
}

std::filesystem::path aside_path(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path aside = path.string() + ".corrupt";
  for (int n = 2; std::filesystem::exists(aside, error); ++n) {
    aside = fmt::format("{}.corrupt.{}", path.string(), n);
  }
  return aside;
}

std::string move_aside(const std::filesystem::path& path, std::string_view problem) {
  const std::filesystem::path aside = aside_path(path);
  std::error_code error;
  std::filesystem::rename(path, aside, error);
  if (error) {
    return fmt::format("{}; it could not be moved aside ({}), so it stays where it is", problem,
                       error.message());
  }
  return fmt::format("{}; it was moved to {}", problem, aside.string());
}

ImportReport import_file_store_files(const std::filesystem::path& dir, const std::string& owner,
                                     const FileStoreImport& into) {
  ImportReport report;
  FileStore files(dir);
  std::error_code error;

  // Histories: every <game>/history.tsv, its games recorded as the owner's (legacy_game).
  std::vector<std::string> games;
  if (std::filesystem::is_directory(dir, error)) {
    for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
      const std::string name = entry.path().filename().string();
      if (valid_name(name) && std::filesystem::is_regular_file(files.history_path(name), error)) {
        games.push_back(name);
      }
    }
  }
  std::sort(games.begin(), games.end());
  for (const std::string& game : games) {
    const HistoryFile history = files.history(game);
    for (const HistoryRecord& record : history.games) {
      into.finished_game(legacy_game(game, record, owner));
      ++report.history_records;
    }
    if (!history.problem.empty() || history.bad_records > 0) {
      const std::string problem = !history.problem.empty()
                                      ? history.problem
                                      : fmt::format("{}: {} damaged records were not imported",
                                                    history.source, history.bad_records);
      report.problems.push_back(move_aside(files.history_path(game), problem));
    }
  }

  // Saved word lists, then saved games: a file that cannot be read is moved aside; the
  // database's own errors end the import (and roll it back).
  for (const std::string& name : files.word_list_names()) {
    std::string words;
    try {
      words = files.load_word_list(name);
      if (words.find('\0') != std::string::npos) {
        throw StoreError(
            fmt::format("{}: not a word list (binary data)", files.word_list_location(name)));
      }
    } catch (const StoreError& problem) {
      report.problems.push_back(move_aside(files.word_list_path(name), problem.what()));
      continue;
    }
    into.word_list(name, words);
    ++report.word_lists;
  }
  for (const std::string& name : files.game_names()) {
    Json saved;
    try {
      saved = files.load_game(name);
    } catch (const StoreError& problem) {
      report.problems.push_back(move_aside(files.game_path(name), problem.what()));
      continue;
    }
    into.saved_game(name, saved);
    ++report.games;
  }
  return report;
}

}  // namespace wg::app
