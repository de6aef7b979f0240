#pragma once
/// The review of a Word Search game: each round the player played, the points they found against
/// the board's par (the points of every word of the board, as the exhaustive solver finds them),
/// and the best words they missed with the cells that spell them. A word found never stops
/// another from being found, so a word typed costs nothing: what a round costs is the points it
/// left on the board. Every figure is exact (the solver lists every word of the lexicon that the
/// board holds).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/play.h"
#include "games/boggle/board.h"
#include "games/boggle/round.h"
#include "games/boggle/session.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// One round of a session, reviewed.
struct RoundReview {
  int round = 0;  ///< 0-based
  Board board;
  std::size_t min_length = 3;
  Scoring scoring = Scoring::kSpec;
  std::vector<FoundWord> found;  ///< the player's words, in the order found
  std::int64_t score = 0;        ///< the points of `found`
  std::size_t words = 0;         ///< the words of the board (at least min_length letters)
  std::int64_t par = 0;          ///< the points of every word of the board
  /// The words of the board the player did not find, best first (most points, then in
  /// alphabetical order), each with the cells that spell it.
  std::vector<BoardWord> missed;
  /// False for a round closed at once without a word (a round of a room its seat did not play).
  bool played = true;
  bool operator==(const RoundReview&) const = default;
};

/// The rounds of a session, reviewed, in the order played.
struct SessionReview {
  std::vector<RoundReview> rounds;
  /// True when the work was asked to stop before the last command was replayed: `rounds` then
  /// holds the rounds finished so far.
  bool stopped = false;
};

/// Replays `commands` (a session's accepted commands, Session::commands()) on a new session with
/// `config` and `seed`, and reviews every round they finish. A round still on after the last
/// command is left out. Checks `work.stop` between commands and reports the share replayed
/// through `work.progress`. Throws ConfigError for a bad config and std::invalid_argument naming
/// the command when one is refused (the commands are then not this lexicon's game).
SessionReview review_session(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands,
                             const Work& work = {});

}  // namespace wg::boggle
