#pragma once
/// Position Hangman in JSON: its session's config, commands, events and views
/// (games/hangman/session.h), and its registry entry (app/registry.h).
///
/// Positions are 0-based in JSON (as in the session), letters are one-letter strings ("E", any
/// case on input, upper case on output). The documents:
///
///   config    {"mode": "easy"|"hard", "hints": bool, "words": [string], "first_game": int}
///   commands  {"command": "new_game"} {"command": "guess", "position": 2, "letter": "E"}
///             {"command": "hint"} {"command": "give_up"}
///   events    {"event": "game_started", "game", "length", "lives", "candidates"}
///             {"event": "guessed", "position", "letter", "hit", "points_change", "points",
///              "lives", "candidates", "probability" (easy mode only)}
///             {"event": "hint", "for_points": {"position", "letter", "probability",
///              "expected_points", "final_points"}, "safest": {"position", "letter",
///              "probability", "win_chance"}}: expected_points is the guess's own expected
///              change, final_points and win_chance what each plan expects by the end
///             {"event": "rejected", "reason", "detail", "position", "letter", "length",
///              "revealed"}
///             {"event": "finished", "game", "word", "guesses", "misses", "player_won",
///              "gave_up", "points", "played"}
///   view      {"status": "playing"|"finished", "mode", "hints", "game", "length", "lives",
///              "max_lives" (the lives a game starts with), "points", "candidates", "guesses",
///              "revealed": ["B", null, ...], "missed": [["E"], [], ...], "odds" (easy mode, in
///              play): [[{"letter", "count", "probability"}, ...], ...], and once the game is
///              over "word", "won", "gave_up"}

#include <string_view>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/hangman/session.h"

namespace wg::app {

/// The conversions SessionAdapter (app/session_adapter.h) asks for.
struct HangmanCodec {
  using Session = hangman::Session;
  using Finished = hangman::Finished;
  static constexpr std::string_view kGame = "hangman";

  /// The config's JSON Schema: every field with its type, range and default.
  static Json config_schema();
  /// Absent fields take their defaults. Throws wg::ConfigError naming the field for an unknown
  /// field or a value of the wrong type or out of range (and for words breaking a rule).
  static hangman::Config config_from_json(const Json& config);
  static Json config_to_json(const hangman::Config& config);

  /// Throws CodecError for what is not one of the commands above, or has a field it does not
  /// take.
  static hangman::Command command_from_json(const Json& command);
  static Json command_to_json(const hangman::Command& command);
  static Json event_to_json(const hangman::Event& event);
  static Json view_to_json(const hangman::View& view);
  /// The game's points and win; nullopt for a game that ended before any guess (not a game:
  /// Finished::played).
  static std::optional<std::vector<GamePlayer>> players_of(const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// What the statistics count: {"length", "misses", "won", "points", "dictionary_words": 0
  /// for the lexicon's words, else the size of the word list played on}.
  static Json details_of(const Session& session, const Finished& finished);
};

/// The registry's entry for Position Hangman. Sessions on the lexicon's words share one
/// dictionary per lexicon, built on first use.
GameEntry hangman_game();

}  // namespace wg::app
