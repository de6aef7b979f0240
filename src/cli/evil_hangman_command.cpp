#include "cli/evil_hangman_command.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/evil_hangman_codec.h"
#include "app/evil_hangman_table_jobs.h"
#include "cli/app.h"
#include "cli/define_command.h"
#include "cli/gallows.h"
#include "cli/game_recorder.h"
#include "cli/jobs_on_workers.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/text.h"
#include "games/evil_hangman/experiment.h"
#include "games/evil_hangman/guesser.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/session.h"
#include "games/evil_hangman/word_set.h"
#include "lexicon/common_words.h"

namespace wg::cli {

namespace eh = wg::evil_hangman;

namespace {

// --- Text shared by the game and the tools.

/// The pattern as the guesser sees it: "-OO-".
std::string pattern_text(const Alphabet& alphabet, const std::vector<Letter>& pattern) {
  std::string text;
  for (Letter l : pattern) text += l == kNoLetter ? '-' : alphabet.upper(l);
  return text;
}

/// A family's pattern: the letter at its positions over the pattern before the guess.
std::string family_text(const Alphabet& alphabet, const std::vector<Letter>& before,
                        std::uint64_t positions, Letter letter) {
  std::vector<Letter> after = before;
  for (std::size_t p = 0; p < after.size(); ++p) {
    if ((positions >> p) & 1u) after[p] = letter;
  }
  return pattern_text(alphabet, after);
}

std::string host_name(eh::Strategy strategy, int depth) {
  if (strategy == eh::Strategy::kLookahead) return fmt::format("lookahead, depth {}", depth);
  return std::string(eh::to_string(strategy));
}

eh::Strategy strategy_of(const std::string& name) {
  const std::optional<eh::Strategy> s = eh::parse_strategy(name);
  if (!s) throw UsageError(fmt::format("unknown strategy '{}'", name));
  return *s;
}

/// The families of a guess, largest first, with the chosen one marked and the host's reason.
void explain(std::ostream& out, const Alphabet& alphabet, const std::vector<Letter>& before,
             const eh::Guessed& guessed, const eh::Config& config) {
  const eh::Decision& d = *guessed.decision;
  std::vector<std::size_t> order(d.scores.size());
  std::uint32_t words_before = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    words_before += d.scores[i].size;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return d.scores[a].size > d.scores[b].size;
  });
  const Letter letter = guessed.letter;
  out << fmt::format("Families for {} ({}):\n", alphabet.upper(letter),
                     count_of(words_before, "word"));
  for (std::size_t i : order) {
    const eh::FamilyScore& s = d.scores[i];
    std::string line = fmt::format(
        "  {} {}  {:>6} {:<5}", static_cast<int>(i) == d.family ? '*' : ' ',
        family_text(alphabet, before, s.positions, letter), s.size, s.size == 1 ? "word" : "words");
    if (s.forced_misses >= 0) {
      line += fmt::format("  forces {}", count_of(s.forced_misses, "miss"));
    } else if (s.expected_misses >= 0) {
      line += fmt::format("  expects {:.2f} misses", s.expected_misses);
    }
    out << line << '\n';
  }
  const eh::FamilyScore& chosen = d.scores[static_cast<std::size_t>(d.family)];
  const std::string kept = family_text(alphabet, before, chosen.positions, letter);
  if (d.fell_back) {
    out << wrap(fmt::format("Host: optimal ran out of budget here, so lookahead (depth {}) "
                            "decided.",
                            config.depth),
                kColumns, "  ")
        << '\n';
  }
  std::string reason;
  switch (d.decided_by) {
    case eh::Strategy::kLargest:
      reason = fmt::format(
          "Host (largest): kept {}, the largest family (ties: fewer letters revealed).", kept);
      break;
    case eh::Strategy::kLookahead:
      reason = fmt::format(
          "Host ({}): kept {}, which the search values highest ({:.2f} misses: forced within its "
          "horizon, estimated beyond); ties go to a miss, then to the largest family.",
          host_name(config.strategy, config.depth), kept, chosen.expected_misses);
      break;
    case eh::Strategy::kOptimal:
      reason = fmt::format(
          "Host (optimal): kept {}, which forces the most misses ({}) against the best guesser; "
          "ties go to a miss, then to the largest family.",
          kept, chosen.forced_misses);
      break;
    case eh::Strategy::kFair:
      reason =
          fmt::format("Host (fair): kept {}, the family of the word it chose at the start.", kept);
      break;
  }
  out << wrap(reason, kColumns, "  ") << '\n';
}

