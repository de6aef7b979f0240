#include "app/daily.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>

#include <fmt/format.h>
#include <openssl/evp.h>

#include "app/job_queue.h"
#include "core/play.h"

namespace wg::app {

namespace {

ConfigError date_error(std::string_view text, std::string_view why) {
  return ConfigError("date", fmt::format("'{}' is not a day: {}", text, why));
}

}  // namespace

std::array<std::uint8_t, 32> sha256(std::string_view bytes) {
  std::array<std::uint8_t, 32> digest{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 ||
      size != digest.size()) {
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  }
  return digest;
}

std::chrono::year_month_day parse_daily_date(std::string_view text) {
  constexpr std::string_view kShape = "YYYY-MM-DD, such as 2026-11-28";
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') throw date_error(text, kShape);
  int fields[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8};
  const std::size_t lengths[3] = {4, 2, 2};
  for (int f = 0; f < 3; ++f) {
    for (std::size_t i = starts[f]; i < starts[f] + lengths[f]; ++i) {
      if (text[i] < '0' || text[i] > '9') throw date_error(text, kShape);
      fields[f] = fields[f] * 10 + (text[i] - '0');
    }
  }
  const std::chrono::year_month_day day{std::chrono::year(fields[0]),
                                        std::chrono::month(static_cast<unsigned>(fields[1])),
                                        std::chrono::day(static_cast<unsigned>(fields[2]))};
  if (!day.ok()) throw date_error(text, "no such day in the calendar");
  if (fields[0] < 2000) throw date_error(text, "the puzzles begin in the year 2000");
  return day;
}

std::string daily_date_text(std::chrono::year_month_day day) {
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day.year()),
                     static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
}

std::chrono::year_month_day utc_day(std::chrono::system_clock::time_point time) {
  return std::chrono::year_month_day{std::chrono::floor<std::chrono::days>(time)};
}

std::chrono::year_month_day daily_day(std::string_view text, std::chrono::year_month_day today) {
  if (text.empty()) return today;
  const std::chrono::year_month_day day = parse_daily_date(text);
  if (std::chrono::sys_days(day) > std::chrono::sys_days(today)) {
    throw ConfigError("date", fmt::format("the puzzle of {} is not out yet (today is {}, UTC)",
                                          text, daily_date_text(today)));
  }
  return day;
}

std::uint64_t daily_draw(const GameEntry& game, std::chrono::year_month_day day,
                         std::string_view secret, unsigned draw) {
  std::string message = fmt::format("wordgames-daily/1/{}/{}", game.id, daily_date_text(day));
  if (draw != 0) message += fmt::format("~{}", draw);
  if (!secret.empty()) {
    message += '/';
    message += secret;
  }
  const std::array<std::uint8_t, 32> digest = sha256(message);
  std::uint64_t seed = 0;
  for (std::size_t i = 0; i < 8; ++i) seed = (seed << 8) | digest[i];
  return seed;
}

namespace {

/// The draws a process has chosen (daily_seed), by game, day, secret and lexicon.
class ChosenDraws {
 public:
  using Key = std::tuple<std::string_view, std::string, std::string, const Lexicon*>;
  static Key key(const GameEntry& game, std::chrono::year_month_day day, std::string_view secret,
                 const Lexicon& lexicon) {
    return {game.id, daily_date_text(day), std::string(secret), &lexicon};
  }
  std::optional<std::uint64_t> find(const Key& key) {
    std::lock_guard lock(mutex_);
    const auto found = seeds_.find(key);
    return found != seeds_.end() ? std::optional(found->second) : std::nullopt;
  }
  std::uint64_t keep(const Key& key, std::uint64_t seed) {
    std::lock_guard lock(mutex_);
    return seeds_.emplace(key, seed).first->second;
  }

 private:
  std::mutex mutex_;
  std::map<Key, std::uint64_t> seeds_;
};

ChosenDraws& chosen_draws() {
  static ChosenDraws chosen;
  return chosen;
}

/// The draw of `game`'s puzzle of `day`: the first the game finds fair, or 0.
unsigned fair_draw(const GameEntry& game, std::chrono::year_month_day day, std::string_view secret,
                   const Lexicon& lexicon) {
  for (unsigned draw = 0; draw < kDailyDraws; ++draw) {
    if (game.daily.fair(game.daily.config, daily_draw(game, day, secret, draw), lexicon)) {
      return draw;
    }
  }
  return 0;
}

/// What a job's input says of a secret without saying it: its SHA-256 in hex, "" for none.
std::string secret_digest(std::string_view secret) {
  if (secret.empty()) return {};
  std::string hex;
  for (const std::uint8_t byte : sha256(secret)) hex += fmt::format("{:02x}", byte);
  return hex;
}

constexpr std::string_view kDailyKind = "daily_puzzles";

Json work_out_daily_puzzles(const Job& job, JobContext& context) {
  const auto date = job.input.find("date");
  if (date == job.input.end() || !date->is_string()) {
    throw std::invalid_argument(fmt::format("job {}: its input has no \"date\"", job.id));
  }
  const std::chrono::year_month_day day = parse_daily_date(date->get<std::string>());
  check_job_lexicon(job.input, context.log_lexicon(),
                    fmt::format("the puzzles of {}", daily_date_text(day)));
  if (job.input.value("secret", Json("")) != Json(secret_digest(context.daily_secret()))) {
    throw std::invalid_argument(
        fmt::format("the puzzles of {} were queued with another daily secret than this worker's: "
                    "start the worker with the arcade's (--daily-secret)",
                    daily_date_text(day)));
  }
  Json draws = Json::object();
  for (const GameEntry& game : games()) {
    if (game.daily.fair)
      draws[game.id] = fair_draw(game, day, context.daily_secret(), context.lexicon());
  }
  return {{"draws", std::move(draws)}};
}

}  // namespace

