#pragma once
/// The store: what wordgames keeps for a user between runs, behind one small typed port so that
/// front ends never know where it lives. Two kinds of things, each by name:
///
/// - saved word lists: lists of words a game plays on (position hangman's dictionaries,
///   app/hangman_dictionary_source.h, which checks a list's rules when it reads one);
/// - saved games: a session as GameSession::saved() writes it, {game, config, seed, commands}
///   (app::restore() replays one).
///
/// Players, finished games and the rest are the game store's (GameStore, game_store.h), which
/// extends this port. FileStore (file_store.h) keeps the port's things in files under the
/// user's data directory; a game store keeps them with the rest (SqliteStore in its database).
/// Names are checked here, once, so that every implementation accepts the same ones.

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"

namespace wg::app {

/// The store cannot do what was asked: nothing under that name, a file or record that cannot be
/// read or written. what() names the thing and the place ("no saved dictionary 'x'",
/// "cannot write /path/history.tsv: ...").
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A name for a saved thing: 1 to 40 letters, digits, '-' and '_', starting with a letter or a
/// digit (usable as a file name everywhere).
bool valid_name(std::string_view name);

class Store {
 public:
  virtual ~Store() = default;

  // --- Saved word lists, by valid_name names.

  /// Names of the saved word lists, sorted.
  virtual std::vector<std::string> word_list_names() = 0;
  virtual bool has_word_list(std::string_view name) = 0;
  /// Saves `words` as `name`, replacing any list of that name. Throws std::invalid_argument for
  /// an invalid name or a word that is not a run of letters, StoreError when it cannot be
  /// written.
  virtual void save_word_list(std::string_view name, std::span<const std::string> words) = 0;
  /// The text of the list saved as `name`: one word a line as saved, or whatever a hand put in
  /// its file (the game that reads it checks it). Throws StoreError when there is no such list
  /// or it cannot be read.
  virtual std::string load_word_list(std::string_view name) = 0;
  /// Where the list `name` is (or would be) kept, for messages: a path.
  virtual std::string word_list_location(std::string_view name) = 0;

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

/// Throws std::invalid_argument unless `name` is a valid_name and every word a run of ASCII
/// letters (Store::save_word_list's rule, one for every store).
void check_word_list(std::string_view name, std::span<const std::string> words);
/// The text a word list is kept as: its words, one a line.
std::string word_list_text(std::span<const std::string> words);

/// Throws std::invalid_argument unless `saved` looks like a saved game: an object with a
/// string "game" and an unsigned "seed" (what restore() needs before it replays anything).
void check_saved_game(const Json& saved);

}  // namespace wg::app
