#include "games/hand/hand.h"

#include <algorithm>
#include <stdexcept>

namespace wg::hand {

namespace {

const Alphabet& alphabet() { return Alphabet::english(); }

/// Depth-first over the automaton, trying every vowel at each `*`; fills `out` on success.
bool resolve_from(const Lexicon& lexicon, const Lexicon::Cursor& at, std::span<const Letter> rest,
                  std::vector<Letter>& out) {
  if (rest.empty()) return at.word;
  const Letter tile = rest.front();
  LetterSet choices;
  if (tile == kWildcard) {
    choices = lexicon.children(at, alphabet().vowels());
  } else if (tile < kMaxLetters) {
    choices.insert(tile);
  }
  for (Letter l : choices) {
    const Lexicon::Cursor next = lexicon.child(at, l);
    if (!next) continue;
    out.push_back(l);
    if (resolve_from(lexicon, next, rest.subspan(1), out)) return true;
    out.pop_back();
  }
  return false;
}

}  // namespace

bool is_tile(Letter tile) {
  return tile == kWildcard || tile < static_cast<Letter>(alphabet().size());
}

Hand Hand::of(std::span<const Letter> tiles) {
  Hand hand;
  for (Letter tile : tiles) {
    if (!is_tile(tile)) throw std::invalid_argument("hand: not a letter or wildcard code");
    hand.add(tile);
  }
  return hand;
}

std::optional<Hand> Hand::parse(std::string_view text) {
  std::string compact;
  for (char c : text) {
    if (c != ' ' && c != '\t') compact += c;
  }
  const std::optional<std::vector<Letter>> tiles = parse_tiles(compact);
  if (!tiles) return std::nullopt;
  return of(*tiles);
}

std::vector<Letter> Hand::tiles() const {
  std::vector<Letter> result;
  result.reserve(static_cast<std::size_t>(size_));
  for (std::size_t tile = 0; tile < counts_.size(); ++tile) {
    result.insert(result.end(), static_cast<std::size_t>(counts_[tile]), static_cast<Letter>(tile));
  }
  return result;
}

LetterSet Hand::letters() const {
  LetterSet set;
  for (Letter l = 0; l < kWildcard; ++l) {
    if (counts_[l] > 0) set.insert(l);
  }
  return set;
}

void Hand::add(Letter tile, int copies) {
  if (!is_tile(tile) || copies < 0) throw std::invalid_argument("hand: bad tile or count");
  counts_[tile] += copies;
  size_ += copies;
}

bool Hand::remove(Letter tile) {
  if (tile > kWildcard || counts_[tile] == 0) return false;
  --counts_[tile];
  --size_;
  return true;
}

std::optional<std::vector<Letter>> parse_tiles(std::string_view text) {
  std::vector<Letter> tiles;
  tiles.reserve(text.size());
  for (char c : text) {
    if (c == '*') {
      tiles.push_back(kWildcard);
      continue;
    }
    const Letter l = alphabet().code(c);
    if (l == kNoLetter) return std::nullopt;
    tiles.push_back(l);
  }
  return tiles;
}

std::string tiles_text(std::span<const Letter> tiles) {
  std::string text;
  text.reserve(tiles.size());
  for (Letter tile : tiles) text += tile == kWildcard ? '*' : alphabet().lower(tile);
  return text;
}

std::string hand_text(const Hand& hand) {
  std::string text;
  for (Letter tile : hand.tiles()) {
    if (!text.empty()) text += ' ';
    text += tile == kWildcard ? '*' : alphabet().lower(tile);
  }
  return text;
}

int tile_value(Letter tile) {
  return tile == kWildcard || !is_tile(tile) ? 0 : alphabet().value(tile);
}

int word_score(int value_sum, int length, int hand_size) {
  return value_sum * std::max(7 * length - 3 * (hand_size - length), 1);
}

int word_score(std::span<const Letter> word, int hand_size) {
  int sum = 0;
  for (Letter tile : word) sum += tile_value(tile);
  return word_score(sum, static_cast<int>(word.size()), hand_size);
}

Hand play_word(const Hand& hand, std::span<const Letter> word) {
  Hand after = hand;
  for (Letter tile : word) after.remove(tile);
  return after;
}

std::optional<std::vector<Letter>> resolve_wildcards(const Lexicon& lexicon,
                                                     std::span<const Letter> word) {
  std::vector<Letter> out;
  out.reserve(word.size());
  if (word.empty() || !resolve_from(lexicon, lexicon.root(), word, out)) return std::nullopt;
  return out;
}

bool is_valid_word(const Lexicon& lexicon, const Hand& hand, std::span<const Letter> word) {
  Hand left = hand;
  for (Letter tile : word) {
    if (!left.remove(tile)) return false;
  }
  return resolve_wildcards(lexicon, word).has_value();
}

Turn score_play(const Lexicon& lexicon, const Hand& hand, std::span<const Letter> word) {
  Turn turn;
  turn.valid = is_valid_word(lexicon, hand, word);
  turn.score = turn.valid ? word_score(word, hand.size()) : 0;
  turn.hand_after = play_word(hand, word);
  return turn;
}

Hand deal(Rng& rng, int size) {
  if (size < 1) throw std::invalid_argument("deal: a hand needs at least one tile");
  std::vector<Letter> vowels, consonants;
  for (Letter l : alphabet().vowels()) vowels.push_back(l);
  for (Letter l : alphabet().consonants()) consonants.push_back(l);
  const int vowel_slots = (size + 2) / 3;
  Hand hand;
  hand.add(kWildcard);
  for (int i = 1; i < vowel_slots; ++i) hand.add(vowels[rng.below(vowels.size())]);
  for (int i = vowel_slots; i < size; ++i) hand.add(consonants[rng.below(consonants.size())]);
  return hand;
}

bool can_substitute(const Hand& hand, Letter letter) {
  if (letter >= kWildcard || !hand.contains(letter)) return false;
  return !(alphabet().letters() & ~hand.letters()).empty();
}

Hand substitute(const Hand& hand, Letter letter, Rng& rng) {
  if (!can_substitute(hand, letter)) {
    throw std::invalid_argument("substitute: the letter is not in the hand, or no letter is free");
  }
  std::vector<Letter> free;
  for (Letter l : alphabet().letters() & ~hand.letters()) free.push_back(l);
  const Letter replacement = free[rng.below(free.size())];
  Hand after = hand;
  const int copies = hand.count(letter);
  for (int i = 0; i < copies; ++i) after.remove(letter);
  after.add(replacement, copies);
  return after;
}

}  // namespace wg::hand
