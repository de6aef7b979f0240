#include "cli/serve_command.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/sqlite_store.h"
#include "cli/app.h"
#include "cli/auction_command.h"
#include "cli/context.h"
#include "cli/output.h"
#include "server/arcade.h"
#include "server/http_server.h"

namespace wg::cli {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  std::uint64_t port = 8080;
  std::uint64_t threads = 2;
  std::uint64_t idle_minutes = 60;
  std::uint64_t max_sessions = 20000;
  bool offline = false;
  bool no_store = false;                  ///< --no-store: keep no players or games
  std::vector<std::string> allowed_bots;  ///< external bots' command lines (--allow-bot)
  protocol::ExternalBotOptions bots;      ///< their reply time and limits (--bot-*)
};

constexpr auto kExpiryCheck = std::chrono::minutes(1);

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
  arcade_options.dictionaries.fetch_open_library = !options.offline;
  arcade_options.tournaments.allowed_bots = options.allowed_bots;
  // The terminal's database (--data, else the user data directory), on a connection of the
  // arcade's own; one that cannot be opened is reported once (by game_store) and the arcade
  // serves on without it.
  if (!options.no_store) {
    if (const app::SqliteStore* store = context.game_store()) {
      try {
        arcade_options.store = std::make_shared<app::SqliteStore>(store->file());
      } catch (const std::exception& error) {
        print_warning(context.err(), fmt::format("cannot save games: {}; playing on without saving",
                                                 error.what()));
      }
    }
  }
  arcade_options.tournaments.bots = options.bots;
  server::HttpServer* running = nullptr;
  server::ArcadeClock clock;
  clock.after = [&running](std::chrono::milliseconds delay, std::function<void()> task) {
    running->post_after(delay, std::move(task));
  };
  Arcade arcade(context.shared_lexicon(), arcade_options, clock);
  server::HttpServer http(arcade);
  running = &http;
  std::uint16_t port = 0;
  try {
    port = http.listen(options.host, static_cast<std::uint16_t>(options.port));
  } catch (const std::runtime_error& error) {
    throw UsageError(error.what());
  }
  // Idle games are dropped once a minute.
  std::function<void()> expire = [&] {
    arcade.expire_idle();
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
                                           arcade_options.store->file().string())
                             : std::string("Nothing is kept: players' games are forgotten.\n"));
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
  command->add_flag("--no-store", options->no_store,
                    "Keep no players or games (by default they are kept in the --data "
                    "directory's wordgames.db, as the terminal's)");
  command->add_flag("--offline", options->offline,
                    "Never fetch from Open Library (hangman dictionaries from a work ID)");
  command
      ->add_option("--allow-bot", options->allowed_bots,
                   "Let tournaments in the browser run this external bot (a command line, "
                   "e.g. \"python3 examples/auction_bot.py\", run in this directory); "
                   "repeatable. Without it, no external bot runs")
      ->type_name("COMMAND")
      ->take_all()
      ->allow_extra_args(false);
  add_bot_options(*command, options->bots);
  on_run(*command, context, [&context, options] { return serve(context, *options); });
}

}  // namespace wg::cli
