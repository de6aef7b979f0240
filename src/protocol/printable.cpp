#include "protocol/printable.h"

#include <fmt/format.h>

#include "core/text.h"

namespace wg::protocol {

std::string printable(std::string_view text, bool keep_newlines) {
  std::string shown;
  shown.reserve(text.size());
  const auto escape = [&](std::size_t from, std::size_t length) {
    for (std::size_t i = from; i < from + length; ++i) {
      shown += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
    }
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      escape(i, 1);
      i += 1;
      continue;
    }
    const bool control = (c < 0x20 && c != '\t' && !(keep_newlines && c == '\n')) || c == 0x7F ||
                         (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0);
    if (control) {
      escape(i, length);
    } else {
      shown.append(text.substr(i, length));
    }
    i += length;
  }
  return shown;
}

}  // namespace wg::protocol
