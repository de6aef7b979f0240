#pragma once
/// The text table of an auction tournament (`wordgames auction tournament`), made to fit the
/// terminal: one line per bot when the longest name leaves room for the figures, else the name
/// on a line of its own and the figures under it. Its JSON is app::tournament_table_json.

#include <cstddef>
#include <iosfwd>

#include "games/auction/tournament.h"

namespace wg::cli {

/// Writes the table of `result` (a header line, then each bot) in at most `columns` columns
/// (a name longer than a line stands alone on its line), then the legend of its columns.
void print_tournament_table(std::ostream& out, const auction::TournamentResult& result,
                            std::size_t columns);

}  // namespace wg::cli
