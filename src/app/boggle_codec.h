#pragma once
/// Word Search in JSON: its session's config, commands, events and views, and its registry entry
/// (app/registry.h).
///
/// Config (every field optional; config_schema() has the types, ranges and defaults):
///   {"size": 4|5|6, "board": null|BOARD, "min_length": 0-64, "scoring": "boggle"|"spec",
///    "seconds": 0-86400}   BOARD in the board syntax (Board::parse), null: rolled each round;
///    at most kMaxBoardCells cells in kMaxBoardText characters
/// Commands (elapsed_ms: milliseconds since the round started, a whole number; 0 if absent,
/// except for tick):
///   {"command": "submit", "word", "elapsed_ms"}   {"command": "tick", "elapsed_ms"}
///   {"command": "close", "elapsed_ms"}            {"command": "new_game"}
/// Events:
///   {"event": "round_started", "round", "board", "min_length", "scoring", "seconds"}
///   {"event": "word_accepted", "word", "points", "score", "path"}
///   {"event": "rejected", "reason", "word"?, "detail"?}   (reason as wg::to_string(Refusal))
///   {"event": "finished", "round", "end": "closed"|"time_up", "elapsed_ms", "board",
///    "min_length", "scoring", "seconds", "found": [{"word", "points", "path"}], "score",
///    "total_score", "all_words", "missed"}
/// View: {"status": "playing"|"finished", "round", "board", "min_length", "scoring", "seconds",
///   "elapsed_ms", "found", "score"} and, once the round is over only, "end", "total_score",
///   "all_words", "missed": [{"word", "points", "path"}] (path: the cells that spell it, row by
///   row from 0, as word_accepted's).
/// A board: {"spec", "rows", "cols", "cells"}: cells row by row, upper-case ("QU"), null for a
/// blocked cell.

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "app/game_store.h"
#include "app/json.h"
#include "app/registry.h"
#include "games/boggle/session.h"

namespace wg::app {

/// The conversions SessionAdapter<BoggleCodec> needs, and the config's schema.
struct BoggleCodec {
  using Session = wg::boggle::Session;
  using Finished = wg::boggle::Finished;
  static constexpr std::string_view kGame = "boggle";
  /// The largest board a JSON config may give (the arcade's sessions and rooms, saved games):
  /// 256 cells (16×16, or any rectangle of as many), written in at most 2,048 characters. What a
  /// session holds grows with its board (the round's words, kept for the end of the round, and
  /// the solver's time to find them): about 17 kB and 4 ms for a 6×6 board, 73 kB and 9 ms for
  /// 16×16, but 14 MB and half a second for 250×250, so that a few hundred such sessions would
  /// exhaust a server. The engine takes any size: the terminal (`--board`, `--board-file`) plays
  /// larger boards on the player's own machine.
  static constexpr std::size_t kMaxBoardCells = 256;
  static constexpr std::size_t kMaxBoardText = 2048;

  /// JSON Schema (draft 2020-12) of the config.
  static Json config_schema();
  /// Reads a config; absent fields take their defaults. Throws ConfigError naming the field
  /// (an unknown field, a wrong type, a value out of the schema's range, a board larger than
  /// kMaxBoardCells or kMaxBoardText); the board's syntax is Config::validate()'s to check.
  static Session::Config config_from_json(const Json& json);
  static Json config_to_json(const Session::Config& config);
  /// Throws CodecError for what is not a command of the game, or has a field it does not take.
  static Session::Command command_from_json(const Json& json);
  static Json command_to_json(const Session::Command& command);
  static Json event_to_json(const Session::Event& event);
  static Json view_to_json(const Session::View& view);
  /// The round's score; never won: a round alone has no one to beat (a room's is won by the
  /// room's winners).
  static std::optional<std::vector<GamePlayer>> players_of(const Finished& finished,
                                                           std::string_view person, Seat seat);
  /// What the statistics count: {"found": words found, "words": words on the board, "score",
  /// "total_score"}.
  static Json details_of(const Session& session, const Finished& finished);
  /// The round's clock while a round is played (Timer::kRound, keyed by the round; untimed
  /// rounds too, for the elapsed time their words carry): at its end, a tick.
  static std::vector<Timer> timers(const Session& session);
  static Json board_to_json(const boggle::Board& board);
  /// Words found: [{"word", "points", "path"}], in the order found.
  static Json found_to_json(const std::vector<boggle::FoundWord>& found);
  /// "closed", "time_up".
  static std::string_view end_name(boggle::RoundEnd end);
  /// The records (boggle/best_boards.h), each scored on `lexicon`:
  /// {"boards": [{"title", "board", "dice", "min_length", "scoring", "score", "words",
  /// "enable_score", "note"}]}, "board" as board_to_json, "score" and "words" on this lexicon.
  static Json best_boards_to_json(const Lexicon& lexicon);
  /// The review of a Word Search record (GameEntry::review, of the game and of its rooms): a
  /// move per round of the record's session up to its own (a round before it closed at once
  /// without a word, as a room's seat closes the rounds it sat out, is left out), its points
  /// against the board's par, the loss the points it left; the best words missed of each round,
  /// with their paths ("data": [{"word", "points", "path": [[row, col], ...]}], 0-based); for a
  /// room's round, each player's words no one else found ("data": [{"name", "words": [{"word",
  /// "points"}], "points"}]). Throws ConfigError or CodecError for a record that is not a Word
  /// Search game, std::invalid_argument for one whose words this lexicon refuses, ReviewStopped
  /// when `work` is stopped.
  static GameReview review(const FinishedGame& game, Seat seat,
                           std::shared_ptr<const Lexicon> lexicon, const Work& work);
};

/// The registry's entry for Word Search.
GameEntry boggle_game();

}  // namespace wg::app
