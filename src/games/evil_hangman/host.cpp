#include "games/evil_hangman/host.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <unordered_map>

namespace wg::evil_hangman {

namespace {

constexpr std::array kStrategies = {Strategy::kLargest, Strategy::kLookahead, Strategy::kOptimal,
                                    Strategy::kFair};

/// The letters of `among` in decreasing order of how many candidates contain them (ties by
/// code); letters no candidate contains are left out: guessing one only costs a miss.
int letters_by_frequency(const WordSet& words, std::span<const WordId> candidates, LetterSet among,
                         std::array<Letter, kMaxLetters>& out) {
  std::array<std::uint32_t, kMaxLetters> count{};
  for (WordId id : candidates) {
    for (Letter l : words.letter_set(id) & among) ++count[l];
  }
  int n = 0;
  for (Letter l : among) {
    if (count[l] > 0) out[static_cast<std::size_t>(n++)] = l;
  }
  std::stable_sort(out.begin(), out.begin() + n,
                   [&](Letter a, Letter b) { return count[a] > count[b]; });
  return n;
}

/// True if family a is preferred to family b by the `largest` rule.
bool larger(const Family& a, const Family& b) {
  if (a.size != b.size) return a.size > b.size;
  const int pa = std::popcount(a.positions), pb = std::popcount(b.positions);
  if (pa != pb) return pa < pb;
  return a.positions < b.positions;
}

struct BudgetExceeded {};

/// The minimax search shared by lookahead and optimal: partition buffers per ply.
struct Search {
  const WordSet& words;
  std::vector<Partition> plies;
  explicit Search(const WordSet& w) : words(w), plies(kMaxLetters + 2) {}

  /// Depth-limited minimax with alpha-beta at the guesser's nodes.
  int lookahead(std::span<const WordId> cand, LetterSet guessed, int misses_left, int depth,
                std::size_t ply) {
    if (misses_left <= 0 || cand.size() <= 1 || depth <= 0) return 0;
    if (depth == 1) {
      // One host decision left: a miss can be forced unless some unguessed letter is in every
      // word (the guesser then guesses it safely).
      std::uint32_t common = ~0u;
      for (WordId id : cand) common &= words.letter_set(id).bits();
      return (LetterSet(common) & ~guessed).empty() ? 1 : 0;
    }
    std::array<Letter, kMaxLetters> letters;
    const int n = letters_by_frequency(words, cand, words.alphabet().letters() & ~guessed, letters);
    int best = misses_left;
    Partition& part = plies[ply];
    for (int i = 0; i < n && best > 0; ++i) {
      const Letter l = letters[static_cast<std::size_t>(i)];
      part.split(words, cand, l);
      LetterSet next = guessed;
      next.insert(l);
      int host = 0;
      for (const Family& f : part.families()) {
        const int miss = f.is_miss() ? 1 : 0;
        const int v =
            miss + lookahead(part.words_of(f), next, misses_left - miss, depth - 1, ply + 1);
        host = std::max(host, v);
        if (host >= best) break;  // this letter is no better for the guesser
      }
      best = std::min(best, host);
    }
    return best;
  }
};

struct Key {
  std::array<std::uint64_t, 4> k{};
  bool operator==(const Key&) const = default;
};

struct KeyHash {
  std::size_t operator()(const Key& key) const {
    std::uint64_t h = 0x243F6A8885A308D3ull;
    for (std::uint64_t v : key.k) h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

/// Revealed positions hold five bits each: 12 to a word, so words of up to 36 letters.
constexpr std::size_t kMaxSolvedLength = 36;

}  // namespace

std::string_view to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::kLargest:
      return "largest";
    case Strategy::kLookahead:
      return "lookahead";
    case Strategy::kOptimal:
      return "optimal";
    case Strategy::kFair:
      return "fair";
  }
  return "?";
}

std::optional<Strategy> parse_strategy(std::string_view name) {
  for (Strategy s : kStrategies) {
    if (to_string(s) == name) return s;
  }
  return std::nullopt;
}

std::span<const Strategy> all_strategies() { return kStrategies; }

int forced_misses(const WordSet& words, const Position& position, int depth) {
  Search search(words);
  return search.lookahead(position.candidates, position.guessed, position.misses_left, depth, 0);
}

// --- The exact solver.

struct OptimalSolver::Impl {
  Search search;
  OptimalBudget budget;
  std::unordered_map<Key, std::uint8_t, KeyHash> memo;
  std::uint64_t evaluated = 0;