std::uint64_t daily_seed(const GameEntry& game, std::chrono::year_month_day day,
                         std::string_view secret, const Lexicon& lexicon) {
  if (!game.daily.fair) return daily_draw(game, day, secret);
  const ChosenDraws::Key key = ChosenDraws::key(game, day, secret, lexicon);
  if (const std::optional<std::uint64_t> seed = chosen_draws().find(key)) return *seed;
  return chosen_draws().keep(key,
                             daily_draw(game, day, secret, fair_draw(game, day, secret, lexicon)));
}

std::vector<JobKind> daily_job_kinds() { return {{kDailyKind, &work_out_daily_puzzles}}; }

std::string daily_group(std::chrono::year_month_day day) {
  return fmt::format("daily.{}", daily_date_text(day));
}

bool queue_daily_puzzles(GameStore& store, std::chrono::year_month_day day, std::string_view secret,
                         const LogLexicon& lexicon, std::int64_t now_ms) {
  const std::string group = daily_group(day);
  const Json input{{"date", daily_date_text(day)},
                   {"lexicon", lexicon_json(lexicon)},
                   {"secret", secret_digest(secret)}};
  int failed = 0;
  for (const Job& job : store.jobs(group)) {
    if (job.kind != kDailyKind || job.input != input) continue;  // another arcade's day
    if (job.state != "failed") return false;                     // to do, being done, or done
    // Workers that cannot do it (started without the secret) are not given it for ever: the
    // arcade tries the draws itself, as without workers.
    if (++failed >= kMaxDailyAttempts) return false;
  }
  store.queue_jobs({{std::string(kDailyKind), input, group, ""}}, now_ms);
  return true;
}

bool take_daily_draws(GameStore& store, std::chrono::year_month_day day, std::string_view secret,
                      const Lexicon& lexicon, const LogLexicon& log_lexicon) {
  const bool known = std::all_of(games().begin(), games().end(), [&](const GameEntry& game) {
    return !game.daily.fair ||
           chosen_draws().find(ChosenDraws::key(game, day, secret, lexicon)).has_value();
  });
  if (known) return true;  // taken (or tried) before: the store is not read again
  const Json wanted_lexicon = lexicon_json(log_lexicon);
  const Json wanted_secret = secret_digest(secret);
  for (const Job& job : store.jobs(daily_group(day))) {
    if (job.kind != kDailyKind || job.state != "done") continue;
    if (job.input.value("lexicon", Json()) != wanted_lexicon ||
        job.input.value("secret", Json()) != wanted_secret) {
      continue;
    }
    const Json draws =
        job.result.is_object() ? job.result.value("draws", Json::object()) : Json::object();
    for (const GameEntry& game : games()) {
      if (!game.daily.fair) continue;
      const auto draw = draws.find(game.id);
      if (draw == draws.end() || !draw->is_number_unsigned() ||
          draw->get<std::uint64_t>() >= kDailyDraws) {
        return false;  // not a result of ours: the draws are tried here
      }
      chosen_draws().keep(ChosenDraws::key(game, day, secret, lexicon),
                          daily_draw(game, day, secret, draw->get<unsigned>()));
    }
    return true;
  }
  return false;
}

std::string daily_secret_of(std::string_view text) {
  const std::size_t end_of_line = text.find_first_of("\r\n");
  std::string_view line = text.substr(0, end_of_line);
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!line.empty() && space(line.front())) line.remove_prefix(1);
  while (!line.empty() && space(line.back())) line.remove_suffix(1);
  if (line.size() > kMaxDailySecret) {
    throw ConfigError("daily-secret", fmt::format("the daily secret is longer than {} characters",
                                                  kMaxDailySecret));
  }
  if (std::any_of(line.begin(), line.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    throw ConfigError("daily-secret", "the daily secret holds a control character");
  }
  return std::string(line);
}

std::string read_daily_secret(const std::filesystem::path& data_dir) {
  const std::filesystem::path path = data_dir / kDailySecretFile;
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return {};
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw ConfigError("daily-secret", fmt::format("cannot read {}", path.string()));
  }
  std::ostringstream text;
  text << file.rdbuf();
  return daily_secret_of(text.str());
}

Json daily_json(const GameEntry& game, std::chrono::year_month_day day, std::string_view secret,
                const Lexicon& lexicon) {
  Json json{{"game", game.name},
            {"title", game.title},
            {"description", game.daily.description},
            {"date", daily_date_text(day)},
            {"config", game.daily.config}};
  if (!game.daily.fairness.empty()) json["fairness"] = game.daily.fairness;
  if (!hides_information(game, game.daily.config)) {
    json["seed"] = daily_seed(game, day, secret, lexicon);
  }
  return json;
}

void add_daily_standing(Json& puzzle, GameStore& store, const GameEntry& game,
                        std::chrono::year_month_day day, std::string_view player,
                        std::chrono::year_month_day today) {
  Json board = Json::array();
  for (const DailyResult& result : store.daily_leaderboard(game.name, daily_date_text(day))) {
    board.push_back({{"player", result.player}, {"score", result.score}, {"won", result.won}});
  }
  puzzle["leaderboard"] = std::move(board);
  if (player.empty()) return;
  const DailyStreak streak = store.daily_streak(player, game.name, daily_date_text(today));
  puzzle["streak"] = {{"current", streak.current}, {"best", streak.best}, {"last", streak.last}};
}

}  // namespace wg::app
