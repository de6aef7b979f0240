#include "games/auction/tournament.h"

#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/play.h"
#include "games/auction/game.h"

namespace wg::auction {

void GameTally::add(const GameEvent& event) {
  if (const auto* auction = std::get_if<AuctionHeld>(&event)) {
    if (auction->winner >= 0 && static_cast<std::size_t>(auction->winner) < seats_.size()) {
      ++seats_[auction->winner].letters;
      seats_[auction->winner].paid += auction->price;
    }
    for (std::size_t s = 0; s < seats_.size() && s < auction->bids.size(); ++s) {
      if (!auction->bids[s].fault.empty()) ++seats_[s].faulty_bids;
    }
  } else if (const auto* round = std::get_if<RoundEnded>(&event)) {
    for (std::size_t s = 0; s < seats_.size() && s < round->words.size(); ++s) {
      if (!round->words[s].fault.empty()) ++seats_[s].invalid_words;
    }
  } else if (const auto* ended = std::get_if<Finished>(&event)) {
    for (std::size_t s = 0; s < seats_.size() && s < ended->points.size(); ++s) {
      seats_[s].points = ended->points[s];
      seats_[s].win = 0;
    }
    for (int winner : ended->winners) {
      if (winner >= 0 && static_cast<std::size_t>(winner) < seats_.size())
        seats_[winner].win = 1.0 / static_cast<double>(ended->winners.size());
    }
  }
}

std::vector<SeatResult> play_tournament_game(const TournamentConfig& config, const Lexicon& lexicon,
                                             const PlayerFactory& make_player,
                                             const GameObserver& observe, int index) {
  const std::vector<std::string> seating = tournament_seating(config.lineup, index);
  std::vector<std::unique_ptr<Player>> players;
  for (const std::string& name : seating) {
    players.push_back(make_player(name));
    if (!players.back()) throw std::invalid_argument(fmt::format("no player named '{}'", name));
  }
  Rules rules = config.rules;
  rules.players = static_cast<int>(seating.size());
  Game game(rules, lexicon, std::move(players), tournament_game_seed(config.seed, index));
  GameTally tally(seating.size());
  const std::function<void(const GameEvent&)> watch = observe ? observe(index) : nullptr;
  game.play([&](const GameEvent& event) {
    if (watch) watch(event);
    tally.add(event);
  });
  return tally.seats();
}

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
      [&](int index) {
        results[index] = play_tournament_game(config, lexicon, make_player, observe, index);
      },
      on_progress);
  return tournament_result(config, results);
}

TournamentResult tournament_result(const TournamentConfig& config,
                                   const std::vector<std::vector<SeatResult>>& results) {
  // Aggregate in game order, so the sums are the same whatever the threads did.
  TournamentResult result{static_cast<int>(results.size()), {}};
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
  for (int index = 0; index < static_cast<int>(results.size()); ++index) {
    const std::vector<std::string> seating = tournament_seating(config.lineup, index);
    if (results[index].size() != seating.size()) {
      throw std::invalid_argument(fmt::format("game {} of the tournament has {} seats, not {}",
                                              index + 1, results[index].size(), seating.size()));
    }
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
