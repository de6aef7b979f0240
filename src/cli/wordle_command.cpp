#include "cli/wordle_command.h"

#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/wordle_codec.h"
#include "cli/app.h"
#include "cli/define_command.h"
#include "cli/game_recorder.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/text.h"
#include "games/wordle/session.h"
#include "lexicon/common_words.h"

namespace wg::cli {

namespace wd = wg::wordle;

namespace {

struct Options {
  int length = 5;
  std::string host = "largest";
  std::optional<int> guesses;
  bool hard = false;
  bool show_remaining = false;
  std::string words = "common";
};

constexpr std::string_view kLegend =
    "[A]: in the word, here. (A): in the word, elsewhere. a: not in the word.";

constexpr std::string_view kGuessHelp =
    "Type a word to guess it. '?' (or 'hint') asks the AI for a guess, '!' (or\n"
    "'give up') ends the game and shows a word, 'help' shows this.";

wd::Config config_of(const Options& options) {
  wd::Config config;
  config.length = options.length;
  const std::optional<wd::HostKind> host = wd::parse_host(options.host);
  if (!host) throw UsageError(fmt::format("unknown host '{}'", options.host));
  config.host = *host;
  config.guesses = options.guesses;
  config.hard = options.hard;
  config.show_remaining = options.show_remaining;
  config.secrets = parse_secrets(options.words).value_or(Secrets::kCommon);
  return config;
}

std::string limit_text(int limit) {
  return limit == 0 ? std::string("no guess limit") : count_of(limit, "guess") + " allowed";
}

std::string header(const wd::Config& config) {
  return fmt::format("Adversarial Wordle: {} letters, the host is {}{}, {}.", config.length,
                     wd::to_string(config.host), config.hard ? ", hard mode" : "",
                     limit_text(config.guess_limit()));
}

/// One tile: its letter in a shape that says its mark, coloured when `colour`.
std::string tile(const Alphabet& alphabet, Letter letter, wd::Mark mark, bool colour) {
  switch (mark) {
    case wd::Mark::kGreen:
      return paint(fmt::format("[{}]", alphabet.upper(letter)), Tone::kHit, colour);
    case wd::Mark::kYellow:
      return paint(fmt::format("({})", alphabet.upper(letter)), Tone::kCurrent, colour);
    case wd::Mark::kGrey:
      break;
  }
  return fmt::format(" {} ", alphabet.lower(letter));
}

std::string row_text(const Alphabet& alphabet, const wd::Row& row, bool colour) {
  const std::vector<wd::Mark> marks = wd::marks_of(row.pattern, row.word.size());
  std::string text;
  for (std::size_t i = 0; i < marks.size(); ++i) {
    if (i > 0) text += ' ';
    text += tile(alphabet, row.word[i], marks[i], colour);
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

/// The keyboard, as a person's: what is known of each letter, in the tile's shapes; a letter
/// not tried yet in capitals alone.
std::vector<std::string> keyboard_lines(const Alphabet& alphabet,
                                        const std::vector<wd::LetterState>& keys, bool colour) {
  std::vector<std::string> lines;
  for (std::string_view keys_row : {"qwertyuiop", "asdfghjkl", "zxcvbnm"}) {
    std::string line(lines.size() * 2, ' ');
    for (char c : keys_row) {
      const Letter l = alphabet.code(c);
      if (l == kNoLetter || l >= keys.size()) continue;
      switch (keys[l]) {
        case wd::LetterState::kPlaced:
          line += tile(alphabet, l, wd::Mark::kGreen, colour);
          break;
        case wd::LetterState::kPresent:
          line += tile(alphabet, l, wd::Mark::kYellow, colour);
          break;
        case wd::LetterState::kAbsent:
          line += tile(alphabet, l, wd::Mark::kGrey, colour);
          break;
        case wd::LetterState::kUnknown:
          line += fmt::format(" {} ", alphabet.upper(l));
          break;
      }
      line += ' ';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

void show_view(std::ostream& out, const Alphabet& alphabet, const wd::View& view, bool colour) {
  out << '\n';
  for (const wd::Row& row : view.rows) out << "  " << row_text(alphabet, row, colour) << '\n';
  if (!view.rows.empty()) out << '\n';
  for (const std::string& line : keyboard_lines(alphabet, view.keyboard, colour)) {
    out << "  " << line << '\n';
  }
  std::string status = fmt::format("Guess {}", view.rows.size() + 1);
  if (view.guess_limit > 0) status += fmt::format(" of {}", view.guess_limit);
  if (view.remaining) status += fmt::format("; {} possible", count_of(*view.remaining, "word"));
  out << status << '\n';
}

std::string best_text(const wd::Finished& f) {
  if (!f.best_possible || !f.best_from) {
    return "The fewest guesses possible could not be computed for this game.";
  }
  const std::string after = *f.best_from == 1
                                ? std::string("your opening")
                                : fmt::format("your first {}", count_of(*f.best_from, "guess"));
  return fmt::format("After {}, a perfect guesser was sure to win in {}.", after,
                     count_of(*f.best_possible, "guess"));
}

std::string refusal_text(const Alphabet& alphabet, const wd::Rejected& r, int length) {
  switch (r.reason) {
    case Refusal::kNotAWord:
      return fmt::format("'{}' is not in the word list.", alphabet.decode_upper(r.word));
    case Refusal::kNotAllowed:
      if (r.problem && r.problem->position >= 0) {
        return fmt::format("Hard mode: letter {} must be {}.", r.problem->position + 1,
                           alphabet.upper(r.problem->letter));
      }
      if (r.problem) {
        return fmt::format("Hard mode: the guess must use {}{}.", alphabet.upper(r.problem->letter),
                           r.problem->count > 1 ? fmt::format(" {} times", r.problem->count) : "");
      }
      return r.detail;
    case Refusal::kMalformed:
      return fmt::format("Please enter a word of {} letters.", length);
    default:
      return r.detail;
  }
}

/// What the guess prompt took: the events of the command applied.
std::optional<std::vector<wd::Event>> parse_answer(wd::Session& session, std::string_view answer,
                                                   std::string& error, std::ostream& out,
                                                   bool progress) {
  const std::string command = lower_ascii(answer);
  if (command == "help") {
    error = kGuessHelp;
    return std::nullopt;
  }
  ProgressLine line(out, progress, "Working out the fewest guesses possible");
  Work work;
  work.progress = [&line](double fraction) { line.update(fraction); };
  if (command == "!" || command == "give up") return session.apply(wd::GiveUp{}, work);
  if (command == "?" || command == "hint") return session.apply(wd::Hint{});
  if (answer.empty()) {
    error = fmt::format("Please enter a word of {} letters.", session.config().length);
    return std::nullopt;
  }
  const std::optional<std::vector<Letter>> word = session.alphabet().encode(answer);
  if (!word || word->size() != static_cast<std::size_t>(session.config().length)) {
    error = fmt::format("Please enter a word of {} letters.", session.config().length);
    return std::nullopt;
  }
  std::vector<wd::Event> events = session.apply(wd::Guess{*word, false}, work);
  if (const auto* rejected = std::get_if<wd::Rejected>(&events.front())) {
    error = refusal_text(session.alphabet(), *rejected, session.config().length);
    return std::nullopt;
  }
  return events;
}

struct Terminal {
  bool colour = false;
  bool progress = false;
};

/// Plays the game in play to its end; false at end of input.
bool play_one(wd::Session& session, Prompt& prompt, const Terminal& terminal,
              GameRecorder& recorder) {
  const Alphabet& alphabet = session.alphabet();
  std::ostream& out = prompt.out();
  while (!session.finished()) {
    show_view(out, alphabet, session.view(0), terminal.colour);
    const auto events = prompt.ask<std::vector<wd::Event>>(
        "Your guess: ", [&](std::string_view text, std::string& error) {
          return parse_answer(session, text, error, out, terminal.progress);
        });
    if (!events) return false;
    for (const wd::Event& event : *events) {
      if (const auto* hinted = std::get_if<wd::Hinted>(&event)) {
        out << fmt::format("Hint: try {}.\n", alphabet.decode_upper(hinted->word));
      } else if (const auto* f = std::get_if<wd::Finished>(&event)) {
        recorder.record<app::WordleCodec>(session, *f);
        out << '\n';
        for (const wd::Row& row : f->rows) {
          out << "  " << row_text(alphabet, row, terminal.colour) << '\n';
        }
        const std::string word = alphabet.decode_upper(f->word);
        if (f->won) {
          out << paint(fmt::format("You found {} in {}.", word,
                                   count_of(static_cast<std::int64_t>(f->rows.size()), "guess")),
                       Tone::kHit, terminal.colour)
              << '\n';
        } else if (f->gave_up) {
          out << fmt::format("You gave up. The word was {}.\n", word);
        } else {
          out << paint(fmt::format("Out of guesses. The word was {}.", word), Tone::kMiss,
                       terminal.colour)
              << '\n';
        }
        // What the word means, at a terminal only (as the progress lines): pipes keep their text.
        if (terminal.progress) out << secret_meaning(word, terminal_columns());
        out << best_text(*f) << '\n';
      }
    }
    recorder.save<app::WordleCodec>(session);
  }
  return true;
}

void play_games(wd::Session& session, Prompt& prompt, const Terminal& terminal,
                GameRecorder& recorder) {
  for (;;) {
    if (!play_one(session, prompt, terminal, recorder)) break;
    const auto again = prompt.yes_no("Play again? (yes/no): ");
    if (!again || !*again) break;
    recorder.restart_clock();
    const std::vector<wd::Event> started = session.apply(wd::NewGame{});
    if (std::holds_alternative<wd::Rejected>(started.front())) {
      throw std::logic_error("wordle: a new game was refused");
    }
    recorder.save<app::WordleCodec>(session);
  }
}

int run_play(Context& context, const Options& options) {
  const wd::Config config = config_of(options);
  const std::uint64_t seed = context.seed();
  wd::Session session(context.shared_lexicon(), config, seed, common_words());  // ConfigError
  Prompt prompt(context.in(), context.out(), !context.interactive());
  const Terminal terminal{colour_wanted(context.interactive()), context.interactive()};
  prompt.say(
      fmt::format("{}\nSeed {} (replay with --seed {}).\n{}", header(config), seed, seed, kLegend));
  GameRecorder recorder(context);
  play_games(session, prompt, terminal, recorder);
  return kExitOk;
}

int run_autoplay(Context& context, const Options& options) {
  const wd::Config config = config_of(options);
  const std::uint64_t seed = context.seed();
  wd::Session session(context.shared_lexicon(), config, seed, common_words());  // ConfigError
  std::optional<wd::Finished> finished;
  {
    ProgressLine line(context.out(), context.interactive(), "Playing");
    Work work;
    work.progress = [&line](double fraction) { line.update(fraction); };
    finished = wd::autoplay(session, 100, work);
  }
  if (!finished) throw std::logic_error("wordle autoplay: the game did not end");
  if (context.options().json) {
    print_json(context.out(), app::wordle_autoplay_to_json(config, seed, *finished));
    return kExitOk;
  }
  const Alphabet& alphabet = session.alphabet();
  std::ostream& out = context.out();
  out << header(config) << '\n' << fmt::format("Seed {}; the guesser is the hint.\n", seed);
  for (const wd::Row& row : finished->rows) {
    out << "  " << row_text(alphabet, row, false) << "   " << alphabet.decode(row.word) << ' '
        << app::wordle_pattern_text(row.pattern, row.word.size()) << '\n';
  }
  out << fmt::format("{} in {}; the word was {}.\n", finished->won ? "Won" : "Lost",
                     count_of(static_cast<std::int64_t>(finished->rows.size()), "guess"),
                     alphabet.decode_upper(finished->word))
      << best_text(*finished) << '\n';
  return kExitOk;
}

void add_options(CLI::App& command, Options& options) {
  add_number_option(
      command, "--length", wd::kMinLength, wd::kMaxLength,
      [&options](std::uint64_t n) { options.length = static_cast<int>(n); },
      "Word length, 4 to 7; default 5");
  std::vector<std::string> hosts;
  for (wd::HostKind h : wd::all_hosts()) hosts.emplace_back(wd::to_string(h));
  command
      .add_option("--host", options.host,
                  "largest (default: keeps the most words), lookahead (keeps the words your best "
                  "next guess splits worst) or fair (picks a word at the start)")
      ->check(CLI::IsMember(hosts))
      ->type_name("NAME");
  add_number_option(
      command, "--guesses", 0, wd::kMaxGuesses,
      [&options](std::uint64_t n) { options.guesses = static_cast<int>(n); },
      "Guesses allowed, 0 for no limit; default 6 with the fair host, else no limit");
  command.add_flag("--hard", options.hard, "Hard mode: revealed letters must be used");
  command.add_flag("--show-remaining", options.show_remaining,
                   "Show how many words are still possible");
  command
      .add_option("--words", options.words,
                  "common: the answers are words people know; all: any word. Guesses may be any "
                  "word either way")
      ->check(CLI::IsMember({"common", "all"}))
      ->capture_default_str();
}

}  // namespace

int resume_wordle_game(Context& context, ResumedGame& game) {
  wd::Session& session = game.typed<app::WordleCodec>();
  Prompt prompt(context.in(), context.out(), !context.interactive());
  const Terminal terminal{colour_wanted(context.interactive()), context.interactive()};
  prompt.say(fmt::format("{}\nSeed {}{}\n{}", header(session.config()), session.seed(),
                         game.fresh ? "." : ": the game resumed.", kLegend));
  GameRecorder recorder(context, game);
  play_games(session, prompt, terminal, recorder);
  return kExitOk;
}

void define_wordle_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<Options>();
  add_options(command, *options);
  auto autoplay_options = std::make_shared<Options>();
  CLI::App* autoplay = add_game_tool(
      command, context, "autoplay", "Play the AI guesser against a host and report the game",
      "JSON: {\"seed\", \"length\", \"host\", \"hard\", \"guess_limit\", \"won\", \"guesses\",\n"
      "\"word\", \"best_possible\", \"best_from\", \"rows\": [{\"word\", \"pattern\"}]}.");
  add_options(*autoplay, *autoplay_options);
  on_run(*autoplay, context,
         [&context, autoplay_options] { return run_autoplay(context, *autoplay_options); });
  command.footer(
      "Guess the word; each guess gets Wordle's marks. The host never picks a word: it keeps\n"
      "the most words it can, so the game ends when your guess is the only word left. The game\n"
      "prints its seed; --seed N replays it. See docs/games/wordle.md.");
  on_play(command, context, [&context, options] { return run_play(context, *options); });
}

}  // namespace wg::cli
