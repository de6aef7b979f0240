#pragma once
/// An immutable, compact word automaton: a minimal DAWG laid out as a double array.
///
/// Each transition is one 32-bit unit found at `base(state) XOR label`, so stepping by a letter
/// is one memory access. Units also carry how many words sort before the transition within its
/// state, which numbers the words 0..size()-1 in lexicographic order (a perfect hash): a solver
/// can mark found words in a bitset by index. Case-insensitive for text; codes for solvers.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include <boost/container/vector.hpp>

#include "core/alphabet.h"
#include "lexicon/word_list.h"

namespace wg {

class PatternIndex;

/// How much of a compiled lexicon Lexicon::deserialize checks.
enum class LexiconTrust {
  /// Everything: the header, the sizes, the checksum, every unit and the automaton's structure
  /// (Lexicon::check_automaton), so that no crafted file can make a walk loop or read out of
  /// bounds. For any file from outside the program: the default.
  kUntrusted,
  /// The header and the sizes only (a wrong size or version is still refused): for bytes this
  /// program's own build wrote and that cannot have changed since, the lexicons compiled into
  /// the binary. About ten times faster to load (docs/PERFORMANCE.md).
  kTrusted,
};

/// Letters to make words from: counts by letter plus blanks, each blank standing for exactly
/// one letter of its set (any letter, or a vowel for the word game's `*`).
struct Rack {
  std::array<std::uint8_t, kMaxLetters> counts{};
  std::vector<LetterSet> blanks;

  /// Parses letters with `*` (or `?`) as blanks standing for `blank_letters`; nullopt if the
  /// text has anything else.
  static std::optional<Rack> parse(std::string_view text, LetterSet blank_letters,
                                   const Alphabet& alphabet = Alphabet::english());
  int size() const;
};

/// A compiled pattern: one LetterSet per position. Syntax: a letter; `?` or `.` for any letter;
/// `[abc]` for a set, `[^abc]` for its complement. Case-insensitive.
struct Pattern {
  std::vector<LetterSet> positions;
  /// Throws std::invalid_argument with the offending column on bad syntax.
  static Pattern parse(std::string_view text, const Alphabet& alphabet = Alphabet::english());
};

class Lexicon {
 public:
  /// A state of the automaton after reading a prefix. Cheap to copy; valid while its Lexicon is.
  struct Cursor {
    std::uint32_t base = 0;  ///< where this state's transitions live; 0 = none
    std::uint32_t rank = 0;  ///< words that sort before the prefix
    bool word = false;       ///< the prefix is a word
    bool valid = false;      ///< the prefix is a prefix of some word
    explicit operator bool() const { return valid; }
  };

  Lexicon();  ///< empty: contains nothing
  Lexicon(Lexicon&&) noexcept;
  Lexicon& operator=(Lexicon&&) noexcept;
  Lexicon(const Lexicon&);
  Lexicon& operator=(const Lexicon&);
  ~Lexicon();

  /// Builds from distinct lowercase words in increasing byte order (what WordList holds).
  static Lexicon build(std::span<const std::string> sorted_words,
                       const Alphabet& alphabet = Alphabet::english());
  static Lexicon build(const WordList& list) { return build(list.words); }

  /// Loads a file: a compiled lexicon (by its magic bytes) or a word list. `report`, if given,
  /// receives the word-list report (for a compiled file: source, word count, `compiled`).
  /// `trust` is deserialize's, for a compiled file.
  static Lexicon load(const std::filesystem::path& path, WordListReport* report = nullptr,
                      LexiconTrust trust = LexiconTrust::kUntrusted);

  /// The compiled form: header (magic, format version, alphabet, counts, checksum) and units.
  std::vector<std::byte> serialize() const;
  /// Throws LexiconError naming `source` if the bytes are truncated, corrupt or another format
  /// (with kTrusted, only what the header and the sizes show).
  static Lexicon deserialize(std::span<const std::byte> bytes, std::string_view source,
                             LexiconTrust trust = LexiconTrust::kUntrusted);
  /// Writes serialize() to `path` atomically (core/file_io.h): a full disk, a read-only
  /// directory or a kill leaves an existing file as it was. Throws LexiconError naming the path.
  void save(const std::filesystem::path& path) const;
  /// True if the bytes start like a compiled lexicon.
  static bool is_compiled(std::span<const std::byte> bytes);
  /// The compiled file's header, known only where the format is (lexicon_format.cpp).
  struct FileHeader;

