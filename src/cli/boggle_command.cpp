#include "cli/boggle_command.h"

#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <variant>

#include <fmt/format.h>

#include "app/boggle_best_jobs.h"
#include "app/boggle_codec.h"
#include "cli/app.h"
#include "cli/define_command.h"
#include "cli/game_recorder.h"
#include "cli/jobs_on_workers.h"
#include "cli/line_editor.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/file_io.h"
#include "core/parallel.h"
#include "core/text.h"
#include "games/boggle/board_search.h"
#include "games/boggle/session.h"
#include "games/boggle/solver.h"

namespace wg::cli {

namespace {

namespace bg = wg::boggle;
using Clock = std::chrono::steady_clock;

struct Options {
  std::optional<std::string> board;       // unset: rolled (game) or the spec's board (tools)
  std::optional<std::string> board_file;  // --board-file: a path, or "-" for standard input
  std::uint64_t size = static_cast<std::uint64_t>(bg::Config{}.size);  // the dice: 4, 5 or 6
  std::uint64_t seconds = bg::Config{}.seconds;
  std::uint64_t min_length = 0;  // 0: the rules' default
  std::string scoring;           // empty: the command's default
  std::string word;
  // boggle best
  std::string shape = "4x4";
  std::string dice = "letters";
  std::uint64_t episodes = 0;
  std::uint64_t target = 0;
  std::uint64_t jobs = 0;
  std::optional<std::uint64_t> search_seconds;  // unset: 60, or no limit with --episodes
  bool on_workers = false;                      // the search queued for workers
};

// The board of --board-file: its problems name the file and the line (a usage error).
bg::Board read_board_file(Context& context, const std::string& path) {
  const std::string name = path == "-" ? "standard input" : "'" + path + "'";
  std::string text;
  // Read as every text file is (core/file_io.h): bounded (a FIFO, a directory or /dev/zero is
  // refused at once; a board is a few lines, so 1 MiB is far more than any), a UTF-8
  // byte-order mark skipped, a NUL byte refused.
  const std::string source = path == "-" ? std::string("-") : path;
  try {
    if (path == "-") {
      text.assign(std::istreambuf_iterator<char>(context.in()), std::istreambuf_iterator<char>());
      text = checked_text(text, source);
    } else {
      text = read_text_file(path, std::uint64_t{1} << 20);
    }
  } catch (const FileError& error) {  // "SOURCE: problem"
    throw UsageError(fmt::format("cannot read the board file {}: {}", name,
                                 std::string_view(error.what()).substr(source.size() + 2)));
  }
  try {
    return bg::Board::parse(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("invalid board in {}: {}", name, e.what()));
  }
}

// The tools' board: --board as given (an empty or malformed one is refused by read_board, a
// usage error), else --board-file's, else the spec's board.
bg::Board board_of(Context& context, const Options& o) {
  if (o.board_file) return read_board_file(context, *o.board_file);
  return o.board ? bg::read_board(*o.board) : bg::Board();
}

bg::Scoring scoring_of(const std::string& name, bg::Scoring fallback) {
  if (name.empty()) return fallback;
  if (const auto scoring = bg::scoring_named(name)) return *scoring;
  throw UsageError(fmt::format("unknown scoring '{}': use spec or boggle", name));
}

std::string upper(const Lexicon& lexicon, std::uint32_t index) {
  return lexicon.alphabet().decode_upper(lexicon.letters_at(index));
}

int run_solve(Context& context, const Options& o) {
  const bg::Board board = board_of(context, o);
  const bg::Scoring scoring = scoring_of(o.scoring, bg::Config{}.scoring);
  // The tools take the rules' default for a given board.
  bg::Config rules;
  rules.board = board.spec();
  rules.min_length = o.min_length;
  const std::size_t min_length = rules.min_word_length();
  const Lexicon& lexicon = context.lexicon();
  bg::Solver solver(lexicon);
  std::vector<std::uint32_t> found;
  solver.solve(board, min_length, found);
  std::int64_t score = 0;
  for (std::uint32_t i : found)
    score += bg::word_points(lexicon.letters_at(i).size(), min_length, scoring);
  if (context.options().json) {
    Json words = Json::array();
    for (std::uint32_t i : found) words.push_back(upper(lexicon, i));
    print_json(context.out(), Json{{"board", board.spec()},
                                   {"rows", board.rows()},
                                   {"cols", board.cols()},
                                   {"min", min_length},
                                   {"scoring", bg::to_string(scoring)},
                                   {"count", found.size()},
                                   {"score", score},
                                   {"words", std::move(words)}});
    return kExitOk;
  }
  context.out() << board.text();
  for (std::uint32_t i : found) context.out() << upper(lexicon, i) << '\n';
  context.out() << fmt::format("{} of {} letters or more, score {} ({} scoring)\n",
                               count_of(static_cast<long long>(found.size()), "word"), min_length,
                               score, bg::to_string(scoring));
  return kExitOk;
}

int run_path(Context& context, const Options& o) {
  const bg::Board board = board_of(context, o);
  const auto letters = Alphabet::english().encode(o.word);
  if (o.word.empty() || !letters) {
    throw UsageError(fmt::format("invalid word '{}': use letters only", o.word));
  }
  const std::vector<int> path = bg::find_path(board, *letters);
  const std::string word = Alphabet::english().decode_upper(*letters);
  if (context.options().json) {
    print_json(context.out(), Json{{"board", board.spec()}, {"word", word}, {"path", path}});
    return kExitOk;
  }
  if (path.empty()) {
    context.out() << word << ": not on the board\n";
  } else {
    context.out() << word << ":";
    for (int cell : path) context.out() << ' ' << cell;
    context.out() << '\n';
  }
  return kExitOk;
}

std::string_view refusal_text(Refusal reason) {
  switch (reason) {
    case Refusal::kMalformed:
      return "letters only, please";
    case Refusal::kTooShort:
      return "too short";
    case Refusal::kNotAWord:
      return "not a word";
    case Refusal::kNotHeld:
      return "not on the board";
    case Refusal::kRepeated:
      return "already found";
    default:
      return to_string(reason);
  }
}

/// Waits for input until the round's clock (`elapsed`, in ms) reaches `deadline_ms`; false if
/// time ran out first. Only for a terminal: `in` is std::cin, read from standard input; any
/// other stream (a test's line source) is always ready, with a line or its end.
bool wait_for_input(std::istream& in, const std::function<std::uint64_t()>& elapsed,
                    std::uint64_t deadline_ms) {
  if (&in != &std::cin || in.rdbuf()->in_avail() > 0) return true;
  for (;;) {
    const std::uint64_t now = elapsed();
    if (now >= deadline_ms) return false;
    pollfd fd{STDIN_FILENO, POLLIN, 0};
    const auto left = static_cast<int>(
        std::min<std::uint64_t>(deadline_ms - now, std::numeric_limits<int>::max()));
    const int ready = ::poll(&fd, 1, left);
    if (ready > 0 || (ready < 0 && errno != EINTR)) return true;  // let the read tell
    // Timed out (or a signal came): look at the clock again.
  }
}

/// What a line typed at the word prompt asks for.
enum class Line { kEnd, kBoard, kHelp, kWord };

/// `?` and `board` show the board again, `help` lists the commands, an empty line ends the
/// round; anything else is a word. A word that can be traced on the board is played even when
/// it is a command's name (a board spelling BOARD or HELP scores it).
Line line_kind(std::string_view typed, const bg::Board& board) {
  if (typed.empty()) return Line::kEnd;
  if (typed == "?") return Line::kBoard;
  const std::string lower = lower_ascii(typed);
  const bool board_word = lower == "board";
  const bool help_word = lower == "help";
  if (!board_word && !help_word) return Line::kWord;
  if (!bg::find_path(board, *Alphabet::english().encode(typed)).empty()) return Line::kWord;
  return board_word ? Line::kBoard : Line::kHelp;
}

void print_round_start(std::ostream& out, const bg::RoundStarted& start, bool timed,
                       bool interactive) {
  out << start.board.text() << '\n';
  out << fmt::format("Find words of {} letters or more ({} scoring)", start.min_length,
                     bg::to_string(start.scoring));
  if (timed) out << fmt::format("; {}:{:02} on the clock", start.seconds / 60, start.seconds % 60);
  out << (interactive ? ".\nType ? to see the board again, help for the commands, an empty line\n"
                        "to end the round.\n"
                      : ".\nAn empty line ends the round; ? shows the board again.\n");
}

void print_help(std::ostream& out, bool interactive) {
  out << "  a word      play it (one per line; any case)\n"
         "  ? or board  show the board again\n"
         "  help        this list\n";
  out << (interactive ? "  empty line  end the round (you are asked first)\n"
                      : "  empty line  end the round\n");
  out << "A word that is on the board is played even if it is a command's name.\n";
}

/// The best words missed that the end of a round defines at a terminal.
constexpr std::size_t kMissedWordsDefined = 3;

/// `interactive`: at a terminal, where the best words missed (the most points first) are also
/// said with what they mean (a script reads the lists alone).
void print_summary(std::ostream& out, const bg::View& view, std::size_t columns, bool interactive) {
  std::string found = fmt::format("Your words ({}):", view.found.size());
  for (const bg::FoundWord& w : view.found) found += ' ' + w.word;
  out << '\n' << wrap(found, columns, "  ") << '\n';
  const std::int64_t total = view.total_score.value_or(0);
  out << fmt::format("Your score: {} of {} ({}%)\n", view.score, total,
                     total == 0 ? 100 : view.score * 100 / total);
  std::string missed = fmt::format("Words missed ({}):", view.missed.size());
  for (const bg::BoardWord& w : view.missed) missed += ' ' + w.word;
  out << wrap(missed, columns, "  ") << '\n';
  if (!interactive || view.missed.empty()) return;
  std::vector<const bg::BoardWord*> best;
  for (const bg::BoardWord& w : view.missed) best.push_back(&w);
  std::stable_sort(best.begin(), best.end(), [](const bg::BoardWord* a, const bg::BoardWord* b) {
    return a->points > b->points;
  });
  best.resize(std::min(best.size(), kMissedWordsDefined));
  out << "What the best words missed mean:\n";
  for (const bg::BoardWord* w : best) out << secret_meaning(w->word, columns);
}

/// Discards what was typed at the terminal and not read yet (a word typed without Enter when the
/// clock ran out), however the round ends (an exception too), so that it does not land on the
/// shell's next command line. Nothing for a pipe: its unread lines are not keystrokes. The game
/// changes no terminal mode of its own (the line editor restores what it sets), so there is
/// nothing else to restore.
class TypedInputDiscard {
 public:
  explicit TypedInputDiscard(bool terminal) : terminal_(terminal) {}
  ~TypedInputDiscard() {
    if (terminal_ && ::isatty(STDIN_FILENO)) ::tcflush(STDIN_FILENO, TCIFLUSH);
  }
  TypedInputDiscard(const TypedInputDiscard&) = delete;
  TypedInputDiscard& operator=(const TypedInputDiscard&) = delete;

