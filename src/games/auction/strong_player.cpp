#include "games/auction/strong_player.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace wg::auction {

namespace {

/// Points are scaled by this in the search, so that prices with fractions stay integers.
constexpr int kScale = 8;

/// The best net score of a word made from the letters held (free) plus at most `slots` letters
/// chosen among `future` ones, each of which costs its price: max over words of
/// (word score − prices of the future letters it uses), or 0 for no word. A depth-first search
/// of the lexicon like best_word's, with a branch cut when even the most valuable letters left
/// and the bonus could not beat the best found.
class PlanSearch {
 public:
  PlanSearch(const Lexicon& lexicon, const Rules& rules, const std::array<int, kMaxLetters>& gain)
      : lexicon_(lexicon), rules_(rules), gain_(gain) {
    for (int l = 0; l < kMaxLetters; ++l) {
      value_[l] = l < lexicon.alphabet().size()
                      ? lexicon.alphabet().value(static_cast<Letter>(l)) * kScale
                      : 0;
    }
  }

  /// Scaled by kScale.
  int run(const LetterCounts& held, const LetterCounts& future, int slots) {
    held_ = held;
    future_ = future;
    slots_ = slots;
    free_value_left_ = 0;
    free_left_ = 0;
    future_count_ = 0;
    held_set_ = LetterSet();
    future_set_ = LetterSet();
    // The upper bound for future letters: the sum of the `k` largest gains, for each k.
    std::array<int, kMaxLetters * Rules::kMaxRackSize> gains{};
    int n = 0;
    for (int l = 0; l < kMaxLetters; ++l) {
      if (held_[l] > 0) {
        held_set_.insert(static_cast<Letter>(l));
        free_value_left_ += held_[l] * value_[l];
        free_left_ += held_[l];
      }
      if (future_[l] > 0) {
        future_set_.insert(static_cast<Letter>(l));
        future_count_ += future_[l];
        const int copies = std::min<int>(future_[l], slots_);
        for (int c = 0; c < copies && n < static_cast<int>(gains.size()); ++c) {
          gains[n++] = std::max(0, gain_[l]);
        }
      }
    }
    std::sort(gains.begin(), gains.begin() + n, std::greater<>());
    top_gain_[0] = 0;
    for (int k = 1; k <= Rules::kMaxRackSize; ++k) {
      top_gain_[k] = top_gain_[k - 1] + (k <= n ? gains[k - 1] : 0);
    }
    best_ = 0;
    visit(lexicon_.root(), 0, 0, 0);
    return best_;
  }

  std::int64_t nodes() const { return nodes_; }

 private:
  void visit(const Lexicon::Cursor& at, int net, int length, int used) {
    ++nodes_;
    const int slots_left = slots_ - used;
    const int future_reachable = std::min(slots_left, future_count_);
    const int bonus =
        length + free_left_ + future_reachable >= rules_.bonus_length ? rules_.bonus * kScale : 0;
    if (net + free_value_left_ + top_gain_[future_reachable] + bonus <= best_) return;
    const LetterSet usable = slots_left > 0 ? (held_set_ | future_set_) : held_set_;
    for (Letter l : lexicon_.children(at, usable)) {
      const Lexicon::Cursor next = lexicon_.child(at, l);
      const bool own = held_[l] > 0;
      const int next_net = net + (own ? value_[l] : gain_[l]);
      if (next.word) {
        const int score =
            next_net + (length + 1 >= rules_.bonus_length ? rules_.bonus * kScale : 0);
        best_ = std::max(best_, score);
      }
      if (own) {
        if (--held_[l] == 0) held_set_.erase(l);
        free_value_left_ -= value_[l];
        --free_left_;
        visit(next, next_net, length + 1, used);
        ++free_left_;
        free_value_left_ += value_[l];
        if (held_[l]++ == 0) held_set_.insert(l);
      } else {
        if (--future_[l] == 0) future_set_.erase(l);
        --future_count_;
        visit(next, next_net, length + 1, used + 1);
        ++future_count_;
        if (future_[l]++ == 0) future_set_.insert(l);
      }
    }
  }

  const Lexicon& lexicon_;
  const Rules& rules_;
  const std::array<int, kMaxLetters>& gain_;  ///< value − expected price, scaled
  std::array<int, kMaxLetters> value_{};
  std::array<int, Rules::kMaxRackSize + 1> top_gain_{};
  LetterCounts held_{};
  LetterCounts future_{};
  LetterSet held_set_;
  LetterSet future_set_;
  int slots_ = 0;
  int free_value_left_ = 0;
  int free_left_ = 0;
  int future_count_ = 0;
  int best_ = 0;
  std::int64_t nodes_ = 0;  ///< over every run, for the work budget
};

}  // namespace

void StrongPlayer::BidFit::add(double value, double bid) {
  n += 1;
  v += value;
  vv += value * value;
  b += bid;
  vb += value * bid;
  bb += bid * bid;
}

double StrongPlayer::BidFit::predict(double value) const {
  const double det = n * vv - v * v;
  if (n < 1) return value;
  if (det < 1e-9) return b / n;
  const double slope = (n * vb - v * b) / det;
  const double intercept = (b - slope * v) / n;
  return slope * value + intercept;
}

