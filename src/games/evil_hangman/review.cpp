#include "games/evil_hangman/review.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <variant>

#include "core/overloaded.h"
#include "games/evil_hangman/partition.h"

namespace wg::evil_hangman {

std::optional<PlayedGame> played_game(const Config& config, std::span<const Command> commands,
                                      int game) {
  std::optional<PlayedGame> played;
  int index = -1;
  Strategy host = config.strategy;
  for (const Command& command : commands) {
    if (const auto* start = std::get_if<NewGame>(&command)) {
      if (++index > game) break;
      if (index == game) {
        played.emplace();
        played->length = static_cast<int>(start->length.value_or(config.length.value_or(0)));
        played->guesses = static_cast<int>(std::min<std::int64_t>(
            start->guesses.value_or(config.guesses.value_or(0)), std::numeric_limits<int>::max()));
        host = config.strategy;
      }
      continue;
    }
    if (index != game) continue;
    std::visit(Overloaded{[&](const Guess& c) {
                            played->letters.push_back(c.letter);
                            played->hosts.push_back(host);
                          },
                          [&](const GiveUp&) { played->gave_up = true; },
                          [&](const SwitchHost& c) { host = c.strategy; }, [](const auto&) {}},
               command);
  }
  return played;
}

namespace {

/// The largest family of a guess, as the `largest` host orders them (host.cpp's rule).
bool larger(const Family& a, const Family& b) {
  if (a.size != b.size) return a.size > b.size;
  const int pa = std::popcount(a.positions), pb = std::popcount(b.positions);
  if (pa != pb) return pa < pb;
  return a.positions < b.positions;
}

/// A guess that may be played from a position, as the search sees it.
struct Option {
  Letter letter = kNoLetter;
  std::uint32_t largest = 0;  ///< its largest family
  int rank = 0;               ///< 0: it tells something; 1: a free hit; 2: a sure miss
};

/// A position while the game is replayed.
struct Place {
  std::vector<WordId> candidates;
  LetterSet guessed;
  int misses_left = 0;
  std::vector<Letter> pattern;
  Position position() const { return Position{candidates, guessed, misses_left}; }
};

class Reviewing {
 public:
  Reviewing(const WordSet& words, const ReviewBudget& budget, const Work& work)
      : words_(words),
        budget_(budget),
        work_(work),
        solver_(words, OptimalBudget{budget.max_positions, budget.max_memo, budget.move_work}) {}

  bool stopped() const { return stopped_ || work_.stop.stop_requested(); }

  /// The guesses left at `place`, those that tell something first, each kind by its largest
  /// family, then by code.
  std::vector<Option> options(const Place& place) {
    std::vector<Option> out;
    for (const Letter l : words_.alphabet().letters() & ~place.guessed) {
      part_.split(words_, place.candidates, l);
      Option o{l, 0, 0};
      for (const Family& f : part_.families()) o.largest = std::max(o.largest, f.size);
      if (part_.families().size() == 1) o.rank = part_.families()[0].is_miss() ? 2 : 1;
      out.push_back(o);
    }
    std::stable_sort(out.begin(), out.end(), [](const Option& a, const Option& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.largest < b.largest;
    });
    return out;
  }

  /// The exact value of `position` within what is left of `allowance` and of the review's
  /// work; nullopt beyond. `proved` gets what it proved.
  std::optional<int> value(const Position& position, std::uint64_t& allowance,
                           int* proved = nullptr) {
    if (stopped()) return std::nullopt;
    const std::uint64_t limit = budget_.max_work + extra_;
    const std::uint64_t left = std::min(allowance, limit - std::min(limit, spent_));
    if (left == 0 && position.candidates.size() > 1 && position.misses_left > 0) {
      return std::nullopt;
    }
    const std::optional<int> v =
        solver_.value(position, budget_.max_positions, left, Work{work_.stop, nullptr});
    const std::uint64_t done = solver_.work_done();
    spent_ += done;
    allowance -= std::min(allowance, done);
    if (!v && solver_.stopped()) stopped_ = true;
    if (proved) *proved = v ? *v : solver_.proved_lower_bound();
    return v;
  }

