#pragma once
/// A game's own statistics, as its entry in the registry declares them (GameEntry::statistics):
/// what each finished game adds to its player's counters, how the counters read back as the
/// game's figures, and the lines every front end prints of them. The store and the front ends
/// ask the entry; none of them knows a game's figures. The helpers below are the pieces the
/// games' rules share (counters grouped by a number, shares, figures by word length).

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/json.h"

namespace wg::app {

/// A player's counters in one game, by name ("length.7.misses"), summed over their games.
using Counters = std::map<std::string, std::int64_t, std::less<>>;

/// One figure of a game's own statistics as a front end prints it: "7 letters: 2.5 misses (3
/// games)". `value` is a number, or null when it cannot be computed (a share of nothing).
struct StatisticsFigure {
  std::string label;  ///< what it counts; may be empty (the line's title says it)
  Json value;         ///< a whole number, a real number, or null
  /// The unit after the value ("misses", "points"); "%" for a share from 0 to 1, printed as a
  /// percentage.
  std::string unit;
  std::string note;  ///< said after it, in parentheses; may be empty
  bool operator==(const StatisticsFigure&) const = default;
};

/// A titled line of figures ("Misses by word length").
struct StatisticsLine {
  std::string title;
  std::vector<StatisticsFigure> figures;
  bool operator==(const StatisticsLine&) const = default;
};

/// A game's own statistics. Every member may be left unset: the game then has none (its
/// statistics are the totals every game has: games, wins, streaks, scores).
struct GameStatisticsRules {
  /// The counters one finished game adds to (from FinishedGame::details, the codec's
  /// details_of). Figures missing or of the wrong type are skipped: details only ever add.
  std::function<std::vector<std::pair<std::string, std::int64_t>>(const Json& details)> counters;
  /// How many of the player's last games `figures` is given, newest first.
  std::size_t recent_games = 0;
  /// The game's figures (GameStatistics::details; the shape is the game's) from the player's
  /// counters and their `recent_games` last games: [{"id", "result", "ended_ms"}].
  std::function<Json(const Counters& counters, const Json& recent)> figures;
  /// The lines a front end prints of those figures (none when there is nothing to say).
  std::function<std::vector<StatisticsLine>(const Json& figures)> lines;
  /// What a game's score is, in a player's words, for a game whose score is not its points (one
  /// sentence: it explains the best and mean score every front end shows). Empty: the score is
  /// the game's points.
  std::string_view score;
};

/// One sentence that says what a game's score is, shared by the games that score 1 for a game
/// won and 0 for one lost (GameStatisticsRules::score).
inline constexpr std::string_view kWinScore =
    "A game's score is 1 when you win it and 0 when you lose it: the best score is 1 once you "
    "have won a game, and the mean score is the share of games you won.";

/// The lines as JSON: [{"title", "figures": [{"label", "value", "unit", "note"}]}].
Json statistics_lines_json(const std::vector<StatisticsLine>& lines);

// --- Pieces the games' rules share.

/// details[key] when it is a whole number (a bool counts as 0 or 1), else nothing.
std::optional<std::int64_t> detail_integer(const Json& details, std::string_view key);

/// a / b, or null when b is 0.
Json share_of(std::int64_t a, std::int64_t b);

/// The counter `name`, 0 when not counted.
std::int64_t counter(const Counters& counters, std::string_view name);

/// Rows of {key: N, each of `figures`} from the counters named "group.N.figure", by N (a
/// figure not counted is 0).
Json counter_rows(const Counters& counters, std::string_view group, const char* key,
                  std::initializer_list<const char*> figures);

/// The whole number `name` of a row (0 when it is not one).
std::int64_t row_integer(const Json& row, const char* name);

/// The hangman games' counters by word length: "length.N.games", ".wins", ".misses" from
/// details {"length", "won", "misses"} (nothing for a length outside 1-64).
void add_length_counters(std::vector<std::pair<std::string, std::int64_t>>& counters,
                         const Json& details);
/// [{"length", "games", "wins", "misses", "mean_misses"}] from those counters.
Json misses_by_length(const Counters& counters);
/// "Misses by word length: 7 letters 2.5 misses (3 games), ..." of misses_by_length's rows; none
/// without rows.
std::vector<StatisticsLine> misses_by_length_lines(const Json& rows);

}  // namespace wg::app
