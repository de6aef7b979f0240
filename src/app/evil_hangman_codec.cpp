#include "app/evil_hangman_codec.h"

#include <stdexcept>

namespace wg::app {

GameEntry evil_hangman_game() {
  return {"evil_hangman",
          "evil-hangman",
          "Evil Hangman",
          "Hangman against a host who keeps changing the word",
          [] { return Json::object(); },
          [](const Json&, std::uint64_t,
             std::shared_ptr<const Lexicon>) -> std::unique_ptr<GameSession> {
            throw std::logic_error("evil-hangman: no session yet");
          }};
}

}  // namespace wg::app
