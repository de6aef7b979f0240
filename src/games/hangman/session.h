#pragma once
/// A session of position hangman: the whole flow of play, one game after another on one
/// dictionary, as commands in and events out (docs/ARCHITECTURE.md, "The session shape").
///
/// The session starts its first game when it is made; `NewGame` starts the next once a game is
/// over. Game k of the session (k = config.first_game for the first) draws its secret from
/// `Rng(wg::game_seed(seed, k))`. What a player may see is decided here, not by front ends:
/// the probabilities only in easy mode (in the view and in the guess events), the secret only
/// once the game is over. A hint is asking for help, so it tells the probabilities of its
/// suggestions in either mode. A game ended before any guess (given up at once, or abandoned
/// at the first prompt) is not a game: its Finished event says `played = false`, and front ends
/// do not record it.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/alphabet.h"
#include "core/play.h"
#include "games/hangman/advisor.h"
#include "games/hangman/dictionary.h"
#include "games/hangman/game.h"
#include "lexicon/lexicon.h"

namespace wg::hangman {

/// Easy mode shows each letter's probability at each open position; hard mode hides them.
enum class Mode : std::uint8_t { kEasy, kHard };
/// "easy", "hard".
std::string_view to_string(Mode mode);
std::optional<Mode> parse_mode(std::string_view name);

/// Where secrets are drawn from (core/play.h).
using wg::parse_secrets;
using wg::Secrets;
using wg::to_string;

/// With `secrets: common`, the common words of a dictionary must be at least this many, or
/// secrets come from all its words.
inline constexpr std::size_t kMinCommonSecrets = kMinWords;

/// The session's settings.
struct Config {
  Mode mode = Mode::kEasy;
  /// kCommon: secrets are the dictionary's words that are in the common-words list the front
  /// end gives the session (lexicon/common_words.h), or all its words when fewer than
  /// kMinCommonSecrets are (or no list is given). kAll: any word of the dictionary.
  Secrets secrets = Secrets::kCommon;
  /// Whether the Hint command is answered (refused with Refusal::kNotAllowed otherwise).
  bool hints = true;
  /// The dictionary as a list of words (any case, letters only), for a dictionary that is not
  /// the lexicon's: a saved dictionary, the words of a text, a web player's list. It must pass
  /// the dictionary rules (dictionary.h). Empty: the lexicon's words of kMinWordLength+ letters.
  /// A saved game carries it, so that its replay plays on the same words.
  std::vector<std::string> words;
  /// The index of the session's first game, for its seed and its number: a front end that
  /// opens a new session when the player picks another dictionary between games passes the
  /// number of games already played, so that game k of a run is seeded game_seed(seed, k)
  /// whatever the dictionaries.
  std::uint64_t first_game = 0;

  /// Throws wg::ConfigError("words", the broken rule) for words that cannot make a dictionary.
  void validate() const;
};

/// Where the session stands: a game in play, or the current game over (NewGame starts the
/// next).
enum class Status : std::uint8_t { kPlaying, kFinished };

// --- Commands.

/// Starts the next game; only once the current one is over.
struct NewGame {
  bool operator==(const NewGame&) const = default;
};
// Guess (game.h): a letter at a 0-based position.
/// The planners' guesses for points and for the chance to win (advisor.h, planner.h).
struct Hint {
  bool operator==(const Hint&) const = default;
};
/// Ends the game as a loss and shows the word.
struct GiveUp {
  bool operator==(const GiveUp&) const = default;
};
using Command = std::variant<NewGame, Guess, Hint, GiveUp>;

// --- Events.

/// A game began.
struct GameStarted {
  std::uint64_t game = 0;  ///< its number in the run, from 1 (first_game + games started)
  std::size_t length = 0;
  int lives = kLives;
  std::size_t candidates = 0;
  bool operator==(const GameStarted&) const = default;
};

/// A guess was played (hit or miss).
struct Guessed {
  Guess guess;
  bool hit = false;
  int points_change = 0;  ///< +points on a hit, -(what was taken) on a miss
  int points = 0;         ///< after the guess
  int lives = 0;          ///< after the guess
  std::size_t candidates = 0;
  /// The letter's probability there before the guess: easy mode only.
  std::optional<double> probability;
  bool operator==(const Guessed&) const = default;
};

/// The planners' answer to Hint (probabilities included, in either mode).
struct Hinted {
  Advice points;  ///< for points (Strategy::kPlanPoints)
  Advice safe;    ///< for the chance to win (Strategy::kPlanWin)
  /// What each plan expects by the game's end, played on from this guess: the final points,
  /// and the chance to win (planner.h's values). A guess for points may lose points now and
  /// still be the best for the end.
  double final_points = 0;
  double win_chance = 0;
  bool operator==(const Hinted&) const = default;
};

/// A command refused; nothing changed.
struct Rejected {
  /// kWrongPhase (a guess, hint or give-up after the end, a new game during one), kOutOfRange
  /// (no such position), kMalformed (no such letter), kRepeated (a revealed position, or a
  /// letter already missed there), kNotAllowed (a hint when hints are off).
  Refusal reason = Refusal::kWrongPhase;
  std::optional<Guess> guess;  ///< the refused guess, for a guess
  std::size_t length = 0;      ///< the word's length, for saying which positions exist
  bool revealed = false;       ///< kRepeated because the position is already revealed
  bool operator==(const Rejected&) const = default;
};

/// A game ended: everything its history record needs.
struct Finished {
  std::uint64_t game = 0;    ///< its number in the run, from 1
  std::vector<Letter> word;  ///< the secret
  std::size_t guesses = 0;   ///< accepted guesses, hits and misses
  std::size_t misses = 0;
  bool player_won = false;
  bool gave_up = false;
  int points = 0;
  /// False for a game that ended before any guess: not a game, so not recorded in a history
  /// (and it does not push real games out of the last five).
  bool played = false;
  bool operator==(const Finished&) const = default;
};

using Event = std::variant<GameStarted, Guessed, Hinted, Rejected, Finished>;

// --- The view.

/// A letter still possible at an open position, with the number of candidates that have it
/// there (its probability is count / candidates).
struct LetterOdds {
  Letter letter = kNoLetter;
  std::uint32_t count = 0;
  bool operator==(const LetterOdds&) const = default;
};

/// What a seat may see: everything a player knows, never the secret before the end, and the
/// probabilities only in easy mode. Position hangman has one player; every seat (kObserver
/// included) sees the same.
struct View {
  Status status = Status::kPlaying;
  Mode mode = Mode::kEasy;
  bool hints = true;
  std::uint64_t game = 0;  ///< the current game's number, from 1
  std::size_t length = 0;
  int lives = 0;
  int points = 0;
  std::size_t candidates = 0;
  std::size_t guesses = 0;
  std::vector<Letter> revealed;   ///< per position, the letter found by a hit or kNoLetter
  std::vector<LetterSet> missed;  ///< per position, the letters missed there
  /// Easy mode, game in play: per position, the letters still possible there, most probable
  /// first (ties alphabetical); empty for a revealed position. Empty in hard mode.
  std::vector<std::vector<LetterOdds>> odds;
  /// Once the game is over: the word, whether the player won and whether they gave up.
  std::optional<std::vector<Letter>> secret;
  bool won = false;
  bool gave_up = false;
  bool operator==(const View&) const = default;
};

/// The dictionary a session with this config plays on: the one config.words makes, or the
/// lexicon's words of kMinWordLength+ letters when it is empty (`lexicon` may be null when
/// config.words is not). Throws wg::ConfigError as the Session's constructor does. A front end
/// that opens many sessions on the lexicon's words builds it once and hands it to them.
std::shared_ptr<const Dictionary> make_dictionary(const Lexicon* lexicon, const Config& config);

/// The words secrets are drawn from, as indices for Dictionary::word_at, increasing: with
/// Secrets::kCommon the dictionary's words that `common` (a list of common words, may be null)
/// contains, when there are at least kMinCommonSecrets of them (all the words when all are
/// common); otherwise, and with Secrets::kAll, empty, meaning every word.
std::vector<std::uint32_t> secret_pool(const Dictionary& dictionary, Secrets secrets,
                                       const Lexicon* common);

class Session {
 public:
  using Config = hangman::Config;
  using Command = hangman::Command;
  using Event = hangman::Event;
  using View = hangman::View;

