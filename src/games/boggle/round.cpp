#include "games/boggle/round.h"

#include <algorithm>

namespace wg::boggle {

Round::Round(const Lexicon& lexicon, Board board, std::size_t min_length, Scoring scoring)
    : lexicon_(&lexicon), board_(std::move(board)), min_length_(min_length), scoring_(scoring) {
  Solver solver(lexicon);
  solver.solve(board_, min_length_, board_words_);
  for (std::uint32_t i : board_words_) total_score_ += points(lexicon.letters_at(i).size());
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
  for (std::uint32_t i : board_words_) out.push_back(lexicon_->word_at(i));
  return out;
}

std::vector<std::string> Round::missed() const {
  std::vector<std::string> out;
  for (std::uint32_t i : board_words_)
    if (std::find(found_indices_.begin(), found_indices_.end(), i) == found_indices_.end())
      out.push_back(lexicon_->word_at(i));
  return out;
}

std::vector<BoardWord> Round::missed_words() const {
  std::vector<BoardWord> out;
  for (std::uint32_t i : board_words_) {
    if (std::find(found_indices_.begin(), found_indices_.end(), i) != found_indices_.end()) {
      continue;
    }
    const auto letters = lexicon_->letters_at(i);
    out.push_back({lexicon_->word_at(i), points(letters.size()), find_path(board_, letters)});
  }
  return out;
}

}  // namespace wg::boggle
