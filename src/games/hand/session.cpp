#include "games/hand/session.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace wg::hand {

namespace {

/// Random streams of the series' generator: hand k is dealt from stream 2k and its
/// substitution drawn from 2k+1.
std::uint64_t deal_stream(int hand) { return 2 * static_cast<std::uint64_t>(hand); }
std::uint64_t substitution_stream(int hand) { return deal_stream(hand) + 1; }

std::vector<Event> refuse(Refusal reason, std::optional<Letter> letter = std::nullopt) {
  return {Rejected{reason, letter}};
}

/// Whether some letter of the hand may be substituted (a lone `*` has none).
bool any_substitutable(const Hand& hand) {
  for (Letter l : hand.letters()) {
    if (can_substitute(hand, l)) return true;
  }
  return false;
}

}  // namespace

void Config::validate() const {
  if (hands < 1 || hands > kMaxHands) {
    throw ConfigError("hands", "hands must be from 1 to " + std::to_string(kMaxHands));
  }
  if (hand_size < 1 || hand_size > kMaxHandSize) {
    throw ConfigError("hand_size", "hand_size must be from 1 to " + std::to_string(kMaxHandSize));
  }
}

Session::Session(std::shared_ptr<const Lexicon> lexicon, Config config, std::uint64_t seed)
    : lexicon_(std::move(lexicon)), config_(config), seed_(seed), rng_(game_seed(seed, 0)) {
  config_.validate();
  if (!lexicon_) throw std::invalid_argument("hand session: no lexicon");
  deal();
}

std::vector<Event> Session::apply(const Command& command, const Work& work) {
  Command accepted = command;  // the handler may set its `stopped`
  Events events = std::visit([&](auto& c) { return on(c, work); }, accepted);
  if (!std::holds_alternative<Rejected>(events.front())) commands_.push_back(std::move(accepted));
  return events;
}

View Session::view(Seat) const {
  return {status_, hand_, replaying_, tiles_, hand_total_, total(), config_.hints, records_};
}

int Session::total() const {
  int sum = 0;
  for (const HandRecord& record : records_) sum += record.counted();
  return sum;
}

void Session::deal() {
  Rng rng = rng_.fork(deal_stream(hand_));
  current_ = HandRecord{};
  current_.dealt = hand::deal(rng, config_.hand_size);
  current_.start = current_.dealt;
  tiles_ = current_.dealt;
  hand_total_ = 0;
  replaying_ = false;
  const bool offer = !substitution_used_ && any_substitutable(tiles_);
  status_ = offer ? Status::kSubstitutionOffered : Status::kPlaying;
}

Session::Events Session::on(Substitute& command, const Work&) {
  if (status_ != Status::kSubstitutionOffered) return refuse(Refusal::kWrongPhase);
  const Letter letter = command.letter;
  if (!is_tile(letter)) return refuse(Refusal::kMalformed);
  if (letter == kWildcard) return refuse(Refusal::kNotAllowed, letter);
  // The offer stands only while some letter is free to replace it, so only a letter the hand
  // lacks is refused here.
  if (!can_substitute(tiles_, letter)) return refuse(Refusal::kNotHeld, letter);
  Rng rng = rng_.fork(substitution_stream(hand_));
  const Hand after = hand::substitute(tiles_, letter, rng);
  const Letter replacement = *(after.letters() & ~tiles_.letters()).begin();
  current_.start = tiles_ = after;
  current_.substituted = substitution_used_ = true;
  status_ = Status::kPlaying;
  return {Substituted{letter, replacement, tiles_}};
}

Session::Events Session::on(DeclineSubstitution&, const Work&) {
  if (status_ != Status::kSubstitutionOffered) return refuse(Refusal::kWrongPhase);
  status_ = Status::kPlaying;
  return {SubstitutionDeclined{}};
}

