#include "games/auction/game.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "games/auction/best_word.h"

namespace wg::auction {

namespace {

enum class Phase { kStart, kRoundStart, kAuctions, kGameEnd, kOver };

/// Streams of the game's seed: the deals and ties, and each seat's own.
constexpr std::uint64_t kDealStream = 0;
constexpr std::uint64_t kSeatStreamBase = 1;

}  // namespace

struct Game::State {
  State(const Rules& rules_in, const Lexicon& lexicon_in,
        std::vector<std::unique_ptr<Player>> players_in, std::uint64_t seed_in)
      : rules(rules_in),
        lexicon(&lexicon_in),
        players(std::move(players_in)),
        seed(seed_in),
        rng(Rng(seed_in).fork(kDealStream)),
        points(players.size(), rules.starting_points),
        letters(players.size()),
        full_pool(auction_pool(lexicon_in.alphabet())) {}

  Rules rules;
  const Lexicon* lexicon;
  std::vector<std::unique_ptr<Player>> players;
  std::uint64_t seed;
  Rng rng;
  Phase phase = Phase::kStart;
  int round = 0;
  std::vector<int> points;
  std::vector<std::vector<Letter>> letters;  ///< by seat, this round
  std::vector<Letter> pool;                  ///< this round's tiles still to auction, in order
  std::size_t next_tile = 0;
  std::size_t last_tile = 0;  ///< this round's auctions end before this tile (letters_per_round)
  int auction_number = 0;
  std::vector<AuctionHeld> history;
  std::vector<Letter> full_pool;

  int rack_size() const { return rules.rack_size; }
  bool someone_can_bid() const {
    return std::any_of(letters.begin(), letters.end(), [&](const std::vector<Letter>& held) {
      return static_cast<int>(held.size()) < rack_size();
    });
  }

  GameEvent start_game() {
    GameStarted started{rules, seed, 0, {}};
    for (int seat = 0; seat < rules.players; ++seat) {
      started.players.push_back(players[seat]->name());
      players[seat]->new_game(GameInfo{seat, rules, seat_seed(seed, seat)});
    }
    phase = Phase::kRoundStart;
    return started;
  }

  GameEvent start_round() {
    ++round;
    pool = full_pool;
    rng.shuffle(pool);
    RoundStarted started{round, {}, points};
    const auto hidden = static_cast<std::size_t>(rules.hidden_letters);
    for (int seat = 0; seat < rules.players; ++seat) {
      const auto first = pool.begin() + static_cast<std::ptrdiff_t>(seat * hidden);
      letters[seat].assign(first, first + static_cast<std::ptrdiff_t>(hidden));
      started.hidden.push_back(letters[seat]);
    }
    next_tile = hidden * static_cast<std::size_t>(rules.players);
    last_tile = pool.size();
    if (rules.letters_per_round > 0) {
      last_tile =
          std::min(last_tile, next_tile + static_cast<std::size_t>(rules.letters_per_round));
    }
    auction_number = 0;
    for (int seat = 0; seat < rules.players; ++seat) {
      players[seat]->new_round(RoundInfo{round, letters[seat], points});
    }
    phase = Phase::kAuctions;
    return started;
  }

  BidEntry ask_bid(int seat, const BidRequest& request) {
    BidEntry entry{true, 0, {}};
    const BidAnswer answer = players[seat]->get_bid(request);
    if (!answer.fault.empty()) {
      entry.fault = answer.fault;
    } else if (answer.amount < 0) {
      entry.fault = fmt::format("bid {} is negative", answer.amount);
    } else if (answer.amount > points[seat]) {
      entry.fault =
          fmt::format("bid {} is more than the player's {} points", answer.amount, points[seat]);
    } else {
      entry.amount = static_cast<int>(answer.amount);
    }
    return entry;
  }

  GameEvent hold_auction() {
    AuctionHeld auction;
    auction.round = round;
    auction.number = ++auction_number;
    auction.letter = pool[next_tile++];
    auction.pool_left = static_cast<int>(last_tile - next_tile);
    auction.bids.resize(players.size());
    for (int seat = 0; seat < rules.players; ++seat) {
      if (static_cast<int>(letters[seat].size()) >= rack_size()) continue;
      const BidRequest request{round,  auction.number, auction.letter,   letters[seat],
                               points, history,        auction.pool_left};
      auction.bids[seat] = ask_bid(seat, request);
    }
    const AuctionOutcome outcome = settle(auction.bids, rng);
    auction.winner = outcome.winner;
    auction.price = outcome.price;
    auction.tied = outcome.tied;
    points[outcome.winner] -= outcome.price;
    letters[outcome.winner].push_back(auction.letter);
    history.push_back(auction);
    for (auto& player : players) player->bid_result(history.back());
    return auction;
  }

  GameEvent end_round() {
    RoundEnded ended{round, letters, {}, {}};
    for (int seat = 0; seat < rules.players; ++seat) {
      const WordAnswer answer = players[seat]->get_word(letters[seat]);
      ended.words.push_back(judge_word(answer, letters[seat], *lexicon, rules));
      points[seat] += ended.words.back().score;
    }
    ended.points = points;
    for (auto& player : players) player->scores_updated(ended);
    phase = round < rules.rounds ? Phase::kRoundStart : Phase::kGameEnd;
    return ended;
  }

