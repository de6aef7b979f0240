// Building the automaton: sorted words -> minimal DAWG (Daciuk's incremental algorithm) ->
// word counts -> double-array placement -> units.
//
// Finality lives on transitions ("the prefix read so far is a word"), which merges a few more
// states than final states would and is what a unit stores anyway.

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "lexicon/lexicon.h"
#include "lexicon/lexicon_builder.h"

namespace wg {

namespace {

// A DAWG transition packed as target << 6 | final << 5 | label.
using Edge = std::uint32_t;
constexpr Edge make_edge(std::uint32_t label, bool final, std::uint32_t target) {
  return target << 6 | static_cast<std::uint32_t>(final) << 5 | label;
}
constexpr std::uint32_t edge_label(Edge e) { return e & 0x1F; }
constexpr bool edge_final(Edge e) { return (e >> 5) & 1u; }
constexpr std::uint32_t edge_target(Edge e) { return e >> 6; }

constexpr std::uint32_t kMaxStates = 1u << 26;

struct State {
  std::uint32_t first_edge;
  std::uint32_t edge_count;
};

std::uint64_t hash_edges(const Edge* edges, std::size_t n) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= edges[i];
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  return h;
}

/// The minimal DAWG as frozen states. States are numbered children first, so increasing ids
/// are a topological order from the leaves up; the root is the last state.
class DawgBuilder {
 public:
  explicit DawgBuilder(std::size_t expected_words) {
    table_.assign(std::bit_ceil(std::max<std::size_t>(expected_words, 1024)), kEmpty);
    states_.reserve(expected_words / 2);
    edges_.reserve(expected_words);
  }

  void add(const std::string& word, const Alphabet& alphabet) {
    std::size_t common = 0;
    while (common < word.size() && common < previous_.size() && word[common] == previous_[common])
      ++common;
    if (common == word.size()) {
      throw std::invalid_argument("Lexicon::build: words must be distinct and sorted (\"" + word +
                                  "\" after \"" + previous_ + "\")");
    }
    if (common < previous_.size() &&
        static_cast<unsigned char>(word[common]) < static_cast<unsigned char>(previous_[common])) {
      throw std::invalid_argument("Lexicon::build: words must be sorted (\"" + word +
                                  "\" after \"" + previous_ + "\")");
    }
    freeze_down_to(common);
    if (open_.size() < word.size() + 1) open_.resize(word.size() + 1);
    for (std::size_t d = common; d < word.size(); ++d) {
      const Letter letter = alphabet.code(word[d]);
      if (letter == kNoLetter) {
        throw std::invalid_argument("Lexicon::build: \"" + word + "\" has a character outside " +
                                    "the alphabet");
      }
      auto& open = open_[d];
      open.edges[open.count++] = make_edge(letter + 1u, d + 1 == word.size(), 0);
      open_[d + 1].count = 0;
    }
    depth_ = word.size();
    previous_ = word;
  }

  /// Freezes what is left; returns the root state.
  std::uint32_t finish() {
    freeze_down_to(0);
    if (open_.empty()) open_.resize(1);
    return freeze(open_[0]);
  }

  const std::vector<State>& states() const { return states_; }
  const std::vector<Edge>& edges() const { return edges_; }

 private:
  struct OpenState {
    std::array<Edge, 32> edges;
    std::uint32_t count = 0;
  };
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;

  // Freezes the open states deeper than `depth`, linking each to its parent's last edge.
  void freeze_down_to(std::size_t depth) {
    for (std::size_t d = depth_; d > depth; --d) {
      const std::uint32_t id = freeze(open_[d]);
      Edge& last = open_[d - 1].edges[open_[d - 1].count - 1];
      last = make_edge(edge_label(last), edge_final(last), id);
    }
    depth_ = std::min(depth_, depth);
  }

  // The registered state equal to `open`, registering it if new.
  std::uint32_t freeze(const OpenState& open) {
    const std::uint64_t h = hash_edges(open.edges.data(), open.count);
    std::size_t mask = table_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint32_t id = table_[i];
      if (id == kEmpty) break;
      const State& s = states_[id];
      // No memcmp of nothing (a state with no edges may start at the end of edges_, whose data()
      // may be null), which is undefined even for zero bytes.
      if (s.edge_count == open.count &&
          (open.count == 0 || std::memcmp(edges_.data() + s.first_edge, open.edges.data(),
                                          open.count * sizeof(Edge)) == 0))
        return id;
    }
    const auto id = static_cast<std::uint32_t>(states_.size());
    if (id >= kMaxStates) throw std::length_error("Lexicon::build: too many states");
    states_.push_back({static_cast<std::uint32_t>(edges_.size()), open.count});
    edges_.insert(edges_.end(), open.edges.begin(), open.edges.begin() + open.count);
    if (2 * states_.size() > table_.size()) rehash();
    insert(id, h);
    return id;
  }

