#pragma once
/// A session of adversarial Wordle: games one after another between a person (seat 0) and a
/// host. Each guess must be a word of the lexicon of the game's length; the host answers with
/// Wordle's feedback (feedback.h). The adversarial hosts never pick a word: they keep the
/// family of answers of one pattern (host.h), so the game ends when the guess is the only word
/// left. The fair host picks its word at the start (plain Wordle). Hard mode refuses a guess
/// that does not use what the rows revealed. Commands in, events out, a view to read back:
/// docs/ARCHITECTURE.md, "The session shape".
///
/// The session starts game 0 when it is made; NewGame starts the next once a game is over.
/// Game k is seeded game_seed(seed, k): the fair host's word and the word named when a game is
/// lost come from it. When a game ends, the exact search (exact.h) values the first position
/// of the game with few enough answers left (or, when its budget runs out there, the next,
/// within what is left of one budget for the game): `best_possible`, the fewest guesses a
/// perfect guesser was sure to need from the guesses played up to there.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "core/rng.h"
#include "games/wordle/exact.h"
#include "games/wordle/feedback.h"
#include "games/wordle/guesser.h"
#include "games/wordle/host.h"
#include "games/wordle/words.h"
#include "lexicon/lexicon.h"

namespace wg::wordle {

/// The default guess limit of the fair host (Wordle's six); the adversarial hosts play without
/// one unless the config sets it.
inline constexpr int kFairGuesses = 6;
/// The largest guess limit a config may set.
inline constexpr int kMaxGuesses = 1000;

struct Config {
  int length = 5;  ///< kMinLength..kMaxLength, a length with words
  HostKind host = HostKind::kLargest;
  /// Guesses allowed, after which the game is lost; 0: no limit. Unset: the host's default
  /// (kFairGuesses for the fair host, no limit for the others).
  std::optional<int> guesses;
  bool hard = false;            ///< revealed hints must be used (guesser.h, hard_mode_problem)
  bool show_remaining = false;  ///< events and views tell how many answers are still possible
  /// The answers: the common words of the length (words.h, answer_ids), or every word.
  Secrets secrets = Secrets::kCommon;
  ExactLimits exact;  ///< the search for best_possible
  LookaheadLimits lookahead;

  /// The guess limit in force: 0 for none.
  int guess_limit() const;
  /// Throws ConfigError naming the field: a length outside kMinLength..kMaxLength, guesses
  /// outside 0..kMaxGuesses, an exact bound above kMaxExactAnswers, a lookahead of no family.
  void validate() const;
  /// validate(), and a length without words in `lexicon`.
  void validate(const Lexicon& lexicon) const;
};

/// Starts the next game once the game in play is over.
struct NewGame {
  bool operator==(const NewGame&) const = default;
};

/// Guesses a word (letter codes).
struct Guess {
  std::vector<Letter> word;
  /// Replays only: the exact search was stopped when this guess ended the game, so a replay
  /// skips it too (best_possible stays unknown). The session records it; a front end that
  /// takes guesses from players must not pass it on.
  bool unanalysed = false;
  bool operator==(const Guess&) const = default;
};

/// Asks the AI for a guess (guesser.h, best_guess; in hard mode, one that keeps to it).
struct Hint {
  bool operator==(const Hint&) const = default;
};

/// Ends the game in play as lost; the host names a word still possible.
struct GiveUp {
  bool unanalysed = false;  ///< as Guess::unanalysed
  bool operator==(const GiveUp&) const = default;
};

using Command = std::variant<NewGame, Guess, Hint, GiveUp>;

struct GameStarted {
  int game = 0;
  int length = 0;
  HostKind host = HostKind::kLargest;
  bool hard = false;
  int guess_limit = 0;                     ///< 0: no limit
  std::optional<std::uint32_t> remaining;  ///< the answers; with show_remaining only
  bool operator==(const GameStarted&) const = default;
};

struct Guessed {
  std::vector<Letter> word;
  Pattern pattern = 0;
  int guesses = 0;                         ///< played so far, this one included
  std::optional<int> guesses_left;         ///< with a guess limit only
  std::optional<std::uint32_t> remaining;  ///< answers still possible; with show_remaining only
  bool operator==(const Guessed&) const = default;
};

struct Hinted {
  std::vector<Letter> word;
  bool operator==(const Hinted&) const = default;
};

/// A command refused; nothing changed.
struct Rejected {
  /// kWrongPhase: a guess, hint or give up with no game in play, a new game during one;
  /// kMalformed: not a word of letters of the game's length; kNotAWord: not in the lexicon;
  /// kNotAllowed: hard mode (`problem` says what the guess must use).
  Refusal reason = Refusal::kMalformed;
  std::vector<Letter> word;  ///< the guess refused, when there was one
  std::optional<HardModeProblem> problem;
  std::string detail;  ///< the reason in English
  bool operator==(const Rejected&) const = default;
};

/// A game ended: everything its record needs.
struct Finished {
  int game = 0;
  bool won = false;
  bool gave_up = false;
  int length = 0;
  HostKind host = HostKind::kLargest;
  bool hard = false;
  int guess_limit = 0;
  std::vector<Row> rows;  ///< the guesses and their patterns
  /// The word: the last guess when won, else the fair host's word or a word still possible
  /// (the first one the game's generator draws).
  std::vector<Letter> word;
  /// The fewest guesses a perfect guesser was sure to need, given the first `best_from`
  /// guesses played (the opening, when few enough answers were left after it): best_from plus
  /// the exact value of the answers left then. Unset where it could not be computed.
  std::optional<int> best_possible;
  std::optional<int> best_from;
  bool operator==(const Finished&) const = default;
};

using Event = std::variant<GameStarted, Guessed, Hinted, Rejected, Finished>;

enum class Status : std::uint8_t {
  kPlaying,   ///< a game in play
  kFinished,  ///< the game is over: NewGame plays again
};

/// What is known of a letter, from the rows: green > yellow > grey > unknown.
enum class LetterState : std::uint8_t { kUnknown, kAbsent, kPresent, kPlaced };

/// What a seat sees (every seat alike: the host holds nothing the player may not see but the
/// fair host's word, shown once the game is over).
struct View {
  Status status = Status::kPlaying;
  int game = 0;
  int length = 0;
  HostKind host = HostKind::kLargest;
  bool hard = false;
  int guess_limit = 0;
  std::vector<Row> rows;
  std::vector<LetterState> keyboard;        ///< by letter code
  std::optional<std::uint32_t> remaining;   ///< with show_remaining only
  std::optional<bool> won;                  ///< once over
  std::optional<std::vector<Letter>> word;  ///< once over
  std::optional<int> best_possible;         ///< once over, where computed
  std::optional<int> best_from;
  bool operator==(const View&) const = default;
};

/// The keyboard's states after `rows`, one per letter of an alphabet of `letters` letters.
std::vector<LetterState> keyboard_of(std::span<const Row> rows, int letters);

class Session {
 public:
  using Config = wordle::Config;
  using Command = wordle::Command;
  using Event = wordle::Event;
  using View = wordle::View;

