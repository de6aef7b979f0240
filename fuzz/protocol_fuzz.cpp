// The bot protocol's reply lines (protocol/auction_protocol.h): a line is at most one kind of
// reply, every parser answers (never throws), and what it returns keeps the grammar's limits.

#include "fuzz/fuzz_support.h"
#include "protocol/auction_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  const std::string_view line = wg::fuzz::as_text(data, size);
  const bool comment = wg::protocol::is_comment(line);
  const auto name = wg::protocol::parse_name(line);
  const bool ready = wg::protocol::parse_ready(line);
  const auto bid = wg::protocol::parse_bid(line);
  const auto word = wg::protocol::parse_word(line);
  const int kinds = int{comment} + int{name.has_value()} + int{ready} + int{bid.has_value()} +
                    int{word.has_value()};
  require(kinds <= 1, "a line is at most one kind of reply");
  if (name) {
    require(!name->empty() && name->size() <= 64, "a name is 1 to 64 characters");
    for (const char c : *name) require(c >= 0x20 && c < 0x7F, "a name is printable ASCII");
  }
  const std::string quoted = wg::protocol::quote_line(line);
  require(quoted.size() <= 80, "a quoted line is short");
  for (const char c : quoted) require(c >= 0x20 && c < 0x7F, "a quoted line is printable");
  return 0;
}
