#pragma once
/// The review of a finished game: each move the player made, the best move there and what theirs
/// cost, in the game's own unit, with a summary (the share of the best possible result, the move
/// that cost most) and the game's own lists (Boggle's best words missed, the auction's best word).
/// Each game computes it with its exact solvers (GameEntry::review) and says plainly which
/// figures are exact and which come from a bounded search. Every front end shows the same
/// review: the terminal (`wordgames review`), the browser and the JSON (review_json).

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "core/play.h"
#include "lexicon/lexicon.h"

namespace wg::app {

struct GameEntry;

/// One move of the reviewed player, against the best move in the same position.
struct ReviewedMove {
  /// Where in the game, for people: "Hand 1, play 2", "Guess 4", "Auction 3 (letter E)".
  std::string label;
  /// The player's move, for people: "QUIET (24 points)", "E (the host kept 1,203 words)".
  std::string played;
  /// The best move there, likewise; the same as `played` when the player's was a best move.
  std::string best;
  /// What the player's move cost against the best, in GameReview::unit (0: a best move; never
  /// negative). For a chance, in percentage points.
  double loss = 0;
  /// False when `best` and `loss` come from a bounded search (a budget, a lookahead, a sample),
  /// not a proof; `note` then says which.
  bool exact = true;
  /// Anything more, in one sentence: "the host could force 2 more misses from here".
  std::string note;
  bool operator==(const ReviewedMove&) const = default;
};

/// A list the game adds to its review: "Best words missed" with their paths, "Words no one
/// else found", "Best word of the final letters".
struct ReviewSection {
  std::string title;
  std::vector<std::string> lines;  ///< one item a line, for people
  /// The same items as data for a page to draw (a word's path on the board); null for none.
  Json data = nullptr;
  bool operator==(const ReviewSection&) const = default;
};

/// The review of one finished game, for one player.
struct GameReview {
  /// The unit of each move's loss: "points", "misses", "words", "guesses", "% chance of winning".
  std::string unit;
  std::vector<ReviewedMove> moves;  ///< in the order played
  /// The player's result and the best possible one from the game's start, for people: "52
  /// points against the optimal 61", "4 misses; the optimal host could force 6".
  std::string summary;
  /// The share of the best possible result the player reached, from 0 to 1; nullopt where a
  /// share means nothing (a game whose best result is 0).
  std::optional<double> share;
  /// How exact the figures are and where they come from, in a sentence or two: "Exact: the
  /// optimal plan of every hand, discards included, by dynamic programming over its letters."
  std::string method;
  std::vector<ReviewSection> sections;
  bool operator==(const GameReview&) const = default;

  /// The index into `moves` of the move that cost most (the first of equals); nullopt when no
  /// move cost anything.
  std::optional<std::size_t> costliest() const;
};

/// Reviews `game` (a record of the entry's game) as the player at `seat` played it, on
/// `lexicon` (the one it was played on). Long work reports progress through `work` and stops
/// when asked (ReviewStopped). Throws ConfigError when the record cannot be replayed (a game
/// of another program).
using Reviewer = std::function<GameReview(
    const FinishedGame& game, Seat seat, std::shared_ptr<const Lexicon> lexicon, const Work& work)>;

/// Thrown by a Reviewer whose work was asked to stop before the review was done.
struct ReviewStopped {};

/// The review as JSON: {"unit", "moves": [{"label", "played", "best", "loss", "exact",
/// "note"?}], "summary", "share" (null or 0 to 1), "costliest" (null or an index into moves),
/// "method", "sections": [{"title", "lines", "data"?}]}.
Json review_json(const GameReview& review);

/// The review of the recorded `game` as the player at `seat` played it, as every front end
/// gives it whole: review_json with the game's "id", "game", "seat" and "player" (the seat's
/// name, null for a seat the record does not have).
Json review_document(const FinishedGame& game, Seat seat, const GameReview& review);

/// The review as a terminal prints it: the summary, a line per move (the best move beside the
/// player's where they differ, and the loss), the costliest move, the sections, the method.
std::vector<std::string> review_lines(const GameReview& review);

/// The seat of `player` in `game` (the first seat with that name), or nullopt.
std::optional<Seat> seat_of(const FinishedGame& game, std::string_view player);

/// Reviews `game` with its entry's Reviewer: nullopt when the game has no review.
std::optional<GameReview> review_game(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      std::shared_ptr<const Lexicon> lexicon,
                                      const Work& work = {});

}  // namespace wg::app
