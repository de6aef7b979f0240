#pragma once
/// A word-search session (docs/ARCHITECTURE.md, "The session shape"): one player, rounds one
/// after another, each on a board rolled from the dice (or on one given board), each typed word
/// judged at once. The session owns the end of a round but never reads a clock: every timed
/// command carries the milliseconds passed since its round started, and the session compares
/// them with the deadline. So a front end runs the real clock, tests give explicit times, and a
/// saved game replays the same.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/play.h"
#include "games/boggle/board.h"
#include "games/boggle/round.h"
#include "games/boggle/solver.h"
#include "lexicon/lexicon.h"

namespace wg::boggle {

/// The settings of a session.
struct Config {
  static constexpr std::size_t kMaxMinLength = 64;
  static constexpr std::uint64_t kMaxSeconds = 24 * 60 * 60;

  /// The dice boards are rolled from: 4 (the classic 16, 4×4), 5 (Big Boggle, 5×5) or 6 (Super
  /// Big Boggle, 6×6, whose blank faces block their cell). Unused with a given board.
  int size = 4;
  /// A given board in the board syntax (Board::parse), played in every round; nullopt: each
  /// round rolls its own. An empty or malformed text is refused, never replaced by a default.
  std::optional<std::string> board;
  /// The minimum word length, 1 to kMaxMinLength; 0: the rules' default (min_word_length()).
  std::size_t min_length = 0;
  /// The spec's rule by default (1 + letters − minimum), as the tools score; kBoggle: the
  /// board game's table.
  Scoring scoring = Scoring::kSpec;
  /// The time of a round in seconds, up to kMaxSeconds; 0: untimed (no word is ever late).
  std::uint64_t seconds = 180;

  /// Throws ConfigError naming the field: "size" (not 4, 5 or 6), "board" (as read_board()),
  /// "min_length" (above kMaxMinLength), "seconds" (above kMaxSeconds).
  void validate() const;
  /// The minimum word length played: min_length, else 3, or 4 on boards rolled from the 6×6
  /// dice as Super Big Boggle's rules say (a given board keeps 3).
  std::size_t min_word_length() const;
  bool operator==(const Config&) const = default;
};

/// A board given as text (a config, a tool's option): Board::parse, whose problems become
/// ConfigError("board", "invalid board 'TEXT': PROBLEM"). Empty text is refused too.
Board read_board(std::string_view text);

// Commands. `elapsed_ms` is the time passed since the current round started, as the front end's
// clock measures it; it never goes back (an earlier time than the last accepted command's is
// malformed). In an untimed round it is only recorded.

/// A word typed (as text, any case; the front end trims it).
struct Submit {
  std::string word;
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Submit&) const = default;
};
/// The clock moved: a timed round whose deadline has passed ends (Finished, time up). Before
/// the deadline it does nothing and is not recorded.
struct Tick {
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Tick&) const = default;
};
/// The player stops the round early (an empty line). After the deadline the round ends as time
/// up.
struct Close {
  std::uint64_t elapsed_ms = 0;
  bool operator==(const Close&) const = default;
};
/// Play again, once the round is over: round k is rolled from wg::game_seed(seed, k); a given
/// board is played again.
struct NewGame {
  bool operator==(const NewGame&) const = default;
};
using Command = std::variant<Submit, Tick, Close, NewGame>;

/// How a round ended.
enum class RoundEnd : std::uint8_t {
  kClosed,  ///< the player closed it (Close before the deadline)
  kTimeUp,  ///< the deadline passed (a Tick, a late word, a late Close)
};

/// A word the player found, lower-case, with its points and the cells that spell it (as
/// WordAccepted gave them), so that a view shows every word's path without a rule of its own.
struct FoundWord {
  std::string word;
  int points = 0;
  std::vector<int> path;
  bool operator==(const FoundWord&) const = default;
};

// Events.

