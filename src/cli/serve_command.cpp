#include "cli/serve_command.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/daily.h"
#include "app/game_store.h"
#include "app/store_factory.h"
#include "cli/app.h"
#include "cli/bot_options.h"
#include "cli/context.h"
#include "cli/daily_command.h"
#include "cli/output.h"
#include "protocol/sandbox.h"
#include "server/arcade.h"
#include "server/hosts.h"
#include "server/http_server.h"

namespace wg::cli {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  std::uint64_t port = 8080;
  std::uint64_t threads = 2;
  std::uint64_t idle_minutes = 60;
  std::uint64_t max_sessions = 20000;
  std::uint64_t connections_per_address = server::ServerLimits{}.max_connections_per_address;
  bool offline = false;
  bool no_store = false;                    ///< --no-store: keep no players or games
  std::vector<std::string> allowed_hosts;   ///< names the Host may give besides loopback ones
  std::vector<std::string> allowed_bots;    ///< external bots' command lines (--allow-bot)
  protocol::ExternalBotOptions bots;        ///< their reply time and limits (--bot-*)
  std::optional<std::string> daily_secret;  ///< --daily-secret; unset: the data folder's
  std::uint64_t node = 0;                   ///< --node: its number behind a balancer; 0: none
  std::uint64_t public_port = 0;            ///< --public-port: the balancer's; 0: its own
  bool on_workers = false;                  ///< --on-workers
};

constexpr auto kExpiryCheck = std::chrono::minutes(1);
/// Sessions gone between two expiry checks past which their memory is given back.
constexpr std::size_t kManySessionsGone = 1000;

/// A server holds a descriptor per client: the soft limit (often 1,024) rises to the hard one.
void allow_many_connections() {
  struct rlimit files {};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
}

