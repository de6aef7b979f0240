#pragma once
/// A Letter Auction log (app/auction_log.h) played again as a session of the arcade, so a page
/// watches it with the same board and the same Step, Play and Pause as a live game.
///
/// The log is read by app::read_auction_log, the terminal's reader. The session is dealt from
/// the log's seed and game, and each seat is a player that answers from the log: its bids and
/// its words, as recorded. Before the session is handed out it is played through once and its
/// events compared with the log's lines: a log that does not play the same here (another word
/// list scores its words differently, or it was edited) is refused, naming the first line
/// that differs, rather than shown wrong. A tournament's game (`--log-dir`) is dealt from a seed
/// of its own, not a session's (games/auction/tournament.h), which a session cannot deal: it is
/// refused so, and replays in the terminal only.

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/game_session.h"
#include "lexicon/lexicon.h"
#include "server/http_server.h"

namespace wg::server {

/// A log that was read but cannot be played again here; the message names the line.
class ReplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The session replaying the log `text` (`source` names it in messages: "game.jsonl:7: ...").
/// Throws app::LogError for a log the reader refuses, ReplayError for one that does not play
/// the same here. A log cut short replays as far as it goes; after that, its seats answer 0
/// and no word, with the fault "the log ends before this answer". Only a session's first game
/// replays (a log's "game" 0, as `wordgames auction --log` writes it): a later one is refused.
std::unique_ptr<app::GameSession> replay_session(const std::string& text, const std::string& source,
                                                 std::shared_ptr<const Lexicon> lexicon);

/// The path a log is uploaded to, to be replayed: POST {"log": text, "name"?: its file name}.
inline constexpr std::string_view kReplayPath = "/api/auction/replays";

/// The session that a request to kReplayPath asks for, or the answer refusing it: 400
/// bad_request (no log, a bad name), 400 bad_log (the reader refuses it), 422
/// log_not_replayable (it does not play the same here).
std::variant<std::unique_ptr<app::GameSession>, HttpResponse> replay_request(
    const HttpRequest& request, std::shared_ptr<const Lexicon> lexicon);

}  // namespace wg::server
