#include "games/hangman/review.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace wg::hangman {

namespace {

/// A position of the reviewed game and the move the player made there.
struct Move {
  Game before;
  std::optional<Guess> guess;  ///< nullopt: a give-up
};

/// The points judgement of `guess` (nullopt: giving up) in `game`: exact where
/// plan_points_exactly reaches, the planner's otherwise.
Judgement judge_points(const Game& game, const std::optional<Guess>& guess) {
  Judgement judged;
  std::optional<ExactPoints> exact;
  if (game.candidate_count() <= kExactPointsCandidates) {
    // A give-up is judged against the best guess; any guess will do to ask for it.
    std::size_t open = 0;
    while (!game.is_open(open)) ++open;
    exact = plan_points_exactly(game, guess.value_or(Guess{open, 0}));
  }
  if (exact) {
    judged.best = exact->best;
    judged.played = exact->played;
    judged.exact = true;
  } else {
    judged.best = plan(game, Goal::kPoints, kReviewPointsPlan);
    judged.exact = plays_exactly(game, Goal::kPoints);
    if (guess) {
      // The planner's own guess is judged as it was: the same figure, without its cost again.
      judged.played = *guess == judged.best.guess
                          ? judged.best
                          : judge(game, *guess, Goal::kPoints, kReviewPointsPlan);
    }
  }
  if (!guess) judged.played = {Guess{}, 0, static_cast<double>(game.points())};
  return judged;
}

Judgement judge_win(const Game& game, const std::optional<Guess>& guess) {
  Judgement judged;
  judged.best = plan(game, Goal::kWin, kReviewWinPlan);
  judged.exact = plays_exactly(game, Goal::kWin);
  judged.played = !guess                        ? PlannedGuess{Guess{}, 0, 0}
                  : *guess == judged.best.guess ? judged.best
                                                : judge(game, *guess, Goal::kWin, kReviewWinPlan);
  return judged;
}

/// A guess better than the planner's best (one it did not consider) is the best found.
void keep_the_better(Judgement& judged, const std::optional<Guess>& guess) {
  if (guess && judged.played.value > judged.best.value) judged.best = judged.played;
}

}  // namespace

std::optional<Review> review_game(Session& session, std::span<const Command> commands,
                                  std::uint64_t game, const Work& work) {
  // The replay: each position of the reviewed game before a move, and the game at its end.
  std::vector<Move> moves;
  std::optional<Game> end;
  std::uint64_t reviewed = 0;
  std::size_t index = 0;
  for (const Command& command : commands) {
    if (work.stop.stop_requested()) return std::nullopt;
    const std::uint64_t number = session.game_number();
    const bool wanted = game == 0 || number == game;
    if (wanted && reviewed != number) {  // a new game to review: the last one, when game is 0
      moves.clear();
      reviewed = number;
    }
    if (wanted && !session.finished()) {
      if (const auto* guess = std::get_if<Guess>(&command)) {
        moves.push_back({session.game(), *guess});
      } else if (std::holds_alternative<GiveUp>(command)) {
        moves.push_back({session.game(), std::nullopt});
      }
    }
    const std::vector<Event> events = session.apply(command);
    if (std::holds_alternative<Rejected>(events.front())) {
      throw std::invalid_argument("command " + std::to_string(index + 1) +
                                  " is refused: not a game this session played");
    }
    if (wanted && session.game_number() == number) end = session.game();
    ++index;
  }
  if (commands.empty() && (game == 0 || session.game_number() == game)) {
    reviewed = session.game_number();
    end = session.game();
  }
  if (!end) {
    throw std::invalid_argument("the commands never play game " + std::to_string(game));
  }

  Review review;
  review.game = reviewed;
  review.length = end->length();
  review.secret = end->secret();
  review.won = end->status() == GameState::kWon;
  review.gave_up = end->gave_up();
  review.points = end->points();
  review.misses = end->misses();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (work.progress) work.progress(static_cast<double>(i) / static_cast<double>(moves.size()));
    if (work.stop.stop_requested()) return std::nullopt;
    const Move& move = moves[i];
    const Game& before = move.before;
    ReviewedGuess reviewed_guess;
    reviewed_guess.guess = move.guess;
    reviewed_guess.points_before = before.points();
    reviewed_guess.lives_before = before.lives();
    reviewed_guess.candidates_before = before.candidate_count();
    reviewed_guess.points = judge_points(before, move.guess);
    reviewed_guess.win = judge_win(before, move.guess);
    keep_the_better(reviewed_guess.points, move.guess);
    keep_the_better(reviewed_guess.win, move.guess);
    if (move.guess) {
      Game after = before;
      const GuessResult result = after.guess(*move.guess);
      reviewed_guess.hit = result.outcome == Outcome::kHit;
      reviewed_guess.points_change = result.points_change;
      reviewed_guess.candidates_after = result.candidates;
    } else {
      reviewed_guess.candidates_after = reviewed_guess.candidates_before;
    }
    review.guesses.push_back(std::move(reviewed_guess));
  }
  if (work.progress) work.progress(1.0);
  return review;
}

}  // namespace wg::hangman
