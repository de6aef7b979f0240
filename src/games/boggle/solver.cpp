#include "games/boggle/solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>

#include "core/enum_names.h"
#include "core/parallel.h"

#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

namespace wg::boggle {

namespace {
constexpr Named<Scoring> kScoringNames[] = {{Scoring::kSpec, "spec"}, {Scoring::kBoggle, "boggle"}};
}  // namespace

std::string_view to_string(Scoring scoring) { return name_of(kScoringNames, scoring); }

std::optional<Scoring> scoring_named(std::string_view name) {
  return value_named(kScoringNames, name);
}

int word_points(std::size_t length, std::size_t min_length, Scoring scoring) {
  if (length < min_length || length == 0) return 0;
  if (scoring == Scoring::kSpec) return 1 + static_cast<int>(length - min_length);
  if (length <= 4) return length >= 3 ? 1 : 0;
  if (length == 5) return 2;
  if (length == 6) return 3;
  if (length == 7) return 5;
  return 11;
}

namespace {

bool trace(const Board& board, std::span<const Letter> word, std::size_t at, int cell,
           std::vector<std::uint8_t>& used, std::vector<int>& path) {
  const std::vector<Letter>& letters = board.cell(cell).letters;
  if (letters.empty() || word.size() - at < letters.size() ||  // a blocked cell matches nothing
      !std::equal(letters.begin(), letters.end(), word.begin() + static_cast<std::ptrdiff_t>(at)))
    return false;
  at += letters.size();
  used[static_cast<std::size_t>(cell)] = 1;
  path.push_back(cell);
  if (at == word.size()) return true;
  const auto neighbors = board.neighbors(cell);
  for (auto it = neighbors.rbegin(); it != neighbors.rend(); ++it) {
    if (!used[static_cast<std::size_t>(*it)] && trace(board, word, at, *it, used, path))
      return true;
  }
  used[static_cast<std::size_t>(cell)] = 0;
  path.pop_back();
  return false;
}

}  // namespace

std::vector<int> find_path(const Board& board, std::span<const Letter> word) {
  std::vector<int> path;
  if (word.empty()) return path;
  std::vector<std::uint8_t> used(static_cast<std::size_t>(board.size()), 0);
  for (int cell = 0; cell < board.size(); ++cell)
    if (trace(board, word, 0, cell, used, path)) return path;
  return {};
}

namespace {

// A large board's cells: one byte each, in a grid padded with a border of used cells, so that
// every cell has its eight neighbours at fixed offsets and none needs a bounds test.
constexpr std::uint8_t kLetterBits = 0x1F;  // the first letter (kMaxLetters = 31 fits)
constexpr std::uint8_t kMulti = 0x20;       // the cell has further letters
constexpr std::uint8_t kUsed = 0x80;        // on the current path, or the border
// A blocked cell's "letter", on either path: a code that is no letter, so that no step's letters
// hold it and the search never enters the cell, at no cost beyond the letter test it makes.
constexpr Letter kBlocked = kLetterBits;
static_assert(kMaxLetters <= kBlocked, "the blocked code must be no letter");

// The first letter of a cell, or kBlocked.
Letter first_letter(const Tile& tile) { return tile.is_blank() ? kBlocked : tile.letters[0]; }
constexpr int kBandRows = 8;  // rows of start cells handed to a thread at a time

// Bit i set when the letter in the low bits of byte i is in `letters`, and byte i is not
// marked used, for 16 bytes at once: the cells to step to, with no branch and no loop.
#if defined(__SSSE3__)
using Bytes16 = __m128i;
inline Bytes16 load16(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline std::uint32_t free_in(Bytes16 v, std::uint32_t letters) {
  const __m128i letter = _mm_and_si128(v, _mm_set1_epi8(kLetterBits));
  // Byte letter / 8 of the set, then bit letter % 8 of it: two table lookups per byte.
  const __m128i byte_index = _mm_and_si128(_mm_srli_epi16(letter, 3), _mm_set1_epi8(3));
  const __m128i set_byte =
      _mm_shuffle_epi8(_mm_cvtsi32_si128(static_cast<int>(letters)), byte_index);
  const __m128i bit =
      _mm_shuffle_epi8(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128),
                       _mm_and_si128(letter, _mm_set1_epi8(7)));
  const __m128i miss = _mm_cmpeq_epi8(_mm_and_si128(set_byte, bit), _mm_setzero_si128());
  // kUsed is the top bit, which movemask reads.
  return ~static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_or_si128(miss, v))) & 0xFFFFu;
}
// The eight neighbours of the cell at p in a grid of rows `width` apart, in the order of
// LargeGrid::offset: three reads of four bytes (the grid has a spare byte at its end).
inline Bytes16 neighbours(const std::uint8_t* p, std::size_t width) {
  std::uint32_t above, middle, below;
  std::memcpy(&above, p - width - 1, 4);
  std::memcpy(&middle, p - 1, 4);
  std::memcpy(&below, p + width - 1, 4);
  const __m128i rows =
      _mm_unpacklo_epi64(_mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(above)),
                                            _mm_cvtsi32_si128(static_cast<int>(middle))),
                         _mm_cvtsi32_si128(static_cast<int>(below)));
  return _mm_shuffle_epi8(rows,
                          _mm_setr_epi8(0, 1, 2, 4, 6, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1));
}
#else
using Bytes16 = std::array<std::uint8_t, 16>;
inline Bytes16 load16(const std::uint8_t* p) {
  Bytes16 v;
  std::memcpy(v.data(), p, 16);
  return v;
}
inline std::uint32_t free_in(const Bytes16& v, std::uint32_t letters) {
  std::uint32_t out = 0;
  for (unsigned i = 0; i < 16; ++i)
    out |= ((letters >> (v[i] & kLetterBits)) & static_cast<std::uint32_t>((v[i] & kUsed) == 0))
           << i;
  return out;
}
inline Bytes16 neighbours(const std::uint8_t* p, std::size_t width) {
  const auto w = static_cast<std::ptrdiff_t>(width);
  return Bytes16{p[-w - 1], p[-w], p[-w + 1], p[-1], p[1], p[w - 1], p[w], p[w + 1]};
}
#endif

