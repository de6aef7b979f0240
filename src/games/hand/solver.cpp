#include "games/hand/solver.h"

#include <algorithm>
#include <limits>
#include <span>
#include <stdexcept>

namespace wg::hand {

namespace {

/// Depth-first search over the automaton for every word the hand can spell, each `*` trying
/// every vowel after the real letter (so real tiles come first, and words come in alphabetical
/// order). `visit(cursor, depth, value_sum, index)` is called for each word spelled, with the
/// tiles typed in `typed` and the letters in `letters`; `index` sums the strides of the tiles
/// used (a sub-multiset's index when strides are set, else 0).
class WordSearch {
 public:
  WordSearch(const Lexicon& lexicon, const Hand& hand)
      : lexicon_(lexicon), vowels_(Alphabet::english().vowels()) {
    for (Letter tile = 0; tile <= kWildcard; ++tile) left_[tile] = hand.count(tile);
    held_ = hand.letters();
    const std::size_t max_length = std::min<std::size_t>(lexicon.max_length(), hand.size());
    typed_.resize(max_length);
    letters_.resize(max_length);
  }

  void set_stride(Letter tile, std::uint64_t stride) { stride_[tile] = stride; }
  std::span<const Letter> typed(int depth) const { return {typed_.data(), std::size_t(depth)}; }
  std::span<const Letter> letters(int depth) const { return {letters_.data(), std::size_t(depth)}; }

  template <class Visit>
  void run(Visit& visit) {
    if (!typed_.empty()) go(lexicon_.root(), 0, 0, 0, visit);
  }

 private:
  template <class Visit>
  void go(const Lexicon::Cursor& at, int depth, int value, std::uint64_t index, Visit& visit) {
    const bool wild = left_[kWildcard] > 0;
    const LetterSet among = wild ? held_ | vowels_ : held_;
    const LetterSet next = lexicon_.children(at, among);
    const bool deeper = static_cast<std::size_t>(depth + 1) < typed_.size();
    for (Letter l : next) {
      const Lexicon::Cursor child = lexicon_.child(at, l);
      letters_[depth] = l;
      if (left_[l] > 0) {
        typed_[depth] = l;
        const int v = value + tile_value(l);
        if (child.word) visit(child, depth + 1, v, index + stride_[l]);
        if (deeper) {
          if (--left_[l] == 0) held_.erase(l);
          go(child, depth + 1, v, index + stride_[l], visit);
          if (left_[l]++ == 0) held_.insert(l);
        }
      }
      if (wild && vowels_.contains(l)) {
        typed_[depth] = kWildcard;
        if (child.word) visit(child, depth + 1, value, index + stride_[kWildcard]);
        if (deeper) {
          --left_[kWildcard];
          go(child, depth + 1, value, index + stride_[kWildcard], visit);
          ++left_[kWildcard];
        }
      }
    }
  }

  const Lexicon& lexicon_;
  LetterSet vowels_;
  std::array<int, kMaxLetters + 1> left_{};
  std::array<std::uint64_t, kMaxLetters + 1> stride_{};
  LetterSet held_;
  std::vector<Letter> typed_;
  std::vector<Letter> letters_;
};

/// Keeps the best single word seen.
struct BestWord {
  const WordSearch* search = nullptr;
  int hand_size = 0;
  std::optional<Play> best;

  void offer(int depth, int value) {
    const int score = word_score(value, depth, hand_size);
    if (best && score <= best->score) return;
    Play play;
    const auto typed = search->typed(depth);
    const auto letters = search->letters(depth);
    play.typed.assign(typed.begin(), typed.end());
    play.word.assign(letters.begin(), letters.end());
    play.score = score;
    best = std::move(play);
  }
};

/// The sub-multisets of a hand as mixed-radix numbers: digit i counts tile type i.
struct States {
  std::vector<Letter> types;
  std::vector<int> counts;
  std::vector<std::uint64_t> strides;
  std::uint64_t size = 1;
  std::uint64_t work = 1;

