#pragma once
/// The letter auction's terminal viewer: shows a game (live, stepped through its session, or
/// replayed from its log) auction by auction, with the player stepping, playing continuously
/// with a delay, pausing and resuming. Rendering (AuctionView) is apart from pacing
/// (run_viewer), so a replay, a live game and a golden test all print the same text for the
/// same events. It shows the host's view, every player's hidden letters, unless it is given the
/// seat of a person playing (then only that seat's hidden letters).
///
/// Pacing at a terminal, by single keys: space or n steps one auction, r to the end of the
/// round, p plays or pauses, + and - halve or double the delay, q quits. From piped input, by
/// lines: an empty line or `step [N]`, `round`, `play` (to the end, at the delay), `delay MS`,
/// `quit`. At the end of the input the rest of the game is shown without delay.
///
/// Single-key mode survives job control: Ctrl-Z gives the shell its terminal back (line
/// editing, echo) and `fg` puts the viewer back in single-key mode; Ctrl-C, SIGTERM and SIGHUP
/// restore the terminal before the program ends (TerminalModes).

#include <termios.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "games/auction/event.h"

namespace wg::cli {

/// The terminal modes of the single-key viewer, as a state machine apart from the signals that
/// drive it, so that it can be tested with a fake terminal. Every member is async-signal-safe
/// (it only calls `set`, and keeps its state in a sig_atomic_t).
class TerminalModes {
 public:
  /// Sets the terminal's modes: tcsetattr on stdin, or a test's fake. True on success.
  using SetModes = bool (*)(const termios&);

  explicit TerminalModes(SetModes set) : set_(set) {}
  /// Saves `current` and switches to single-key mode (no line editing, no echo); false (and
  /// nothing changed) if the terminal refuses.
  bool enter(const termios& current);
  /// Stopping (SIGTSTP): the saved modes back while the shell has the terminal.
  void suspend();
  /// Continuing (SIGCONT, also after SIGSTOP): single-key mode again, unless left.
  void resume();
  /// Leaving for good (the viewer ends, SIGINT, SIGTERM, SIGHUP): the saved modes back. Safe
  /// to call more than once.
  void leave();
  bool single_key() const { return state_ == kSingleKey; }
  bool suspended() const { return state_ == kSuspended; }

  /// `modes` with line editing and echo off, reads of one byte.
  static termios single_key_modes(const termios& modes);

 private:
  enum : int { kOff, kSingleKey, kSuspended };
  SetModes set_;
  termios saved_{};
  termios raw_{};
  volatile std::sig_atomic_t state_ = kOff;
};

/// Prints events as text and keeps what a spectator sees: names, racks and points.
class AuctionView {
 public:
  /// `colour`: the auction just held stands out (colour_wanted(terminal)). `seat`: the seat of
  /// the person playing, whose own hidden letters alone are shown (the others' as '?'); -1: the
  /// host's view, every hidden letter.
  explicit AuctionView(std::ostream& out, bool colour = false, int seat = -1)
      : out_(out), colour_(colour), seat_(seat) {}
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
  bool colour_ = false;
  int seat_ = -1;
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

/// Reads a line (without its newline) from `fd` within `limit` of the real clock, byte by byte
/// so that nothing after it is taken; nullopt at the end of input, or with `timed_out` set when
/// the time ran out first (a terminal hands over whole lines: what was typed of an unfinished
/// line stays unread).
std::optional<std::string> read_line_within(int fd, std::chrono::milliseconds limit,
                                            bool& timed_out);

/// Shows the events that `next` yields (nullopt: no more) until they end or the viewer quits.
/// `in` is read only when not at a terminal. Returns true if every event was shown.
bool run_viewer(const std::function<std::optional<auction::Event>()>& next, AuctionView& view,
                std::istream& in, std::ostream& out, const ViewerOptions& options);

}  // namespace wg::cli
