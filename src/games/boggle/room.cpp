#include "games/boggle/room.h"

#include <algorithm>
#include <map>
#include <set>

namespace wg::boggle {

RoomResult score_room(std::span<const RoomEntry> entries) {
  // How many players found each word (a player's own list holds a word once).
  std::map<std::string, int> finders;
  for (const RoomEntry& entry : entries) {
    std::set<std::string> own;
    for (const FoundWord& found : entry.found) {
      if (own.insert(found.word).second) ++finders[found.word];
    }
  }
  RoomResult result;
  for (const auto& [word, count] : finders) {
    if (count > 1) result.shared.push_back(word);
  }
  for (const RoomEntry& entry : entries) {
    RoomScore score{entry.name, {}, 0};
    for (const FoundWord& found : entry.found) {
      const bool shared = finders[found.word] > 1;
      score.words.push_back({found.word, found.points, shared});
      if (!shared) score.score += found.points;
    }
    result.players.push_back(std::move(score));
  }
  std::int64_t best = 0;
  for (const RoomScore& player : result.players) best = std::max(best, player.score);
  for (std::size_t i = 0; i < result.players.size(); ++i) {
    if (result.players[i].score == best) result.winners.push_back(static_cast<int>(i));
  }
  return result;
}

}  // namespace wg::boggle
