#include "cli/jobs_on_workers.h"

#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "cli/output.h"
#include "cli/style.h"

namespace wg::cli {

namespace {

/// How often the store is looked at while the workers compute.
constexpr std::chrono::milliseconds kPoll{250};

}  // namespace

app::LogLexicon workers_lexicon(Context& context) {
  return {context.lexicon_info().source, context.lexicon().size()};
}

Json wait_for_workers(Context& context, const app::QueuedComputation& queued,
                      std::string_view what) {
  app::GameStore& store = context.required_game_store();
  print_message(context.err(),
                fmt::format("{} queued for the workers of {} as {} (group {}, result in job {}); "
                            "waiting for 'wordgames worker' to compute it.",
                            what, store.location(), count_of(queued.units, "unit"), queued.group,
                            queued.final_job));
  ProgressLine line(context.err(), isatty(STDERR_FILENO) == 1 && !context.options().json,
                    fmt::format("{} on workers", what));
  for (;;) {
    const std::optional<app::Job> final = store.job(queued.final_job);
    if (!final) throw std::runtime_error(fmt::format("job {} is gone", queued.final_job));
    if (final->state == "done") return final->result;
    if (final->state == "failed") throw std::runtime_error(final->error);
    int done = 0;
    for (const app::Job& unit : store.jobs(queued.group)) done += unit.state == "done" ? 1 : 0;
    line.update(queued.units > 0 ? static_cast<double>(done) / queued.units : -1);
    std::this_thread::sleep_for(kPoll);
  }
}

}  // namespace wg::cli
