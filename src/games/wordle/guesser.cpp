#include "games/wordle/guesser.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace wg::wordle {

std::optional<HardModeProblem> hard_mode_problem(std::span<const Row> rows,
                                                 std::span<const Letter> guess) {
  for (const Row& row : rows) {
    const std::vector<Mark> marks = marks_of(row.pattern, row.word.size());
    for (std::size_t i = 0; i < marks.size() && i < guess.size(); ++i) {
      if (marks[i] == Mark::kGreen && guess[i] != row.word[i]) {
        return HardModeProblem{row.word[i], static_cast<int>(i), 1};
      }
    }
  }
  for (const Row& row : rows) {
    const std::vector<Mark> marks = marks_of(row.pattern, row.word.size());
    for (std::size_t i = 0; i < marks.size(); ++i) {
      if (marks[i] == Mark::kGrey) continue;
      const Letter letter = row.word[i];
      int revealed = 0;
      for (std::size_t j = 0; j < marks.size(); ++j) {
        revealed += row.word[j] == letter && marks[j] != Mark::kGrey ? 1 : 0;
      }
      const auto used = std::count(guess.begin(), guess.end(), letter);
      if (used < revealed) return HardModeProblem{letter, -1, revealed};
    }
  }
  return std::nullopt;
}

std::vector<WordId> consistent_answers(const WordBank& words, std::span<const WordId> answers,
                                       std::span<const Row> rows) {
  std::vector<WordId> kept;
  for (WordId id : answers) {
    const bool fits = std::all_of(rows.begin(), rows.end(), [&](const Row& row) {
      return feedback(row.word, words.word(id)) == row.pattern;
    });
    if (fits) kept.push_back(id);
  }
  return kept;
}

namespace {

/// The worst family and the number of families of a guess, counted in `counts` (all zero
/// before and after).
std::pair<std::size_t, std::size_t> split(const WordBank& words, std::span<const WordId> answers,
                                          std::span<const Letter> guess,
                                          std::vector<std::uint32_t>& counts,
                                          std::vector<Pattern>& touched) {
  const Pattern green = all_green(words.length());
  touched.clear();
  for (WordId id : answers) {
    const Pattern p = feedback(guess, words.word(id));
    if (counts[p]++ == 0) touched.push_back(p);
  }
  std::size_t worst = 0;
  for (Pattern p : touched) {
    if (p != green) worst = std::max<std::size_t>(worst, counts[p]);
    counts[p] = 0;
  }
  return {worst, touched.size()};
}

}  // namespace

std::size_t worst_family(const WordBank& words, std::span<const WordId> answers,
                         std::span<const Letter> guess) {
  std::vector<std::uint32_t> counts(pattern_count(words.length()));
  std::vector<Pattern> touched;
  return split(words, answers, guess, counts, touched).first;
}

std::vector<WordId> candidate_guesses(const WordBank& words, std::span<const WordId> answers,
                                      const GuesserLimits& limits) {
  const std::size_t n = answers.size();
  const std::size_t length = words.length();
  std::array<std::uint64_t, 32> has{};            // answers holding each letter
  std::vector<std::uint64_t> at(length * 32, 0);  // answers with letter l at place i
  for (WordId id : answers) {
    const std::span<const Letter> w = words.word(id);
    std::uint32_t seen = 0;
    for (std::size_t i = 0; i < length; ++i) {
      const Letter l = w[i] & 31u;
      ++at[i * 32 + l];
      if (!(seen >> l & 1u)) ++has[l];
      seen |= 1u << l;
    }
  }
  std::vector<std::pair<std::uint64_t, WordId>> scored;
  scored.reserve(words.size());
  for (WordId id = 0; id < words.size(); ++id) {
    const std::span<const Letter> w = words.word(id);
    std::uint64_t score = 0;
    std::uint32_t seen = 0;
    for (std::size_t i = 0; i < length; ++i) {
      const Letter l = w[i] & 31u;
      score += at[i * 32 + l] * (n - at[i * 32 + l]);
      if (!(seen >> l & 1u)) score += has[l] * (n - has[l]);
      seen |= 1u << l;
    }
    if (score > 0) scored.emplace_back(score, id);
  }
  const std::size_t keep = std::min(limits.scored, scored.size());
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(keep),
                    scored.end(), [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  std::vector<WordId> candidates;
  for (std::size_t i = 0; i < keep; ++i) candidates.push_back(scored[i].second);
  if (n <= limits.answers) {
    candidates.insert(candidates.end(), answers.begin(), answers.end());
  } else {
    for (std::size_t i = 0; i < limits.answers; ++i)
      candidates.push_back(answers[i * n / limits.answers]);
  }
  // Each once, in the order first listed.
  std::vector<WordId> unique;
  std::vector<bool> listed(words.size(), false);
  for (WordId id : candidates) {
    if (!listed[id]) unique.push_back(id);
    listed[id] = true;
  }
  return unique;
}

Advice best_guess(const WordBank& words, std::span<const WordId> answers,
                  const GuesserLimits& limits, const std::function<bool(WordId)>& allowed) {
  std::vector<bool> is_answer(words.size(), false);
  for (WordId id : answers) is_answer[id] = true;
  std::vector<std::uint32_t> counts(pattern_count(words.length()));
  std::vector<Pattern> touched;
  bool found = false;
  Advice best;
  std::size_t best_families = 0;
  for (WordId id : candidate_guesses(words, answers, limits)) {
    if (!is_answer[id] && allowed && !allowed(id)) continue;
    const auto [worst, families] = split(words, answers, words.word(id), counts, touched);
    const bool better =
        !found || worst < best.worst ||
        (worst == best.worst && (is_answer[id] != is_answer[best.word] ? is_answer[id]
                                 : families != best_families           ? families > best_families
                                                                       : id < best.word));
    if (better) {
      best = Advice{id, worst};
      best_families = families;
      found = true;
    }
  }
  return best;
}

}  // namespace wg::wordle
