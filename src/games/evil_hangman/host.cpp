#include "games/evil_hangman/host.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "core/enum_names.h"

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

/// The minimax search shared by lookahead and the brute force: partition buffers per ply.
/// `Leaf` values a position at the horizon (misses_left > 0, more than one word).
struct Search {
  const WordSet& words;
  std::vector<Partition> plies;
  explicit Search(const WordSet& w) : words(w), plies(kMaxLetters + 2) {}

  /// Depth-limited minimax with alpha-beta at the guesser's nodes.
  template <typename Value, typename Leaf>
  Value minimax(std::span<const WordId> cand, LetterSet guessed, int misses_left, int depth,
                std::size_t ply, const Leaf& leaf) {
    if (misses_left <= 0 || cand.size() <= 1) return Value(0);
    if (depth <= 0) return leaf(cand.size(), misses_left);
    std::array<Letter, kMaxLetters> letters;
    const int n = letters_by_frequency(words, cand, words.alphabet().letters() & ~guessed, letters);
    Value best = Value(misses_left);
    Partition& part = plies[ply];
    for (int i = 0; i < n && best > Value(0); ++i) {
      const Letter l = letters[static_cast<std::size_t>(i)];
      part.split(words, cand, l);
      if (part.families().size() == 1 && !part.families()[0].is_miss()) {
        // Every word has the letter at the same positions: a free guess that tells nothing.
        continue;
      }
      LetterSet next = guessed;
      next.insert(l);
      Value host = Value(0);
      for (const Family& f : part.families()) {
        const int miss = f.is_miss() ? 1 : 0;
        const Value v = Value(miss) + minimax<Value>(part.words_of(f), next, misses_left - miss,
                                                     depth - 1, ply + 1, leaf);
        host = std::max(host, v);
        if (host >= best) break;  // this letter is no better for the guesser
      }
      best = std::min(best, host);
    }
    return best;
  }
};

}  // namespace

std::string depth_problem(int depth) {
  if (depth >= 1 && depth <= kMaxLookaheadDepth) return "";
  return "the lookahead depth must be from 1 to " + std::to_string(kMaxLookaheadDepth) + ", not " +
         std::to_string(depth);
}

namespace {
constexpr Named<Strategy> kStrategyNames[] = {{Strategy::kLargest, "largest"},
                                              {Strategy::kLookahead, "lookahead"},
                                              {Strategy::kOptimal, "optimal"},
                                              {Strategy::kFair, "fair"}};
}  // namespace

std::string_view to_string(Strategy strategy) { return name_of(kStrategyNames, strategy); }

std::optional<Strategy> parse_strategy(std::string_view name) {
  return value_named(kStrategyNames, name);
}

std::span<const Strategy> all_strategies() { return kStrategies; }

bool switchable(Strategy strategy) {
  return strategy == Strategy::kLargest || strategy == Strategy::kLookahead;
}

int forced_misses(const WordSet& words, const Position& position, int depth) {
  Search search(words);
  return search.minimax<int>(position.candidates, position.guessed, position.misses_left, depth, 0,
                             [](std::size_t, int) { return 0; });
}

double HorizonEstimate::operator()(std::size_t words_held, int misses_left) const {
  if (words_held <= 1 || misses_left <= 0) return 0;
  return std::min(static_cast<double>(misses_left),
                  slope * std::log2(static_cast<double>(words_held)));
}

