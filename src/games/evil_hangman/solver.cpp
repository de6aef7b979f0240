// The exact solver of Evil Hangman (OptimalSolver, declared in host.h).
//
// A position is searched in canonical form: the words held cut to the positions not revealed
// yet, without the columns of letters that tell nothing (a letter every word has at the same
// positions), the letters renamed 0..m-1 and the columns put in an order that does not depend on
// the names. The value depends only on that form: renaming the letters or permuting the positions
// of every word alike maps guesses to guesses and families to families, and a letter that tells
// nothing is never worth a guess. So two positions reached by different guesses, even from
// different words (BAT/CAT after A and T versus PIG/WIG after I and G), share one memo entry.
//
// The memo key is a 128-bit hash of the canonical rows, summed over the rows (a multiset hash,
// so the order of the rows does not matter). Letters are renamed by an invariant (how often the
// letter occurs in columns of each kind, refined once by the words it is in), ties by the old
// name: isomorphic positions that these invariants cannot tell apart may get different keys,
// which costs a memo hit, never exactness.

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "games/evil_hangman/host.h"

namespace wg::evil_hangman {

namespace {

struct BudgetExceeded {};

constexpr int kInfinity = 255;

/// The splitmix64 finaliser: a bijection on 64-bit integers that mixes every bit.
constexpr std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

struct Key {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
};

/// A position in canonical form: `rows` distinct words of `width` letters, the letters
/// 0..letters-1 (each occurs, none at the same positions in every row), row-major at `data`.
struct Node {
  std::uint32_t rows = 0;
  std::uint32_t width = 0;
  std::uint32_t letters = 0;
  Key key;
  const Letter* data = nullptr;
};

/// Bounds on values by key: buckets of four 16-byte entries, grown by doubling up to the
/// largest power of two <= the budget's max_memo; when full, a new position replaces the entry
/// of its bucket that cost the least work to find. Losing an entry costs time, never exactness.
class Memo {
 public:
  struct Entry {
    std::uint64_t a = 0;
    std::uint32_t b = 0;
    std::uint8_t lower = 0;
    std::uint8_t upper = 0;
    std::uint8_t work = 0;  ///< bit width of the positions evaluated to get the bounds
    std::uint8_t used = 0;
  };

  explicit Memo(std::uint64_t max_entries)
      : max_entries_(std::bit_floor(std::max<std::uint64_t>(max_entries, kWays))) {}

  const Entry* find(const Key& key) const {
    if (table_.empty()) return nullptr;
    const Entry* bucket = &table_[bucket_of(key.a)];
    for (std::size_t i = 0; i < kWays; ++i) {
      if (bucket[i].used && bucket[i].a == key.a &&
          bucket[i].b == static_cast<std::uint32_t>(key.b)) {
        return &bucket[i];
      }
    }
    return nullptr;
  }

  void store(const Key& key, int lower, int upper, int work) {
    if (table_.empty()) table_.resize(std::min<std::uint64_t>(max_entries_, 4096));
    if (size_ * 2 >= table_.size() && table_.size() < max_entries_) grow();
    Entry entry{key.a,
                static_cast<std::uint32_t>(key.b),
                static_cast<std::uint8_t>(lower),
                static_cast<std::uint8_t>(upper),
                static_cast<std::uint8_t>(std::min(work, 255)),
                1};
    put(entry);
  }

  std::uint64_t size() const { return size_; }

 private:
  static constexpr std::size_t kWays = 4;

  std::size_t bucket_of(std::uint64_t a) const {
    return static_cast<std::size_t>(a & (table_.size() / kWays - 1)) * kWays;
  }

  void put(const Entry& entry) {
    Entry* bucket = &table_[bucket_of(entry.a)];
    Entry* victim = nullptr;
    for (std::size_t i = 0; i < kWays; ++i) {
      Entry& e = bucket[i];
      if (e.used && e.a == entry.a && e.b == entry.b) {
        e = entry;
        return;
      }
      if (!e.used) {
        if (!victim || victim->used) victim = &e;
      } else if (!victim || (victim->used && e.work < victim->work)) {
        victim = &e;
      }
    }
    if (!victim->used) ++size_;
    *victim = entry;
  }

  void grow() {
    std::vector<Entry> old(table_.size() * 2);
    old.swap(table_);
    size_ = 0;
    for (const Entry& e : old) {
      if (e.used) put(e);
    }
  }

