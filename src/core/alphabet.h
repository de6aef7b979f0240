#pragma once
/// The alphabet as data: dense letter codes, Scrabble values, vowels, tiles and tile bags.
/// Games and the lexicon work on codes; only front ends turn them into text.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wg {

/// A letter's dense code, 0 .. Alphabet::size()-1.
using Letter = std::uint8_t;
inline constexpr Letter kNoLetter = 0xFF;
/// Codes must fit in five bits with one value to spare (the lexicon reserves a label).
inline constexpr int kMaxLetters = 31;

/// A set of letters as a bit mask (bit i = letter code i).
class LetterSet {
 public:
  constexpr LetterSet() = default;
  constexpr explicit LetterSet(std::uint32_t bits) : bits_(bits) {}
  static constexpr LetterSet all(int size) { return LetterSet((1u << size) - 1); }

  constexpr bool contains(Letter l) const { return l < 32 && ((bits_ >> l) & 1u); }
  constexpr void insert(Letter l) { bits_ |= 1u << l; }
  constexpr void erase(Letter l) { bits_ &= ~(1u << l); }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint32_t bits() const { return bits_; }
  constexpr LetterSet operator|(LetterSet o) const { return LetterSet(bits_ | o.bits_); }
  constexpr LetterSet operator&(LetterSet o) const { return LetterSet(bits_ & o.bits_); }
  constexpr LetterSet operator~() const { return LetterSet(~bits_); }
  constexpr bool operator==(const LetterSet&) const = default;

  /// Iterates the members in increasing code order.
  class iterator {
   public:
    constexpr explicit iterator(std::uint32_t bits) : bits_(bits) {}
    constexpr Letter operator*() const { return static_cast<Letter>(std::countr_zero(bits_)); }
    constexpr iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator==(const iterator&) const = default;

   private:
    std::uint32_t bits_;
  };
  constexpr iterator begin() const { return iterator(bits_); }
  constexpr iterator end() const { return iterator(0); }

 private:
  std::uint32_t bits_ = 0;
};

/// A tile shows one or more letters (Boggle's "Qu" face, a word-search cell "TIGER"),
/// or no letter at all: a blank.
struct Tile {
  std::vector<Letter> letters;
  bool is_blank() const { return letters.empty(); }
  bool operator==(const Tile&) const = default;
};

/// How many copies of a tile a bag holds.
struct TileCount {
  Tile tile;
  int count = 0;
};

class Alphabet {
 public:
  /// English: a..z as codes 0..25, vowels a e i o u, Scrabble values and bags.
  static const Alphabet& english();

  /// A short stable identifier ("en"), stored in compiled lexicon files.
  std::string_view name() const { return name_; }
  int size() const { return static_cast<int>(lower_.size()); }

  /// The code of a character, case-insensitive; kNoLetter for anything else.
  Letter code(char c) const noexcept { return code_[static_cast<unsigned char>(c)]; }
  char lower(Letter l) const { return lower_[l]; }
  char upper(Letter l) const { return upper_[l]; }

  bool is_vowel(Letter l) const { return vowels_.contains(l); }
  LetterSet vowels() const { return vowels_; }
  LetterSet consonants() const { return LetterSet::all(size()) & ~vowels_; }
  LetterSet letters() const { return LetterSet::all(size()); }

  /// Scrabble face value of a letter.
  int value(Letter l) const { return values_[l]; }
  /// Sum of the values of the letters.
  int value(std::span<const Letter> word) const;

  /// Codes of the text, case-insensitive; nullopt if any character is not a letter.
  std::optional<std::vector<Letter>> encode(std::string_view text) const;
  /// The first character of `text` that is not a letter, whole (a UTF-8 sequence, so that a
  /// refusal can quote "ö"; one byte where the text is not UTF-8); empty if there is none.
  std::string_view first_non_letter(std::string_view text) const;
  /// Lowercase text of the codes.
  std::string decode(std::span<const Letter> word) const;
  std::string decode_upper(std::span<const Letter> word) const;

  /// A tile from text: letters ("Qu", "tiger"; any case) or "*"/"?"/"_" for a blank.
  std::optional<Tile> parse_tile(std::string_view text) const;
  /// Display text: first letter upper, the rest lower ("Qu", "E", "Tiger"); "*" for a blank.
  std::string tile_text(const Tile& tile) const;

  /// The standard 100-tile English Scrabble bag, two blanks included.
  const std::vector<TileCount>& scrabble_bag() const { return scrabble_bag_; }
  /// The 98 tiles of the letter auction: the Scrabble bag without its blanks.
  const std::vector<TileCount>& auction_bag() const { return auction_bag_; }

 private:
  Alphabet() = default;

  std::string name_;
  std::string lower_;
  std::string upper_;
  std::array<Letter, 256> code_{};
  std::vector<int> values_;
  LetterSet vowels_;
  std::vector<TileCount> scrabble_bag_;
  std::vector<TileCount> auction_bag_;
};

/// Every tile of a bag, each repeated by its count, in bag order.
std::vector<Tile> expand(const std::vector<TileCount>& bag);

}  // namespace wg
