#pragma once
/// An index of a lexicon's words by their sorted letters (alphagrams), for fast sub-anagram
/// search: "which words can these tiles make?" with blanks.
///
/// A search in the lexicon's own automaton meets every permutation of a prefix; here the letters
/// of a word are taken in sorted order, so each multiset of tiles is visited once (2.5 times fewer
/// states for a 7-tile rack, with or without blanks). The sort puts the letters the lexicon
/// uses most first (E, S, I, A... for ENABLE): words share their common letters, so the top of
/// the trie is shared by the most words, and the rare letters, which a rack often lacks and a
/// blank must stand for, come last, in small subtrees. For ENABLE that is 4.8 MB against 5.5,
/// and a 5-letter rack with two blanks tries 2,516 children against 3,117 in alphabetical order
/// (docs/PERFORMANCE.md). The index is a trie over the alphagrams, breadth first: each node
/// holds the mask of its children's letters and where they start, so a search skips the letters
/// it cannot use without touching them. It costs 12 bytes per trie node and 4 per word and
/// about 0.1 s to build: build it once where anagrams are searched in bulk (solvers, bots);
/// Lexicon::sub_anagrams needs no index.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"

namespace wg {

class AnagramIndex {
 public:
  /// Indexes every word of the lexicon; word indices are the lexicon's (Lexicon::index_of).
  explicit AnagramIndex(const Lexicon& lexicon);

  /// Appends to `out` (cleared first) the indices of the distinct words that can be made from
  /// some of the rack's tiles, at least `min_length` long, in no particular order.
  void sub_anagrams(const Rack& rack, std::vector<std::uint32_t>& out,
                    std::size_t min_length = 1) const;
  /// The same, as the lexicon's words, sorted.
  std::vector<std::string> sub_anagrams(const Rack& rack, std::size_t min_length = 1) const;

  const Lexicon& lexicon() const { return *lexicon_; }
  std::size_t node_count() const { return nodes_.size(); }
  /// Bytes of the index in memory.
  std::size_t memory_bytes() const;

 private:
  friend class AnagramSearchByAlphagram;

  const Lexicon* lexicon_;
  /// Each letter's place in the trie's order (commonest first); alphagrams, the nodes' masks
  /// and the racks a search is given are in this order.
  std::array<Letter, kMaxLetters> rank_{};
  /// Node 0 is the root. The child of node i on letter l exists if bit l of `children` is set and
  /// is node `first_child` + (the number of set bits below l). The words whose alphagram leads to
  /// node i are words_[word_begin .. nodes_[i + 1].word_begin).
  struct Node {
    std::uint32_t children;
    std::uint32_t first_child;
    std::uint32_t word_begin;
  };
  std::vector<Node> nodes_;  ///< plus one sentinel holding the end of words_
  std::vector<std::uint32_t> words_;
};

}  // namespace wg