  std::uint64_t max_entries_;
  std::vector<Entry> table_;
  std::uint64_t size_ = 0;
};

/// One entry of a letter's partition: a row and the positions of the letter in it.
struct Member {
  std::uint64_t mask;
  std::uint32_t row;
  bool operator<(const Member& o) const { return mask != o.mask ? mask < o.mask : row < o.row; }
};

struct FamilyRange {
  std::uint64_t mask;
  std::uint32_t begin;
  std::uint32_t size;
};

/// Work space of one ply of the search (one guesser node and the host's families below it).
struct Ply {
  std::vector<std::uint64_t> masks;    ///< rows x letters: positions of each letter in each row
  std::vector<Member> members;         ///< letters x rows: each letter's rows, by positions
  std::vector<std::uint32_t> misses;   ///< per letter: rows without it
  std::vector<std::uint32_t> worst;    ///< per letter: its largest family
  std::vector<std::uint32_t> order;    ///< the letters, best first for the guesser
  std::vector<FamilyRange> families;   ///< of the letter being tried
  std::vector<std::uint32_t> ids;      ///< rows of the family being tried
  std::vector<Letter> child;           ///< that family's position, canonical
  std::vector<std::uint32_t> rowsets;  ///< per row: its letters
};

}  // namespace

struct OptimalSolver::Impl {
  const WordSet& words;
  OptimalBudget budget;
  Memo memo;
  std::vector<Ply> plies;
  std::uint64_t evaluated = 0;
  /// Steps of work: per position evaluated, letters x rows x (log2 rows + columns), and per
  /// canonical form rows x columns x log2 rows; a count that follows the time spent whatever
  /// the size of the positions.
  std::uint64_t work = 0;
  std::uint64_t max_positions = 0, max_work = 0;  ///< the limits of the current call
  const Work* control = nullptr;                  ///< of the current call
  bool stopped = false;                           ///< the current call was stopped
  std::uint64_t next_report = 0;                  ///< work at which progress is next reported
  int proved = 0;  ///< the highest k the last value() proved the host forces
  // Scratch of canonical(), which finishes before any recursion.
  std::vector<std::uint32_t> count;  ///< letters x columns
  std::vector<std::uint32_t> columns, kept_columns, kept_letters;
  std::vector<std::uint64_t> column_sig, letter_sig, refined;
  std::vector<Letter> root;

  Impl(const WordSet& w, OptimalBudget b)
      : words(w), budget(b), memo(b.max_memo), plies(kMaxLetters + 2) {}