  void insert(std::uint32_t id, std::uint64_t h) {
    const std::size_t mask = table_.size() - 1;
    std::size_t i = h & mask;
    while (table_[i] != kEmpty) i = (i + 1) & mask;
    table_[i] = id;
  }

  void rehash() {
    table_.assign(table_.size() * 2, kEmpty);
    for (std::uint32_t id = 0; id < states_.size(); ++id) {
      const State& s = states_[id];
      insert(id, hash_edges(&edges_[s.first_edge], s.edge_count));
    }
  }

  std::vector<OpenState> open_;
  std::size_t depth_ = 0;
  std::string previous_;
  std::vector<State> states_;
  std::vector<Edge> edges_;
  std::vector<std::uint32_t> table_;
};

/// Places every state's transitions in a double array of 32-unit blocks: a state with base b
/// has its transition on label l at unit b ^ l, so all of it lies in b's block. Bases are
/// distinct, which is what lets a unit's label alone tell whose transition it is.
///
/// States with two or more transitions go first, widest first, each into the first block of a
/// small window of recent blocks where it fits. The states with one transition (about half of
/// them) then fill the holes: in each block, every free unit is matched with a free base whose
/// XOR names a label that some waiting state has. That packs the units nearly full.
class DoubleArrayPlacer {
 public:
  /// Returns the base of every state (0 for states without transitions).
  /// `early` marks states to place before all others (in the first blocks).
  std::vector<std::uint32_t> place(const std::vector<State>& states, const std::vector<Edge>& edges,
                                   const std::vector<bool>& early) {
    std::vector<std::uint32_t> base(states.size(), 0);
    std::vector<std::uint32_t> wide;
    std::array<std::vector<std::uint32_t>, 32> single;  // one-transition states by label
    for (std::uint32_t id = 0; id < states.size(); ++id) {
      if (states[id].edge_count == 1) {
        single[edge_label(edges[states[id].first_edge])].push_back(id);
      } else if (states[id].edge_count > 1) {
        wide.push_back(id);
      }
    }
    std::stable_sort(wide.begin(), wide.end(), [&](std::uint32_t a, std::uint32_t b) {
      if (early[a] != early[b]) return static_cast<bool>(early[a]);
      return states[a].edge_count > states[b].edge_count;
    });
    new_block();
    blocks_[0].bases = 1;  // base 0 means "no transitions"

    for (std::uint32_t id : wide) {
      const State& s = states[id];
      std::uint32_t labels = 0;
      for (std::uint32_t i = 0; i < s.edge_count; ++i)
        labels |= 1u << edge_label(edges[s.first_edge + i]);
      base[id] = place_wide(labels, static_cast<int>(s.edge_count));
    }
    fill_singles(single, base);
    return base;
  }

  std::size_t unit_count() const { return blocks_.size() * 32; }

 private:
  struct Block {
    std::uint32_t used = 0;   // units taken
    std::uint32_t bases = 0;  // low 5 bits of the bases taken in this block
  };
  static constexpr std::size_t kWindow = 16;

  void new_block() {
    blocks_.push_back({});
    window_.push_back(static_cast<std::uint32_t>(blocks_.size() - 1));
    if (window_.size() > kWindow) window_.erase(window_.begin());
  }

  std::uint32_t place_wide(std::uint32_t labels, int count) {
    // The units taken for each choice of the base's low bits.
    std::array<std::uint32_t, 32> units{};
    for (std::uint32_t x = 0; x < 32; ++x)
      for (std::uint32_t rest = labels; rest; rest &= rest - 1)
        units[x] |= 1u << (static_cast<std::uint32_t>(std::countr_zero(rest)) ^ x);
    for (;;) {
      for (std::uint32_t b : window_) {
        Block& block = blocks_[b];
        if (std::popcount(~block.used) < count) continue;
        for (std::uint32_t free = ~block.bases; free; free &= free - 1) {
          const auto x = static_cast<std::uint32_t>(std::countr_zero(free));
          if ((units[x] & block.used) == 0) {
            block.used |= units[x];
            block.bases |= 1u << x;
            return b * 32 + x;
          }
        }
      }
      new_block();
    }
  }

  void fill_singles(std::array<std::vector<std::uint32_t>, 32>& single,
                    std::vector<std::uint32_t>& base) {
    std::size_t waiting = 0;
    for (const auto& s : single) waiting += s.size();
    for (std::uint32_t b = 0; waiting > 0; ++b) {
      if (b == blocks_.size()) new_block();
      Block& block = blocks_[b];
      for (std::uint32_t free = ~block.used; free && waiting > 0; free &= free - 1) {
        const auto unit = static_cast<std::uint32_t>(std::countr_zero(free));
        for (std::uint32_t bases = ~block.bases; bases; bases &= bases - 1) {
          const auto x = static_cast<std::uint32_t>(std::countr_zero(bases));
          auto& pool = single[unit ^ x];
          if ((unit ^ x) == 0 || pool.empty()) continue;
          base[pool.back()] = b * 32 + x;
          pool.pop_back();
          --waiting;
          block.used |= 1u << unit;
          block.bases |= 1u << x;
          break;
        }
      }
    }
  }