int serve(Context& context, const ServeOptions& options) {
  using server::Arcade;
  protocol::end_bots_with_the_host();  // SIGHUP (and a second SIGINT or SIGTERM) end bots too
  allow_many_connections();
  server::ArcadeOptions arcade_options;
  arcade_options.idle_expiry = std::chrono::minutes(options.idle_minutes);
  arcade_options.max_sessions = options.max_sessions;
  arcade_options.offline = options.offline;
  if (options.node != 0) arcade_options.node = fmt::format("{:02x}", options.node);
  // The daily secret (app/daily.h): --daily-secret, else the data folder's file, else none.
  arcade_options.daily_secret = daily_secret(context, options.daily_secret);
  arcade_options.allowed_bots = options.allowed_bots;
  arcade_options.lexicon_source = context.lexicon_info().source;
  arcade_options.on_workers = options.on_workers;
  if (options.on_workers) {
    if (options.no_store) {
      throw UsageError(
          "--on-workers queues long computations in the store, which --no-store turns off");
    }
    if (!options.allowed_bots.empty()) {
      throw UsageError(
          "--allow-bot and --on-workers do not go together: workers play built-in "
          "bots only (an external bot runs on the machine that starts it)");
    }
  }
  // The Host a request may name (server/hosts.h): loopback, the address listened on when it is
  // one interface's, any address literal when it is every interface's, and --allow-host.
  arcade_options.any_address_host = server::every_interface(options.host);
  if (!arcade_options.any_address_host) arcade_options.allowed_hosts.push_back(options.host);
  for (const std::string& name : options.allowed_hosts) {
    if (!server::host_name(name)) {
      throw UsageError(fmt::format("--allow-host: '{}' is not a host name or an address", name));
    }
    arcade_options.allowed_hosts.push_back(name);
  }
  // The terminal's store (--store, else --data's or the user data directory's database), on a
  // connection of the arcade's own; one that cannot be opened is reported once (by game_store)
  // and the arcade serves on without it.
  if (!options.no_store) {
    if (context.game_store() != nullptr) {
      try {
        arcade_options.store = context.open_game_store();
      } catch (const std::exception& error) {
        print_warning(context.err(), fmt::format("cannot save games: {}; playing on without saving",
                                                 error.what()));
      }
    }
  }
  if (options.on_workers && arcade_options.store == nullptr) {
    throw std::runtime_error(
        "--on-workers queues long computations in the store, which cannot be opened");
  }
  arcade_options.bots = options.bots;
  // Refused now rather than at the first tournament: no external bot runs unsandboxed unasked.
  if (!options.allowed_bots.empty() && options.bots.sandbox.enabled &&
      !protocol::find_bwrap(options.bots.sandbox)) {
    throw std::runtime_error(protocol::bwrap_missing_message());
  }
  server::HttpServer* running = nullptr;
  server::ArcadeClock clock;
  clock.after = [&running](std::chrono::milliseconds delay, std::function<void()> task) {
    return running->post_after(delay, std::move(task));
  };
  Arcade arcade(context.shared_lexicon(), arcade_options, clock);
  server::ServerLimits limits;
  limits.max_connections_per_address = options.connections_per_address;
  server::HttpServer http(arcade, limits);
  running = &http;
  std::uint16_t port = 0;
  try {
    port = http.listen(options.host, static_cast<std::uint16_t>(options.port));
  } catch (const std::runtime_error& error) {
    throw UsageError(error.what());
  }
  // An Origin must name it (--port 0: the one the system chose), or the balancer's.
  arcade.listening_on(options.public_port != 0 ? static_cast<std::uint16_t>(options.public_port)
                                               : port);
  // Idle games are dropped once a minute; when many went since the last look (expired or
  // deleted), the memory they held goes back to the system rather than staying the peak's.
  std::size_t sessions_seen = 0;
  std::function<void()> expire = [&] {
    arcade.expire_idle();
    const std::size_t sessions = arcade.session_count();
    if (sessions + kManySessionsGone <= sessions_seen) server::return_free_memory();
    sessions_seen = sessions;
    http.post_after(kExpiryCheck, expire);
  };
  http.post_after(kExpiryCheck, expire);
  // Every wildcard form ("0.0.0.0", "0", "::", ...) serves every interface: this machine's
  // own page is at the loopback address, and the warning is the same for all.
  const bool everywhere = http.listens_on_every_interface();
  const bool v6 = options.host.find(':') != std::string::npos;
  const std::string shown = !everywhere ? options.host : v6 ? "::1" : "127.0.0.1";
  context.live_out() << fmt::format("wordgames arcade: http://{}{}{}:{}/\n", v6 ? "[" : "", shown,
                                    v6 ? "]" : "", port);
  if (everywhere) {
    context.live_out() << "Listening on every interface: other machines use this one's address.\n";
  }
  context.live_out() << (arcade_options.store != nullptr
                             ? fmt::format("Players and their games are kept in {}.\n",
                                           arcade_options.store->location())
                             : std::string("Nothing is kept: players' games are forgotten.\n"));
  if (!options.allowed_bots.empty()) {
    context.live_out() << "External bots (--allow-bot): " << options.bots.sandbox.describe()
                       << ".\n";
  }
  if (options.on_workers) {
    context.live_out() << "Tournaments, reviews and the puzzles of the day are queued for workers "
                          "(wordgames worker, with the same store, lexicon and daily secret).\n";
  }
  context.live_out() << "Ctrl-C stops it.\n" << std::flush;
  http.run(static_cast<int>(options.threads), /*stop_on_signals=*/true);
  protocol::kill_all_descendants();  // stopped: games still running end at once, bots faulted
  return kExitOk;
}

}  // namespace