  explicit States(const Hand& hand) {
    for (Letter tile = 0; tile <= kWildcard; ++tile) {
      const int m = hand.count(tile);
      if (m == 0) continue;
      types.push_back(tile);
      counts.push_back(m);
      strides.push_back(size);
      const auto m64 = static_cast<std::uint64_t>(m);
      // Saturate: a hand too large to solve must still be refused, not overflow.
      const std::uint64_t cap = kMaxPlanWork + 1;
      size = std::min(cap, size * (m64 + 1));
      work = std::min(cap, work * ((m64 + 1) * (m64 + 2) / 2));
    }
  }

  /// Copies of type i in state s.
  int digit(std::size_t s, std::size_t i) const {
    return static_cast<int>((s / strides[i]) % (static_cast<std::uint64_t>(counts[i]) + 1));
  }
  bool inside(std::size_t s, std::size_t h) const {
    for (std::size_t i = 0; i < types.size(); ++i) {
      if (digit(s, i) > digit(h, i)) return false;
    }
    return true;
  }

  /// Calls visit(s) for every non-empty sub-multiset s of the state with digits `held`, in
  /// increasing order, by odometer over the types the state holds. `held` has one digit per type.
  template <class Visit>
  void for_each_subset(std::span<const int> held, Visit&& visit) const {
    std::array<std::uint64_t, kMaxLetters + 1> stride;
    std::array<int, kMaxLetters + 1> top, digits;
    std::size_t k = 0;
    for (std::size_t i = 0; i < held.size(); ++i) {
      if (held[i] == 0) continue;
      stride[k] = strides[i];
      top[k] = held[i];
      digits[k] = 0;
      ++k;
    }
    std::size_t s = 0;
    for (;;) {
      std::size_t i = 0;
      while (i < k && digits[i] == top[i]) {
        s -= static_cast<std::size_t>(digits[i]) * stride[i];
        digits[i] = 0;
        ++i;
      }
      if (i == k) return;
      ++digits[i];
      s += stride[i];
      visit(s);
    }
  }
};

/// A plan's total and number of plays as one number, so that comparing keys compares totals,
/// then prefers fewer plays: (total << 32) | (kMaxPlays - plays). One more play is key - 1, a
/// word's points are added as gain << 32.
using Key = std::int64_t;
constexpr Key kMaxPlays = 0xFFFF'FFFF;
constexpr Key kEmptyPlan = kMaxPlays;  ///< total 0, no plays
int total_of(Key key) { return static_cast<int>(key >> 32); }
Key points(int gain) { return static_cast<Key>(gain) << 32; }

class PlanSolver {
 public:
  PlanSolver(const Lexicon& lexicon, const Hand& hand)
      : lexicon_(lexicon), hand_(hand), states_(hand), search_(lexicon, hand) {
    if (states_.work > kMaxPlanWork) {
      throw std::invalid_argument("optimal plan: hand too large to solve exactly (" +
                                  std::to_string(hand.size()) + " tiles)");
    }
    const std::size_t n = states_.size;
    const std::size_t k = states_.types.size();
    size_of_.assign(n, 0);
    value_of_.assign(n, 0);
    std::vector<int> d(k, 0);
    for (std::size_t s = 1; s < n; ++s) {
      // Odometer from s-1: digits, size and value follow incrementally.
      int size = size_of_[s - 1], value = value_of_[s - 1];
      for (std::size_t i = 0; i < k; ++i) {
        const int v = tile_value(states_.types[i]);
        if (d[i] < states_.counts[i]) {
          ++d[i];
          ++size;
          value += v;
          break;
        }
        size -= d[i];
        value -= d[i] * v;
        d[i] = 0;
      }
      size_of_[s] = size;
      value_of_[s] = value;
    }
    for (std::size_t i = 0; i < k; ++i) search_.set_stride(states_.types[i], states_.strides[i]);
    rank_of_.assign(n, kNone);
    wild_mask_.assign(n, 0);
    word_value_.assign(n, -1);
  }

