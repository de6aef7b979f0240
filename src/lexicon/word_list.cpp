#include "lexicon/word_list.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/file_io.h"

namespace wg {

namespace {

using Byte = unsigned char;

// Byte classes for the line scanner, as bits. Token bytes are below kSpace and their classes are
// OR-ed together while scanning a token: kInvalid set means "some byte is not a letter", kUpper
// set means the token must be lowercased (lists already in lowercase skip that pass).
enum ByteClass : std::uint8_t {
  kLetter = 0,
  kInvalid = 1,
  kUpper = 2,  // a letter whose lowercase form is another byte
  kSpace = 4,  // separates tokens within a line
  kEol = 8,    // ends the line
};

// Per-alphabet tables, built once per parse (256 entries: cheaper than any lookup cache).
struct ByteTables {
  std::array<std::uint8_t, 256> kind{};
  std::array<char, 256> lower{};
};

ByteTables make_tables(const Alphabet& alphabet, char eol) {
  ByteTables t;
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const Letter code = alphabet.code(c);
    t.lower[b] = code == kNoLetter ? c : alphabet.lower(code);
    t.kind[b] = code == kNoLetter ? kInvalid : t.lower[b] != c ? kUpper : kLetter;
  }
  for (Byte c : {' ', '\t', '\v', '\f', '\r', '\n'}) t.kind[c] = kSpace;
  t.kind[static_cast<Byte>(eol)] = kEol;
  return t;
}

[[noreturn]] void fail(std::string_view source, std::string_view problem) {
  std::string message(source.empty() ? std::string_view("(text)") : source);
  message += ": ";
  message += problem;
  throw LexiconError(message);
}

// At most `limit` bytes of `text`, never ending inside a UTF-8 sequence.
std::string cut_utf8(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return std::string(text);
  std::size_t n = limit;
  // Back off continuation bytes (10xxxxxx), then the lead byte whose sequence they belong to.
  while (n > 0 && (static_cast<Byte>(text[n]) & 0xC0) == 0x80) --n;
  return std::string(text.substr(0, n));
}

bool starts_with_bytes(std::string_view text, std::initializer_list<Byte> bytes) {
  if (text.size() < bytes.size()) return false;
  std::size_t i = 0;
  for (Byte b : bytes) {
    if (static_cast<Byte>(text[i++]) != b) return false;
  }
  return true;
}

// Rejects what is not 8-bit text. Wide encodings are recognized by their byte-order mark or,
// without one, by where the NUL bytes fall in the first few kilobytes: ASCII in UTF-16LE has a
// NUL in every odd byte, in UTF-32LE in bytes 1..3 of every four; anything else is binary.
void check_encoding(std::string_view text, std::string_view source) {
  if (starts_with_bytes(text, {0xFF, 0xFE, 0x00, 0x00})) {
    fail(source, "UTF-32 text (little-endian, byte-order mark FF FE 00 00); convert it to UTF-8");
  }
  if (starts_with_bytes(text, {0x00, 0x00, 0xFE, 0xFF})) {
    fail(source, "UTF-32 text (big-endian, byte-order mark 00 00 FE FF); convert it to UTF-8");
  }
  if (starts_with_bytes(text, {0xFF, 0xFE})) {
    fail(source, "UTF-16 text (little-endian, byte-order mark FF FE); convert it to UTF-8");
  }
  if (starts_with_bytes(text, {0xFE, 0xFF})) {
    fail(source, "UTF-16 text (big-endian, byte-order mark FE FF); convert it to UTF-8");
  }
  const void* nul = std::memchr(text.data(), 0, text.size());
  if (nul == nullptr) return;

  const std::size_t sample = std::min<std::size_t>(text.size(), 4096);
  std::array<std::size_t, 4> nuls{};  // NUL bytes by offset modulo 4, over the whole quads
  const std::size_t quads = sample / 4;
  for (std::size_t i = 0; i < quads * 4; ++i) nuls[i % 4] += text[i] == '\0';
  // "All" tolerates the rare character with a zero byte of its own (U+0100 is 00 01 in UTF-16LE,
  // a supplementary-plane character has a nonzero third byte in UTF-32).
  const auto all = [](std::size_t count, std::size_t of) { return count >= of - of / 32; };
  const auto few = [](std::size_t count, std::size_t of) { return count <= of / 32; };
  if (quads > 0) {
    if (all(nuls[3], quads) && all(nuls[2], quads) && few(nuls[0], quads)) {
      fail(source, "UTF-32 text (little-endian, no byte-order mark); convert it to UTF-8");
    }
    if (all(nuls[0], quads) && all(nuls[1], quads) && few(nuls[3], quads)) {
      fail(source, "UTF-32 text (big-endian, no byte-order mark); convert it to UTF-8");
    }
  }
  const std::size_t pairs = sample / 2;
  std::size_t even = 0;  // NULs at even offsets
  std::size_t odd = 0;
  std::size_t line_feeds = 0;     // 0A bytes
  std::size_t line_feeds_le = 0;  // 0A 00 at an even offset: U+000A in UTF-16LE
  std::size_t line_feeds_be = 0;  // 00 0A at an even offset
  for (std::size_t i = 0; i < pairs * 2; i += 2) {
    const char a = text[i];
    const char b = text[i + 1];
    even += a == '\0';
    odd += b == '\0';
    line_feeds += (a == '\n') + (b == '\n');
    line_feeds_le += a == '\n' && b == '\0';
    line_feeds_be += a == '\0' && b == '\n';
  }
  // Non-Latin UTF-16 has NULs only in its ASCII characters (line feeds at least, one in every
  // eight characters for Greek words), so ask for a sixteenth of the pairs, and for the other
  // half of the pairs to be almost free of NULs: binary data has NULs at both parities. A short
  // 8-bit text with one stray NUL fits that pattern, but its line feeds are not UTF-16 ones.
  const std::size_t enough = std::max<std::size_t>(1, pairs / 16);
  if (odd >= enough && few(even, pairs) && (line_feeds == 0 || line_feeds_le > 0)) {
    fail(source, "UTF-16 text (little-endian, no byte-order mark); convert it to UTF-8");
  }
  if (even >= enough && few(odd, pairs) && (line_feeds == 0 || line_feeds_be > 0)) {
    fail(source, "UTF-16 text (big-endian, no byte-order mark); convert it to UTF-8");
  }
  const auto offset = static_cast<const char*>(nul) - text.data();
  fail(source, "binary file (NUL byte at offset " + std::to_string(offset) + "), not a word list");
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "no words (3 lines: 2 blank, 1 comment)", plus the first offending line when there is one.
[[noreturn]] void fail_no_words(const WordListReport& report) {
  std::string problem = "no words (";
  if (report.lines == 0) {
    problem += report.utf8_bom ? "nothing after the UTF-8 byte-order mark)" : "empty text)";
    fail(report.source, problem);
  }
  problem += plural(report.lines, "line", "lines") + ":";
  const auto add = [&](SkipReason r, std::string_view one, std::string_view many) {
    const std::size_t n = report.skipped_count(r);
    if (n == 0) return;
    if (problem.back() != ':') problem += ",";
    problem += " " + plural(n, one, many);
  };
  add(SkipReason::kBlank, "blank", "blank");
  add(SkipReason::kComment, "comment", "comments");
  add(SkipReason::kInvalidCharacter, "with a character outside the alphabet",
      "with characters outside the alphabet");
  add(SkipReason::kTooLong, "too long", "too long");
  problem += ")";
  if (!report.examples.empty()) {
    const SkippedLine& first = report.examples.front();
    problem += "; first bad line " + std::to_string(first.line) + ": \"" + first.text + "\"";
  }
  fail(report.source, problem);
}

// Sorts in increasing byte order. Sorting the strings themselves moves 32-byte objects and
// calls memcmp on every comparison; sorting (first 8 bytes as a big-endian integer, index) keys
// settles most comparisons with one integer compare and moves 16 bytes: twice as fast on
// owl.txt. Letters are never NUL, so zero padding sorts a shorter word before its extensions.
void sort_words(std::vector<std::string>& words) {
  struct Key {
    std::uint64_t prefix;
    std::uint32_t index;
  };
  std::vector<Key> keys(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::uint64_t prefix = 0;
    const std::string& w = words[i];
    for (std::size_t j = 0; j < 8; ++j) {
      prefix = (prefix << 8) | (j < w.size() ? static_cast<Byte>(w[j]) : 0u);
    }
    keys[i] = {prefix, static_cast<std::uint32_t>(i)};
  }
  std::sort(keys.begin(), keys.end(), [&words](const Key& a, const Key& b) {
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    return words[a.index] < words[b.index];
  });
  std::vector<std::string> sorted;
  sorted.reserve(words.size());
  for (const Key& k : keys) sorted.push_back(std::move(words[k.index]));
  words = std::move(sorted);
}

}  // namespace

std::string_view to_string(SkipReason reason) {
  switch (reason) {
    case SkipReason::kBlank:
      return "blank";
    case SkipReason::kComment:
      return "comment";
    case SkipReason::kInvalidCharacter:
      return "invalid character";
    case SkipReason::kTooLong:
      return "too long";
    case SkipReason::kDuplicate:
      return "duplicate";
  }
  return "unknown";
}

// One pass over the bytes: each line is scanned up to the end of its first token, the rest of
// the line (a definition, tags) is skipped with memchr. Only kept words are copied.
void check_text_encoding(std::string_view text, std::string_view source) {
  check_encoding(text, source);
}

WordList parse_word_list(std::string_view text, std::string_view source, const Alphabet& alphabet) {
  WordList result;
  WordListReport& report = result.report;
  report.source = std::string(source);

  if (text.empty()) fail(source, "empty text (0 bytes), no words");
  check_encoding(text, source);
  if (starts_with_bytes(text, {0xEF, 0xBB, 0xBF})) {
    report.utf8_bom = true;
    text.remove_prefix(3);
  }
  // Lines end in LF (CR LF included: the CR is white space). A text with CRs and no LF at all is
  // from classic Mac OS, where CR alone ends a line; reading it as one line would keep one word.
  const char eol =
      text.find('\n') == std::string_view::npos && text.find('\r') != std::string_view::npos ? '\r'
                                                                                             : '\n';
  const ByteTables tables = make_tables(alphabet, eol);
  const auto& kind = tables.kind;

  auto& words = result.words;
  // Word lists average 8 to 10 bytes a line; a close guess avoids most regrowth of the vector.
  words.reserve(text.size() / 9 + 16);

  const Byte* p = reinterpret_cast<const Byte*>(text.data());
  const Byte* const end = p + text.size();
  const auto skip = [&report](SkipReason r) { ++report.skipped[static_cast<std::size_t>(r)]; };

  while (p < end) {
    const Byte* const line = p;
    ++report.lines;
    while (p < end && kind[*p] == kSpace) ++p;
    const Byte* const token = p;
    std::uint8_t seen = 0;
    while (p < end && kind[*p] < kSpace) seen |= kind[*p++];
    const auto length = static_cast<std::size_t>(p - token);
    if (p < end && *p != eol) {
      const void* found = std::memchr(p, eol, static_cast<std::size_t>(end - p));
      p = found != nullptr ? static_cast<const Byte*>(found) : end;
    }
    const Byte* content_end = p;
    if (p < end) ++p;  // past the line ending
    if (eol == '\n' && content_end > line && content_end[-1] == '\r') {
      report.crlf = true;
      --content_end;
    }

    // "//" counts after leading blanks too, like "#": it can never start a word.
    if (length == 0) {
      skip(SkipReason::kBlank);
    } else if (token[0] == '#' || (length >= 2 && token[0] == '/' && token[1] == '/')) {
      skip(SkipReason::kComment);
    } else if ((seen & kInvalid) != 0 || length > kMaxWordLength) {
      const SkipReason reason =
          (seen & kInvalid) != 0 ? SkipReason::kInvalidCharacter : SkipReason::kTooLong;
      skip(reason);
      if (report.examples.size() < WordListReport::kMaxExamples) {
        const std::string_view text_of_line(reinterpret_cast<const char*>(line),
                                            static_cast<std::size_t>(content_end - line));
        report.examples.push_back({report.lines, reason, cut_utf8(text_of_line, 80)});
      }
    } else {
      std::string& word = words.emplace_back(reinterpret_cast<const char*>(token), length);
      if ((seen & kUpper) != 0) {
        for (char& c : word) c = tables.lower[static_cast<Byte>(c)];
      }
    }
  }

  if (words.empty()) fail_no_words(report);

  // Most lists come sorted and duplicate-free; confirm that in one linear pass before sorting.
  bool sorted = true;
  bool distinct = true;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const int order = words[i - 1].compare(words[i]);
    if (order > 0) {
      sorted = false;
      break;
    }
    if (order == 0) distinct = false;
  }
  if (!sorted) sort_words(words);
  if (!sorted || !distinct) {
    const std::size_t before = words.size();
    words.erase(std::unique(words.begin(), words.end()), words.end());
    report.skipped[static_cast<std::size_t>(SkipReason::kDuplicate)] = before - words.size();
  }
  report.words = words.size();
  return result;
}

std::string read_file(const std::filesystem::path& path, std::uint64_t max_bytes, ReadUntil until) {
  try {
    return read_regular_file(path, max_bytes, until);
  } catch (const FileError& error) {  // names the path already
    throw LexiconError(error.what());
  }
}

WordList read_word_list(const std::filesystem::path& path, const Alphabet& alphabet) {
  // Text: up to the block of its first NUL, which check_encoding refuses (or reads as the mark
  // of UTF-16 or UTF-32) from what comes before it and the first block.
  const std::string text = read_file(path, kMaxLexiconFileBytes, ReadUntil::kFirstNulBlock);
  if (text.empty()) fail(path.string(), "empty file (0 bytes)");
  return parse_word_list(text, path.string(), alphabet);
}

}  // namespace wg