  GameEvent end_game() {
    Finished ended{points, {}, seed, 0, {}};
    const int best = *std::max_element(points.begin(), points.end());
    for (int seat = 0; seat < rules.players; ++seat) {
      if (points[seat] == best) ended.winners.push_back(seat);
      ended.players.push_back(players[seat]->name());
    }
    for (auto& player : players) player->game_over(ended);
    phase = Phase::kOver;
    return ended;
  }

  bool auction_next() const { return next_tile < last_tile && someone_can_bid(); }

  Upcoming upcoming() const {
    Upcoming next;
    next.round = round;
    switch (phase) {
      case Phase::kStart:
        next.kind = Upcoming::Kind::kGameStart;
        break;
      case Phase::kRoundStart:
        next.kind = Upcoming::Kind::kRoundStart;
        next.round = round + 1;
        break;
      case Phase::kAuctions:
        if (!auction_next()) {
          next.kind = Upcoming::Kind::kRoundEnd;
          break;
        }
        next.kind = Upcoming::Kind::kAuction;
        next.number = auction_number + 1;
        next.letter = pool[next_tile];
        next.pool_left = static_cast<int>(last_tile - next_tile - 1);
        for (int seat = 0; seat < rules.players; ++seat) {
          if (static_cast<int>(letters[seat].size()) < rack_size()) next.bidders.push_back(seat);
        }
        break;
      case Phase::kGameEnd:
        next.kind = Upcoming::Kind::kGameEnd;
        break;
      case Phase::kOver:
        next.kind = Upcoming::Kind::kNone;
        break;
    }
    return next;
  }

  std::optional<GameEvent> next() {
    switch (phase) {
      case Phase::kStart:
        return start_game();
      case Phase::kRoundStart:
        return start_round();
      case Phase::kAuctions:
        if (auction_next()) return hold_auction();
        return end_round();
      case Phase::kGameEnd:
        return end_game();
      case Phase::kOver:
        return std::nullopt;
    }
    return std::nullopt;
  }
};

Game::Game(const Rules& rules, const Lexicon& lexicon, std::vector<std::unique_ptr<Player>> players,
           std::uint64_t seed) {
  rules.validate();
  if (static_cast<int>(players.size()) != rules.players) {
    throw std::invalid_argument(fmt::format("the rules are for {} players, but {} were given",
                                            rules.players, players.size()));
  }
  for (const auto& player : players) {
    if (!player) throw std::invalid_argument("a player is missing");
  }
  state_ = std::make_unique<State>(rules, lexicon, std::move(players), seed);
}

Game::~Game() = default;
Game::Game(Game&&) noexcept = default;
Game& Game::operator=(Game&&) noexcept = default;

std::optional<GameEvent> Game::next() { return state_->next(); }

Finished Game::play(const std::function<void(const GameEvent&)>& on_event) {
  while (std::optional<GameEvent> event = next()) {
    if (on_event) on_event(*event);
    if (auto* ended = std::get_if<Finished>(&*event)) return *ended;
  }
  throw std::logic_error("Game::play: the game is already over");
}

bool Game::over() const { return state_->phase == Phase::kOver; }
Upcoming Game::upcoming() const { return state_->upcoming(); }
const Rules& Game::rules() const { return state_->rules; }
std::uint64_t Game::seed() const { return state_->seed; }
const Player& Game::player(int seat) const { return *state_->players.at(seat); }
std::span<const int> Game::points() const { return state_->points; }
std::span<const Letter> Game::letters(int seat) const { return state_->letters.at(seat); }
int Game::round() const { return state_->round; }
std::span<const AuctionHeld> Game::history() const { return state_->history; }

WordPlayed judge_word(const WordAnswer& answer, std::span<const Letter> letters,
                      const Lexicon& lexicon, const Rules& rules) {
  WordPlayed played;
  if (!answer.fault.empty()) {
    played.fault = answer.fault;
    return played;
  }
  if (answer.word.empty()) return played;
  const auto word = lexicon.alphabet().encode(answer.word);
  if (!word) {
    played.word = answer.word;
    played.fault = "not a word of letters";
    return played;
  }
  played.word = lexicon.alphabet().decode(*word);
  if (!can_make(*word, letters)) {
    played.fault = "not made from the player's letters";
  } else if (!lexicon.contains(std::span<const Letter>(*word))) {
    played.fault = "not in the lexicon";
  } else {
    played.score = word_score(*word, rules, lexicon.alphabet());
  }
  return played;
}

AuctionOutcome settle(std::span<const BidEntry> bids, Rng& rng) {
  AuctionOutcome outcome;
  int highest = -1;
  int second = -1;
  int bidders = 0;
  for (const BidEntry& bid : bids) {
    if (!bid.bidding) continue;
    ++bidders;
    if (bid.amount > highest) {
      second = highest;
      highest = bid.amount;
      outcome.tied = 1;
    } else {
      second = std::max(second, bid.amount);
      if (bid.amount == highest) ++outcome.tied;
    }
  }
  if (bidders == 0) throw std::invalid_argument("settle: nobody bid");
  auto pick = static_cast<int>(outcome.tied > 1 ? rng.below(outcome.tied) : 0);
  for (std::size_t seat = 0; seat < bids.size(); ++seat) {
    if (!bids[seat].bidding || bids[seat].amount != highest) continue;
    if (pick-- == 0) {
      outcome.winner = static_cast<int>(seat);
      break;
    }
  }
  outcome.price = bidders > 1 ? second : 0;
  return outcome;
}

std::uint64_t seat_seed(std::uint64_t seed, int seat) {
  return Rng(seed).fork(kSeatStreamBase + static_cast<std::uint64_t>(seat)).next();
}

}  // namespace wg::auction