 private:
  bool terminal_;
};

/// Plays the round of `session` (begun, nothing played yet) at the terminal, recorded.
int play_round(Context& context, bg::Session& session);

/// One round in the terminal: the session judges, this turns lines into commands and events
/// into text. The clock runs only for a person at a terminal (the session gets the real time
/// passed); piped input is judged as it comes, at time 0, so a script gives the same transcript
/// every time. At a terminal an empty line asks before ending the round; in a pipe it ends it
/// (a script says what it means). "At a terminal" is Context::interactive(), so that a test
/// can play the terminal's round from a stream of lines (cli::run with interactive = true):
/// the clock then runs but never waits on standard input, and no typed input is discarded.
int play(Context& context, const Options& o) {
  const std::uint64_t seed = context.seed();
  bg::Config config;
  config.size = static_cast<int>(o.size);
  config.board = o.board;
  if (o.board_file) {
    if (*o.board_file == "-") {
      throw UsageError(
          "--board-file -: the game reads its words from standard input; give "
          "the board in a file");
    }
    config.board = read_board_file(context, *o.board_file).spec();
  }
  config.min_length = o.min_length;
  config.scoring = scoring_of(o.scoring, config.scoring);
  config.seconds = o.seconds;
  bg::Session session(context.shared_lexicon(), std::move(config), seed);
  return play_round(context, session);
}

int play_round(Context& context, bg::Session& session) {
  const std::uint64_t seed = session.seed();
  GameRecorder recorder(context);
  // Every command goes through here, so that the round is recorded whichever command ends it.
  const auto apply = [&](const bg::Command& command) {
    std::vector<bg::Event> events = session.apply(command);
    for (const bg::Event& event : events) {
      if (const auto* finished = std::get_if<bg::Finished>(&event)) {
        recorder.record<app::BoggleCodec>(session, *finished);
      }
    }
    return events;
  };
  std::ostream& out = context.out();
  const bool interactive = context.interactive();
  const bool timed = interactive && session.config().seconds > 0;
  const bool colour = colour_wanted(interactive);
  const TypedInputDiscard discard(interactive && &context.in() == &std::cin);

  out << wrap(fmt::format("Word search, seed {} (play the same board again with --seed {}).", seed,
                          seed),
              context.columns())
      << "\n\n";
  print_round_start(out, session.started(), timed, interactive);

  const auto begin = Clock::now();
  const std::function<std::uint64_t()> elapsed = [&]() -> std::uint64_t {
    if (!timed) return 0;
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - begin).count());
  };
  Prompt prompt(context.in(), out, !interactive);
  // One line typed, against the clock on a timed round: nullopt at the end of input or when
  // time ran out (then the round is over).
  const auto time_up = [&] {
    apply(bg::Tick{elapsed()});
    if (session.finished()) out << "\nTime's up!\n";
  };
  // The clock, as the prompt shows it: the seconds left, rounded up.
  const auto clocked = [](std::chrono::seconds left, std::string_view question) {
    const auto s = static_cast<std::uint64_t>(std::max<std::int64_t>(left.count(), 0));
    return fmt::format("[{}:{:02}] {}", s / 60, s % 60, question);
  };
  const auto read = [&](std::string_view question) -> std::optional<std::string> {
    if (!timed) return prompt.line(question);
    const std::uint64_t deadline = session.deadline_ms();
    if (prompt.line_editing()) {
      // Edited against the clock, which ticks in the prompt (line_editor.h).
      out << std::flush;
      TimedLine line = read_edited_line_within(
          begin + std::chrono::milliseconds(deadline),
          [&](std::chrono::seconds left) { return clocked(left, question); });
      if (line.kind == TimedLine::Kind::kLine) return std::move(line.text);
      if (line.kind == TimedLine::Kind::kTimeUp) time_up();
      return std::nullopt;
    }
    const std::uint64_t now = elapsed();
    out << clocked(std::chrono::ceil<std::chrono::seconds>(
                       std::chrono::milliseconds(now >= deadline ? 0 : deadline - now)),
                   question)
        << std::flush;
    if (wait_for_input(context.in(), elapsed, deadline)) return prompt.line("");
    time_up();
    return std::nullopt;
  };
  while (!session.finished()) {
    std::optional<std::string> line = read("word: ");
    if (session.finished()) break;
    const std::string_view word = line ? trim(*line) : std::string_view();
    const bg::Board board = session.view(kObserver).board;
    switch (line ? line_kind(word, board) : Line::kEnd) {
      case Line::kEnd:
        if (line && interactive) {
          line = read("End the round now? (yes/no) ");
          if (session.finished()) continue;
          // The end of input ends the round too; anything but yes plays on.
          const std::string answer = line ? lower_ascii(trim(*line)) : "yes";
          if (answer != "y" && answer != "yes") {
            out << "Playing on.\n";
            continue;
          }
        }
        apply(bg::Close{elapsed()});
        continue;
      case Line::kBoard:
        out << '\n' << board.text() << '\n';
        continue;
      case Line::kHelp:
        print_help(out, interactive);
        continue;
      case Line::kWord:
        break;
    }
    for (const bg::Event& event : apply(bg::Submit{std::string(word), elapsed()})) {
      if (const auto* accepted = std::get_if<bg::WordAccepted>(&event)) {
        out << fmt::format("  {}: {} (score {})\n", paint(word, Tone::kHit, colour),
                           count_of(accepted->points, "point"), accepted->score);
      } else if (const auto* rejected = std::get_if<bg::Rejected>(&event)) {
        if (rejected->reason == Refusal::kTooLate) {
          out << "Time's up! That word came too late.\n";
        } else {
          out << fmt::format("  {}: {}\n", paint(word, Tone::kMiss, colour),
                             refusal_text(rejected->reason));
        }
      }
    }
  }
  print_summary(out, session.view(kObserver), context.columns(), interactive);
  return kExitOk;
}

