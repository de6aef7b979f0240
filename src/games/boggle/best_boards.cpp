#include "games/boggle/best_boards.h"

namespace wg::boggle {

std::span<const BestBoard> best_boards() {
  static constexpr BestBoard kBoards[] = {
      {"4×4", "PERS/LATG/SINE/TERS", DiceSet::kLetters, 3, 3623,
       "The proven best 4×4 board on ENABLE: the search finds it in seconds."},
      {"5×5", "SEPES/DSRAC/IETIL/MANES/LIGDR", DiceSet::kLetters, 3, 10397,
       "The best known 5×5 board on ENABLE: the search found it in ten minutes."},
      {"6×6 Super Big Boggle", "BDTSRW/IRENED/SCATIM/ETILAS/[IN]NOPET/GSERSD", DiceSet::kSuperBig,
       4, 18528,
       "The best 6×6 board on the Super Big Boggle dice the search has found (15 minutes on "
       "one core): one face of each die, words of 4 letters or more."},
  };
  return kBoards;
}

}  // namespace wg::boggle
