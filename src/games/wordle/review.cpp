#include "games/wordle/review.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/overloaded.h"
#include "games/wordle/guesser.h"
#include "games/wordle/host.h"

namespace wg::wordle {

namespace {

/// The best guess of a position and what it leaves.
struct Best {
  WordId word = 0;
  std::size_t left = 0;
  bool exact = true;
  std::size_t simulated = 0;
};

/// Finds best guesses: the scans over every word of the length, sharing their counters.
class BestGuesses {
 public:
  BestGuesses(const WordBank& words, const Config& config, const ReviewOptions& limits)
      : words_(words),
        config_(config),
        limits_(limits),
        green_(all_green(words.length())),
        counts_(pattern_count(words.length()), 0) {}

  /// The answers `guess` leaves among `answers` as the review judges it: its largest family
  /// other than the green one (what the largest host keeps; the most the fair host may leave).
  std::size_t worst(std::span<const WordId> answers, WordId guess) const {
    return worst_family(words_, answers, words_.word(guess));
  }

  /// What the lookahead host leaves after `guess` (0: the guess is the only answer).
  std::size_t lookahead_left(std::span<const WordId> answers, WordId guess) const {
    const std::vector<Family> families = partition(words_, answers, words_.word(guess));
    const Family& kept = families[lookahead_family(words_, families, config_.lookahead)];
    return kept.pattern == green_ ? 0 : kept.words.size();
  }

  /// What the host of the config leaves (judged: the fair host by the most it may leave).
  std::size_t judged(std::span<const WordId> answers, WordId guess) const {
    return config_.host == HostKind::kLookahead ? lookahead_left(answers, guess)
                                                : worst(answers, guess);
  }

  /// The best guess among `answers` after `rows`; `played` (with what it left, judged) wins
  /// ties.
  Best best(std::span<const WordId> answers, std::span<const Row> rows,
            std::optional<std::pair<WordId, std::size_t>> played) {
    std::vector<bool> is_answer(words_.size(), false);
    for (WordId id : answers) is_answer[id] = true;
    const auto allowed = [&](WordId id) {
      return is_answer[id] || !config_.hard || !hard_mode_problem(rows, words_.word(id));
    };
    return config_.host == HostKind::kLookahead
               ? best_against_lookahead(answers, is_answer, allowed, played)
               : best_against_largest(answers, is_answer, allowed, played);
  }

 private:
  /// The bound a search starts from: the played guess (what it left), else the AI's pick as
  /// `judged` values it against the host.
  template <class Judge>
  Best first_bound(std::span<const WordId> answers, const std::function<bool(WordId)>& allowed,
                   std::optional<std::pair<WordId, std::size_t>> played, Judge&& judged) {
    if (played) return Best{played->first, played->second};
    return judged(best_guess(words_, answers, GuesserLimits{}, allowed));
  }

  /// Every allowed word, exactly: the smallest largest family. Ties: the played guess, then an
  /// answer (it may win at once), then more families, then the smaller id (the AI's order). A
  /// guess is dropped as soon as one of its families outgrows the best found.
  Best best_against_largest(std::span<const WordId> answers, const std::vector<bool>& is_answer,
                            const std::function<bool(WordId)>& allowed,
                            std::optional<std::pair<WordId, std::size_t>> played) {
    Best best = first_bound(answers, allowed, played, [](const Advice& advice) {
      return Best{advice.word, advice.worst};
    });
    std::size_t best_families = families(answers, best.word, SIZE_MAX).second;
    const std::vector<std::uint32_t> masks = letter_masks(answers);
    for (WordId id = 0; id < words_.size(); ++id) {
      if (id == best.word || (played && id == played->first)) continue;
      if (greys(masks, id) > best.left) continue;  // its all-grey family alone is larger
      if (!allowed(id)) continue;
      const auto [worst, count] = families(answers, id, best.left);
      if (worst > best.left) continue;
      const bool better =
          worst < best.left || (!(played && best.word == played->first) &&
                                (is_answer[id] != is_answer[best.word] ? is_answer[id]
                                 : count != best_families              ? count > best_families
                                                                       : id < best.word));
      if (better) {
        best.word = id;
        best.left = worst;
        best_families = count;
      }
    }
    return best;
  }

