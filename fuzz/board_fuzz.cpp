// The board syntax (games/boggle/board.h, Board::parse): any text gives a board or
// std::invalid_argument, and a board's spec() reads back as the same board.

#include <optional>
#include <stdexcept>
#include "fuzz/fuzz_support.h"

#include "games/boggle/board.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  std::optional<wg::boggle::Board> board;
  try {
    board = wg::boggle::Board::parse(wg::fuzz::as_text(data, size));
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const std::string spec = board->spec();
  const wg::boggle::Board again = wg::boggle::Board::parse(spec);
  require(again == *board, "spec() reads back as the same board");
  require(!board->text().empty(), "a board has a text");
  return 0;
}