  /// Plays on config.words, or on the lexicon's words of kMinWordLength+ letters when there are
  /// none; starts the first game. Throws wg::ConfigError: "words" for a list breaking a rule,
  /// "lexicon" for a lexicon that cannot make a dictionary.
  /// `common` is the common-words list for config.secrets (secret_pool); without it, secrets
  /// come from every word.
  Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed,
          std::shared_ptr<const Lexicon> common = nullptr);
  /// Plays on a dictionary the front end built: the one config.words makes, or the lexicon's
  /// when config.words is empty (so that one large dictionary is built once, and the saved
  /// game still says what was played). Validates config; starts the first game.
  Session(std::shared_ptr<const Dictionary> dictionary, Config config, std::uint64_t seed,
          std::shared_ptr<const Lexicon> common = nullptr);
  /// Plays on a dictionary and the secret pool (secret_pool() of that dictionary for
  /// config.secrets) that the front end built once for many sessions: a server keeps thousands
  /// open, and each would otherwise hold a copy of the pool.
  Session(std::shared_ptr<const Dictionary> dictionary,
          std::shared_ptr<const std::vector<std::uint32_t>> secret_pool, Config config,
          std::uint64_t seed);

  /// Applies a command; a refused one gives one Rejected event and changes nothing. `work` is
  /// unused: no command computes for long.
  std::vector<Event> apply(const Command& command, const Work& work = {});

  /// What `seat` may see now (the same for every seat).
  View view(Seat seat = kObserver) const;
  Status status() const;
  bool finished() const { return status() == Status::kFinished; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  /// The accepted commands, in order: replayed on a new session with the same config and
  /// seed, they give the same events.
  const std::vector<Command>& commands() const { return commands_; }

  /// The current game: in play, or the one just ended. For the review (review.h), which looks
  /// at each position a replay reaches; front ends show the view, which hides the secret.
  const Game& game() const { return *game_; }
  /// The number of the current game in the run, from 1 (GameStarted::game).
  std::uint64_t game_number() const { return config_.first_game + games_; }

  /// The dictionary played on (for its alphabet and statistics).
  const Dictionary& dictionary() const { return *dictionary_; }
  /// The words secrets are drawn from (secret_pool(): empty for every word).
  const std::vector<std::uint32_t>& secret_pool() const { return *secret_pool_; }

 private:
  GameStarted start_game();
  Finished finish_game() const;
  // One handler per command, `on`, as every session names them (apply visits them).
  std::vector<Event> on(const Guess& guess);
  std::vector<Event> on(const NewGame& command);
  std::vector<Event> on(const Hint& command);
  std::vector<Event> on(const GiveUp& command);

  std::shared_ptr<const Dictionary> dictionary_;
  Config config_;
  std::uint64_t seed_;
  std::shared_ptr<const std::vector<std::uint32_t>> secret_pool_;  ///< empty: every word
  std::uint64_t games_ = 0;                                        ///< games started
  std::optional<Game> game_;
  std::vector<Command> commands_;
};

}  // namespace wg::hangman