  /// The lookahead host keeps one of the `families` first families in the largest host's order:
  /// a guess leaves at least its `families`-th largest family. Guesses whose bound is below the
  /// best found are simulated, smallest bound first, up to the budget.
  Best best_against_lookahead(std::span<const WordId> answers, const std::vector<bool>& is_answer,
                              const std::function<bool(WordId)>& allowed,
                              std::optional<std::pair<WordId, std::size_t>> played) {
    Best best = first_bound(answers, allowed, played, [&](const Advice& advice) {
      return Best{advice.word, lookahead_left(answers, advice.word), true, 1};
    });
    const std::size_t considered = std::max<std::size_t>(config_.lookahead.families, 1);
    // Every word when the scan is short enough, else the AI's candidates (then bounded).
    std::vector<WordId> weighed;
    if (answers.size() * words_.size() <= limits_.lookahead_scan) {
      weighed = words_.all_ids();
    } else {
      weighed = candidate_guesses(words_, answers);
      best.exact = false;
    }
    std::vector<std::pair<std::size_t, WordId>> bounds;  // (bound, guess)
    std::vector<std::size_t> sizes;
    for (const WordId id : weighed) {
      if (id == best.word || !allowed(id)) continue;
      // Dropped as soon as `considered` families reach the best found: its bound is no less.
      touched_.clear();
      std::size_t big = 0;
      for (WordId a : answers) {
        const Pattern p = feedback(words_.word(id), words_.word(a));
        const std::uint32_t c = ++counts_[p];
        if (c == 1) touched_.push_back(p);
        if (c == best.left && ++big >= considered) break;
      }
      if (big >= considered) {
        for (Pattern p : touched_) counts_[p] = 0;
        continue;
      }
      sizes.clear();
      bool wins = false;
      for (Pattern p : touched_) {
        sizes.push_back(counts_[p]);
        wins = wins || p == green_;
        counts_[p] = 0;
      }
      std::size_t bound = 0;
      if (sizes.size() == 1) {
        bound = wins ? 0 : sizes.front();
      } else {
        const std::size_t k = std::min(considered, sizes.size()) - 1;
        std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(k), sizes.end(),
                         std::greater<>());
        bound = sizes[k];
      }
      if (bound < best.left) bounds.emplace_back(bound, id);
    }
    std::sort(bounds.begin(), bounds.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      if (is_answer[a.second] != is_answer[b.second]) return static_cast<bool>(is_answer[a.second]);
      return a.second < b.second;
    });
    for (const auto& [bound, id] : bounds) {
      if (bound >= best.left) break;  // sorted: no later guess leaves fewer
      if (best.simulated >= limits_.lookahead_simulations) {
        best.exact = false;
        break;
      }
      ++best.simulated;
      const std::size_t left = lookahead_left(answers, id);
      if (left < best.left) {
        best.word = id;
        best.left = left;
      }
    }
    return best;
  }

  /// Each answer's letters, as a set of bits.
  std::vector<std::uint32_t> letter_masks(std::span<const WordId> answers) const {
    std::vector<std::uint32_t> masks;
    masks.reserve(answers.size());
    for (WordId a : answers) masks.push_back(letter_mask(a));
    return masks;
  }

  std::uint32_t letter_mask(WordId id) const {
    std::uint32_t mask = 0;
    for (const Letter l : words_.word(id)) mask |= std::uint32_t{1} << (l & 31u);
    return mask;
  }

  /// The size of the all-grey family of `guess`: the answers with none of its letters (a
  /// cheap lower bound of its largest family, when it has other families).
  std::size_t greys(const std::vector<std::uint32_t>& masks, WordId guess) const {
    const std::uint32_t mask = letter_mask(guess);
    std::size_t n = 0;
    for (const std::uint32_t m : masks) n += (m & mask) == 0 ? 1 : 0;
    return n;
  }

