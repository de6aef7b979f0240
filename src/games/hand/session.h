#pragma once
/// The word game's session (docs/ARCHITECTURE.md, "The session shape"): a series of hands as the
/// original play_game runs it. Before a hand's first word, once per series, one letter may be
/// substituted; after a hand, once per series, it may be replayed from the hand as play began,
/// and the better of the two scores counts. After every hand the session reports the exact
/// optimum for it, and with `hints` the best word and plan on request.
///
/// One player, nothing hidden from anyone but the hands to come: every seat gets the same view.

#include <cstdint>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "core/play.h"
#include "core/rng.h"
#include "games/hand/hand.h"
#include "games/hand/solver.h"
#include "lexicon/lexicon.h"

namespace wg::hand {

/// Limits that keep a mistyped setting from asking for absurd work or memory.
inline constexpr int kMaxHands = 1000;
inline constexpr int kMaxHandSize = 1000;

struct Config {
  int hands = 1;                     ///< hands in the series, 1..kMaxHands
  int hand_size = kDefaultHandSize;  ///< tiles dealt per hand, 1..kMaxHandSize
  bool hints = false;                ///< whether Hint is allowed
  /// Throws ConfigError naming the field that is out of range.
  void validate() const;
};

/// Where the session stands; each status takes the commands named, and GiveUp (but kFinished).
enum class Status : std::uint8_t {
  kSubstitutionOffered,  ///< a hand was dealt: Substitute or DeclineSubstitution
  kPlaying,              ///< PlayWord, EndHand, Hint
  kReplayOffered,        ///< a hand's first play ended: Replay or DeclineReplay
  kFinished,             ///< every hand played, or the session given up
};

// --- Commands. PlayWord, EndHand and Hint may compute an exact plan (at most kMaxPlanWork, about
// a second): when the Work passed to apply() is stopped first, the event reports
// PlanStatus::kStopped and the command is recorded in commands() with `stopped` set, so that a
// replay reports the same without computing.

/// Answers the substitution offer: every copy of `letter` becomes one letter the hand lacks.
struct Substitute {
  Letter letter = 0;
};
/// Answers the substitution offer: keep the hand as dealt (the offer stays for later hands).
struct DeclineSubstitution {};
/// Types a word: letter codes and kWildcard. Valid or not, it uses up the tiles it names.
struct PlayWord {
  std::vector<Letter> word;
  bool stopped = false;  ///< the summary, if this ends the hand, was stopped
};
/// Ends the current play of the hand ("!!").
struct EndHand {
  bool stopped = false;
};
/// Asks for the best word and plan from the tiles left (Config::hints only).
struct Hint {
  bool stopped = false;
};
/// Answers the replay offer: play the hand again from the hand as its play began.
struct Replay {};
/// Answers the replay offer: go on to the next hand, or finish after the last.
struct DeclineReplay {};
/// Ends the session now (the player left): a hand in play counts what it scored so far.
struct GiveUp {};

using Command = std::variant<Substitute, DeclineSubstitution, PlayWord, EndHand, Hint, Replay,
                             DeclineReplay, GiveUp>;

// --- Events.

/// Whether an exact plan was computed.
enum class PlanStatus : std::uint8_t {
  kSolved,
  kTooLarge,  ///< not computed: plan_work(hand) > kMaxPlanWork
  kStopped,   ///< not computed: the command's Work was stopped
};

/// One hand of the series, once its first play ended.
struct HandRecord {
  Hand dealt;  ///< as dealt
  Hand start;  ///< as play began (after any substitution); a replay starts from this too
  bool substituted = false;
  int score = 0;                    ///< the first play
  std::optional<int> replay_score;  ///< the replay, if any
  /// The optimum's total (words only) for `start`, as the first play's HandEnded reported it;
  /// nullopt when it was not computed (too large, stopped, or the hand was given up).
  std::optional<int> best;
  /// The score that counts: the better of the play and the replay.
  int counted() const { return replay_score ? std::max(score, *replay_score) : score; }
  bool operator==(const HandRecord&) const = default;
};

/// A hand is ready to play: the next hand dealt, or a replay begun. (Hand 0 is dealt by the
/// constructor: see the view.)
struct HandStarted {
  int hand = 0;  ///< 0-based
  bool replay = false;
  Hand tiles;
  bool operator==(const HandStarted&) const = default;
};
/// A letter was substituted; play begins.
struct Substituted {
  Letter letter = 0;       ///< replaced
  Letter replacement = 0;  ///< drawn among the letters the hand lacked
  Hand tiles;              ///< the hand now
  bool operator==(const Substituted&) const = default;
};
/// The hand is kept as dealt; play begins.
struct SubstitutionDeclined {
  bool operator==(const SubstitutionDeclined&) const = default;
};
/// A word was typed and scored.
struct WordPlayed {
  std::vector<Letter> word;  ///< as typed
  bool valid = false;
  int score = 0;         ///< 0 if invalid
  int hand_total = 0;    ///< the current play's points so far
  Hand tiles;            ///< the tiles left
  bool ran_out = false;  ///< no tiles left: the hand ends (HandEnded follows)
  bool operator==(const WordPlayed&) const = default;
};
/// The hint asked for, from the tiles left.
struct HintGiven {
  std::optional<hand::Play> best_word;  ///< nullopt: no word can be made
  PlanStatus plan_status = PlanStatus::kSolved;
  Plan plan;  ///< the best plan from the tiles left, when solved
  bool operator==(const HintGiven&) const = default;
};
/// The best a hand allowed, as its play began.
struct Optimum {
  PlanStatus status = PlanStatus::kSolved;
  Plan plan;                ///< words only, when solved
  Plan plan_with_discards;  ///< invalid entries allowed, when solved
  bool operator==(const Optimum&) const = default;
};
/// A play of a hand ended: "!!", no tiles left, or GiveUp.
struct HandEnded {
  int hand = 0;
  bool replay = false;
  int score = 0;                   ///< this play's points
  int total = 0;                   ///< the series' counted points, this hand included
  std::optional<Optimum> optimum;  ///< nullopt when the hand ended by GiveUp
  bool operator==(const HandEnded&) const = default;
};
/// The command was refused and changed nothing.
struct Rejected {
  Refusal reason = Refusal::kWrongPhase;
  std::optional<Letter> letter;  ///< the letter Substitute named, when it is the problem
  bool operator==(const Rejected&) const = default;
};
/// The session is over: everything a history record needs.
struct Finished {
  std::vector<HandRecord> records;  ///< every hand begun, in order
  int total = 0;                    ///< the sum of their counted scores
  bool given_up = false;            ///< ended by GiveUp
  bool operator==(const Finished&) const = default;
};

using Event = std::variant<HandStarted, Substituted, SubstitutionDeclined, WordPlayed, HintGiven,
                           HandEnded, Rejected, Finished>;

/// What every seat may see: the state of play, never a hand to come.
struct View {
  Status status = Status::kPlaying;
  int hand = 0;                     ///< the current hand, 0-based (the last one once finished)
  bool replay = false;              ///< the current play is the hand's replay
  Hand tiles;                       ///< the tiles left in the current play
  int hand_total = 0;               ///< the current play's points
  int total = 0;                    ///< the counted points of the finished hands
  bool hints = false;               ///< Hint is allowed
  std::vector<HandRecord> records;  ///< the hands whose first play ended
  bool operator==(const View&) const = default;
};

class Session {
 public:
  using Config = hand::Config;
  using Command = hand::Command;
  using Event = hand::Event;
  using View = hand::View;

