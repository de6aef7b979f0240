#include "lexicon/lexicon.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <typeindex>
#include <unordered_map>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "lexicon/lexicon_builder.h"
#include "lexicon/pattern_index.h"

namespace wg {

struct Lexicon::Lazy {
  /// One structure of one type: made once, even when several threads ask at once.
  struct Derived {
    std::once_flag made;
    std::shared_ptr<const void> value;
  };
  std::mutex mutex;  ///< guards the table, not the making (a structure may derive another)
  std::unordered_map<std::type_index, std::shared_ptr<Derived>> derived;
};

Lexicon::Lexicon()
    : alphabet_(&Alphabet::english()), units_(32, 0), lazy_(std::make_shared<Lazy>()) {
  index_lookups();
}
Lexicon::Lexicon(Lexicon&&) noexcept = default;
Lexicon& Lexicon::operator=(Lexicon&&) noexcept = default;
Lexicon::Lexicon(const Lexicon&) = default;
Lexicon& Lexicon::operator=(const Lexicon&) = default;
Lexicon::~Lexicon() = default;

Lexicon Lexicon::build(std::span<const std::string> sorted_words, const Alphabet& alphabet) {
  return LexiconBuilder::build(sorted_words, alphabet);
}

const void* Lexicon::derived_of(const std::type_info& type,
                                std::shared_ptr<const void> (*make)(const Lexicon&)) const {
  if (!lazy_) throw std::logic_error("a structure derived from a lexicon moved from");
  std::shared_ptr<Lazy::Derived> slot;
  {
    const std::lock_guard lock(lazy_->mutex);
    std::shared_ptr<Lazy::Derived>& found = lazy_->derived[std::type_index(type)];
    if (!found) found = std::make_shared<Lazy::Derived>();
    slot = found;
  }
  std::call_once(slot->made, [&] { slot->value = make(*this); });
  return slot->value.get();
}

const PatternIndex& Lexicon::pattern_index() const { return derived<PatternIndex>(); }

std::vector<std::string> Lexicon::match(const Pattern& pattern) const {
  if (!lazy_) return PatternIndex(*this).match(pattern);  // moved from
  return pattern_index().match(pattern);
}

std::size_t Lexicon::memory_bytes() const {
  return units_.size() * sizeof(units_[0]) + escape_values_.size() * sizeof(escape_values_[0]) +
         escape_block_start_.size() * sizeof(escape_block_start_[0]) +
         count_by_length_.size() * sizeof(count_by_length_[0]) +
         pair_units_.size() * sizeof(pair_units_[0]) +
         third_labels_.size() * sizeof(third_labels_[0]) + sizeof(char_labels_);
}

std::uint32_t Lexicon::labels_at(std::uint32_t base, bool words_only) const {
  const std::uint32_t* block = units_.data() + (base & ~31u);
  const std::uint32_t x = base & 31u;
  // The word bit lies above the label, untouched by the XOR with the slot.
  const std::uint32_t mask = kLabelMask | (words_only ? kWordBit : 0u);
  const std::uint32_t expected = x | (words_only ? kWordBit : 0u);
#if defined(__SSE2__)
  const __m128i label_mask = _mm_set1_epi32(static_cast<int>(mask));
  const __m128i owner = _mm_set1_epi32(static_cast<int>(expected));
  // Lanes 4k..4k+3 compare (label ^ slot) with x: equal exactly for this state's units.
  auto owned = [&](int k, __m128i slots) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 4 * k));
    return _mm_cmpeq_epi32(_mm_xor_si128(_mm_and_si128(v, label_mask), slots), owner);
  };
  const __m128i e0 = owned(0, _mm_setr_epi32(0, 1, 2, 3));
  const __m128i e1 = owned(1, _mm_setr_epi32(4, 5, 6, 7));
  const __m128i e2 = owned(2, _mm_setr_epi32(8, 9, 10, 11));
  const __m128i e3 = owned(3, _mm_setr_epi32(12, 13, 14, 15));
  const __m128i e4 = owned(4, _mm_setr_epi32(16, 17, 18, 19));
  const __m128i e5 = owned(5, _mm_setr_epi32(20, 21, 22, 23));
  const __m128i e6 = owned(6, _mm_setr_epi32(24, 25, 26, 27));
  const __m128i e7 = owned(7, _mm_setr_epi32(28, 29, 30, 31));
  const __m128i low = _mm_packs_epi16(_mm_packs_epi32(e0, e1), _mm_packs_epi32(e2, e3));
  const __m128i high = _mm_packs_epi16(_mm_packs_epi32(e4, e5), _mm_packs_epi32(e6, e7));
  std::uint32_t slots = static_cast<std::uint32_t>(_mm_movemask_epi8(low)) |
                        static_cast<std::uint32_t>(_mm_movemask_epi8(high)) << 16;
