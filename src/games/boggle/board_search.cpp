#include "games/boggle/board_search.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/enum_names.h"
#include "core/parallel.h"
#include "core/play.h"
#include "core/rng.h"

namespace wg::boggle {

namespace {

constexpr Named<DiceSet> kDiceNames[] = {
    {DiceSet::kClassic, "classic"},
    {DiceSet::kBig, "big"},
    {DiceSet::kSuperBig, "super-big"},
    {DiceSet::kLetters, "letters"},
};

std::span<const Die> dice_of(DiceSet dice) {
  switch (dice) {
    case DiceSet::kClassic:
      return Board::classic_dice();
    case DiceSet::kBig:
      return Board::big_dice();
    case DiceSet::kSuperBig:
      return Board::super_big_dice();
    case DiceSet::kLetters:
      break;
  }
  return {};
}

// The annealing's last temperature, in points: at the end hardly any loss is kept.
constexpr double kColdPoints = 1.0;

// The board's cells over the classic 16: what the episode's length and heat grow with.
double scale_of(const SearchConfig& config) { return config.rows * config.cols / 16.0; }

}  // namespace

std::string_view to_string(DiceSet dice) { return name_of(kDiceNames, dice); }

std::optional<DiceSet> dice_set_named(std::string_view name) {
  return value_named(kDiceNames, name);
}

void SearchConfig::validate() const {
  if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide)
    throw ConfigError("size", "each side must be 1 to " + std::to_string(kMaxSide) + ", not " +
                                  std::to_string(rows) + "x" + std::to_string(cols));
  const std::span<const Die> set = dice_of(dice);
  if (dice != DiceSet::kLetters && set.size() != static_cast<std::size_t>(rows * cols))
    throw ConfigError("dice", "the " + std::string(to_string(dice)) + " set has " +
                                  std::to_string(set.size()) + " dice, not one per cell of " +
                                  std::to_string(rows) + "x" + std::to_string(cols));
  if (min_length > kMaxMinLength)
    throw ConfigError("min_length", "at most " + std::to_string(kMaxMinLength));
  if (target < 0) throw ConfigError("target", "a score cannot be negative");
}

std::size_t SearchConfig::min_word_length() const {
  if (min_length > 0) return min_length;
  return rows == 6 && cols == 6 ? 4 : 3;
}

std::uint64_t SearchConfig::steps_per_episode() const {
  if (steps > 0) return steps;
  // In integers, the same on every platform: 20,000 × cells⁵ / 16⁵ (cells ≤ 256: no overflow).
  const auto cells = static_cast<std::uint64_t>(rows * cols);
  return std::max<std::uint64_t>(
      1'000, 20'000 * (cells * cells * cells * cells * cells) / (std::uint64_t{1} << 20));
}

double SearchConfig::start_temperature() const {
  return std::max(kColdPoints, 60 * scale_of(*this) * scale_of(*this));
}

// One episode: a board that changes in place, scored after every change.
class BoardSearch::Episode {
 public:
  Episode(BoardSearch& search, Solver& solver, std::uint64_t index)
      : search_(search),
        solver_(solver),
        rng_(game_seed(search.config_.seed, index)),
        index_(index),
        board_(start()) {}

