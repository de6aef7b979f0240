#include "games/boggle/word_search_game.h"

#include <algorithm>
#include <set>

namespace wg::boggle {

namespace {

void check_min_length(std::size_t min_length) {
  if (min_length < 1) throw std::invalid_argument("the minimum word length must be at least 1");
}

}  // namespace

WordSearchGame::WordSearchGame() = default;

void WordSearchGame::load_lexicon(const std::filesystem::path& file) {
  auto loaded = std::make_unique<Lexicon>(Lexicon::load(file));
  owned_ = std::move(loaded);
  lexicon_ = owned_.get();
  solver_ = std::make_unique<Solver>(*lexicon_);
}

void WordSearchGame::use_lexicon(const Lexicon& lexicon) {
  owned_.reset();
  lexicon_ = &lexicon;
  solver_ = std::make_unique<Solver>(lexicon);
}

const Lexicon& WordSearchGame::need_lexicon() const {
  if (lexicon_ == nullptr) throw StateError("no lexicon loaded");
  return *lexicon_;
}

bool WordSearchGame::is_valid_word(std::string_view word) const {
  return need_lexicon().contains(word);
}

bool WordSearchGame::is_valid_prefix(std::string_view prefix) const {
  return need_lexicon().is_prefix(prefix);
}

void WordSearchGame::set_board(std::span<const std::string> cells) {
  board_ = Board::from_cells(cells);
}

std::vector<std::string> WordSearchGame::all_valid_words(std::size_t min_length) {
  check_min_length(min_length);
  const Lexicon& lex = need_lexicon();
  std::vector<std::uint32_t> found;
  solver_->solve(board_, min_length, found);
  std::vector<std::string> words;
  words.reserve(found.size());
  for (std::uint32_t i : found) words.push_back(lex.alphabet().decode_upper(lex.letters_at(i)));
  return words;
}

std::vector<int> WordSearchGame::find_path(std::string_view word) const {
  const auto letters = Alphabet::english().encode(word);
  if (!letters) return {};
  return boggle::find_path(board_, *letters);
}

std::int64_t WordSearchGame::score(std::span<const std::string> words, std::size_t min_length,
                                   Scoring scoring) {
  check_min_length(min_length);
  const Lexicon& lex = need_lexicon();
  std::set<std::int64_t> counted;
  std::int64_t total = 0;
  for (const std::string& word : words) {
    const std::int64_t index = lex.index_of(word);
    if (index < 0 || word.size() < min_length || counted.count(index)) continue;
    if (find_path(word).empty()) continue;
    counted.insert(index);
    total += word_points(word.size(), min_length, scoring);
  }
  return total;
}

}  // namespace wg::boggle
