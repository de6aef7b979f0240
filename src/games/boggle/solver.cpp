#include "games/boggle/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

namespace wg::boggle {

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
  if (word.size() - at < letters.size() ||
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

Solver::Solver(const Lexicon& lexicon) : lexicon_(&lexicon), found_in_(lexicon.size(), 0) {}

template <class Visit>
void Solver::search(const Board& board, std::size_t min_length, Visit&& visit) {
  if (min_length < 1) throw std::invalid_argument("the minimum word length must be at least 1");
  if (++solve_ == 0) {  // the stamps wrapped around: start afresh
    std::fill(found_in_.begin(), found_in_.end(), 0);
    solve_ = 1;
  }
  prepare(board);
  if (board.size() <= 64) {
    search_cells<true>(board, min_length, visit);
  } else {
    visited_.assign(static_cast<std::size_t>(board.size()), 0);
    search_cells<false>(board, min_length, visit);
  }
}

void Solver::prepare(const Board& board) {
  const auto n = static_cast<std::size_t>(board.size());
  first_.resize(n);
  extra_begin_.resize(n + 1);
  extra_.clear();
  near_letters_.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    const std::vector<Letter>& letters = board.cell(static_cast<int>(c)).letters;
    first_[c] = letters[0];
    extra_begin_[c] = static_cast<std::uint32_t>(extra_.size());
    extra_.insert(extra_.end(), letters.begin() + 1, letters.end());
  }
  extra_begin_[n] = static_cast<std::uint32_t>(extra_.size());
  for (std::size_t c = 0; c < n; ++c) {
    LetterSet letters;
    for (int next : board.neighbors(static_cast<int>(c)))
      letters.insert(first_[static_cast<std::size_t>(next)]);
    near_letters_[c] = letters;
  }
  if (n <= 64) {  // masks of cells, for the small-board search
    near_.assign(n, 0);
    letter_cells_.fill(0);
    for (std::size_t c = 0; c < n; ++c) {
      letter_cells_[first_[c]] |= std::uint64_t{1} << c;
      for (int next : board.neighbors(static_cast<int>(c))) near_[c] |= std::uint64_t{1} << next;
    }
  }
}

template <bool kSmall, class Visit>
void Solver::search_cells(const Board& board, std::size_t min_length, Visit& visit) {
  const Lexicon& lex = *lexicon_;
  // On boards of at most 64 cells the visited cells are a mask passed down the recursion;
  // on larger ones, a byte per cell set and cleared along the path.
  auto is_used = [&](std::uint64_t used, int cell) {
    if constexpr (kSmall) {
      return ((used >> cell) & 1u) != 0;
    } else {
      return visited_[static_cast<std::size_t>(cell)] != 0;
    }
  };
  // `at` is the state after the first letter of `cell`; the rest of its letters come first.
  auto dfs = [&](auto& self, int cell, Lexicon::Cursor at, std::uint64_t used,
                 std::size_t length) -> void {
    const auto c = static_cast<std::size_t>(cell);
    for (std::uint32_t e = extra_begin_[c]; e < extra_begin_[c + 1]; ++e) {
      at = lex.child(at, extra_[e]);
      if (!at) return;
      ++length;
    }
    if (at.word && length >= min_length && found_in_[at.rank] != solve_) {
      found_in_[at.rank] = solve_;
      visit(at.rank, length);
    }
    if (at.base == 0) return;
    // The letters of all neighbours, used ones included: a superset that needs no loop.
    const std::uint32_t continuing = lex.children(at, near_letters_[c]).bits();
    if constexpr (kSmall) {
      // The unused neighbours whose letter continues: a mask, so no test per neighbour.
      used |= std::uint64_t{1} << cell;
      std::uint64_t cells = 0;
      for (std::uint32_t m = continuing; m; m &= m - 1) cells |= letter_cells_[std::countr_zero(m)];
      for (std::uint64_t m = near_[c] & cells & ~used; m; m &= m - 1) {
        const int next = std::countr_zero(m);
        self(self, next, lex.child(at, first_[static_cast<std::size_t>(next)]), used, length + 1);
      }
    } else {
      visited_[c] = 1;
      for (int next : board.neighbors(cell)) {
        const Letter l = first_[static_cast<std::size_t>(next)];
        if (((continuing >> l) & 1u) && !is_used(used, next))
          self(self, next, lex.child(at, l), used, length + 1);
      }
      visited_[c] = 0;
    }
  };
  for (int cell = 0; cell < board.size(); ++cell) {
    const Lexicon::Cursor first = lex.child(lex.root(), first_[static_cast<std::size_t>(cell)]);
    if (first) dfs(dfs, cell, first, 0, 1);
  }
}

void Solver::solve(const Board& board, std::size_t min_length, std::vector<std::uint32_t>& out) {
  out.clear();
  search(board, min_length, [&](std::uint32_t word, std::size_t) { out.push_back(word); });
  std::sort(out.begin(), out.end());
}

Solver::Summary Solver::summarize(const Board& board, std::size_t min_length, Scoring scoring) {
  std::array<int, kMaxWordLength + 1> points;
  for (std::size_t length = 0; length < points.size(); ++length)
    points[length] = word_points(length, min_length, scoring);
  Summary summary;
  search(board, min_length, [&](std::uint32_t, std::size_t length) {
    ++summary.words;
    summary.score += points[std::min(length, kMaxWordLength)];
  });
  return summary;
}

}  // namespace wg::boggle
