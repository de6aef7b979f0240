#pragma once
/// How a terminal game records its games in the store (issue 14): one recorder per game
/// command, told of each Finished event of its typed session (record) and, after each command
/// the game applied, of the session in play (save). It keeps when the game began (the clock is
/// read here, never in the store), builds the records through the game's codec
/// (app/game_record.h, app::saved_game) and hands them to the Context, which never stops play.
///
/// Unfinished games: save() keeps the session in play as one unfinished game of the player,
/// updated after each command (its saved game {game, config, seed, commands} replays it), so
/// that `wordgames resume` can continue it after the program was stopped or killed; the record
/// of its Finished event deletes it in the same transaction. A resumed game (ResumedGame) goes
/// on with the same unfinished game and its start time.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "app/game_record.h"
#include "app/game_session.h"
#include "app/session_adapter.h"
#include "cli/context.h"
#include "cli/play_command.h"

namespace wg::cli {

/// An unfinished game restored from the store (`wordgames resume`): its session, replayed
/// (app::restore), and the unfinished game it is kept as. The session is shared so that what
/// the game command keeps of it (position hangman's dictionary) may keep it alive.
struct ResumedGame {
  std::shared_ptr<app::GameSession> session;
  std::int64_t unfinished_id = 0;
  std::int64_t started_ms = 0;
  /// True for a session opened by another command with nothing played yet (`wordgames daily`):
  /// its game command plays it from its start, and says nothing of resuming.
  bool fresh = false;
  /// The day ("YYYY-MM-DD") of the puzzle of the day it is (`wordgames daily`); "" for none.
  std::string daily;

  /// The typed session of `Codec`'s game; throws std::logic_error for another game's.
  template <class Codec>
  typename Codec::Session& typed() {
    auto* adapter = dynamic_cast<app::SessionAdapter<Codec>*>(session.get());
    if (adapter == nullptr) throw std::logic_error("a resumed game of another game");
    return adapter->session();
  }
};

class GameRecorder {
 public:
  /// Opens the store now, so that a store that cannot be opened is reported before play, and
  /// when `one_player` settles who plays (which may ask, at a terminal) before the game.
  explicit GameRecorder(Context& context, bool one_player = true)
      : context_(context), started_ms_(Context::now_ms()) {
    if (context_.game_store() != nullptr && one_player) context_.player_name();
  }

  /// A game left in play (the player quit, or the input ended where the game keeps it) was
  /// saved after its last move: says so, once, with the command that resumes it.
  ~GameRecorder() {
    if (unfinished_id_ != 0) {
      context_.out() << "Saved. Resume with: " << context_.resume_command(unfinished_id_) << '\n';
    }
  }
  GameRecorder(const GameRecorder&) = delete;
  GameRecorder& operator=(const GameRecorder&) = delete;

  /// Goes on with a resumed game: its unfinished game and start time.
  GameRecorder(Context& context, const ResumedGame& resumed)
      : context_(context),
        started_ms_(resumed.started_ms),
        unfinished_id_(resumed.unfinished_id),
        daily_(resumed.daily),
        resumed_(true) {
    if (context_.game_store() != nullptr) context_.player_name();
  }

  /// Records the game `finished` ended, played by `players` (the auction's seats), with its
  /// log when it has one (the auction's JSON Lines, app/auction_log.h), and deletes its
  /// unfinished game.
  template <class Codec>
  void record(const typename Codec::Session& session, const typename Codec::Finished& finished,
              std::vector<app::GamePlayer> players, std::optional<std::string> log = std::nullopt) {
    app::FinishedGame game =
        app::finished_game_record<Codec>(session, finished, std::move(players));
    print_share_lines(context_, game);
    if (context_.game_store() == nullptr) return;
    game.log = std::move(log);
    game.started_ms = started_ms_;
    game.ended_ms = std::max(Context::now_ms(), started_ms_);
    game.daily = std::exchange(daily_, {});  // the session's next game is no puzzle of the day
    print_review_offer(context_, game, context_.record(game, unfinished_id_));
    unfinished_id_ = 0;
    resumed_ = false;
    saved_session_ = &session;
    saved_commands_ = session.commands().size();
    started_ms_ = game.ended_ms;  // the next game of the session begins now
  }

  /// After a command the game applied: keeps `session`, while it is in play, as the player's
  /// unfinished game (nothing when no command was added since the last save, or once the
  /// session is finished: record() has then removed it).
  template <class Codec>
  void save(const typename Codec::Session& session) {
    if (session.finished()) return;
    if (&session == saved_session_ && session.commands().size() == saved_commands_) return;
    if (context_.game_store() == nullptr) return;
    saved_session_ = &session;
    saved_commands_ = session.commands().size();
    app::UnfinishedGame game;
    game.id = unfinished_id_;
    game.player = context_.player_name();
    game.saved = app::saved_game<Codec>(session);
    game.started_ms = started_ms_;
    game.updated_ms = std::max(Context::now_ms(), started_ms_);
    unfinished_id_ = context_.save_unfinished(game);
  }

  /// Records the game `finished` ended, played by the terminal's player alone at seat 0 (a game
  /// that was no game, Codec::players_of, is forgotten).
  template <class Codec>
  void record(const typename Codec::Session& session, const typename Codec::Finished& finished) {
    std::optional<std::vector<app::GamePlayer>> players =
        app::players_of<Codec>(session, finished, context_.player_name(), 0);
    if (!players) return forget();
    record<Codec>(session, finished, std::move(*players));
  }

  /// The game in play ended without a record (position hangman's game given up before any
  /// guess): its unfinished game is deleted.
  void forget() {
    if (unfinished_id_ != 0) context_.delete_unfinished(unfinished_id_);
    unfinished_id_ = 0;
    resumed_ = false;
  }

  /// A new game begins now (after a pause the player took between games); not for the game
  /// just resumed, which began when it was first played.
  void restart_clock() {
    if (!resumed_) started_ms_ = Context::now_ms();
  }

 private:
  Context& context_;
  std::int64_t started_ms_;
  std::int64_t unfinished_id_ = 0;       ///< the unfinished game in the store, 0 for none yet
  std::string daily_;                    ///< the puzzle of the day of the game in play, if one
  bool resumed_ = false;                 ///< the game in play is a resumed one
  const void* saved_session_ = nullptr;  ///< the session of the last save or record
  std::size_t saved_commands_ = 0;       ///< its commands then
};

}  // namespace wg::cli
