#pragma once
/// The vocabulary every game's session shares (docs/ARCHITECTURE.md, "The session shape").
///
/// A game's session (`src/games/<game>/session.h`) takes commands and returns events; it owns
/// the whole flow of play, and front ends only parse commands and render events and views. Each
/// game names its pieces alike: `Config` (with `validate()`, throwing ConfigError), `Command`
/// and `Event` (variants), `Rejected` (an event carrying a Refusal), `Finished` (an event with
/// everything a history record needs), `View` (what one seat may see), `Status`, and the seed
/// rule below. Player input is never an exception: a command that cannot be applied comes back
/// as a `Rejected` event and changes nothing. Exceptions are for bad configurations
/// (ConfigError), broken files and bugs.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>

namespace wg {

/// A configuration that cannot be played. Thrown by a game's `Config::validate()` (and so by
/// its session's constructor); every front end maps it once (exit status 1 in the terminal,
/// HTTP 400 on the server). `field()` names the setting as the config names it ("length").
class ConfigError : public std::invalid_argument {
 public:
  ConfigError(std::string field, const std::string& problem);
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

/// The seed of game `index` (0-based) of a session seeded `session_seed`: the same rule for
/// every game and front end, so that `--seed N` replays the same games anywhere. It is the
/// first number of the generator forked for stream `index` (Rng::fork), as a tournament seeds
/// its games.
std::uint64_t game_seed(std::uint64_t session_seed, std::uint64_t index);

/// Why a session refused a command. The same codes serve every game; a game's `Rejected` event
/// pairs one with the details a front end needs to say it (the letter, the word...).
enum class Refusal : std::uint8_t {
  kWrongPhase,  ///< not now: a guess after the game ended, a replay before the hand ended
  kMalformed,   ///< not what the command takes: no letter, a digit in a word, a bad position
  kRepeated,    ///< already guessed, already found, already used once this session
  kNotHeld,     ///< letters the hand or rack lacks, a word not on the board
  kNotAWord,    ///< not in the lexicon (where a non-word is refused rather than scored 0)
  kTooShort,    ///< shorter than the rules' minimum
  kOutOfRange,  ///< a number outside what the rules allow (a bid, a position, a length)
  kTooLate,     ///< after the deadline
  kNotAllowed,  ///< the rules forbid it here (substitute a wildcard, a second substitution)
  kNotAwaited,  ///< the session waits for another seat or another kind of answer
};

/// The refusal's stable identifier for codecs and logs: "wrong_phase", "not_held"...
std::string_view to_string(Refusal refusal);

/// Where a hangman host draws the words it may have chosen (the fair host's secret, the word
/// named when the guesser loses): common words, that people know, or every word of the list.
/// Guesses are judged against the whole list either way. Both hangman games name it alike
/// (`secrets` in their configs, `--words` in the terminal).
enum class Secrets : std::uint8_t { kCommon, kAll };
/// "common", "all".
std::string_view to_string(Secrets secrets);
std::optional<Secrets> parse_secrets(std::string_view name);
/// Every choice, in the order front ends list them.
std::span<const Secrets> all_secrets();

/// How a long computation inside a command (the optimal evil host's decision, an exact hand
/// plan, a best-board search) may be stopped and watched. A stopped computation falls back the
/// way its budget fallback does, and says so in its event; it never throws. `progress` is
/// called from the computing thread with the fraction done, 0 to 1, when known.
///
/// `withdraw` is requested, before `stop`, when the player takes the command back (they sent
/// another in its place, the evil hangman's give up while its host decides): a computation that
/// can be withdrawn then ends its command with nothing changed but a record that it was
/// withdrawn (its game says how); one that cannot stops as on `stop`.
struct Work {
  std::stop_token stop;
  std::function<void(double fraction)> progress;
  std::stop_token withdraw{};
};

/// Who looks at a session. Seats are 0-based; kObserver sees what any spectator may see.
using Seat = int;
inline constexpr Seat kObserver = -1;

}  // namespace wg