  /// Misses the optimal host forces after guessing `letter` at `place`, its miss included;
  /// nullopt beyond the allowance. Stops early with a value above `above` once one is found.
  std::optional<int> forced_after(const Place& place, Letter letter, std::uint64_t& allowance,
                                  std::optional<int> above = std::nullopt,
                                  std::size_t* chosen = nullptr) {
    const Partition part = partition(words_, place.candidates, letter);
    LetterSet next = place.guessed;
    next.insert(letter);
    int forced = 0;
    std::size_t best = 0;
    const std::vector<Family>& fams = part.families();
    for (std::size_t i = 0; i < fams.size(); ++i) {
      const int miss = fams[i].is_miss() ? 1 : 0;
      const std::optional<int> v =
          value(Position{part.words_of(fams[i]), next, place.misses_left - miss}, allowance);
      if (!v) return std::nullopt;
      const int f = miss + *v;
      // The optimal host's ties: a miss in hand, then the largest family.
      if (i == 0 || f > forced ||
          (f == forced &&
           (fams[i].is_miss() != fams[best].is_miss() ? fams[i].is_miss()
                                                      : larger(fams[i], fams[best])))) {
        best = i;
      }
      forced = std::max(forced, f);
      if (above && forced > *above) return forced;
    }
    if (chosen) *chosen = best;
    return forced;
  }

  /// A guess at `place` after which the optimal host forces no more than `value` (the value
  /// of `place`): `played` when it is one, else the first of options(); nullopt beyond the
  /// allowance.
  std::optional<Letter> best_exact(const Place& place, int value, Letter played,
                                   std::optional<int> played_forced, std::uint64_t& allowance) {
    if (played_forced && *played_forced <= value) return played;
    for (const Option& o : options(place)) {
      if (o.letter == played) continue;
      const std::optional<int> f = forced_after(place, o.letter, allowance, value);
      if (!f) return std::nullopt;
      if (*f <= value) return o.letter;
    }
    return std::nullopt;
  }

  /// Lookahead's value of guessing `letter` at `place`: the most, over its families, of the
  /// miss and expected_misses() kReviewDepth - 1 host decisions deep. Stops early with a value
  /// at least `above` once one is found.
  double expected_after(const Place& place, Letter letter,
                        std::optional<double> above = std::nullopt) {
    if (!estimate_) estimate_ = HorizonEstimate::calibrate(words_);
    const Partition part = partition(words_, place.candidates, letter);
    LetterSet next = place.guessed;
    next.insert(letter);
    double worst = 0;
    for (const Family& f : part.families()) {
      const int miss = f.is_miss() ? 1 : 0;
      worst = std::max(
          worst,
          miss + expected_misses(words_, Position{part.words_of(f), next, place.misses_left - miss},
                                 kReviewDepth - 1, *estimate_));
      if (above && worst >= *above) break;
    }
    return worst;
  }

  /// Lookahead's choice at `place` (the played letter on a tie) and its value.
  std::pair<Letter, double> best_lookahead(const Place& place, Letter played, double played_value) {
    Letter best = played;
    double value = played_value;
    for (const Option& o : options(place)) {
      if (o.letter == played || stopped()) continue;
      if (o.rank == 2) continue;  // a sure miss is never better than a guess that may hit
      const double v = expected_after(place, o.letter, value);
      if (v < value - 1e-9) {
        best = o.letter;
        value = v;
      }
    }
    return {best, value};
  }

  /// Lets the review spend `work` more steps.
  void extend(std::uint64_t work) { extra_ += work; }

 private:
  const WordSet& words_;
  const ReviewBudget& budget_;
  const Work& work_;
  OptimalSolver solver_;
  Partition part_;
  std::optional<HorizonEstimate> estimate_;
  std::uint64_t spent_ = 0;
  std::uint64_t extra_ = 0;  ///< steps allowed beyond the budget's max_work
  bool stopped_ = false;
};

/// Reveals the positions of `letter` in `word` on `pattern`; its position mask.
std::uint64_t positions_of(std::span<const Letter> word, Letter letter) {
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == letter) mask |= std::uint64_t{1} << i;
  }
  return mask;
}

}  // namespace