// The cells of a board of at most 64 cells: bit masks, and the letters as bytes.
struct SmallGrid {
  using Pos = int;
  using Mask = std::uint64_t;
  const std::uint64_t* near;
  const std::uint8_t* first;  // padded to a multiple of 16
  int blocks;                 // of 16 cells
  std::uint64_t multi;
  std::uint64_t used = 0;

  Letter letter(int cell) const { return first[cell]; }
  bool is_multi(int cell) const { return ((multi >> cell) & 1u) != 0; }
  int index(int cell) const { return cell; }
  // The unused neighbours whose first letter is among `letters`.
  Mask next(int cell, std::uint32_t letters) const {
    Mask out = 0;
    for (int b = 0; b < blocks; ++b)
      out |= Mask{free_in(load16(first + 16 * b), letters)} << (16 * b);
    return out & near[cell] & ~used;
  }
  int target(int, Mask pending) const { return std::countr_zero(pending); }
  void mark(int cell) { used |= std::uint64_t{1} << cell; }
  void unmark(int cell) { used &= ~(std::uint64_t{1} << cell); }
};

// The cells of a larger board: the padded byte grid, one copy per thread (it holds the marks).
struct LargeGrid {
  using Pos = std::size_t;
  using Mask = std::uint32_t;  // bit k: the neighbour at offset[k]
  std::uint8_t* cells;
  std::array<std::ptrdiff_t, 8> offset;
  std::size_t width;  // cols + 2
  int cols;

  Letter letter(Pos pos) const { return static_cast<Letter>(cells[pos] & kLetterBits); }
  bool is_multi(Pos pos) const { return (cells[pos] & kMulti) != 0; }
  int index(Pos pos) const {
    return static_cast<int>(pos / width - 1) * cols + static_cast<int>(pos % width - 1);
  }
  // The unused neighbours whose first letter is among `letters`.
  Mask next(Pos pos, std::uint32_t letters) const {
    return free_in(neighbours(cells + pos, width), letters) & 0xFFu;
  }
  Pos target(Pos pos, Mask pending) const {
    return static_cast<Pos>(static_cast<std::ptrdiff_t>(pos) + offset[std::countr_zero(pending)]);
  }
  void mark(Pos pos) { cells[pos] |= kUsed; }
  void unmark(Pos pos) { cells[pos] &= static_cast<std::uint8_t>(~kUsed); }
};

