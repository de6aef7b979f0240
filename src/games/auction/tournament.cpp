#include "games/auction/tournament.h"

#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/play.h"
#include "games/auction/game.h"

namespace wg::auction {

namespace {

/// What one game contributes, by seat.
struct SeatResult {
  int points = 0;
  double win = 0;
  int letters = 0;
  int paid = 0;
  int invalid_words = 0;
  int faulty_bids = 0;
};

std::vector<SeatResult> play_one(const TournamentConfig& config, const Lexicon& lexicon,
                                 const PlayerFactory& make_player, const GameObserver& observe,
                                 int index) {
  const std::vector<std::string> seating = tournament_seating(config.lineup, index);
  std::vector<std::unique_ptr<Player>> players;
  for (const std::string& name : seating) {
    players.push_back(make_player(name));
    if (!players.back()) throw std::invalid_argument(fmt::format("no player named '{}'", name));
  }
  Game game(config.rules, lexicon, std::move(players), tournament_game_seed(config.seed, index));
  std::vector<SeatResult> seats(seating.size());
  const std::function<void(const GameEvent&)> watch = observe ? observe(index) : nullptr;
  const Finished ended = game.play([&](const GameEvent& event) {
    if (watch) watch(event);
    if (const auto* auction = std::get_if<AuctionHeld>(&event)) {
      ++seats[auction->winner].letters;
      seats[auction->winner].paid += auction->price;
      for (std::size_t s = 0; s < seats.size(); ++s) {
        if (!auction->bids[s].fault.empty()) ++seats[s].faulty_bids;
      }
    } else if (const auto* round = std::get_if<RoundEnded>(&event)) {
      for (std::size_t s = 0; s < seats.size(); ++s) {
        if (!round->words[s].fault.empty()) ++seats[s].invalid_words;
      }
    }
  });
  for (std::size_t s = 0; s < seats.size(); ++s) seats[s].points = ended.points[s];
  for (int winner : ended.winners)
    seats[winner].win = 1.0 / static_cast<double>(ended.winners.size());
  return seats;
}

}  // namespace

std::uint64_t tournament_game_seed(std::uint64_t seed, int index) {
  return game_seed(seed, static_cast<std::uint64_t>(index));
}

std::vector<std::string> tournament_seating(const std::vector<std::string>& lineup, int index) {
  std::vector<std::string> seating(lineup.size());
  for (std::size_t seat = 0; seat < lineup.size(); ++seat) {
    seating[seat] = lineup[(seat + static_cast<std::size_t>(index)) % lineup.size()];
  }
  return seating;
}

TournamentResult run_tournament(const TournamentConfig& config_in, const Lexicon& lexicon,
                                const PlayerFactory& make_player,
                                const std::function<void(int, int)>& on_progress,
                                const GameObserver& observe) {
  TournamentConfig config = config_in;
  config.rules.players = static_cast<int>(config.lineup.size());
  config.rules.validate();
  if (config.games < 1) throw std::invalid_argument("games must be at least 1");
  if (config.jobs < 1) throw std::invalid_argument("jobs must be at least 1");

  std::vector<std::vector<SeatResult>> results(static_cast<std::size_t>(config.games));
  parallel_for(
      config.games, config.jobs,
      [&](int index) { results[index] = play_one(config, lexicon, make_player, observe, index); },
      on_progress);

  // Aggregate in game order, so the sums are the same whatever the threads did.
  TournamentResult result{config.games, {}};
  std::map<std::string, std::size_t> slot;
  struct Sums {
    double score = 0, score_squares = 0, wins = 0;
    std::int64_t letters = 0, paid = 0, invalid = 0, faulty = 0, n = 0;
  };
  std::vector<Sums> sums;
  for (const std::string& name : config.lineup) {
    if (slot.emplace(name, result.bots.size()).second) {
      result.bots.push_back(BotStats{name});
      sums.emplace_back();
    }
    ++result.bots[slot[name]].seats;
  }
  for (int index = 0; index < config.games; ++index) {
    const std::vector<std::string> seating = tournament_seating(config.lineup, index);
    for (std::size_t seat = 0; seat < seating.size(); ++seat) {
      const SeatResult& r = results[index][seat];
      Sums& s = sums[slot[seating[seat]]];
      s.score += r.points;
      s.score_squares += static_cast<double>(r.points) * r.points;
      s.wins += r.win;
      s.letters += r.letters;
      s.paid += r.paid;
      s.invalid += r.invalid_words;
      s.faulty += r.faulty_bids;
      ++s.n;
    }
  }
  for (std::size_t i = 0; i < sums.size(); ++i) {
    const Sums& s = sums[i];
    BotStats& bot = result.bots[i];
    const auto n = static_cast<double>(s.n);
    bot.games_played = s.n;
    bot.mean_score = s.score / n;
    const double variance =
        s.n > 1 ? std::max(0.0, (s.score_squares - n * bot.mean_score * bot.mean_score) / (n - 1))
                : 0.0;
    bot.score_std_error = std::sqrt(variance / n);
    bot.win_rate = s.wins / n;
    bot.letters_per_game = static_cast<double>(s.letters) / n;
    bot.mean_price =
        s.letters > 0 ? static_cast<double>(s.paid) / static_cast<double>(s.letters) : 0;
    bot.invalid_words = s.invalid;
    bot.faulty_bids = s.faulty;
  }
  return result;
}

}  // namespace wg::auction