  /// The largest family of `guess` other than the green one, and the number of families; the
  /// count stops (the first figure then above `bound`) once a family outgrows `bound`.
  std::pair<std::size_t, std::size_t> families(std::span<const WordId> answers, WordId guess,
                                               std::size_t bound) {
    const std::span<const Letter> word = words_.word(guess);
    touched_.clear();
    std::size_t worst = 0;
    for (WordId a : answers) {
      const Pattern p = feedback(word, words_.word(a));
      const std::uint32_t c = ++counts_[p];
      if (c == 1) touched_.push_back(p);
      if (p != green_ && c > worst) {
        worst = c;
        if (worst > bound) break;
      }
    }
    const std::size_t count = touched_.size();
    for (Pattern p : touched_) counts_[p] = 0;
    return {worst, count};
  }

  const WordBank& words_;
  const Config& config_;
  const ReviewOptions& limits_;
  Pattern green_;
  std::vector<std::uint32_t> counts_;
  std::vector<Pattern> touched_;
};

/// A replayed command: every search of a game's end skipped (the review makes its own).
Command unanalysed(Command command) {
  if (auto* guess = std::get_if<Guess>(&command)) guess->unanalysed = true;
  if (auto* give_up = std::get_if<GiveUp>(&command)) give_up->unanalysed = true;
  return command;
}

const Finished* finished_in(const std::vector<Event>& events) {
  for (const Event& event : events) {
    if (const auto* f = std::get_if<Finished>(&event)) return f;
  }
  return nullptr;
}

}  // namespace