  /// The canonical form of rows `ids` of the `width`-letter rows at `src` without the columns
  /// in `drop`, written to `out`.
  Node canonical(const Letter* src, std::uint32_t width, std::span<const std::uint32_t> ids,
                 std::uint64_t drop, std::vector<Letter>& out) {
    Node node;
    node.rows = static_cast<std::uint32_t>(ids.size());
    if (node.rows <= 1) return node;  // the value is 0; nothing else is looked at
    spend(std::uint64_t{node.rows} * width * std::bit_width(node.rows));  // and its sort
    columns.clear();
    for (std::uint32_t j = 0; j < width; ++j) {
      if (!((drop >> j) & 1u)) columns.push_back(j);
    }
    const std::size_t w0 = columns.size();
    // The letters present, numbered 0..present-1 in `slot` (for the counts).
    std::uint32_t present = 0;
    for (std::uint32_t r : ids) {
      const Letter* row = src + static_cast<std::size_t>(r) * width;
      for (std::uint32_t j : columns) present |= 1u << row[j];
    }
    std::array<std::uint32_t, 32> slot{};
    kept_letters.clear();
    for (const Letter c : LetterSet(present)) {
      slot[c] = static_cast<std::uint32_t>(kept_letters.size());
      kept_letters.push_back(c);
    }
    count.assign(kept_letters.size() * w0, 0);
    for (std::uint32_t r : ids) {
      const Letter* row = src + static_cast<std::size_t>(r) * width;
      for (std::size_t j = 0; j < w0; ++j) ++count[slot[row[columns[j]]] * w0 + j];
    }
    // A letter tells nothing if each column holds it in every row or in none; its columns go.
    std::array<bool, 32> useless{};
    std::size_t useful = 0;
    for (std::size_t i = 0; i < kept_letters.size(); ++i) {
      bool all_or_none = true;
      for (std::size_t j = 0; j < w0; ++j) {
        const std::uint32_t n = count[i * w0 + j];
        all_or_none &= n == 0 || n == node.rows;
      }
      useless[kept_letters[i]] = all_or_none;
      if (!all_or_none) kept_letters[useful++] = static_cast<std::uint32_t>(i);  // now slots
    }
    kept_letters.resize(useful);
    const Letter* first = src + static_cast<std::size_t>(ids[0]) * width;
    kept_columns.clear();
    for (std::size_t j = 0; j < w0; ++j) {
      if (!useless[first[columns[j]]]) kept_columns.push_back(static_cast<std::uint32_t>(j));
    }
    // Invariant signatures: a column by the multiset of its letter counts; a letter by its
    // counts in columns of each signature; a column again by its letters' signatures.
    const std::size_t w = kept_columns.size();
    column_sig.assign(w0, 0);
    letter_sig.assign(32, 0);
    for (std::uint32_t i : kept_letters) {
      for (std::uint32_t j : kept_columns) {
        if (const std::uint32_t n = count[i * w0 + j]) column_sig[j] += mix(n);
      }
    }
    for (std::uint32_t i : kept_letters) {
      std::uint64_t sig = 0;
      for (std::uint32_t j : kept_columns) {
        if (const std::uint32_t n = count[i * w0 + j]) sig += mix(column_sig[j] ^ (n * 0x9E37ull));
      }
      letter_sig[i] = sig;
    }
    // One round of refinement through the rows: a letter also by the rows it is in (BAT CAT
    // BIT PIG: A and I both occur twice in the middle, but A's words end alike).
    refined.assign(32, 0);
    for (std::uint32_t r : ids) {
      const Letter* row = src + static_cast<std::size_t>(r) * width;
      std::uint64_t row_sig = 0;
      for (std::uint32_t j : kept_columns)
        row_sig += mix(letter_sig[slot[row[columns[j]]]] ^ column_sig[j]);
      for (std::uint32_t j : kept_columns)
        refined[slot[row[columns[j]]]] += mix(row_sig + column_sig[j]);
    }
    for (std::uint32_t i : kept_letters) letter_sig[i] = mix(letter_sig[i]) + refined[i];
    for (std::uint32_t j : kept_columns) {
      std::uint64_t sig = 0;
      for (std::uint32_t i : kept_letters) {
        if (const std::uint32_t n = count[i * w0 + j]) sig += mix(letter_sig[i] + n);
      }
      column_sig[j] = sig;
    }
    std::sort(kept_columns.begin(), kept_columns.end(), [&](std::uint32_t x, std::uint32_t y) {
      return column_sig[x] != column_sig[y] ? column_sig[x] < column_sig[y] : x < y;
    });
    std::sort(kept_letters.begin(), kept_letters.end(), [&](std::uint32_t x, std::uint32_t y) {
      return letter_sig[x] != letter_sig[y] ? letter_sig[x] < letter_sig[y] : x < y;
    });
    std::array<Letter, 32> rename{};
    for (std::size_t i = 0; i < kept_letters.size(); ++i) {
      rename[kept_letters[i]] = static_cast<Letter>(i);
    }
    for (std::size_t j = 0; j < kept_columns.size(); ++j)
      kept_columns[j] = columns[kept_columns[j]];
    node.width = static_cast<std::uint32_t>(w);
    node.letters = static_cast<std::uint32_t>(kept_letters.size());
    out.resize(node.rows * w);
    Letter* dst = out.data();
    const std::uint64_t shape =
        mix(node.rows ^ (std::uint64_t{node.width} << 32) ^ (std::uint64_t{node.letters} << 48));
    Key key{shape, mix(shape ^ 0x5851F42D4C957F2Dull)};
    for (std::uint32_t r : ids) {
      const Letter* row = src + static_cast<std::size_t>(r) * width;
      std::uint64_t h = 0x2545F4914F6CDD1Dull, chunk = 0;
      for (std::size_t j = 0; j < w; ++j) {
        const Letter l = rename[slot[row[kept_columns[j]]]];
        *dst++ = l;
        chunk = (chunk << 8) | l;
        if (j % 8 == 7) {
          h = mix(h ^ chunk);
          chunk = 0;
        }
      }
      h = mix(h ^ chunk);  // distinct rows of one width give distinct h when width <= 8
      key.a += mix(h + 0x632BE59BD9B4E019ull);
      key.b += mix(h ^ 0x13198A2E03707344ull);
    }
    node.key = key;
    node.data = out.data();
    return node;
  }

