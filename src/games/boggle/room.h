#pragma once
/// A round played by several players on one board, as the real game scores it: each player
/// writes down words alone, then the lists are compared and a word found by more than one player
/// scores for nobody. The room's session (room_session.h) plays each player's round in a
/// Session (session.h) on the same config and seed; this file only compares the lists.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/boggle/session.h"

namespace wg::boggle {

/// One player's words at the end of the round (Finished::found, or View::found).
struct RoomEntry {
  std::string name;
  std::vector<FoundWord> found;
};

/// A word in the results: its points count only when no other player found it.
struct RoomWord {
  std::string word;
  int points = 0;
  bool shared = false;  ///< found by another player too: it scores nothing
  bool operator==(const RoomWord&) const = default;
};

struct RoomScore {
  std::string name;
  std::vector<RoomWord> words;  ///< in the order the player found them
  std::int64_t score = 0;       ///< the points of the words not shared
  bool operator==(const RoomScore&) const = default;
};

struct RoomResult {
  std::vector<RoomScore> players;   ///< in the order given
  std::vector<std::string> shared;  ///< every word more than one player found, sorted
  std::vector<int> winners;         ///< the players with the highest score (none if no player)
  bool operator==(const RoomResult&) const = default;
};

/// Compares the players' lists: the real game's rule (a word found by two or more players
/// scores for nobody), the rest as each player scored it.
RoomResult score_room(std::span<const RoomEntry> entries);

}  // namespace wg::boggle
