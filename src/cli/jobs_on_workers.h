#pragma once
/// What the commands that run a computation on workers (`--on-workers`: `boggle best`,
/// `evil-hangman table`) share: they queue it in the store (app/job_units.h), wait for the
/// workers (`wordgames worker`) to compute it, and print its result as the local command would.

#include <string_view>

#include "app/game_session.h"
#include "app/job_units.h"
#include "app/json.h"
#include "cli/context.h"

namespace wg::cli {

/// The lexicon as workers must have it to take the jobs queued here.
app::LogLexicon workers_lexicon(Context& context);

/// Waits until the computation's final job has ended, saying on stderr where it was queued and,
/// at a terminal, how many of its units are done; returns the final job's result. Throws
/// std::runtime_error with the job's error when it failed. Waits for as long as it takes (the
/// workers may start later); an interrupted wait leaves the jobs to the workers.
app::Json wait_for_workers(Context& context, const app::QueuedComputation& queued,
                           std::string_view what);

}  // namespace wg::cli
