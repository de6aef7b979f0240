#pragma once
/// Guesser AI: picks a letter from what any player can see (the words consistent with the
/// revealed pattern and the letters guessed), so it plays against any host.
///
///   frequency  the unguessed letter found in the most candidate words (ties: alphabet order)
///   minimax    the letter whose largest family is smallest: the best guess against a host that
///              keeps the largest family (ties: more frequent, then alphabet order)

#include <optional>
#include <span>
#include <string_view>

#include "games/evil_hangman/host.h"

namespace wg::evil_hangman {

enum class GuesserKind { kFrequency, kMinimax };

/// "frequency", "minimax".
std::string_view to_string(GuesserKind kind);
std::optional<GuesserKind> parse_guesser(std::string_view name);
std::span<const GuesserKind> all_guessers();

/// The guess for `position` (candidates non-empty, some letter not yet guessed). Letters that no
/// candidate contains are chosen only when no other is left. Throws std::invalid_argument when
/// every letter has been guessed.
Letter choose_guess(const WordSet& words, const Position& position, GuesserKind kind);

}  // namespace wg::evil_hangman
