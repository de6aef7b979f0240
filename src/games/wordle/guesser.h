#pragma once
/// The guesser's side: hard mode's rule, and the AI that picks a guess. The AI sees only what a
/// player sees (the answers still possible follow from the rows played), so it plays against
/// every host.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "core/alphabet.h"
#include "games/wordle/feedback.h"
#include "games/wordle/words.h"

namespace wg::wordle {

/// A guess played and the feedback it got.
struct Row {
  std::vector<Letter> word;
  Pattern pattern = 0;
  bool operator==(const Row&) const = default;
};

/// Why a guess breaks hard mode: a green not kept in its place (`position` >= 0), or a revealed
/// letter used fewer times than revealed (`position` -1; `count` the times it must appear).
struct HardModeProblem {
  Letter letter = kNoLetter;
  int position = -1;
  int count = 0;
  bool operator==(const HardModeProblem&) const = default;
};

/// Hard mode (Wordle's rule): every green of every row stays in its place, and every letter a
/// row marked green or yellow appears at least as many times as that row marked it. The first
/// problem of `guess` after `rows` (greens first, left to right; then letters, row by row),
/// nullopt when the guess keeps to the rule.
std::optional<HardModeProblem> hard_mode_problem(std::span<const Row> rows,
                                                 std::span<const Letter> guess);

/// The answers still possible after `rows`: those of `answers` giving every row its pattern.
std::vector<WordId> consistent_answers(const WordBank& words, std::span<const WordId> answers,
                                       std::span<const Row> rows);

/// The largest family `guess` leaves among `answers`, the all-green family counting 0 (it ends
/// the game).
std::size_t worst_family(const WordBank& words, std::span<const WordId> answers,
                         std::span<const Letter> guess);

/// How many guesses the AI weighs: the `scored` words that split the answers best by their
/// letters (each distinct letter l of a guess scores c(l)·(n−c(l)), c(l) the answers holding
/// it, and each letter at its place likewise: a letter in half the answers tells most), and up
/// to `answers` of the answers themselves (all when there are no more, else evenly spaced).
struct GuesserLimits {
  std::size_t scored = 200;
  std::size_t answers = 100;
};

/// The guesses the AI weighs, in a fixed order, each once.
std::vector<WordId> candidate_guesses(const WordBank& words, std::span<const WordId> answers,
                                      const GuesserLimits& limits = {});

/// The AI's pick and the largest family it leaves (worst_family).
struct Advice {
  WordId word = 0;
  std::size_t worst = 0;
  bool operator==(const Advice&) const = default;
};

/// The candidate (candidate_guesses) whose worst family is smallest: the best guess against
/// a host that keeps the largest family. Ties: one of the answers (it may win at once), then
/// more families, then the smaller id. `allowed` filters the candidates (hard mode); the
/// answers themselves are always allowed (they agree with every row). `answers` must not be
/// empty.
Advice best_guess(const WordBank& words, std::span<const WordId> answers,
                  const GuesserLimits& limits = {},
                  const std::function<bool(WordId)>& allowed = nullptr);

}  // namespace wg::wordle
