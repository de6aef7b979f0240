#include "cli/boggle_command.h"

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "games/boggle/round.h"
#include "games/boggle/solver.h"

namespace wg::cli {

namespace {

namespace bg = wg::boggle;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxMinLength = 64;

struct Options {
  std::string board;       // empty: rolled (game) or the spec's board (tools)
  std::uint64_t size = 4;  // dice: 4 (classic), 5 (Big Boggle) or 6 (Super Big Boggle)
  std::uint64_t seconds = 180;
  std::uint64_t min_length = 0;  // 0: the default, min_length_of()
  std::string scoring;           // empty: the command's default
  std::string word;
};

bg::Board board_of(const std::string& text) {
  if (text.empty()) return bg::Board();
  try {
    return bg::Board::parse(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("invalid board '{}': {}", text, e.what()));
  }
}

bg::Scoring scoring_of(const std::string& name, bg::Scoring fallback) {
  if (name.empty()) return fallback;
  if (name == "spec") return bg::Scoring::kSpec;
  if (name == "boggle") return bg::Scoring::kBoggle;
  throw UsageError(fmt::format("unknown scoring '{}': use spec or boggle", name));
}

std::string_view name_of(bg::Scoring scoring) {
  return scoring == bg::Scoring::kSpec ? "spec" : "boggle";
}

// The minimum word length asked for, else 3, or 4 on the 6x6 dice as Super Big Boggle's rules
// say (a rolled game only: the tools and --board keep 3).
std::size_t min_length_of(const Options& o, bool rolled) {
  if (o.min_length != 0) return o.min_length;
  return rolled && o.size == 6 ? 4 : 3;
}

std::string upper(const Lexicon& lexicon, std::uint32_t index) {
  return lexicon.alphabet().decode_upper(lexicon.letters_at(index));
}

int run_solve(Context& context, const Options& o) {
  const bg::Board board = board_of(o.board);
  const bg::Scoring scoring = scoring_of(o.scoring, bg::Scoring::kSpec);
  const std::size_t min_length = min_length_of(o, false);
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
                                   {"scoring", name_of(scoring)},
                                   {"count", found.size()},
                                   {"score", score},
                                   {"words", std::move(words)}});
    return kExitOk;
  }
  context.out() << board.text();
  for (std::uint32_t i : found) context.out() << upper(lexicon, i) << '\n';
  context.out() << fmt::format("{} words of {} letters or more, score {} ({} scoring)\n",
                               found.size(), min_length, score, name_of(scoring));
  return kExitOk;
}

int run_path(Context& context, const Options& o) {
  const bg::Board board = board_of(o.board);
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

std::string_view verdict_text(bg::Verdict verdict) {
  switch (verdict) {
    case bg::Verdict::kAccepted:
      return "accepted";
    case bg::Verdict::kNotLetters:
      return "letters only, please";
    case bg::Verdict::kTooShort:
      return "too short";
    case bg::Verdict::kNotAWord:
      return "not a word";
    case bg::Verdict::kNotOnBoard:
      return "not on the board";
    case bg::Verdict::kAlreadyFound:
      return "already found";
  }
  return "";
}

/// Waits for input until the deadline; false if time ran out first. Only for a terminal.
bool wait_for_input(std::istream& in, Clock::time_point deadline) {
  if (in.rdbuf()->in_avail() > 0) return true;
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  if (left <= 0) return false;
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  return ::poll(&fd, 1, static_cast<int>(left)) > 0;
}

int play(Context& context, const Options& o) {
  const std::uint64_t seed = context.seed();
  Rng rng(seed);
  bg::Board board = [&] {
    if (!o.board.empty()) return board_of(o.board);
    if (o.size == 6) return bg::Board::roll(6, 6, bg::Board::super_big_dice(), rng);
    if (o.size == 5) return bg::Board::roll(5, 5, bg::Board::big_dice(), rng);
    return bg::Board::roll(4, 4, bg::Board::classic_dice(), rng);
  }();
  const bg::Scoring scoring = scoring_of(o.scoring, bg::Scoring::kBoggle);
  const std::size_t min_length = min_length_of(o, o.board.empty());
  bg::Round round(context.lexicon(), std::move(board), min_length, scoring);
  std::ostream& out = context.out();
  // The clock runs only for a person at a terminal; piped input is judged as it comes.
  const bool timed = context.interactive() && o.seconds > 0;
  const auto deadline = Clock::now() + std::chrono::seconds(o.seconds);

  out << fmt::format("Word search, seed {} (play the same board again with --seed {}).\n\n", seed,
                     seed);
  out << round.board().text() << '\n';
  out << fmt::format("Find words of {} letters or more ({} scoring)", min_length, name_of(scoring));
  if (timed) out << fmt::format("; {}:{:02} on the clock", o.seconds / 60, o.seconds % 60);
  out << ". An empty line ends the round.\n";

  Prompt prompt(context.in(), out, !context.interactive());
  for (;;) {
    std::string question = "word: ";
    if (timed) {
      const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - Clock::now());
      const auto s = std::max<std::int64_t>(0, left.count());
      question = fmt::format("[{}:{:02}] word: ", s / 60, s % 60);
      out << question << std::flush;
      if (!wait_for_input(context.in(), deadline)) {
        out << "\nTime's up!\n";
        break;
      }
      question.clear();
    }
    const std::optional<std::string> line = prompt.line(question);
    if (!line || trim(*line).empty()) break;
    if (timed && Clock::now() > deadline) {
      out << "Time's up! That word came too late.\n";
      break;
    }
    const std::string_view word = trim(*line);
    const bg::Judgement j = round.submit(word);
    if (j.verdict == bg::Verdict::kAccepted) {
      out << fmt::format("  {}: {} point{} (score {})\n", word, j.points, j.points == 1 ? "" : "s",
                         round.score());
    } else {
      out << fmt::format("  {}: {}\n", word, verdict_text(j.verdict));
    }
  }

  out << fmt::format("\nYour words ({}):", round.found().size());
  for (const std::string& w : round.found()) out << ' ' << w;
  out << '\n';
  const std::int64_t total = round.total_score();
  out << fmt::format("Your score: {} of {} ({}%)\n", round.score(), total,
                     total == 0 ? 100 : round.score() * 100 / total);
  const std::vector<std::string> missed = round.missed();
  out << fmt::format("Words missed ({}):", missed.size());
  for (const std::string& w : missed) out << ' ' << w;
  out << '\n';
  return kExitOk;
}

}  // namespace

