#include "games/auction/best_word.h"

namespace wg::auction {

namespace {

/// Depth-first search of the lexicon over the letters held. A branch is cut when even using
/// every letter left (and earning the bonus) could not beat the best score found.
template <bool kKeepWord>
class BestWordSearch {
 public:
  BestWordSearch(const Lexicon& lexicon, const LetterCounts& counts, const Rules& rules)
      : lexicon_(lexicon), rules_(rules), counts_(counts) {
    const Alphabet& alphabet = lexicon.alphabet();
    for (int l = 0; l < alphabet.size(); ++l) {
      if (counts_[l] == 0) continue;
      held_.insert(static_cast<Letter>(l));
      value_left_ += counts_[l] * alphabet.value(static_cast<Letter>(l));
      letters_left_ += counts_[l];
    }
  }

  void run() { visit(lexicon_.root(), 0, 0); }
  int best() const { return best_; }
  const std::vector<Letter>& best_word() const { return best_word_; }

 private:
  void visit(const Lexicon::Cursor& at, int value, int length) {
    const int reachable_bonus = length + letters_left_ >= rules_.bonus_length ? rules_.bonus : 0;
    if (value + value_left_ + reachable_bonus <= best_) return;
    const Alphabet& alphabet = lexicon_.alphabet();
    for (Letter l : lexicon_.children(at, held_)) {
      const Lexicon::Cursor next = lexicon_.child(at, l);
      const int letter_value = alphabet.value(l);
      const int next_value = value + letter_value;
      if constexpr (kKeepWord) path_.push_back(l);
      if (next.word) {
        const int score = next_value + (length + 1 >= rules_.bonus_length ? rules_.bonus : 0);
        if (score > best_) {
          best_ = score;
          if constexpr (kKeepWord) best_word_ = path_;
        }
      }
      if (--counts_[l] == 0) held_.erase(l);
      value_left_ -= letter_value;
      --letters_left_;
      visit(next, next_value, length + 1);
      ++letters_left_;
      value_left_ += letter_value;
      if (counts_[l]++ == 0) held_.insert(l);
      if constexpr (kKeepWord) path_.pop_back();
    }
  }

  const Lexicon& lexicon_;
  const Rules& rules_;
  LetterCounts counts_;
  LetterSet held_;
  int value_left_ = 0;
  int letters_left_ = 0;
  int best_ = 0;
  std::vector<Letter> path_;
  std::vector<Letter> best_word_;
};

}  // namespace

BestWord best_word(const Lexicon& lexicon, std::span<const Letter> letters, const Rules& rules) {
  BestWordSearch<true> search(lexicon, count_letters(letters), rules);
  search.run();
  return {search.best_word(), search.best()};
}

int best_score(const Lexicon& lexicon, const LetterCounts& counts, const Rules& rules) {
  BestWordSearch<false> search(lexicon, counts, rules);
  search.run();
  return search.best();
}

bool can_make(std::span<const Letter> word, std::span<const Letter> letters) {
  LetterCounts counts = count_letters(letters);
  for (Letter l : word) {
    if (l >= counts.size() || counts[l] == 0) return false;
    --counts[l];
  }
  return true;
}

}  // namespace wg::auction