Review review(const WordSet& words, const PlayedGame& game, std::span<const Letter> word,
              const ReviewBudget& budget, const Work& work) {
  if (word.size() != words.length() || words.find(word) < 0) {
    throw std::invalid_argument("the word of the game is not among the words of its length");
  }
  Review out;
  // The positions before each guess, from the word at the end.
  std::vector<Place> places;
  Place place{words.all_ids(), LetterSet(), game.guesses,
              std::vector<Letter>(words.length(), kNoLetter)};
  Partition part;
  for (const Letter l : game.letters) {
    if (l >= words.alphabet().size() || place.guessed.contains(l)) {
      throw std::invalid_argument("a letter of the game is guessed twice or is no letter");
    }
    places.push_back(place);
    GuessReview g;
    g.letter = l;
    g.pattern = place.pattern;
    g.misses_left = place.misses_left;
    g.words_before = static_cast<std::uint32_t>(place.candidates.size());
    part.split(words, place.candidates, l);
    const std::uint64_t mask = positions_of(word, l);
    const int family = part.find(mask);
    if (family < 0) throw std::invalid_argument("the word does not fit the game");
    const Family& f = part.families()[static_cast<std::size_t>(family)];
    for (const Family& other : part.families()) g.most_kept = std::max(g.most_kept, other.size);
    g.hit = mask != 0;
    g.kept = f.size;
    const auto kept = part.words_of(f);
    place.candidates.assign(kept.begin(), kept.end());
    place.guessed.insert(l);
    if (!g.hit) --place.misses_left;
    for (std::size_t i = 0; i < word.size(); ++i) {
      if ((mask >> i) & 1u) place.pattern[i] = l;
    }
    out.guesses.push_back(std::move(g));
  }
  out.held = place.candidates;

  Reviewing reviewing(words, budget, work);
  const std::size_t n = out.guesses.size();
  const auto report = [&](std::size_t done) {
    if (work.progress) work.progress(static_cast<double>(done) / static_cast<double>(n + 1));
  };
  // From the last guess to the first: the small positions late in the game fill the solver's
  // memo with what the larger ones before them need.
  for (std::size_t k = n; k-- > 0;) {
    GuessReview& g = out.guesses[k];
    const Place& at = places[k];
    std::uint64_t allowance = budget.move_work;
    // The guess after which the largest family is smallest.
    g.fewest = g.letter;
    g.fewest_kept = g.most_kept;
    for (const Option& o : reviewing.options(at)) {
      if (o.largest < g.fewest_kept) {
        g.fewest = o.letter;
        g.fewest_kept = o.largest;
      }
    }
    int proved = 0;
    if (const std::optional<int> v = reviewing.value(at.position(), allowance, &proved)) {
      const std::optional<int> after = reviewing.forced_after(at, g.letter, allowance);
      if (after) {
        if (const std::optional<Letter> best =
                reviewing.best_exact(at, *v, g.letter, after, allowance)) {
          g.exact = true;
          g.forced = *v;
          g.forced_after = *after;
          g.at_least = *v;
          g.best = *best;
          g.loss = *after - *v;
        }
      }
    }
    if (reviewing.stopped()) {
      out.stopped = true;
      return out;
    }
    if (!g.exact) {
      g.at_least = proved;
      g.expected_after = reviewing.expected_after(at, g.letter);
      const auto [best, value] = reviewing.best_lookahead(at, g.letter, g.expected_after);
      g.best = best;
      g.expected_best = value;
      g.loss = std::max(0.0, g.expected_after - value);
    }
    if (reviewing.stopped()) {
      out.stopped = true;
      return out;
    }
    report(n - k);
  }

  // The value from the start.
  if (n > 0) {
    out.value = out.guesses[0].forced;
    out.value_at_least = out.guesses[0].at_least;
  } else {
    std::uint64_t allowance = budget.move_work;
    out.value = reviewing.value(place.position(), allowance, &out.value_at_least);
  }

  // The optimal line from the first position solved exactly.
  for (std::size_t k = 0; k < n; ++k) {
    if (out.guesses[k].exact) {
      out.line_from = static_cast<int>(k);
      break;
    }
  }
  if (out.line_from >= 0) {
    Place line = places[static_cast<std::size_t>(out.line_from)];
    out.line_forced = *out.guesses[static_cast<std::size_t>(out.line_from)].forced;
    // The line's own allowance, beyond the review's: its positions are mostly in the memo.
    std::uint64_t allowance = budget.move_work;
    reviewing.extend(budget.move_work);
    out.line_complete = true;
    const auto complete = [](const std::vector<Letter>& pattern) {
      return std::find(pattern.begin(), pattern.end(), kNoLetter) == pattern.end();
    };
    while (line.candidates.size() > 1 && line.misses_left > 0 && !complete(line.pattern)) {
      const std::optional<int> v = reviewing.value(line.position(), allowance);
      const std::optional<Letter> best =
          v ? reviewing.best_exact(line, *v, kNoLetter, std::nullopt, allowance) : std::nullopt;
      std::size_t chosen = 0;
      const std::optional<int> after =
          best ? reviewing.forced_after(line, *best, allowance, std::nullopt, &chosen)
               : std::nullopt;
      if (!after) {
        out.line_complete = false;
        break;
      }
      part.split(words, line.candidates, *best);
      const Family& f = part.families()[chosen];
      const auto kept = part.words_of(f);
      line.candidates.assign(kept.begin(), kept.end());
      line.guessed.insert(*best);
      if (f.is_miss()) --line.misses_left;
      for (std::size_t i = 0; i < line.pattern.size(); ++i) {
        if ((f.positions >> i) & 1u) line.pattern[i] = *best;
      }
      out.line.push_back(LineStep{*best, !f.is_miss(), line.pattern,
                                  static_cast<std::uint32_t>(line.candidates.size()),
                                  line.misses_left});
    }
    if (reviewing.stopped()) {
      out.stopped = true;
      return out;
    }
  }
  report(n + 1);
  return out;
}

}  // namespace wg::evil_hangman
