#include "games/boggle/review.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace wg::boggle {

namespace {

/// What a refused command was, for the error that says the commands are not this game's.
std::string refusal_text(const Rejected& rejected) {
  std::string text = std::string(to_string(rejected.reason));
  if (!rejected.word.empty()) text += " '" + rejected.word + "'";
  if (!rejected.detail.empty()) text += ": " + rejected.detail;
  return text;
}

RoundReview round_review(const Finished& finished, const View& view) {
  RoundReview r;
  r.round = finished.round;
  r.board = finished.board;
  r.min_length = finished.min_length;
  r.scoring = finished.scoring;
  r.found = finished.found;
  r.score = finished.score;
  r.words = finished.all_words.size();
  r.par = finished.total_score;
  r.missed = view.missed;
  std::stable_sort(r.missed.begin(), r.missed.end(), [](const BoardWord& a, const BoardWord& b) {
    return a.points != b.points ? a.points > b.points : a.word < b.word;
  });
  r.played =
      !(finished.found.empty() && finished.end == RoundEnd::kClosed && finished.elapsed_ms == 0);
  return r;
}

}  // namespace

SessionReview review_session(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands,
                             const Work& work) {
  // Each round is solved exhaustively as the session starts it (Round), so the review is the
  // session's own figures, read at the end of each round.
  Session session(std::move(lexicon), config, seed);
  SessionReview review;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    if (work.stop.stop_requested()) {
      review.stopped = true;
      return review;
    }
    for (const Event& event : session.apply(commands[i])) {
      if (const auto* rejected = std::get_if<Rejected>(&event)) {
        if (rejected->reason == Refusal::kTooLate) continue;  // a late word: the round ends
        throw std::invalid_argument("command " + std::to_string(i + 1) + " is refused (" +
                                    refusal_text(*rejected) + ")");
      }
      if (const auto* finished = std::get_if<Finished>(&event)) {
        review.rounds.push_back(round_review(*finished, session.view(0)));
      }
    }
    if (work.progress)
      work.progress(static_cast<double>(i + 1) / static_cast<double>(commands.size()));
  }
  return review;
}

}  // namespace wg::boggle
