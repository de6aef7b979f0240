#include "cli/auction_viewer.h"

#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <istream>
#include <ostream>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/text.h"
#include "protocol/printable.h"

namespace wg::cli {

namespace {

namespace au = wg::auction;
using std::chrono::milliseconds;

const Alphabet& alphabet() { return Alphabet::english(); }

constexpr milliseconds kMinDelay{10};
constexpr milliseconds kMaxDelay{60'000};

/// "  12 points", "   1 point" for a column of points: the number right-aligned in `width`.
std::string points_column(int points, int width) {
  return fmt::format("{:>{}} {}", points, width, points == 1 ? "point" : "points");
}

}  // namespace

std::string AuctionView::player(int seat) const {
  return fmt::format("{} {:<{}}", seat + 1, names_[seat], name_width_);
}

void AuctionView::show(const au::Event& event) {
  std::visit(
      [this](const auto& e) {
        using E = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<E, au::GameStarted>) show_start(e);
        if constexpr (std::is_same_v<E, au::RoundStarted>) show_round(e);
        if constexpr (std::is_same_v<E, au::AuctionHeld>) show_auction(e);
        if constexpr (std::is_same_v<E, au::RoundEnded>) show_round_end(e);
        if constexpr (std::is_same_v<E, au::Finished>) show_end(e);
        // A session's Awaiting, Answered and Rejected: the terminal seats no person.
      },
      event);
}

void AuctionView::show_start(const au::GameStarted& e) {
  rules_ = e.rules;
  // Names come from outside (a bot's handshake, a log file): shown escaped, like every text
  // from outside here (protocol/printable.h), so no escape sequence reaches the terminal.
  names_.clear();
  for (const std::string& name : e.players) names_.push_back(protocol::printable(name));
  name_width_ = 0;
  for (const std::string& name : names_) name_width_ = std::max(name_width_, name.size());
  points_.assign(names_.size(), e.rules.starting_points);
  hidden_.assign(names_.size(), "");
  won_.assign(names_.size(), "");
  out_ << fmt::format("Letter auction: {}, {}, {} each, {} to start",
                      count_of(e.rules.players, "player"), count_of(e.rules.rounds, "round"),
                      count_of(e.rules.hidden_letters, "hidden letter"),
                      count_of(e.rules.starting_points, "point"));
  const au::Rules original;
  if (e.rules.rack_size != original.rack_size) {
    out_ << fmt::format(", {} to a rack", count_of(e.rules.rack_size, "letter"));
  }
  if (e.rules.letters_per_round > 0) {
    out_ << fmt::format(", at most {} offered a round",
                        count_of(e.rules.letters_per_round, "letter"));
  }
  out_ << ".\n";
  out_ << "Players:";
  for (std::size_t seat = 0; seat < names_.size(); ++seat) {
    out_ << fmt::format("{} {} {}", seat == 0 ? "" : ",", seat + 1, names_[seat]);
  }
  out_ << '\n';
}

void AuctionView::show_table() const {
  for (std::size_t seat = 0; seat < names_.size(); ++seat) {
    const std::string letters =
        hidden_[seat].empty() ? won_[seat] : fmt::format("[{}]{}", hidden_[seat], won_[seat]);
    out_ << fmt::format("  {}  {:<{}}  {}\n", player(static_cast<int>(seat)), letters,
                        rules_.rack_size + 2, points_column(points_[seat], 4));
  }
}

void AuctionView::show_round(const au::RoundStarted& e) {
  points_ = e.points;
  for (std::size_t seat = 0; seat < names_.size(); ++seat) {
    const bool secret = seat_ >= 0 && static_cast<int>(seat) != seat_;
    hidden_[seat] = secret ? std::string(static_cast<std::size_t>(rules_.hidden_letters), '?')
                           : alphabet().decode_upper(e.hidden[seat]);
    won_[seat].clear();
  }
  out_ << fmt::format("\nRound {} of {}", e.round, rules_.rounds);
  out_ << (rules_.hidden_letters > 0 ? ". Hidden letters in brackets:\n" : ":\n");
  show_table();
}

void AuctionView::show_auction(const au::AuctionHeld& e) {
  std::string bids;
  for (const au::BidEntry& bid : e.bids) {
    bids += bid.bidding ? fmt::format(" {:>3}", bid.amount) : "   -";
  }
  const char letter = alphabet().upper(e.letter);
  points_[e.winner] -= e.price;
  won_[e.winner] += letter;
  // The auction just held is the current one: its letter stands out on a terminal.
  out_ << fmt::format("  {:>3}. {} ({:>2})  bids{}  -> {} {} pays {}", e.number,
                      paint(std::string(1, letter), Tone::kCurrent, colour_),
                      alphabet().value(e.letter), bids, e.winner + 1, names_[e.winner], e.price);
  if (e.tied > 1) out_ << fmt::format(" (a draw of {} equal bids)", e.tied);
  out_ << '\n';
  for (std::size_t seat = 0; seat < e.bids.size(); ++seat) {
    if (e.bids[seat].fault.empty()) continue;
    out_ << fmt::format("       {} {}: bid counted as 0: {}\n", seat + 1, names_[seat],
                        protocol::printable(e.bids[seat].fault));
  }
}

void AuctionView::show_round_end(const au::RoundEnded& e) {
  out_ << fmt::format("Round {} words:\n", e.round);
  // A word as played: letters of the alphabet in capitals, anything else escaped.
  const auto shown = [this](const std::string& played) {
    const auto letters = alphabet().encode(played);
    return played.empty() ? std::string("-")
           : letters      ? alphabet().decode_upper(*letters)
                          : protocol::printable(played);
  };
  std::size_t width = 4;
  for (const au::WordPlayed& w : e.words) width = std::max(width, shown(w.word).size());
  for (std::size_t seat = 0; seat < e.words.size(); ++seat) {
    const au::WordPlayed& w = e.words[seat];
    const std::string word = shown(w.word);
    std::string note;
    if (!w.fault.empty()) {
      note = protocol::printable(w.fault);
    } else if (w.word.empty()) {
      note = "no word";
    } else if (static_cast<int>(w.word.size()) >= rules_.bonus_length && rules_.bonus > 0) {
      note = fmt::format("{}-point bonus", rules_.bonus);
    }
    out_ << fmt::format(
        "  {}  {:<{}}  {:<11} total {:>4}, letters {}{}\n", player(static_cast<int>(seat)), word,
        width, points_column(w.score, 3) + ",", e.points[seat],
        alphabet().decode_upper(e.letters[seat]), note.empty() ? "" : fmt::format(" ({})", note));
  }
  points_ = e.points;
}

void AuctionView::show_end(const au::Finished& e) {
  points_ = e.points;
  std::vector<int> order(e.points.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return e.points[a] > e.points[b]; });
  out_ << "\nFinal standings:\n";
  for (int seat : order) {
    out_ << fmt::format("  {}  {}\n", player(seat), points_column(e.points[seat], 4));
  }
  if (e.winners.size() == 1) {
    const int w = e.winners.front();
    out_ << fmt::format("Winner: {} {} with {}.\n", w + 1, names_[w],
                        count_of(e.points[w], "point"));
  } else {
    out_ << "Tie for first place:";
    for (std::size_t i = 0; i < e.winners.size(); ++i) {
      out_ << fmt::format("{} {} {}", i == 0 ? "" : ",", e.winners[i] + 1, names_[e.winners[i]]);
    }
    out_ << fmt::format(" with {}.\n", count_of(e.points[e.winners.front()], "point"));
  }
}

