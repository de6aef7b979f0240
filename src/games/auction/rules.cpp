#include "games/auction/rules.h"

#include <stdexcept>

#include <fmt/format.h>

namespace wg::auction {

namespace {

void check_range(std::string_view what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw std::invalid_argument(
        fmt::format("{} must be between {} and {}, not {}", what, lo, hi, value));
  }
}

}  // namespace

void Rules::validate() const {
  check_range("players", players, kMinPlayers, kMaxPlayers);
  check_range("rounds", rounds, 1, kMaxRounds);
  check_range("rack size", rack_size, 1, kMaxRackSize);
  check_range("hidden letters", hidden_letters, 0, rack_size - 1);
  check_range("starting points", starting_points, 0, 1'000'000);
  check_range("bonus length", bonus_length, 1, 1'000);
  check_range("bonus", bonus, 0, 1'000'000);
  const auto pool = static_cast<int>(auction_pool().size());
  if (hidden_letters * players > pool) {
    throw std::invalid_argument(
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