  /// How many of rows `ids` (letters `rowsets`, minus `without`) a greedy pick of rows with
  /// pairwise disjoint letters finds, rows with fewer letters first.
  static int disjoint_words(std::span<const std::uint32_t> rowsets,
                            std::span<const std::uint32_t> ids, std::uint32_t width,
                            std::uint32_t without) {
    std::uint32_t taken = 0;
    int found = 0;
    for (int size = 1; size <= static_cast<int>(width); ++size) {
      for (std::uint32_t r : ids) {
        const std::uint32_t s = rowsets[r] & ~without;
        if (std::popcount(s) == size && !(s & taken)) {
          taken |= s;
          ++found;
        }
      }
    }
    return found;
  }

  /// The exact value of two distinct words: 0 if a letter is in both (at different positions,
  /// as the canonical form keeps no letter at the same positions in every row), else 1.
  static int pair_value(const Node& node) {
    std::uint32_t s0 = 0, s1 = 0;
    for (std::uint32_t j = 0; j < node.width; ++j) {
      s0 |= 1u << node.data[j];
      s1 |= 1u << node.data[node.width + j];
    }
    return (s0 & s1) != 0 ? 0 : 1;
  }

  void spend(std::uint64_t steps) {
    work += steps;
    if (work > max_work) throw BudgetExceeded{};
    if (control == nullptr) return;
    if (control->stop.stop_requested()) {
      stopped = true;
      throw BudgetExceeded{};
    }
    if (control->progress && work >= next_report) {
      next_report = work + kReportEvery;
      const auto share = [](std::uint64_t used, std::uint64_t limit) {
        return limit == 0 ? 1.0 : static_cast<double>(used) / static_cast<double>(limit);
      };
      control->progress(
          std::min(1.0, std::max(share(work, max_work), share(evaluated, max_positions))));
    }
  }

  /// Steps of work between progress reports: about a millisecond.
  static constexpr std::uint64_t kReportEvery = std::uint64_t{1} << 20;

