#include "lexicon/anagram_index.h"

#include <algorithm>
#include <array>
#include <bit>

#include "lexicon/rack_tiles.h"

namespace wg {

AnagramIndex::AnagramIndex(const Lexicon& lexicon) : lexicon_(&lexicon) {
  // Each word's letters sorted (a counting sort), tagged with the word's index.
  struct Entry {
    std::string alphagram;
    std::uint32_t index;
  };
  const Alphabet& alphabet = lexicon.alphabet();
  std::vector<Entry> entries;
  entries.reserve(lexicon.size());
  // The trie takes letters commonest first (see the header): by how often each occurs in the
  // lexicon's words, ties in alphabetical order.
  std::array<std::uint64_t, kMaxLetters> frequency{};
  lexicon.for_each_word([&](std::string_view word) {
    for (char c : word) ++frequency[alphabet.code(c)];
  });
  std::array<Letter, kMaxLetters> by_rank{};
  for (std::size_t l = 0; l < kMaxLetters; ++l) by_rank[l] = static_cast<Letter>(l);
  std::stable_sort(by_rank.begin(), by_rank.begin() + alphabet.size(),
                   [&](Letter a, Letter b) { return frequency[a] > frequency[b]; });
  for (std::size_t r = 0; r < kMaxLetters; ++r) rank_[by_rank[r]] = static_cast<Letter>(r);

  std::uint32_t next_index = 0;
  lexicon.for_each_word([&](std::string_view word) {
    std::array<std::uint8_t, kMaxLetters> counts{};
    for (char c : word) ++counts[rank_[alphabet.code(c)]];
    std::string alphagram;
    alphagram.reserve(word.size());
    for (int l = 0; l < alphabet.size(); ++l) alphagram.append(counts[l], static_cast<char>(l));
    entries.push_back({std::move(alphagram), next_index++});
  });
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.alphagram != b.alphagram ? a.alphagram < b.alphagram : a.index < b.index;
  });

  // A trie over the sorted alphagrams, laid out breadth first: the children of every node are
  // consecutive. Built level by level from ranges of `entries` sharing a prefix.
  struct Pending {
    std::size_t begin, end, depth;  // entries[begin, end) share the node's prefix of `depth`
  };
  std::vector<Pending> level = {{0, entries.size(), 0}};
  while (!level.empty()) {
    const std::size_t next_level_start = nodes_.size() + level.size();
    std::vector<Pending> next_level;
    for (const Pending& p : level) {
      Node node{0, 0, static_cast<std::uint32_t>(words_.size())};
      std::size_t i = p.begin;
      for (; i < p.end && entries[i].alphagram.size() == p.depth; ++i)
        words_.push_back(entries[i].index);  // words whose alphagram ends here
      node.first_child = static_cast<std::uint32_t>(next_level_start + next_level.size());
      while (i < p.end) {
        const char l = entries[i].alphagram[p.depth];
        std::size_t j = i;
        while (j < p.end && entries[j].alphagram[p.depth] == l) ++j;
        node.children |= 1u << static_cast<unsigned>(l);
        next_level.push_back({i, j, p.depth + 1});
        i = j;
      }
      nodes_.push_back(node);
    }
    level = std::move(next_level);
  }
  nodes_.push_back({0, 0, static_cast<std::uint32_t>(words_.size())});
}

std::size_t AnagramIndex::memory_bytes() const {
  return nodes_.size() * sizeof(Node) + words_.size() * sizeof(std::uint32_t);
}

// Depth-first over the alphagram trie. Letters come in sorted order, so every multiset of
// tiles is met once.
class AnagramSearchByAlphagram {
 public:
  AnagramSearchByAlphagram(const AnagramIndex& index, const Rack& rack, std::size_t min_length,
                           std::vector<std::uint32_t>& out)
      : index_(index),
        rack_(rack),
        tiles_(rack),
        tiles_total_(static_cast<std::size_t>(rack.size())),
        min_length_(min_length),
        out_(out) {}

  void run() {
    out_.clear();
    if (tiles_total_ == 0) return;
    if (one_kind_of_blank(rack_)) {
      // The common rack (no blank, or blanks that all stand for the same letters): plain
      // counts and a number of blanks left, no bookkeeping of kinds.
      counts_ = rack_.counts;
      for (std::size_t l = 0; l < counts_.size(); ++l)
        if (counts_[l] > 0) held_ |= 1u << l;
      if (!rack_.blanks.empty()) blank_letters_ = rack_.blanks.front().bits();
      search_one_kind(0, 0, static_cast<int>(rack_.blanks.size()));
      return;
    }
    search(0, 0);
    tiles_.remove_repeats(out_);
  }

