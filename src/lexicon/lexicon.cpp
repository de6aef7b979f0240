#include "lexicon/lexicon.h"

#include <algorithm>
#include <stdexcept>

#include "lexicon/lexicon_builder.h"

namespace wg {

Lexicon::Lexicon() : alphabet_(&Alphabet::english()), units_(32, 0) {}
Lexicon::Lexicon(Lexicon&&) noexcept = default;
Lexicon& Lexicon::operator=(Lexicon&&) noexcept = default;
Lexicon::Lexicon(const Lexicon&) = default;
Lexicon& Lexicon::operator=(const Lexicon&) = default;
Lexicon::~Lexicon() = default;

Lexicon Lexicon::build(std::span<const std::string> sorted_words, const Alphabet& alphabet) {
  return LexiconBuilder::build(sorted_words, alphabet);
}

std::size_t Lexicon::memory_bytes() const {
  return units_.size() * sizeof(units_[0]) + escapes_.size() * sizeof(escapes_[0]) +
         count_by_length_.size() * sizeof(count_by_length_[0]);
}

std::uint32_t Lexicon::escaped_before(std::uint32_t unit_index) const {
  auto it = std::lower_bound(escapes_.begin(), escapes_.end(), Escape{unit_index, 0});
  return it != escapes_.end() && it->unit == unit_index ? it->before : 0;
}

Lexicon::Cursor Lexicon::root() const {
  Cursor c;
  c.base = root_base_;
  c.valid = true;
  return c;
}

namespace {

// Walks the automaton along `word`, calling step(unit_index, unit) per letter; returns the
// last unit, or nullopt if the walk leaves the automaton or meets a non-letter.
template <class Letters, class Code, class Step>
inline bool walk(const std::vector<std::uint32_t>& units, std::uint32_t base,
                 std::uint32_t base_mask, const Letters& word, Code code, std::uint32_t& unit,
                 Step step) {
  for (auto ch : word) {
    const Letter l = code(ch);
    if (l >= kMaxLetters) return false;
    const std::uint32_t label = static_cast<std::uint32_t>(l) + 1;
    const std::uint32_t at = base ^ label;
    unit = units[at];
    if ((unit & 0x1F) != label) return false;
    step(at, unit);
    base = (unit >> 6) & base_mask;
  }
  return true;
}

}  // namespace

bool Lexicon::contains(std::string_view word) const {
  std::uint32_t unit = 0;
  const Alphabet& a = *alphabet_;
  return walk(
             units_, root_base_, base_mask_, word, [&a](char c) { return a.code(c); }, unit,
             [](std::uint32_t, std::uint32_t) {}) &&
         ((unit >> kWordShift) & 1u);
}

bool Lexicon::contains(std::span<const Letter> word) const {
  std::uint32_t unit = 0;
  return walk(
             units_, root_base_, base_mask_, word, [](Letter l) { return l; }, unit,
             [](std::uint32_t, std::uint32_t) {}) &&
         ((unit >> kWordShift) & 1u);
}

bool Lexicon::is_prefix(std::string_view prefix) const {
  std::uint32_t unit = 0;
  const Alphabet& a = *alphabet_;
  return walk(
      units_, root_base_, base_mask_, prefix, [&a](char c) { return a.code(c); }, unit,
      [](std::uint32_t, std::uint32_t) {});
}

bool Lexicon::is_prefix(std::span<const Letter> prefix) const {
  std::uint32_t unit = 0;
  return walk(
      units_, root_base_, base_mask_, prefix, [](Letter l) { return l; }, unit,
      [](std::uint32_t, std::uint32_t) {});
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
    base = (best_unit >> kBaseShift) & base_mask_;
  }
}

std::string Lexicon::word_at(std::size_t index) const {
  return alphabet_->decode(letters_at(index));
}

}  // namespace wg