  /// Fail-soft alpha-beta on the uncapped value V: returns v with V <= v if v <= alpha,
  /// V >= v if v >= beta, V == v otherwise.
  int solve(const Node& node, int alpha, int beta, std::size_t ply) {
    if (node.rows <= 1 || node.width == 0) return 0;  // one word (or copies of one)
    if (node.rows == 2) return pair_value(node);
    int lower = 0, upper = kInfinity;
    if (const Memo::Entry* e = memo.find(node.key)) {
      lower = e->lower;
      upper = e->upper;
      if (lower >= beta) return lower;
      if (upper <= alpha || lower == upper) return upper;
    }
    Ply& p = plies[ply];
    const std::uint32_t n = node.rows, w = node.width, m = node.letters;

    // Bounds from the letters of the rows. Upper: the guesser may guess every letter, missing
    // only those not in the word the host ends with; and each miss removes a word. Lower: words
    // with pairwise disjoint letters (found greedily, fewest letters first) are t words of which
    // each guess removes at most one, so the host holding them forces t - 1 misses, and holding
    // more words it can play as if it held just those.
    p.rowsets.resize(n);
    std::uint32_t common = ~0u;
    int fewest = kInfinity;
    for (std::uint32_t r = 0; r < n; ++r) {
      std::uint32_t s = 0;
      for (std::uint32_t j = 0; j < w; ++j) s |= 1u << node.data[r * w + j];
      p.rowsets[r] = s;
      common &= s;
      fewest = std::min(fewest, std::popcount(s));
    }
    upper = std::min({upper, static_cast<int>(n) - 1, static_cast<int>(m) - fewest});
    p.ids.resize(n);
    for (std::uint32_t r = 0; r < n; ++r) p.ids[r] = r;
    const int disjoint = disjoint_words(p.rowsets, p.ids, w, 0);
    lower = std::max({lower, disjoint - 1, common == 0 ? 1 : 0});
    if (lower >= beta || lower >= upper) return lower;
    if (upper <= alpha) return upper;
    if (++evaluated > max_positions) throw BudgetExceeded{};
    // Per letter: the rows sorted by positions, and each family's disjoint-words bound.
    spend(std::uint64_t{n} * m * (std::bit_width(n) + w));
    const std::uint64_t start = evaluated;
    const int a = std::max(alpha, lower);
    const int b = std::min(beta, upper);

    // Every letter's families; letters best first for the guesser: the smallest largest family.
    // A letter's list holds the rows without it (the miss) first, then the others by positions.
    p.masks.assign(static_cast<std::size_t>(n) * m, 0);
    for (std::uint32_t r = 0; r < n; ++r) {
      for (std::uint32_t j = 0; j < w; ++j) {
        p.masks[r * m + node.data[r * w + j]] |= std::uint64_t{1} << j;
      }
    }
    p.members.resize(static_cast<std::size_t>(n) * m);
    p.misses.resize(m);
    p.worst.assign(m, 0);
    p.order.resize(m);
    for (std::uint32_t c = 0; c < m; ++c) {
      Member* list = &p.members[static_cast<std::size_t>(c) * n];
      std::uint32_t miss = 0, hit = n;
      for (std::uint32_t r = 0; r < n; ++r) {
        const std::uint64_t mask = p.masks[r * m + c];
        if (mask == 0) {
          list[miss++] = Member{0, r};
        } else {
          list[--hit] = Member{mask, r};
        }
      }
      std::sort(list + miss, list + n);
      std::uint32_t worst = miss;
      for (std::uint32_t i = miss; i < n;) {
        std::uint32_t k = i + 1;
        while (k < n && list[k].mask == list[i].mask) ++k;
        worst = std::max(worst, k - i);
        i = k;
      }
      p.misses[c] = miss;
      p.worst[c] = worst;
      p.order[c] = c;
    }
    std::sort(p.order.begin(), p.order.end(), [&](std::uint32_t x, std::uint32_t y) {
      return p.worst[x] != p.worst[y] ? p.worst[x] < p.worst[y] : x < y;
    });

    int best = kInfinity;
    for (std::uint32_t i = 0; i < m && best > a; ++i) {
      const std::uint32_t c = p.order[i];
      const Member* list = &p.members[static_cast<std::size_t>(c) * n];
      // The miss first (it counts at once), then the largest: the likeliest to refute.
      p.families.clear();
      if (p.misses[c] > 0) p.families.push_back(FamilyRange{0, 0, p.misses[c]});
      for (std::uint32_t f = p.misses[c]; f < n;) {
        std::uint32_t k = f + 1;
        while (k < n && list[k].mask == list[f].mask) ++k;
        p.families.push_back(FamilyRange{list[f].mask, f, k - f});
        f = k;
      }
      std::sort(p.families.begin() + (p.misses[c] > 0 ? 1 : 0), p.families.end(),
                [](const FamilyRange& x, const FamilyRange& y) {
                  return x.size != y.size ? x.size > y.size : x.mask < y.mask;
                });
      const int hi = std::min(b, best);
      int host = 0;
      for (std::size_t f = 0; f < p.families.size() && host < hi; ++f) {
        const FamilyRange family = p.families[f];
        const int miss = family.mask == 0 ? 1 : 0;
        // Cheap answers first: a family that cannot raise the host's best (each miss to come
        // removes a word), one word, two words, and the disjoint-letters bound reaching hi.
        if (miss + static_cast<int>(family.size) - 1 <= host) continue;
        if (family.size == 1) {
          host = std::max(host, miss);
          continue;
        }
        p.ids.resize(family.size);
        for (std::uint32_t k = 0; k < family.size; ++k) p.ids[k] = list[family.begin + k].row;
        if (miss + disjoint_words(p.rowsets, p.ids, w, 1u << c) - 1 >= hi) {
          host = hi;
          break;
        }
        const Node child = canonical(node.data, w, p.ids, family.mask, p.child);
        const int lo = std::max(a, host);
        host = std::max(host, miss + solve(child, lo - miss, hi - miss, ply + 1));
      }
      best = std::min(best, host);
    }
    if (best <= a) {
      upper = std::min(upper, best);
    } else if (best >= b) {
      lower = std::max(lower, best);
    } else {
      lower = upper = best;
    }
    memo.store(node.key, lower, upper, static_cast<int>(std::bit_width(evaluated - start + 1)));
    return best;
  }