double StrongPlayer::BidFit::spread() const {
  if (n < 3) return 2.0;
  const double det = n * vv - v * v;
  if (det < 1e-9) return std::sqrt(std::max(0.0, bb / n - (b / n) * (b / n)));
  const double slope = (n * vb - v * b) / det;
  const double intercept = (b - slope * v) / n;
  // Residual sum of squares from the sums alone.
  const double rss = bb - 2 * slope * vb - 2 * intercept * b + slope * slope * vv +
                     2 * slope * intercept * v + intercept * intercept * n;
  return std::sqrt(std::max(0.0, rss / (n - 2)));
}

StrongPlayer::StrongPlayer(const Lexicon& lexicon, const Options& options)
    : Bot(lexicon), options_(options) {}

void StrongPlayer::new_game(const GameInfo& info) {
  Bot::new_game(info);
  fits_.assign(static_cast<std::size_t>(info.rules.players), BidFit{});
  // A prior of two pseudo-bids on the line bid = value + 1, worth as much as two real ones.
  for (BidFit& fit : fits_) {
    fit.add(1, 2);
    fit.add(8, 9);
  }
}

void StrongPlayer::new_round(const RoundInfo& info) {
  Bot::new_round(info);
  unseen_ = count_letters(auction_pool(lexicon_.alphabet()));
  for (Letter l : info.hidden) --unseen_[l];
}

void StrongPlayer::bid_result(const AuctionHeld& auction) {
  Bot::bid_result(auction);
  if (unseen_[auction.letter] > 0) --unseen_[auction.letter];
  const double value = lexicon_.alphabet().value(auction.letter);
  for (std::size_t seat = 0; seat < auction.bids.size(); ++seat) {
    if (static_cast<int>(seat) == info_.seat || !auction.bids[seat].bidding) continue;
    fits_[seat].add(value, auction.bids[seat].amount);
  }
}

double StrongPlayer::expected_price(int value) const {
  double price = 0;
  for (std::size_t seat = 0; seat < fits_.size(); ++seat) {
    if (static_cast<int>(seat) == info_.seat || held_[seat] >= info_.rules.rack_size) continue;
    const BidFit& fit = fits_[seat];
    price = std::max(price, fit.predict(value) + 0.5 * fit.spread());
  }
  return std::max(0.0, price);
}

double StrongPlayer::letter_value(const BidRequest& request) {
  const Rules& rules = info_.rules;
  const int slots = rules.rack_size - static_cast<int>(request.letters.size());
  if (slots <= 0) return 0;
  // Every later auction of the round gives one letter to someone, until everyone is full.
  int needed = 0;
  for (int held : held_) needed += std::max(0, rules.rack_size - held);
  const int later = std::min(needed - 1, request.pool_left);

  LetterCounts held = count_letters(request.letters);
  LetterCounts unseen = unseen_;
  if (unseen[request.letter] > 0) --unseen[request.letter];
  draw_.clear();
  for (int l = 0; l < lexicon_.alphabet().size(); ++l) {
    draw_.insert(draw_.end(), unseen[l], static_cast<Letter>(l));
  }
  const int window = std::clamp(static_cast<int>(std::lround(options_.window * later)), 0,
                                static_cast<int>(draw_.size()));

  std::array<int, kMaxLetters> gain{};
  for (int l = 0; l < lexicon_.alphabet().size(); ++l) {
    const int value = lexicon_.alphabet().value(static_cast<Letter>(l));
    gain[l] = static_cast<int>(std::lround((value - expected_price(value)) * kScale));
  }
  PlanSearch search(lexicon_, rules, gain);
  LetterCounts with = held;
  ++with[request.letter];

  // Draws until `samples` are done or the work budget is spent (after a few): the budget counts
  // search nodes, not time, so the bids stay reproducible, and it bounds the worst case.
  const int samples = std::max(1, options_.samples);
  const int min_samples = std::min(samples, std::max(1, options_.min_samples));
  std::int64_t total = 0;
  int s = 0;
  for (; s < samples && (s < min_samples || search.nodes() < options_.node_budget); ++s) {
    // A partial Fisher-Yates shuffle draws the window's tiles.
    LetterCounts future{};
    for (int i = 0; i < window; ++i) {
      const auto j = i + static_cast<int>(rng_.below(draw_.size() - static_cast<std::size_t>(i)));
      std::swap(draw_[i], draw_[j]);
      ++future[draw_[i]];
    }
    total += search.run(with, future, slots - 1) - search.run(held, future, slots);
  }
  last_nodes_ = search.nodes();
  last_samples_ = s;
  return static_cast<double>(total) / (s * kScale);
}

BidAnswer StrongPlayer::get_bid(const BidRequest& request) {
  const int points = request.points[info_.seat];
  // A lone bidder pays nothing whatever it bids.
  bool alone = true;
  for (std::size_t seat = 0; seat < held_.size(); ++seat) {
    if (static_cast<int>(seat) != info_.seat && held_[seat] < info_.rules.rack_size) alone = false;
  }
  if (alone || points <= 0) return 0;
  const double value = letter_value(request);
  const int rounds_after = std::max(0, info_.rules.rounds - request.round);
  const int cap = std::max(0, points - options_.reserve_per_round * rounds_after);
  const auto bid = static_cast<int>(std::lround(std::max(0.0, value)));
  return std::clamp(bid, 0, std::min(cap, points));
}

}  // namespace wg::auction