// --- Playing: prompts turned into the session's commands, its events and views printed.

struct PlayOptions {
  std::optional<std::int64_t> length;
  std::optional<std::int64_t> guesses;
  bool show_remaining = false;
  bool hide_remaining = false;
  std::string strategy = "largest";
  int depth = 2;
  bool explain = false;
  std::string words = "common";
};

/// What the guess prompt accepts besides a letter ("help" prints it).
constexpr std::string_view kGuessHelp =
    "Type a letter to guess it; only a wrong guess uses up a guess.\n"
    "'give up' (or '!') ends the game as lost and shows a word; 'help' shows this.";

/// The terminal's side of a session: whether to colour, and the progress line shown while the
/// host thinks (the optimal host may take seconds a guess).
struct Terminal {
  bool colour = false;
  bool progress = false;
};

/// Applies a guess, showing a progress line while the host decides (on a terminal only).
std::vector<eh::Event> apply_guess(eh::Session& session, Letter letter, std::ostream& out,
                                   const Terminal& terminal) {
  ProgressLine line(out, terminal.progress, "The host is thinking");
  Work work;
  work.progress = [&line](double fraction) { line.update(fraction); };
  return session.apply(eh::Guess{letter, std::nullopt}, work);
}

/// The guess prompt's parser: one letter of the alphabet, which the session then takes or
/// refuses (a letter guessed before), or 'give up' / '!'; 'help' is answered and asked again.
/// The events of the accepted command.
std::optional<std::vector<eh::Event>> parse_guess(eh::Session& session, std::string_view answer,
                                                  std::string& error, std::ostream& out,
                                                  const Terminal& terminal) {
  const Alphabet& alphabet = session.alphabet();
  const std::string command = lower_ascii(answer);
  if (command == "help") {
    error = kGuessHelp;
    return std::nullopt;
  }
  if (command == "give up" || command == "!") return session.apply(eh::GiveUp{});
  if (answer.empty()) {
    error = "Please enter a letter.";
    return std::nullopt;
  }
  if (answer.size() > 1) {
    error = "Please enter just one letter.";
    return std::nullopt;
  }
  const Letter l = alphabet.code(answer[0]);
  if (l == kNoLetter) {
    error = fmt::format("'{}' is not a letter.", answer);
    return std::nullopt;
  }
  std::vector<eh::Event> events = apply_guess(session, l, out, terminal);
  if (const auto* rejected = std::get_if<eh::Rejected>(&events.front())) {
    error = rejected->reason == Refusal::kRepeated
                ? fmt::format("You already guessed {}.", alphabet.upper(l))
                : fmt::format("'{}' is not a letter.", answer);
    return std::nullopt;
  }
  return events;
}

/// The game's state before a guess, as the view shows it: the gallows drawn so far (a piece or
/// more per miss, complete at the last one allowed), then the guesses and the pattern.
void show_view(std::ostream& out, const Alphabet& alphabet, const eh::View& view) {
  out << '\n';
  const int pieces = gallows_pieces(view.guesses - view.guesses_left, view.guesses);
  if (pieces > 0) {
    for (const std::string& line : gallows_lines(pieces)) out << line << '\n';
  }
  out << fmt::format("Guesses left: {}\n", view.guesses_left);
  std::string letters;
  for (Letter l : view.letters)
    letters += fmt::format("{}{}", letters.empty() ? "" : " ", alphabet.upper(l));
  out << "Letters guessed: " << (letters.empty() ? "none" : letters) << '\n';
  out << "Word: " << pattern_text(alphabet, view.pattern) << '\n';
  if (view.words_remaining) out << fmt::format("Words remaining: {}\n", *view.words_remaining);
}

bool start_game(eh::Session& session, Prompt& prompt, const PlayOptions& options,
                GameRecorder& recorder);

