#pragma once
/// The review of a finished game of adversarial Wordle: for each guess of the player, the
/// answers it left against the answers the best guess there would have left against the same
/// host, and the fewest guesses a perfect guesser was sure to need before and after it (the exact
/// search, exact.h, where it can be computed within its bounds).
///
/// What "the answers a guess leaves" means depends on the host:
/// - `largest`: the host keeps the largest family, so a guess leaves the size of its largest
///   family (0 when it is the only answer left: it finds the word). The best guess is found
///   exactly, over every word of the length (in hard mode, every word hard mode allows).
/// - `fair`: the player cannot know the word, so a guess is judged by the most answers it could
///   leave (its largest family, what the `largest` host would leave); the answers it did leave
///   are given beside.
/// - `lookahead`: the host's own choice (lookahead_family), simulated for the guesses that could
///   beat the player's (their `families`-th largest family is smaller), most promising first,
///   up to a budget of simulations: exact when every such guess was simulated, else bounded (and
///   bounded too on a position too large to weigh every word, where the AI's candidates are).
///
/// Games do no I/O: this computes figures; the app layer says them.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/play.h"
#include "games/wordle/exact.h"
#include "games/wordle/session.h"
#include "games/wordle/words.h"
#include "lexicon/lexicon.h"

namespace wg::wordle {

/// The value of a position already known: the exact search at the game's end valued the
/// position after `after` guesses (Finished::best_from) at `guesses` (best_possible − best_from).
struct KnownValue {
  int after = 0;
  int guesses = 0;
  bool operator==(const KnownValue&) const = default;
};

/// The bounds of a review, and what it need not compute again.
struct ReviewOptions {
  /// The exact search's bounds for the whole review: at most `max_answers` answers a position,
  /// and `max_work` steps shared by every position (the smallest first, so that a position over
  /// budget leaves the later, smaller ones their value).
  ExactLimits exact;
  /// The lookahead host's choices simulated per position, at most.
  std::size_t lookahead_simulations = 48;
  /// Against the lookahead host, every word is bounded (its `families`-th largest family) when
  /// the answers times the words are at most this many feedbacks; beyond, only the AI's
  /// candidates (guesser.h), and the best guess is then a bounded search.
  std::size_t lookahead_scan = 20000000;
  /// The best line from the start (Review::line) stops after this many guesses.
  std::size_t line_guesses = 20;
  /// A value the game's end computed (its record's best_possible): taken, not searched again.
  std::optional<KnownValue> known;
};

/// Why the fewest guesses of a position is not known.
enum class Unvalued : std::uint8_t {
  kTooMany,     ///< more answers than the exact search takes
  kOverBudget,  ///< the review's budget of exact work ran out
};

/// The fewest guesses a perfect guesser is sure to need from a position (exact.h): the value,
/// or why it is unknown.
struct Fewest {
  std::optional<int> guesses;  ///< 0 once the word is found
  Unvalued why = Unvalued::kTooMany;
  bool operator==(const Fewest&) const = default;
};

/// A position of the game: the answers possible there and its fewest guesses.
struct PositionValue {
  std::size_t answers = 0;
  Fewest fewest;  ///< 0 after the guess that found the word
  bool operator==(const PositionValue&) const = default;
};

/// One guess, reviewed.
struct GuessReview {
  std::vector<Letter> word;
  Pattern pattern = 0;
  bool hard = false;       ///< played in hard mode: the best guess keeps to it too
  std::size_t before = 0;  ///< the answers possible before the guess
  std::size_t left = 0;    ///< the answers the host left after it (0: the word found)
  /// The answers the guess is judged by: `left`, except against the fair host, where it is the
  /// most it could leave (its largest family; 0 when it is the only answer).
  std::size_t judged = 0;
  WordId best = 0;             ///< the best guess there (the player's own when it was a best)
  std::size_t best_left = 0;   ///< what the best guess leaves, judged alike
  bool best_is_played = true;  ///< the player's guess was a best guess
  /// False when the best guess comes from a bounded simulation of the lookahead host.
  bool exact = true;
  std::size_t simulated = 0;  ///< lookahead host: the guesses whose host's choice was simulated
  Fewest fewest_before;       ///< from the position before the guess
  Fewest fewest_after;        ///< from the position the host left (0: the word found)
  bool operator==(const GuessReview&) const = default;
};

/// One step of the best line from the start.
struct LineStep {
  WordId guess = 0;
  Pattern pattern = 0;
  std::size_t left = 0;  ///< the answers left after it (0: the word found)
  bool operator==(const LineStep&) const = default;
};

struct Review {
  Finished finished;                 ///< the game's end, as replayed
  std::vector<GuessReview> guesses;  ///< in the order played
  std::vector<WordId> remaining;     ///< the answers still possible at the end
  /// The positions after 0, 1, ... guesses of the game, the last one where it ended.
  std::vector<PositionValue> positions;
  /// The best guess (as each GuessReview's) at every step from the game's start against the same
  /// host (against the fair host, for its word), until the word is found or line_guesses.
  std::vector<LineStep> line;
  bool line_exact = true;  ///< false when a step's best guess came from a bounded simulation
  /// The fewest guesses a perfect guesser was sure to need from the game's first position that
  /// the exact search valued: that position's guesses played plus its value (Finished's
  /// best_possible, over the review's budget); unset where none was valued.
  std::optional<int> best_possible;
  std::optional<int> best_from;
  std::uint64_t exact_work = 0;  ///< steps of exact search spent
  bool operator==(const Review&) const = default;
};

/// Reviews game `game` of the session of `lexicon`, `config` and `seed` (with `common`, as the
/// session was opened) that played `commands` (the session's, in order, up to the end of that
/// game at least). Reports progress through `work`; returns nullopt when stopped. Throws
/// std::invalid_argument when the commands do not replay (a command refused) or never end game
/// `game`; ConfigError for a config the lexicon cannot play.
std::optional<Review> review_game(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                                  std::uint64_t seed, std::span<const Command> commands, int game,
                                  std::shared_ptr<const Lexicon> common = nullptr,
                                  const ReviewOptions& options = {}, const Work& work = {});

}  // namespace wg::wordle
