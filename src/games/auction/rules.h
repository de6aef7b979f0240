#pragma once
/// The rules of the letter auction, as data, and the scoring of words.
///
/// Each round the 98-tile pool (the Scrabble bag without blanks) is reset and shuffled; every
/// player is dealt `hidden_letters` tiles known only to it; the rest are auctioned one at a time
/// in the shuffled order, by sealed bids, the highest bid winning and paying the second-highest
/// (Vickrey), while some player holds fewer than `rack_size` letters and tiles are left (and,
/// with `letters_per_round`, at most that many tiles are offered). At the end of the round each
/// player names a word made from its letters.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/alphabet.h"

namespace wg::auction {

struct Rules {
  int players = 4;         ///< 2 .. 14
  int rounds = 5;          ///< 1 .. kMaxRounds
  int hidden_letters = 2;  ///< dealt face down to each player per round, 0 .. rack_size
  int starting_points = 100;
  int rack_size = 7;     ///< letters a player may hold in a round; a full player does not bid
  int bonus_length = 7;  ///< a valid word of at least this many letters earns `bonus`
  int bonus = 50;
  /// Tiles offered at auction per round, at most; 0: no limit but the pool and full racks (the
  /// original game: a round ends when every rack is full). The spec's "future variant" of
  /// offering more letters goes with a larger rack_size.
  int letters_per_round = 0;

  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = 14;
  static constexpr int kMaxRounds = 10'000;
  static constexpr int kMaxRackSize = 20;
  static constexpr int kMaxStartingPoints = 1'000'000;
  static constexpr int kMaxBonusLength = 1'000;
  static constexpr int kMaxBonus = 1'000'000;
  static constexpr int kMaxLettersPerRound = 98;  ///< the pool's tiles

  /// Throws wg::ConfigError (a std::invalid_argument) naming the rule as a config names it
  /// ("hidden_letters") and saying its allowed range; also when the pool is too small to deal
  /// every player its hidden letters.
  void validate() const;
  bool operator==(const Rules&) const = default;
};

/// Letters by count, indexed by letter code.
using LetterCounts = std::array<std::uint8_t, kMaxLetters>;
LetterCounts count_letters(std::span<const Letter> letters);

/// The tiles of a round's pool before shuffling: the auction bag as letters, in bag order.
std::vector<Letter> auction_pool(const Alphabet& alphabet = Alphabet::english());

/// Scrabble value of the letters, plus the bonus if there are at least bonus_length of them.
/// (Validity is not checked here: see Lexicon and best_word.)
int word_score(std::span<const Letter> word, const Rules& rules,
               const Alphabet& alphabet = Alphabet::english());

}  // namespace wg::auction
