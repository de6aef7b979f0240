// `wordgames auction`: the viewer driven by piped commands, logs and replays, tournaments.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <iterator>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "cli/auction_viewer.h"
#include "support/blocking_wait.h"
#include "support/golden.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

// Goldens use the random and value bots only: the strong bot is tuned over time.
const std::vector<std::string> kGame = {
    "auction", "--players", "value,random,value", "--rounds", "2", "--hidden", "2", "--seed", "7"};

ProcessResult run(std::vector<std::string> args, std::string input = "") {
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The output after its first line (which names the seed or the replayed file).
std::string after_first_line(const std::string& text) { return text.substr(text.find('\n') + 1); }

// The viewer's terminal modes through job control, with a fake terminal: what the signal
// handlers do on SIGTSTP (Ctrl-Z), SIGCONT (`fg`, or `bg` where the terminal is the shell's)
// and the signals that end the program.
struct FakeTerminal {
  static inline termios modes{};
  static inline bool refuse = false;  // as a process in the background is refused
  static inline int sets = 0;
  static bool set(const termios& m) {
    if (refuse) return false;
    modes = m;
    ++sets;
    return true;
  }
  static bool single_key() { return (modes.c_lflag & (ICANON | ECHO)) == 0; }
  static bool line_mode() { return (modes.c_lflag & (ICANON | ECHO)) == (ICANON | ECHO); }
};

TEST(AuctionTerminal, CtrlZGivesTheShellItsTerminalAndFgTakesItBack) {
  FakeTerminal::modes = {};
  FakeTerminal::modes.c_lflag = ICANON | ECHO | ISIG;
  FakeTerminal::refuse = false;
  cli::TerminalModes modes(&FakeTerminal::set);
  ASSERT_TRUE(modes.enter(FakeTerminal::modes));
  EXPECT_TRUE(FakeTerminal::single_key());
  EXPECT_TRUE(FakeTerminal::modes.c_lflag & ISIG) << "Ctrl-Z and Ctrl-C still signal";
  EXPECT_TRUE(modes.single_key());

  modes.suspend();  // Ctrl-Z
  EXPECT_TRUE(FakeTerminal::line_mode());
  EXPECT_TRUE(modes.suspended());
  modes.resume();  // fg
  EXPECT_TRUE(FakeTerminal::single_key());
  EXPECT_TRUE(modes.single_key());

  // Again, and continued in the background first: the terminal is the shell's, the viewer stays
  // suspended until `fg`.
  modes.suspend();
  FakeTerminal::refuse = true;
  modes.resume();  // bg
  EXPECT_TRUE(modes.suspended());
  EXPECT_TRUE(FakeTerminal::line_mode());
  FakeTerminal::refuse = false;
  modes.resume();  // fg
  EXPECT_TRUE(FakeTerminal::single_key());

  // SIGCONT without a stop before it (after SIGSTOP the handler of SIGTSTP never ran): nothing.
  const int sets = FakeTerminal::sets;
  modes.resume();
  EXPECT_EQ(FakeTerminal::sets, sets);

  modes.leave();  // Ctrl-C, or the viewer ends
  EXPECT_TRUE(FakeTerminal::line_mode());
  EXPECT_FALSE(modes.single_key());
  modes.leave();
  modes.resume();  // a late SIGCONT does not bring single-key mode back
  modes.suspend();
  EXPECT_TRUE(FakeTerminal::line_mode());
  EXPECT_EQ(FakeTerminal::sets, sets + 1);
}

TEST(AuctionTerminal, LeavingWhileStoppedKeepsTheShellsModes) {
  FakeTerminal::modes = {};
  FakeTerminal::modes.c_lflag = ICANON | ECHO;
  FakeTerminal::refuse = false;
  cli::TerminalModes modes(&FakeTerminal::set);
  ASSERT_TRUE(modes.enter(FakeTerminal::modes));
  modes.suspend();
  modes.leave();  // SIGHUP or SIGTERM while stopped
  modes.resume();
  EXPECT_TRUE(FakeTerminal::line_mode());
}

TEST(AuctionTerminal, ATerminalThatRefusesStaysAsItWas) {
  FakeTerminal::modes = {};
  FakeTerminal::modes.c_lflag = ICANON | ECHO;
  FakeTerminal::refuse = true;
  FakeTerminal::sets = 0;
  cli::TerminalModes modes(&FakeTerminal::set);
  EXPECT_FALSE(modes.enter(FakeTerminal::modes));
  EXPECT_FALSE(modes.single_key());
  FakeTerminal::refuse = false;
  modes.resume();
  modes.leave();
  EXPECT_TRUE(FakeTerminal::line_mode());
  EXPECT_EQ(FakeTerminal::sets, 0) << "nothing to restore";
}

/// Reads the terminal's output into `seen` until `text` is in it: blocking reads, so nothing is
/// missed and nothing is polled; false at the end of the output or when the hang guard passes.
bool read_until(int master, std::string& seen, std::string_view text) {
  while (seen.find(text) == std::string::npos) {
    if (!wait_readable(master)) return false;
    char buffer[4096];
    const ssize_t n = read(master, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // EIO: every process on the terminal has ended
    seen.append(buffer, static_cast<std::size_t>(n));
  }
  return true;
}

/// The next change of the job that the "shell" reports: 'T' stopped, 'C' continued, 'E' ended;
/// '?' if none came within the hang guard.
char next_report(int report) {
  char state = '?';
  if (!wait_readable(report) || read(report, &state, 1) != 1) return '?';
  return state;
}

// The real viewer on a pseudo-terminal, run as a shell runs a job (its own process group in
// the foreground): Ctrl-Z (SIGTSTP) stops it with the terminal back in line mode, `fg`
// (SIGCONT) gives it single-key mode again, q ends it with the terminal as it was. Every step
// waits for an event, never for time: the viewer prints its keys after entering single-key
// mode, the shell reports the job's stop and continue (waitpid, as a shell learns them), and a
// key the viewer answers after continuing shows it has left line mode (a line-mode terminal
// would hold the key until Enter).
TEST(AuctionTerminal, StopAndContinueOnARealTerminal) {
  int ready[2];
  int report[2];
  ASSERT_EQ(pipe(ready), 0);
  ASSERT_EQ(pipe(report), 0);
  int master = -1;
  const pid_t shell = forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(shell, 0);
  if (shell == 0) {  // the "shell": session leader of the terminal
    const pid_t job = fork();
    if (job == 0) {
      char go = 0;
      if (read(ready[0], &go, 1) != 1) _exit(3);
      execl(WG_BINARY, "wordgames", "auction", "--players", "value,random", "--rounds", "1",
            "--hidden", "2", "--seed", "5", "--delay", "500", static_cast<char*>(nullptr));
      _exit(4);
    }
    setpgid(job, job);
    signal(SIGTTOU, SIG_IGN);
    tcsetpgrp(STDIN_FILENO, job);
    if (write(report[1], &job, sizeof job) != sizeof job) _exit(5);
    if (write(ready[1], "g", 1) != 1) _exit(6);
    int status = 0;
    for (;;) {
      if (waitpid(job, &status, WUNTRACED | WCONTINUED) < 0) {
        if (errno == EINTR) continue;
        _exit(8);
      }
      const char state = WIFSTOPPED(status) ? 'T' : WIFCONTINUED(status) ? 'C' : 'E';
      if (write(report[1], &state, 1) != 1) _exit(5);
      if (state == 'E') break;
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 7);
  }
  ChildHandle shell_process(shell);
  pid_t job = 0;
  ASSERT_TRUE(wait_readable(report[0]));
  ASSERT_EQ(read(report[0], &job, sizeof job), static_cast<ssize_t>(sizeof job));
  auto modes = [&] {
    termios t{};
    tcgetattr(master, &t);
    return t.c_lflag & (ICANON | ECHO);
  };
  std::string output;
  ASSERT_TRUE(read_until(master, output, "Keys:")) << output;
  EXPECT_EQ(modes(), 0u) << "single-key mode";
  kill(job, SIGTSTP);
  EXPECT_EQ(next_report(report[0]), 'T') << "stopped";
  EXPECT_EQ(modes(), static_cast<tcflag_t>(ICANON | ECHO)) << "the shell's modes while stopped";
  kill(job, SIGCONT);
  EXPECT_EQ(next_report(report[0]), 'C') << "continued";
  ASSERT_EQ(write(master, "+", 1), 1);  // no Enter: answered only in single-key mode
  EXPECT_TRUE(read_until(master, output, "Delay 250 ms.")) << output;
  EXPECT_EQ(modes(), 0u) << "single-key mode again";
  ASSERT_EQ(write(master, "q", 1), 1);
  EXPECT_EQ(next_report(report[0]), 'E') << "ended";
  read_until(master, output, "\x04 never printed");  // the rest of the output, to its end
  const std::optional<int> status = shell_process.wait();
  ASSERT_TRUE(status.has_value()) << "the shell did not end";
  EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << *status;
  EXPECT_EQ(modes(), static_cast<tcflag_t>(ICANON | ECHO)) << "restored at the end";
  for (int fd : {ready[0], ready[1], report[0], report[1], master}) close(fd);
}

TEST(AuctionTerminal, ALineWithinTheTimeLimit) {
  using std::chrono::milliseconds;
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  bool timed_out = true;
  // Nothing written: the time (none) is up at once, whatever the clock says.
  EXPECT_EQ(cli::read_line_within(fds[0], milliseconds(0), timed_out), std::nullopt);
  EXPECT_TRUE(timed_out);
  // Lines written before: read one at a time, nothing after a line taken, whatever the limit
  // (the hang guard is a minute, never reached).
  ASSERT_EQ(write(fds[1], "12\nHAT\nlast", 11), 11);
  EXPECT_EQ(cli::read_line_within(fds[0], milliseconds(60'000), timed_out), "12");
  EXPECT_FALSE(timed_out);
  EXPECT_EQ(cli::read_line_within(fds[0], milliseconds(60'000), timed_out), "HAT");
  close(fds[1]);  // the end of input ends the last line
  EXPECT_EQ(cli::read_line_within(fds[0], milliseconds(60'000), timed_out), "last");
  EXPECT_EQ(cli::read_line_within(fds[0], milliseconds(60'000), timed_out), std::nullopt);
  EXPECT_FALSE(timed_out);
  close(fds[0]);
}

TEST(AuctionGolden, StepRoundAndPlay) {
  const ProcessResult r = run(kGame, "\nstep 3\nround\nplay\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/auction/step_round_play_seed7.txt", r.out));
}

TEST(AuctionGolden, LogOfASeededGame) {
  TempDir dir;
  const ProcessResult r = run(with(kGame, {"--log", (dir / "game.jsonl").string()}), "play\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(matches_golden("cli/golden/auction/game_seed7.jsonl", read_file(dir / "game.jsonl")));
  EXPECT_NE(r.out.find("Log written to "), std::string::npos) << r;
}

TEST(Auction, JsonPrintsTheLogLines) {
  TempDir dir;
  const ProcessResult logged = run(with(kGame, {"--log", (dir / "game.jsonl").string()}), "");
  const ProcessResult json = run(with(kGame, {"--json"}));
  ASSERT_EQ(json.exit_code, 0) << json;
  EXPECT_EQ(json.out, read_file(dir / "game.jsonl"));
  for (const std::string& line : lines_of(json.out))
    EXPECT_TRUE(nlohmann::json::accept(line)) << line;
}

TEST(Auction, ReplayShowsWhatTheLiveGameShowed) {
  TempDir dir;
  const std::string log = (dir / "game.jsonl").string();
  const ProcessResult live = run(with(kGame, {"--log", log}), "step 2\nplay\n");
  ASSERT_EQ(live.exit_code, 0) << live;
  const ProcessResult again = run({"auction", "replay", log}, "step 2\nplay\n");
  ASSERT_EQ(again.exit_code, 0) << again;
  std::string expected = after_first_line(live.out);
  expected = expected.substr(0, expected.find("Log written to "));
  // The live game, recorded, offers its review; a replay records nothing.
  const std::string offer = "What was best, and what each move cost: wordgames review 1\n";
  if (const std::size_t at = expected.find(offer); at != std::string::npos) {
    expected.erase(at, offer.size());
  }
  EXPECT_EQ(after_first_line(again.out), expected);
  EXPECT_EQ(again.out.substr(0, again.out.find('\n')),
            "Replay of " + log + ": seed 7, lexicon built-in (enable1).");
  const ProcessResult json = run({"auction", "replay", log, "--json"});
  EXPECT_EQ(json.out, read_file(log));
}

/// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// A log from outside may hold anything JSON can say: a terminal's escape sequences in the
// player names, the lexicon's source, a word or a fault are shown escaped, never obeyed.
TEST(Auction, ReplayShowsControlCharactersFromTheLogEscaped) {
  TempDir dir;
  const std::string log = (dir / "game.jsonl").string();
  ASSERT_EQ(run(with(kGame, {"--log", log})).exit_code, 0);
  std::string text = read_file(log);
  text = replaced(text, R"j("source":"built-in (enable1)")j",
                  R"j("source":"evil\u001b]0;title\u0007.txt")j");
  text = replaced(text, R"j("players":["value","random","value"])j",
                  R"j("players":["value","\u001b[2Jrandom","value"])j");
  text = replaced(text, R"j({"word":"quads","score":15})j",
                  R"j({"word":"qu\u001b[31mads","score":0,"fault":"replied \u009b2J"})j");
  const std::string evil = (dir / "evil.jsonl").string();
  std::ofstream(evil, std::ios::binary) << text;
  const ProcessResult r = run({"auction", "replay", evil});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r;
  EXPECT_EQ(r.out.find('\x07'), std::string::npos) << r;
  EXPECT_EQ(r.out.find("\xc2\x9b"), std::string::npos) << r;
  EXPECT_NE(r.out.find("lexicon evil\\x1b]0;title\\x07.txt."), std::string::npos) << r;
  EXPECT_NE(r.out.find("2 \\x1b[2Jrandom"), std::string::npos) << r;
  EXPECT_NE(r.out.find("qu\\x1b[31mads"), std::string::npos) << r;
  EXPECT_NE(r.out.find("(replied \\xc2\\x9b2J)"), std::string::npos) << r;
}

TEST(Auction, ReplayErrorsAndWarningsQuoteTheLogEscaped) {
  // Issue 31: `auction replay` quoted a raw byte of the log in its error.
  TempDir dir;
  const std::string log = (dir / "game.jsonl").string();
  ASSERT_EQ(run(with(kGame, {"--log", log})).exit_code, 0);
  const std::string text = read_file(log);
  const std::string header = text.substr(0, text.find('\n') + 1);
  const auto raw = [](const std::string& out) {
    return out.find('\x1b') != std::string::npos || out.find('\xff') != std::string::npos ||
           out.find("\xc2\x9b") != std::string::npos;
  };
  for (const std::string& line :
       {std::string("\xff\x1b[2J\n"), std::string("{\"event\": \"x\\u001b[2J\\u009b\"}\n"),
        std::string("{\"event\": \"\xff\"}\n")}) {
    const auto bad = dir.write("bad.jsonl", header + line);
    const ProcessResult r = run({"auction", "replay", bad.string()});
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_NE(r.err.find("bad.jsonl:2: "), std::string::npos) << r;
    EXPECT_FALSE(raw(r.err)) << r;
  }
  // A file name with an escape sequence, in the warning and the text of a cut log.
  std::size_t cut = 0;
  for (int line = 0; line < 5; ++line) cut = text.find('\n', cut) + 1;
  const auto named = dir.write("cut\x1b[2J\xc2\x9b.jsonl", text.substr(0, cut + 20));
  for (const bool json : {false, true}) {
    std::vector<std::string> args = {"auction", "replay", named.string()};
    if (json) args.emplace_back("--json");
    const ProcessResult r = run(args, "play\n");
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_NE(
        unwrapped(json ? r.err : r.out).find("cut\\x1b[2J\\xc2\\x9b.jsonl stops in the middle"),
        std::string::npos)
        << r;
    EXPECT_FALSE(raw(r.err)) << r;
    if (!json) EXPECT_FALSE(raw(r.out)) << r;
  }
}

TEST(Auction, ReplayOfALogCutInTheMiddleOfALineShowsTheWholeLinesAndSaysWhereItStopped) {
  TempDir dir;
  const std::string log = (dir / "game.jsonl").string();
  ASSERT_EQ(run(with(kGame, {"--log", log})).exit_code, 0);
  const std::string text = read_file(log);
  std::size_t cut = 0;
  for (int line = 0; line < 5; ++line) cut = text.find('\n', cut) + 1;
  const auto cut_log = dir.write("cut.jsonl", text.substr(0, cut + 20));
  const ProcessResult r = run({"auction", "replay", cut_log.string()}, "play\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("    3. "), std::string::npos) << r;  // the 3 auctions of lines 3-5
  EXPECT_EQ(r.out.find("    4. "), std::string::npos) << r;
  const std::string stopped = "\nThe log ends before the end of the game: " + cut_log.string() +
                              " stops in the middle of line 6.\n";
  EXPECT_EQ(r.out.substr(r.out.size() - stopped.size()), stopped) << r;
  const ProcessResult json = run({"auction", "replay", cut_log.string(), "--json"});
  ASSERT_EQ(json.exit_code, 0) << json;
  EXPECT_EQ(json.out, text.substr(0, cut));
  EXPECT_EQ(unwrapped(json.err),
            "wordgames: warning: " + cut_log.string() +
                " stops in the middle of line 6: the lines before it were replayed\n");
  const auto header_only = dir.write("header.jsonl", text.substr(0, 40));
  const ProcessResult nothing = run({"auction", "replay", header_only.string()});
  EXPECT_EQ(nothing.exit_code, 2) << nothing;
  EXPECT_NE(
      unwrapped(nothing.err).find("header.jsonl:1: the log stops in the middle of its first line"),
      std::string::npos)
      << nothing;
}

TEST(Auction, EndOfInputShowsTheRestAndQuitStops) {
  const ProcessResult eof = run(kGame, "step\n");
  ASSERT_EQ(eof.exit_code, 0) << eof;
  EXPECT_NE(eof.out.find("(end of input: the rest of the game)"), std::string::npos) << eof;
  EXPECT_NE(eof.out.find("Final standings:"), std::string::npos) << eof;
  const ProcessResult quit = run(kGame, "step\nquit\n");
  ASSERT_EQ(quit.exit_code, 0) << quit;
  EXPECT_NE(quit.out.find("Stopped before the end of the game."), std::string::npos) << quit;
  EXPECT_EQ(quit.out.find("Final standings:"), std::string::npos) << quit;
}

TEST(Auction, BadCommandsReprompt) {
  const ProcessResult r = run(kGame, "dance\nstep x\ndelay -4\nstep 0\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  std::string flat = r.out;  // wrapped at 80 columns
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_NE(flat.find("unknown command 'dance': use step [N] (or an empty line), round, play, "
                      "delay MS, quit"),
            std::string::npos)
      << r;
  EXPECT_NE(r.out.find("step takes a number of auctions, e.g. 'step 5'"), std::string::npos);
  EXPECT_NE(r.out.find("delay takes milliseconds from 0 to 60000, e.g. 'delay 200'"),
            std::string::npos);
  EXPECT_EQ(r.out.find("  1. "), std::string::npos) << "nothing was auctioned";
}

TEST(Auction, SameSeedSameGame) {
  const ProcessResult a = run(with(kGame, {"--json"}));
  const ProcessResult b = run(with(kGame, {"--json"}));
  std::vector<std::string> other = kGame;
  other.back() = "8";
  const ProcessResult c = run(with(other, {"--json"}));
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST(Auction, BadOptionsAreUsageErrors) {
  const std::vector<std::vector<std::string>> cases = {
      {"auction", "--players", "value"},
      {"auction", "--players", "value,robot"},
      {"auction", "--players", "value,cmd:"},
      {"auction", "--players", "value,value", "--hidden", "8"},
      {"auction", "--players", "value,value", "--rack-size", "5", "--hidden", "6"},
      {"auction", "--players", "value,value", "--rack-size", "0"},
      {"auction", "--players", "value,value", "--letters-per-round", "99"},
      {"auction", "--players", "value,value", "--rounds", "0"},
      {"auction", "--players", "value,value", "--delay", "x"},
      {"auction", "tournament"},
      {"auction", "tournament", "--players", "value,value", "--games", "0"},
      {"auction", "tournament", "--players", "value,value", "--jobs", "0"},
      {"auction", "replay"},
      {"auction", "--players", "value,value", "--bot-cpu", "x"},
      {"auction", "--players", "value,value", "--bot-memory", "-1"},
      {"auction", "tournament", "--players", "value,value", "--bot-processes", "100001"},
  };
  for (const auto& args : cases) {
    const ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_EQ(r.err.rfind("wordgames: ", 0), 0u) << r;
  }
  const ProcessResult hidden = run({"auction", "--players", "value,value", "--hidden", "8"});
  EXPECT_NE(hidden.err.find("hidden letters must be between 0 and 7, not 8"), std::string::npos)
      << hidden;
  const ProcessResult unknown = run({"auction", "--players", "value,robot"});
  EXPECT_NE(unknown.err.find("unknown player 'robot': use random, value, "), std::string::npos)
      << unknown;
}

TEST(Auction, EmptyArgumentsAreRefusedNotReadAsTheDefault) {
  const std::vector<std::vector<std::string>> cases = {
      {"auction", "--players", ""},
      {"auction", "--players", " "},
      {"auction", "--players", "value,value", "--log", ""},
      {"auction", "--players", "value,value", "--bot-log", ""},
      {"auction", "--players", "value,value", "--hidden", ""},
      {"auction", "--players", "value,value", "--rounds", ""},
      {"auction", "--players", "value,value", "--rack-size", ""},
      {"auction", "--players", "value,value", "--letters-per-round", ""},
      {"auction", "--players", "value,value", "--delay", ""},
      {"auction", "--players", "value,value", "--bot-timeout", ""},
      {"auction", "replay", ""},
      {"auction", "tournament", "--players", ""},
      {"auction", "tournament", "--players", "value,value", "--log-dir", ""},
      {"auction", "tournament", "--players", "value,value", "--games", ""},
  };
  for (const auto& args : cases) {
    const ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(r.out.empty()) << r;
    EXPECT_EQ(r.err.rfind("wordgames: ", 0), 0u) << r;
  }
  const ProcessResult players = run({"auction", "--players", ""});
  EXPECT_NE(players.err.find("--players: needs a value"), std::string::npos) << players;
}

TEST(Auction, ALogThatIsNoRegularFileIsRefusedAtOnce) {
  // Issue 31: `auction --log FIFO` blocked for ever, waiting for a reader.
  TempDir dir;
  const std::string fifo = (dir / "log.fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const ProcessResult r = run(with(kGame, {"--log", fifo}));
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_FALSE(r.timed_out) << r;
  EXPECT_NE(unwrapped(r.err).find("cannot write the log '" + fifo +
                                  "': it is a FIFO (named pipe), not a regular file"),
            std::string::npos)
      << r;
  const ProcessResult directory = run(with(kGame, {"--log", dir.path().string()}));
  EXPECT_EQ(directory.exit_code, 2) << directory;
  EXPECT_NE(unwrapped(directory.err).find("is a directory"), std::string::npos) << directory;
  const ProcessResult device = run(with(kGame, {"--log", "/dev/null"}));
  EXPECT_EQ(device.exit_code, 2) << device;
  EXPECT_NE(unwrapped(device.err).find("'/dev/null': it is a device, not a regular file"),
            std::string::npos)
      << device;
  // A bot's stderr log, appended to when the bot starts: refused before the game too.
  const ProcessResult bot_log = run({"auction", "--players", "cmd:true,value", "--bot-log", fifo});
  EXPECT_EQ(bot_log.exit_code, 1) << bot_log;
  EXPECT_NE(unwrapped(bot_log.err)
                .find("cannot write the bot log '" + fifo + "': it is not a regular file"),
            std::string::npos)
      << bot_log;
  // A regular file is written, and one written before is replaced.
  const std::string file = (dir / "game.jsonl").string();
  ASSERT_EQ(run(with(kGame, {"--log", file})).exit_code, 0);
  const std::string first = read_file(file);
  dir.write("game.jsonl", first + first + "more\n");
  ASSERT_EQ(run(with(kGame, {"--log", file})).exit_code, 0);
  EXPECT_EQ(read_file(file), first);
}

TEST(Auction, HiddenLettersFromNoneToAFullRack) {
  // 0 to 7 as the original simulator allowed: with 7 every rack is full from the start, so a
  // round has no auction and ends with the words.
  const ProcessResult full = run(
      {"auction", "--players", "value,random", "--rounds", "1", "--hidden", "7", "--seed", "3"});
  ASSERT_EQ(full.exit_code, 0) << full;
  EXPECT_NE(full.out.find("Letter auction: 2 players, 1 round, 7 hidden letters each, 100 "
                          "points to start."),
            std::string::npos)
      << full;
  EXPECT_EQ(full.out.find("  1. "), std::string::npos) << "no auction: every rack was full";
  EXPECT_NE(full.out.find("Final standings:"), std::string::npos) << full;
  const ProcessResult none = run({"auction", "--players", "value,random", "--rounds", "1",
                                  "--hidden", "0", "--seed", "3", "--json"});
  ASSERT_EQ(none.exit_code, 0) << none;
  EXPECT_NE(none.out.find("\"hidden_letters\":0"), std::string::npos) << none;
}

TEST(Auction, RackSizeAndLettersPerRoundAreOptions) {
  // 9 letters to a rack, at most 5 offered a round: the round ends after 5 auctions although
  // no rack is full.
  const ProcessResult r =
      run({"auction", "--players", "value,random", "--rounds", "1", "--hidden", "1", "--rack-size",
           "9", "--letters-per-round", "5", "--seed", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  int auctions = 0;
  for (const std::string& line : lines_of(r.out)) {
    const nlohmann::json json = nlohmann::json::parse(line);
    if (json.contains("rules")) {
      EXPECT_EQ(json["rules"]["rack_size"], 9) << line;
      EXPECT_EQ(json["rules"]["letters_per_round"], 5) << line;
    }
    if (json.value("event", "") == "auction") ++auctions;
  }
  EXPECT_EQ(auctions, 5) << r;
  const ProcessResult shown = run({"auction", "--players", "value,random", "--rounds", "1",
                                   "--rack-size", "9", "--letters-per-round", "5", "--seed", "3"});
  ASSERT_EQ(shown.exit_code, 0) << shown;
  EXPECT_NE(shown.out.find("9 letters to a rack, at most 5 letters offered a round."),
            std::string::npos)
      << shown;
}

// A human seat from piped input: answers are lines, with no time limit.
const std::vector<std::string> kHumanGame = {
    "auction", "--players", "human,value", "--rounds", "1", "--hidden", "2", "--seed", "3"};

TEST(AuctionHuman, PlaysFromPipedLinesSeeingOnlyItsOwnHiddenLetters) {
  TempDir dir;
  // Bids of 0 (and a few refused answers first), then a word the letters cannot make, then
  // none. More 0 lines than bids asked: the rest are taken as words (refused) until the empty
  // line.
  std::string input = "many\n101\n";
  for (int i = 0; i < 14; ++i) input += "0\n";
  input += "ZZZZ\n\n";
  const ProcessResult r = run(with(kHumanGame, {"--log", (dir / "game.jsonl").string()}), input);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("Your bid, 0 to 100 (q quits): many"), std::string::npos) << r;
  EXPECT_NE(r.out.find("Please bid a whole number from 0 to 100."), std::string::npos) << r;
  EXPECT_NE(r.out.find("Your word (an empty line: none)"), std::string::npos) << r;
  EXPECT_NE(r.out.find("ZZZZ is not made from your letters"), std::string::npos) << r;
  EXPECT_NE(r.out.find("Final standings:"), std::string::npos) << r;
  // The seed, which would let another run show every hidden letter, comes only at the end.
  EXPECT_GT(r.out.find("Seed 3 (play the same game again with --seed 3)."),
            r.out.find("Final standings:"))
      << r;
  // The bot's hidden letters, from the log (the host's record), are never shown while the
  // round is played: its rack shows [??].
  const std::string log = read_file(dir / "game.jsonl");
  const nlohmann::json round = nlohmann::json::parse(lines_of(log).at(1));
  ASSERT_EQ(round["event"], "round_started") << log;
  auto upper = [](std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
  };
  const std::string theirs = upper(round["hidden"][1].get<std::string>());
  const std::string mine = upper(round["hidden"][0].get<std::string>());
  const std::string shown = r.out.substr(0, r.out.find("Round 1 words:"));
  EXPECT_NE(shown.find("2 value  [??]"), std::string::npos) << r;
  EXPECT_NE(shown.find(fmt::format("1 human  [{}]", mine)), std::string::npos) << r;
  EXPECT_EQ(shown.find(fmt::format("[{}]", theirs)), std::string::npos) << r;
}

TEST(AuctionHuman, QuitOrTheEndOfInputStopsTheGame) {
  for (const std::string input : {"q\n", ""}) {
    const ProcessResult r = run(kHumanGame, input);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_NE(r.out.find("Stopped before the end of the game."), std::string::npos) << r;
    EXPECT_EQ(r.out.find("Final standings:"), std::string::npos) << r;
  }
}

TEST(AuctionHuman, AGameQuitShowsItsSeedOnlyWhenThePlayerChoseIt) {
  // Without --seed the seed is the program's: shown before the end, another run with it would
  // show every hidden letter of the game, which may be resumed.
  const std::vector<std::string> drawn = {"auction",  "--players", "human,value", "--rounds", "1",
                                          "--hidden", "2"};
  const ProcessResult quit = run(drawn, "q\n");
  ASSERT_EQ(quit.exit_code, 0) << quit;
  EXPECT_NE(quit.out.find("Stopped before the end of the game."), std::string::npos) << quit;
  EXPECT_EQ(quit.out.find("Seed "), std::string::npos) << quit;
  EXPECT_NE(quit.out.find("Its seed is shown when the game has ended"), std::string::npos) << quit;
  // The player's own seed is theirs to see; and once the game has ended, so is the program's.
  const ProcessResult chosen = run(kHumanGame, "q\n");
  EXPECT_NE(chosen.out.find("Seed 3 (play the same game again with --seed 3)."), std::string::npos)
      << chosen;
  std::string zeros;  // bids of 0, then (refused) words until the empty line: the game ends
  for (int i = 0; i < 40; ++i) zeros += "0\n";
  const ProcessResult ended = run(drawn, zeros + "\n");
  EXPECT_EQ(ended.out.find("Stopped before the end of the game."), std::string::npos) << ended;
  EXPECT_NE(ended.out.find("Final standings:"), std::string::npos) << ended;
  EXPECT_NE(ended.out.find("Seed "), std::string::npos) << ended;
}

TEST(AuctionHuman, OneHumanAndOnlyInTheViewer) {
  const std::vector<std::vector<std::string>> cases = {
      {"auction", "--players", "human,human"},
      {"auction", "--players", "human,value", "--json"},
      {"auction", "tournament", "--players", "human,value"},
  };
  for (const auto& args : cases) {
    const ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_EQ(r.err.rfind("wordgames: ", 0), 0u) << r;
  }
}

TEST(Auction, UnreadableLogsAreBadInput) {
  TempDir dir;
  const ProcessResult missing = run({"auction", "replay", (dir / "none.jsonl").string()});
  EXPECT_EQ(missing.exit_code, 2) << missing;
  EXPECT_NE(missing.err.find("cannot read the log"), std::string::npos) << missing;
  const auto bad = dir.write("bad.jsonl", "{\"log\":\"wordgames-auction\",\"version\":1}\n");
  const ProcessResult malformed = run({"auction", "replay", bad.string()});
  EXPECT_EQ(malformed.exit_code, 2) << malformed;
  EXPECT_NE(malformed.err.find("bad.jsonl:1: missing \"seed\""), std::string::npos) << malformed;
  const ProcessResult unwritable =
      run(with(kGame, {"--log", (dir / "no-such-dir" / "x.jsonl").string()}));
  EXPECT_EQ(unwritable.exit_code, 2) << unwritable;
  EXPECT_NE(unwritable.err.find("cannot write the log"), std::string::npos) << unwritable;
  if (std::filesystem::exists("/dev/full")) {  // a disk that is full: every write fails
    const ProcessResult full = run(with(kGame, {"--log", "/dev/full"}));
    EXPECT_EQ(full.exit_code, 2) << full;
    EXPECT_NE(full.err.find("cannot write the log '/dev/full'"), std::string::npos) << full;
    EXPECT_TRUE(full.out.empty()) << full;
  }
}

TEST(AuctionTournament, JsonIsTheSameWithAnyNumberOfJobs) {
  const std::vector<std::string> args = {
      "auction",  "tournament", "--players", "value,random,random", "--games", "40", "--seed", "3",
      "--rounds", "2",          "--json"};
  const ProcessResult one = run(with(args, {"--jobs", "1"}));
  const ProcessResult two = run(with(args, {"--jobs", "2"}));
  ASSERT_EQ(one.exit_code, 0) << one;
  ASSERT_EQ(two.exit_code, 0) << two;
  nlohmann::json a = json_of(one), b = json_of(two);
  EXPECT_EQ(a["jobs"], 1);
  EXPECT_EQ(b["jobs"], 2);
  EXPECT_EQ(a["bots"], b["bots"]);
  EXPECT_EQ(a["games"], 40);
  EXPECT_EQ(a["lineup"], nlohmann::json({"value", "random", "random"}));
  ASSERT_EQ(a["bots"].size(), 2u);
  EXPECT_EQ(a["bots"][0]["name"], "value");
  EXPECT_EQ(a["bots"][1]["seats"], 2);
  EXPECT_EQ(a["bots"][1]["player_games"], 80);
  const double wins =
      a["bots"][0]["win_rate"].get<double>() * 40 + a["bots"][1]["win_rate"].get<double>() * 80;
  EXPECT_NEAR(wins, 40.0, 1e-9);
}

TEST(AuctionTournament, LogDirHoldsAReplayableLogPerGame) {
  TempDir dir;
  const std::string logs = (dir / "logs").string();
  const ProcessResult r =
      run({"auction", "tournament", "--players", "value,random,value", "--games", "3", "--seed",
           "5", "--rounds", "1", "--jobs", "2", "--log-dir", logs});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (int game = 1; game <= 3; ++game) {
    const std::string path = logs + "/game-00000" + std::to_string(game) + ".jsonl";
    const std::string text = read_file(path);
    ASSERT_FALSE(text.empty()) << path;
    const nlohmann::json header = nlohmann::json::parse(text.substr(0, text.find('\n')));
    // Seats rotate by one each game.
    const std::vector<std::vector<std::string>> seatings = {
        {"value", "random", "value"}, {"random", "value", "value"}, {"value", "value", "random"}};
    EXPECT_EQ(header["players"], nlohmann::json(seatings[game - 1])) << path;
    const ProcessResult replay = run({"auction", "replay", path, "--json"});
    EXPECT_EQ(replay.exit_code, 0) << replay;
    EXPECT_EQ(replay.out, text);
  }
  const auto file = dir.write("file", "x");
  const ProcessResult bad = run({"auction", "tournament", "--players", "value,value", "--games",
                                 "1", "--log-dir", (file / "sub").string()});
  EXPECT_EQ(bad.exit_code, 2) << bad;
  EXPECT_NE(bad.err.find("cannot create the log directory"), std::string::npos) << bad;
}

TEST(AuctionTournament, TableNamesEveryBot) {
  const ProcessResult r = run({"auction", "tournament", "--players", "value,random", "--games",
                               "10", "--seed", "1", "--jobs", "1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("10 games of 2 players, 5 rounds, 2 hidden letters each, seed 1 (1 job)."),
            std::string::npos)
      << r;
  const auto lines = lines_of(r.out);
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(),
                          [](const std::string& l) { return l.rfind("value ", 0) == 0; }));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(),
                          [](const std::string& l) { return l.rfind("random ", 0) == 0; }));
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal" << r;
}

// The host ends its bots when it is ended: a bot that ignores SIGTERM and SIGHUP and never
// replies, in a live game and in a tournament; the host is killed while it waits for the bot's
// bid. This test process is a subreaper, so the bot, orphaned when the host ends, becomes its
// child: already killed by the host (a zombie) when the host is gone. The bot is trusted (no
// sandbox): it writes its pid, as this test sees it, to a FIFO outside its folder.
TEST(AuctionSignals, TerminationOrHangUpEndsTheBotsWithTheHost) {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  struct Case {
    std::vector<std::string> command;
    int signal;
  };
  for (const Case& c : {Case{{"auction"}, SIGTERM}, Case{{"auction"}, SIGHUP},
                        Case{{"auction", "tournament", "--games", "1", "--jobs", "1"}, SIGTERM},
                        Case{{"auction", "tournament", "--games", "1", "--jobs", "1"}, SIGHUP}}) {
    SCOPED_TRACE(fmt::format("{} {}", fmt::join(c.command, " "), c.signal));
    TempDir dir;
    const std::string fifo = (dir / "bot.pid").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::vector<std::string> args = c.command;
    for (const std::string& more :
         {std::string("--players"),
          fmt::format("cmd:/bin/sh {}/tests/protocol/bots/hostile_bot.sh stubborn {},value",
                      WG_SOURCE_DIR, fifo),
          std::string("--bot-timeout"), std::string("600000"), std::string("--trusted-bots")}) {
      args.push_back(more);
    }
    std::vector<char*> argv;
    std::string binary = WG_BINARY;
    argv.push_back(binary.data());
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const pid_t host = ::fork();
    ASSERT_GE(host, 0);
    if (host == 0) {
      const int null = ::open("/dev/null", O_RDWR);
      ::dup2(null, STDIN_FILENO);
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
      ::execv(WG_BINARY, argv.data());
      ::_exit(127);
    }
    pid_t bot = -1;
    {
      std::ifstream in(fifo);  // blocks until the bot, asked its first bid, writes its pid
      in >> bot;
    }
    ASSERT_GT(bot, 0);
    ASSERT_EQ(::kill(host, c.signal), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(host, &status, 0), host);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == c.signal) << status;
    int bot_status = 0;
    ASSERT_EQ(::waitpid(bot, &bot_status, WNOHANG), bot) << "the bot outlived its host";
    EXPECT_TRUE(WIFSIGNALED(bot_status) && WTERMSIG(bot_status) == SIGKILL) << bot_status;
  }
}

// The operator's limits reach the bot's process (docs/games/auction-protocol.md, "Limits").
TEST(AuctionTournament, TheBotLimitOptionsAreSetInTheBots) {
  TempDir dir;
  const std::string log = (dir / "bots.log").string();
  const ProcessResult r =
      run({"auction", "tournament", "--games", "1", "--jobs", "1", "--players",
           fmt::format("cmd:/bin/sh -c 'cat /proc/self/limits >&2; exec /bin/sh "
                       "{}/tests/protocol/bots/zero_bot.sh',value",
                       WG_SOURCE_DIR),
           "--bot-cpu", "9", "--bot-memory", "300", "--bot-files", "40", "--bot-log", log});
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string limits = read_file(log);
  const auto has = [&](const std::string& pattern) {
    return std::regex_search(limits, std::regex(pattern));
  };
  EXPECT_TRUE(has("Max cpu time +9 +10 +seconds")) << limits;
  EXPECT_TRUE(has("Max address space +314572800 +314572800 +bytes")) << limits;
  EXPECT_TRUE(has("Max open files +40 +40 +files")) << limits;
  EXPECT_TRUE(has("Max core file size +0 +0 +bytes")) << limits;
  // In the sandbox, as the host says.
  EXPECT_NE(r.err.find("wordgames: external bots: sandbox: bubblewrap ("), std::string::npos) << r;
}

// --trusted-bots runs them without the sandbox, and says so; built-in bots alone say nothing.
TEST(AuctionTournament, TrustedBotsRunWithoutTheSandboxAndItIsSaid) {
  const std::string zero_bot =
      fmt::format("cmd:/bin/sh {}/tests/protocol/bots/zero_bot.sh", WG_SOURCE_DIR);
  const ProcessResult r = run({"auction", "tournament", "--games", "1", "--jobs", "1", "--players",
                               zero_bot + ",value", "--trusted-bots"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.err.find("wordgames: external bots: no sandbox (trusted bots"), std::string::npos)
      << r;
  EXPECT_EQ(r.err.find("bubblewrap"), std::string::npos) << r;
}

}  // namespace
}  // namespace wg::test
