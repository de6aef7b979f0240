#include "games/boggle/round.h"

#include <algorithm>

namespace wg::boggle {

SolvedBoard solve_board(const Lexicon& lexicon, const Board& board, std::size_t min_length,
                        Scoring scoring) {
  SolvedBoard solved;
  // A board of up to kCellsPerThread cells is searched on one thread whatever the solver may
  // use: saying so spares asking the system for its cores (a file read) at every round.
  const bool one_thread = board.cells().size() <= static_cast<std::size_t>(Solver::kCellsPerThread);
  Solver solver(lexicon, one_thread ? 1 : 0);
  solver.solve(board, min_length, solved.words);
  for (std::uint32_t i : solved.words) {
    solved.total_score += word_points(lexicon.letters_at(i).size(), min_length, scoring);
  }
  return solved;
}

std::shared_ptr<const SolvedBoard> SolvedBoards::solve(const Board& board, std::size_t min_length,
                                                       Scoring scoring) {
  const std::lock_guard lock(mutex_);
  for (const Entry& entry : entries_) {
    if (entry.min_length == min_length && entry.scoring == scoring && entry.board == board) {
      return entry.solved;
    }
  }
  auto solved =
      std::make_shared<const SolvedBoard>(solve_board(*lexicon_, board, min_length, scoring));
  if (entries_.size() == kKept) entries_.pop_front();
  entries_.push_back({board, min_length, scoring, solved});
  return solved;
}

Round::Round(const Lexicon& lexicon, Board board, std::size_t min_length, Scoring scoring,
             SolvedBoards* shared)
    : lexicon_(&lexicon), board_(std::move(board)), min_length_(min_length), scoring_(scoring) {
  solved_ = shared != nullptr && &shared->lexicon() == &lexicon
                ? shared->solve(board_, min_length_, scoring_)
                : std::make_shared<const SolvedBoard>(
                      solve_board(lexicon, board_, min_length_, scoring_));
}

Judgement Round::submit(std::string_view word) {
  Judgement j;
  const auto letters = lexicon_->alphabet().encode(word);
  if (word.empty() || !letters) return j;
  if (letters->size() < min_length_) {
    j.verdict = Verdict::kTooShort;
    return j;
  }
  // The board first: a word that cannot be traced is "not on the board", whether or not it is a
  // word, which is what a player looking at the board can check.
  std::vector<int> path = find_path(board_, *letters);
  if (path.empty()) {
    j.verdict = Verdict::kNotOnBoard;
    return j;
  }
  const std::int64_t index = lexicon_->index_of(*letters);
  if (index < 0) {
    j.verdict = Verdict::kNotAWord;
    return j;
  }
  const auto i = static_cast<std::uint32_t>(index);
  if (std::find(found_indices_.begin(), found_indices_.end(), i) != found_indices_.end()) {
    j.verdict = Verdict::kAlreadyFound;
    return j;
  }
  j.verdict = Verdict::kAccepted;
  j.points = points(letters->size());
  j.path = std::move(path);
  found_indices_.push_back(i);
  found_.push_back(lexicon_->alphabet().decode(*letters));
  score_ += j.points;
  return j;
}

std::vector<std::string> Round::all_words() const {
  std::vector<std::string> out;
  for (std::uint32_t i : solved_->words) out.push_back(lexicon_->word_at(i));
  return out;
}

std::vector<std::string> Round::missed() const {
  std::vector<std::string> out;
  for (std::uint32_t i : solved_->words)
    if (std::find(found_indices_.begin(), found_indices_.end(), i) == found_indices_.end())
      out.push_back(lexicon_->word_at(i));
  return out;
}

std::vector<BoardWord> Round::missed_words() const {
  std::vector<BoardWord> out;
  for (std::uint32_t i : solved_->words) {
    if (std::find(found_indices_.begin(), found_indices_.end(), i) != found_indices_.end()) {
      continue;
    }
    const auto letters = lexicon_->letters_at(i);
    out.push_back({lexicon_->word_at(i), points(letters.size()), find_path(board_, letters)});
  }
  return out;
}

}  // namespace wg::boggle
