#include "games/evil_hangman/guesser.h"

#include <array>
#include <stdexcept>

#include "core/enum_names.h"

namespace wg::evil_hangman {

namespace {

constexpr std::array kGuessers = {GuesserKind::kFrequency, GuesserKind::kMinimax};
constexpr Named<GuesserKind> kGuesserNames[] = {{GuesserKind::kFrequency, "frequency"},
                                                {GuesserKind::kMinimax, "minimax"}};

}  // namespace

std::string_view to_string(GuesserKind kind) { return name_of(kGuesserNames, kind); }

std::optional<GuesserKind> parse_guesser(std::string_view name) {
  return value_named(kGuesserNames, name);
}

std::span<const GuesserKind> all_guessers() { return kGuessers; }

Letter choose_guess(const WordSet& words, const Position& position, GuesserKind kind) {
  const LetterSet open = words.alphabet().letters() & ~position.guessed;
  if (open.empty()) throw std::invalid_argument("every letter has been guessed");
  std::array<std::uint32_t, kMaxLetters> count{};
  for (WordId id : position.candidates) {
    for (Letter l : words.letter_set(id) & open) ++count[l];
  }
  Letter best = kNoLetter;
  for (Letter l : open) {
    if (best == kNoLetter || count[l] > count[best]) best = l;
  }
  if (kind == GuesserKind::kFrequency || count[best] == 0) return best;

  Partition part;
  std::uint32_t best_worst = UINT32_MAX;
  for (Letter l : open) {
    if (count[l] == 0) continue;
    part.split(words, position.candidates, l);
    std::uint32_t worst = 0;
    for (const Family& f : part.families()) worst = std::max(worst, f.size);
    if (worst < best_worst || (worst == best_worst && count[l] > count[best])) {
      best_worst = worst;
      best = l;
    }
  }
  return best;
}

}  // namespace wg::evil_hangman
