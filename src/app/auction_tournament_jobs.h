#pragma once
/// Auction tournaments played by workers (app/job_queue.h, `wordgames worker`): a tournament is
/// kept in the store as TournamentKeeper keeps one (status "stopped" until its table), and
/// queued as jobs: units of consecutive games ("auction_tournament_games", input {"tournament",
/// "first", "count"}), which any number of workers share, then its table
/// ("auction_tournament_table", input {"tournament"}), which waits for every unit (NewJob::after)
/// and counts it from the games kept.
///
/// Game g is seeded and seated as in run_tournament (games/auction/tournament.h), so the table
/// is the same as the one a single process would compute, whatever the number of workers. Each
/// game is kept once: a unit taken again (its worker was killed) plays only the games that its
/// earlier attempt did not keep. Workers play built-in bots only: a lineup with an external bot
/// ("cmd:...") is refused when queued.

#include <cstdint>
#include <string>
#include <vector>

#include "app/game_session.h"
#include "app/game_store.h"
#include "app/job_queue.h"
#include "app/json.h"
#include "games/auction/tournament.h"

namespace wg::app {

/// The job kinds, as the auction's registry entry gives them (GameEntry::jobs).
std::vector<JobKind> auction_tournament_job_kinds();

/// The group of a tournament's units, which its table waits for: "auction_tournament.ID".
std::string auction_tournament_group(std::int64_t tournament_id);
/// The group of a tournament's table job, alone in it: "auction_tournament.ID.table".
std::string auction_tournament_table_group(std::int64_t tournament_id);

/// How many consecutive games a unit plays: about a sixteenth of the tournament (so that
/// workers share it), from 1 to 1000.
int auction_tournament_unit_games(int games);

/// Keeps the tournament in `store` (status "stopped", no games yet) with its config, {"games",
/// "seed", "rules", "lineup", "lexicon": {"source", "words"}, "workers": true}, and queues its
/// units and its table, all at `now_ms`; returns its id. The workers must run with the same
/// lexicon (`lexicon`), or refuse its units. Throws std::invalid_argument for a configuration
/// that cannot be played (the rules, fewer than 1 game, a player that is not a built-in bot,
/// an external bot included), StoreError when it cannot be kept.
std::int64_t queue_auction_tournament(GameStore& store, const auction::TournamentConfig& config,
                                      const LogLexicon& lexicon, std::int64_t now_ms);

}  // namespace wg::app
