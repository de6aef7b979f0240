#pragma once
/// An index of a lexicon's words by letter and position, for pattern search ("c?ws", "[^s]?t"):
/// Lexicon::match builds one on its first call and keeps it; build one yourself to share it.
///
/// A walk of the automaton meets every prefix that fits the pattern's first positions, however
/// the word goes on (a `?` at the start visits 26 states, each with its own subtree); a scan of
/// the words of the pattern's length tests each of them. Here the words of each length are bit
/// columns: for each position and letter, the set of words of that length with that letter
/// there, one bit a word. A pattern is the intersection, over its positions that are not `?`,
/// of the union of its letters' sets (or the complement of the other letters' union, whichever
/// takes fewer rows): a few hundred 64-bit words of AND a position for the longest groups, then
/// the words of the set bits, read in lexicographic order. It costs one bit per word, position
/// and letter of the alphabet, and the words' letters again (about 7 MB for ENABLE), and one
/// pass over the words to build (a few tens of milliseconds).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"

namespace wg {

class PatternIndex {
 public:
  /// Indexes every word of the lexicon; word indices are the lexicon's (Lexicon::index_of). The
  /// index keeps its own copy of what it needs: it does not refer to the lexicon afterwards.
  explicit PatternIndex(const Lexicon& lexicon);

  /// The words that fit the pattern, in lexicographic order (as Lexicon::match).
  std::vector<std::string> match(const Pattern& pattern) const;
  /// Their indices (Lexicon::index_of), increasing; reuses `out`.
  void match(const Pattern& pattern, std::vector<std::uint32_t>& out) const;
  /// How many words fit the pattern.
  std::size_t count(const Pattern& pattern) const;

  /// Bytes of the index in memory.
  std::size_t memory_bytes() const;

 private:
  /// The words of one length, in lexicographic order.
  struct Group {
    std::size_t words = 0;
    std::size_t blocks = 0;              ///< 64-bit words per column: ceil(words / 64)
    std::vector<std::uint64_t> columns;  ///< [position][letter][block]
    std::vector<std::uint32_t> indices;  ///< the lexicon's index of each word
    std::string text;                    ///< the words' letters, `length` bytes each
    const std::uint64_t* column(std::size_t position, Letter letter, int alphabet) const {
      return columns.data() + (position * static_cast<std::size_t>(alphabet) + letter) * blocks;
    }
  };

  /// The set of the words of the pattern's length that fit it, as bits over its group (in
  /// `fits`, sized to the group's blocks); the group, or nullptr when no word has that length.
  const Group* fitting(const Pattern& pattern, std::vector<std::uint64_t>& fits) const;

  int alphabet_size_ = 0;
  LetterSet all_letters_;
  std::vector<Group> groups_;  ///< index: the length
};

}  // namespace wg
