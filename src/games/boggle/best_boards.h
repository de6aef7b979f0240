#pragma once
/// The best boards found so far by the board search (board_search.h) on ENABLE, the embedded
/// word list, with Boggle scoring: the records a player can look at and play. Each run that
/// found one is in docs/games/boggle.md, "The best board". On another word list the boards
/// still play; their scores are then that list's.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "games/boggle/board_search.h"
#include "games/boggle/solver.h"

namespace wg::boggle {

struct BestBoard {
  std::string_view title;  ///< "4×4": what a player picks it by
  std::string_view board;  ///< in the board syntax (Board::parse)
  DiceSet dice;            ///< what the search could put in a cell
  std::size_t min_length;  ///< the size's own minimum, as the search used
  std::int64_t score;      ///< with Boggle scoring on ENABLE
  std::string_view note;   ///< where it stands: proven best, best known, best found here
};

/// The records, smallest board first.
std::span<const BestBoard> best_boards();

}  // namespace wg::boggle
