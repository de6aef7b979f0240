#include "games/auction/review.h"

#include <algorithm>
#include <string>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "games/auction/game.h"
#include "games/auction/player.h"
#include "games/auction/strong_player.h"

namespace wg::auction {

namespace {

/// The events of game `game` of the session, from its start to its end, by replaying the
/// commands; nullopt when stopped first.
std::optional<std::vector<Event>> game_events(std::shared_ptr<const Lexicon> lexicon,
                                              const Config& config, std::uint64_t seed,
                                              std::span<const Command> commands, int game,
                                              const Work& work) {
  Session session(std::move(lexicon), config, seed);
  std::vector<Event> events;
  bool in_game = false;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    if (work.stop.stop_requested()) return std::nullopt;
    if (work.progress) {
      work.progress(0.5 * static_cast<double>(i) / static_cast<double>(commands.size()));
    }
    for (Event& event : session.apply(commands[i])) {
      if (const auto* rejected = std::get_if<Rejected>(&event)) {
        throw ConfigError(
            "commands", fmt::format("command {} of the record is refused on replay ({}: {})", i + 1,
                                    to_string(rejected->reason), rejected->detail));
      }
      if (const auto* started = std::get_if<GameStarted>(&event)) in_game = started->game == game;
      if (!in_game) continue;
      const bool over = std::holds_alternative<Finished>(event);
      events.push_back(std::move(event));
      if (over) return events;
    }
  }
  throw ConfigError("commands", fmt::format("the record does not play game {} to its end", game));
}

/// The highest bid of the seats other than `seat`: what `seat` would have paid to win.
int highest_other_bid(const AuctionHeld& auction, int seat) {
  int highest = 0;
  for (std::size_t other = 0; other < auction.bids.size(); ++other) {
    if (static_cast<int>(other) == seat || !auction.bids[other].bidding) continue;
    highest = std::max(highest, auction.bids[other].amount);
  }
  return highest;
}

}  // namespace

std::optional<Review> review(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands, int game,
                             int seat, const Work& work) {
  config.validate();
  if (seat < 0 || seat >= static_cast<int>(config.seats.size())) {
    throw ConfigError(
        "seat", fmt::format("seat {} is not one of the table's {}", seat, config.seats.size()));
  }
  const std::optional<std::vector<Event>> events =
      game_events(lexicon, config, seed, commands, game, work);
  if (!events) return std::nullopt;

  std::size_t bids = 0;
  for (const Event& event : *events) {
    if (const auto* held = std::get_if<AuctionHeld>(&event)) bids += held->bids[seat].bidding;
  }
  std::size_t valued = 0;

  // The strong bot in the seat's place, told what the seat was told.
  StrongPlayer strong(*lexicon);
  Review result;
  result.seat = seat;
  result.game = game;
  result.rules = config.rules;
  std::vector<AuctionHeld> history;
  std::vector<int> points;
  std::vector<Letter> letters;
  for (const Event& event : *events) {
    if (const auto* started = std::get_if<GameStarted>(&event)) {
      const std::uint64_t dealt = game_seed(started->seed, static_cast<std::uint64_t>(game));
      strong.new_game(GameInfo{seat, config.rules, seat_seed(dealt, seat)});
    } else if (const auto* round = std::get_if<RoundStarted>(&event)) {
      points = round->points;
      letters = round->hidden[seat];
      strong.new_round(RoundInfo{round->round, letters, points});
      result.rounds.push_back(ReviewedRound{round->round, {}, {}});
    } else if (const auto* held = std::get_if<AuctionHeld>(&event)) {
      if (held->bids[seat].bidding) {
        if (work.stop.stop_requested()) return std::nullopt;
        if (work.progress) {
          work.progress(0.5 + 0.5 * static_cast<double>(valued) / static_cast<double>(bids));
        }
        ++valued;
        ReviewedAuction reviewed;
        reviewed.auction = *held;
        reviewed.letters = letters;
        reviewed.points = points[seat];
        reviewed.bid = held->bids[seat].amount;
        reviewed.won = held->winner == seat;
        bool alone = true;  // no other seat had room to bid
        for (std::size_t other = 0; other < held->bids.size(); ++other) {
          if (static_cast<int>(other) != seat && held->bids[other].bidding) alone = false;
        }
        reviewed.cost = reviewed.won ? held->price : highest_other_bid(*held, seat);
        // The strong bot's own bid skips these two (StrongPlayer::get_bid): so does its value,
        // which keeps its draws those of a strong bot in this seat.
        if (!alone && reviewed.points > 0) {
          const BidRequest request{held->round, held->number, held->letter,   letters,
                                   points,      history,      held->pool_left};
          reviewed.value = std::max(0.0, strong.letter_value(request));
          if (reviewed.won) {
            reviewed.loss = std::max(0.0, reviewed.cost - *reviewed.value);
          } else if (reviewed.cost < reviewed.points) {
            reviewed.loss = std::max(0.0, *reviewed.value - reviewed.cost);
          }
        }
        result.rounds.back().auctions.push_back(std::move(reviewed));
      }
      points[held->winner] -= held->price;
      if (held->winner == seat) letters.push_back(held->letter);
      history.push_back(*held);
      strong.bid_result(history.back());
    } else if (const auto* ended = std::get_if<RoundEnded>(&event)) {
      ReviewedWord& word = result.rounds.back().word;
      word.round = ended->round;
      word.letters = ended->letters[seat];
      word.played = ended->words[seat];
      word.best = best_word(*lexicon, word.letters, config.rules);
      word.loss = std::max(0, word.best.score - word.played.score);
      strong.scores_updated(*ended);
    } else if (const auto* finished = std::get_if<Finished>(&event)) {
      result.finished = *finished;
    }
  }
  if (work.progress) work.progress(1);
  return result;
}

}  // namespace wg::auction
