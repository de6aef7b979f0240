#include "app/auction_codec.h"

#include <stdexcept>

namespace wg::app {

GameEntry auction_game() {
  return {"auction",
          "auction",
          "Letter Auction",
          "Bid for letter tiles, then make words from what you win",
          [] { return Json::object(); },
          [](const Json&, std::uint64_t,
             std::shared_ptr<const Lexicon>) -> std::unique_ptr<GameSession> {
            throw std::logic_error("auction: no session yet");
          }};
}

}  // namespace wg::app
