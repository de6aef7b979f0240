#include "app/hangman_codec.h"

#include <stdexcept>

namespace wg::app {

GameEntry hangman_game() {
  return {"hangman",
          "hangman",
          "Position Hangman",
          "Position hangman: guess a letter at a position, scored by its odds",
          [] { return Json::object(); },
          [](const Json&, std::uint64_t,
             std::shared_ptr<const Lexicon>) -> std::unique_ptr<GameSession> {
            throw std::logic_error("hangman: no session yet");
          }};
}

}  // namespace wg::app