  /// One pass over the lexicon: the spellable sub-multisets, with one word each, and the best.
  void find_words(BestWord& best) {
    best.search = &search_;
    best.hand_size = hand_.size();
    auto visit = [&](const Lexicon::Cursor& at, int depth, int value, std::uint64_t index) {
      best.offer(depth, value);
      if (rank_of_[index] != kNone) return;
      rank_of_[index] = at.rank;
      word_value_[index] = value;
      std::uint64_t mask = 0;
      const auto typed = search_.typed(depth);
      for (int i = 0; i < depth; ++i) {
        if (typed[i] == kWildcard) mask |= std::uint64_t{1} << i;
      }
      wild_mask_[index] = mask;
      spellable_.push_back(static_cast<std::uint32_t>(index));
    };
    search_.run(visit);
  }

  /// The best plan's key from every sub-multiset, smallest first, for the plans asked for.
  /// Both plans meet the same plays, so one enumeration of each state's spellable sub-multisets
  /// serves both: V(h) = max over spellable S ⊆ h of gain(S, |h|) + V(h - S). With discards,
  /// throwing away any non-empty S leads to any strictly smaller state; as V never decreases
  /// with more tiles (a discard scores 0), the best of those is the best over the states one
  /// tile smaller and their own best below (reach), k steps instead of every S. False if
  /// `work` was stopped first; progress is the fraction of states done.
  bool evaluate(bool plain, bool discards, const Work& work) {
    if (plain && discards) return sweep<true, true>(work);
    if (plain) return sweep<true, false>(work);
    return sweep<false, true>(work);
  }

  /// Best word and both plans; nullopt if `work` was stopped first.
  std::optional<Solution> solve(const Work& work) {
    BestWord best;
    find_words(best);
    if (!evaluate(true, true, work)) return std::nullopt;
    Solution solution;
    solution.best_word = std::move(best.best);
    solution.plan = plan(false);
    solution.plan_with_discards = plan(true);
    return solution;
  }

  /// The plan evaluate() found: from the full hand, the first play (in the order the original
  /// search considered them: words in lexicon-walk order; with discards, sub-multisets by
  /// index) whose total and play count equal the best, until the best left is 0.
  Plan plan(bool allow_discards) const {
    const std::vector<Key>& key = allow_discards ? with_discards_ : plain_;
    Plan result;
    std::size_t h = states_.size - 1;
    result.total = total_of(key[h]);
    while (total_of(key[h]) > 0) {
      const std::size_t s = allow_discards ? choice_with_discards(h) : choice_plain(h);
      result.plays.push_back(play_of(s, size_of_[h]));
      h -= s;
    }
    return result;
  }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  /// States between two looks at the Work: often enough to stop within a millisecond or so.
  static constexpr std::size_t kCheckEvery = 4096;

  /// The key of playing state s as a word from state h, then the best from h - s.
  Key word_key(const std::vector<Key>& key, std::size_t s, std::size_t h) const {
    return points(word_score(word_value_[s], size_of_[s], size_of_[h])) + key[h - s] - 1;
  }

  template <bool kPlain, bool kDiscards>
  bool sweep(const Work& work) {
    const std::size_t n = states_.size;
    const std::size_t k = states_.types.size();
    if constexpr (kPlain) plain_.assign(n, kEmptyPlan);
    if constexpr (kDiscards) {
      with_discards_.assign(n, kEmptyPlan);
      reach_.assign(n, kEmptyPlan);
    }
    std::vector<int> hd(k, 0);  // digits of h
    for (std::size_t h = 1; h < n; ++h) {
      if ((h - 1) % kCheckEvery == 0) {
        if (work.stop.stop_requested()) return false;
        if (work.progress) work.progress(static_cast<double>(h) / static_cast<double>(n));
      }
      for (std::size_t i = 0; i < k; ++i) {  // odometer
        if (hd[i] < states_.counts[i]) {
          ++hd[i];
          break;
        }
        hd[i] = 0;
      }
      const int hand_size = size_of_[h];
      Key plain = kEmptyPlan, with_discards = kEmptyPlan;
      states_.for_each_subset(hd, [&](std::size_t s) {
        const int value = word_value_[s];
        if (value < 0) return;
        const Key gain = points(word_score(value, size_of_[s], hand_size)) - 1;
        if constexpr (kPlain) plain = std::max(plain, gain + plain_[h - s]);
        if constexpr (kDiscards)
          with_discards = std::max(with_discards, gain + with_discards_[h - s]);
      });
      if constexpr (kPlain) plain_[h] = plain;
      if constexpr (kDiscards) {
        Key below = kEmptyPlan;
        for (std::size_t i = 0; i < k; ++i) {
          if (hd[i] > 0) below = std::max(below, reach_[h - states_.strides[i]]);
        }
        with_discards_[h] = std::max(with_discards, below - 1);
        reach_[h] = std::max(with_discards_[h], below);
      }
    }
    return true;
  }

