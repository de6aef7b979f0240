#include "games/boggle/best_boards.h"

namespace wg::boggle {

std::span<const BestBoard> best_boards() {
  static constexpr BestBoard kBoards[] = {
      {"4×4", "PERS/LATG/SINE/TERS", DiceSet::kLetters, 3, 3623,
       "The proven best 4×4 board on ENABLE: the search finds it in seconds."},
      {"5×5", "SEPES/DSRAC/IETIL/MANES/LIGDR", DiceSet::kLetters, 3, 10397,
       "The best known 5×5 board on ENABLE: the search found it in ten minutes."},
  };
  return kBoards;
}

}  // namespace wg::boggle
