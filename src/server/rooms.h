#pragma once
/// Multiplayer rooms (docs/API.md, "Rooms"): players who join by a short code and play the same
/// board on the same clock, each in a session of their own (Sessions), for a game whose entry
/// says it has rooms (GameEntry::room_result); at the round's end the game compares their views.

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
  /// The rooms' rounds are sessions of `sessions`, which must outlive the rooms' sessions'
  /// commands (a round's session follows its room through a weak reference).
  Rooms(Sessions& sessions, std::shared_ptr<const Lexicon> lexicon, const ArcadeOptions& options,
        const ArcadeClock& clock);
  ~Rooms();
  Rooms(const Rooms&) = delete;
  Rooms& operator=(const Rooms&) = delete;

  /// True for the paths answered by route(): /api/rooms and below (`parts`, "api" first).
  static bool owns(const std::vector<std::string_view>& parts);
  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>& parts);
  /// A WebSocket to /api/rooms/CODE/live?player=TOKEN.
  HttpResponse open_socket(const HttpRequest& request, const std::vector<std::string_view>& parts,
                           std::shared_ptr<WebSocketPeer> peer);
  void socket_closed(const std::shared_ptr<WebSocketPeer>& peer);

  /// Drops the rooms idle for longer than ArcadeOptions::idle_expiry; returns how many.
  std::size_t expire_idle();
  /// Rooms open now.
  std::size_t count() const;

 private:
  struct Room;
  using RoomPtr = std::shared_ptr<Room>;

  HttpResponse create_room(const HttpRequest& request);
  HttpResponse join_room(const RoomPtr& room, const HttpRequest& request);
  HttpResponse start_room(const RoomPtr& room, const HttpRequest& request);
  /// A player's round changed (`live`, the session of member `index`): records their words,
  /// and ends the round once all are done.
  static void member_changed(Room& room, int index, LiveSession& live,
                             std::chrono::steady_clock::time_point now);
  static void push_room(Room& room);
  static app::Json room_state(const Room& room, int player);

  Sessions& sessions_;
  std::shared_ptr<const Lexicon> lexicon_;
  ArcadeOptions options_;
  ArcadeClock clock_;
  mutable std::mutex mutex_;  ///< guards the two maps below (each room has its own lock)
  std::unordered_map<std::string, RoomPtr> rooms_;  ///< by code
  std::map<WebSocketPeer*, RoomPtr> peers_;
};

}  // namespace wg::server
