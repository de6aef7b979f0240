// The compiled lexicon file: a fixed little-endian header, then the units, the escaped
// words-before counts and the count of words by length. A checksum over everything but itself
// catches truncation and corruption; loading is a copy and a linear validation pass (a trusted
// file: a read and a copy, LexiconTrust).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string_view>

#include "core/file_io.h"
#include "lexicon/lexicon.h"

namespace wg {

struct Lexicon::FileHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t header_size;
  char alphabet[8];
  std::uint64_t word_count;
  std::uint32_t unit_count;
  std::uint32_t root_base;
  std::uint32_t base_bits;
  std::uint32_t escape_count;        // entries of escape_values
  std::uint32_t length_count;        // entries of count_by_length
  std::uint32_t escape_block_count;  // entries of escape_block_start
  std::uint64_t checksum;            // of the header with this field zero, then the payload
};

namespace {

using Header = Lexicon::FileHeader;
static_assert(sizeof(Header) == 64);

static_assert(std::endian::native == std::endian::little,
              "the compiled lexicon format is little-endian; add byte swapping for this target");

constexpr char kMagic[8] = {'W', 'G', 'L', 'E', 'X', '\0', '\r', '\n'};
/// 2: the base moved to the top bits of each unit, above the words-before count (1 had it
/// below), so that a lookup steps to the next state with one shift.
constexpr std::uint32_t kFormatVersion = 2;

std::uint64_t checksum(std::span<const std::byte> bytes, std::uint64_t h = 0x243F6A8885A308D3ull) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * 0x9FB21C651E98DF25ull;
    h ^= h >> 29;
  }
  for (; i < bytes.size(); ++i) h = (h ^ static_cast<std::uint64_t>(bytes[i])) * 0x100000001B3ull;
  return h ^ (h >> 32);
}

std::uint64_t checksum_of(Header header, std::span<const std::byte> payload) {
  header.checksum = 0;
  return checksum(payload, checksum(std::as_bytes(std::span(&header, 1))));
}

// memcpy of nothing from an empty vector's null data() is still undefined: skip it.
template <class Vector>
std::byte* put(std::byte* out, const Vector& items) {
  using T = typename Vector::value_type;
  if (!items.empty()) std::memcpy(out, items.data(), items.size() * sizeof(T));
  return out + items.size() * sizeof(T);
}

// Bytes aligned for T (as the parts of a file are, at multiples of their size after a header of
// 64 bytes, in a buffer from operator new or the build's embedded data) are copied in one pass
// as the vector is built, never zeroed first; others are copied as bytes.
template <class Vector>
const std::byte* take(const std::byte* in, Vector& items, std::size_t n) {
  using T = typename Vector::value_type;
  if (reinterpret_cast<std::uintptr_t>(in) % alignof(T) == 0) {
    const T* first = reinterpret_cast<const T*>(in);
    items.assign(first, first + n);
  } else {
    items.resize(n);
    if (n != 0) std::memcpy(items.data(), in, n * sizeof(T));
  }
  return in + n * sizeof(T);
}

[[noreturn]] void corrupt(std::string_view source, const std::string& what) {
  throw LexiconError(std::string(source) + ": not a usable compiled lexicon: " + what);
}

}  // namespace

bool Lexicon::is_compiled(std::span<const std::byte> bytes) {
  return bytes.size() >= sizeof(kMagic) && std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) == 0;
}

std::vector<std::byte> Lexicon::serialize() const {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof(kMagic));
  h.version = kFormatVersion;
  h.header_size = sizeof(Header);
  const std::string_view name = alphabet_->name();
  std::memcpy(h.alphabet, name.data(), std::min(name.size(), sizeof(h.alphabet)));
  h.word_count = word_count_;
  h.unit_count = static_cast<std::uint32_t>(units_.size());
  h.root_base = root_base_;
  h.base_bits = 32 - base_shift_;
  h.escape_count = static_cast<std::uint32_t>(escape_values_.size());
  h.length_count = static_cast<std::uint32_t>(count_by_length_.size());
  h.escape_block_count = static_cast<std::uint32_t>(escape_block_start_.size());

  std::vector<std::byte> out(
      sizeof(Header) + 4 * (units_.size() + escape_values_.size() + escape_block_start_.size()) +
      8 * count_by_length_.size());
  std::byte* p = put(out.data() + sizeof(Header), units_);
  p = put(p, escape_values_);
  p = put(p, escape_block_start_);
  put(p, std::vector<std::uint64_t>(count_by_length_.begin(), count_by_length_.end()));
  h.checksum = checksum_of(h, std::span(out).subspan(sizeof(Header)));
  std::memcpy(out.data(), &h, sizeof(Header));
  return out;
}

