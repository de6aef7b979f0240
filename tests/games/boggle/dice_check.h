#pragma once
// What the Boggle tests share: whether a board could have been rolled from a set of dice.

#include <algorithm>
#include <span>
#include <vector>

#include "games/boggle/board.h"

namespace wg::boggle::test {

/// True when each cell's face can be given a die of its own that shows it: a perfect matching
/// of cells to dice, found by augmenting paths (a search by backtracking explodes on 36 dice
/// that share letters).
inline bool rolled_from(const Board& board, std::span<const Die> dice) {
  const auto shows = [&](std::size_t die, int cell) {
    return std::find(dice[die].begin(), dice[die].end(), board.cell(cell)) != dice[die].end();
  };
  std::vector<int> cell_of_die(dice.size(), -1);
  for (int cell = 0; cell < board.size(); ++cell) {
    std::vector<bool> tried(dice.size(), false);
    const auto augment = [&](auto&& self, int c) -> bool {
      for (std::size_t d = 0; d < dice.size(); ++d) {
        if (tried[d] || !shows(d, c)) continue;
        tried[d] = true;
        if (cell_of_die[d] < 0 || self(self, cell_of_die[d])) {
          cell_of_die[d] = c;
          return true;
        }
      }
      return false;
    };
    if (!augment(augment, cell)) return false;
  }
  return true;
}

}  // namespace wg::boggle::test
