#include "app/daily.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "core/play.h"

namespace wg::app {

namespace {

constexpr std::uint32_t kRoundConstants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotate_right(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/// One 64-byte block into the state.
void compress(std::array<std::uint32_t, 8>& state, const std::uint8_t* block) {
  std::uint32_t w[64];
  for (int i = 0; i < 16; ++i) {
    w[i] = (std::uint32_t{block[4 * i]} << 24) | (std::uint32_t{block[4 * i + 1]} << 16) |
           (std::uint32_t{block[4 * i + 2]} << 8) | std::uint32_t{block[4 * i + 3]};
  }
  for (int i = 16; i < 64; ++i) {
    const std::uint32_t s0 =
        rotate_right(w[i - 15], 7) ^ rotate_right(w[i - 15], 18) ^ (w[i - 15] >> 3);
    const std::uint32_t s1 =
        rotate_right(w[i - 2], 17) ^ rotate_right(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
  for (int i = 0; i < 64; ++i) {
    const std::uint32_t s1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
    const std::uint32_t choice = (e & f) ^ (~e & g);
    const std::uint32_t t1 = h + s1 + choice + kRoundConstants[i] + w[i];
    const std::uint32_t s0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
    const std::uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
    const std::uint32_t t2 = s0 + majority;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

ConfigError date_error(std::string_view text, std::string_view why) {
  return ConfigError("date", fmt::format("'{}' is not a day: {}", text, why));
}

}  // namespace

std::array<std::uint8_t, 32> sha256(std::string_view bytes) {
  std::array<std::uint32_t, 8> state = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string padded(bytes);
  const std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8;
  padded.push_back(static_cast<char>(0x80));
  while (padded.size() % 64 != 56) padded.push_back('\0');
  for (int shift = 56; shift >= 0; shift -= 8) {
    padded.push_back(static_cast<char>((bits >> shift) & 0xff));
  }
  for (std::size_t at = 0; at < padded.size(); at += 64) {
    compress(state, reinterpret_cast<const std::uint8_t*>(padded.data() + at));
  }
  std::array<std::uint8_t, 32> digest{};
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t j = 0; j < 4; ++j) {
      digest[4 * i + j] = static_cast<std::uint8_t>(state[i] >> (24 - 8 * j));
    }
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

std::uint64_t daily_seed(const GameEntry& game, std::chrono::year_month_day day,
                         std::string_view secret) {
  std::string message = fmt::format("wordgames-daily/1/{}/{}", game.id, daily_date_text(day));
  if (!secret.empty()) {
    message += '/';
    message += secret;
  }
  const std::array<std::uint8_t, 32> digest = sha256(message);
  std::uint64_t seed = 0;
  for (std::size_t i = 0; i < 8; ++i) seed = (seed << 8) | digest[i];
  return seed;
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

Json daily_json(const GameEntry& game, std::chrono::year_month_day day, std::string_view secret) {
  Json json{{"game", game.name},
            {"title", game.title},
            {"description", game.daily.description},
            {"date", daily_date_text(day)},
            {"config", game.daily.config}};
  if (!hides_information(game, game.daily.config)) json["seed"] = daily_seed(game, day, secret);
  return json;
}

void add_daily_standing(Json& puzzle, SqliteStore& store, const GameEntry& game,
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
