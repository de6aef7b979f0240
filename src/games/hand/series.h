#pragma once
/// A series of hands, as the original play_game runs it: before a hand, once per series, one
/// letter may be substituted; after a hand, once per series, it may be replayed from the hand
/// as play began, and the better of the two scores counts. The front end drives it with
/// commands and reads the state back; every random choice comes from the seed.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/rng.h"
#include "games/hand/hand.h"
#include "lexicon/lexicon.h"

namespace wg::hand {

struct SeriesOptions {
  int hands = 1;                     ///< at least 1
  int hand_size = kDefaultHandSize;  ///< at least 1
};

enum class Phase {
  kPlaying,   ///< words may be played (and, before the first, a letter substituted)
  kHandOver,  ///< the hand ended: replay it (if allowed) or go on
  kOver,      ///< every hand is done
};

/// What typing one word did.
struct PlayResult {
  std::vector<Letter> word;  ///< as typed
  bool valid = false;
  int score = 0;       ///< 0 if invalid
  int hand_total = 0;  ///< the hand's score so far
  Hand hand_after;
  bool ran_out = false;  ///< no tiles left: the hand is over
};

/// One hand of the series, once finished.
struct HandRecord {
  Hand dealt;  ///< as dealt
  Hand start;  ///< as play began (after any substitution); a replay starts from this too
  bool substituted = false;
  int score = 0;                    ///< the first play
  std::optional<int> replay_score;  ///< the replay, if any
  /// The score that counts: the better of the play and the replay.
  int counted() const { return replay_score ? std::max(score, *replay_score) : score; }
};

class Series {
 public:
  /// Deals the first hand. Throws std::invalid_argument if hands or hand_size < 1.
  Series(const Lexicon& lexicon, SeriesOptions options, std::uint64_t seed);

  const SeriesOptions& options() const { return options_; }
  Phase phase() const { return phase_; }
  /// The current hand's number, 0-based.
  int hand_index() const { return static_cast<int>(records_.size()) - (in_record() ? 1 : 0); }
  bool replaying() const { return replaying_; }
  /// The tiles left in the current hand.
  const Hand& hand() const { return hand_; }
  /// The hand as its current play began.
  const Hand& start() const { return start_; }
  /// Points scored in the current play of the hand.
  int hand_total() const { return hand_total_; }
  /// Sum of the counted scores of the finished hands.
  int total() const;
  const std::vector<HandRecord>& records() const { return records_; }

  /// True before the first word of a first play, while the series' substitution is unused.
  bool can_substitute() const;
  /// Substitutes `letter` (see hand::substitute). Throws std::logic_error if not allowed now,
  /// std::invalid_argument if the letter cannot be substituted; nothing changes then.
  const Hand& substitute(Letter letter);

  /// Plays a word (phase kPlaying, else std::logic_error). An invalid word scores 0 and still
  /// uses up its letters; running out of letters ends the hand.
  PlayResult play(std::span<const Letter> word);
  /// Ends the current hand ("!!"). std::logic_error unless playing.
  void end_hand();

  /// True once a hand is over while the series' replay is unused (and not on a replay).
  bool can_replay() const;
  /// Plays the finished hand again from start(). std::logic_error unless can_replay().
  void replay();
  /// Goes on to the next hand, or ends the series after the last. std::logic_error unless the
  /// hand is over.
  void next_hand();

 private:
  bool in_record() const { return phase_ != Phase::kPlaying || replaying_; }
  void deal_next();
  void finish_hand();

  const Lexicon& lexicon_;
  SeriesOptions options_;
  Rng rng_;
  Phase phase_ = Phase::kPlaying;
  Hand dealt_;
  Hand start_;
  Hand hand_;
  int hand_total_ = 0;
  bool played_any_ = false;
  bool substituted_ = false;  ///< in the current hand
  bool substitution_used_ = false;
  bool replay_used_ = false;
  bool replaying_ = false;
  std::vector<HandRecord> records_;
};

}  // namespace wg::hand