 private:
  static bool one_kind_of_blank(const Rack& rack) {
    return std::all_of(rack.blanks.begin(), rack.blanks.end(),
                       [&](LetterSet set) { return set == rack.blanks.front(); });
  }

  // What search() and arrive() do, for one kind of blank: a real tile is taken when the rack holds
  // one (never worse), else a blank if one is left and may stand for the letter. A child's words
  // are taken here, and the child is entered only if the tiles left can reach one of its own
  // children: most children reached are leaves of the search.
  void search_one_kind(std::uint32_t node, std::size_t depth, int blanks) {
    const AnagramIndex::Node& n = nodes_[node];
    const std::uint32_t usable = held_ | (blanks > 0 ? blank_letters_ : 0u);
    const bool emit = depth + 1 >= min_length_;
    const bool last = depth + 1 == tiles_total_;
    for (std::uint32_t m = n.children & usable; m != 0; m &= m - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(m));
      const auto child =
          n.first_child + static_cast<std::uint32_t>(std::popcount(n.children & ((1u << l) - 1)));
      if (emit) {
        // A node has a word or two: a loop costs less than a call to insert.
        for (std::uint32_t i = nodes_[child].word_begin, end = nodes_[child + 1].word_begin;
             i < end; ++i) {
          out_.push_back(words_[i]);
        }
      }
      if (last) continue;
      // Without a branch on which it is (the search goes both ways about as often): a real
      // tile comes off the counts, a blank off the blanks.
      const std::uint32_t held = held_;
      const auto real = static_cast<std::uint8_t>((held >> l) & 1u);
      counts_[l] = static_cast<std::uint8_t>(counts_[l] - real);
      held_ &= ~(static_cast<std::uint32_t>(counts_[l] == 0) << l);
      const int blanks_left = blanks - 1 + real;
      const std::uint32_t reachable =
          nodes_[child].children & (held_ | (blanks_left > 0 ? blank_letters_ : 0u));
      if (reachable != 0) search_one_kind(child, depth + 1, blanks_left);
      counts_[l] = static_cast<std::uint8_t>(counts_[l] + real);
      held_ = held;
    }
  }

  // Extends the multiset at `node`, which used `depth` tiles, by one more tile in every way.
  void search(std::uint32_t node, std::size_t depth) {
    const AnagramIndex::Node& n = index_.nodes_[node];
    for (Letter l : LetterSet(n.children) & tiles_.usable()) {
      const auto child =
          n.first_child + static_cast<std::uint32_t>(std::popcount(n.children & ((1u << l) - 1)));
      tiles_.with_tile(l, [&] { arrive(child, depth + 1); });
    }
  }

  void arrive(std::uint32_t node, std::size_t depth) {
    const auto& nodes = index_.nodes_;
    if (depth >= min_length_) {
      const auto* words = index_.words_.data();
      out_.insert(out_.end(), words + nodes[node].word_begin, words + nodes[node + 1].word_begin);
    }
    if (depth < tiles_total_ && nodes[node].children != 0) search(node, depth);
  }

  const AnagramIndex& index_;
  const AnagramIndex::Node* nodes_ = index_.nodes_.data();
  const std::uint32_t* words_ = index_.words_.data();
  const Rack& rack_;
  detail::RackTiles tiles_;
  // One kind of blank: the tiles left by letter, the letters held, what a blank stands for.
  std::array<std::uint8_t, kMaxLetters> counts_{};
  std::uint32_t held_ = 0;
  std::uint32_t blank_letters_ = 0;
  std::size_t tiles_total_;
  std::size_t min_length_;
  std::vector<std::uint32_t>& out_;
};

void AnagramIndex::sub_anagrams(const Rack& rack, std::vector<std::uint32_t>& out,
                                std::size_t min_length) const {
  // The search works in the trie's order of letters.
  Rack ranked;
  for (std::size_t l = 0; l < kMaxLetters; ++l) ranked.counts[rank_[l]] = rack.counts[l];
  ranked.blanks.reserve(rack.blanks.size());
  for (LetterSet set : rack.blanks) {
    const LetterSet letters = set & LetterSet::all(kMaxLetters);
    LetterSet in_trie_order;
    for (Letter l : letters) in_trie_order.insert(rank_[l]);
    ranked.blanks.push_back(in_trie_order);
  }
  AnagramSearchByAlphagram(*this, ranked, min_length, out).run();
}

std::vector<std::string> AnagramIndex::sub_anagrams(const Rack& rack,
                                                    std::size_t min_length) const {
  std::vector<std::uint32_t> indices;
  sub_anagrams(rack, indices, min_length);
  std::sort(indices.begin(), indices.end());
  std::vector<std::string> out;
  out.reserve(indices.size());
  for (std::uint32_t i : indices) out.push_back(lexicon_->word_at(i));
  return out;
}

}  // namespace wg
