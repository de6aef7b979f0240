#pragma once
/// Adversarial Wordle in JSON: its session's config, commands, events and views, the autoplay
/// tool's document, and its registry entry (app/registry.h).
///
/// A word is lowercase text ("crane"); a pattern is a string of marks, one per letter: 'g'
/// green (at this place), 'y' yellow (in the word elsewhere), '.' grey (not in the word, or
/// not more times), with its base-3 "code" beside it where events carry one; a letter's state
/// on the keyboard is "placed" (green), "present" (yellow), "absent" (grey) or "unknown".
///
///   config    {"length": 4-7, "host": "largest"|"lookahead"|"fair", "guesses": int|null,
///              "hard", "show_remaining", "secrets": "common"|"all", "exact_answers",
///              "exact_work", "lookahead_families"}   ("guesses": 0 no limit, null the host's)
///   commands  {"command": "new_game"}
///             {"command": "guess", "word", "unanalysed"?}   ("unanalysed": replays only)
///             {"command": "hint"}
///             {"command": "give_up", "unanalysed"?}
///   events    {"event": "game_started", "game", "length", "host", "hard", "guesses",
///              "remaining"?}
///             {"event": "guessed", "word", "pattern", "code", "guesses", "guesses_left"?,
///              "remaining"?}
///             {"event": "hinted", "word"}
///             {"event": "rejected", "reason", "word"?, "detail", "problem"?: {"letter",
///              "position"?, "count"}}
///             {"event": "finished", "game", "won", "gave_up", "length", "host", "hard",
///              "guesses", "rows": [{"word", "pattern"}], "word", "best_possible": int|null,
///              "best_from": int|null}
///   view      {"status": "playing"|"finished", "game", "length", "host", "hard", "guesses",
///              "rows": [{"word", "pattern"}], "keyboard": {"a": state, ...}, "remaining"?,
///              "won"?, "word"?, "best_possible"?, "best_from"?}
/// "guesses" in game_started, finished and the view is the guess limit (0: none); in guessed,
/// the guesses played. A key marked ? is left out when it does not apply ("remaining" without
/// show_remaining, "guesses_left" without a limit, "won", "word" and "best_possible" while the
/// game is played).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/wordle/session.h"

namespace wg::app {

/// The conversions SessionAdapter names (app/session_adapter.h).
struct WordleCodec {
  using Session = wordle::Session;
  using Finished = wordle::Finished;
  static constexpr std::string_view kGame = "wordle";

  /// The JSON Schema of the config: every field with its type, range and default.
  static Json config_schema();
  /// Fields left out take their defaults. Throws ConfigError naming the field for an unknown
  /// field or a value of the wrong type or range (the lexicon checks come with the session).
  static wordle::Config config_from_json(const Json& config);
  static Json config_to_json(const wordle::Config& config);
  /// Throws CodecError for what is not one of the commands above, or has a field it does not
  /// take.
  static Session::Command command_from_json(const Json& command);
  static Json command_to_json(const Session::Command& command);
  static Json event_to_json(const Session::Event& event);
  static Json view_to_json(const Session::View& view);
  /// Won when the word was found; the score is 1 for a win, else 0.
  static std::optional<std::vector<GamePlayer>> players_of(const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// What the statistics count: {"length", "won", "guesses", "host", "hard", "best_possible"}.
  static Json details_of(const Session& session, const Finished& finished);
};

/// The registry's entry for adversarial Wordle.
GameEntry wordle_game();

/// A pattern as marks ("gy..g").
std::string wordle_pattern_text(wordle::Pattern pattern, std::size_t length);

/// The document of `wordgames wordle autoplay --json`: {"seed", "length", "host", "hard",
/// "guess_limit", "won", "guesses", "word", "best_possible", "best_from", "rows": [{"word",
/// "pattern"}]} ("guesses": the guesses played).
Json wordle_autoplay_to_json(const wordle::Config& config, std::uint64_t seed,
                             const wordle::Finished& result);

}  // namespace wg::app
