#pragma once
/// How a terminal game records its finished games in the store (issue 14): one recorder per
/// game command, told of each Finished event of its typed session. It keeps when the game
/// began (the clock is read here, never in the store), builds the record through the game's
/// codec (app/game_record.h) and hands it to Context::record, which never stops play.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "app/game_record.h"
#include "cli/context.h"

namespace wg::cli {

class GameRecorder {
 public:
  /// Opens the store now, so that a store that cannot be opened is reported before play, and
  /// when `one_player` settles who plays (which may ask, at a terminal) before the game.
  explicit GameRecorder(Context& context, bool one_player = true)
      : context_(context), started_ms_(Context::now_ms()) {
    if (context_.game_store() != nullptr && one_player) context_.player_name();
  }

  /// Records the game `finished` ended, played by `players` (the auction's seats).
  template <class Codec, class Finished>
  void record(const typename Codec::Session& session, const Finished& finished,
              std::vector<app::GamePlayer> players) {
    if (context_.game_store() == nullptr) return;
    app::FinishedGame game =
        app::finished_game_record<Codec>(session, finished, std::move(players));
    game.started_ms = started_ms_;
    game.ended_ms = std::max(Context::now_ms(), started_ms_);
    context_.record(game);
    started_ms_ = game.ended_ms;  // the next game of the session begins now
  }

  /// Records the game `finished` ended, played by the terminal's player alone.
  template <class Codec, class Finished>
  void record(const typename Codec::Session& session, const Finished& finished) {
    if (context_.game_store() == nullptr) return;
    const app::Outcome outcome = app::outcome_of(finished);
    record<Codec>(session, finished, {{context_.player_name(), outcome.score, outcome.won}});
  }

  /// A new game begins now (after a pause the player took between games).
  void restart_clock() { started_ms_ = Context::now_ms(); }

 private:
  Context& context_;
  std::int64_t started_ms_;
};

}  // namespace wg::cli
