#pragma once
/// What the web arcade runs with: the operator's options and the clock (the server's, or a
/// test's own).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "lexicon/lexicon.h"
#include "protocol/external_player.h"
#include "server/game_routes.h"
#include "server/http_server.h"

namespace wg::server {

/// What the operator sets when starting the server.
struct ArcadeOptions {
  std::size_t max_sessions = 20000;  ///< beyond: 503 until some expire
  /// The most one session's record may hold: its config and its accepted commands, as its saved
  /// game writes them (LiveSession::record_bytes). Once a record holds this much, a player's
  /// commands are refused (413 game_too_long) and the game stays as it was: a record that grows
  /// without end (Word Search rounds ended and begun again) cannot hold the server's memory.
  std::size_t max_record_bytes = std::size_t{1} << 20;
  /// The most all sessions' records may hold together: past it no session opens (503
  /// too_many_sessions) and no player's command is taken (503 arcade_full) until some go.
  std::size_t max_total_record_bytes = std::size_t{512} << 20;
  std::chrono::minutes idle_expiry{60};  ///< a session nobody touched this long is dropped
  /// A game in play that the store keeps for its session (docs/API.md, "Sessions": a session
  /// outlives a restart) is forgotten when nobody played it for this long.
  std::chrono::hours kept_sessions{24 * 7};
  /// Clients on other hosts are refused POSTs whose Origin is not this server's (a page on
  /// another site must not play, or create sessions, through a visitor's browser).
  bool check_origin = true;
  /// The hosts requests may name (the Host header) besides the loopback ones (localhost, any
  /// 127.x.y.z, [::1]): the address `serve --host` names when it is one interface's, and each
  /// `--allow-host`. A request naming another host is refused (421), whatever its path: a page
  /// whose name was made to resolve to this server (DNS rebinding) cannot use it (server/hosts.h).
  std::vector<std::string> allowed_hosts;
  /// True when the server listens on every interface (0.0.0.0, ::): any address literal is an
  /// allowed host too (a machine's address, as another machine of the classroom types it), a
  /// name never unless listed.
  bool any_address_host = false;
  /// The port the server listens on: an Origin must name it (Arcade::listening_on sets it once
  /// the server listens; 0: not known, an Origin must name the Host's port).
  std::uint16_t port = 0;
  /// True: the arcade reaches nothing on the network (serve --offline, a machine with no
  /// network, a classroom that must not reach out); a route that would fetch answers 503
  /// "offline" without trying.
  bool offline = false;
  /// The external bots' command lines the operator allows (serve --allow-bot, exactly as
  /// given), for the routes that run bots (the auction's tournaments); empty: none.
  std::vector<std::string> allowed_bots;
  /// How external bots run: each reply's time and what their processes may use (serve
  /// --bot-*), in a sandbox unless the operator trusts them.
  protocol::ExternalBotOptions bots;
  std::shared_ptr<app::GameStore> store;  ///< null: nothing is kept
  /// Long computations are queued as jobs in the store for `wordgames worker`s (serve
  /// --on-workers; docs/SCALING.md): the auction's tournaments, rather than run on this
  /// server's threads, so that every server over the store shows them; the review of each
  /// person's finished game (app/review_jobs.h), which the review routes then read from the
  /// store; the next day's puzzles (app/daily.h), whose draws the server then takes from it.
  /// Needs a store; workers play built-in bots only.
  bool on_workers = false;
  /// The lexicon's name as the logs write it (the terminal's, LexiconInfo::source): the workers
  /// must know the lexicon by the same name to take this server's jobs.
  std::string lexicon_source = "server";
  /// How this server's jobs and logs name `lexicon` (its lexicon): lexicon_source and its size.
  app::LogLexicon log_lexicon(const Lexicon& lexicon) const {
    return {lexicon_source, lexicon.size()};
  }
  /// This server's number among the servers of one arcade behind a load balancer, as two hex
  /// digits (serve --node): every session id and watch code it makes begins with them, so that
  /// the balancer sends a game's requests and sockets to the server that opened it while it is
  /// up (docs/SCALING.md). "": none (a server on its own; ids are random throughout).
  std::string node;
  /// The arcade's daily secret (serve --daily-secret, or its data folder's; app/daily.h): it
  /// joins the seed of every puzzle of the day. Empty: none, the seeds are the rule's alone.
  std::string daily_secret;
  /// The games' own routes (server/game_routes.h): every game's that has some, with their
  /// defaults; a test gives its own (a tournament's caps, a stand-in Open Library).
  std::vector<GameRoutesMaker> game_routes = all_game_routes();
  /// Called on the thread that opens a session (one of the arcade's workers, never an I/O
  /// thread), before it opens it. For tests, which hold an opening there and see the server
  /// answer others meanwhile; unset: nothing.
  std::function<void()> before_open;
};

/// The clock and the timers the arcade runs on: the server's in production, a test's own in
/// tests (so nothing in a test waits on real time).
struct ArcadeClock {
  std::function<std::chrono::steady_clock::time_point()> now = [] {
    return std::chrono::steady_clock::now();
  };
  /// Calls the task on the server's loop after the delay (HttpServer::post_after); the handle
  /// cancels it (a session deleted or expired cancels its timers).
  std::function<TimerHandle(std::chrono::milliseconds, std::function<void()>)> after =
      [](std::chrono::milliseconds, std::function<void()>) { return TimerHandle(); };
  /// The wall clock, for the start and end times of the games recorded (unix time).
  std::function<std::chrono::system_clock::time_point()> system_now = [] {
    return std::chrono::system_clock::now();
  };
  /// The wall clock in unix milliseconds, for the times of the games recorded.
  std::int64_t unix_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(system_now().time_since_epoch())
        .count();
  }
};

}  // namespace wg::server