  /// Validates `config` (ConfigError) and deals hand 0. Hand k is dealt from stream 2k of
  /// Rng(game_seed(seed, 0)) and its substitution drawn from stream 2k+1, so a hand's deal does
  /// not depend on earlier choices.
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed);

  /// Applies a command; a refused one returns one Rejected event and changes nothing.
  std::vector<Event> apply(const Command& command, const Work& work = {});
  /// The same for every seat: one player, and nothing to hide but the hands to come.
  View view(Seat seat) const;
  Status status() const { return status_; }
  bool finished() const { return status_ == Status::kFinished; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  /// The accepted commands, in order (with `stopped` set where the work was stopped).
  const std::vector<Command>& commands() const { return commands_; }

 private:
  using Events = std::vector<Event>;
  Events on(Substitute& command, const Work& work);
  Events on(DeclineSubstitution& command, const Work& work);
  Events on(PlayWord& command, const Work& work);
  Events on(EndHand& command, const Work& work);
  Events on(Hint& command, const Work& work);
  Events on(Replay& command, const Work& work);
  Events on(DeclineReplay& command, const Work& work);
  Events on(GiveUp& command, const Work& work);

  void deal();
  /// Records the current play's score and says so; `optimum` for HandEnded.
  void end_play(Events& events, std::optional<Optimum> optimum);
  /// After a play of a hand: offer the replay while it is unused, else next_hand.
  void hand_over(Events& events);
  /// Deals the next hand, or finishes after the last.
  void next_hand(Events& events);
  /// solve() for `hand` unless too large or stopped; sets `stopped` when the work stops it.
  PlanStatus solve_hand(const Hand& hand, bool& stopped, const Work& work,
                        Solution& solution) const;
  /// The optimum for the current hand as its play began.
  Optimum optimum(bool& stopped, const Work& work) const;
  int total() const;

  std::shared_ptr<const Lexicon> lexicon_;
  Config config_;
  std::uint64_t seed_;
  Rng rng_;
  Status status_ = Status::kPlaying;
  int hand_ = 0;        ///< the current hand's number
  HandRecord current_;  ///< the current hand (in records_ too once its first play ended)
  Hand tiles_;          ///< the tiles left in the current play
  int hand_total_ = 0;  ///< the current play's points
  bool replaying_ = false;
  bool substitution_used_ = false;
  bool replay_used_ = false;
  std::vector<HandRecord> records_;
  std::vector<Command> commands_;
};

}  // namespace wg::hand