  std::vector<Block> blocks_;
  std::vector<std::uint32_t> window_;
};

}  // namespace

Lexicon LexiconBuilder::build(std::span<const std::string> words, const Alphabet& alphabet) {
  if (alphabet.size() > kMaxLetters) throw std::invalid_argument("alphabet too large");
  DawgBuilder dawg(words.size());
  std::vector<std::size_t> by_length;
  for (const std::string& w : words) {
    if (w.empty()) throw std::invalid_argument("Lexicon::build: empty word");
    dawg.add(w, alphabet);
    if (by_length.size() <= w.size()) by_length.resize(w.size() + 1, 0);
    ++by_length[w.size()];
  }
  const std::uint32_t root = dawg.finish();
  const auto& states = dawg.states();
  const auto& edges = dawg.edges();

  // Words in each state's language (children have smaller ids).
  std::vector<std::uint32_t> count(states.size(), 0);
  for (std::uint32_t id = 0; id < states.size(); ++id) {
    std::uint64_t c = 0;
    for (std::uint32_t i = 0; i < states[id].edge_count; ++i) {
      const Edge e = edges[states[id].first_edge + i];
      c += edge_final(e) + count[edge_target(e)];
    }
    count[id] = static_cast<std::uint32_t>(c);
  }

  // States whose words-before counts overflow a unit go first, so that the escape table
  // (indexed by block) stays short.
  // (The unit count is known only after placement; the transition count nearly is it.)
  const auto expected_base_bits =
      std::clamp(static_cast<unsigned>(std::bit_width(edges.size() + edges.size() / 64 + 32)), 6u,
                 Lexicon::kMaxBaseBits);
  const std::uint32_t direct_limit = (1u << (26 - expected_base_bits)) - Lexicon::kEscapeCodes;
  std::vector<bool> early(states.size(), false);
  for (std::uint32_t id = 0; id < states.size(); ++id) {
    std::uint64_t sum = 0;
    for (std::uint32_t i = 0; i + 1 < states[id].edge_count; ++i) {
      const Edge e = edges[states[id].first_edge + i];
      sum += edge_final(e) + count[edge_target(e)];
    }
    early[id] = sum >= direct_limit;
  }
  DoubleArrayPlacer placer;
  const std::vector<std::uint32_t> base = placer.place(states, edges, early);
  const std::size_t units = placer.unit_count();
  const auto base_bits = static_cast<unsigned>(std::bit_width(units - 1));
  if (base_bits > Lexicon::kMaxBaseBits) {
    throw std::length_error("Lexicon::build: automaton too large (" + std::to_string(units) +
                            " units; at most " + std::to_string(1u << Lexicon::kMaxBaseBits) + ")");
  }

  // Every transition's words-before count, at its unit.
  std::vector<std::uint32_t> before(units, 0);
  Lexicon lex;
  lex.alphabet_ = &alphabet;
  lex.units_.assign(units, 0);
  lex.root_base_ = base[root];
  lex.set_base_bits(base_bits);
  for (std::uint32_t id = 0; id < states.size(); ++id) {
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < states[id].edge_count; ++i) {
      const Edge e = edges[states[id].first_edge + i];
      const std::uint32_t at = base[id] ^ edge_label(e);
      before[at] = sum;
      lex.units_[at] = edge_label(e) | static_cast<std::uint32_t>(edge_final(e)) << 5 |
                       base[edge_target(e)] << lex.base_shift_;
      sum += edge_final(e) + count[edge_target(e)];
    }
  }
  // Counts too large for the unit are numbered within their block.
  for (std::uint32_t block = 0; block * 32 < units; ++block) {
    lex.escape_block_start_.push_back(static_cast<std::uint32_t>(lex.escape_values_.size()));
    std::uint32_t k = 0;
    for (std::uint32_t at = block * 32; at < block * 32 + 32; ++at) {
      std::uint32_t code = before[at];
      if (code >= lex.before_direct_) {
        code = lex.before_direct_ + k++;
        lex.escape_values_.push_back(before[at]);
      }
      lex.units_[at] |= code << Lexicon::kCountShift;
    }
  }
  while (!lex.escape_block_start_.empty() &&
         lex.escape_block_start_.back() == lex.escape_values_.size())
    lex.escape_block_start_.pop_back();
  lex.word_count_ = words.size();
  lex.count_by_length_ = std::move(by_length);
  lex.index_lookups();
  return lex;
}

}  // namespace wg
