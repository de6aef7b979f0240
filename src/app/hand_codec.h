#pragma once
/// Word Game in JSON: its session's config, commands, events and views (games/hand/session.h),
/// and its registry entry (app/registry.h).
///
/// Tiles are text: a word as typed ("c*ws"), a hand as its tiles without spaces, letters then
/// `*` ("aciprt*"), a letter as a one-character string. Commands, {"command": NAME, ...}:
///   substitute {letter} | decline_substitution | play {word} | end_hand | hint | replay |
///   decline_replay | give_up;  play, end_hand and hint may carry "stopped": true (see
///   PlayWord::stopped), which saved games hold where the work was stopped.
/// Events, {"event": NAME, ...}:
///   hand_started {hand, replay, tiles} | substituted {letter, replacement, tiles} |
///   substitution_declined | word_played {word, valid, score, hand_total, tiles, ran_out} |
///   hint {best_word (play or null), plan_status, plan} |
///   hand_ended {hand, replay, score, total, optimum (null or {status, plan,
///   plan_with_discards})} | rejected {reason, letter?} | finished {records, total, given_up}
/// where a play is {typed, word (null for a discard), score, discard}, a plan {total, plays},
/// plan_status "solved" | "too_large" | "stopped", a record {dealt, start, substituted, score,
/// replay_score (or null), counted}. The view: {status ("substitution_offered" | "playing" |
/// "replay_offered" | "finished"), hand, replay, tiles, hand_total, total, hints, records,
/// letter_values ({"a": 1, ..., "*": 0}), length_factors (by a word's length, from 0 to the
/// tiles held: what its letters' values are multiplied by)}, so that a page previews a word's
/// score with no rule of its own.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/hand/session.h"

namespace wg::app {

/// The conversions SessionAdapter needs (app/session_adapter.h).
struct HandCodec {
  using Session = hand::Session;
  using Finished = hand::Finished;
  static constexpr std::string_view kGame = "hand";

  /// Absent fields take their defaults; throws ConfigError for an unknown field or a value of
  /// the wrong type or out of the schema's range (app/json_fields.h).
  static hand::Config config_from_json(const Json& config);
  static Json config_to_json(const hand::Config& config);
  /// Throws CodecError for what is not a command, or has a field it does not take.
  static hand::Command command_from_json(const Json& command);
  static Json command_to_json(const hand::Command& command);
  static Json event_to_json(const hand::Event& event);
  static Json view_to_json(const hand::View& view);
  /// The person's total; won when played to its end with a total above 0.
  static std::optional<std::vector<GamePlayer>> players_of(const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// What the statistics count: {"hands": [{"score": the counted score, "best": the optimum's
  /// total or null when it was not computed}]}.
  static Json details_of(const Session& session, const Finished& finished);
};

/// The JSON of a hand ("aciprt*"), a play and a plan, shared with `wordgames hand` tools.
std::string hand_json(const hand::Hand& hand);
Json play_json(const hand::Play& play);
Json plan_json(const hand::Plan& plan);

/// The registry's entry for Word Game.
GameEntry hand_game();

}  // namespace wg::app