void define_boggle_command(CLI::App& command, Context& context) {
  auto o = std::make_shared<Options>();
  auto add_min = [o](CLI::App& app, const std::string& default_help) {
    add_number_option(
        app, "--min",
        [o](std::uint64_t n) {
          if (n < 1 || n > kMaxMinLength) {
            throw CLI::ValidationError("--min", fmt::format("must be from 1 to {}", kMaxMinLength));
          }
          o->min_length = n;
        },
        default_help);
  };
  const std::string board_help =
      "The board: rows separated by '/', a multi-letter cell in brackets, e.g. "
      "EECA/ALEP/HNBO/[QU]TTY, or cells separated by commas; # is a blocked cell (no word "
      "passes through it)";

  command.add_option("--board", o->board, board_help + " (default: rolled from the dice)");
  add_number_option(
      command, "--size",
      [o](std::uint64_t n) {
        if (n < 4 || n > 6) throw CLI::ValidationError("--size", "must be 4, 5 or 6");
        o->size = n;
      },
      "Dice: 4 (classic 4x4), 5 (Big Boggle 5x5) or 6 (Super Big Boggle 6x6, whose blank faces "
      "block their cell); default 4");
  add_number_option(
      command, "--time", [o](std::uint64_t n) { o->seconds = n; },
      "Seconds on the clock (default 180; 0: no limit)");
  add_min(command, "Minimum word length (default 3; 4 with --size 6, as its rules say)");
  command.add_option("--scoring", o->scoring,
                     "boggle (default: 3-4 letters 1, 5: 2, 6: 3, "
                     "7: 5, 8+: 11) or spec (1 + letters - minimum)");
  command.footer(
      "Plays one round: type the words you find on the board, one per line. A word joins\n"
      "adjacent cells (diagonals too) without using a cell twice; each is judged at once. At the\n"
      "end: your words, your score against the board's total, and the words you missed.\n"
      "The clock runs when you play at a terminal; piped input is judged without a clock.\n"
      "Global options (--seed N, --lexicon PATH) may also come after the command.");

  CLI::App* solve = add_game_tool(
      command, context, "solve", "Every word on a board, and the score",
      "Prints the board, its words (sorted) and their total score.\n"
      "JSON: {\"board\", \"rows\", \"cols\", \"min\", \"scoring\", \"count\", \"score\", "
      "\"words\"}.");
  solve->add_option("--board", o->board, board_help + " (default: the spec's board)");
  add_min(*solve, "Minimum word length (default 3)");
  solve->add_option("--scoring", o->scoring, "spec (default: 1 + letters - minimum) or boggle");
  solve->callback(
      [&context, o] { context.set_action([&context, o] { return run_solve(context, *o); }); });

  CLI::App* path = add_game_tool(
      command, context, "path", "The cells that spell a word on a board",
      "Prints the cells (numbered row by row from 0) that spell the word, or that it is not on\n"
      "the board. The word need not be in the lexicon.\nJSON: {\"board\", \"word\", \"path\"}.");
  path->add_option("--board", o->board, board_help + " (default: the spec's board)");
  path->add_option("WORD", o->word, "The word to trace")->required();
  path->callback(
      [&context, o] { context.set_action([&context, o] { return run_path(context, *o); }); });

  command.callback([&context, o] {
    if (context.action()) return;  // a tool was chosen
    context.set_action([&context, o] { return play(context, *o); });
  });
}

}  // namespace wg::cli
