#pragma once
/// Keeps an auction tournament in the store as it is played (issue 14: "a tournament keeps
/// each game and its table"), for every front end that runs one (`wordgames auction
/// tournament`, the arcade's tournaments): the tournament when its first game ends, recorded as
/// "stopped" (what it stays if the program is killed), each game with its log as it ends, and
/// its table and status at the end (GameStore::record_tournament_game, end_tournament).

#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>

#include "app/game_store.h"
#include "app/json.h"
#include "games/auction/event.h"
#include "games/auction/session.h"

namespace wg::app {

class TournamentKeeper {
 public:
  /// Keeps into `store` (null: keeps nothing), the tournament described by `config` (what the
  /// front end shows of it: lineup, rules, games, seed), with times read from `now_ms` (unix
  /// milliseconds). A store that fails is dropped: `on_failure` hears it once, and the
  /// tournament goes on unkept.
  TournamentKeeper(GameStore* store, Json config, std::function<std::int64_t()> now_ms,
                   std::function<void(const std::exception&)> on_failure = {});

  /// Whether it keeps anything (a store, and none of its calls failed).
  bool keeping() const;
  /// The tournament's id in the store once its first game is kept, else 0.
  std::int64_t id() const;

  /// Keeps a game, seated as `seated`, that ended in `finished`, with its log (app/auction_log.h).
  /// Safe to call from the tournament's worker threads at once.
  void keep_game(const auction::Config& seated, const auction::Finished& finished, std::string log);

  /// Records the table and the status ("finished", or "stopped" for a tournament cut short);
  /// returns the tournament's id, 0 when it was not kept.
  std::int64_t end(const Json& table, std::string_view status = "finished");

 private:
  void fail(const std::exception& error);

  GameStore* store_;
  Json config_;
  std::function<std::int64_t()> now_ms_;
  std::function<void(const std::exception&)> on_failure_;
  std::int64_t started_ms_;
  std::int64_t id_ = 0;
  mutable std::mutex mutex_;
};

}  // namespace wg::app
