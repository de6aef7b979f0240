#include "server/sessions.h"

#include <algorithm>
#include <chrono>
#include <iostream>

#include <fmt/format.h>

namespace wg::server {

std::int64_t Sessions::now_ms() const { return clock_.unix_ms(); }

void Sessions::keep(LiveSession& live) {
  if (options_.store == nullptr || live.players.empty()) return;
  const std::int64_t now = now_ms();
  live.not_kept.clear();
  try {
    bool recorded = false;
    for (const auto& [seat, player] : live.players) {
      for (app::FinishedGame& game : live.session->finished_records(player, seat)) {
        game.started_ms = live.started_ms;
        game.ended_ms = std::max(now, live.started_ms);
        game.practice = live.practice;
        // The owner's game was saved unfinished as it went; a room member's never is.
        options_.store->record_finished_game(game,
                                             seat == live.seat ? live.unfinished.exchange(0) : 0);
        recorded = true;
      }
    }
    if (recorded) live.started_ms = std::max(now, live.started_ms);  // the next game begins now
    const auto owner = live.players.find(live.seat);
    if (owner == live.players.end()) return;  // only the owner's game is saved to resume
    if (live.session->finished()) {
      // Finished without a record (position hangman's game given up before a guess).
      if (const std::int64_t id = live.unfinished.exchange(0); id != 0) {
        options_.store->delete_unfinished(id);
      }
      return;
    }
    // A game on a clock that a stopped server cannot give back (GameEntry::resumable: a Boggle
    // round, a room's) is not saved to resume (docs/API.md, "Players").
    if (!live.game->resumable) return;
    app::UnfinishedGame unfinished{live.unfinished, owner->second, live.session->saved(),
                                   live.started_ms, now,           live.practice};
    try {
      live.unfinished = options_.store->save_unfinished(unfinished);
    } catch (const app::StoreError&) {
      if (unfinished.id == 0) throw;
      // Gone from the store (finished or deleted by another front end on the same file): this
      // session's game is saved anew.
      unfinished.id = 0;
      live.unfinished = options_.store->save_unfinished(unfinished);
    }
  } catch (const std::exception& problem) {
    live.not_kept = fmt::format("This game was not saved: {}.", problem.what());
    store_failed(problem);
  }
}

std::string Sessions::stored_player(const std::string& name) {
  if (options_.store == nullptr || name.empty()) return "";
  try {
    return options_.store->player(name).name;
  } catch (const std::exception& problem) {
    store_failed(problem);
    return "";
  }
}

void Sessions::store_failed(const std::exception& problem) {
  // Play goes on without the store; the operator hears of it once.
  if (!store_warned_.exchange(true)) {
    std::cerr << "wordgames: warning: the arcade could not save a game: " << problem.what()
              << "; playing on without saving\n";
  }
}

}  // namespace wg::server
