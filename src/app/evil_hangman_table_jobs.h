#pragma once
/// The evil hangman table (games/evil_hangman/experiment.h, run_table) run by workers
/// (app/job_queue.h, `wordgames worker`): a table is queued as a unit per word length
/// ("evil_hangman_table_row", input {"table", "seed", "length", "lexicon"}), which any number
/// of workers share, each keeping its row as its result (a row of table_to_json's); then the
/// table ("evil_hangman_table", input {"table", "seed", "lexicon"}), which waits for every unit
/// (NewJob::after) and puts their rows together, in order of length.
///
/// A row depends on its length, the config and the seed alone, so the table is the one
/// `wordgames evil-hangman table` computes in one process, whatever the number of workers. A
/// unit taken again (its worker was killed) computes its row again, the same.

#include <cstdint>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/job_units.h"
#include "app/json.h"
#include "games/evil_hangman/experiment.h"
#include "lexicon/lexicon.h"

namespace wg::app {

/// The job kinds, as evil hangman's registry entry gives them (GameEntry::jobs). The table's
/// result (the final job's) is table_to_json's (evil_hangman_codec.h).
std::vector<JobKind> evil_hangman_table_job_kinds();

/// Queues the table `config`, seeded `seed`, at `now_ms`: a unit per length of the table
/// (table_lengths, on `lexicon`), then the table. The workers must run with the same lexicon
/// (named `log_lexicon`), or refuse its units. Throws ConfigError (TableConfig::validate),
/// StoreError when it cannot be queued.
QueuedComputation queue_evil_hangman_table(GameStore& store,
                                           const evil_hangman::TableConfig& config,
                                           std::uint64_t seed, const Lexicon& lexicon,
                                           const LogLexicon& log_lexicon, std::int64_t now_ms);

/// The table a table job's result (table_to_json's) holds, its hosts those of `config`
/// (table_hosts): what the local command prints. Throws std::invalid_argument for a result
/// that is not one.
evil_hangman::TableResult table_of_result(const Json& result,
                                          const evil_hangman::TableConfig& config);

}  // namespace wg::app
