#pragma once
/// Multiplayer rooms (docs/API.md, "Rooms"): what only a host does for a game whose entry offers
/// rooms (GameEntry::rooms). A room is one session of the table (Sessions) whose players hold
/// seats; this file gives each room a short code to type, each player a key (128 random bits)
/// to the seat the room gave them, and answers the room's routes: create, join, read, start,
/// commands, and the socket that pushes each player their seat's view. Every command of a
/// player is played at the seat their key holds, never one the player names; the game decides
/// the rest (who may start, when the round ends, the results).

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "app/json.h"
#include "lexicon/lexicon.h"
#include "server/arcade_options.h"
#include "server/http_server.h"
#include "server/live_session.h"
#include "server/sessions.h"

namespace wg::server {

class Rooms {
 public:
  /// The rooms' sessions are sessions of `sessions`, which must outlive the rooms.
  Rooms(Sessions& sessions, std::shared_ptr<const Lexicon> lexicon, const ArcadeOptions& options,
        const ArcadeClock& clock);
  ~Rooms();
  Rooms(const Rooms&) = delete;
  Rooms& operator=(const Rooms&) = delete;

  /// True for the paths answered by route(): /api/rooms and below (`parts`, "api" first).
  static bool owns(const std::vector<std::string_view>& parts);
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);
  /// A WebSocket to /api/rooms/CODE/live?player=KEY: a socket of the room's session at the
  /// player's seat (Sessions::follow), whose messages are that seat's commands.
  HttpResponse open_socket(const HttpRequest& request, const std::vector<std::string_view>& parts,
                           std::shared_ptr<WebSocketPeer> peer);

  /// Drops the rooms whose session the table no longer holds (expired when idle); returns how
  /// many.
  std::size_t expire_idle();
  /// Rooms open now.
  std::size_t count() const;

 private:
  struct Room;
  using RoomPtr = std::shared_ptr<Room>;

  /// The room of `code`, or null; a client (HttpRequest::remote) that asked for more than
  /// kMaxMissedCodes codes that are no room's in the last minute is refused every code for the
  /// rest of it (`refusal`: 429 "too_many_guesses"), so that codes cannot be found by trying.
  RoomPtr find(const HttpRequest& request, std::string_view code, HttpResponse& refusal);
  HttpResponse create_room(const HttpRequest& request);
  HttpResponse join_room(const RoomPtr& room, const HttpRequest& request);
  /// Seats a player in the room (its session's lock held): 201 with their key, or the refusal.
  HttpResponse seat_player(Room& room, const std::string& name, const std::string& stored);
  /// A player's command (the start, a word...) at the seat of the key `key`.
  HttpResponse member_command(const RoomPtr& room, const HttpRequest& request,
                              const std::string& key, app::Json command);
  /// The room as `seat` sees it: the session's snapshot and the room's code. The session's lock
  /// is held.
  app::Json state(const Room& room, Seat seat) const;

  Sessions& sessions_;
  std::shared_ptr<const Lexicon> lexicon_;
  ArcadeOptions options_;
  ArcadeClock clock_;
  mutable std::mutex mutex_;  ///< guards rooms_ and misses_ (each room's session has its own lock)
  std::unordered_map<std::string, RoomPtr> rooms_;  ///< by code
  /// Codes asked for that were no room's, per client, in the minute that began at `since`.
  struct Misses {
    std::chrono::steady_clock::time_point since;
    int count = 0;
  };
  std::unordered_map<std::string, Misses> misses_;  ///< by client address
};

}  // namespace wg::server
