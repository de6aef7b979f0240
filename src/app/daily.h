#pragma once
/// The puzzle of the day: each game's, the same for everyone on every machine. Its config is the
/// game's (GameEntry::daily); its seed comes from the UTC date and the game alone, by this rule,
/// so that two arcades and a terminal agree without talking:
///
///   message = "wordgames-daily/1/" + game id + "/" + YYYY-MM-DD       (no secret)
///   message = "wordgames-daily/1/" + game id + "/" + YYYY-MM-DD + "/" + secret
///   seed    = the first 8 bytes of SHA-256(message), read as a big-endian unsigned 64-bit number
///
/// The game id is GameEntry::id ("evil_hangman"), the date the day in UTC, zero-padded
/// ("2026-11-28"). That is the day's first draw. A game that asks its puzzle to be fair
/// (DailyPuzzle::fair: Word Search's board worth a stated band of points, the word game's hand a
/// stated range of optimal scores) plays the first of the draws 0 to kDailyDraws - 1 that is,
/// draw k ≥ 1 putting "~k" after the date ("wordgames-daily/1/boggle/2026-11-28~2", the secret
/// after it), and draw 0 when none is.
///
/// `printf %s 'wordgames-daily/1/boggle/2026-11-28' | sha256sum` shows a draw: the seed is the
/// first 16 hex digits. An arcade may add a secret of its own (serve --daily-secret, or the file
/// kDailySecretFile of its data folder): the day's hidden words then cannot be computed from the
/// rule, and arcades that share the secret still agree.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/json.h"
#include "app/registry.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// The file of a data folder whose first line is its daily secret (read_daily_secret).
inline constexpr std::string_view kDailySecretFile = "daily-secret";
/// The longest daily secret taken.
inline constexpr std::size_t kMaxDailySecret = 256;

/// The day `text` names, "YYYY-MM-DD" exactly (a day of the calendar, from 2000-01-01 to
/// 9999-12-31). Throws wg::ConfigError("date") saying what a date is for anything else.
std::chrono::year_month_day parse_daily_date(std::string_view text);
/// "2026-11-28".
std::string daily_date_text(std::chrono::year_month_day day);
/// The UTC day of `time`.
std::chrono::year_month_day utc_day(std::chrono::system_clock::time_point time);
/// The day a request names (`text`, parse_daily_date), or `today` when `text` is empty. Throws
/// wg::ConfigError("date") for a malformed date and for a day after `today`, whose puzzle is
/// not out yet.
std::chrono::year_month_day daily_day(std::string_view text, std::chrono::year_month_day today);

/// The draws a day's fair puzzle is chosen from.
inline constexpr unsigned kDailyDraws = 64;

/// The seed of draw `draw` of `game`'s puzzle of `day`, by the rule above; `secret` empty: none.
std::uint64_t daily_draw(const GameEntry& game, std::chrono::year_month_day day,
                         std::string_view secret = {}, unsigned draw = 0);
/// The seed of `game`'s puzzle of `day`: its first draw that the game finds fair on `lexicon`
/// (DailyPuzzle::fair), or its draw 0. Remembered per game, day, secret and lexicon, so that a
/// day's draws are tried once by a process.
std::uint64_t daily_seed(const GameEntry& game, std::chrono::year_month_day day,
                         std::string_view secret, const Lexicon& lexicon);

/// The secret `text` holds (its first line, spaces around it trimmed), or empty. Throws
/// wg::ConfigError("daily-secret") for a secret longer than kMaxDailySecret or with control
/// characters.
std::string daily_secret_of(std::string_view text);
/// The daily secret of the data folder `data_dir` (its kDailySecretFile, daily_secret_of), or
/// empty when it has none.
std::string read_daily_secret(const std::filesystem::path& data_dir);

/// What a front end lists of `game`'s puzzle of `day`: {"game" (its name), "title",
/// "description", "fairness"? (DailyPuzzle::fairness), "date", "config"}, and "seed" only when the
/// config hides nothing (hides_information): whoever knows a hiding seed knows the day's game.
Json daily_json(const GameEntry& game, std::chrono::year_month_day day, std::string_view secret,
                const Lexicon& lexicon);

/// Adds to `puzzle` (daily_json of `game` and `day`) what `store` keeps of it: "leaderboard",
/// the day's records best first ([{"player", "score", "won"}], at most 10), and, for a `player`
/// (non-empty), "streak": {"current", "best", "last"} as of `today`.
void add_daily_standing(Json& puzzle, GameStore& store, const GameEntry& game,
                        std::chrono::year_month_day day, std::string_view player,
                        std::chrono::year_month_day today);

/// The puzzles of a day worked out ahead by workers (app/job_queue.h, `wordgames worker`), so
/// that no arcade tries a day's draws itself: a host that runs its long computations on workers
/// queues the next day's ("daily_puzzles", input {"date", "lexicon", "secret": the secret's
/// SHA-256 in hex, "" for none}); the worker, given the same secret (worker --daily-secret),
/// keeps as its result the draw each game with a fairness rule plays ({"draws": {game id:
/// draw}}), which daily_seed then takes from the store (take_daily_draws) rather than trying
/// the draws. The draw alone gives nothing away: the seed needs the secret too.
std::vector<JobKind> daily_job_kinds();
/// The group of the job of `day`'s puzzles: "daily.YYYY-MM-DD".
std::string daily_group(std::chrono::year_month_day day);
/// Queues the job of `day`'s puzzles at `now_ms`, with `secret` (its digest) and on `lexicon`,
/// unless the store holds one of the same to do or done, or kMaxDailyAttempts of them failed;
/// true when it queued it. Two hosts that queue it at once queue two jobs with the same result;
/// arcades of other secrets or lexicons on the same store queue their own.
/// How many failed jobs of a day's puzzles stop an arcade queueing it again.
inline constexpr int kMaxDailyAttempts = 3;
bool queue_daily_puzzles(GameStore& store, std::chrono::year_month_day day, std::string_view secret,
                         const LogLexicon& lexicon, std::int64_t now_ms);
/// Takes the draws a worker kept of `day`'s puzzles, with `secret` and on `lexicon` (named
/// `log_lexicon`), so that daily_seed gives their seeds without trying any draw; true as well,
/// without reading the store, when this process knows the day's draws already; false when the
/// store holds none (not queued, not done, or for another secret or lexicon).
bool take_daily_draws(GameStore& store, std::chrono::year_month_day day, std::string_view secret,
                      const Lexicon& lexicon, const LogLexicon& log_lexicon);

/// SHA-256 of `bytes` (FIPS 180-4), 32 bytes, by OpenSSL.
std::array<std::uint8_t, 32> sha256(std::string_view bytes);

}  // namespace wg::app