/// One game: asks what the options leave out, starts it and plays it (or goes on with the game
/// in play, resumed); false at end of input.
bool play_one(eh::Session& session, Prompt& prompt, const PlayOptions& options,
              const Terminal& terminal, GameRecorder& recorder) {
  const Alphabet& alphabet = session.alphabet();
  if (session.status() != eh::Status::kPlaying && !start_game(session, prompt, options, recorder))
    return false;
  std::ostream& out = prompt.out();
  while (session.status() == eh::Status::kPlaying) {
    const eh::View before = session.view(0);
    show_view(out, alphabet, before);
    const auto events = prompt.ask<std::vector<eh::Event>>(
        "Your guess: ", [&](std::string_view text, std::string& error) {
          return parse_guess(session, text, error, out, terminal);
        });
    if (!events) return false;
    for (const eh::Event& event : *events) {
      if (const auto* g = std::get_if<eh::Guessed>(&event)) {
        if (g->decision) explain(out, alphabet, before.pattern, *g, session.config());
        if (g->hit) {
          const std::string text = fmt::format(
              "Yes, {} appears {}.", alphabet.upper(g->letter),
              g->revealed == 1 ? std::string("once") : fmt::format("{} times", g->revealed));
          out << paint(text, Tone::kHit, terminal.colour) << '\n';
        } else {
          const std::string text = fmt::format("Sorry, there is no {}.", alphabet.upper(g->letter));
          out << paint(text, Tone::kMiss, terminal.colour) << '\n';
        }
      } else if (const auto* f = std::get_if<eh::Finished>(&event)) {
        recorder.record<app::EvilHangmanCodec>(session, *f);
        const std::string word = alphabet.decode_upper(f->word);
        if (f->won) {
          out << fmt::format("\nCongratulations, you win! The word was {}.\n", word);
        } else if (f->gave_up) {
          out << fmt::format("\nYou gave up. The word was {}.\n", word);
        } else {
          out << fmt::format("\nYou are out of guesses. The word was {}.\n", word);
        }
        // What the word means, at a terminal only (as the progress lines): pipes keep their text.
        if (terminal.progress) out << secret_meaning(word, terminal_columns());
      }
    }
    recorder.save<app::EvilHangmanCodec>(session);
  }
  return true;
}

/// Starts a game: asks what the options leave out; false at end of input.
bool start_game(eh::Session& session, Prompt& prompt, const PlayOptions& options,
                GameRecorder& recorder) {
  recorder.restart_clock();
  eh::NewGame command;
  if (!options.length) {
    const auto answer = prompt.ask<std::int64_t>(
        "Word length: ",
        [&](std::string_view text, std::string& error) -> std::optional<std::int64_t> {
          const ParsedNumber number = parse_integer(text, true);
          if (!number) {
            error = fmt::format("{}Please enter a whole number (lengths with words: {}).",
                                number.problem == NumberProblem::kTooLarge ? kNumberTooLarge : "",
                                eh::lengths_with_words(session.lexicon()));
            return std::nullopt;
          }
          if (!eh::has_words_of_length(session.lexicon(), number.value)) {
            error = fmt::format("There are no words of length {}; lengths with words: {}.",
                                number.value, eh::lengths_with_words(session.lexicon()));
            return std::nullopt;
          }
          return number.value;
        });
    if (!answer) return false;
    command.length = *answer;
  }
  if (!options.guesses) {
    const auto answer =
        prompt.integer("Number of guesses: ", 1, std::numeric_limits<std::int64_t>::max());
    if (!answer) return false;
    command.guesses = *answer;
  }
  if (!options.show_remaining && !options.hide_remaining) {
    const auto answer = prompt.yes_no("Show the number of words remaining? (yes/no): ");
    if (!answer) return false;
    command.show_remaining = *answer;
  }
  const std::vector<eh::Event> started = session.apply(command);
  if (const auto* rejected = std::get_if<eh::Rejected>(&started.front())) {
    throw std::logic_error("evil-hangman: a new game was refused: " + rejected->detail);
  }
  recorder.save<app::EvilHangmanCodec>(session);
  return true;
}

/// Plays games until the player stops or input ends.
void play_games(eh::Session& session, Prompt& prompt, const PlayOptions& options,
                const Terminal& terminal, GameRecorder& recorder) {
  for (;;) {
    if (!play_one(session, prompt, options, terminal, recorder)) break;
    const auto again = prompt.yes_no("Play again? (yes/no): ");
    if (!again || !*again) break;
    prompt.say("");
  }
}

