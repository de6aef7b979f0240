#pragma once
/// The word game's rules (MIT 6.0001 problem set 3): a hand is a multiset of letters and `*`
/// wildcards; a word scores (sum of letter values) x max(7L - 3(n - L), 1); playing a word uses
/// up the letters it names whether or not it is valid. All functions are pure: a hand passed in
/// is never changed, a new one is returned.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/alphabet.h"
#include "core/rng.h"
#include "lexicon/lexicon.h"

namespace wg::hand {

/// The tile code of the `*` wildcard: past every letter code (letters are 0..kMaxLetters-1).
inline constexpr Letter kWildcard = kMaxLetters;
/// The hand size of the original game.
inline constexpr int kDefaultHandSize = 7;

/// Whether `tile` is a tile: a letter code of Alphabet::english() or kWildcard.
bool is_tile(Letter tile);

/// A multiset of tiles: letters (codes of Alphabet::english()) and wildcards.
class Hand {
 public:
  Hand() = default;
  /// The hand holding these tiles (letter codes or kWildcard). Throws std::invalid_argument on
  /// any other code.
  static Hand of(std::span<const Letter> tiles);
  /// Letters in any case and `*`; spaces are ignored. nullopt on anything else.
  static std::optional<Hand> parse(std::string_view text);

  int count(Letter tile) const { return tile <= kWildcard ? counts_[tile] : 0; }
  bool contains(Letter tile) const { return count(tile) > 0; }
  int wildcards() const { return counts_[kWildcard]; }
  /// Number of tiles, wildcards included: the n of the score formula.
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The tiles in display order: letters by code, then wildcards.
  std::vector<Letter> tiles() const;
  /// The distinct letters held (wildcards excluded).
  LetterSet letters() const;

  void add(Letter tile, int copies = 1);
  /// Removes one copy if held; returns whether it was.
  bool remove(Letter tile);

  bool operator==(const Hand&) const = default;

 private:
  std::array<int, kMaxLetters + 1> counts_{};
  int size_ = 0;
};

/// Tiles from text: letters in any case and `*`. nullopt if anything else (digits, spaces,
/// punctuation) appears, so a typo can be refused instead of costing letters.
std::optional<std::vector<Letter>> parse_tiles(std::string_view text);
/// Lowercase text of tiles, `*` for a wildcard: "c*ws".
std::string tiles_text(std::span<const Letter> tiles);
/// The hand for display: its tiles separated by spaces, "a c i p r t *".
std::string hand_text(const Hand& hand);

/// Scrabble value of a tile; 0 for the wildcard.
int tile_value(Letter tile);
/// The score of a word of these tiles played from a hand of `hand_size` tiles:
/// (sum of values) x max(7L - 3(n - L), 1), L the word's length (wildcards count).
/// Validity is not checked (see score_play). 0 for an empty word.
int word_score(std::span<const Letter> word, int hand_size);
/// The same from the tile counts: the solver scores multisets, not strings.
int word_score(int value_sum, int length, int hand_size);

/// The hand after playing `word`: each tile the word names is removed if the hand still holds
/// one; tiles the hand lacks are ignored. Valid or not, the letters are used up.
Hand play_word(const Hand& hand, std::span<const Letter> word);

/// Whether `word` may be played from `hand`: the hand holds every tile with multiplicity, an
/// explicit letter needs that letter (a `*` does not stand in for a typed vowel), and some
/// choice of a vowel for each `*` makes a word of the lexicon.
bool is_valid_word(const Lexicon& lexicon, const Hand& hand, std::span<const Letter> word);
/// The word of the lexicon that `word` spells, each `*` replaced by the first vowel (in
/// alphabetical order) that makes one; nullopt if none does. Hand not considered.
std::optional<std::vector<Letter>> resolve_wildcards(const Lexicon& lexicon,
                                                     std::span<const Letter> word);

/// The result of typing a word.
struct Turn {
  bool valid = false;
  int score = 0;    ///< word_score if valid, else 0
  Hand hand_after;  ///< play_word(hand, word), valid or not
};
/// Plays `word` from `hand` under the rules: validity, score, the hand left.
Turn score_play(const Lexicon& lexicon, const Hand& hand, std::span<const Letter> word);

/// Deals `size` tiles (size >= 1): ceil(size/3) vowel slots of which one is a `*`, the rest
/// consonants, each drawn uniformly. Throws std::invalid_argument if size < 1.
Hand deal(Rng& rng, int size);

/// Whether `letter` may be substituted: a letter (not `*`) that the hand holds, and some letter
/// of the alphabet that the hand lacks exists to replace it.
bool can_substitute(const Hand& hand, Letter letter);
/// Replaces every copy of `letter` by one new letter drawn uniformly among those the hand does
/// not hold. Throws std::invalid_argument unless can_substitute(hand, letter).
Hand substitute(const Hand& hand, Letter letter, Rng& rng);

}  // namespace wg::hand
