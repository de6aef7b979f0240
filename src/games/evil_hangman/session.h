#pragma once
/// A session of Evil Hangman: games one after another between a person (seat 0) and the
/// cheating host, as the spec plays them. Each game is started with its word length, its number
/// of guesses and whether the words remaining are shown (NewGame, the spec's three prompts);
/// then letters are guessed until the word is complete or the guesses run out (or the guesser
/// gives up); then, play again, another NewGame. Commands in, events out, a view to read back:
/// docs/ARCHITECTURE.md, "The session shape".
///
/// The host never commits to a word while a game is played (the fair host excepted, which
/// keeps its word to itself), so a view shows the pattern, the guesses and, only when the game
/// was started with show_remaining, how many words the host still holds; the word only once
/// the game is over. Game k of a session is seeded game_seed(seed, k).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "games/evil_hangman/game.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/word_set.h"
#include "lexicon/lexicon.h"

namespace wg::evil_hangman {

/// The session's settings: the host, and the settings of its games when they are fixed.
struct Config {
  Strategy strategy = Strategy::kLargest;
  int depth = 2;  ///< lookahead's depth (and optimal's fallback), 1..kMaxLookaheadDepth
  OptimalBudget budget;
  /// Guessed events carry the host's Decision: the families of the guess with their sizes and
  /// scores. That tells how many words the host holds, whatever show_remaining says.
  bool explain = false;
  /// Every game's word length, number of guesses (misses allowed) and whether the words
  /// remaining are shown, unless its NewGame says otherwise. Without a length or a number of
  /// guesses here, each NewGame must give them.
  std::optional<std::int64_t> length;
  std::optional<std::int64_t> guesses;
  bool show_remaining = false;
  /// The words the host may say it had chosen: kCommon, the common words the front end gives
  /// the session (lexicon/common_words.h) whenever the host still holds one (the fair host's
  /// word too, where a length has kMinCommonSecrets of them); kAll, any word. Which letters
  /// hit never depends on it, only which word is named at the end (and the fair host's word).
  Secrets secrets = Secrets::kCommon;

  /// The host of every game.
  HostConfig host() const;
  /// Throws ConfigError for settings no game can use: depth outside 1..kMaxLookaheadDepth (deeper
  /// would take minutes a decision), a budget limit of 0, guesses
  /// < 1, a length outside 1..kMaxWordLength.
  void validate() const;
  /// validate(), and a length without words in `lexicon` (no_words_of_length's message).
  void validate(const Lexicon& lexicon) const;
};

/// Starts the next game. A field left out takes the config's; a game in play must end first.
struct NewGame {
  std::optional<std::int64_t> length;
  std::optional<std::int64_t> guesses;
  std::optional<bool> show_remaining;
  bool operator==(const NewGame&) const = default;
};

/// Guesses a letter (a code of the lexicon's alphabet).
struct Guess {
  Letter letter = kNoLetter;
  /// Replays only: the work at which the optimal host's decision was cut (Decision::cut). The
  /// session records the cut of every accepted guess here, so that replaying commands() cuts
  /// the same decisions at the same step; a front end that takes guesses from players must
  /// not pass one on (a cut weakens the host).
  std::optional<std::uint64_t> cut;
  bool operator==(const Guess&) const = default;
};

/// Ends the game in play as lost; the host names a word, as when the guesses run out.
struct GiveUp {
  bool operator==(const GiveUp&) const = default;
};

/// The host decides the rest of the game in play as `strategy` (switchable(): largest or
/// lookahead); the next game has the config's host again. A player leaves a host that thinks
/// too long this way (the page sends it while the optimal host decides, which withdraws that
/// guess, then guesses the letter again).
struct SwitchHost {
  Strategy strategy = Strategy::kLargest;
  bool operator==(const SwitchHost&) const = default;
};

/// The record that a guess of `letter` was withdrawn while the optimal host decided it
/// (Work::withdraw): not played, nothing changed but the solver's memo, which is cleared
/// (OptimalSolver::forget). The session records it itself; applying it (a replay) clears the
/// memo as the withdrawal did, so that the games go on alike.
struct Withdraw {
  Letter letter = kNoLetter;
  bool operator==(const Withdraw&) const = default;
};

using Command = std::variant<NewGame, Guess, GiveUp, SwitchHost, Withdraw>;

/// A game began (game 0 is the session's first).
struct GameStarted {
  int game = 0;
  int length = 0;
  int guesses = 0;
  bool show_remaining = false;
  std::optional<std::uint32_t> words;  ///< the words of that length; with show_remaining only
  bool operator==(const GameStarted&) const = default;
};

/// What a guess did.
struct Guessed {
  Letter letter = kNoLetter;
  bool hit = false;                    ///< some positions were revealed
  int revealed = 0;                    ///< how many
  std::vector<Letter> pattern;         ///< after the guess: letters, kNoLetter where hidden
  int guesses_left = 0;                ///< misses still allowed
  std::optional<std::uint32_t> words;  ///< words the host holds now; with show_remaining only
  bool fell_back = false;              ///< the optimal host ran out of budget or was cut
  std::optional<std::uint64_t> cut;    ///< set when it was cut (Decision::cut)
  std::optional<Decision> decision;    ///< the host's reasons; with Config::explain only
  bool operator==(const Guessed&) const = default;
};

/// A guess withdrawn while the host decided it (Withdraw): the game is as before the guess.
struct Withdrawn {
  Letter letter = kNoLetter;
  bool operator==(const Withdrawn&) const = default;
};

/// The host of the game in play is now `strategy` (SwitchHost).
struct HostSwitched {
  Strategy strategy = Strategy::kLargest;
  bool operator==(const HostSwitched&) const = default;
};

/// A command refused; nothing changed.
struct Rejected {
  Refusal reason = Refusal::kMalformed;
  /// kWrongPhase: no game in play (a guess, a give up) or one still in play (a new game);
  /// kMalformed: not a letter of the alphabet, or a new game without a length or guesses;
  /// kRepeated: the letter was guessed before; kOutOfRange: a length without words, guesses < 1,
  /// a host a game cannot switch to.
  Letter letter = kNoLetter;  ///< the letter refused (kMalformed, kRepeated)
  std::string detail;         ///< the reason in English, for logs and messages
  bool operator==(const Rejected&) const = default;
};

/// A game ended: everything its record needs.
struct Finished {
  int game = 0;
  bool won = false;
  bool gave_up = false;
  int length = 0;
  int guesses = 0;
  int misses = 0;
  std::vector<Letter> word;     ///< as completed, or as the host names it when the guesser lost
  std::vector<Letter> letters;  ///< guessed, in order
  bool show_remaining = false;
  Par par;  ///< what the optimal host forces from the start (par_of, host.h)
  bool operator==(const Finished&) const = default;
};

using Event = std::variant<GameStarted, Guessed, Withdrawn, HostSwitched, Rejected, Finished>;

enum class Status {
  kIdle,      ///< no game yet: waiting for the first NewGame
  kPlaying,   ///< a game in play: waiting for guesses
  kFinished,  ///< the last game is over: a NewGame plays again
};

/// What a seat may see. Every seat sees the same (the guesser has no secret from spectators).
struct View {
  Status status = Status::kIdle;
  int game = -1;  ///< the game in play or last played; -1 before the first
  int length = 0;
  int guesses = 0;
  int guesses_left = 0;
  std::vector<Letter> pattern;  ///< letters, kNoLetter where hidden
  std::vector<Letter> letters;  ///< guessed, in order
  bool show_remaining = false;
  std::optional<std::uint32_t> words_remaining;  ///< with show_remaining only
  std::optional<bool> won;                       ///< once over
  std::optional<std::vector<Letter>> word;       ///< once over
  /// The host of the game in play or last played: the config's, unless the game switched.
  Strategy host = Strategy::kLargest;
  bool operator==(const View&) const = default;
};

class Session {
 public:
  using Config = evil_hangman::Config;
  using Command = evil_hangman::Command;
  using Event = evil_hangman::Event;
  using View = evil_hangman::View;