int run_play(Context& context, const PlayOptions& options) {
  if (options.show_remaining && options.hide_remaining) {
    throw UsageError("--show-remaining and --hide-remaining cannot be used together");
  }
  eh::Config config;
  config.strategy = strategy_of(options.strategy);
  config.depth = options.depth;
  config.explain = options.explain;
  config.length = options.length;
  config.guesses = options.guesses;
  config.show_remaining = options.show_remaining;
  config.secrets = parse_secrets(options.words).value_or(Secrets::kCommon);
  const std::uint64_t seed = context.seed();
  eh::Session session(context.shared_lexicon(), config, seed,
                      common_words());  // ConfigError: usage
  Prompt prompt(context.in(), context.out(), !context.interactive());
  const Terminal terminal{colour_wanted(context.interactive()), context.interactive()};
  prompt.say(fmt::format("Evil Hangman: the host is {}.\nSeed {} (replay with --seed {}).",
                         host_name(config.strategy, config.depth), seed, seed));
  GameRecorder recorder(context);
  play_games(session, prompt, options, terminal, recorder);
  return kExitOk;
}

// --- autoplay.

struct AutoplayOptions {
  std::int64_t length = 8;
  std::int64_t guesses = 8;
  std::string strategy = "largest";
  std::string guesser = "minimax";
  int depth = 2;
};

int run_autoplay(Context& context, const AutoplayOptions& options) {
  eh::AutoplayConfig config;
  config.length = options.length;
  config.guesses = options.guesses;
  config.strategy = strategy_of(options.strategy);
  config.depth = options.depth;
  const std::optional<eh::GuesserKind> guesser = eh::parse_guesser(options.guesser);
  if (!guesser) throw UsageError(fmt::format("unknown guesser '{}'", options.guesser));
  config.guesser = *guesser;
  const std::uint64_t seed = context.seed();
  const Lexicon& lexicon = context.lexicon();
  const eh::AutoplayResult r = eh::autoplay(lexicon, config, seed);  // ConfigError: usage
  if (context.options().json) {
    print_json(context.out(), app::autoplay_to_json(config, seed, r));
    return kExitOk;
  }
  const Alphabet& alphabet = lexicon.alphabet();
  std::ostream& out = context.out();
  out << fmt::format("Seed {}; host {}; guesser {}; length {}; guesses {}\n", seed,
                     host_name(config.strategy, config.depth), options.guesser, options.length,
                     config.game_guesses());
  for (const eh::AutoplayTurn& turn : r.turns) {
    out << fmt::format("{}  {:<4}  {}  {}\n", alphabet.lower(turn.letter),
                       turn.hit ? "hit" : "miss", pattern_text(alphabet, turn.pattern),
                       count_of(turn.words, "word"));
  }
  if (r.fell_back) out << "(optimal ran out of budget at some guesses; lookahead decided those)\n";
  out << fmt::format("{} with {}; the word was {}.\n", r.won ? "Guesser won" : "Guesser lost",
                     count_of(r.misses, "miss"), alphabet.decode(r.word));
  return kExitOk;
}

// --- table.