/// A round began (after NewGame; round 0 begins with the session, see Session::started()).
struct RoundStarted {
  int round = 0;  ///< 0-based
  Board board;
  std::size_t min_length = 3;
  Scoring scoring = Scoring::kSpec;
  std::uint64_t seconds = 0;  ///< 0: untimed
  bool operator==(const RoundStarted&) const = default;
};
/// A word accepted: lower-case, its points, the score after it, and the cells that spell it.
struct WordAccepted {
  std::string word;
  int points = 0;
  std::int64_t score = 0;
  std::vector<int> path;
  bool operator==(const WordAccepted&) const = default;
};
/// A command refused; nothing changed (except that a late word ends the round: a Finished
/// follows it). `reason`: malformed (not letters, or time that went back), too_short,
/// not_a_word, not_held (not on the board), repeated (already found), too_late (after the
/// deadline), wrong_phase (a word or Close after the round, NewGame during it). `word`: the word
/// as submitted (empty for other commands); `detail`: what was malformed, when it was not the
/// word.
struct Rejected {
  Refusal reason = Refusal::kMalformed;
  std::string word;
  std::string detail;
  bool operator==(const Rejected&) const = default;
};
/// A round ended: everything a history record needs.
struct Finished {
  int round = 0;
  RoundEnd end = RoundEnd::kClosed;
  /// How long the round lasted: the Close's time, or the deadline when time ran out.
  std::uint64_t elapsed_ms = 0;
  Board board;
  std::size_t min_length = 3;
  Scoring scoring = Scoring::kSpec;
  std::uint64_t seconds = 0;
  std::vector<FoundWord> found;  ///< in the order found
  std::int64_t score = 0;
  std::vector<std::string> all_words;  ///< every word on the board (the solver's), sorted
  std::vector<std::string> missed;     ///< all_words the player did not find
  std::int64_t total_score = 0;        ///< the score of all_words
  bool operator==(const Finished&) const = default;
};
using Event = std::variant<RoundStarted, WordAccepted, Rejected, Finished>;

/// Where a session stands.
enum class Status : std::uint8_t { kPlaying, kFinished };

/// What a seat sees. One player and nothing secret but the answers: every seat sees the same,
/// and the board's words and total only once the round is over.
struct View {
  Status status = Status::kPlaying;
  int round = 0;
  Board board;
  std::size_t min_length = 3;
  Scoring scoring = Scoring::kSpec;
  std::uint64_t seconds = 0;     ///< the round's time, 0: untimed
  std::uint64_t elapsed_ms = 0;  ///< the time of the latest accepted command of the round
  std::vector<FoundWord> found;
  std::int64_t score = 0;
  // Once the round is over (status kFinished), else empty:
  std::optional<RoundEnd> end;
  std::vector<std::string> all_words;
  std::vector<BoardWord> missed;  ///< with their points and paths, in all_words' order
  std::optional<std::int64_t> total_score;
  bool operator==(const View&) const = default;
};

class Session {
 public:
  using Config = boggle::Config;
  using Command = boggle::Command;
  using Event = boggle::Event;
  using View = boggle::View;

  /// Validates `config` (ConfigError) and starts round 0, rolled from game_seed(seed, 0).
  /// `shared`: boards solved for other sessions on the same lexicon (a room's seats, which play
  /// the same boards), from which each round takes its board's words (Round).
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
          std::shared_ptr<SolvedBoards> shared = nullptr);

  /// Applies one command. Refused commands come back as one Rejected event and change nothing;
  /// a late word is refused and ends the round (Rejected, Finished) and is recorded as the Tick
  /// it amounts to. `work` is unused: judging a word and solving a board are fast.
  std::vector<Event> apply(const Command& command, const Work& work = {});

  /// What `seat` may see (the same for every seat).
  View view(Seat seat) const;
  Status status() const { return status_; }
  bool finished() const { return status_ == Status::kFinished; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  /// The accepted commands, in order (a late word as a Tick): replayed on a new session with
  /// the same config and seed, they give the same events, refusals aside.
  const std::vector<Command>& commands() const { return commands_; }

  /// The current round, 0-based.
  int round() const { return round_index_; }
  /// The current round as its RoundStarted event says it (round 0 included).
  RoundStarted started() const;
  /// The current round's deadline in milliseconds from its start; 0 when untimed.
  std::uint64_t deadline_ms() const { return config_.seconds * 1000; }

 private:
  void start_round();
  bool late(std::uint64_t elapsed_ms) const;
  /// The refusal of a command at `elapsed_ms` that is not now or whose time went back.
  std::optional<Rejected> refuse_time(std::uint64_t elapsed_ms, std::string_view word) const;
  Finished finish(RoundEnd end, std::uint64_t elapsed_ms);
  // One handler per command, `on`, as every session names them (apply visits them).
  std::vector<Event> on(const Submit& submit);
  std::vector<Event> on(const Tick& tick);
  std::vector<Event> on(const Close& close);
  std::vector<Event> on(const NewGame& command);

  std::shared_ptr<const Lexicon> lexicon_;
  Config config_;
  std::uint64_t seed_;
  std::shared_ptr<SolvedBoards> shared_;  ///< null: each round solves its board
  std::optional<Board> given_board_;
  std::size_t min_length_;
  int round_index_ = 0;
  std::optional<Round> round_;
  std::vector<FoundWord> found_;
  std::uint64_t elapsed_ms_ = 0;
  Status status_ = Status::kPlaying;
  std::optional<Finished> result_;       ///< the current round's, once over
  std::vector<BoardWord> missed_words_;  ///< the current round's, once over
  std::vector<Command> commands_;
};

}  // namespace wg::boggle
