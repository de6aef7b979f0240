// The compiled lexicon loader (lexicon/lexicon.h, Lexicon::deserialize): any bytes give a lexicon
// or a LexiconError, and a lexicon loaded is one every walk can trust: each index names a word
// (word_at), which the lexicon contains at that index, in increasing order, and the enumeration
// ends. The checksum guards against accidents, not crafted files: the target rewrites it, so that
// the fuzzer explores the structure behind it (the seeds are valid files to mutate).

#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "lexicon/lexicon.h"

namespace {

// The format's checksum (lexicon_format.cpp), over the header with its checksum field (the last
// 8 of its 64 bytes) zero, then the payload.
std::uint64_t checksum(const std::byte* bytes, std::size_t size, std::uint64_t h) {
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes + i, 8);
    h = (h ^ w) * 0x9FB21C651E98DF25ull;
    h ^= h >> 29;
  }
  for (; i < size; ++i) h = (h ^ static_cast<std::uint64_t>(bytes[i])) * 0x100000001B3ull;
  return h ^ (h >> 32);
}

constexpr std::size_t kHeaderSize = 64;
constexpr std::size_t kChecksumAt = 56;

void rewrite_checksum(std::vector<std::byte>& bytes) {
  if (bytes.size() < kHeaderSize) return;
  std::memset(bytes.data() + kChecksumAt, 0, 8);
  const std::uint64_t sum = checksum(bytes.data() + kHeaderSize, bytes.size() - kHeaderSize,
                                     checksum(bytes.data(), kHeaderSize, 0x243F6A8885A308D3ull));
  std::memcpy(bytes.data() + kChecksumAt, &sum, 8);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using wg::fuzz::require;
  std::vector<std::byte> bytes(size);
  if (size != 0) std::memcpy(bytes.data(), data, size);
  rewrite_checksum(bytes);
  wg::Lexicon lexicon;
  try {
    lexicon = wg::Lexicon::deserialize(bytes, "fuzz.wglex");
  } catch (const wg::LexiconError&) {
    return 0;
  }
  // Every word, by index, while the lexicon is small; the first and last ones otherwise.
  const std::size_t n = lexicon.size();
  std::string previous;
  for (std::size_t i = 0; i < n; i = (i < 256 || i + 256 >= n) ? i + 1 : n - 256) {
    const std::string word = lexicon.word_at(i);
    require(!word.empty() && word.size() <= lexicon.max_length(), "word_at: a word of a length");
    require(i == 0 || previous < word, "word_at: increasing");
    require(lexicon.contains(word), "contains(word_at(i))");
    require(lexicon.index_of(word) == static_cast<std::int64_t>(i), "index_of(word_at(i)) == i");
    previous = word;
  }
  if (n <= 4096) {
    std::size_t count = 0;
    lexicon.for_each_word([&](std::string_view) { ++count; });
    require(count == n, "for_each_word visits size() words");
  }
  return 0;
}
