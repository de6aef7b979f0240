// The letter auction's JSON Lines log (app/auction_log.h, read_auction_log): any bytes give a log
// or a LogError naming the source and line; no other exception escapes.

#include <sstream>
#include <string>

#include "app/auction_log.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  std::istringstream in(std::string(wg::fuzz::as_text(data, size)));
  try {
    const wg::app::AuctionLog log = wg::app::read_auction_log(in, "fuzz.jsonl");
    require(!log.events.empty(), "a log read has its header");
  } catch (const wg::app::LogError& error) {
    require(std::string_view(error.what()).starts_with("fuzz.jsonl:"), "a LogError names where");
  }
  return 0;
}