// The steps as the search reads them (the layout is in solver.h).
struct Steps {
  const std::uint64_t* steps;
  const std::uint32_t* escaped_before;
  unsigned next_bits;

  static std::uint32_t letters(std::uint64_t step) { return static_cast<std::uint32_t>(step); }
  static bool word(std::uint64_t step) { return ((step >> 32) & 1u) != 0; }
  std::uint32_t first(std::uint64_t step) const {
    return static_cast<std::uint32_t>(step >> 33) & ((std::uint32_t{1} << next_bits) - 1);
  }
  std::uint32_t escape() const { return (std::uint32_t{1} << (31 - next_bits)) - 1; }
  // The step on `letter`, which must be among letters(step), and the rank after it.
  std::uint64_t follow(std::uint64_t step, Letter letter, std::uint32_t& rank) const {
    const std::uint32_t below = letters(step) & ((std::uint32_t{1} << letter) - 1);
    const std::uint32_t i = first(step) + static_cast<std::uint32_t>(std::popcount(below));
    const std::uint64_t to = steps[i];
    std::uint32_t before = static_cast<std::uint32_t>(to >> (33 + next_bits));
    if (before == escape()) [[unlikely]]
      before = escaped_before[i];
    rank += (word(step) ? 1u : 0u) + before;
    // The search will most likely step on from `to`: fetch its steps while it tests the
    // neighbours (reading the steps is what the search mostly waits for on large boards).
    __builtin_prefetch(steps + first(to));
    return to;
  }
};

// A cell on the current path, with the step that reached its last letter.
template <class Grid>
struct Frame {
  std::uint64_t step;
  std::uint32_t rank;           // words before the prefix read (the index, if it is a word)
  typename Grid::Mask pending;  // neighbours still to step to
  typename Grid::Pos pos;       // marked used while the frame is on the stack
  std::uint32_t length;         // letters read
};

// A word found: its index and its length (capped: only scores need it, and they stop growing).
std::uint64_t entry(std::uint32_t index, std::size_t length) {
  return std::uint64_t{index} << 8 | std::min<std::size_t>(length, 255);
}

// The letters after the first of multi-letter cells, by row-major index.
struct Extras {
  const std::uint32_t* begin;
  const Letter* letters;
};

// What one search from a start cell needs besides the grid: the stack, deep enough: a frame
// holds a distinct cell and a prefix that continues, so there are at most min(cells, longest
// word) of them.
template <class Grid>
struct Walker {
  Steps steps;
  std::uint64_t root;
  Extras extras;
  std::size_t min_length;
  Frame<Grid>* stack;

  // Every path from `start` that spells a prefix of a word, depth first with an explicit stack.
  // Calls found(index, length) for each word met.
  template <class Found>
  void walk(Grid& grid, typename Grid::Pos start, Found& found) const {
    Frame<Grid>* top = stack;  // past the last frame (a pointer: it cannot alias them)
    auto enter = [&](typename Grid::Pos pos, std::uint64_t step, std::uint32_t rank,
                     std::uint32_t length) {
      if (grid.is_multi(pos)) {
        const auto c = static_cast<std::size_t>(grid.index(pos));
        for (std::uint32_t e = extras.begin[c]; e < extras.begin[c + 1]; ++e) {
          const Letter l = extras.letters[e];
          if (((Steps::letters(step) >> l) & 1u) == 0) return;
          step = steps.follow(step, l, rank);
          ++length;
        }
      }
      if (Steps::word(step) && length >= min_length) found(rank, length);
      if (Steps::letters(step) == 0) return;
      const typename Grid::Mask pending = grid.next(pos, Steps::letters(step));
      if (pending == 0) return;
      grid.mark(pos);
      // Field by field: a frame built whole goes through a temporary reread wider than it was
      // written, which stalls.
      Frame<Grid>& f = *top++;
      f.step = step;
      f.rank = rank;
      f.pending = pending;
      f.pos = pos;
      f.length = length;
    };
    const Letter first = grid.letter(start);
    if (((Steps::letters(root) >> first) & 1u) == 0) return;
    std::uint32_t rank = 0;
    const std::uint64_t step = steps.follow(root, first, rank);
    enter(start, step, rank, 1);
    while (top != stack) {
      Frame<Grid>& f = top[-1];
      if (f.pending == 0) {
        grid.unmark(f.pos);
        --top;
        continue;
      }
      const typename Grid::Pos next = grid.target(f.pos, f.pending);
      f.pending &= f.pending - 1;
      rank = f.rank;
      const std::uint64_t to = steps.follow(f.step, grid.letter(next), rank);
      enter(next, to, rank, f.length + 1);
    }
  }
};

}  // namespace

