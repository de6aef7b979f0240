#pragma once
/// The store: what wordgames keeps for a user between runs, behind one small typed port so that
/// front ends never know where it lives. Three kinds of things:
///
/// - the history: finished games, per game name ("hangman"), appended one at a time and read
///   back as the last N;
/// - saved dictionaries: position hangman's word lists, by name;
/// - saved games: a session as GameSession::saved() writes it, {game, config, seed, commands},
///   by name (app::restore() replays one).
///
/// FileStore (file_store.h) keeps them in files under the user's data directory; a database can
/// implement the same port. Names of dictionaries and games are checked here, once, so that
/// every implementation accepts the same ones.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"
#include "games/hangman/dictionary.h"

namespace wg::app {

/// The store cannot do what was asked: nothing under that name, a file or record that cannot be
/// read or written. what() names the thing and the place ("no saved dictionary 'x'",
/// "cannot write /path/history.tsv: ...").
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One finished game, as the history keeps it.
struct GameRecord {
  std::string word;  ///< the secret, upper case
  std::size_t guesses = 0;
  bool player_won = false;
  int points = 0;  ///< 0 or more
  bool operator==(const GameRecord&) const = default;
};

/// The last games of one game, oldest first, and what could not be read: reading a history
/// never fails a game, it only warns.
struct History {
  std::vector<GameRecord> games;
  std::size_t bad_records = 0;  ///< records that could not be read, skipped (and dropped at the
                                ///< next append)
  std::string problem;          ///< why the history could not be read at all, or empty
  std::string source;           ///< where it is kept, for messages (a path)
};

/// Games a history keeps per game name: what the menus show.
inline constexpr std::size_t kHistoryGames = 5;

/// The name of the dictionary made from the lexicon in use: never a saved one.
inline constexpr std::string_view kDefaultDictionaryName = "default";

/// A name for a saved thing: 1 to 40 letters, digits, '-' and '_', starting with a letter or a
/// digit (usable as a file name everywhere).
bool valid_name(std::string_view name);
/// valid_name, and not "default".
bool valid_dictionary_name(std::string_view name);

class Store {
 public:
  virtual ~Store() = default;

  // --- History, per game name ("hangman").

  /// The last `count` games (at most kHistoryGames are kept), oldest first. Never throws for a
  /// damaged history: see History::bad_records and History::problem.
  virtual History history(std::string_view game, std::size_t count = kHistoryGames) = 0;
  /// Appends a finished game, keeping the last kHistoryGames readable ones, and returns the
  /// history as now kept (with what was skipped when reading it). Throws StoreError when it
  /// cannot be written.
  virtual History append(std::string_view game, const GameRecord& record) = 0;

  // --- Saved dictionaries (position hangman's), by valid_dictionary_name names.

  /// Names of the saved dictionaries, sorted.
  virtual std::vector<std::string> dictionary_names() = 0;
  virtual bool has_dictionary(std::string_view name) = 0;
  /// Saves the dictionary as `name`, replacing any of that name. Throws std::invalid_argument
  /// for an invalid name, StoreError when it cannot be written.
  virtual void save_dictionary(std::string_view name, const hangman::Dictionary& dictionary) = 0;
  /// Throws StoreError naming the dictionary and where it is kept when it is missing,
  /// unreadable, or breaks a rule (a file edited by hand).
  virtual hangman::Dictionary load_dictionary(std::string_view name) = 0;
  /// Where the dictionary `name` is (or would be) kept, for messages: a path.
  virtual std::string dictionary_location(std::string_view name) = 0;

  // --- Saved games, by valid_name names.

  /// Names of the saved games, sorted.
  virtual std::vector<std::string> game_names() = 0;
  /// Saves {game, config, seed, commands} as `name`, replacing any of that name. Throws
  /// std::invalid_argument for an invalid name or a document that is not a saved game (an
  /// object naming its game, with a seed), StoreError when it cannot be written.
  virtual void save_game(std::string_view name, const Json& saved) = 0;
  /// Throws StoreError when there is no such game or it cannot be read as a saved game.
  virtual Json load_game(std::string_view name) = 0;
};

/// Throws std::invalid_argument unless `saved` looks like a saved game: an object with a
/// string "game" and an unsigned "seed" (what restore() needs before it replays anything).
void check_saved_game(const Json& saved);

}  // namespace wg::app