std::optional<Review> review_game(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                                  std::uint64_t seed, std::span<const Command> commands, int game,
                                  std::shared_ptr<const Lexicon> common,
                                  const ReviewOptions& options, const Work& work) {
  Session session(std::move(lexicon), config, seed, std::move(common));
  const WordBank& words = session.words();
  Review review;
  // positions[i]: the answers possible after i guesses of the game reviewed.
  std::vector<std::vector<WordId>> positions;
  std::vector<Row> rows;
  bool ended = false;
  for (std::size_t c = 0; c < commands.size() && !ended; ++c) {
    if (work.stop.stop_requested()) return std::nullopt;
    if (std::holds_alternative<Hint>(commands[c])) continue;  // changes nothing
    const bool reviewed = session.game() == game && !session.finished();
    const auto* guess = std::get_if<Guess>(&commands[c]);
    if (reviewed && positions.empty()) positions.push_back(session.remaining());
    const std::vector<Event> events = session.apply(unanalysed(commands[c]));
    if (const auto* refused = std::get_if<Rejected>(&events.front())) {
      throw std::invalid_argument("command " + std::to_string(c) +
                                  " is refused: " + refused->detail);
    }
    if (reviewed && guess != nullptr) {
      const auto& guessed = std::get<Guessed>(events.front());
      rows.push_back(Row{guessed.word, guessed.pattern});
      positions.push_back(session.remaining());
    }
    if (const Finished* f = finished_in(events); f != nullptr && f->game == game) {
      review.finished = *f;
      ended = true;
    }
  }
  if (!ended) {
    throw std::invalid_argument("the commands never end game " + std::to_string(game));
  }
  const Pattern green = all_green(words.length());
  const bool won = review.finished.won;
  review.remaining =
      won ? std::vector<WordId>{*words.find(review.finished.word)} : positions.back();

  const std::size_t steps = rows.size() + options.line_guesses + positions.size();
  std::size_t done = 0;
  const auto report = [&] {
    ++done;
    if (work.progress)
      work.progress(std::min(1.0, static_cast<double>(done) / static_cast<double>(steps)));
  };

  // Each guess against the best there.
  BestGuesses finder(words, config, options);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (work.stop.stop_requested()) return std::nullopt;
    const std::vector<WordId>& before = positions[i];
    const WordId played = *words.find(rows[i].word);
    GuessReview g;
    g.word = rows[i].word;
    g.pattern = rows[i].pattern;
    g.hard = config.hard;
    g.before = before.size();
    g.left = rows[i].pattern == green ? 0 : positions[i + 1].size();
    g.judged = config.host == HostKind::kFair ? finder.worst(before, played) : g.left;
    const std::span<const Row> rows_before(rows.data(), i);
    const Best best = finder.best(before, rows_before, std::pair{played, g.judged});
    g.best = best.word;
    g.best_left = best.left;
    g.best_is_played = best.word == played;
    g.exact = best.exact;
    g.simulated = best.simulated;
    review.guesses.push_back(std::move(g));
    report();
  }

  // The best line from the start, against the same host (the fair host: for its word).
  {
    std::vector<WordId> answers = positions.front();
    std::vector<Row> line_rows;
    const std::vector<Letter>& secret = review.finished.word;
    while (!answers.empty() && review.line.size() < options.line_guesses) {
      if (work.stop.stop_requested()) return std::nullopt;
      Best best;
      if (review.line.empty() && !review.guesses.empty()) {
        // The game's first position: the first guess's review found its best.
        const GuessReview& first = review.guesses.front();
        best = Best{first.best, first.best_left, first.exact, first.simulated};
      } else {
        best = finder.best(answers, line_rows, std::nullopt);
      }
      review.line_exact = review.line_exact && best.exact;
      const std::span<const Letter> word = words.word(best.word);
      Pattern pattern = 0;
      std::vector<Family> families = partition(words, answers, word);
      std::size_t kept = 0;
      if (config.host == HostKind::kFair) {
        pattern = feedback(word, secret);
        kept = static_cast<std::size_t>(
            std::find_if(families.begin(), families.end(),
                         [&](const Family& f) { return f.pattern == pattern; }) -
            families.begin());
      } else {
        kept = config.host == HostKind::kLookahead
                   ? lookahead_family(words, families, config.lookahead)
                   : largest_family(families, words.length());
        pattern = families[kept].pattern;
      }
      answers = std::move(families[kept].words);
      const bool found = pattern == green;
      review.line.push_back(LineStep{best.word, pattern, found ? 0 : answers.size()});
      line_rows.push_back(Row{std::vector<Letter>(word.begin(), word.end()), pattern});
      report();
      if (found) break;
    }
  }

  // The fewest guesses from each position, the smallest first within one budget of work.
  std::vector<Fewest> fewest(positions.size());
  {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      if (i > 0 && rows[i - 1].pattern == green) {
        fewest[i].guesses = 0;
      } else if (options.known && options.known->after == static_cast<int>(i)) {
        fewest[i].guesses = options.known->guesses;  // the game's end searched it
      } else if (positions[i].size() > std::min(options.exact.max_answers, kMaxExactAnswers)) {
        fewest[i].why = Unvalued::kTooMany;
      } else {
        order.push_back(i);
      }
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return positions[a].size() < positions[b].size();
    });
    std::uint64_t left = options.exact.max_work;
    const Work stop_only{work.stop, nullptr, work.withdraw};
    for (std::size_t i : order) {
      if (work.stop.stop_requested()) return std::nullopt;
      fewest[i].why = Unvalued::kOverBudget;
      if (left > 0) {
        ExactLimits bounded = options.exact;
        bounded.max_work = left;
        const ExactResult r = fewest_guesses(words, positions[i], bounded, stop_only);
        if (r.stopped) return std::nullopt;
        fewest[i].guesses = r.guesses;
        left -= std::min(left, r.work);
        review.exact_work += r.work;
      }
      report();
    }
  }
  for (std::size_t i = 0; i < review.guesses.size(); ++i) {
    review.guesses[i].fewest_before = fewest[i];
    review.guesses[i].fewest_after = fewest[i + 1];
  }
  for (std::size_t i = 0; i < fewest.size(); ++i) {
    review.positions.push_back(PositionValue{positions[i].size(), fewest[i]});
  }
  for (std::size_t i = 0; i < fewest.size(); ++i) {
    if (fewest[i].guesses) {
      review.best_from = static_cast<int>(i);
      review.best_possible = static_cast<int>(i) + *fewest[i].guesses;
      break;
    }
  }
  if (work.progress) work.progress(1.0);
  return review;
}

}  // namespace wg::wordle
