#pragma once
/// Many seeded games between the same players, on several threads, and the statistics per bot.
///
/// Game g is seeded from the tournament's seed and g alone, and its seats are the lineup rotated
/// by g, so every entry plays every seat equally often and the results do not depend on the
/// number of threads or the order the games finish in.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/auction/event.h"
#include "games/auction/player.h"
#include "games/auction/rules.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

/// Makes a fresh player by name for one game. Called from the tournament's threads at once, so
/// it must be safe to call concurrently. Throws (or returns nullptr) for an unknown name.
using PlayerFactory = std::function<std::unique_ptr<Player>(std::string_view name)>;

struct TournamentConfig {
  Rules rules;                      ///< rules.players is set from the lineup
  std::vector<std::string> lineup;  ///< player names, one per seat of game 0
  int games = 100;
  std::uint64_t seed = 0;
  int jobs = 1;  ///< threads
};

/// The results of every seat that a bot of one name sat in.
struct BotStats {
  std::string name;
  int seats = 0;                   ///< entries of the lineup with this name
  std::int64_t games_played = 0;   ///< player-games: games × seats
  double mean_score = 0;           ///< final points per player-game
  double score_std_error = 0;      ///< of mean_score
  double win_rate = 0;             ///< wins per player-game; a win shared by k players counts 1/k
  double letters_per_game = 0;     ///< letters won at auction per player-game
  double mean_price = 0;           ///< points paid per letter won
  std::int64_t invalid_words = 0;  ///< words that scored 0 for a fault (no word at all is not one)
  std::int64_t faulty_bids = 0;    ///< bids counted as 0 for breaking the rules
};

struct TournamentResult {
  int games = 0;
  std::vector<BotStats> bots;  ///< one per distinct name, in order of first appearance
};

/// Called as game `index` starts, on the thread that plays it; the observer it returns (if not
/// empty) is given every event of that game, on that thread. For logs of every game.
using GameObserver = std::function<std::function<void(const GameEvent&)>(int index)>;

/// What one game of a tournament gives each seat, counted from its events (GameTally).
struct SeatResult {
  int points = 0;
  double win = 0;  ///< 1/k for each of k winners
  int letters = 0;
  int paid = 0;
  int invalid_words = 0;
  int faulty_bids = 0;
  bool operator==(const SeatResult&) const = default;
};

/// Counts a game's SeatResults from its events, as they are played or read back from its log:
/// the same events give the same results.
class GameTally {
 public:
  explicit GameTally(std::size_t seats) : seats_(seats) {}
  void add(const GameEvent& event);
  const std::vector<SeatResult>& seats() const { return seats_; }

 private:
  std::vector<SeatResult> seats_;
};

/// Plays game `index` of the tournament (its seed and seating below) and counts it; `observe`
/// as for run_tournament. Throws std::invalid_argument for a player `make_player` does not make.
std::vector<SeatResult> play_tournament_game(const TournamentConfig& config, const Lexicon& lexicon,
                                             const PlayerFactory& make_player,
                                             const GameObserver& observe, int index);

/// The statistics of a tournament from each game's SeatResults (`games[g]` for game g, seated
/// as tournament_seating(config.lineup, g)), summed in game order: the same games give the same
/// table whoever played them, in whatever order. Throws std::invalid_argument when a game's
/// seats are not the lineup's.
TournamentResult tournament_result(const TournamentConfig& config,
                                   const std::vector<std::vector<SeatResult>>& games);

/// The game's seed and lineup for game `index` of the tournament: its seed is wg::game_seed,
/// as for game `index` of a session.
std::uint64_t tournament_game_seed(std::uint64_t seed, int index);
std::vector<std::string> tournament_seating(const std::vector<std::string>& lineup, int index);

/// Plays the tournament. `on_progress(done, total)` is called after each game, from the worker
/// threads but never concurrently. Throws std::invalid_argument for a bad configuration, and
/// rethrows the first error of any game (the other threads stop).
TournamentResult run_tournament(const TournamentConfig& config, const Lexicon& lexicon,
                                const PlayerFactory& make_player,
                                const std::function<void(int, int)>& on_progress = {},
                                const GameObserver& observe = {});

}  // namespace wg::auction