Lexicon::FileHeader Lexicon::checked_header(std::span<const std::byte> bytes,
                                            std::uint64_t file_size, std::string_view source) {
  if (!is_compiled(bytes)) corrupt(source, "wrong magic bytes");
  if (bytes.size() < sizeof(Header)) corrupt(source, "truncated header");
  Header h;
  std::memcpy(&h, bytes.data(), sizeof(Header));
  if (h.version != kFormatVersion) {
    corrupt(source, "format version " + std::to_string(h.version) + ", this program reads " +
                        std::to_string(kFormatVersion) +
                        ": compile the word list again (`wordgames lexicon compile`)");
  }
  if (h.header_size != sizeof(Header)) corrupt(source, "bad header size");
  if (std::string_view(h.alphabet, strnlen(h.alphabet, sizeof(h.alphabet))) !=
      Alphabet::english().name()) {
    corrupt(source, "unknown alphabet");
  }
  const std::uint64_t expected =
      sizeof(Header) +
      4 * (std::uint64_t{h.unit_count} + h.escape_count + std::uint64_t{h.escape_block_count}) +
      8 * std::uint64_t{h.length_count};
  if (file_size < expected) {
    corrupt(source, "truncated (" + std::to_string(file_size) + " bytes, expected " +
                        std::to_string(expected) + ")");
  }
  if (file_size > expected) corrupt(source, "trailing bytes after the data");
  // The checksum guards against accidents; these checks keep a crafted file from reading
  // outside the units.
  if (h.unit_count < 32 || h.unit_count % 32 != 0) corrupt(source, "bad unit count");
  if (h.base_bits > kMaxBaseBits || (std::uint64_t{1} << h.base_bits) < h.unit_count) {
    corrupt(source, "bad base width");
  }
  if (h.root_base >= h.unit_count) corrupt(source, "bad root");
  // Ranks and words-before counts are 32-bit (Cursor::rank).
  if (h.word_count > std::numeric_limits<std::uint32_t>::max()) corrupt(source, "too many words");
  return h;
}

Lexicon Lexicon::deserialize(std::span<const std::byte> bytes, std::string_view source,
                             LexiconTrust trust) {
  const Header h = checked_header(bytes, bytes.size(), source);
  if (trust == LexiconTrust::kUntrusted &&
      checksum_of(h, bytes.subspan(sizeof(Header))) != h.checksum) {
    corrupt(source, "checksum mismatch (the file is damaged)");
  }
  Units units;
  const std::byte* tables = take(bytes.data() + sizeof(Header), units, h.unit_count);
  return assemble(h, std::move(units),
                  bytes.subspan(static_cast<std::size_t>(tables - bytes.data())), source, trust);
}