/// The table as Markdown, or as JSON (table_to_json).
int print_table(Context& context, const eh::TableConfig& config, const eh::TableResult& table,
                std::uint64_t seed) {
  if (context.options().json) {
    print_json(context.out(), app::table_to_json(table, context.lexicon_info().source, seed));
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << fmt::format(
      "Misses forced ({}; host / guesser; - = optimal over budget; >= k: the value is "
      "at least k, the budget ran out before the rest was proved)\n\n",
      count_of(table.guesses, "guess"));
  std::string header = "| length | words |";
  std::string rule = "|---:|---:|";
  if (config.value) {
    header += " value |";
    rule += "---:|";
  }
  for (const eh::TableHost& host : table.hosts) {
    for (eh::GuesserKind g : eh::all_guessers()) {
      header += fmt::format(" {} / {} |", host.name, eh::to_string(g));
      rule += "---:|";
    }
  }
  out << header << '\n' << rule << '\n';
  for (const eh::TableRow& row : table.rows) {
    std::string line = fmt::format("| {} | {} |", row.length, row.words);
    if (row.value) {
      line += row.value->value          ? fmt::format(" {} |", *row.value->value)
              : row.value->at_least > 0 ? fmt::format(" >= {} |", row.value->at_least)
                                        : " - |";
    }
    for (const eh::TableCell& cell : row.results) {
      line += cell.misses ? fmt::format(" {} |", *cell.misses) : " - |";
    }
    out << line << '\n';
  }
  return kExitOk;
}

struct TableOptions {
  eh::TableConfig config;
  bool on_workers = false;  // the table queued for workers
};

/// `table --on-workers`: the table queued in the store, computed by workers, printed here.
int run_table_on_workers(Context& context, const eh::TableConfig& config) {
  if (config.jobs > 0) {
    throw UsageError(
        "--jobs is not for a table on workers: they compute a length at a time each (start a "
        "worker per core)");
  }
  const std::uint64_t seed = context.seed();
  const app::QueuedComputation queued = app::queue_evil_hangman_table(
      context.required_game_store(), config, seed, context.lexicon(), workers_lexicon(context),
      Context::now_ms());  // ConfigError: usage
  const Json result = wait_for_workers(context, queued, "The table");
  return print_table(context, config, app::table_of_result(result, config), seed);
}

int run_table(Context& context, const TableOptions& o) {
  if (o.on_workers) return run_table_on_workers(context, o.config);
  const Lexicon& lexicon = context.lexicon();
  const std::uint64_t seed = context.seed();
  eh::TableResult table;
  {
    // Minutes of work for long words: a line shows how many lengths are done (terminal only).
    ProgressLine line(context.out(), context.interactive(), "Computing the table");
    line.update(-1);
    table = eh::run_table(lexicon, o.config, seed, [&line](int done, int total) {
      line.update(total > 0 ? static_cast<double>(done) / total : -1);
    });  // ConfigError: usage
  }
  return print_table(context, o.config, table, seed);
}

// --- Definitions.

/// The bounds of the numeric options: a length the word sets can hold, and a count the game
/// keeps in an int (more guesses than that are as good as 26).
constexpr std::uint64_t kMaxLength = eh::kMaxWordLength;
constexpr std::uint64_t kMaxCount = std::numeric_limits<int>::max();

void add_host_options(CLI::App& command, std::string& strategy, int& depth) {
  std::vector<std::string> names;
  for (eh::Strategy s : eh::all_strategies()) names.emplace_back(eh::to_string(s));
  command
      .add_option("--strategy", strategy,
                  "How the host picks a family: largest (default), "
                  "lookahead, optimal, fair")
      ->check(CLI::IsMember(names))
      ->type_name("NAME");
  add_number_option(
      command, "--depth", 1, kMaxCount, [&depth](std::uint64_t n) { depth = static_cast<int>(n); },
      "Host decisions the lookahead host looks at (and optimal's fallback); default 2")
      ->type_name("D");
}

void add_autoplay(CLI::App& parent, Context& context) {
  auto options = std::make_shared<AutoplayOptions>();
  CLI::App* command = add_game_tool(
      parent, context, "autoplay", "Play a guesser AI against a host and report the result",
      "JSON: {\"seed\", \"length\", \"guesses\", \"strategy\", \"depth\", \"guesser\", "
      "\"won\",\n\"misses\", \"word\", \"fell_back\", \"turns\": [{\"letter\", \"hit\", "
      "\"pattern\", \"words\"}]}.");
  add_host_options(*command, options->strategy, options->depth);
  std::vector<std::string> guessers;
  for (eh::GuesserKind g : eh::all_guessers()) guessers.emplace_back(eh::to_string(g));
  command
      ->add_option("--guesser", options->guesser,
                   "frequency (the letter in most words) or minimax (smallest worst family; "
                   "default)")
      ->check(CLI::IsMember(guessers))
      ->type_name("NAME");
  add_number_option(
      *command, "--length", 1, kMaxLength,
      [options](std::uint64_t n) { options->length = static_cast<std::int64_t>(n); },
      "Word length; default 8");
  add_number_option(
      *command, "--guesses", 1, kMaxCount,
      [options](std::uint64_t n) { options->guesses = static_cast<std::int64_t>(n); },
      "Misses allowed; default 8");
  on_run(*command, context, [&context, options] { return run_autoplay(context, *options); });
}

void add_table(CLI::App& parent, Context& context) {
  auto all = std::make_shared<TableOptions>();
  CLI::App* command = add_game_tool(
      parent, context, "table",
      "Misses each host forces on each guesser, by word length (a Markdown table)", "");
  add_number_option(
      *command, "--min-length", 1, kMaxLength,
      [all](std::uint64_t n) { all->config.min_length = static_cast<std::int64_t>(n); },
      "Shortest length; default 4");
  add_number_option(
      *command, "--max-length", 1, kMaxLength,
      [all](std::uint64_t n) { all->config.max_length = static_cast<std::int64_t>(n); },
      "Longest length; default 12");
  add_number_option(
      *command, "--guesses", 1, kMaxCount,
      [all](std::uint64_t n) { all->config.guesses = static_cast<std::int64_t>(n); },
      "Misses allowed; default 26, so every game ends with the word found and the misses are "
      "what the host forced");
  add_numbers_option(
      *command, "--depths", 1, kMaxCount,
      [all](const std::vector<std::uint64_t>& depths) {
        all->config.depths.clear();
        for (std::uint64_t d : depths) all->config.depths.push_back(static_cast<int>(d));
      },
      "Lookahead depths to compare; default 2 3")
      ->type_name("D...");
  command->add_flag("!--no-optimal", all->config.optimal, "Leave the optimal host out");
  command->add_flag("--value", all->config.value,
                    "Add the game value: misses an optimal host forces on an optimal guesser");
  constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
  add_number_option(
      *command, "--budget", 1, kNoLimit,
      [all](std::uint64_t n) { all->config.budget.max_positions = n; },
      "Positions the optimal solver may evaluate per decision; default 2000000");
  add_number_option(
      *command, "--memo", 1, kNoLimit, [all](std::uint64_t n) { all->config.budget.max_memo = n; },
      "Positions the optimal solver may remember (16 bytes each, rounded down to a power of "
      "two); default 4000000");
  add_number_option(
      *command, "--work", 1, kNoLimit, [all](std::uint64_t n) { all->config.budget.max_work = n; },
      "Steps of work the optimal solver may take per decision, a count that follows its time "
      "(about a billion a second); default no limit");
  add_number_option(
      *command, "--jobs", 1, 256, [all](std::uint64_t n) { all->config.jobs = n; },
      "Threads, one word length each; the table is the same for any number (default: one per "
      "core; each holds its own solver memo)");
  command->add_flag("--on-workers", all->on_workers,
                    "Queue the table in the store (--store) for workers ('wordgames worker', on "
                    "any machines sharing it), a length each, wait for them and print it: the "
                    "same table as here. Not with --jobs");
  on_run(*command, context, [&context, all] { return run_table(context, *all); });
}

}  // namespace