HorizonEstimate HorizonEstimate::calibrate(const WordSet& words) {
  // One game, largest against the frequency guesser, never capped: after each guess, the
  // words held and the misses still to come.
  std::vector<WordId> cand = words.all_ids();
  LetterSet guessed;
  std::vector<std::pair<double, int>> points;  // (log2 words held, misses so far)
  int misses = 0;
  Partition part;
  std::array<Letter, kMaxLetters> letters;
  while (cand.size() > 1) {
    const int n = letters_by_frequency(words, cand, words.alphabet().letters() & ~guessed, letters);
    if (n == 0) break;
    points.emplace_back(std::log2(static_cast<double>(cand.size())), misses);
    // The frequency guesser's letter (most words, ties by code: letters_by_frequency's order).
    Letter l = letters[0];
    for (int i = 0; i < n; ++i) {
      // Skip letters every word has at the same positions (they tell nothing).
      part.split(words, cand, letters[static_cast<std::size_t>(i)]);
      if (part.families().size() > 1 || part.families()[0].is_miss()) {
        l = letters[static_cast<std::size_t>(i)];
        break;
      }
    }
    part.split(words, cand, l);
    guessed.insert(l);
    const std::vector<Family>& fams = part.families();
    std::size_t best = 0;
    for (std::size_t i = 1; i < fams.size(); ++i) {
      if (larger(fams[i], fams[best])) best = i;
    }
    if (fams[best].is_miss()) ++misses;
    const std::span<const WordId> kept = part.words_of(fams[best]);
    cand.assign(kept.begin(), kept.end());
  }
  double xy = 0, xx = 0;
  for (const auto& [x, m] : points) {
    xy += x * (misses - m);
    xx += x * x;
  }
  HorizonEstimate e;
  if (xx > 0) e.slope = xy / xx;
  return e;
}

double expected_misses(const WordSet& words, const Position& position, int depth,
                       const HorizonEstimate& estimate) {
  Search search(words);
  return search.minimax<double>(position.candidates, position.guessed, position.misses_left, depth,
                                0, estimate);
}

// --- The host.

std::vector<WordId> common_secrets(const WordSet& words, Secrets secrets, const Lexicon* common) {
  std::vector<WordId> ids;
  if (secrets == Secrets::kAll || common == nullptr) return ids;
  for (WordId id = 0; id < words.size(); ++id) {
    if (common->contains(words.word(id))) ids.push_back(id);
  }
  return ids;
}

Host::Host(const WordSet& words, HostConfig config, Rng rng, std::shared_ptr<OptimalSolver> solver,
           std::span<const WordId> secrets)
    : words_(&words), config_(config), rng_(rng), secrets_(secrets), solver_(std::move(solver)) {
  if (config_.depth < 1) throw std::invalid_argument("lookahead depth must be at least 1");
  if (config_.strategy == Strategy::kFair && !words.empty()) {
    if (secrets_.size() >= kMinCommonSecrets) {
      secret_ = secrets_[static_cast<std::size_t>(rng_.below(secrets_.size()))];
    } else {
      secret_ = static_cast<WordId>(rng_.below(words.size()));
    }
  }
  if (config_.strategy == Strategy::kOptimal) {
    if (!solver_) solver_ = std::make_shared<OptimalSolver>(words, config_.budget);
    if (&solver_->words() != &words) {
      throw std::invalid_argument("the optimal host's solver is on another word set");
    }
  }
}
Host::~Host() = default;
Host::Host(Host&&) noexcept = default;