  const Alphabet& alphabet() const { return *alphabet_; }
  std::size_t size() const { return word_count_; }
  bool empty() const { return word_count_ == 0; }
  /// Number of words of each length; index = length.
  const std::vector<std::size_t>& count_by_length() const { return count_by_length_; }
  /// Length of the longest word; 0 when empty.
  std::size_t max_length() const {
    return count_by_length_.empty() ? 0 : count_by_length_.size() - 1;
  }
  /// Length of the shortest word; 0 when empty.
  std::size_t min_length() const;
  /// Bytes of the automaton in memory (units and side tables).
  std::size_t memory_bytes() const;

  bool contains(std::string_view word) const;
  bool contains(std::span<const Letter> word) const;
  /// True if some word starts with `prefix` (a word is a prefix of itself; "" is a prefix).
  bool is_prefix(std::string_view prefix) const;
  bool is_prefix(std::span<const Letter> prefix) const;

  /// Index of the word in 0..size()-1 (lexicographic rank), or -1 if absent.
  std::int64_t index_of(std::string_view word) const;
  std::int64_t index_of(std::span<const Letter> word) const;
  /// The word with this index, lowercase. Throws std::out_of_range.
  std::string word_at(std::size_t index) const;
  std::vector<Letter> letters_at(std::size_t index) const;

  // --- For the benchmark of a lookup's memory-latency bound (bench/lexicon_bench.cpp).
  /// The automaton's units.
  std::span<const std::uint32_t> units() const { return {units_.data(), units_.size()}; }
  /// The index of each unit contains(word) reads, in order, for the letters it matches.
  std::vector<std::uint32_t> lookup_path(std::span<const Letter> word) const;

  // --- Navigation, for solvers: O(1) per step.
  Cursor root() const;
  /// The state after reading `letter` from `from`; invalid if no word continues that way.
  Cursor child(const Cursor& from, Letter letter) const {
    const std::uint32_t unit = units_[from.base ^ label_of(letter)];
    Cursor next;
    next.valid = (unit & kLabelMask) == label_of(letter) && from.valid;
    next.word = (unit >> kWordShift) & 1u;
    next.base = base_of(unit);
    next.rank = from.rank + (from.word ? 1u : 0u) + before(from.base ^ label_of(letter), unit);
    return next;
  }
  /// The letters that continue some word from this state.
  LetterSet children(const Cursor& at) const { return children(at, alphabet_->letters()); }
  /// The letters of `among` that continue some word from this state.
  LetterSet children(const Cursor& at, LetterSet among) const {
    if (!at.valid) return LetterSet();
    return LetterSet(labels_among(at.base, among.bits() << 1, false) >> 1);
  }
  /// The letters of `among` that complete a word from this state.
  LetterSet word_children(const Cursor& at, LetterSet among) const {
    if (!at.valid) return LetterSet();
    return LetterSet(labels_among(at.base, among.bits() << 1, true) >> 1);
  }

  // --- Enumeration, in lexicographic order.
  void for_each_word(const std::function<void(std::string_view)>& visit) const;
  void for_each_word_of_length(std::size_t length,
                               const std::function<void(std::string_view)>& visit) const;
  std::vector<std::string> words_of_length(std::size_t length) const;
  /// Words that match the pattern, in order. The first call builds the lexicon's PatternIndex
  /// (lexicon/pattern_index.h: a few tens of milliseconds, about 7 MB for ENABLE), which later
  /// calls, and copies of the lexicon, share; safe from several threads at once.
  std::vector<std::string> match(const Pattern& pattern) const;
  /// That index, built on the first call.
  const PatternIndex& pattern_index() const;