bool TerminalModes::enter(const termios& current) {
  saved_ = current;
  raw_ = single_key_modes(current);
  if (!set_(raw_)) return false;
  state_ = kSingleKey;
  return true;
}

void TerminalModes::suspend() {
  if (state_ != kSingleKey) return;
  set_(saved_);
  state_ = kSuspended;
}

void TerminalModes::resume() {
  if (state_ != kSuspended) return;
  // Continued in the background (`bg`), the terminal is the shell's: setting it would stop us
  // again (SIGTTOU); stay suspended, the next SIGCONT (`fg`) tries again.
  if (set_(raw_)) state_ = kSingleKey;
}

void TerminalModes::leave() {
  if (state_ == kSingleKey) set_(saved_);
  state_ = kOff;
}

termios TerminalModes::single_key_modes(const termios& modes) {
  termios raw = modes;
  raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  return raw;
}

namespace {

enum class Command { kNone, kStep, kRound, kPlay, kFaster, kSlower, kDelay, kQuit, kEnd };

struct Order {
  Command command = Command::kNone;
  int count = 1;          ///< steps, for kStep
  milliseconds delay{0};  ///< for kDelay
};

bool set_stdin_modes(const termios& modes) {
  // Not from the background: there tcsetattr would stop the process (SIGTTOU).
  if (tcgetpgrp(STDIN_FILENO) != getpgrp()) return false;
  return tcsetattr(STDIN_FILENO, TCSANOW, &modes) == 0;
}

/// The single-key viewer's terminal modes, for the signal handlers (one viewer at a time).
TerminalModes g_modes(set_stdin_modes);

constexpr int kEndSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

void install(int signal, void (*handler)(int), struct sigaction* old = nullptr) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a signal wakes the viewer's poll, which then goes on
  sigaction(signal, &action, old);
}