Decision Host::choose(const Position& position, Letter guess, const Partition& families,
                      const Work& work, std::optional<std::uint64_t> cut) {
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
      d.scores[i].expected_misses = miss + evaluate(after);
    }
    int best = 0;
    for (int i = 1; i < static_cast<int>(fams.size()); ++i) {
      const auto& a = d.scores[static_cast<std::size_t>(i)];
      const auto& b = d.scores[static_cast<std::size_t>(best)];
      const Family& fa = fams[static_cast<std::size_t>(i)];
      const Family& fb = fams[static_cast<std::size_t>(best)];
      // Ties: a miss now (a miss in hand beats one the search only expects), then largest.
      if (a.expected_misses > b.expected_misses ||
          (a.expected_misses == b.expected_misses &&
           (fa.is_miss() != fb.is_miss() ? fa.is_miss() : larger(fa, fb)))) {
        best = i;
      }
    }
    return best;
  };
  auto lookahead = [&] {
    if (!estimate_) estimate_ = HorizonEstimate::calibrate(*words_);
    Search search(*words_);
    return pick_by_score([&](const Position& p) {
      return search.minimax<double>(p.candidates, p.guessed, p.misses_left, config_.depth - 1, 0,
                                    *estimate_);
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
      // The budget is for the whole decision: each family's search gets what the ones before
      // it left. A replayed cut lowers the work limit to stop at the step the cut one stopped
      // at (work grows by at least one step at a time, so the first step reaching it).
      const OptimalBudget& budget = config_.budget;
      const std::uint64_t max_work =
          cut ? std::min(budget.max_work, *cut == 0 ? 0 : *cut - 1) : budget.max_work;
      bool ok = true;
      std::uint64_t positions_used = 0, work_used = 0;
      // Progress: the share of the decision's budget used, work or positions, whichever is
      // further along (the family searched now included). The search ends by the time either
      // is used up, so the share never claims more done than is; a decision that runs into its
      // budget (the long ones) fills it as it works, one that ends sooner jumps to the end then.
      // Counting families instead (they differ in cost by orders of magnitude: the miss family
      // of a first guess holds a third of the words and all of the work) crawls, then jumps.
      const auto share = [](std::uint64_t used, std::uint64_t limit) {
        return limit == 0 ? 1.0 : static_cast<double>(used) / static_cast<double>(limit);
      };
      const auto report = [&](std::uint64_t positions, std::uint64_t steps) {
        work.progress(std::min(
            1.0, std::max(share(steps, budget.max_work), share(positions, budget.max_positions))));
      };
      Work watch{work.stop, nullptr};
      if (work.progress) {
        watch.progress = [&](double) {
          report(positions_used + solver_->positions_evaluated(), work_used + solver_->work_done());
        };
      }
      const int family = pick_by_score([&](const Position& p) {
        if (!ok) return 0;
        // Withdrawn between two families' searches (a family of one or two words is valued
        // without a step of work that would see it).
        if (work.withdraw.stop_requested() && work.stop.stop_requested()) {
          throw DecisionWithdrawn{};
        }
        const std::optional<int> v =
            solver_->value(p, budget.max_positions - positions_used, max_work - work_used, watch);
        positions_used +=
            std::min(budget.max_positions - positions_used, solver_->positions_evaluated());
        work_used += solver_->work_done();
        if (!v && solver_->stopped() && work.withdraw.stop_requested()) {
          throw DecisionWithdrawn{};
        }
        if (!v) {
          ok = false;
          // Stopped, or stopped where a replayed cut says: a cut at this step. Else the budget
          // ran out (the positions, or the work beyond the budget's own limit).
          if (solver_->stopped() || (work_used > max_work && work_used <= budget.max_work)) {
            d.cut = work_used;
          }
        }
        if (work.progress) report(positions_used, work_used);
        return v.value_or(0);
      });
      if (ok) {
        d.family = family;
        for (FamilyScore& s : d.scores) s.forced_misses = static_cast<int>(s.expected_misses);
      } else {
        for (FamilyScore& s : d.scores) s.expected_misses = -1;
        d.family = lookahead();
        d.decided_by = Strategy::kLookahead;
        d.fell_back = true;
      }
      if (work.progress) work.progress(1.0);  // decided
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

void Host::switch_to(Strategy strategy) {
  if (!switchable(strategy)) {
    throw std::invalid_argument("a game can only switch to the largest or lookahead host");
  }
  config_.strategy = strategy;
  secret_.reset();
}

WordId Host::reveal(std::span<const WordId> candidates) {
  if (candidates.empty()) throw std::invalid_argument("no word to reveal");
  if (secret_ && std::find(candidates.begin(), candidates.end(), *secret_) != candidates.end()) {
    return *secret_;
  }
  std::vector<WordId> known;
  for (WordId id : candidates) {
    if (std::binary_search(secrets_.begin(), secrets_.end(), id)) known.push_back(id);
  }
  const std::span<const WordId> from = known.empty() ? candidates : std::span<const WordId>(known);
  return from[static_cast<std::size_t>(rng_.below(from.size()))];
}

}  // namespace wg::evil_hangman