int resume_evil_hangman_game(Context& context, ResumedGame& game) {
  eh::Session& session = game.typed<app::EvilHangmanCodec>();
  const eh::Config& config = session.config();
  PlayOptions options;  // another game asks what the config leaves out
  options.length = config.length;
  options.guesses = config.guesses;
  options.show_remaining = config.show_remaining;
  options.hide_remaining = !config.show_remaining;
  Prompt prompt(context.in(), context.out(), !context.interactive());
  const Terminal terminal{colour_wanted(context.interactive()), context.interactive()};
  prompt.say(fmt::format("Evil Hangman: the host is {}.\nSeed {}{}",
                         host_name(config.strategy, config.depth), session.seed(),
                         game.fresh ? "." : ": the game resumed."));
  GameRecorder recorder(context, game);
  play_games(session, prompt, options, terminal, recorder);
  return kExitOk;
}

void define_evil_hangman_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<PlayOptions>();
  add_number_option(
      command, "--length", 1, kMaxLength,
      [options](std::uint64_t n) { options->length = static_cast<std::int64_t>(n); },
      "Word length (skips the prompt)");
  add_number_option(
      command, "--guesses", 1, kMaxCount,
      [options](std::uint64_t n) { options->guesses = static_cast<std::int64_t>(n); },
      "Wrong guesses allowed (skips the prompt)");
  command.add_flag("--show-remaining", options->show_remaining,
                   "Show how many words the host still holds (skips the prompt)");
  command.add_flag("--hide-remaining", options->hide_remaining,
                   "Do not show it (skips the prompt)");
  add_host_options(command, options->strategy, options->depth);
  command.add_flag("--explain", options->explain,
                   "After each guess, show the families and why the host chose one");
  command
      .add_option("--words", options->words,
                  "common: the word the host names when you lose is one people know whenever "
                  "it can be; all: any word. Guesses count against every word either way")
      ->check(CLI::IsMember({"common", "all"}))
      ->capture_default_str();
  add_autoplay(command, context);
  add_table(command, context);
  command.footer(
      "Guess the word one letter at a time; only a wrong guess uses up a guess. The host never\n"
      "commits to a word: it keeps every word consistent with what it has shown. The game\n"
      "prints its seed; --seed N replays it. See docs/games/evil-hangman.md.");
  on_play(command, context, [&context, options] { return run_play(context, *options); });
}

}  // namespace wg::cli
