#include "app/auction_tournament_keeper.h"

#include <algorithm>
#include <utility>

#include "app/auction_codec.h"

namespace wg::app {

TournamentKeeper::TournamentKeeper(GameStore* store, Json config,
                                   std::function<std::int64_t()> now_ms,
                                   std::function<void(const std::exception&)> on_failure)
    : store_(store),
      config_(std::move(config)),
      now_ms_(std::move(now_ms)),
      on_failure_(std::move(on_failure)),
      started_ms_(now_ms_ ? now_ms_() : 0) {}

bool TournamentKeeper::keeping() const {
  std::lock_guard lock(mutex_);
  return store_ != nullptr;
}

std::int64_t TournamentKeeper::id() const {
  std::lock_guard lock(mutex_);
  return id_;
}

void TournamentKeeper::keep_game(const auction::Config& seated, const auction::Finished& finished,
                                 std::string log) {
  FinishedGame game = auction_tournament_game_record(seated, finished, std::move(log));
  game.started_ms = started_ms_;
  game.ended_ms = std::max(started_ms_, now_ms_ ? now_ms_() : 0);
  std::lock_guard lock(mutex_);
  if (store_ == nullptr) return;
  try {
    if (id_ == 0) {
      TournamentRecord tournament;
      tournament.game = game.game;
      tournament.config = config_;
      tournament.started_ms = started_ms_;
      tournament.ended_ms = started_ms_;
      tournament.status = "stopped";  // until its end
      id_ = store_->record_tournament(tournament, {});
    }
    store_->record_tournament_game(id_, game);
  } catch (const std::exception& error) {
    fail(error);
  }
}

std::int64_t TournamentKeeper::end(const Json& table, std::string_view status) {
  std::lock_guard lock(mutex_);
  if (store_ == nullptr || id_ == 0) return 0;
  try {
    store_->end_tournament(id_, table, std::max(started_ms_, now_ms_ ? now_ms_() : 0), status);
  } catch (const std::exception& error) {
    fail(error);
    return 0;
  }
  return id_;
}

void TournamentKeeper::fail(const std::exception& error) {
  store_ = nullptr;
  if (on_failure_) on_failure_(error);
}

}  // namespace wg::app