/// Ctrl-Z: the terminal back to the shell, then stop as the signal's default does; on `fg`
/// the process continues here and single-key mode comes back.
void on_stop(int) {
  const int saved_errno = errno;
  g_modes.suspend();
  install(SIGTSTP, SIG_DFL);
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &stop, nullptr);
  raise(SIGTSTP);  // stopped here until SIGCONT
  install(SIGTSTP, on_stop);
  g_modes.resume();
  errno = saved_errno;
}

/// Continued (also after a SIGSTOP, which cannot be caught): single-key mode again.
void on_continue(int) {
  const int saved_errno = errno;
  g_modes.resume();
  errno = saved_errno;
}

/// What the signals that end the program did before the viewer: their default, or the
/// handler of the command that runs the viewer (which ends its bots, protocol/containment.h).
struct sigaction g_before_end[std::size(kEndSignals)]{};

/// Ctrl-C and the like: the terminal as it was, then what the signal did before the viewer
/// (the end, by default or by the command's own handler).
void on_end(int signal) {
  g_modes.leave();
  std::size_t i = 0;
  while (i < std::size(kEndSignals) && kEndSignals[i] != signal) ++i;
  const bool handled = i < std::size(kEndSignals) && g_before_end[i].sa_handler != SIG_DFL &&
                       g_before_end[i].sa_handler != SIG_IGN &&
                       (g_before_end[i].sa_flags & SA_SIGINFO) == 0;
  if (handled) {
    sigaction(signal, &g_before_end[i], nullptr);
  } else {
    install(signal, SIG_DFL);
  }
  raise(signal);  // delivered when the handler returns
}