  Impl(const WordSet& words, OptimalBudget b) : search(words), budget(b) {}

  Key key_of(std::span<const WordId> cand, LetterSet guessed, int misses_left) const {
    Key key;
    key.k[0] = guessed.bits() | (static_cast<std::uint64_t>(misses_left) << 32);
    const std::span<const Letter> word = search.words.word(cand.front());
    for (std::size_t p = 0; p < word.size(); ++p) {
      const std::uint64_t code = guessed.contains(word[p]) ? word[p] + 1u : 0u;
      key.k[1 + p / 12] |= code << (5 * (p % 12));
    }
    return key;
  }

  int value(std::span<const WordId> cand, LetterSet guessed, int misses_left, std::size_t ply) {
    if (misses_left <= 0 || cand.size() <= 1) return 0;
    const Key key = key_of(cand, guessed, misses_left);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    if (++evaluated > budget.max_positions) throw BudgetExceeded{};
    const WordSet& words = search.words;
    // Letters in every word are the only guesses the host cannot answer with a miss; without
    // one, every guess can cost a miss, so the value is at least 1. With one miss left only
    // those letters can avoid losing at once.
    std::uint32_t common_bits = ~0u;
    for (WordId id : cand) common_bits &= words.letter_set(id).bits();
    const LetterSet common = LetterSet(common_bits) & ~guessed;
    const int lower = common.empty() ? 1 : 0;
    if (misses_left == 1 && lower == 1) {
      memo.emplace(key, std::uint8_t{1});
      return 1;
    }
    const LetterSet open = misses_left == 1 ? common : words.alphabet().letters() & ~guessed;
    std::array<Letter, kMaxLetters> letters;
    const int n = letters_by_frequency(words, cand, open, letters);
    int best = misses_left;
    Partition& part = search.plies[ply];
    for (int i = 0; i < n && best > lower; ++i) {
      const Letter l = letters[static_cast<std::size_t>(i)];
      part.split(words, cand, l);
      // The miss first (it counts at once), then the largest: the likeliest to reach the bound.
      std::array<std::uint32_t, 64> order_small;
      std::vector<std::uint32_t> order_large;
      const std::size_t nf = part.families().size();
      std::uint32_t* order = order_small.data();
      if (nf > order_small.size()) {
        order_large.resize(nf);
        order = order_large.data();
      }
      for (std::uint32_t f = 0; f < nf; ++f) order[f] = f;
      std::sort(order, order + nf, [&](std::uint32_t a, std::uint32_t b) {
        const Family& fa = part.families()[a];
        const Family& fb = part.families()[b];
        if (fa.is_miss() != fb.is_miss()) return fa.is_miss();
        return larger(fa, fb);
      });
      LetterSet next = guessed;
      next.insert(l);
      int host = 0;
      for (std::size_t j = 0; j < nf; ++j) {
        // The partition of this ply is overwritten by deeper plies only at ply + 1 and below,
        // so the family's words stay valid.
        const Family& f = part.families()[order[j]];
        const int miss = f.is_miss() ? 1 : 0;
        const int v = miss + value(part.words_of(f), next, misses_left - miss, ply + 1);
        host = std::max(host, v);
        if (host >= best) break;
      }
      best = std::min(best, host);
    }
    if (memo.size() >= budget.max_memo) {
      memo.clear();
      throw BudgetExceeded{};
    }
    memo.emplace(key, static_cast<std::uint8_t>(best));
    return best;
  }
};

OptimalSolver::OptimalSolver(const WordSet& words, OptimalBudget budget)
    : impl_(std::make_unique<Impl>(words, budget)) {}
OptimalSolver::~OptimalSolver() = default;
OptimalSolver::OptimalSolver(OptimalSolver&&) noexcept = default;

std::optional<int> OptimalSolver::value(const Position& position) {
  impl_->evaluated = 0;
  if (impl_->search.words.length() > kMaxSolvedLength) return std::nullopt;
  try {
    return impl_->value(position.candidates, position.guessed, position.misses_left, 0);
  } catch (const BudgetExceeded&) {
    return std::nullopt;
  }
}

std::uint64_t OptimalSolver::positions_evaluated() const { return impl_->evaluated; }
std::uint64_t OptimalSolver::positions_remembered() const { return impl_->memo.size(); }

// --- The host.

Host::Host(const WordSet& words, HostConfig config, Rng rng)
    : words_(&words), config_(config), rng_(rng) {
  if (config_.depth < 1) throw std::invalid_argument("lookahead depth must be at least 1");
  if (config_.strategy == Strategy::kFair && !words.empty()) {
    secret_ = static_cast<WordId>(rng_.below(words.size()));
  }
  if (config_.strategy == Strategy::kOptimal) {
    solver_ = std::make_unique<OptimalSolver>(words, config_.budget);
  }
}
Host::~Host() = default;
Host::Host(Host&&) noexcept = default;

Decision Host::choose(const Position& position, Letter guess, const Partition& families) {
  const std::vector<Family>& fams = families.families();
  if (fams.empty()) throw std::invalid_argument("no family to choose from");
  Decision d;
  d.decided_by = config_.strategy;
  for (const Family& f : fams) d.scores.push_back(FamilyScore{f.positions, f.size, -1});

  auto pick_largest = [&] {
    int best = 0;
    for (int i = 1; i < static_cast<int>(fams.size()); ++i) {
      if (larger(fams[static_cast<std::size_t>(i)], fams[static_cast<std::size_t>(best)])) best = i;
    }
    return best;
  };
  LetterSet next = position.guessed;
  next.insert(guess);

  // Scores every family by `evaluate` (misses from the position after it), then picks the
  // highest score, ties broken by the largest rule.
  auto pick_by_score = [&](auto&& evaluate) {
    for (std::size_t i = 0; i < fams.size(); ++i) {
      const int miss = fams[i].is_miss() ? 1 : 0;
      const Position after{families.words_of(fams[i]), next, position.misses_left - miss};
      d.scores[i].forced_misses = miss + evaluate(after);
    }
    int best = 0;
    for (int i = 1; i < static_cast<int>(fams.size()); ++i) {
      const auto& a = d.scores[static_cast<std::size_t>(i)];
      const auto& b = d.scores[static_cast<std::size_t>(best)];
      const Family& fa = fams[static_cast<std::size_t>(i)];
      const Family& fb = fams[static_cast<std::size_t>(best)];
      // Ties: a miss now (a miss in hand beats one the search only expects), then largest.
      if (a.forced_misses > b.forced_misses ||
          (a.forced_misses == b.forced_misses &&
           (fa.is_miss() != fb.is_miss() ? fa.is_miss() : larger(fa, fb)))) {
        best = i;
      }
    }
    return best;
  };
  auto lookahead = [&] {
    Search search(*words_);
    return pick_by_score([&](const Position& p) {
      return search.lookahead(p.candidates, p.guessed, p.misses_left, config_.depth - 1, 0);
    });
  };

  switch (config_.strategy) {
    case Strategy::kLargest:
      d.family = pick_largest();
      break;
    case Strategy::kLookahead:
      d.family = lookahead();
      break;
    case Strategy::kOptimal: {
      bool ok = true;
      const int family = pick_by_score([&](const Position& p) {
        if (!ok) return 0;
        const std::optional<int> v = solver_->value(p);
        if (!v) ok = false;
        return v.value_or(0);
      });
      if (ok) {
        d.family = family;
      } else {
        for (FamilyScore& s : d.scores) s.forced_misses = -1;
        d.family = lookahead();
        d.decided_by = Strategy::kLookahead;
        d.fell_back = true;
      }
      break;
    }
    case Strategy::kFair: {
      d.family = pick_largest();  // a word outside the candidates cannot happen; be safe
      for (std::size_t i = 0; i < fams.size(); ++i) {
        const auto words = families.words_of(fams[i]);
        if (secret_ && std::find(words.begin(), words.end(), *secret_) != words.end()) {
          d.family = static_cast<int>(i);
        }
      }
      break;
    }
  }
  return d;
}

WordId Host::reveal(std::span<const WordId> candidates) {
  if (candidates.empty()) throw std::invalid_argument("no word to reveal");
  if (secret_ && std::find(candidates.begin(), candidates.end(), *secret_) != candidates.end()) {
    return *secret_;
  }
  return candidates[static_cast<std::size_t>(rng_.below(candidates.size()))];
}

}  // namespace wg::evil_hangman
