#pragma once
/// A challenge: a finished game passed on as a short code, so that a friend plays the same game
/// and sees both results side by side at its end. The code carries the game, its config, its
/// seed, the challenger's name and result (the share text's, GameEntry::share), never a hidden
/// word in clear text: the seed decides the game's words, and the result is spoiler-free.
///
/// The code is base64url (no padding) of a version byte, the payload as MessagePack (the JSON
/// [game, config, seed, name, result], the config's defaults left out) and a CRC-32 of both. A code
/// altered, cut short, of another version or naming a game or a config this program does not play
/// is refused with a ChallengeError saying which.

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// The version byte every code begins with; a code of another version is refused.
inline constexpr std::uint8_t kChallengeVersion = 1;

/// A code that is no challenge this program can play: the message says why, for the player.
class ChallengeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// What a code carries.
struct Challenge {
  std::string game;  ///< the registry's name ("wordle")
  /// The config as saved, or with its defaults left out (the session gives them back).
  Json config = Json::object();
  std::uint64_t seed = 0;  ///< the session's: its first game is the one challenged
  std::string name;        ///< the challenger's
  std::string result;      ///< theirs, as ShareText::result says it ("4/6")
  bool operator==(const Challenge&) const = default;
};

/// The code of `challenge`. Throws ChallengeError for a game not in the registry, or a config
/// that holds a list of words (a position hangman dictionary of one's own): the code would
/// carry the word to find.
std::string encode_challenge(const Challenge& challenge);

/// The challenge `code` carries (spaces, line breaks and '\\' ignored: a code printed over
/// several lines, with the shell's line continuations). Throws ChallengeError for a code
/// that is not base64url, is cut short or altered (its checksum), is of another version, or
/// names a game not in the registry.
Challenge decode_challenge(std::string_view code);

/// The challenge of `game`, a finished game of `entry` played by `name` at `seat`: nullopt when
/// the game has no share text, was not the first of its session (a code replays a session's
/// first game), or cannot be carried (encode_challenge's refusals).
std::optional<Challenge> challenge_of(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      std::string_view name);

/// Opens the session the challenge was played in, at its first game. Throws ChallengeError
/// when its config cannot be played (ConfigError's field and problem in the message).
std::unique_ptr<GameSession> open_challenge(const Challenge& challenge,
                                            std::shared_ptr<const Lexicon> lexicon);

}  // namespace wg::app
