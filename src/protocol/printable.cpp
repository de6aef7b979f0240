#include "protocol/printable.h"

#include <cstdint>

#include <fmt/format.h>

namespace wg::protocol {

namespace {

/// The length of the valid UTF-8 sequence at text[at], or 0 if the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;  // a continuation byte, an overlong lead (C0, C1) or past U+10FFFF (F5-FF)
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  if (length == 3 && (code < 0x800 || (code >= 0xD800 && code <= 0xDFFF))) return 0;
  if (length == 4 && (code < 0x10000 || code > 0x10FFFF)) return 0;
  return length;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

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