  std::size_t choice_plain(std::size_t h) const {
    for (std::uint32_t s : spellable_) {
      if (s <= h && states_.inside(s, h) && word_key(plain_, s, h) == plain_[h]) return s;
    }
    throw std::logic_error("optimal plan: no play reaches the best total");
  }

  std::size_t choice_with_discards(std::size_t h) const {
    std::vector<int> hd(states_.types.size());
    for (std::size_t i = 0; i < hd.size(); ++i) hd[i] = states_.digit(h, i);
    std::size_t found = 0;
    states_.for_each_subset(hd, [&](std::size_t s) {
      if (found != 0) return;
      const Key key =
          word_value_[s] >= 0 ? word_key(with_discards_, s, h) : with_discards_[h - s] - 1;
      if (key == with_discards_[h]) found = s;
    });
    if (found == 0) throw std::logic_error("optimal plan: no play reaches the best total");
    return found;
  }

  Play play_of(std::size_t s, int hand_size) const {
    Play play;
    const std::size_t k = states_.types.size();
    if (rank_of_[s] == kNone) {
      play.discard = true;
      for (std::size_t i = 0; i < k; ++i) {
        play.typed.insert(play.typed.end(), static_cast<std::size_t>(states_.digit(s, i)),
                          states_.types[i]);
      }
      return play;
    }
    play.word = lexicon_.letters_at(rank_of_[s]);
    play.typed = play.word;
    for (std::size_t i = 0; i < play.typed.size(); ++i) {
      if ((wild_mask_[s] >> i) & 1u) play.typed[i] = kWildcard;
    }
    play.score = word_score(value_of_[s], size_of_[s], hand_size);
    return play;
  }

  const Lexicon& lexicon_;
  const Hand& hand_;
  States states_;
  WordSearch search_;
  std::vector<int> size_of_;
  std::vector<int> value_of_;
  std::vector<std::uint32_t> rank_of_;    ///< a word spelling exactly s, or kNone
  std::vector<std::uint64_t> wild_mask_;  ///< its positions typed as `*`
  std::vector<int> word_value_;           ///< value_of_[s] if a word spells s, else -1
  std::vector<std::uint32_t> spellable_;  ///< the states with a word, in walk order
  std::vector<Key> plain_;                ///< best plan from each state, words only
  std::vector<Key> with_discards_;        ///< best plan from each state, discards allowed
  std::vector<Key> reach_;                ///< best of with_discards_ over the state's subsets
};

}  // namespace

std::optional<Play> best_word(const Lexicon& lexicon, const Hand& hand) {
  WordSearch search(lexicon, hand);
  BestWord best{&search, hand.size(), std::nullopt};
  auto visit = [&best](const Lexicon::Cursor&, int depth, int value, std::uint64_t) {
    best.offer(depth, value);
  };
  search.run(visit);
  return best.best;
}

std::uint64_t plan_work(const Hand& hand) { return States(hand).work; }

Plan optimal_plan(const Lexicon& lexicon, const Hand& hand, bool allow_discards) {
  PlanSolver solver(lexicon, hand);
  BestWord ignored;
  solver.find_words(ignored);
  solver.evaluate(!allow_discards, allow_discards, {});
  return solver.plan(allow_discards);
}

Solution solve(const Lexicon& lexicon, const Hand& hand) {
  PlanSolver solver(lexicon, hand);
  return *solver.solve({});
}

std::optional<Solution> try_solve(const Lexicon& lexicon, const Hand& hand, const Work& work) {
  if (plan_work(hand) > kMaxPlanWork) return std::nullopt;
  PlanSolver solver(lexicon, hand);
  return solver.solve(work);
}

}  // namespace wg::hand