  /// Validates the config against the lexicon (ConfigError) and starts game 0. `common` is the
  /// common-words list for config.secrets; without it every word is an answer.
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
          std::shared_ptr<const Lexicon> common = nullptr);

  /// Applies a command. `work` watches the exact search run when a game ends: stopped, the
  /// game's best_possible is unknown and the command is recorded as unanalysed.
  std::vector<Event> apply(const Command& command, const Work& work = {});

  View view(Seat seat) const;
  Status status() const { return over_ ? Status::kFinished : Status::kPlaying; }
  bool finished() const { return over_; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  const std::vector<Command>& commands() const { return commands_; }
  const Lexicon& lexicon() const { return *lexicon_; }
  const Alphabet& alphabet() const { return lexicon_->alphabet(); }
  const WordBank& words() const { return *words_; }
  /// The game in play or last played (0-based).
  int game() const { return game_; }
  /// The answers still possible (for tests and tools; a front end shows only what the view
  /// holds).
  const std::vector<WordId>& remaining() const { return remaining_; }

 private:
  void start_game();
  // One handler per command, `on`, as every session names them (apply visits them).
  std::vector<Event> on(const NewGame& command, const Work& work);
  std::vector<Event> on(const Guess& command, const Work& work);
  std::vector<Event> on(const Hint& command, const Work& work);
  std::vector<Event> on(const GiveUp& command, const Work& work);
  /// Ends the game; `stopped` is set when `work` stopped the exact search.
  Finished finish(bool won, bool gave_up, bool unanalysed, const Work& work, bool& stopped);
  std::optional<std::uint32_t> shown_remaining() const;

  std::shared_ptr<const Lexicon> lexicon_;
  std::shared_ptr<const Lexicon> common_;
  Config config_;
  std::uint64_t seed_;
  const WordBank* words_ = nullptr;  ///< the lexicon's, shared (WordBanks)
  /// The answers of the config's length and secrets: the lexicon's, shared (WordBanks).
  std::shared_ptr<const std::vector<WordId>> answers_;
  // The game in play.
  int game_ = 0;
  Rng rng_;
  std::vector<WordId> remaining_;
  std::optional<WordId> secret_;  ///< the fair host's word
  std::vector<Row> rows_;
  bool over_ = false;
  std::optional<Finished> finished_;
  /// The positions with few enough answers for the exact search, in the order played: the
  /// answers left after each guess from the first such one on (exact_positions_[i] after guess
  /// exact_from_ + i).
  std::optional<int> exact_from_;
  std::vector<std::vector<WordId>> exact_positions_;
  std::vector<Command> commands_;
};

/// The AI guesser against the session's host: plays the hint as the guess until the game in
/// play ends, or until `max_guesses` more guesses were played. The game's Finished event, or
/// nullopt when it did not end.
std::optional<Finished> autoplay(Session& session, int max_guesses = 100, const Work& work = {});

}  // namespace wg::wordle