  // Anneals, then climbs; each board better than the episode's best so far is offered.
  void run() {
    std::int64_t score = evaluate();
    const std::uint64_t steps = config().steps_per_episode();
    const double hot = config().start_temperature();
    for (std::uint64_t step = 0; step < steps && !stopped(); ++step) {
      const double temperature =
          hot * std::pow(kColdPoints / hot, static_cast<double>(step) / static_cast<double>(steps));
      Change change = random_change();
      apply(change);
      const std::int64_t next = evaluate();
      if (next >= score || rng_.unit() < std::exp(static_cast<double>(next - score) / temperature))
        score = next;
      else
        apply(change);  // every change undoes itself
    }
    climb(score);
    if (!stopped()) search_.episodes_done_.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  // A change of the board: a cell shows another face (a letter, or its die's face), or two
  // cells swap what they show (their dice with them). Applying it twice restores the board.
  struct Change {
    int cell = 0;
    int other = -1;  // the cell swapped with; -1: a new face
    Tile tile;       // the face shown, swapped with the cell's at each apply
  };

  const SearchConfig& config() const { return search_.config_; }
  bool stopped() const { return search_.stop_.load(std::memory_order_relaxed); }

  Board start() {
    const SearchConfig& c = config();
    if (c.dice == DiceSet::kLetters) {
      for (const TileCount& face : Board::letter_faces()) {
        faces_.push_back(face.tile);
        weights_.push_back(static_cast<std::uint64_t>(face.count));
      }
      return Board::random_letters(c.rows, c.cols, rng_);
    }
    const std::span<const Die> dice = dice_of(c.dice);
    die_at_.resize(dice.size());
    for (std::size_t i = 0; i < dice.size(); ++i) die_at_[i] = static_cast<int>(i);
    rng_.shuffle(die_at_);
    std::vector<Tile> cells;
    for (const int die : die_at_) {
      const Die& faces = dice[static_cast<std::size_t>(die)];
      cells.push_back(faces[rng_.below(faces.size())]);
    }
    return Board(c.rows, c.cols, std::move(cells));
  }

  // The faces cell `cell` can show.
  std::span<const Tile> faces_of(int cell) const {
    if (die_at_.empty()) return faces_;
    return dice_of(
        config().dice)[static_cast<std::size_t>(die_at_[static_cast<std::size_t>(cell)])];
  }

  Change random_change() {
    const int cells = board_.size();
    for (;;) {
      const int cell = static_cast<int>(rng_.below(static_cast<std::uint64_t>(cells)));
      if (cells > 1 && rng_.chance(0.5)) {
        const int other = static_cast<int>(rng_.below(static_cast<std::uint64_t>(cells)));
        if (other != cell && (board_.cell(other) != board_.cell(cell) || !die_at_.empty()))
          return Change{cell, other, {}};
        continue;
      }
      const std::span<const Tile> faces = faces_of(cell);
      Tile tile =
          die_at_.empty() ? faces_[rng_.weighted(weights_)] : faces[rng_.below(faces.size())];
      if (tile != board_.cell(cell)) return Change{cell, -1, std::move(tile)};
    }
  }

  void apply(Change& change) {
    if (change.other < 0) {
      Tile shown = board_.cell(change.cell);
      board_.set_cell(change.cell, change.tile);
      change.tile = std::move(shown);
      return;
    }
    Tile a = board_.cell(change.cell);
    board_.set_cell(change.cell, board_.cell(change.other));
    board_.set_cell(change.other, std::move(a));
    if (!die_at_.empty())
      std::swap(die_at_[static_cast<std::size_t>(change.cell)],
                die_at_[static_cast<std::size_t>(change.other)]);
  }

  // Scores the board, keeping it when it is the episode's best.
  std::int64_t evaluate() {
    const Solver::Summary summary =
        solver_.summarize(board_, config().min_word_length(), config().scoring);
    search_.boards_.fetch_add(1, std::memory_order_relaxed);
    if (!seen_ || summary.score > episode_best_.score) {
      seen_ = true;
      episode_best_ = FoundBoard{board_, summary.score, summary.words, index_};
      search_.offer(episode_best_);  // at once, for progress() while the episode runs
      if (config().target > 0 && summary.score >= config().target) search_.stop();
    }
    return summary.score;
  }

  // Hill climbing: tries every other face of every cell and every swap of two cells, keeping
  // each that scores higher, until a whole round improves nothing.
  void climb(std::int64_t score) {
    const int cells = board_.size();
    for (bool improved = true; improved && !stopped();) {
      improved = false;
      auto keep_if_better = [&](Change change) {
        apply(change);
        const std::int64_t next = evaluate();
        if (next > score) {
          score = next;
          improved = true;
        } else {
          apply(change);
        }
      };
      for (int cell = 0; cell < cells && !stopped(); ++cell) {
        for (const Tile& tile : faces_of(cell))  // the letters' or the dice's, never the board's
          if (tile != board_.cell(cell) && !stopped()) keep_if_better(Change{cell, -1, tile});
      }
      for (int cell = 0; cell < cells; ++cell)
        for (int other = cell + 1; other < cells && !stopped(); ++other)
          if (board_.cell(cell) != board_.cell(other)) keep_if_better(Change{cell, other, {}});
    }
  }

  BoardSearch& search_;
  Solver& solver_;
  Rng rng_;
  std::uint64_t index_;
  std::vector<Tile> faces_;             // letters: the faces every cell can show
  std::vector<std::uint64_t> weights_;  // and how often a change picks each
  std::vector<int> die_at_;             // dice: the die in each cell
  Board board_;
  bool seen_ = false;  // episode_best_ holds a board
  FoundBoard episode_best_;
};

BoardSearch::BoardSearch(const Lexicon& lexicon, SearchConfig config)
    : lexicon_(lexicon), config_(std::move(config)), next_episode_(config_.first_episode) {
  config_.validate();
}

SearchProgress BoardSearch::run(unsigned jobs) {
  const unsigned threads = jobs_or_cores(jobs);
  std::vector<std::exception_ptr> errors(threads);
  auto work = [&](unsigned thread) {
    try {
      Solver solver(lexicon_, 1);
      while (!stop_.load(std::memory_order_relaxed)) {
        const std::uint64_t index = next_episode_.fetch_add(1, std::memory_order_relaxed);
        if (config_.episodes > 0 && index - config_.first_episode >= config_.episodes) break;
        Episode(*this, solver, index).run();
      }
    } catch (...) {  // out of memory: stop every thread, report after the join
      errors[thread] = std::current_exception();
      stop();
    }
  };
  {
    std::vector<std::jthread> pool;
    try {
      for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
    } catch (...) {  // no thread to be had: stop those started, or the join would wait forever
      stop();
      throw;
    }
    work(0);
  }
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
  return progress();
}

SearchProgress BoardSearch::progress() const {
  SearchProgress out;
  out.boards = boards_.load(std::memory_order_relaxed);
  out.episodes = episodes_done_.load(std::memory_order_relaxed);
  const std::lock_guard lock(mutex_);
  out.best = best_;
  return out;
}

void BoardSearch::offer(const FoundBoard& found) {
  const std::lock_guard lock(mutex_);
  if (!best_ || better_found(found, *best_)) best_ = found;
}

bool better_found(const FoundBoard& a, const FoundBoard& b) {
  return a.score > b.score || (a.score == b.score && a.episode < b.episode);
}

}  // namespace wg::boggle
