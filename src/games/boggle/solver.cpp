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
  if (board.single_letters() && board.size() <= 64) {
    search_small(board, min_length, visit);
  } else {
    search_general(board, min_length, visit);
  }
}

template <class Visit>
void Solver::search_small(const Board& board, std::size_t min_length, Visit& visit) {
  const Lexicon& lex = *lexicon_;
  const int n = board.size();
  std::array<Letter, 64> letter;
  std::array<std::uint64_t, 64> near;      // the neighbours of each cell
  std::array<LetterSet, 64> near_letters;  // and their letters
  for (int c = 0; c < n; ++c) letter[static_cast<std::size_t>(c)] = board.cell(c).letters[0];
  for (int c = 0; c < n; ++c) {
    std::uint64_t m = 0;
    LetterSet letters;
    for (int next : board.neighbors(c)) {
      m |= std::uint64_t{1} << next;
      letters.insert(letter[static_cast<std::size_t>(next)]);
    }
    near[static_cast<std::size_t>(c)] = m;
    near_letters[static_cast<std::size_t>(c)] = letters;
  }
  // `at` is the state after the letters of the path ending at `cell`; `used` its cells.
  auto dfs = [&](auto& self, int cell, const Lexicon::Cursor& at, std::uint64_t used,
                 std::size_t length) -> void {
    if (at.word && length >= min_length && found_in_[at.rank] != solve_) {
      found_in_[at.rank] = solve_;
      visit(at.rank, length);
    }
    if (at.base == 0) return;
    // The letters of all neighbours, used ones included: a superset that needs no loop.
    const std::uint32_t continuing =
        lex.children(at, near_letters[static_cast<std::size_t>(cell)]).bits();
    const std::uint64_t candidates = near[static_cast<std::size_t>(cell)] & ~used;
    for (std::uint64_t m = candidates; m; m &= m - 1) {
      const int next = std::countr_zero(m);
      const Letter l = letter[static_cast<std::size_t>(next)];
      if ((continuing >> l) & 1u)
        self(self, next, lex.child(at, l), used | (std::uint64_t{1} << next), length + 1);
    }
  };
  for (int c = 0; c < n; ++c) {
    const Lexicon::Cursor first = lex.child(lex.root(), letter[static_cast<std::size_t>(c)]);
    if (first) dfs(dfs, c, first, std::uint64_t{1} << c, 1);
  }
}

template <class Visit>
void Solver::search_general(const Board& board, std::size_t min_length, Visit& visit) {
  const Lexicon& lex = *lexicon_;
  const bool small = board.size() <= 64;
  if (!small) visited_.assign(static_cast<std::size_t>(board.size()), 0);
  std::uint64_t mask = 0;

  // Depth first from every cell; `length` letters read so far.
  auto dfs = [&](auto& self, int cell, Lexicon::Cursor at, std::size_t length) -> void {
    for (Letter l : board.cell(cell).letters) {
      at = lex.child(at, l);
      if (!at) return;
    }
    length += board.cell(cell).letters.size();
    if (at.word && length >= min_length && found_in_[at.rank] != solve_) {
      found_in_[at.rank] = solve_;
      visit(at.rank, length);
    }
    if (at.base == 0) return;
    if (small) {
      mask |= std::uint64_t{1} << cell;
      for (int next : board.neighbors(cell))
        if (!((mask >> next) & 1u)) self(self, next, at, length);
      mask &= ~(std::uint64_t{1} << cell);
    } else {
      visited_[static_cast<std::size_t>(cell)] = 1;
      for (int next : board.neighbors(cell))
        if (!visited_[static_cast<std::size_t>(next)]) self(self, next, at, length);
      visited_[static_cast<std::size_t>(cell)] = 0;
    }
  };
  for (int cell = 0; cell < board.size(); ++cell) dfs(dfs, cell, lex.root(), 0);
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
