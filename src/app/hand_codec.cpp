#include "app/hand_codec.h"

#include <stdexcept>

namespace wg::app {

GameEntry hand_game() {
  return {"hand",
          "hand",
          "Word Game",
          "Score words made from a hand of letters; * is a wild vowel",
          [] { return Json::object(); },
          [](const Json&, std::uint64_t, std::shared_ptr<const Lexicon>)
              -> std::unique_ptr<GameSession> { throw std::logic_error("hand: no session yet"); }};
}

}  // namespace wg::app
