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
///
/// On workers (TournamentOptions::on_workers, `serve --on-workers`), a tournament is
/// queued as jobs in the store instead (app/auction_tournament_jobs.h) and played by `wordgames
/// worker` processes; everything the routes show of it (its progress: the games kept; its table)
/// is read from the store, so that every server over one store shows every tournament the same
/// (docs/SCALING.md). Its id is then its id in the store. The pages following one are sent its
/// state as the store has it, read again at an interval while any follows it. Workers play
/// built-in bots only, and a queued tournament runs to its end: the queue cannot cancel jobs.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/json.h"
#include "lexicon/lexicon.h"
#include "protocol/external_player.h"
#include "server/http_server.h"

namespace wg::auction {
struct TournamentConfig;
}  // namespace wg::auction

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
  /// The lexicon's name in the headers of the kept games' logs; on workers, the name the
  /// workers know it by (a worker refuses a tournament queued with another lexicon).
  std::string lexicon_source = "server";
  /// Queue tournaments as jobs in the store (which it needs) for `wordgames worker`s instead of
  /// running them here, and read their state from it (the file's comment).
  bool on_workers = false;
  /// On workers: the jobs queued or running in the store (of any kind) at which a new
  /// tournament is refused (429 too_many_tournaments), so that the queue stays bounded.
  std::int64_t max_queued_jobs = app::kMaxQueuedJobs;
  /// On workers: how often the state of a tournament that pages follow is read again.
  std::chrono::milliseconds poll_interval{1000};
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
  /// each change, as {"type": "tournament", ...} (on workers: each change the store shows at the
  /// next reading). Status 0 accepts (Handler::open_socket).
  HttpResponse open_socket(std::string_view id, std::shared_ptr<WebSocketPeer> peer);
  /// Forgets the peer; a running tournament whose last watcher left stops (not on workers).
  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer);
  /// The server is stopping: every tournament stops at once, the game in play at its next
  /// event (its external bots are being killed), and none begins another game or starts a bot
  /// after this returns; new tournaments are refused (503 "stopping"). Does not wait for the
  /// threads (the destructor joins them). On workers: no state is read for its pages any more.
  void stop_all();

 private:
  struct Run;
  using RunPtr = std::shared_ptr<Run>;

  /// A tournament followed by pages, on workers: its last state sent, and to whom.
  struct Followed {
    std::shared_ptr<const std::string> sent;
    bool over = false;  ///< its state sent is its last: not read again
    std::vector<std::shared_ptr<WebSocketPeer>> peers;
  };

  HttpResponse start(const HttpRequest& request);
  /// Starts the run's worker thread; `external`: the lineup's names that are external bots.
  void start_thread(Run& run, std::set<std::string> external);
  RunPtr find(std::string_view id) const;

  // On workers.
  /// Queues the tournament (POST), answered with its state.
  HttpResponse queue(const auction::TournamentConfig& config);
  /// GET or DELETE of the tournament of id `id` in the store.
  HttpResponse queued_route(const HttpRequest& request, std::string_view id);
  /// The state of the tournament the path's `id` names, or the refusal to show it (404 for
  /// none, 503 when the store fails).
  std::variant<app::Json, HttpResponse> read_queued(std::string_view id);
  /// The state of the tournament of that id as the store has it; nothing for none (or one not
  /// queued for workers). Throws app::StoreError when the store fails.
  std::optional<app::Json> queued_state(std::int64_t id);
  /// Why the tournament of that id, kept at `kept_ms`, failed (a job of its failed, or none was
  /// queued), "" while it has not.
  std::string queued_failure(std::int64_t id, std::int64_t kept_ms);
  HttpResponse open_queued_socket(std::string_view id, std::shared_ptr<WebSocketPeer> peer);
  /// The poller's thread: the state of each followed tournament read again at each interval,
  /// and sent to its pages when it changed.
  void poll(std::stop_token stop);

  std::shared_ptr<const Lexicon> lexicon_;
  TournamentOptions options_;
  mutable std::mutex mutex_;            ///< guards the maps below (each run has its own lock)
  std::map<std::string, RunPtr> runs_;  ///< by id
  std::vector<RunPtr> order_;           ///< in the order started, for forgetting the oldest
  std::map<WebSocketPeer*, RunPtr> peers_;
  bool stopping_ = false;  ///< stop_all() was called: no new tournament
  // On workers.
  std::mutex follow_mutex_;                           ///< guards the two maps below
  std::map<std::int64_t, Followed> followed_;         ///< by id in the store
  std::map<WebSocketPeer*, std::int64_t> followers_;  ///< what each page follows
  std::condition_variable_any poll_wake_;
  std::jthread poller_;  ///< last: stopped and joined first on destruction
};

}  // namespace wg::server
