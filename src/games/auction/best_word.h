#pragma once
/// The best word a player can make from its letters: the search every bot needs at the end of a
/// round, and the strong bot thousands of times per bid, so it allocates nothing.

#include <span>
#include <vector>

#include "games/auction/rules.h"
#include "lexicon/lexicon.h"

namespace wg::auction {

struct BestWord {
  std::vector<Letter> word;  ///< empty when the letters make no word
  int score = 0;
};

/// The highest-scoring word of the lexicon that some of the letters make (Scrabble values plus
/// the bonus); ties go to the first in alphabetical order.
BestWord best_word(const Lexicon& lexicon, std::span<const Letter> letters, const Rules& rules);

/// best_word's score alone, from letter counts.
int best_score(const Lexicon& lexicon, const LetterCounts& counts, const Rules& rules);

/// True if the word can be made from the letters (each used at most as often as held).
bool can_make(std::span<const Letter> word, std::span<const Letter> letters);

}  // namespace wg::auction
