#include "core/alphabet.h"

#include <algorithm>

#include "core/text.h"

namespace wg {

namespace {

constexpr std::string_view kEnglishLower = "abcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kEnglishUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Scrabble face values, a..z.
constexpr std::array<int, 26> kEnglishValues = {1, 3, 3, 2,  1, 4, 2, 4, 1, 8, 5, 1, 3,
                                                1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};
// Tiles in the standard English Scrabble bag, a..z (plus two blanks).
constexpr std::array<int, 26> kEnglishCounts = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2,
                                                6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1};
constexpr int kEnglishBlanks = 2;

}  // namespace

const Alphabet& Alphabet::english() {
  static const Alphabet alphabet = [] {
    Alphabet a;
    a.name_ = "en";
    a.lower_ = std::string(kEnglishLower);
    a.code_.fill(kNoLetter);
    for (std::size_t i = 0; i < a.lower_.size(); ++i) {
      char lo = a.lower_[i];
      char up = kEnglishUpper[i];  // not std::toupper: locale-dependent (e.g. Turkish 'i')
      a.upper_.push_back(up);
      a.code_[static_cast<unsigned char>(lo)] = static_cast<Letter>(i);
      a.code_[static_cast<unsigned char>(up)] = static_cast<Letter>(i);
      a.values_.push_back(kEnglishValues[i]);
      if (kEnglishCounts[i] > 0) {
        a.auction_bag_.push_back({Tile{{static_cast<Letter>(i)}}, kEnglishCounts[i]});
      }
    }
    for (char v : std::string_view("aeiou")) a.vowels_.insert(a.code(v));
    a.scrabble_bag_ = a.auction_bag_;
    a.scrabble_bag_.push_back({Tile{}, kEnglishBlanks});
    return a;
  }();
  return alphabet;
}

int Alphabet::value(std::span<const Letter> word) const {
  int sum = 0;
  for (Letter l : word) sum += values_[l];
  return sum;
}

std::optional<std::vector<Letter>> Alphabet::encode(std::string_view text) const {
  std::vector<Letter> out;
  out.reserve(text.size());
  for (char c : text) {
    Letter l = code(c);
    if (l == kNoLetter) return std::nullopt;
    out.push_back(l);
  }
  return out;
}

std::string_view Alphabet::first_non_letter(std::string_view text) const {
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (code(text[at]) != kNoLetter) continue;
    return text.substr(at, std::max<std::size_t>(utf8_sequence_length(text, at), 1));
  }
  return {};
}

std::string Alphabet::decode(std::span<const Letter> word) const {
  std::string out;
  out.reserve(word.size());
  for (Letter l : word) out.push_back(lower_[l]);
  return out;
}

std::string Alphabet::decode_upper(std::span<const Letter> word) const {
  std::string out;
  out.reserve(word.size());
  for (Letter l : word) out.push_back(upper_[l]);
  return out;
}

std::optional<Tile> Alphabet::parse_tile(std::string_view text) const {
  if (text == "*" || text == "?" || text == "_") return Tile{};
  if (text.empty()) return std::nullopt;
  auto letters = encode(text);
  if (!letters) return std::nullopt;
  return Tile{std::move(*letters)};
}

std::string Alphabet::tile_text(const Tile& tile) const {
  if (tile.is_blank()) return "*";
  std::string out = decode(tile.letters);
  out[0] = upper_[tile.letters[0]];
  return out;
}

std::vector<Tile> expand(const std::vector<TileCount>& bag) {
  std::vector<Tile> out;
  for (const auto& [tile, count] : bag)
    out.insert(out.end(), static_cast<std::size_t>(count), tile);
  return out;
}

}  // namespace wg
