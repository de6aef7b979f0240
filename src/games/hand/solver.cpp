#include "games/hand/solver.h"

#include <algorithm>
#include <limits>
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
};

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
    digits_.assign(n * k, 0);
    for (std::size_t s = 1; s < n; ++s) {
      // Odometer from s-1: digits, size and value follow incrementally.
      std::uint8_t* d = &digits_[s * k];
      std::copy_n(&digits_[(s - 1) * k], k, d);
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
  }

  /// One pass over the lexicon: the spellable sub-multisets, with one word each, and the best.
  void find_words(BestWord& best) {
    best.search = &search_;
    best.hand_size = hand_.size();
    auto visit = [&](const Lexicon::Cursor& at, int depth, int value, std::uint64_t index) {
      best.offer(depth, value);
      if (rank_of_[index] != kNone) return;
      rank_of_[index] = at.rank;
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

  Plan plan(bool allow_discards) {
    const std::size_t n = states_.size;
    const std::size_t k = states_.types.size();
    std::vector<int> best(n, 0);
    std::vector<std::uint32_t> choice(n, kNone);
    std::vector<int> plays(n, 0);  // plays in the chosen plan: ties go to fewer
    std::vector<int> s_digits(k);
    for (std::size_t h = 1; h < n; ++h) {
      const int hand_size = size_of_[h];
      const std::uint8_t* hd = &digits_[h * k];
      int top = 0, fewest = 0;
      std::uint32_t pick = kNone;
      auto consider = [&](std::size_t s) {
        const int gain =
            rank_of_[s] != kNone ? word_score(value_of_[s], size_of_[s], hand_size) : 0;
        const int total = gain + best[h - s];
        const int count = plays[h - s] + 1;
        if (total > top || (total == top && pick != kNone && count < fewest)) {
          top = total;
          fewest = count;
          pick = static_cast<std::uint32_t>(s);
        }
      };
      if (allow_discards) {
        // Every non-empty sub-multiset of h, by odometer over h's digits.
        std::fill(s_digits.begin(), s_digits.end(), 0);
        std::size_t s = 0;
        for (;;) {
          std::size_t i = 0;
          for (; i < k; ++i) {
            if (s_digits[i] < hd[i]) {
              ++s_digits[i];
              s += states_.strides[i];
              break;
            }
            s -= s_digits[i] * states_.strides[i];
            s_digits[i] = 0;
          }
          if (i == k) break;
          consider(s);
        }
      } else {
        for (std::uint32_t s : spellable_) {
          if (s > h) continue;
          const std::uint8_t* sd = &digits_[std::size_t{s} * k];
          bool inside = true;
          for (std::size_t i = 0; i < k && inside; ++i) inside = sd[i] <= hd[i];
          if (inside) consider(s);
        }
      }
      best[h] = top;
      choice[h] = pick;
      plays[h] = fewest;
    }

    Plan result;
    std::size_t h = n - 1;
    result.total = best[h];
    while (choice[h] != kNone) {
      const std::size_t s = choice[h];
      result.plays.push_back(play_of(s, size_of_[h]));
      h -= s;
    }
    return result;
  }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  Play play_of(std::size_t s, int hand_size) const {
    Play play;
    const std::size_t k = states_.types.size();
    if (rank_of_[s] == kNone) {
      play.discard = true;
      for (std::size_t i = 0; i < k; ++i) {
        play.typed.insert(play.typed.end(), digits_[s * k + i], states_.types[i]);
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
  std::vector<std::uint8_t> digits_;      ///< digits_[s * k + i]: copies of type i in state s
  std::vector<std::uint32_t> rank_of_;    ///< a word spelling exactly s, or kNone
  std::vector<std::uint64_t> wild_mask_;  ///< its positions typed as `*`
  std::vector<std::uint32_t> spellable_;  ///< the states with a word
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
  return solver.plan(allow_discards);
}

Solution solve(const Lexicon& lexicon, const Hand& hand) {
  PlanSolver solver(lexicon, hand);
  BestWord best;
  solver.find_words(best);
  Solution solution;
  solution.best_word = std::move(best.best);
  solution.plan = solver.plan(false);
  solution.plan_with_discards = solver.plan(true);
  return solution;
}

}  // namespace wg::hand