/// The terminal in single-key mode (no line editing, no echo) while the viewer runs; restored
/// when it ends, on Ctrl-Z and on the signals that end the program.
class RawTerminal {
 public:
  RawTerminal() {
    termios current{};
    if (tcgetattr(STDIN_FILENO, &current) != 0) return;
    install(SIGTSTP, on_stop, &old_[0]);
    install(SIGCONT, on_continue, &old_[1]);
    for (std::size_t i = 0; i < std::size(kEndSignals); ++i) {
      install(kEndSignals[i], on_end, &old_[2 + i]);
      g_before_end[i] = old_[2 + i];
    }
    installed_ = true;
    g_modes.enter(current);  // if the terminal refuses, keys come by lines, still read
  }
  ~RawTerminal() {
    if (!installed_) return;
    g_modes.leave();
    sigaction(SIGTSTP, &old_[0], nullptr);
    sigaction(SIGCONT, &old_[1], nullptr);
    for (std::size_t i = 0; i < std::size(kEndSignals); ++i)
      sigaction(kEndSignals[i], &old_[2 + i], nullptr);
  }
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  /// The next key's order; kNone if no key came within `timeout` (nullopt: wait for one).
  Order key(std::optional<milliseconds> timeout) {
    pollfd fd{STDIN_FILENO, POLLIN, 0};
    const int wait = timeout ? static_cast<int>(timeout->count()) : -1;
    if (::poll(&fd, 1, wait) <= 0) return {};  // also a signal (EINTR): no key
    char c = 0;
    const ssize_t got = ::read(STDIN_FILENO, &c, 1);
    if (got < 0 && errno == EINTR) return {};
    if (got != 1) return {Command::kEnd};
    switch (c) {
      case ' ':
      case 'n':
      case '\n':
        return {Command::kStep};
      case 'r':
        return {Command::kRound};
      case 'p':
        return {Command::kPlay};  // toggles: the loop pauses when playing
      case '+':
        return {Command::kFaster};
      case '-':
        return {Command::kSlower};
      case 'q':
      case 4:  // Ctrl-D
        return {Command::kQuit};
      default:
        return {};
    }
  }

 private:
  struct sigaction old_[2 + std::size(kEndSignals)]{};
  bool installed_ = false;
};

/// A command line from piped input; nullopt with `error` set if it is not one.
std::optional<Order> parse_command(std::string_view line, std::string& error) {
  const std::string_view text = trim(line);
  const std::size_t space = text.find(' ');
  const std::string_view word = text.substr(0, space);
  const std::string_view arg =
      space == std::string_view::npos ? std::string_view() : trim(text.substr(space));
  auto number = [&](int lo, int hi) -> std::optional<int> {
    const ParsedNumber n = parse_integer(arg, /*allow_negative=*/true);
    if (!n || n.value < lo || n.value > hi) return {};
    return static_cast<int>(n.value);
  };
  if (word.empty() || word == "step" || word == "s" || word == "n") {
    if (arg.empty()) return Order{Command::kStep};
    if (const auto n = number(1, 1'000'000)) return Order{Command::kStep, *n};
    error = "step takes a number of auctions, e.g. 'step 5'";
    return {};
  }
  if (arg.empty() && (word == "round" || word == "r")) return Order{Command::kRound};
  if (arg.empty() && (word == "play" || word == "p")) return Order{Command::kPlay};
  if (arg.empty() && (word == "quit" || word == "q")) return Order{Command::kQuit};
  if (word == "delay" || word == "d") {
    if (const auto n = number(0, static_cast<int>(kMaxDelay.count())))
      return Order{Command::kDelay, 1, milliseconds(*n)};
    error =
        fmt::format("delay takes milliseconds from 0 to {}, e.g. 'delay 200'", kMaxDelay.count());
    return {};
  }
  error = fmt::format(
      "unknown command '{}': use step [N] (or an empty line), round, play, delay MS, quit", text);
  return {};
}

}  // namespace

std::optional<std::string> read_line_within(int fd, milliseconds limit, bool& timed_out) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + limit;
  timed_out = false;
  std::string line;
  for (;;) {
    const auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now());
    pollfd ready{fd, POLLIN, 0};
    const int polled = ::poll(&ready, 1, static_cast<int>(std::max<std::int64_t>(left.count(), 0)));
    if (polled < 0 && errno == EINTR) continue;
    if (polled == 0) {
      timed_out = true;
      return std::nullopt;
    }
    char c = 0;
    const ssize_t got = ::read(fd, &c, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got != 1) {
      if (line.empty()) return std::nullopt;
      return line;  // the last line, without its newline
    }
    if (c == '\n') return line;
    line += c;
  }
}