  /// A structure built from this lexicon alone (`T(const Lexicon&)`: a search layout, an
  /// index), made on the first call and kept: later calls, and copies of the lexicon, which hold
  /// the same words, share it, from any thread at once. What many games, sessions or threads
  /// derive from one lexicon is then paid once per lexicon, not once per use. A `T` that throws
  /// is made again at the next call. A `T` keeps no pointer to the lexicon it is made from (a
  /// copy that shares it may outlive that one): what it makes later is given the lexicon again.
  /// Throws std::logic_error on a lexicon moved from.
  template <class T>
  const T& derived() const {
    return *static_cast<const T*>(
        derived_of(typeid(T), [](const Lexicon& lexicon) -> std::shared_ptr<const void> {
          return std::make_shared<const T>(lexicon);
        }));
  }

  /// Indices of the distinct words that can be made from some of the rack's tiles, at least
  /// `min_length` long, in increasing order. Reuses `out`.
  void sub_anagrams(const Rack& rack, std::vector<std::uint32_t>& out,
                    std::size_t min_length = 1) const;
  /// The same as text, sorted.
  std::vector<std::string> sub_anagrams(const Rack& rack, std::size_t min_length = 1) const;

 private:
  static constexpr std::uint32_t kLabelMask = 0x1F;
  static constexpr unsigned kWordShift = 5;
  static constexpr std::uint32_t kWordBit = 1u << kWordShift;
  /// A unit's words-before count starts at this bit; the target's base fills the top bits.
  static constexpr unsigned kCountShift = 6;
  /// Units are addressed with at most this many bits, leaving at least six for the count.
  static constexpr unsigned kMaxBaseBits = 20;
  static constexpr std::uint32_t kEscapeCodes = 32;
  static std::uint32_t label_of(Letter l) { return static_cast<std::uint32_t>(l) + 1; }
  /// The label of what is not a letter: no unit has it (index_lookups).
  static constexpr std::uint32_t kNoLabel = 31;
  /// A letter's label, kNoLabel for a code that is no letter.
  static std::uint32_t letter_label(Letter l) { return l < kMaxLetters ? label_of(l) : kNoLabel; }
  /// A character's label (char_labels_).
  auto text_labels() const {
    return [labels = char_labels_.data()](char c) { return labels[static_cast<unsigned char>(c)]; };
  }
  /// pair_units_' size, and where the unit of a two-letter prefix, given by labels, is in it.
  static constexpr std::size_t kPairUnits = 32 * 32;
  static std::size_t pair_index(std::uint32_t first, std::uint32_t second) {
    return static_cast<std::size_t>(first) << 5 | second;
  }
  /// Walks `word` (its labels through `to_label`): true if it stays in the automaton, with
  /// `last_unit` its last transition's (0 for an empty word). The first two letters take one
  /// read (pair_units_); a non-letter is a label no unit has, so each letter has one test.
  template <class Letters, class ToLabel>
  bool find(const Letters& word, ToLabel to_label, std::uint32_t& last_unit) const;
  /// Words that sort before the transition in `unit_index`, within its state.
  std::uint32_t before(std::uint32_t unit_index, std::uint32_t unit) const {
    const std::uint32_t b = (unit >> kCountShift) & count_mask_;
    if (b < before_direct_) return b;
    return escape_values_[escape_block_start_[unit_index >> 5] + (b - before_direct_)];
  }
  /// The base of the state a unit's transition leads to: its top bits, so that a step to the
  /// next state is one shift (a lookup is a chain of such steps; docs/LEXICON.md).
  std::uint32_t base_of(std::uint32_t unit) const { return unit >> base_shift_; }
  /// Bit l set if the state with this base has a transition on label l (that ends a word, if
  /// `words_only`), looking only at `labels`: probes a few, or scans the whole block.
  std::uint32_t labels_among(std::uint32_t base, std::uint32_t labels, bool words_only) const {
    if (std::popcount(labels) > 6) return labels_at(base, words_only) & labels;
    const std::uint32_t mask = kLabelMask | (words_only ? kWordBit : 0u);
    const std::uint32_t word = words_only ? kWordBit : 0u;
    std::uint32_t found = 0;
    for (; labels; labels &= labels - 1) {
      const auto label = static_cast<std::uint32_t>(std::countr_zero(labels));
      found |= static_cast<std::uint32_t>((units_[base ^ label] & mask) == (label | word)) << label;
    }
    return found;
  }
  /// The same over all labels, scanning the state's 32-unit block at once: unit s belongs to
  /// the state iff its label is s ^ (base & 31).
  std::uint32_t labels_at(std::uint32_t base, bool words_only) const;

