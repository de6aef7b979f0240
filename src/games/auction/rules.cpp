#include "games/auction/rules.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "core/play.h"

namespace wg::auction {

namespace {

/// `field` as the configs name it ("hidden_letters"), for people with spaces ("hidden letters").
void check_range(std::string field, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    std::string what = field;
    std::replace(what.begin(), what.end(), '_', ' ');
    throw ConfigError(std::move(field),
                      fmt::format("{} must be between {} and {}, not {}", what, lo, hi, value));
  }
}

}  // namespace

void Rules::validate() const {
  check_range("players", players, kMinPlayers, kMaxPlayers);
  check_range("rounds", rounds, 1, kMaxRounds);
  check_range("rack_size", rack_size, 1, kMaxRackSize);
  check_range("hidden_letters", hidden_letters, 0, rack_size);
  check_range("starting_points", starting_points, 0, kMaxStartingPoints);
  check_range("bonus_length", bonus_length, 1, kMaxBonusLength);
  check_range("bonus", bonus, 0, kMaxBonus);
  const auto pool = static_cast<int>(auction_pool().size());
  check_range("letters_per_round", letters_per_round, 0, std::min(pool, kMaxLettersPerRound));
  if (hidden_letters * players > pool) {
    throw ConfigError(
        "hidden_letters",
        fmt::format("{} hidden letters for each of {} players need {} tiles; the pool has {}",
                    hidden_letters, players, hidden_letters * players, pool));
  }
}

LetterCounts count_letters(std::span<const Letter> letters) {
  LetterCounts counts{};
  for (Letter l : letters) ++counts[l];
  return counts;
}

std::vector<Letter> auction_pool(const Alphabet& alphabet) {
  std::vector<Letter> pool;
  for (const Tile& tile : expand(alphabet.auction_bag())) pool.push_back(tile.letters.front());
  return pool;
}

int word_score(std::span<const Letter> word, const Rules& rules, const Alphabet& alphabet) {
  const int bonus = static_cast<int>(word.size()) >= rules.bonus_length ? rules.bonus : 0;
  return alphabet.value(word) + bonus;
}

}  // namespace wg::auction
