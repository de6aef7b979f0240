#pragma once
/// A position-hangman dictionary: the words the host may pick, grouped by length, checked
/// against the game's rules (enough words, all long enough, enough long ones) so that every
/// game has candidates worth guessing. Built from a list of words, from a general lexicon (its
/// words of kMinWordLength+ letters) or from any text (words extracted from it). Immutable.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

namespace wg::hangman {

/// The dictionary rules.
inline constexpr std::size_t kMinWords = 20;        ///< at least this many words
inline constexpr std::size_t kMinWordLength = 6;    ///< every word at least this long
inline constexpr std::size_t kLongWordLength = 9;   ///< a "long" word has this many letters or more
inline constexpr std::size_t kMinLongPercent = 20;  ///< at least this share of long words, in %

/// Which rule a refused dictionary breaks.
enum class DictionaryRule { kTooFewWords, kWordTooShort, kTooFewLongWords };

/// Thrown when words cannot make a dictionary; what() names the broken rule with the figures
/// ("only 12 words; a dictionary needs at least 20").
class DictionaryError : public std::invalid_argument {
 public:
  DictionaryError(DictionaryRule rule, const std::string& message)
      : std::invalid_argument(message), rule_(rule) {}
  DictionaryRule rule() const { return rule_; }

 private:
  DictionaryRule rule_;
};

/// Counts for `dictionary stats` and the menu: words, and the share of 6-, 7-9- and 10+-letter
/// words (as counts, so that front ends choose their own rounding).
struct DictionaryStats {
  std::size_t words = 0;
  std::size_t six = 0;            ///< exactly kMinWordLength letters
  std::size_t seven_to_nine = 0;  ///< 7, 8 or 9 letters
  std::size_t ten_plus = 0;       ///< 10 letters or more
  std::size_t long_words = 0;     ///< kLongWordLength letters or more (the rule's count)
  std::size_t shortest = 0;
  std::size_t longest = 0;
};

/// Words of the text: maximal runs of letters (anything else, digits, apostrophes, hyphens,
/// spaces, separates words), kMinWordLength to kMaxWordLength ASCII letters, upper-cased,
/// de-duplicated, sorted. A run holding a letter outside A-Z ("café", "naïve": any byte past
/// ASCII counts as part of one) is never cut into pieces: it is left out whole, and added to
/// `skipped` when given (as written, each once, in order of appearance), so that a front end can
/// say which words it did not take. Never throws; may be empty.
std::vector<std::string> extract_words(std::string_view text,
                                       std::vector<std::string>* skipped = nullptr);

class Dictionary {
 public:
  /// Words in any case, each letters only; duplicates (in any case) are merged. Throws
  /// DictionaryError for a broken rule and std::invalid_argument for a word with a non-letter.
  static Dictionary from_words(std::span<const std::string> words,
                               const Alphabet& alphabet = Alphabet::english());
  /// The lexicon's words of kMinWordLength letters or more. Throws DictionaryError.
  static Dictionary from_lexicon(const Lexicon& lexicon);
  /// extract_words(text), then from_words. Throws wg::LexiconError naming `source` for what is
  /// not 8-bit text (binary, UTF-16, UTF-32: check_text_encoding, lexicon/word_list.h), whose
  /// bytes would make garbage words or none, and DictionaryError for a broken rule.
  static Dictionary from_text(std::string_view text, std::string_view source = "the text");

  const Alphabet& alphabet() const { return *alphabet_; }
  std::size_t size() const { return size_; }
  /// The longest word's length; lengths() is indexed 0..max_length().
  std::size_t max_length() const { return buckets_.size() - 1; }
  /// Number of words of each length (index = length).
  std::vector<std::size_t> count_by_length() const;
  /// Words of one length, sorted, as one array of letter codes (word i at i * length).
  std::span<const Letter> words_of_length(std::size_t length) const;
  std::size_t count_of_length(std::size_t length) const;
  /// The i-th word overall (0..size()-1, by length then alphabetically).
  std::vector<Letter> word_at(std::size_t index) const;
  /// True if the word (codes) is in the dictionary.
  bool contains(std::span<const Letter> word) const;
  /// Every word upper-cased, by length then alphabetically: what a front end saves.
  std::vector<std::string> words_upper() const;
  /// Letter counts over all words of `length`: count at position p of letter l is at
  /// p * alphabet().size() + l. Kept so that a new game does not recount the whole dictionary.
  std::span<const std::uint32_t> initial_counts(std::size_t length) const;
  DictionaryStats stats() const;

 private:
  struct Bucket {
    std::vector<Letter> letters;  ///< words of this length, concatenated, sorted
    std::vector<std::uint32_t> counts;
  };
  Dictionary() = default;
  static Dictionary build(std::vector<std::vector<Letter>> words, const Alphabet& alphabet);

  const Alphabet* alphabet_ = &Alphabet::english();
  std::vector<Bucket> buckets_;
  std::size_t size_ = 0;
};

/// Throws DictionaryError if words with these counts by length (index = length) break a rule;
/// for checking a list before building anything, and used by every Dictionary factory.
void check_rules(std::span<const std::size_t> count_by_length);

/// The statistics of words with these counts by length (index = length), playable or not: what
/// Dictionary::stats() returns, and what a front end shows of a list the rules refuse.
DictionaryStats stats_of(std::span<const std::size_t> count_by_length);

}  // namespace wg::hangman