#else
  std::uint32_t slots = 0;
  for (std::uint32_t s = 0; s < 32; ++s)
    slots |= static_cast<std::uint32_t>(((block[s] & mask) ^ s) == expected) << s;
#endif
  // Slot s holds label s ^ x: permute the bits by XOR with x, one butterfly per bit of x,
  // selected without branches (x is unpredictable).
  auto butterfly = [x](std::uint32_t m, std::uint32_t bit, std::uint32_t half, unsigned shift) {
    const std::uint32_t swapped = ((m & half) << shift) | ((m >> shift) & half);
    const std::uint32_t take = 0u - ((x & bit) != 0);
    return (swapped & take) | (m & ~take);
  };
  slots = butterfly(slots, 1, 0x55555555u, 1);
  slots = butterfly(slots, 2, 0x33333333u, 2);
  slots = butterfly(slots, 4, 0x0F0F0F0Fu, 4);
  slots = butterfly(slots, 8, 0x00FF00FFu, 8);
  slots = butterfly(slots, 16, 0x0000FFFFu, 16);
  return slots & ~1u;  // label 0 at slot x is a free unit, not a transition
}

std::size_t Lexicon::min_length() const {
  for (std::size_t length = 1; length < count_by_length_.size(); ++length)
    if (count_by_length_[length] != 0) return length;
  return 0;
}

void Lexicon::set_base_bits(unsigned base_bits) {
  base_shift_ = 32 - base_bits;
  count_mask_ = (1u << (32 - kCountShift - base_bits)) - 1;
  before_direct_ = count_mask_ + 1 - kEscapeCodes;
}

void Lexicon::index_lookups() {
  // A label no unit has, so that a lookup meets a non-letter as a mismatch, with no test of its
  // own: the alphabet (English, the only one) leaves the top label free.
  static_assert(kNoLabel == kLabelMask);
  if (alphabet_->size() >= static_cast<int>(kNoLabel)) {
    throw std::logic_error("Lexicon: an alphabet of 31 letters leaves no label free");
  }
  for (int c = 0; c < 256; ++c) {
    const Letter l = alphabet_->code(static_cast<char>(c));
    char_labels_[static_cast<std::size_t>(c)] =
        static_cast<std::uint8_t>(l < kMaxLetters ? label_of(l) : kNoLabel);
  }
  pair_units_.assign(kPairUnits, 0);
  third_labels_.assign(kPairUnits, 0);
  const Cursor start = root();
  for (Letter first = 0; first < kMaxLetters; ++first) {
    const Cursor after = child(start, first);
    if (!after) continue;
    for (Letter second = 0; second < kMaxLetters; ++second) {
      const std::uint32_t unit = units_[after.base ^ label_of(second)];
      if ((unit & kLabelMask) != label_of(second)) continue;
      const std::size_t pair = pair_index(label_of(first), label_of(second));
      pair_units_[pair] = unit;
      // Every label of the next state in one scan of its block; a letter's label is never 0,
      // the label an empty unit may seem to have.
      third_labels_[pair] = labels_at(base_of(unit), false) & ~1u;
    }
  }
}

Lexicon::Cursor Lexicon::root() const {
  Cursor c;
  c.base = root_base_;
  c.valid = true;
  return c;
}