/// A 64-bit step per transition: the letters that continue from its target (bits 0-31),
/// whether it ends a word (bit 32), where the target's own steps start, side by side in letter
/// order (next_bits bits from bit 33), and the words that sort before it in its state, for the
/// word's index as in the lexicon (the remaining bits; all ones: in escaped_before). Knowing the
/// next letters at once spares probing the lexicon per neighbour, and at 8 bytes a step ENABLE's
/// 122,172 fit in under 1 MB.
struct Solver::Layout {
  explicit Layout(const Lexicon& lexicon);
  Steps view() const { return Steps{steps.data(), escaped_before.data(), next_bits}; }

  std::uint64_t root_step = 0;
  std::vector<std::uint64_t> steps;
  std::vector<std::uint32_t> escaped_before;  ///< by step index
  unsigned next_bits = 0;
};

Solver::Solver(const Lexicon& lexicon, unsigned threads)
    : lexicon_(&lexicon),
      layout_(&lexicon.derived<Layout>()),
      seen_((lexicon.size() + 63) / 64, 0) {
  set_threads(threads);
}

void Solver::set_threads(unsigned threads) { threads_ = jobs_or_cores(threads); }

Solver::Layout::Layout(const Lexicon& lex) {
  // One block of steps per state of the automaton (states are told apart by their base), the
  // blocks in depth-first order from the root so that a search reads nearby blocks. First the
  // transitions as (letters, first, word, before), then packed once their number is known.
  struct Block {
    std::uint32_t first = 0;  // its first step; 0 = not yet laid out (the root's block is 0)
    std::uint32_t letters = 0;
  };
  struct Transition {
    Block target;
    bool word;
    std::uint32_t before;
  };
  std::vector<Transition> transitions;
  std::vector<Block> block_of;  // by base
  std::vector<std::pair<Lexicon::Cursor, Block>> todo;
  // The automaton's units (4 bytes each) bound both the transitions and the bases.
  transitions.reserve(lex.memory_bytes() / 4);
  block_of.reserve(lex.memory_bytes() / 4);
  const Lexicon::Cursor root = lex.root();
  const Block root_block{0, lex.children(root).bits()};
  transitions.resize(static_cast<std::size_t>(std::popcount(root_block.letters)));
  todo.emplace_back(root, root_block);
  while (!todo.empty()) {
    const auto [from, block] = todo.back();
    todo.pop_back();
    std::uint32_t k = block.first;
    for (std::uint32_t m = block.letters; m; m &= m - 1) {
      const Lexicon::Cursor to = lex.child(from, static_cast<Letter>(std::countr_zero(m)));
      Block target;
      if (to.base != 0) {
        if (to.base >= block_of.size()) block_of.resize(to.base + 1);
        if (block_of[to.base].first == 0) {
          block_of[to.base] =
              Block{static_cast<std::uint32_t>(transitions.size()), lex.children(to).bits()};
          transitions.resize(transitions.size() +
                             static_cast<std::size_t>(std::popcount(block_of[to.base].letters)));
          todo.emplace_back(to, block_of[to.base]);
        }
        target = block_of[to.base];
      }
      // The lexicon's rank adds, per transition, the words before it in its state and one if
      // the prefix before it is a word: recover the first from the ranks at the two ends.
      transitions[k++] = Transition{target, to.word, to.rank - from.rank - (from.word ? 1u : 0u)};
    }
  }
  next_bits = std::max(1u, static_cast<unsigned>(std::bit_width(transitions.size())));
  if (next_bits > 30) throw std::length_error("lexicon too large for the word search");
  const Steps view{nullptr, nullptr, next_bits};
  auto pack = [&](const Transition& t, std::uint32_t before) {
    return std::uint64_t{t.target.letters} | std::uint64_t{t.word} << 32 |
           std::uint64_t{t.target.first} << 33 | std::uint64_t{before} << (33 + next_bits);
  };
  root_step = pack(Transition{root_block, false, 0}, 0);
  steps.resize(transitions.size());
  escaped_before.clear();
  for (std::size_t i = 0; i < transitions.size(); ++i) {
    const Transition& t = transitions[i];
    if (t.before >= view.escape()) {
      escaped_before.resize(i + 1);
      escaped_before[i] = t.before;
    }
    steps[i] = pack(t, std::min(t.before, view.escape()));
  }
}

