#include "app/boggle_codec.h"

#include <stdexcept>

namespace wg::app {

GameEntry boggle_game() {
  return {"boggle",
          "boggle",
          "Word Search",
          "Find words in a grid of letter dice against the clock",
          [] { return Json::object(); },
          [](const Json&, std::uint64_t,
             std::shared_ptr<const Lexicon>) -> std::unique_ptr<GameSession> {
            throw std::logic_error("boggle: no session yet");
          }};
}

}  // namespace wg::app
