#pragma once
/// Letter Auction tournaments in the web arcade (docs/API.md, "Tournaments"): many seeded games
/// between bots (games/auction/tournament.h), each tournament on a worker thread of its own,
/// never on the server's I/O threads; its progress and final table pushed to the pages that
/// watch it. The Arcade owns one Tournaments and routes /api/auction/tournaments here.
///
/// Bounded: a cap on the games of one tournament, on the tournaments running at once, and on
/// the tournaments kept for reading (the oldest finished ones are forgotten first). A
/// tournament stops between games when it is deleted or its last watcher leaves.
///
/// External bots (the line protocol, src/protocol) play only when the operator named their
/// command line (`wordgames serve --allow-bot COMMAND`): a lineup with any other is refused.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_store.h"
#include "app/json.h"
#include "lexicon/lexicon.h"
#include "protocol/external_player.h"
#include "server/http_server.h"

namespace wg::server {

struct TournamentOptions {
  int max_games = 2000;         ///< games of one tournament; beyond: 400
  int max_game_rounds = 20000;  ///< games × rounds of one tournament (its work); beyond: 400
  std::size_t max_running = 2;  ///< tournaments running at once; beyond: 429
  std::size_t max_kept = 64;    ///< tournaments kept, running or done; beyond: the oldest done go
  /// The external bots' command lines the operator allows (exactly as given); empty: none.
  std::vector<std::string> allowed_bots;
  /// How external bots run: each reply's time and what their processes may use (the operator's
  /// `serve --bot-*` options). Their stderr goes to the server's.
  protocol::ExternalBotOptions bots;
  /// Called on a tournament's worker thread after each game (the games done), once its progress
  /// is sent. For tests: holding it there keeps a tournament running for as long as they need.
  std::function<void(int done)> after_game;
  /// Where tournaments are kept once over (finished, or stopped: what they stay if the server
  /// is killed), each game with its log as it ends (app/game_store.h); null: nowhere. The
  /// Arcade gives its store (ArcadeOptions::store) and its clock.
  std::shared_ptr<app::GameStore> store;
  std::function<std::int64_t()> now_ms;  ///< unix ms, for the times kept
  /// The lexicon's name in the headers of the kept games' logs.
  std::string lexicon_source = "server";
};

class Tournaments {
 public:
  Tournaments(std::shared_ptr<const Lexicon> lexicon, TournamentOptions options);
  /// Stops every tournament between games and waits for its thread.
  ~Tournaments();
  Tournaments(const Tournaments&) = delete;
  Tournaments& operator=(const Tournaments&) = delete;

  /// True for the paths answered here: /api/auction/tournaments and below (`parts`: the path's
  /// parts, "api" first).
  static bool owns(const std::vector<std::string_view>& parts);
  /// A request to /api/auction/tournaments[/ID]; `parts` are the path's parts after
  /// "tournaments" (empty or the id). The tournaments kept in the store are read through
  /// /api/tournaments (statistics.h).
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);
  /// A WebSocket to /api/auction/tournaments/ID/live: the state goes out at once, then after
  /// each change, as {"type": "tournament", ...}. Status 0 accepts (Handler::open_socket).
  HttpResponse open_socket(std::string_view id, std::shared_ptr<WebSocketPeer> peer);
  /// Forgets the peer; a running tournament whose last watcher left stops.
  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer);
  /// The server is stopping: every tournament stops at once, the game in play at its next
  /// event (its external bots are being killed), and none begins another game or starts a bot
  /// after this returns; new tournaments are refused (503 "stopping"). Does not wait for the
  /// threads (the destructor joins them).
  void stop_all();

 private:
  struct Run;
  using RunPtr = std::shared_ptr<Run>;

  HttpResponse start(const HttpRequest& request);
  /// Starts the run's worker thread; `external`: the lineup's names that are external bots.
  void start_thread(Run& run, std::set<std::string> external);
  RunPtr find(std::string_view id) const;

  std::shared_ptr<const Lexicon> lexicon_;
  TournamentOptions options_;
  mutable std::mutex mutex_;            ///< guards the maps below (each run has its own lock)
  std::map<std::string, RunPtr> runs_;  ///< by id
  std::vector<RunPtr> order_;           ///< in the order started, for forgetting the oldest
  std::map<WebSocketPeer*, RunPtr> peers_;
  bool stopping_ = false;  ///< stop_all() was called: no new tournament
};

}  // namespace wg::server