  int value(const Position& position) {
    proved = 0;
    if (position.misses_left <= 0 || position.candidates.size() <= 1) return 0;
    const std::size_t length = words.length();
    // The guessed letters must be where a game leaves them: at the same positions in every
    // word held (then they tell nothing and the canonical form drops them).
    const auto at = [&](WordId id, Letter l) {
      std::uint64_t mask = 0;
      const std::span<const Letter> word = words.word(id);
      for (std::size_t i = 0; i < length; ++i) mask |= std::uint64_t{word[i] == l} << i;
      return mask;
    };
    for (Letter l : position.guessed) {
      for (WordId id : position.candidates) {
        if (at(id, l) != at(position.candidates[0], l)) {
          throw std::invalid_argument("a guessed letter is at different positions in the words");
        }
      }
    }
    root.resize(position.candidates.size() * length);
    std::vector<std::uint32_t> ids(position.candidates.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const std::span<const Letter> word = words.word(position.candidates[i]);
      std::copy(word.begin(), word.end(), root.begin() + static_cast<std::ptrdiff_t>(i * length));
      ids[i] = static_cast<std::uint32_t>(i);
    }
    std::vector<Letter> data;
    const Node node = canonical(root.data(), static_cast<std::uint32_t>(length), ids, 0, data);
    const int cap = std::min(position.misses_left, kInfinity - 1);
    // Null-window tests from below (is V >= k?), each reusing the bounds the last one left;
    // a test that fails high may prove more than k, and the next test starts there.
    int k = 1;
    while (k <= cap) {
      const int v = solve(node, k - 1, k, 0);
      if (v < k) break;
      k = v + 1;
      proved = std::min(k - 1, cap);
    }
    return std::min(k - 1, cap);
  }
};

OptimalSolver::OptimalSolver(const WordSet& words, OptimalBudget budget)
    : impl_(std::make_unique<Impl>(words, budget)) {}
OptimalSolver::~OptimalSolver() = default;
OptimalSolver::OptimalSolver(OptimalSolver&&) noexcept = default;

std::optional<int> OptimalSolver::value(const Position& position) {
  return value(position, impl_->budget.max_positions, impl_->budget.max_work);
}

std::optional<int> OptimalSolver::value(const Position& position, std::uint64_t max_positions,
                                        std::uint64_t max_work, const Work& work) {
  impl_->evaluated = 0;
  impl_->work = 0;
  impl_->max_positions = max_positions;
  impl_->max_work = max_work;
  impl_->stopped = false;
  impl_->next_report = 0;
  // The Work is watched for this call only.
  struct Watch {
    Impl& impl;
    Watch(Impl& i, const Work& w) : impl(i) {
      impl.control = w.stop.stop_possible() || w.progress ? &w : nullptr;
    }
    ~Watch() { impl.control = nullptr; }
  } watch(*impl_, work);
  try {
    return impl_->value(position);
  } catch (const BudgetExceeded&) {
    return std::nullopt;
  }
}

bool OptimalSolver::stopped() const { return impl_->stopped; }

std::uint64_t OptimalSolver::positions_evaluated() const { return impl_->evaluated; }
std::uint64_t OptimalSolver::work_done() const { return impl_->work; }
int OptimalSolver::proved_lower_bound() const { return impl_->proved; }
std::uint64_t OptimalSolver::positions_remembered() const { return impl_->memo.size(); }
void OptimalSolver::forget() { impl_->memo = Memo(impl_->budget.max_memo); }
const WordSet& OptimalSolver::words() const { return impl_->words; }

Par par_of(const WordSet& words, int guesses) {
  constexpr std::size_t kKnownPars = 256;      // word lists and guesses remembered
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a over every word's letters
  for (WordId id = 0; id < words.size(); ++id) {
    for (const Letter letter : words.word(id)) hash = (hash ^ letter) * 0x100000001b3ULL;
  }
  using Key = std::tuple<std::uint64_t, std::size_t, std::size_t, int>;
  const Key key{hash, words.size(), words.length(), guesses};
  static std::mutex mutex;
  static std::map<Key, Par> known;
  {
    const std::lock_guard lock(mutex);
    if (const auto found = known.find(key); found != known.end()) return found->second;
  }
  OptimalSolver solver(words, kParBudget);
  const std::vector<WordId> all = words.all_ids();
  const std::optional<int> value = solver.value(Position{all, LetterSet(), guesses});
  const Par par{value ? *value : solver.proved_lower_bound(), value.has_value()};
  const std::lock_guard lock(mutex);
  if (known.size() < kKnownPars) known.emplace(key, par);
  return par;
}

}  // namespace wg::evil_hangman