Lexicon Lexicon::assemble(const FileHeader& h, Units units, std::span<const std::byte> tables,
                          std::string_view source, LexiconTrust trust) {
  Lexicon lex;
  lex.alphabet_ = &Alphabet::english();
  lex.units_ = std::move(units);
  const std::byte* p = tables.data();
  p = take(p, lex.escape_values_, h.escape_count);
  p = take(p, lex.escape_block_start_, h.escape_block_count);
  lex.count_by_length_.resize(h.length_count);
  std::uint64_t total = 0;
  for (auto& c : lex.count_by_length_) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    p += 8;
    c = static_cast<std::size_t>(v);
    total += v;
  }
  if (total != h.word_count) corrupt(source, "word counts disagree");
  lex.word_count_ = static_cast<std::size_t>(h.word_count);
  lex.root_base_ = h.root_base;
  lex.set_base_bits(h.base_bits);
  if (trust == LexiconTrust::kTrusted) {
    lex.index_lookups();
    return lex;
  }
  for (std::size_t i = 1; i < lex.escape_block_start_.size(); ++i) {
    if (lex.escape_block_start_[i] < lex.escape_block_start_[i - 1]) {
      corrupt(source, "bad escape table");
    }
  }
  for (std::uint32_t at = 0; at < h.unit_count; ++at) {
    const std::uint32_t u = lex.units_[at];
    if (lex.base_of(u) >= h.unit_count) corrupt(source, "bad transition");
    // Any unit, reached or not: a lookup meets a non-letter as the label no unit has.
    if ((u & kLabelMask) > static_cast<std::uint32_t>(lex.alphabet_->size())) {
      corrupt(source, "a label outside the alphabet");
    }
    const std::uint32_t code = (u >> kCountShift) & lex.count_mask_;
    if (code >= lex.before_direct_ &&
        (at / 32 >= lex.escape_block_start_.size() ||
         lex.escape_block_start_[at / 32] + (code - lex.before_direct_) >= h.escape_count)) {
      corrupt(source, "bad escape reference");
    }
  }
  lex.check_automaton(source);
  lex.index_lookups();
  return lex;
}

// A walk trusts what it reads: word_at() steps down by the words-before counts until it meets the
// word, enumeration stops at base 0 or kMaxWordLength letters. So that a crafted file (whose
// checksum is right) cannot make a walk loop or fail, check the automaton's structure the walks
// rely on, from the root, depth first, each state once (states are known by their base): no
// cycle, no transition on a label outside the alphabet, no state at base 0, every transition
// leading to a word, each transition's words-before count the sum of its earlier siblings', the
// root's words the header's count, and its longest word the longest length counted, at most
// kMaxWordLength. Linear in the size of the automaton.
void Lexicon::check_automaton(std::string_view source) const {
  const auto letters = static_cast<std::uint32_t>(alphabet_->size());
  auto transition = [&](std::uint32_t base, std::uint32_t label, std::uint32_t& unit) {
    unit = units_[base ^ label];
    return (unit & kLabelMask) == label;
  };
  enum : std::uint8_t { kUnseen, kOpen, kDone };
  std::vector<std::uint8_t> state(units_.size(), kUnseen);
  std::vector<std::uint64_t> words(units_.size(), 0);
  std::vector<std::uint32_t> height(units_.size(), 0);
  for (std::uint32_t label = 1; label <= kLabelMask; ++label) {
    std::uint32_t unit;
    if (transition(0, label, unit)) corrupt(source, "a state at base 0");
  }
  state[0] = kDone;  // base 0: no transitions, no words
  struct Frame {
    std::uint32_t base;
    std::uint32_t label;  // the next label to look at
  };
  std::vector<Frame> stack;
  auto open = [&](std::uint32_t base) {
    state[base] = kOpen;
    stack.push_back({base, 1});
  };
  if (state[root_base_] == kUnseen) open(root_base_);
  while (!stack.empty()) {
    Frame& frame = stack.back();
    bool descended = false;
    for (; frame.label <= kLabelMask; ++frame.label) {
      std::uint32_t unit;
      if (!transition(frame.base, frame.label, unit)) continue;
      if (frame.label > letters) corrupt(source, "a transition outside the alphabet");
      const std::uint32_t child = base_of(unit);
      if (state[child] == kOpen) corrupt(source, "a cycle");
      if (state[child] == kUnseen) {
        ++frame.label;
        open(child);
        descended = true;
        break;
      }
    }
    if (descended) continue;
    // Every child is done: count this state's words, checking the counts stored.
    const std::uint32_t base = frame.base;
    std::uint64_t below = 0;
    std::uint32_t longest = 0;
    for (std::uint32_t label = 1; label <= letters; ++label) {
      std::uint32_t unit;
      if (!transition(base, label, unit)) continue;
      const std::uint32_t child = base_of(unit);
      const std::uint64_t here = ((unit >> kWordShift) & 1u) + words[child];
      if (here == 0) corrupt(source, "a transition to no word");
      if (before(base ^ label, unit) != below) corrupt(source, "bad words-before count");
      below += here;
      if (below > word_count_) corrupt(source, "more words than counted");
      longest = std::max(longest, height[child] + 1);
    }
    words[base] = below;
    height[base] = longest;
    state[base] = kDone;
    stack.pop_back();
  }
  if (words[root_base_] != word_count_) corrupt(source, "word counts disagree");
  if (height[root_base_] > kMaxWordLength ||
      (word_count_ != 0 && height[root_base_] + 1 != count_by_length_.size())) {
    corrupt(source, "the longest word disagrees with the counts by length");
  }
}

