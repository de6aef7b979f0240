#include "games/hand/review.h"

#include <map>
#include <string>
#include <utility>
#include <variant>

namespace wg::hand {

namespace {

/// A step as the replay saw it, before any solving.
struct Replayed {
  std::vector<ReviewedStep> steps;
  std::vector<Hand> after;  ///< per step: the tiles left (empty after an end or a give-up)
  std::vector<ReviewedHand> hands;
  int total = 0;
  bool given_up = false;
};

/// The command as the replay applies it: with `stopped` set, so that the session does not
/// solve what the review solves itself (the state of play does not depend on it).
Command without_solving(Command command) {
  if (auto* play = std::get_if<PlayWord>(&command)) play->stopped = true;
  if (auto* end = std::get_if<EndHand>(&command)) end->stopped = true;
  return command;
}

Replayed replay(std::shared_ptr<const Lexicon> lexicon, const Config& config, std::uint64_t seed,
                std::span<const Command> commands) {
  Session session(std::move(lexicon), config, seed);
  Replayed replayed;
  int entry = 0;
  std::pair<int, bool> play{0, false};  // (hand, replay) of the current play
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const Command& command = commands[i];
    if (std::holds_alternative<Hint>(command)) continue;  // changes nothing but the screen
    const View before = session.view(0);
    const std::vector<Event> events = session.apply(without_solving(command));
    if (const auto* rejected = std::get_if<Rejected>(&events.front())) {
      throw ConfigError("commands", "command " + std::to_string(i + 1) + " of the record is " +
                                        "refused on replay (" +
                                        std::string(to_string(rejected->reason)) + ")");
    }
    if (std::pair{before.hand, before.replay} != play) {
      play = {before.hand, before.replay};
      entry = 0;
    }
    ReviewedStep step;
    step.hand = before.hand;
    step.replay = before.replay;
    step.entry = entry;
    step.before = before.tiles;
    Hand after;
    if (const auto* word = std::get_if<PlayWord>(&command)) {
      const auto& played = std::get<WordPlayed>(events.front());
      step.kind = StepKind::kWord;
      step.typed = word->word;
      step.valid = played.valid;
      step.score = played.score;
      after = played.tiles;
    } else if (std::holds_alternative<EndHand>(command) && !before.tiles.empty()) {
      step.kind = StepKind::kEnd;
    } else if (std::holds_alternative<GiveUp>(command) && before.status == Status::kPlaying &&
               !before.tiles.empty()) {
      step.kind = StepKind::kGiveUp;
    } else {
      if (std::holds_alternative<GiveUp>(command)) replayed.given_up = true;
      continue;
    }
    if (std::holds_alternative<GiveUp>(command)) replayed.given_up = true;
    ++entry;
    replayed.steps.push_back(std::move(step));
    replayed.after.push_back(after);
  }
  const View end = session.view(0);
  replayed.total = end.total;
  for (std::size_t h = 0; h < end.records.size(); ++h) {
    ReviewedHand hand;
    hand.hand = static_cast<int>(h);
    hand.start = end.records[h].start;
    hand.counted = end.records[h].counted();
    replayed.hands.push_back(std::move(hand));
  }
  return replayed;
}

/// What the review knows of one position: its optimal plan, or (too large) its best word.
struct Position {
  std::optional<Plan> plan;
  std::optional<Play> best_word;
};

}  // namespace

std::optional<Review> review(std::shared_ptr<const Lexicon> lexicon, const Config& config,
                             std::uint64_t seed, std::span<const Command> commands,
                             const Work& work) {
  Replayed replayed = replay(lexicon, config, seed, commands);

  // Every position met, solved once (a step's tiles after are the next one's before).
  std::map<std::string, Position> positions;
  for (const ReviewedHand& hand : replayed.hands) positions[hand_text(hand.start)];
  for (std::size_t i = 0; i < replayed.steps.size(); ++i) {
    positions[hand_text(replayed.steps[i].before)];
    if (replayed.steps[i].kind == StepKind::kWord) positions[hand_text(replayed.after[i])];
  }
  const double count = static_cast<double>(positions.size());
  double done = 0;
  std::map<std::string, Position>::iterator at = positions.begin();
  const auto tiles_of = [](const std::string& text) { return Hand::parse(text).value(); };
  for (; at != positions.end(); ++at, ++done) {
    if (work.stop.stop_requested()) return std::nullopt;
    if (work.progress) work.progress(done / count);
    const Hand hand = tiles_of(at->first);
    if (hand.empty()) {
      at->second.plan = Plan{};
      continue;
    }
    if (plan_work(hand) > kMaxPlanWork) {
      at->second.best_word = best_word(*lexicon, hand);
      continue;
    }
    Work part{work.stop, nullptr, work.withdraw};
    if (work.progress) {
      part.progress = [&](double fraction) { work.progress((done + fraction) / count); };
    }
    std::optional<Solution> solution = try_solve(*lexicon, hand, part);
    if (!solution) return std::nullopt;
    at->second.plan = std::move(solution->plan_with_discards);
  }
  if (work.progress) work.progress(1);

  Review result;
  result.total = replayed.total;
  result.given_up = replayed.given_up;
  result.optimal_total = 0;
  for (ReviewedHand& hand : replayed.hands) {
    hand.plan = positions.at(hand_text(hand.start)).plan;
    if (hand.plan && result.optimal_total) {
      *result.optimal_total += hand.plan->total;
    } else {
      result.optimal_total.reset();
    }
  }
  result.hands = std::move(replayed.hands);
  for (std::size_t i = 0; i < replayed.steps.size(); ++i) {
    ReviewedStep& step = replayed.steps[i];
    const Position& before = positions.at(hand_text(step.before));
    std::optional<int> after_total = 0;  // nothing more after an end or a give-up
    if (step.kind == StepKind::kWord) {
      const Position& after = positions.at(hand_text(replayed.after[i]));
      after_total = after.plan ? std::optional(after.plan->total) : std::nullopt;
    }
    step.best_after = after_total;
    if (before.plan) {
      step.best_before = before.plan->total;
      step.plan = before.plan;
      if (!before.plan->plays.empty()) step.best = before.plan->plays.front();
    }
    step.exact = step.best_before && step.best_after;
    if (step.exact) {
      step.loss = *step.best_before - (step.score + *step.best_after);
    } else {
      if (!before.plan) step.best = before.best_word;
      const int best = step.best ? step.best->score : 0;
      step.loss = std::max(0, best - step.score);
    }
    result.steps.push_back(std::move(step));
  }
  return result;
}

}  // namespace wg::hand