template <class Visit>
void Solver::search(const Board& board, std::size_t min_length, Visit&& visit) {
  if (min_length < 1) throw std::invalid_argument("the minimum word length must be at least 1");
  found_.clear();
  try {
    prepare_extras(board);
    if (board.size() <= 64) {
      prepare_small(board);
      search_small(board.size(), min_length);
    } else {
      search_large(board, min_length);
    }
  } catch (...) {  // leave no word marked for the next solve
    std::fill(seen_.begin(), seen_.end(), 0);
    throw;
  }
  // Every bit set belongs to a word found: zeroing their 64-bit words clears them all.
  for (const std::uint64_t e : found_) seen_[(e >> 8) / 64] = 0;
  for (const std::uint64_t e : found_)
    visit(static_cast<std::uint32_t>(e >> 8), static_cast<std::size_t>(e & 0xFF));
}

void Solver::prepare_extras(const Board& board) {
  extra_begin_.clear();
  extra_.clear();
  if (board.single_letters()) return;
  const auto n = static_cast<std::size_t>(board.size());
  extra_begin_.resize(n + 1);
  for (std::size_t c = 0; c < n; ++c) {
    const std::vector<Letter>& letters = board.cell(static_cast<int>(c)).letters;
    extra_begin_[c] = static_cast<std::uint32_t>(extra_.size());
    if (letters.size() > 1) extra_.insert(extra_.end(), letters.begin() + 1, letters.end());
  }
  extra_begin_[n] = static_cast<std::uint32_t>(extra_.size());
}

void Solver::prepare_small(const Board& board) {
  const auto n = static_cast<std::size_t>(board.size());
  if (board.rows() != small_rows_ || board.cols() != small_cols_) {  // depends on the shape only
    for (std::size_t c = 0; c < n; ++c) {
      near_[c] = 0;
      for (int next : board.neighbors(static_cast<int>(c))) near_[c] |= std::uint64_t{1} << next;
    }
    small_rows_ = board.rows();
    small_cols_ = board.cols();
  }
  multi_ = 0;
  for (std::size_t c = 0; c < n; ++c) {
    const Tile& tile = board.cell(static_cast<int>(c));
    first_[c] = first_letter(tile);
    if (tile.letters.size() > 1) multi_ |= std::uint64_t{1} << c;
  }
}

void Solver::search_small(int cells, std::size_t min_length) {
  SmallGrid grid{near_.data(), first_.data(), (cells + 15) / 16, multi_};
  std::array<Frame<SmallGrid>, 64> stack;
  const Walker<SmallGrid> walker{layout_->view(), layout_->root_step,
                                 Extras{extra_begin_.data(), extra_.data()}, min_length,
                                 stack.data()};
  auto found = [&](std::uint32_t index, std::uint32_t length) {
    std::uint64_t& bits = seen_[index / 64];
    const std::uint64_t bit = std::uint64_t{1} << (index % 64);
    if ((bits & bit) != 0) return;
    bits |= bit;
    found_.push_back(entry(index, length));
  };
  for (int cell = 0; cell < cells; ++cell) walker.walk(grid, cell, found);
}

