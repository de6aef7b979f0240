// The position-hangman history file (app/file_store.h, parse_history): any bytes give the
// readable records, at most kHistoryGames of them, and never throw.

#include "app/file_store.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const wg::app::HistoryFile history = wg::app::parse_history(wg::fuzz::as_text(data, size));
  wg::fuzz::require(history.games.size() <= wg::app::kHistoryGames, "at most kHistoryGames");
  return 0;
}
