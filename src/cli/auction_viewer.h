#pragma once
/// The letter auction's terminal viewer: shows a game (live, stepped through its session, or
/// replayed from its log) auction by auction, with the player stepping, playing continuously
/// with a delay, pausing and resuming. Rendering (AuctionView) is apart from pacing
/// (run_viewer), so a replay, a live game and a golden test all print the same text for the
/// same events. It shows the host's view: every player's hidden letters.
///
/// Pacing at a terminal, by single keys: space or n steps one auction, r to the end of the
/// round, p plays or pauses, + and - halve or double the delay, q quits. From piped input, by
/// lines: an empty line or `step [N]`, `round`, `play` (to the end, at the delay), `delay MS`,
/// `quit`. At the end of the input the rest of the game is shown without delay.

#include <chrono>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "games/auction/event.h"

namespace wg::cli {

/// Prints events as text and keeps what a spectator sees: names, racks and points.
class AuctionView {
 public:
  explicit AuctionView(std::ostream& out) : out_(out) {}
  void show(const auction::Event& event);
  /// The table of players now: seat, name, letters (hidden ones in brackets), points.
  void show_table() const;
  bool started() const { return !names_.empty(); }

 private:
  void show_start(const auction::GameStarted& e);
  void show_round(const auction::RoundStarted& e);
  void show_auction(const auction::AuctionHeld& e);
  void show_round_end(const auction::RoundEnded& e);
  void show_end(const auction::Finished& e);
  std::string player(int seat) const;

  std::ostream& out_;
  auction::Rules rules_;
  std::vector<std::string> names_;
  std::vector<std::string> hidden_;  ///< this round's hidden letters, by seat
  std::vector<std::string> won_;     ///< letters won this round, by seat
  std::vector<int> points_;
  std::size_t name_width_ = 0;
};

struct ViewerOptions {
  bool play = false;  ///< start playing rather than paused
  std::chrono::milliseconds delay{500};
  bool terminal = false;  ///< single keys from a terminal (else commands by lines)
};

/// Shows the events that `next` yields (nullopt: no more) until they end or the viewer quits.
/// `in` is read only when not at a terminal. Returns true if every event was shown.
bool run_viewer(const std::function<std::optional<auction::Event>()>& next, AuctionView& view,
                std::istream& in, std::ostream& out, const ViewerOptions& options);

}  // namespace wg::cli