void add_serve_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* command = app.add_subcommand("serve", std::string(kServeCommandSummary));
  command
      ->add_option("--host", options->host,
                   "Address to listen on: 127.0.0.1 (this machine only, the default) or "
                   "0.0.0.0 (every interface, for a classroom)")
      ->type_name("ADDRESS")
      ->check(CLI::Validator(
          [](const std::string& host) {
            return host.empty() ? std::string(
                                      "an empty host is not an address: 127.0.0.1 "
                                      "serves this machine only, 0.0.0.0 every interface")
                                : std::string();
          },
          "ADDRESS"));
  add_number_option(
      *command, "--port", 0, 65535, [options](std::uint64_t port) { options->port = port; },
      "Port to listen on; 0: a free port (printed); default 8080");
  add_number_option(
      *command, "--threads", 1, 64, [options](std::uint64_t n) { options->threads = n; },
      "Threads serving requests; default 2");
  add_number_option(
      *command, "--idle-minutes", 1, 10080,
      [options](std::uint64_t n) { options->idle_minutes = n; },
      "Drop a game nobody touched for this many minutes; default 60");
  add_number_option(
      *command, "--max-sessions", 1, 1000000,
      [options](std::uint64_t n) { options->max_sessions = n; },
      "Games open at once before new ones are refused; default 20000");
  add_number_option(
      *command, "--connections-per-address", 0, 1000000,
      [options](std::uint64_t n) { options->connections_per_address = n; },
      "Connections one client address may hold at once (WebSockets included), this machine's "
      "too; more are closed. 0: no cap. Behind a proxy every client is the proxy's address: "
      "raise it. Default 256");
  command->add_flag("--no-store", options->no_store,
                    "Keep no players or games (by default they are kept in the --data "
                    "directory's wordgames.db, as the terminal's)");
  command
      ->add_option_function<std::string>(
          "--daily-secret", [options](const std::string& text) { options->daily_secret = text; },
          "A secret that joins the seeds of the puzzles of the day, so that their words cannot be "
          "computed from the date alone; arcades with the same secret agree. Default: the first "
          "line of the data folder's daily-secret file, if any")
      ->type_name("SECRET");
  add_number_option(
      *command, "--node", 1, 255, [options](std::uint64_t n) { options->node = n; },
      "This server's number (1 to 255) among the servers of one arcade behind a load balancer "
      "over one PostgreSQL store (docs/SCALING.md, scripts/cluster): the games it opens have ids "
      "that begin with it, so that the balancer sends their requests here while it is up. "
      "Default: none (a server on its own)")
      ->type_name("N");
  add_number_option(
      *command, "--public-port", 1, 65535, [options](std::uint64_t n) { options->public_port = n; },
      "The port browsers reach the arcade at when a load balancer stands in front of it (pages "
      "from that port may play). Default: the port it listens on")
      ->type_name("PORT");
  command->add_flag(
      "--on-workers", options->on_workers,
      "Queue the arcade's long computations as jobs in the store for 'wordgames worker' "
      "processes (any number, on any machines, started with the same store, lexicon and daily "
      "secret): its tournaments, rather than playing them on this server's threads, so that "
      "every server over one store shows every tournament; the review of each finished game; "
      "the next day's puzzles (docs/SCALING.md). Needs a store; workers play built-in bots "
      "only (not with --allow-bot), and a queued tournament runs to its end");
  command->add_flag("--offline", options->offline,
                    "Never fetch from Open Library (hangman dictionaries from a work ID)");
  command
      ->add_option("--allow-host", options->allowed_hosts,
                   "Answer requests that name this host (a name or an address of this "
                   "machine, as other machines reach it) besides localhost, 127.0.0.1, [::1] "
                   "and the --host address; with --host 0.0.0.0 any address is answered, a "
                   "name only if listed. Others are refused (a defence against DNS "
                   "rebinding). Repeatable")
      ->type_name("NAME")
      ->take_all()
      ->allow_extra_args(false);
  command
      ->add_option("--allow-bot", options->allowed_bots,
                   "Let tournaments in the browser run this external bot (a command line, "
                   "e.g. \"python3 examples/auction_bot.py data/enable1.txt\", run from this "
                   "directory, in the sandbox unless --trusted-bots: it sees the folders its "
                   "command names); "
                   "repeatable. Without it, no external bot runs")
      ->type_name("COMMAND")
      ->take_all()
      ->allow_extra_args(false);
  add_bot_options(*command, options->bots);
  on_run(*command, context, [&context, options] { return serve(context, *options); });
}

}  // namespace wg::cli
