#pragma once
/// The words of one length, stored for fast partitioning: all letters in one flat array of codes
/// (word i is letters[i*length .. i*length+length)) and, per word, the set of letters it uses.
/// A game refers to words by their index here; nothing is allocated per word.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "lexicon/lexicon.h"

namespace wg::evil_hangman {

/// Index of a word in a WordSet.
using WordId = std::uint32_t;

/// The longest word the engine plays: family masks are 64-bit position masks.
inline constexpr std::size_t kMaxWordLength = 64;

class WordSet {
 public:
  WordSet() = default;
  /// The words of `length` in the lexicon, in lexicographic order. Empty if there are none.
  /// Throws std::invalid_argument if length is 0 or above kMaxWordLength.
  static WordSet of_length(const Lexicon& lexicon, std::size_t length);
  /// From text (for tests and small examples): every word must have the same length and only
  /// letters of the alphabet; throws std::invalid_argument otherwise.
  static WordSet from_words(std::span<const std::string_view> words,
                            const Alphabet& alphabet = Alphabet::english());

  std::size_t length() const { return length_; }
  std::size_t size() const { return letter_sets_.size(); }
  bool empty() const { return letter_sets_.empty(); }
  const Alphabet& alphabet() const { return *alphabet_; }

  /// The codes of word `id`.
  std::span<const Letter> word(WordId id) const {
    return {letters_.data() + static_cast<std::size_t>(id) * length_, length_};
  }
  /// The letters word `id` uses.
  LetterSet letter_set(WordId id) const { return letter_sets_[id]; }
  /// Word `id` as lowercase text.
  std::string text(WordId id) const { return alphabet_->decode(word(id)); }
  /// Every id, 0..size()-1: the starting candidates of a game.
  std::vector<WordId> all_ids() const;
  /// The id of a word given as codes, or -1 if it is not in the set.
  std::int64_t find(std::span<const Letter> word) const;

 private:
  void add(std::span<const Letter> word);

  const Alphabet* alphabet_ = &Alphabet::english();
  std::size_t length_ = 0;
  std::vector<Letter> letters_;
  std::vector<LetterSet> letter_sets_;
};

/// True if games of `length` can be played on `lexicon`: 1 to kMaxWordLength letters, with at
/// least one word of that length (a list may have gaps: ENABLE has no word of 26 letters).
bool has_words_of_length(const Lexicon& lexicon, std::int64_t length);

/// The lengths that have words, as ranges for a message: "2-25, 27, 28".
std::string lengths_with_words(const Lexicon& lexicon);

/// "no words of length N (lengths with words: ...)": why `length` cannot be played.
std::string no_words_of_length(const Lexicon& lexicon, std::int64_t length);

}  // namespace wg::evil_hangman