// "RxC" (or "N" for N×N) as rows and columns.
std::pair<int, int> shape_of(const std::string& text) {
  int rows = 0, cols = 0;
  char x = 0, rest = 0;
  std::istringstream in(text);
  if (in >> rows && !(in >> x)) return {rows, rows};
  std::istringstream again(text);
  if (again >> rows >> x >> cols && (x == 'x' || x == 'X') && !(again >> rest) && rows > 0 &&
      cols > 0)
    return {rows, cols};
  throw UsageError(fmt::format("invalid size '{}': use RxC, e.g. 4x4 or 5x5", text));
}

// The search's progress as a line: the best so far and the speed.
std::string progress_line(const bg::SearchProgress& p, double seconds) {
  return fmt::format("best {} after {} boards ({:.0f} boards/s), {} finished",
                     p.best ? std::to_string(p.best->score) : "-", p.boards,
                     seconds > 0 ? static_cast<double>(p.boards) / seconds : 0.0,
                     count_of(static_cast<long long>(p.episodes), "episode"));
}

/// The search's answer: the board, then what it scores and where it was found, ending with
/// `ran` ("in 3.2 s on 2 threads"); in JSON, `answer` (best_board_job_kinds' shape) and `extra`.
int print_best(Context& context, const bg::Board& board, const Json& answer, const Json& extra,
               std::string_view ran) {
  if (context.options().json) {
    Json shown = answer;
    for (auto it = extra.begin(); it != extra.end(); ++it) shown[it.key()] = it.value();
    print_json(context.out(), shown);
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << board.text();
  out << fmt::format("board {}: score {}, {} of {} letters or more ({} scoring)\n", board.spec(),
                     answer.at("score").get<std::int64_t>(),
                     count_of(answer.at("words").get<long long>(), "word"),
                     answer.at("min").get<std::size_t>(), answer.at("scoring").get<std::string>());
  out << fmt::format("found in episode {} of seed {}; {} finished, {} boards scored {}\n",
                     answer.at("episode").get<std::uint64_t>(),
                     answer.at("seed").get<std::uint64_t>(),
                     count_of(answer.at("episodes").get<long long>(), "episode"),
                     answer.at("boards").get<std::uint64_t>(), ran);
  return kExitOk;
}

/// A ConfigError of the search, as the option that caused it.
[[noreturn]] void search_usage_error(const ConfigError& e) {
  throw UsageError(
      fmt::format("--{}: {}", e.field() == "min_length" ? "min" : e.field(), e.what()));
}

/// `best --on-workers`: the search queued in the store, computed by workers, printed here.
int run_best_on_workers(Context& context, const bg::SearchConfig& config, const Options& o) {
  if (o.episodes == 0) {
    throw UsageError(
        "--on-workers needs --episodes N: workers share out a budget of episodes, which finds "
        "the same board however many run it");
  }
  if (o.target > 0 || o.search_seconds || o.jobs > 0) {
    throw UsageError(fmt::format(
        "{} is not for a search on workers: they run a budget of episodes (--episodes), one "
        "episode at a time each (start a worker per core)",
        o.target > 0       ? "--target"
        : o.search_seconds ? "--time"
                           : "--jobs"));
  }
  app::GameStore& store = context.required_game_store();
  app::QueuedComputation queued;
  try {
    queued =
        app::queue_best_board_search(store, config, workers_lexicon(context), Context::now_ms());
  } catch (const ConfigError& e) {
    search_usage_error(e);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const Clock::time_point start = Clock::now();
  const Json answer = wait_for_workers(context, queued, "The search");
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const bg::Board board = bg::Board::parse(answer.at("board").get<std::string>());
  return print_best(
      context, board, answer, {{"seconds", elapsed}, {"units", queued.units}},
      fmt::format("in {:.1f} s by workers, in {}", elapsed, count_of(queued.units, "unit")));
}

int run_best(Context& context, const Options& o) {
  bg::SearchConfig config;
  std::tie(config.rows, config.cols) = shape_of(o.shape);
  const auto dice = bg::dice_set_named(o.dice);
  if (!dice)
    throw UsageError(
        fmt::format("unknown dice '{}': use classic, big, super-big or letters", o.dice));
  config.dice = *dice;
  config.min_length = o.min_length;
  config.scoring = scoring_of(o.scoring, bg::Scoring::kBoggle);
  config.seed = context.seed();
  config.episodes = o.episodes;
  config.target = static_cast<std::int64_t>(o.target);
  if (o.on_workers) return run_best_on_workers(context, config, o);
  // A budget of episodes is the reproducible search: no clock cuts it short unless asked.
  const std::uint64_t seconds = o.search_seconds.value_or(o.episodes > 0 ? 0 : 60);
  if (seconds == 0 && o.episodes == 0 && o.target == 0)
    throw UsageError("--time 0 needs --episodes or --target to end the search");
  std::optional<bg::BoardSearch> search;
  try {
    search.emplace(context.lexicon(), config);
  } catch (const ConfigError& e) {
    search_usage_error(e);
  }
  const unsigned jobs = jobs_or_cores(o.jobs);
  // The clock is the front end's: a thread ends the search at --time and reports progress,
  // rewriting one line at a terminal, else a line each time the best improves.
  const Clock::time_point start = Clock::now();
  auto seconds_since = [start] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  const bool live = &context.err() == &std::cerr && isatty(STDERR_FILENO) != 0;
  std::ostream& err = context.err();
  bg::SearchProgress result;
  {
    std::jthread clock([&](std::stop_token done) {
      std::int64_t shown = -1;
      while (!done.stop_requested()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const double elapsed = seconds_since();
        if (seconds > 0 && elapsed >= static_cast<double>(seconds)) search->stop();
        const bg::SearchProgress p = search->progress();
        if (live) {
          err << '\r' << progress_line(p, elapsed) << "\x1b[K" << std::flush;
        } else if (p.best && p.best->score > shown) {
          shown = p.best->score;
          err << progress_line(p, elapsed) << '\n';
        }
      }
      if (live) err << "\r\x1b[K" << std::flush;
    });
    result = search->run(jobs);
  }
  const double elapsed = seconds_since();
  if (!result.best)
    throw UsageError(
        fmt::format("the search ended after {:.1f} s, before it scored a board: give "
                    "it more --time",
                    elapsed));
  const bg::FoundBoard& best = *result.best;
  const Json answer = app::best_board_answer(config, best, result.episodes, result.boards);
  return print_best(context, best.board, answer, {{"seconds", elapsed}, {"jobs", jobs}},
                    fmt::format("in {:.1f} s on {}", elapsed, count_of(jobs, "thread")));
}

}  // namespace

int resume_boggle_game(Context& context, ResumedGame& game) {
  // A round not yet begun (the puzzle of the day's) is played from its start.
  if (game.fresh) {
    return play_round(context, game.typed<app::BoggleCodec>());
  }
  throw UsageError(
      "a Boggle round is not resumed in the terminal: its clock ran while it was "
      "away; start a new round with 'wordgames boggle'");
}

void define_boggle_command(CLI::App& command, Context& context) {
  auto o = std::make_shared<Options>();
  auto add_min = [o](CLI::App& app, const std::string& default_help) {
    add_number_option(
        app, "--min", 1, bg::Config::kMaxMinLength, [o](std::uint64_t n) { o->min_length = n; },
        default_help);
  };
  auto add_board = [o](CLI::App& app, const std::string& default_help, bool from_stdin) {
    CLI::Option* board =
        app.add_option_function<std::string>(
               "--board", [o](const std::string& text) { o->board = text; },
               "The board: rows separated by '/', a multi-letter cell in brackets, e.g. "
               "EECA/ALEP/HNBO/[QU]TTY, or cells separated by commas ([QU],A/T,E); # is a "
               "blocked cell (no word passes through it). A square number of cells without "
               "separators is a square board (EECAALEPHNBOQTTY is 4x4); a one-row board "
               "separates its cells with commas " +
                   default_help)
            ->type_name("BOARD");
    app.add_option_function<std::string>(
           "--board-file", [o](const std::string& path) { o->board_file = path; },
           std::string("The board from a file, in the same syntax, a row per line (or rows "
                       "separated by '/'), for boards too large for the command line") +
               (from_stdin ? "; - reads it from standard input" : ""))
        ->type_name("FILE")
        ->excludes(board);
  };

  add_board(command, "(default: rolled from the dice)", false);
  add_number_option(
      command, "--size",
      [o](std::uint64_t n) {
        if (n < 4 || n > 6) throw CLI::ValidationError("--size", "must be 4, 5 or 6");
        o->size = n;
      },
      "Dice: 4 (classic 4x4), 5 (Big Boggle 5x5) or 6 (Super Big Boggle 6x6, whose blank faces "
      "block their cell); default 4");
  add_number_option(
      command, "--time", 0, bg::Config::kMaxSeconds, [o](std::uint64_t n) { o->seconds = n; },
      "Seconds on the clock (default 180; 0: no limit)");
  add_min(command, "Minimum word length (default 3; 4 with --size 6, as its rules say)");
  const std::string scoring_help =
      "spec (default, the spec's rule: 1 + letters - minimum) or boggle (3-4 letters 1, 5: 2, "
      "6: 3, 7: 5, 8+: 11)";
  command.add_option("--scoring", o->scoring, scoring_help)->type_name("spec|boggle");
  command.footer(
      "Plays one round: type the words you find on the board, one per line. A word joins\n"
      "adjacent cells (diagonals too) without using a cell twice; each is judged at once. At the\n"
      "end: your words, your score against the board's total, and the words you missed.\n"
      "The clock runs when you play at a terminal, ticking in the prompt; piped input is judged\n"
      "without a clock.\n"
      "At the word prompt: ? (or board) shows the board again, help lists the commands, and an\n"
      "empty line ends the round (at a terminal, after asking).\n"
      "Global options (--seed N, --lexicon PATH) may also come after the command.");

  CLI::App* solve = add_game_tool(
      command, context, "solve", "Every word on a board, and the score",
      "Prints the board, its words (sorted) and their total score.\n"
      "JSON: {\"board\", \"rows\", \"cols\", \"min\", \"scoring\", \"count\", \"score\", "
      "\"words\"}.");
  add_board(*solve, "(default: the spec's board)", true);
  add_min(*solve, "Minimum word length (default 3)");
  solve->add_option("--scoring", o->scoring, scoring_help)->type_name("spec|boggle");
  on_run(*solve, context, [&context, o] { return run_solve(context, *o); });

  CLI::App* path = add_game_tool(
      command, context, "path", "The cells that spell a word on a board",
      "Prints the cells (numbered row by row from 0) that spell the word, or that it is not on\n"
      "the board. The word need not be in the lexicon.\nJSON: {\"board\", \"word\", \"path\"}.");
  add_board(*path, "(default: the spec's board)", true);
  path->add_option("WORD", o->word, "The word to trace")->required();
  on_run(*path, context, [&context, o] { return run_path(context, *o); });

  CLI::App* best = add_game_tool(
      command, context, "best", "Search for the highest-scoring board",
      "Simulated annealing over the solver, in episodes on every core, each ended by hill\n"
      "climbing. Prints the best board found, its score and the episode K that found it: with\n"
      "the same --seed and lexicon, --episodes K+1 finds it again on any number of threads (or\n"
      "a board at least as good, when the clock or --target cut an episode short).\n"
      "Progress goes to standard error. With --on-workers, workers sharing the store run the\n"
      "episodes and the answer is the same; JSON then has \"units\" for \"jobs\".\n"
      "JSON: {\"board\", \"rows\", \"cols\", \"dice\", \"min\", \"scoring\", \"score\", "
      "\"words\", \"seed\", \"episode\", \"episodes\", \"boards\", \"seconds\", \"jobs\"}.");
  best->add_option("--size", o->shape, "The board's rows and columns, RxC (default 4x4)")
      ->type_name("RxC");
  best->add_option("--dice", o->dice,
                   "letters (default: any letter in any cell, Q as Qu), or a set of dice, one "
                   "per cell: classic (16), big (25), super-big (36, blank faces block)")
      ->type_name("SET");
  add_number_option(
      *best, "--time", 0, 7 * 24 * 60 * 60, [o](std::uint64_t n) { o->search_seconds = n; },
      "Seconds to search (default 60, or no limit with --episodes; 0: no limit, with "
      "--episodes or --target)");
  add_number_option(
      *best, "--episodes", 1, std::uint64_t{1} << 40, [o](std::uint64_t n) { o->episodes = n; },
      "Stop after this many episodes: without --target and --time, the result is then the "
      "same for any --jobs");
  add_number_option(
      *best, "--target", 1, std::uint64_t{1} << 40, [o](std::uint64_t n) { o->target = n; },
      "Stop at the first board that scores at least this");
  add_number_option(
      *best, "--jobs", 1, 256, [o](std::uint64_t n) { o->jobs = n; },
      "Threads (default: one per core)");
  best->add_flag("--on-workers", o->on_workers,
                 "Queue the search in the store (--store) for workers ('wordgames worker', on any "
                 "machines sharing it), wait for them and print its answer: the same as here. "
                 "Needs --episodes; not with --time, --target or --jobs");
  add_min(*best, "Minimum word length (default 3; 4 on 6x6, as Super Big Boggle's rules say)");
  best->add_option("--scoring", o->scoring, "boggle (default) or spec")->type_name("boggle|spec");
  on_run(*best, context, [&context, o] { return run_best(context, *o); });
  on_play(command, context, [&context, o] { return play(context, *o); });
}

}  // namespace wg::cli