void Solver::search_large(const Board& board, std::size_t min_length) {
  const Lexicon& lex = *lexicon_;
  const int rows = board.rows(), cols = board.cols();
  const auto width = static_cast<std::size_t>(cols) + 2;
  // A spare byte at the end: the neighbour test reads four bytes from the bottom-left neighbour.
  std::vector<std::uint8_t> cells((static_cast<std::size_t>(rows) + 2) * width + 1, kUsed);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const Tile& tile = board.cell(r * cols + c);
      cells[(static_cast<std::size_t>(r) + 1) * width + static_cast<std::size_t>(c) + 1] =
          static_cast<std::uint8_t>(first_letter(tile) | (tile.letters.size() > 1 ? kMulti : 0));
    }
  }
  const auto w = static_cast<std::ptrdiff_t>(width);
  const std::array<std::ptrdiff_t, 8> offset = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
  const int bands = (rows + kBandRows - 1) / kBandRows;
  const int workers =
      std::clamp(std::min(static_cast<int>(threads_), board.size() / kCellsPerThread), 1, bands);
  std::atomic<int> next_band{0};
  std::vector<std::vector<std::uint64_t>> lists(static_cast<std::size_t>(workers));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(workers));
  // Threads take bands of rows as they come; a word goes to the list of the first thread that
  // marks it, so the lists are disjoint and their union does not depend on the schedule.
  auto work = [&](int worker) {
    try {
      std::vector<std::uint8_t> mine = cells;  // the marks of this thread's paths
      LargeGrid grid{mine.data(), offset, width, cols};
      std::vector<Frame<LargeGrid>> stack(lex.max_length() + 1);
      const Walker<LargeGrid> walker{layout_->view(), layout_->root_step,
                                     Extras{extra_begin_.data(), extra_.data()}, min_length,
                                     stack.data()};
      std::vector<std::uint64_t>& list = lists[static_cast<std::size_t>(worker)];
      auto found = [&](std::uint32_t index, std::uint32_t length) {
        std::atomic_ref<std::uint64_t> bits(seen_[index / 64]);
        const std::uint64_t bit = std::uint64_t{1} << (index % 64);
        if ((bits.load(std::memory_order_relaxed) & bit) != 0 ||
            (bits.fetch_or(bit, std::memory_order_relaxed) & bit) != 0)
          return;
        list.push_back(entry(index, length));
      };
      for (int band; (band = next_band.fetch_add(1, std::memory_order_relaxed)) < bands;) {
        const int end = std::min(rows, (band + 1) * kBandRows);
        for (int r = band * kBandRows; r < end; ++r) {
          const std::size_t row = (static_cast<std::size_t>(r) + 1) * width;
          for (std::size_t pos = row + 1; pos <= row + static_cast<std::size_t>(cols); ++pos)
            walker.walk(grid, pos, found);
        }
      }
    } catch (...) {  // out of memory: stop every thread, report after the join
      next_band.store(bands, std::memory_order_relaxed);
      errors[static_cast<std::size_t>(worker)] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int worker = 1; worker < workers; ++worker) pool.emplace_back(work, worker);
    work(0);
  }  // joined here
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
  for (const auto& list : lists) found_.insert(found_.end(), list.begin(), list.end());
  std::sort(found_.begin(), found_.end());  // by index: the same order whatever the schedule
}

void Solver::solve(const Board& board, std::size_t min_length, std::vector<std::uint32_t>& out) {
  out.clear();
  search(board, min_length, [&](std::uint32_t word, std::size_t) { out.push_back(word); });
  std::sort(out.begin(), out.end());
}

Solver::Summary Solver::summarize(const Board& board, std::size_t min_length, Scoring scoring) {
  // Words counted by length as they come; points only at the end, once per length.
  std::array<std::size_t, kMaxWordLength + 1> by_length{};
  std::size_t longest = 0;
  search(board, min_length, [&](std::uint32_t, std::size_t length) {
    length = std::min(length, kMaxWordLength);
    ++by_length[length];
    longest = std::max(longest, length);
  });
  Summary summary;
  for (std::size_t length = 0; length <= longest; ++length) {
    summary.words += by_length[length];
    summary.score +=
        static_cast<std::int64_t>(by_length[length]) * word_points(length, min_length, scoring);
  }
  return summary;
}

}  // namespace wg::boggle
