#pragma once
/// Evil Hangman in JSON: its session's config, commands, events and views, the results of its
/// tools (autoplay, the table), and its registry entry (app/registry.h).
///
/// Letters are one-character lowercase strings ("e"); a pattern is a string with '-' where a
/// letter is hidden ("-oo-"); a word is lowercase text.
///
///   config    {"strategy": "largest"|"lookahead"|"optimal"|"fair", "depth", "budget", "memo",
///              "work", "explain", "length": int|null, "guesses": int|null, "show_remaining"}
///   commands  {"command": "new_game", "length"?, "guesses"?, "show_remaining"?}
///             {"command": "guess", "letter", "cut"?}   ("cut": replays only; a server drops it)
///             {"command": "give_up"}
///             {"command": "switch_host", "strategy"?: "largest"|"lookahead"}  (default largest)
///             {"command": "withdraw", "letter"}   (the session's record of a withdrawn guess;
///                                                  a server refuses it from players)
///   events    {"event": "game_started", "game", "length", "guesses", "show_remaining", "words"?}
///             {"event": "guessed", "letter", "hit", "revealed", "pattern", "guesses_left",
///              "words"?, "fell_back", "cut"?, "decision"?: {"families": [{"pattern",
///              "words", "forced_misses"?, "expected_misses"?}], "chosen", "decided_by"}}
///             {"event": "withdrawn", "letter"}
///             {"event": "host_switched", "strategy"}
///             {"event": "rejected", "reason", "letter"?, "detail"}
///             {"event": "finished", "game", "won", "gave_up", "length", "guesses", "misses",
///              "word", "letters", "show_remaining"}
///   view      {"status": "idle"|"playing"|"finished", "game", "length", "guesses",
///              "guesses_left", "pattern", "letters", "show_remaining", "host",
///              "words_remaining"?, "won"?, "word"?}   ("host": the strategy now deciding)
/// A key marked ? is left out when it does not apply ("words" and "words_remaining" without
/// show_remaining, "decision" without explain, "word" while the game is played).

#include <cstdint>
#include <string_view>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/evil_hangman/experiment.h"
#include "games/evil_hangman/session.h"

namespace wg::app {

/// The conversions SessionAdapter names (app/session_adapter.h).
struct EvilHangmanCodec {
  using Session = evil_hangman::Session;
  using Finished = evil_hangman::Finished;
  static constexpr std::string_view kGame = "evil-hangman";

  /// The JSON Schema of the config: every field with its type, range and default.
  static Json config_schema();
  /// Fields left out take their defaults. Throws ConfigError naming the field for an unknown
  /// field or a value of the wrong type or range (the lexicon checks come with the session).
  static evil_hangman::Config config_from_json(const Json& config);
  static Json config_to_json(const evil_hangman::Config& config);
  /// Throws CodecError for what is not one of the commands above, or has a field it does not
  /// take.
  static Session::Command command_from_json(const Json& command);
  static Json command_to_json(const Session::Command& command);
  static Json event_to_json(const Session::Event& event);
  static Json view_to_json(const Session::View& view);
  /// Won when the word was found; the score is 1 for a win, else 0 (the game has no points).
  static std::optional<std::vector<GamePlayer>> players_of(const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// What the statistics count: {"length", "misses", "won"}.
  static Json details_of(const Session& session, const Finished& finished);
};

/// The registry's entry for Evil Hangman.
GameEntry evil_hangman_game();

/// The document of `wordgames evil-hangman autoplay --json`: {"seed", "length", "guesses",
/// "strategy", "depth", "guesser", "won", "misses", "word", "fell_back", "turns": [{"letter",
/// "hit", "pattern", "words"}]} (patterns in capitals, as the terminal shows them).
Json autoplay_to_json(const evil_hangman::AutoplayConfig& config, std::uint64_t seed,
                      const evil_hangman::AutoplayResult& result);

/// The document of `wordgames evil-hangman table --json`: {"lexicon", "seed", "guesses",
/// "rows": [{"length", "words", "value"?, "value_at_least"?, "value_positions"?,
/// "value_work"?, "results": [{"host", "guesser", "misses", "won"?}]}]}: the value keys with
/// the value only; "value" and "misses" null where the solver ran out of budget; "won" absent
/// where a game was not played.
Json table_to_json(const evil_hangman::TableResult& table, std::string_view lexicon,
                   std::uint64_t seed);

}  // namespace wg::app
