#include "app/review.h"

#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "app/registry.h"

namespace wg::app {

namespace {

/// `unit` (plural: "points", "misses") for one: "point", "miss"; a unit that is no plural
/// ("% chance of winning") as it is.
std::string singular(const std::string& unit) {
  if (unit.ends_with("sses")) return unit.substr(0, unit.size() - 2);  // misses, guesses
  if (unit.ends_with('s') && unit.find(' ') == std::string::npos) {
    return unit.substr(0, unit.size() - 1);
  }
  return unit;
}

/// A loss as people read it: whole numbers without decimals, others with one.
std::string loss_text(double loss, const std::string& unit) {
  const double rounded = std::round(loss);
  if (std::abs(loss - rounded) < 1e-9) {
    return fmt::format("{} {}", rounded, rounded == 1 ? singular(unit) : unit);
  }
  return fmt::format("{:.1f} {}", loss, unit);
}

}  // namespace

std::optional<std::size_t> GameReview::costliest() const {
  std::optional<std::size_t> worst;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].loss > 0 && (!worst || moves[i].loss > moves[*worst].loss)) worst = i;
  }
  return worst;
}

Json review_json(const GameReview& review) {
  Json moves = Json::array();
  for (const ReviewedMove& move : review.moves) {
    Json told{{"label", move.label},
              {"played", move.played},
              {"best", move.best},
              {"loss", move.loss},
              {"exact", move.exact}};
    if (!move.note.empty()) told["note"] = move.note;
    moves.push_back(std::move(told));
  }
  Json sections = Json::array();
  for (const ReviewSection& section : review.sections) {
    Json told{{"title", section.title}, {"lines", section.lines}};
    if (!section.data.is_null()) told["data"] = section.data;
    sections.push_back(std::move(told));
  }
  const std::optional<std::size_t> costliest = review.costliest();
  return {{"unit", review.unit},
          {"moves", std::move(moves)},
          {"summary", review.summary},
          {"share", review.share ? Json(*review.share) : Json()},
          {"costliest", costliest ? Json(*costliest) : Json()},
          {"method", review.method},
          {"sections", std::move(sections)}};
}

std::vector<std::string> review_lines(const GameReview& review) {
  std::vector<std::string> lines{review.summary};
  if (review.share) {
    lines.push_back(fmt::format("Share of the best possible: {:.0f} %", *review.share * 100));
  }
  if (!review.moves.empty()) lines.emplace_back();
  for (const ReviewedMove& move : review.moves) {
    const std::string bound = move.exact ? "" : " (bounded search)";
    if (move.loss <= 0) {
      lines.push_back(fmt::format("{}: {}, a best move{}", move.label, move.played, bound));
    } else {
      lines.push_back(fmt::format("{}: {}; best {}, {} lost{}", move.label, move.played, move.best,
                                  loss_text(move.loss, review.unit), bound));
    }
    if (!move.note.empty()) lines.push_back("  " + move.note);
  }
  if (const std::optional<std::size_t> worst = review.costliest()) {
    lines.emplace_back();
    lines.push_back(fmt::format("Costliest move: {} ({} lost)", review.moves[*worst].label,
                                loss_text(review.moves[*worst].loss, review.unit)));
  }
  for (const ReviewSection& section : review.sections) {
    lines.emplace_back();
    lines.push_back(section.title + ":");
    for (const std::string& line : section.lines) lines.push_back("  " + line);
  }
  if (!review.method.empty()) {
    lines.emplace_back();
    lines.push_back(review.method);
  }
  return lines;
}

Json review_document(const FinishedGame& game, Seat seat, const GameReview& review) {
  Json told = review_json(review);
  told["id"] = game.id;
  told["game"] = game.game;
  told["seat"] = seat;
  told["player"] = seat >= 0 && static_cast<std::size_t>(seat) < game.players.size()
                       ? Json(game.players[static_cast<std::size_t>(seat)].name)
                       : Json();
  return told;
}

std::optional<Seat> seat_of(const FinishedGame& game, std::string_view player) {
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    if (game.players[seat].name == player) return static_cast<Seat>(seat);
  }
  return std::nullopt;
}

std::optional<GameReview> review_game(const GameEntry& entry, const FinishedGame& game, Seat seat,
                                      std::shared_ptr<const Lexicon> lexicon, const Work& work) {
  if (!entry.review) return std::nullopt;
  return entry.review(game, seat, std::move(lexicon), work);
}

}  // namespace wg::app