  friend class LexiconBuilder;

  /// derived()'s work: the structure of `type`, made by `make` on the first call.
  const void* derived_of(const std::type_info& type,
                         std::shared_ptr<const void> (*make)(const Lexicon&)) const;

  /// Sets the unit layout's fields for bases of `base_bits` bits: the base's shift, the
  /// words-before count's mask and the largest count stored in a unit.
  void set_base_bits(unsigned base_bits);
  /// Fills char_labels_ and pair_units_; the last step of every way a lexicon is made (a
  /// lexicon from outside is checked first: this walks it).
  void index_lookups();

  /// The units' storage: a trusted load reads them from the file straight into place, never
  /// zero-filled first (boost::container::default_init).
  using Units = boost::container::vector<std::uint32_t>;
  /// The header at the start of `bytes` (of a file of `file_size` bytes), checked: magic,
  /// version, sizes against the file's, alphabet, and the bounds that keep walks in the units.
  static FileHeader checked_header(std::span<const std::byte> bytes, std::uint64_t file_size,
                                   std::string_view source);
  /// deserialize's last step, once the header is checked (and, for an untrusted file, the
  /// checksum) and the units are in place: reads `tables`, what follows the units in the file,
  /// and checks the rest as `trust` says.
  static Lexicon assemble(const FileHeader& header, Units units, std::span<const std::byte> tables,
                          std::string_view source, LexiconTrust trust);

  /// Throws LexiconError naming `source` unless every walk of the automaton ends where the
  /// counts say (deserialize: a crafted file's checksum may be right).
  void check_automaton(std::string_view source) const;

  const Alphabet* alphabet_;
  Units units_;  ///< padded so that any base ^ label is in range
  std::uint32_t root_base_ = 0;
  /// The unit of the second letter of every two-letter prefix, at pair_index(its labels), 0
  /// where no word starts so: contains() and is_prefix() start at the third letter after one
  /// read, where the automaton takes two dependent reads (a lookup is a chain of them;
  /// docs/LEXICON.md). Derived from the units, never stored in a file: 4 KB.
  std::vector<std::uint32_t> pair_units_;
  /// The labels of the third letters of each two-letter prefix, at pair_index (bit label set):
  /// a key that leaves the automaton within its first three letters (most random text) is
  /// refused from this 4 KB table, without a read in the units. Derived, never stored.
  std::vector<std::uint32_t> third_labels_;
  /// Each character's label: its letter's (label_of), kNoLabel for any other.
  std::array<std::uint8_t, 256> char_labels_{};
  unsigned base_shift_ = 12;         ///< 32 - the base's bits
  std::uint32_t count_mask_ = 0x3F;  ///< the words-before count's field, after kCountShift
  /// Words-before counts below this are stored in the unit; a larger count is stored as
  /// before_direct_ + k, the k-th such unit of its 32-unit block, and looked up in
  /// escape_values_ from the block's start in escape_block_start_. O(1), and small: the wide
  /// states near the root, which have the large counts, are placed in the first blocks.
  std::uint32_t before_direct_ = 32;
  std::vector<std::uint32_t> escape_values_;
  std::vector<std::uint32_t> escape_block_start_;
  std::size_t word_count_ = 0;
  std::vector<std::size_t> count_by_length_;
  /// What is built on first use and kept (derived()): the pattern index, the word search's
  /// layout. Shared by copies, which hold the same words; null only in a lexicon moved from.
  struct Lazy;
  std::shared_ptr<Lazy> lazy_;
};

/// The lexicon compiled into the binary: ENABLE (public domain, 172,823 words).
const Lexicon& default_lexicon();

}  // namespace wg