  /// Validates `config` against the lexicon (ConfigError). No game is started: the first
  /// NewGame starts game 0. `common` is the common-words list for config.secrets; without it,
  /// any word may be named.
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
          std::shared_ptr<const Lexicon> common = nullptr);

  /// Applies a command. `work` watches the optimal host's decision (Host::choose): stopped, it
  /// falls back to lookahead and the Guessed event says where it was cut; withdrawn, the guess
  /// is not played, the session records a Withdraw in its place and says Withdrawn.
  std::vector<Event> apply(const Command& command, const Work& work = {});

  View view(Seat seat) const;
  Status status() const;
  bool finished() const { return status() == Status::kFinished; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  /// The accepted commands, in order, as applied: a NewGame with every field filled in, a
  /// Guess with its cut (if any).
  const std::vector<Command>& commands() const { return commands_; }
  const Lexicon& lexicon() const { return *lexicon_; }
  const Alphabet& alphabet() const { return lexicon_->alphabet(); }
  /// Games started so far.
  int games() const { return games_; }

 private:
  /// The words of one length and the optimal host's solver on them, kept for the session:
  /// later games of that length start from what the memo already holds.
  struct Words {
    WordSet words;
    std::vector<WordId> secrets;  ///< common_secrets() of the words
    std::shared_ptr<OptimalSolver> solver;
  };

  // One handler per command, `on`, as every session names them (apply visits them).
  std::vector<Event> on(const NewGame& command, const Work& work);
  std::vector<Event> on(const Guess& command, const Work& work);
  std::vector<Event> on(const GiveUp& command, const Work& work);
  std::vector<Event> on(const SwitchHost& command, const Work& work);
  std::vector<Event> on(const Withdraw& command, const Work& work);
  /// A refusal of `letter` for a guess (or its withdrawal), or nullopt when it may be played.
  std::optional<Rejected> refused_letter(Letter letter) const;
  Words& words_of(int length);
  Finished finish() const;
  std::optional<std::uint32_t> shown_words() const;

  std::shared_ptr<const Lexicon> lexicon_;
  std::shared_ptr<const Lexicon> common_;
  Config config_;
  std::uint64_t seed_;
  std::map<int, std::unique_ptr<Words>> words_;  // stable addresses: a Game points at its words
  std::optional<Game> game_;
  int games_ = 0;
  bool show_remaining_ = false;
  bool gave_up_ = false;
  std::vector<Command> commands_;
};

}  // namespace wg::evil_hangman
