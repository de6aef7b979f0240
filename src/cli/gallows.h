#pragma once
/// The hangman drawing, in text, for both hangman games: the gallows and the figure appear
/// piece by piece as misses mount, so that the last allowed miss completes the drawing.

#include <string>
#include <vector>

namespace wg::cli {

/// Pieces of the drawing: four of the gallows (base, post, beam, rope), then six of the figure
/// (head, body, arms, legs).
inline constexpr int kGallowsPieces = 10;

/// How many pieces show after `misses` of `allowed` misses (allowed >= 1): with up to six
/// misses allowed the gallows stands from the start and the figure gets a piece per miss or
/// more; with more, the gallows is built first, piece by piece; beyond ten, pieces are spread
/// over the misses. All ten show once misses reach `allowed`.
int gallows_pieces(int misses, int allowed);

/// The drawing with its first `pieces` pieces, as 7 lines of at most 12 columns.
std::vector<std::string> gallows_lines(int pieces);

}  // namespace wg::cli
