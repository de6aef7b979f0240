#pragma once
/// The best-board search (games/boggle/board_search.h) run by workers (app/job_queue.h,
/// `wordgames worker`): a search of a budget of episodes is queued as units of consecutive
/// episodes ("boggle_best_episodes", input {"search", "first", "count", "lexicon"}), which any
/// number of workers share, each keeping the best board of its episodes as its result; then
/// its answer ("boggle_best_answer", input {"search", "lexicon"}), which waits for every unit
/// (NewJob::after) and picks the best of theirs as the search does (better_found).
///
/// Episode k is seeded by the search's seed and k alone, so the answer, its episode and the
/// counts of episodes and boards are those of `wordgames boggle best --episodes N` in one
/// process, whatever the number of workers or threads. A unit taken again (its worker was
/// killed) runs its episodes again and finds the same. A search without a budget of episodes,
/// or with a target score, would depend on who ran what when: it is refused when queued.

#include <cstdint>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/job_units.h"
#include "app/json.h"
#include "games/boggle/board_search.h"

namespace wg::app {

/// The job kinds, as Word Search's registry entry gives them (GameEntry::jobs). The answer's
/// result (the final job's) is {"board" (its spec), "rows", "cols", "dice", "min", "scoring",
/// "score", "words", "seed", "episode", "episodes", "boards"}, as `wordgames boggle best --json`
/// names them; a unit's is {"board", "score", "words", "episode", "first", "count", "episodes",
/// "boards"}.
std::vector<JobKind> best_board_job_kinds();

/// The answer of the search `config` whose best board is `best`, found in `episodes` episodes
/// that scored `boards` boards, as the answer job keeps it and `boggle best --json` prints it
/// (best_board_job_kinds names its fields).
Json best_board_answer(const boggle::SearchConfig& config, const boggle::FoundBoard& best,
                       std::uint64_t episodes, std::uint64_t boards);

/// How many consecutive episodes a unit runs: about a sixteenth of the search (so that
/// workers share it), from 1 to 1000, and more for a search so long that 1000 a unit would
/// queue more than kMaxBestBoardUnits units.
std::uint64_t best_board_unit_episodes(std::uint64_t episodes);
/// The most units a search is queued as, however many its episodes.
inline constexpr std::uint64_t kMaxBestBoardUnits = 4096;

/// Queues the search `config` at `now_ms`: its units, then its answer (the final job). The
/// workers must run with the same lexicon (`lexicon`), or refuse its units. Throws
/// std::invalid_argument for a search that workers cannot share (no budget of episodes, a
/// target), ConfigError for a config the search refuses (SearchConfig::validate), StoreError
/// when it cannot be queued.
QueuedComputation queue_best_board_search(GameStore& store, const boggle::SearchConfig& config,
                                          const LogLexicon& lexicon, std::int64_t now_ms);
}  // namespace wg::app