Session::Events Session::on(PlayWord& command, const Work& work) {
  if (status_ != Status::kPlaying) return refuse(Refusal::kWrongPhase);
  const auto& word = command.word;
  if (word.empty() || !std::all_of(word.begin(), word.end(), is_tile)) {
    return refuse(Refusal::kMalformed);
  }
  const Turn turn = score_play(*lexicon_, tiles_, word);
  tiles_ = turn.hand_after;
  hand_total_ += turn.score;
  Events events{WordPlayed{word, turn.valid, turn.score, hand_total_, tiles_, tiles_.empty()}};
  if (tiles_.empty()) {
    end_play(events, optimum(command.stopped, work));
    hand_over(events);
  }
  return events;
}

Session::Events Session::on(EndHand& command, const Work& work) {
  if (status_ != Status::kPlaying) return refuse(Refusal::kWrongPhase);
  Events events;
  end_play(events, optimum(command.stopped, work));
  hand_over(events);
  return events;
}

Session::Events Session::on(Hint& command, const Work& work) {
  if (status_ != Status::kPlaying) return refuse(Refusal::kWrongPhase);
  if (!config_.hints) return refuse(Refusal::kNotAllowed);
  Solution solution;
  HintGiven hint;
  hint.plan_status = solve_hand(tiles_, command.stopped, work, solution);
  if (hint.plan_status == PlanStatus::kSolved) {
    hint.best_word = std::move(solution.best_word);
    hint.plan = std::move(solution.plan);
  } else {
    hint.best_word = best_word(*lexicon_, tiles_);  // one walk of the lexicon: always affordable
  }
  return {std::move(hint)};
}

Session::Events Session::on(Replay&, const Work&) {
  if (status_ != Status::kReplayOffered) return refuse(Refusal::kWrongPhase);
  replay_used_ = replaying_ = true;
  tiles_ = records_.back().start;
  hand_total_ = 0;
  status_ = Status::kPlaying;
  return {HandStarted{hand_, true, tiles_}};
}

Session::Events Session::on(DeclineReplay&, const Work&) {
  if (status_ != Status::kReplayOffered) return refuse(Refusal::kWrongPhase);
  Events events;
  next_hand(events);
  return events;
}

Session::Events Session::on(GiveUp&, const Work&) {
  if (status_ == Status::kFinished) return refuse(Refusal::kWrongPhase);
  Events events;
  if (status_ != Status::kReplayOffered) end_play(events, std::nullopt);
  status_ = Status::kFinished;
  events.push_back(Finished{records_, total(), true});
  return events;
}

void Session::end_play(Events& events, std::optional<Optimum> optimum) {
  if (replaying_) {
    records_.back().replay_score = hand_total_;
  } else {
    current_.score = hand_total_;
    if (optimum && optimum->status == PlanStatus::kSolved) current_.best = optimum->plan.total;
    records_.push_back(current_);
  }
  events.push_back(HandEnded{hand_, replaying_, hand_total_, total(), std::move(optimum)});
}

void Session::hand_over(Events& events) {
  if (replaying_ || replay_used_) {
    next_hand(events);
  } else {
    status_ = Status::kReplayOffered;
  }
}

void Session::next_hand(Events& events) {
  if (hand_ + 1 < config_.hands) {
    ++hand_;
    deal();
    events.push_back(HandStarted{hand_, false, tiles_});
  } else {
    status_ = Status::kFinished;
    events.push_back(Finished{records_, total(), false});
  }
}

PlanStatus Session::solve_hand(const Hand& hand, bool& stopped, const Work& work,
                               Solution& solution) const {
  if (plan_work(hand) > kMaxPlanWork) return PlanStatus::kTooLarge;
  if (!stopped) {
    if (auto solved = try_solve(*lexicon_, hand, work)) {
      solution = std::move(*solved);
      return PlanStatus::kSolved;
    }
  }
  stopped = true;
  return PlanStatus::kStopped;
}

Optimum Session::optimum(bool& stopped, const Work& work) const {
  Solution solution;
  Optimum optimum;
  optimum.status = solve_hand(current_.start, stopped, work, solution);
  optimum.plan = std::move(solution.plan);
  optimum.plan_with_discards = std::move(solution.plan_with_discards);
  return optimum;
}

}  // namespace wg::hand
