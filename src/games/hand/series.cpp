#include "games/hand/series.h"

#include <stdexcept>

namespace wg::hand {

namespace {

/// Random streams forked from the series' seed: hand k is dealt from stream 2k and its
/// substitution drawn from 2k+1, so a hand's deal does not depend on earlier choices.
std::uint64_t deal_stream(int hand) { return 2 * static_cast<std::uint64_t>(hand); }
std::uint64_t substitution_stream(int hand) { return deal_stream(hand) + 1; }

}  // namespace

Series::Series(const Lexicon& lexicon, SeriesOptions options, std::uint64_t seed)
    : lexicon_(lexicon), options_(options), rng_(seed) {
  if (options.hands < 1) throw std::invalid_argument("series: at least one hand");
  if (options.hand_size < 1) throw std::invalid_argument("series: at least one tile per hand");
  deal_next();
}

int Series::total() const {
  int sum = 0;
  for (const HandRecord& record : records_) sum += record.counted();
  return sum;
}

void Series::deal_next() {
  Rng rng = rng_.fork(deal_stream(static_cast<int>(records_.size())));
  dealt_ = deal(rng, options_.hand_size);
  start_ = dealt_;
  hand_ = dealt_;
  hand_total_ = 0;
  played_any_ = false;
  substituted_ = false;
  replaying_ = false;
  phase_ = Phase::kPlaying;
}

bool Series::can_substitute() const {
  return phase_ == Phase::kPlaying && !replaying_ && !played_any_ && !substitution_used_;
}

const Hand& Series::substitute(Letter letter) {
  if (!can_substitute()) throw std::logic_error("series: substitution not allowed now");
  Rng rng = rng_.fork(substitution_stream(static_cast<int>(records_.size())));
  start_ = hand::substitute(hand_, letter, rng);  // throws before any change
  hand_ = start_;
  substituted_ = true;
  substitution_used_ = true;
  return hand_;
}

PlayResult Series::play(std::span<const Letter> word) {
  if (phase_ != Phase::kPlaying) throw std::logic_error("series: no hand in play");
  const Turn turn = score_play(lexicon_, hand_, word);
  played_any_ = true;
  hand_ = turn.hand_after;
  hand_total_ += turn.score;
  PlayResult result;
  result.word.assign(word.begin(), word.end());
  result.valid = turn.valid;
  result.score = turn.score;
  result.hand_total = hand_total_;
  result.hand_after = hand_;
  result.ran_out = hand_.empty();
  if (result.ran_out) finish_hand();
  return result;
}

void Series::end_hand() {
  if (phase_ != Phase::kPlaying) throw std::logic_error("series: no hand in play");
  finish_hand();
}

void Series::finish_hand() {
  if (replaying_) {
    records_.back().replay_score = hand_total_;
  } else {
    HandRecord record;
    record.dealt = dealt_;
    record.start = start_;
    record.substituted = substituted_;
    record.score = hand_total_;
    records_.push_back(record);
  }
  phase_ = Phase::kHandOver;
}

bool Series::can_replay() const {
  return phase_ == Phase::kHandOver && !replaying_ && !replay_used_;
}

void Series::replay() {
  if (!can_replay()) throw std::logic_error("series: replay not allowed now");
  replay_used_ = true;
  replaying_ = true;
  hand_ = start_;
  hand_total_ = 0;
  played_any_ = false;
  phase_ = Phase::kPlaying;
}

void Series::next_hand() {
  if (phase_ != Phase::kHandOver) throw std::logic_error("series: the hand is not over");
  if (static_cast<int>(records_.size()) >= options_.hands) {
    phase_ = Phase::kOver;
    replaying_ = false;
    return;
  }
  deal_next();
}

}  // namespace wg::hand
