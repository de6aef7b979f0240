#include "cli/auction_table.h"

#include <algorithm>
#include <ostream>
#include <string>

#include <fmt/format.h>

#include "cli/output.h"
#include "protocol/printable.h"

namespace wg::cli {

void print_tournament_table(std::ostream& out, const auction::TournamentResult& result,
                            std::size_t columns) {
  // The figures: seats, mean score ± its standard error, win rate, letters won per game, points
  // paid per letter, invalid words, bad bids.
  const std::string header =
      fmt::format("{:>5}  {:>15}  {:>8}  {:>7}  {:>6}  {:>7}  {:>8}", "seats", "mean score",
                  "win rate", "letters", "price", "invalid", "bad bids");
  const auto figures = [](const auction::BotStats& b) {
    return fmt::format("{:>5}  {:>15}  {:>7.1f}%  {:>7.2f}  {:>6.2f}  {:>7}  {:>8}", b.seats,
                       fmt::format("{:.1f} ± {:.2f}", b.mean_score, b.score_std_error),
                       100 * b.win_rate, b.letters_per_game, b.mean_price, b.invalid_words,
                       b.faulty_bids);
  };
  std::size_t width = 3;  // "bot"
  for (const auction::BotStats& b : result.bots) {
    width = std::max(width, display_width(protocol::printable(b.name)));
  }
  if (width + 2 + display_width(header) <= columns) {
    out << fmt::format("{:<{}}  {}\n", "bot", width, header);
    for (const auction::BotStats& b : result.bots) {
      const std::string name = protocol::printable(b.name);
      out << name << std::string(width - display_width(name), ' ') << "  " << figures(b) << '\n';
    }
  } else {
    // Names too long to stand beside the figures: each on its own line, the figures under it.
    out << "bot\n" << header << '\n';
    for (const auction::BotStats& b : result.bots) {
      out << wrap(protocol::printable(b.name), columns, "  ") << '\n' << figures(b) << '\n';
    }
  }
  out << '\n'
      << wrap(
             "Per player-game: a bot in three seats plays three player-games a game; a win "
             "shared by k players counts 1/k. Mean score ± its standard error; letters won per "
             "game; price: points paid per letter; invalid words; bad bids (counted as 0).",
             columns)
      << '\n';
}

}  // namespace wg::cli