void Lexicon::save(const std::filesystem::path& path) const {
  const std::vector<std::byte> bytes = serialize();
  try {
    write_file_atomically(
        path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  } catch (const FileError& error) {  // names the path already
    throw LexiconError(error.what());
  }
}

Lexicon Lexicon::load(const std::filesystem::path& path, WordListReport* report,
                      LexiconTrust trust) {
  const std::string source = path.string();
  const auto compiled_report = [&](const Lexicon& lex) {
    if (report) {
      *report = WordListReport{};
      report->source = source;
      report->words = lex.size();
      report->compiled = true;
    }
  };
  // Read once, into buffers never zeroed. A trusted compiled file's units go straight into
  // the lexicon, as dawgdic reads its own: the header first, then the units, then the rest;
  // anything else is read whole into one buffer.
  std::unique_ptr<std::byte[]> buffer;
  std::size_t size = 0;
  try {
    RegularFile file(path, kMaxLexiconFileBytes);
    size = static_cast<std::size_t>(file.size());
    const auto changed = [&] { throw FileError(source + ": changed while it was read"); };
    const auto read_at_end = [&] {
      std::byte extra;
      if (file.read_some(&extra, 1) != 0) changed();
    };
    std::array<std::byte, sizeof(Header)> head;
    std::size_t read = 0;
    if (trust == LexiconTrust::kTrusted && size >= sizeof(Header)) {
      if (!file.read_exactly(head.data(), head.size())) changed();
      read = head.size();
      if (is_compiled(head)) {
        const Header h = checked_header(head, size, source);
        Units units;
        units.resize(h.unit_count, boost::container::default_init);
        if (!file.read_exactly(units.data(), units.size() * sizeof(std::uint32_t))) changed();
        const std::size_t tables_size =
            size - sizeof(Header) - units.size() * sizeof(std::uint32_t);
        const auto tables = std::make_unique_for_overwrite<std::byte[]>(tables_size + 1);
        if (!file.read_exactly(tables.get(), tables_size)) changed();
        read_at_end();
        Lexicon lex = assemble(h, std::move(units), std::span(tables.get(), tables_size), source,
                               LexiconTrust::kTrusted);
        compiled_report(lex);
        return lex;
      }
    }
    buffer = std::make_unique_for_overwrite<std::byte[]>(size + 1);  // touched only as read
    std::memcpy(buffer.get(), head.data(), read);
    // A word list holds no NUL byte: the block that holds the first one ends the read of a file
    // that is not a compiled one, and parse_word_list refuses it from what was read (the same
    // message: the offset and the sample it judges by come before). A gigabyte of zeros was
    // read whole before (issue 31: 1 GB and 5 s). A compiled file is read whole.
    std::size_t filled = read;
    bool cut = false;
    while (filled < size) {
      const std::size_t n = std::min(kTextBlockBytes, size - filled);
      if (!file.read_exactly(buffer.get() + filled, n)) changed();
      const std::size_t scan = filled == read ? 0 : filled;  // the header read first, too
      const bool nul = std::memchr(buffer.get() + scan, 0, filled + n - scan) != nullptr;
      filled += n;
      if (nul && !is_compiled(std::span(buffer.get(), filled))) {
        cut = true;
        break;
      }
    }
    if (cut) {
      size = filled;
    } else {
      read_at_end();
    }
  } catch (const FileError& error) {  // names the path already
    throw LexiconError(error.what());
  }
  const std::span<const std::byte> bytes(buffer.get(), size);
  if (is_compiled(bytes)) {
    Lexicon lex = deserialize(bytes, source, trust);
    compiled_report(lex);
    return lex;
  }
  WordList list =
      parse_word_list(std::string_view(reinterpret_cast<const char*>(bytes.data()), size), source);
  Lexicon lex = build(list.words);
  if (report) *report = std::move(list.report);
  return lex;
}

}  // namespace wg