template <class Letters, class ToLabel>
bool Lexicon::find(const Letters& word, ToLabel to_label, std::uint32_t& last_unit) const {
  // A key whose first three letters start no word (most random text) is refused from
  // third_labels_, with no read in the units. Past them, without a branch on the labels: a word
  // that leaves the automaton goes on walking (every unit's base is inside the units, so every
  // read is too) and fails at the end. A branch taken at an unpredictable letter costs more
  // than the reads it saves (measured: a test per letter loses a tenth on keys that differ from
  // a word by one letter, where the mismatch falls anywhere). Locals only: a write through
  // `last_unit` could alias the units for all the compiler knows, and would put a store and a
  // reload on the chain of reads.
  const std::uint32_t* units = units_.data();
  const unsigned shift = base_shift_;
  const std::size_t n = word.size();
  std::uint32_t unit = 0;
  std::uint32_t mismatch = 0;
  std::size_t i = 0;
  if (n >= 3) {
    const std::size_t pair = pair_index(to_label(word[0]), to_label(word[1]));
    if (((third_labels_[pair] >> to_label(word[2])) & 1u) == 0) return false;
    unit = pair_units_[pair];
    i = 2;
  } else if (n == 2) {
    const std::uint32_t second = to_label(word[1]);
    unit = pair_units_[pair_index(to_label(word[0]), second)];
    mismatch = (unit & kLabelMask) ^ second;
    i = 2;
  } else if (n == 1) {
    const std::uint32_t label = to_label(word[0]);
    unit = units[root_base_ ^ label];
    mismatch = (unit & kLabelMask) ^ label;
    i = 1;
  }
  for (; i < n; ++i) {
    const std::uint32_t label = to_label(word[i]);
    unit = units[(unit >> shift) ^ label];
    mismatch |= (unit & kLabelMask) ^ label;
  }
  last_unit = unit;  // 0 for "": a prefix of every word, and no word
  return mismatch == 0;
}

bool Lexicon::contains(std::string_view word) const {
  std::uint32_t unit = 0;
  return find(word, text_labels(), unit) && ((unit >> kWordShift) & 1u);
}

bool Lexicon::contains(std::span<const Letter> word) const {
  std::uint32_t unit = 0;
  return find(word, letter_label, unit) && ((unit >> kWordShift) & 1u);
}

std::vector<std::uint32_t> Lexicon::lookup_path(std::span<const Letter> word) const {
  std::vector<std::uint32_t> path;
  std::uint32_t base = root_base_;
  for (const Letter l : word) {
    if (l >= kMaxLetters) break;
    const std::uint32_t at = base ^ label_of(l);
    if ((units_[at] & kLabelMask) != label_of(l)) break;
    path.push_back(at);
    base = base_of(units_[at]);
  }
  return path;
}

bool Lexicon::is_prefix(std::string_view prefix) const {
  std::uint32_t unit = 0;
  return find(prefix, text_labels(), unit);
}

bool Lexicon::is_prefix(std::span<const Letter> prefix) const {
  std::uint32_t unit = 0;
  return find(prefix, letter_label, unit);
}

namespace {

template <class Letters, class Code>
std::int64_t rank_of(const Lexicon& lex, const Letters& word, Code code) {
  Lexicon::Cursor c = lex.root();
  for (auto ch : word) {
    const Letter l = code(ch);
    if (l >= kMaxLetters) return -1;
    c = lex.child(c, l);
    if (!c) return -1;
  }
  return c.word ? static_cast<std::int64_t>(c.rank) : -1;
}

}  // namespace

std::int64_t Lexicon::index_of(std::string_view word) const {
  const Alphabet& a = *alphabet_;
  return rank_of(*this, word, [&a](char c) { return a.code(c); });
}

std::int64_t Lexicon::index_of(std::span<const Letter> word) const {
  return rank_of(*this, word, [](Letter l) { return l; });
}

std::vector<Letter> Lexicon::letters_at(std::size_t index) const {
  if (index >= word_count_) {
    throw std::out_of_range("Lexicon::word_at: index " + std::to_string(index) + " of " +
                            std::to_string(word_count_));
  }
  std::vector<Letter> out;
  auto r = static_cast<std::uint32_t>(index);
  std::uint32_t base = root_base_;
  for (;;) {
    // The last transition whose words-before count does not pass r holds the word.
    std::uint32_t best_label = 0, best_unit = 0, best_before = 0;
    for (std::uint32_t label = 1; label <= static_cast<std::uint32_t>(alphabet_->size()); ++label) {
      const std::uint32_t unit = units_[base ^ label];
      if ((unit & kLabelMask) != label) continue;
      const std::uint32_t b = before(base ^ label, unit);
      if (b > r) break;
      best_label = label, best_unit = unit, best_before = b;
    }
    if (best_label == 0) throw std::logic_error("Lexicon::word_at: corrupt automaton");
    out.push_back(static_cast<Letter>(best_label - 1));
    r -= best_before;
    if ((best_unit >> kWordShift) & 1u) {
      if (r == 0) return out;
      --r;
    }
    base = base_of(best_unit);
  }
}

std::string Lexicon::word_at(std::size_t index) const {
  return alphabet_->decode(letters_at(index));
}

}  // namespace wg
