#include "games/auction/bots.h"

#include <algorithm>
#include <array>

#include "games/auction/best_word.h"
#include "games/auction/strong_player.h"

namespace wg::auction {

void Bot::new_game(const GameInfo& info) {
  info_ = info;
  rng_.reseed(info.seed);
  points_.assign(static_cast<std::size_t>(info.rules.players), info.rules.starting_points);
}

void Bot::new_round(const RoundInfo& info) {
  round_ = info.round;
  letters_.assign(info.hidden.begin(), info.hidden.end());
  points_.assign(info.points.begin(), info.points.end());
  held_.assign(points_.size(), info_.rules.hidden_letters);
}

void Bot::bid_result(const AuctionHeld& auction) {
  points_[auction.winner] -= auction.price;
  ++held_[auction.winner];
  if (auction.winner == info_.seat) letters_.push_back(auction.letter);
}

WordAnswer Bot::get_word(std::span<const Letter> letters) {
  return lexicon_.alphabet().decode(best_word(lexicon_, letters, info_.rules).word);
}

void Bot::scores_updated(const RoundEnded& round) { points_ = round.points; }

BidAnswer RandomPlayer::get_bid(const BidRequest& request) {
  const int value = lexicon_.alphabet().value(request.letter);
  const int points = request.points[info_.seat];
  const auto bid = static_cast<int>(rng_.between(std::max(1, value - 3), value + 3));
  return std::min(bid, points);
}

BidAnswer ValuePlayer::get_bid(const BidRequest& request) {
  const Alphabet& alphabet = lexicon_.alphabet();
  const Letter letter = request.letter;
  int bid = alphabet.value(letter);
  const auto held = static_cast<int>(request.letters.size());
  const int need = info_.rules.rack_size - held;
  const auto vowels =
      static_cast<int>(std::count_if(request.letters.begin(), request.letters.end(),
                                     [&](Letter l) { return alphabet.is_vowel(l); }));
  const auto copies =
      static_cast<int>(std::count(request.letters.begin(), request.letters.end(), letter));
  if (alphabet.is_vowel(letter)) {
    if (vowels * 7 < held * 3 || vowels == 0) bid += 2;  // fewer than about 3 vowels in 7
    if (vowels >= 4) bid = 0;
  } else if (held - vowels >= 5) {
    bid /= 2;  // consonant-heavy already
  }
  if (copies >= 2) bid /= 2;
  // When the pool barely covers what the players still need, any letter is worth more.
  int needed_by_all = 0;
  for (int count : held_) needed_by_all += std::max(0, info_.rules.rack_size - count);
  if (request.pool_left + 1 < needed_by_all + need) bid += 2;
  return std::clamp(bid, 0, request.points[info_.seat]);
}

namespace {

constexpr std::array<std::string_view, 3> kBotNames = {"random", "value", "strong"};

}  // namespace

std::span<const std::string_view> bot_names() { return kBotNames; }

std::unique_ptr<Player> make_bot(std::string_view name, const Lexicon& lexicon) {
  if (name == "random") return std::make_unique<RandomPlayer>(lexicon);
  if (name == "value") return std::make_unique<ValuePlayer>(lexicon);
  if (name == "strong") return std::make_unique<StrongPlayer>(lexicon);
  return nullptr;
}

}  // namespace wg::auction
