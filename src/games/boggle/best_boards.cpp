#include "games/boggle/best_boards.h"

namespace wg::boggle {

std::span<const BestBoard> best_boards() {
  static constexpr BestBoard kBoards[] = {
      {"4×4", "PERS/LATG/SINE/TERS", DiceSet::kLetters, 3, 3623,
       "The proven best 4×4 board on ENABLE: the search finds it in seconds."},
  };
  return kBoards;
}

}  // namespace wg::boggle
