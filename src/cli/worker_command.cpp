#include "cli/worker_command.h"

#include <csignal>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "app/job_queue.h"
#include "cli/app.h"
#include "cli/context.h"
#include "cli/daily_command.h"
#include "cli/output.h"

namespace wg::cli {

namespace {

/// Set by SIGINT and SIGTERM: the worker ends once its job in hand is over.
std::atomic<bool> g_stop{false};

extern "C" void ask_to_stop(int) { g_stop = true; }

struct WorkerCommandOptions {
  bool once = false;
  std::uint64_t lease_s = 30;
  std::string name;
  std::optional<std::string> daily_secret;  ///< --daily-secret; unset: the data folder's
};

int work(Context& context, const WorkerCommandOptions& o) {
  app::GameStore& store = context.required_game_store();
  app::WorkerOptions options;
  options.name = o.name.empty() ? app::default_worker_name() : o.name;
  options.lease_ms = static_cast<std::int64_t>(o.lease_s) * 1000;
  options.once = o.once;
  options.daily_secret = daily_secret(context, o.daily_secret);
  std::ostream& out = context.out();
  const app::LogLexicon lexicon{context.lexicon_info().source, context.lexicon().size()};
  app::Worker worker(store, app::registered_job_kinds(), context.shared_lexicon(), lexicon,
                     &Context::now_ms, options, [&out](std::string_view line) {
                       out << line << '\n' << std::flush;
                     });
  g_stop = false;
  struct sigaction action {};
  action.sa_handler = &ask_to_stop;
  sigemptyset(&action.sa_mask);
  struct sigaction old_int {
  }, old_term{};
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
  out << fmt::format("worker {} takes jobs from {}{}\n", options.name, store.location(),
                     o.once ? " until none is left" : " (Ctrl-C or SIGTERM ends it)")
      << std::flush;
  int finished = 0;
  try {
    finished = worker.run(g_stop);
  } catch (...) {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    throw;
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
  out << fmt::format("worker {} ends: {} {}\n", options.name, finished,
                     finished == 1 ? "job" : "jobs")
      << std::flush;
  return kExitOk;
}

}  // namespace

void add_worker_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<WorkerCommandOptions>();
  CLI::App* command = app.add_subcommand("worker", std::string(kWorkerCommandSummary));
  command->add_flag("--once", options->once,
                    "End when no job is queued or running, rather than waiting for more");
  add_number_option(
      *command, "--lease", 1, 86'400, [options](std::uint64_t s) { options->lease_s = s; },
      "Seconds a job stays this worker's without news from it; a job whose worker was killed "
      "is taken again after that. Default 30");
  command->add_option("--name", options->name, "The worker's name in the store; default HOST:PID")
      ->type_name("NAME");
  command
      ->add_option_function<std::string>(
          "--daily-secret", [options](const std::string& text) { options->daily_secret = text; },
          "The arcade's daily secret (serve --daily-secret), for the puzzles of the day it "
          "queues. Default: the first line of the data folder's daily-secret file, if any")
      ->type_name("SECRET");
  command->footer(
      "Runs the jobs queued in the store (--store URL|DIR, as every command takes it), such as\n"
      "'wordgames auction tournament --on-workers', or an arcade's (serve --on-workers: its\n"
      "tournaments, reviews and puzzles of the day), one at a time, a line per job. Any number\n"
      "of workers, on any machines, may share one store. Start them with the lexicon options\n"
      "the jobs were queued with. Ctrl-C or SIGTERM ends a worker once its job in hand is over.");
  on_run(*command, context, [&context, options] { return work(context, *options); });
}

}  // namespace wg::cli