bool run_viewer(const std::function<std::optional<au::Event>()>& next, AuctionView& view,
                std::istream& in, std::ostream& out, const ViewerOptions& options) {
  milliseconds delay = std::clamp(options.delay, milliseconds(0), kMaxDelay);
  bool playing = options.play;
  bool input_ended = false;

  // One event of lookahead, so that the start of the game and of each round is shown before
  // the viewer waits for the person.
  std::optional<au::Event> pending;
  auto fetch = [&]() -> std::optional<au::Event> {
    if (pending) return std::exchange(pending, std::nullopt);
    return next();
  };
  auto show_openings = [&] {
    while (!pending) {
      pending = next();
      if (!pending) break;
      if (!std::holds_alternative<au::GameStarted>(*pending) &&
          !std::holds_alternative<au::RoundStarted>(*pending))
        break;
      view.show(*std::exchange(pending, std::nullopt));
    }
    out << std::flush;
  };
  // Shows events up to and including the next auction (or, with `whole_round`, only the
  // round's end), stopping early at a round's or the game's end. False when the game is over.
  auto advance = [&](bool whole_round, bool show_racks) {
    while (std::optional<au::Event> event = fetch()) {
      view.show(*event);
      const bool auction = std::holds_alternative<au::AuctionHeld>(*event);
      if (auction && show_racks) view.show_table();
      if ((auction && !whole_round) || std::holds_alternative<au::RoundEnded>(*event)) {
        show_openings();
        return true;
      }
      if (std::holds_alternative<au::Finished>(*event)) break;
    }
    out << std::flush;
    return false;
  };
  auto step = [&](bool show_racks) { return advance(false, show_racks); };
  auto to_round_end = [&] { return advance(true, false); };

  // + halves the delay, - doubles it, within [kMinDelay, kMaxDelay].
  auto retime = [&](Command command) {
    delay = command == Command::kFaster ? std::max(kMinDelay, delay / 2)
                                        : std::min(kMaxDelay, std::max(kMinDelay, delay * 2));
  };
  // Carries out an order given while paused: nullopt to go on, else run_viewer's result.
  auto obey = [&](const Order& order) -> std::optional<bool> {
    switch (order.command) {
      case Command::kStep:
        for (int i = 0; i < order.count; ++i) {
          if (!step(order.count == 1)) return true;
        }
        break;
      case Command::kRound:
        if (!to_round_end()) return true;
        break;
      case Command::kPlay:
        playing = true;
        break;
      case Command::kFaster:
      case Command::kSlower:
        retime(order.command);
        out << fmt::format("Delay {} ms.\n", delay.count()) << std::flush;
        break;
      case Command::kDelay:
        delay = order.delay;
        break;
      case Command::kQuit:
      case Command::kEnd:
        return false;
      case Command::kNone:
        break;
    }
    return std::nullopt;
  };

  if (options.terminal) {
    RawTerminal keys;
    const std::string help =
        "Keys: space step, r to the end of the round, p play/pause, + faster, - slower, q quit.";
    show_openings();
    out << help << '\n' << std::flush;
    for (;;) {
      if (playing) {
        if (!step(false)) return true;
        const Order order = keys.key(delay);
        if (order.command == Command::kPlay) {
          playing = false;
          out << fmt::format("Paused (delay {} ms). {}\n", delay.count(), help) << std::flush;
        } else if (order.command == Command::kFaster || order.command == Command::kSlower) {
          retime(order.command);
        } else if (order.command == Command::kQuit || order.command == Command::kEnd) {
          return false;
        }
        continue;
      }
      if (const std::optional<bool> done = obey(keys.key(std::nullopt))) return *done;
    }
  }

  Prompt prompt(in, out, true);
  show_openings();
  for (;;) {
    if (playing || input_ended) {
      if (!step(false)) return true;
      if (!input_ended && delay.count() > 0) std::this_thread::sleep_for(delay);
      continue;
    }
    const std::optional<Order> order = prompt.ask<Order>("> ", parse_command);
    if (!order) {
      input_ended = true;
      out << "\n(end of input: the rest of the game)\n";
      continue;
    }
    if (const std::optional<bool> done = obey(*order)) return *done;
  }
}

}  // namespace wg::cli
