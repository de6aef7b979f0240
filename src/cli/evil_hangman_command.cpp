#include "cli/evil_hangman_command.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "games/evil_hangman/game.h"
#include "games/evil_hangman/guesser.h"
#include "games/evil_hangman/host.h"
#include "games/evil_hangman/word_set.h"

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

std::string upper(const Alphabet& alphabet, std::string_view text) {
  std::string result(text);
  for (char& c : result) c = alphabet.upper(alphabet.code(c));
  return result;
}

std::string host_name(const eh::HostConfig& host) {
  if (host.strategy == eh::Strategy::kLookahead) {
    return fmt::format("lookahead, depth {}", host.depth);
  }
  return std::string(eh::to_string(host.strategy));
}

/// The lengths that have words, as ranges: "2-25, 27, 28".
std::string lengths_text(const Lexicon& lexicon) {
  const auto& counts = lexicon.count_by_length();
  std::vector<std::string> parts;
  for (std::size_t n = 1; n < counts.size() && n <= eh::kMaxWordLength; ++n) {
    if (counts[n] == 0) continue;
    std::size_t end = n;
    while (end + 1 < counts.size() && end + 1 <= eh::kMaxWordLength && counts[end + 1] > 0) ++end;
    parts.push_back(end == n       ? fmt::format("{}", n)
                    : end == n + 1 ? fmt::format("{}, {}", n, end)
                                   : fmt::format("{}-{}", n, end));
    n = end;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

bool has_length(const Lexicon& lexicon, std::int64_t length) {
  const auto& counts = lexicon.count_by_length();
  return length >= 1 && length <= static_cast<std::int64_t>(eh::kMaxWordLength) &&
         static_cast<std::size_t>(length) < counts.size() &&
         counts[static_cast<std::size_t>(length)] > 0;
}

/// The families of a guess, largest first, with the chosen one marked and the host's reason.
void explain(std::ostream& out, const Alphabet& alphabet, const std::vector<Letter>& before,
             const eh::GuessResult& r, const eh::HostConfig& host) {
  const eh::Decision& d = r.decision;
  std::vector<std::size_t> order(d.scores.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return d.scores[a].size > d.scores[b].size;
  });
  out << fmt::format("Families for {} ({} words):\n", alphabet.upper(r.letter), r.words_before);
  for (std::size_t i : order) {
    const eh::FamilyScore& s = d.scores[i];
    std::string line =
        fmt::format("  {} {}  {:>6} {:<5}", static_cast<int>(i) == d.family ? '*' : ' ',
                    family_text(alphabet, before, s.positions, r.letter), s.size,
                    s.size == 1 ? "word" : "words");
    if (s.forced_misses >= 0) {
      line += fmt::format("  forces {} miss{}", s.forced_misses, s.forced_misses == 1 ? "" : "es");
    } else if (s.expected_misses >= 0) {
      line += fmt::format("  expects {:.2f} misses", s.expected_misses);
    }
    out << line << '\n';
  }
  const eh::FamilyScore& chosen = d.scores[static_cast<std::size_t>(d.family)];
  const std::string kept = family_text(alphabet, before, chosen.positions, r.letter);
  if (d.fell_back) {
    out << fmt::format("Host: optimal ran out of budget here, so lookahead (depth {}) decided.\n",
                       host.depth);
  }
  switch (d.decided_by) {
    case eh::Strategy::kLargest:
      out << fmt::format("Host (largest): kept {}, the largest family", kept);
      out << " (ties: fewer letters revealed).\n";
      break;
    case eh::Strategy::kLookahead:
      out << fmt::format(
          "Host ({}): kept {}, which the search values highest ({:.2f} misses: forced within its "
          "horizon, estimated beyond); ties go to a miss, then to the largest family.\n",
          host_name(host), kept, chosen.expected_misses);
      break;
    case eh::Strategy::kOptimal:
      out << fmt::format(
          "Host (optimal): kept {}, which forces the most misses ({}) against the best guesser; "
          "ties go to a miss, then to the largest family.\n",
          kept, chosen.forced_misses);
      break;
    case eh::Strategy::kFair:
      out << fmt::format("Host (fair): kept {}, the family of the word it chose at the start.\n",
                         kept);
      break;
  }
}

// --- Playing.

struct PlayOptions {
  std::optional<std::int64_t> length;
  std::optional<std::int64_t> guesses;
  bool show_remaining = false;
  bool hide_remaining = false;
  std::string strategy = "largest";
  int depth = 2;
  bool explain = false;
};

eh::HostConfig host_config(const std::string& strategy, int depth) {
  if (depth < 1) throw UsageError(fmt::format("--depth must be at least 1, not {}", depth));
  const std::optional<eh::Strategy> s = eh::parse_strategy(strategy);
  if (!s) throw UsageError(fmt::format("unknown strategy '{}'", strategy));
  eh::HostConfig config;
  config.strategy = *s;
  config.depth = depth;
  return config;
}

void check_length(const Lexicon& lexicon, std::int64_t length) {
  if (!has_length(lexicon, length)) {
    throw UsageError(fmt::format("no words of length {} (lengths with words: {})", length,
                                 lengths_text(lexicon)));
  }
}

int clamp_guesses(std::int64_t guesses) {
  return static_cast<int>(std::min<std::int64_t>(guesses, INT_MAX));
}

/// The guess prompt's parser: one letter not guessed before.
std::optional<Letter> parse_guess(const Alphabet& alphabet, LetterSet guessed,
                                  std::string_view answer, std::string& error) {
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
  if (guessed.contains(l)) {
    error = fmt::format("You already guessed {}.", alphabet.upper(l));
    return std::nullopt;
  }
  return l;
}

/// One game; false at end of input.
bool play_one(Context& context, Prompt& prompt, const PlayOptions& options,
              const eh::HostConfig& host, std::uint64_t seed) {
  const Lexicon& lexicon = context.lexicon();
  const Alphabet& alphabet = lexicon.alphabet();
  std::int64_t length = 0;
  if (options.length) {
    length = *options.length;
  } else {
    const auto answer = prompt.ask<std::int64_t>(
        "Word length: ",
        [&](std::string_view text, std::string& error) -> std::optional<std::int64_t> {
          std::int64_t value = 0;
          const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
          if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
            error = fmt::format("Please enter a whole number (lengths with words: {}).",
                                lengths_text(lexicon));
            return std::nullopt;
          }
          if (!has_length(lexicon, value)) {
            error = fmt::format("There are no words of length {}; lengths with words: {}.", value,
                                lengths_text(lexicon));
            return std::nullopt;
          }
          return value;
        });
    if (!answer) return false;
    length = *answer;
  }
  int guesses = 0;
  if (options.guesses) {
    guesses = clamp_guesses(*options.guesses);
  } else {
    const auto answer = prompt.integer("Number of guesses: ", 1, INT64_MAX);
    if (!answer) return false;
    guesses = clamp_guesses(*answer);
  }
  bool show = options.show_remaining;
  if (!options.show_remaining && !options.hide_remaining) {
    const auto answer = prompt.yes_no("Show the number of words remaining? (yes/no): ");
    if (!answer) return false;
    show = *answer;
  }

  const eh::WordSet words = eh::WordSet::of_length(lexicon, static_cast<std::size_t>(length));
  eh::Game game(words, guesses, host, seed);
  std::ostream& out = prompt.out();
  while (!game.over()) {
    out << fmt::format("\nGuesses left: {}\n", game.guesses_left());
    std::string letters;
    for (Letter l : game.guesses_made())
      letters += fmt::format("{}{}", letters.empty() ? "" : " ", alphabet.upper(l));
    out << "Letters guessed: " << (letters.empty() ? "none" : letters) << '\n';
    out << "Word: " << pattern_text(alphabet, game.pattern()) << '\n';
    if (show) out << fmt::format("Words remaining: {}\n", game.candidates().size());
    const LetterSet guessed = game.guessed();
    const auto letter =
        prompt.ask<Letter>("Your guess: ", [&](std::string_view text, std::string& error) {
          return parse_guess(alphabet, guessed, text, error);
        });
    if (!letter) return false;
    const std::vector<Letter> before = game.pattern();
    const eh::GuessResult r = game.guess(*letter);
    if (options.explain) explain(out, alphabet, before, r, host);
    if (r.hit) {
      out << fmt::format(
          "Yes, {} appears {}.\n", alphabet.upper(*letter),
          r.revealed == 1 ? std::string("once") : fmt::format("{} times", r.revealed));
    } else {
      out << fmt::format("Sorry, there is no {}.\n", alphabet.upper(*letter));
    }
  }
  const std::string word = upper(alphabet, words.text(game.word()));
  if (game.status() == eh::GameStatus::kWon) {
    out << fmt::format("\nCongratulations, you win! The word was {}.\n", word);
  } else {
    out << fmt::format("\nYou are out of guesses. The word was {}.\n", word);
  }
  return true;
}

int run_play(Context& context, const PlayOptions& options) {
  if (context.options().json) {
    throw UsageError("evil-hangman plays in text; use 'evil-hangman autoplay --json' for JSON");
  }
  const eh::HostConfig host = host_config(options.strategy, options.depth);
  const Lexicon& lexicon = context.lexicon();
  if (options.length) check_length(lexicon, *options.length);
  if (options.guesses && *options.guesses < 1) {
    throw UsageError(fmt::format("--guesses must be at least 1, not {}", *options.guesses));
  }
  if (options.show_remaining && options.hide_remaining) {
    throw UsageError("--show-remaining and --hide-remaining cannot be used together");
  }
  const std::uint64_t seed = context.seed();
  Prompt prompt(context.in(), context.out(), !context.interactive());
  prompt.say(fmt::format("Evil Hangman: the host is {}. Seed {} (replay with --seed {}).",
                         host_name(host), seed, seed));
  const Rng session(seed);
  for (std::uint64_t game = 0;; ++game) {
    if (!play_one(context, prompt, options, host, session.fork(game).next())) break;
    const auto again = prompt.yes_no("Play again? (yes/no): ");
    if (!again || !*again) break;
    prompt.say("");
  }
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

struct AutoplayResult {
  bool won = false;
  int misses = 0;
  std::string word;
  bool fell_back = false;
  Json turns = Json::array();
};

AutoplayResult autoplay(const eh::WordSet& words, int guesses, const eh::HostConfig& host,
                        eh::GuesserKind guesser, std::uint64_t seed,
                        std::shared_ptr<eh::OptimalSolver> solver = nullptr) {
  const Alphabet& alphabet = words.alphabet();
  eh::Game game(words, guesses, host, seed, std::move(solver));
  AutoplayResult result;
  while (!game.over()) {
    const Letter l = eh::choose_guess(words, game.position(), guesser);
    const eh::GuessResult r = game.guess(l);
    result.fell_back = result.fell_back || r.decision.fell_back;
    result.turns.push_back({{"letter", std::string(1, alphabet.lower(l))},
                            {"hit", r.hit},
                            {"pattern", pattern_text(alphabet, game.pattern())},
                            {"words", game.candidates().size()}});
  }
  result.won = game.status() == eh::GameStatus::kWon;
  result.misses = game.misses();
  result.word = words.text(game.word());
  return result;
}

int run_autoplay(Context& context, const AutoplayOptions& options) {
  const eh::HostConfig host = host_config(options.strategy, options.depth);
  const std::optional<eh::GuesserKind> guesser = eh::parse_guesser(options.guesser);
  if (!guesser) throw UsageError(fmt::format("unknown guesser '{}'", options.guesser));
  if (options.guesses < 1) {
    throw UsageError(fmt::format("--guesses must be at least 1, not {}", options.guesses));
  }
  const Lexicon& lexicon = context.lexicon();
  check_length(lexicon, options.length);
  const std::uint64_t seed = context.seed();
  const eh::WordSet words =
      eh::WordSet::of_length(lexicon, static_cast<std::size_t>(options.length));
  const int guesses = clamp_guesses(options.guesses);
  const AutoplayResult r = autoplay(words, guesses, host, *guesser, seed);
  if (context.options().json) {
    print_json(context.out(), {{"seed", seed},
                               {"length", options.length},
                               {"guesses", guesses},
                               {"strategy", options.strategy},
                               {"depth", options.depth},
                               {"guesser", options.guesser},
                               {"won", r.won},
                               {"misses", r.misses},
                               {"word", r.word},
                               {"fell_back", r.fell_back},
                               {"turns", r.turns}});
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << fmt::format("Seed {}; host {}; guesser {}; length {}; guesses {}\n", seed, host_name(host),
                     options.guesser, options.length, guesses);
  for (const Json& turn : r.turns) {
    out << fmt::format("{}  {:<4}  {}  {} words\n", turn["letter"].get<std::string>(),
                       turn["hit"].get<bool>() ? "hit" : "miss", turn["pattern"].get<std::string>(),
                       turn["words"].get<std::size_t>());
  }
  if (r.fell_back) out << "(optimal ran out of budget at some guesses; lookahead decided those)\n";
  out << fmt::format("{} with {} miss{}; the word was {}.\n",
                     r.won ? "Guesser won" : "Guesser lost", r.misses, r.misses == 1 ? "" : "es",
                     r.word);
  return kExitOk;
}

// --- table.

struct TableOptions {
  std::int64_t min_length = 4;
  std::int64_t max_length = 12;
  std::int64_t guesses = 26;
  std::vector<int> depths = {2, 3};
  bool optimal = true;
  std::uint64_t budget = 2'000'000;
  std::uint64_t memo = eh::OptimalBudget{}.max_memo;
  std::uint64_t work = std::numeric_limits<std::uint64_t>::max();
  bool value = false;
  std::uint64_t jobs = 0;  // 0: one per core
};

using NamedHost = std::pair<std::string, eh::HostConfig>;

/// One length's row of the table: the value if asked, then every host against every guesser.
Json table_row(const eh::WordSet& words, const std::vector<NamedHost>& hosts, int guesses,
               const eh::OptimalBudget& budget, bool value, std::uint64_t seed) {
  Json row = {{"length", words.length()}, {"words", words.size()}};
  // The optimal hosts and the value share a solver: one memo, so each game starts from what
  // the value and the games before it proved.
  const auto solver = std::make_shared<eh::OptimalSolver>(words, budget);
  bool optimal_tractable = true;
  if (value) {
    const std::vector<eh::WordId> all = words.all_ids();
    const std::optional<int> v = solver->value(eh::Position{all, LetterSet(), guesses});
    row["value"] = v ? Json(*v) : Json(nullptr);
    row["value_at_least"] = solver->proved_lower_bound();
    row["value_positions"] = solver->positions_evaluated();
    row["value_work"] = solver->work_done();
    // Over budget at the root, the optimal host would spend the budget again at each of its
    // first decisions before falling back: its cells are left out instead.
    optimal_tractable = v.has_value();
  }
  row["results"] = Json::array();
  for (const auto& [name, host] : hosts) {
    for (eh::GuesserKind g : eh::all_guessers()) {
      Json cell = {{"host", name}, {"guesser", eh::to_string(g)}, {"misses", nullptr}};
      if (host.strategy != eh::Strategy::kOptimal || optimal_tractable) {
        const AutoplayResult r = autoplay(words, guesses, host, g, seed, solver);
        if (!r.fell_back) cell["misses"] = r.misses;
        cell["won"] = r.won;
      }
      row["results"].push_back(cell);
    }
  }
  return row;
}

int run_table(Context& context, const TableOptions& options) {
  if (options.min_length < 1 || options.max_length < options.min_length) {
    throw UsageError("need 1 <= --min-length <= --max-length");
  }
  if (options.guesses < 1) throw UsageError("--guesses must be at least 1");
  for (int d : options.depths) {
    if (d < 1) throw UsageError("--depths must be at least 1");
  }
  const Lexicon& lexicon = context.lexicon();
  const std::uint64_t seed = context.seed();
  const int guesses = clamp_guesses(options.guesses);
  const eh::OptimalBudget budget{options.budget, options.memo, options.work};
  std::vector<NamedHost> hosts;
  hosts.emplace_back("largest", eh::HostConfig{eh::Strategy::kLargest, 1, budget});
  for (int d : options.depths) {
    hosts.emplace_back(fmt::format("lookahead-{}", d),
                       eh::HostConfig{eh::Strategy::kLookahead, d, budget});
  }
  if (options.optimal) {
    hosts.emplace_back("optimal", eh::HostConfig{eh::Strategy::kOptimal, 2, budget});
  }
  std::vector<std::size_t> lengths;
  for (std::int64_t length = options.min_length; length <= options.max_length; ++length) {
    if (has_length(lexicon, length)) lengths.push_back(static_cast<std::size_t>(length));
  }
  if (lengths.empty()) {
    throw UsageError(fmt::format("no words of any length from {} to {} (lengths with words: {})",
                                 options.min_length, options.max_length, lengths_text(lexicon)));
  }
  // Lengths are independent, so they share out over threads; the rows keep their order.
  std::vector<Json> rows(lengths.size());
  const auto jobs = static_cast<int>(jobs_or_cores(options.jobs));
  parallel_for(static_cast<int>(lengths.size()), jobs, [&](int i) {
    const auto at = static_cast<std::size_t>(i);
    const eh::WordSet words = eh::WordSet::of_length(lexicon, lengths[at]);
    rows[at] = table_row(words, hosts, guesses, budget, options.value, seed);
  });
  Json document = {{"lexicon", context.lexicon_info().source},
                   {"seed", seed},
                   {"guesses", guesses},
                   {"rows", rows}};
  if (context.options().json) {
    print_json(context.out(), document);
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << fmt::format(
      "Misses forced ({} guesses; host / guesser; - = optimal over budget; >= k: the value is "
      "at least k, the budget ran out before the rest was proved)\n\n",
      guesses);
  std::string header = "| length | words |";
  std::string rule = "|---:|---:|";
  if (options.value) {
    header += " value |";
    rule += "---:|";
  }
  for (const auto& [name, host] : hosts) {
    for (eh::GuesserKind g : eh::all_guessers()) {
      header += fmt::format(" {} / {} |", name, eh::to_string(g));
      rule += "---:|";
    }
  }
  out << header << '\n' << rule << '\n';
  for (const Json& row : document["rows"]) {
    std::string line = fmt::format("| {} | {} |", row["length"].get<std::size_t>(),
                                   row["words"].get<std::size_t>());
    if (options.value) {
      const int at_least = row["value_at_least"].get<int>();
      line += !row["value"].is_null() ? fmt::format(" {} |", row["value"].get<int>())
              : at_least > 0          ? fmt::format(" >= {} |", at_least)
                                      : " - |";
    }
    for (const Json& cell : row["results"]) {
      line += cell["misses"].is_null() ? " - |" : fmt::format(" {} |", cell["misses"].get<int>());
    }
    out << line << '\n';
  }
  return kExitOk;
}

// --- Definitions.

void add_host_options(CLI::App& command, std::string& strategy, int& depth) {
  std::vector<std::string> names;
  for (eh::Strategy s : eh::all_strategies()) names.emplace_back(eh::to_string(s));
  command
      .add_option("--strategy", strategy,
                  "How the host picks a family: largest (default), "
                  "lookahead, optimal, fair")
      ->check(CLI::IsMember(names))
      ->type_name("NAME");
  command
      .add_option("--depth", depth,
                  "Host decisions the lookahead host looks at (and optimal's fallback); "
                  "default 2")
      ->check(CLI::PositiveNumber)
      ->type_name("D");
}

void add_autoplay(CLI::App& parent, Context& context) {
  auto options = std::make_shared<AutoplayOptions>();
  CLI::App* command =
      parent.add_subcommand("autoplay", "Play a guesser AI against a host and report the result");
  command->group("Tools");
  command->add_flag("--json", context.options().json, "Print a JSON document");
  add_host_options(*command, options->strategy, options->depth);
  std::vector<std::string> guessers;
  for (eh::GuesserKind g : eh::all_guessers()) guessers.emplace_back(eh::to_string(g));
  command
      ->add_option("--guesser", options->guesser,
                   "frequency (the letter in most words) or minimax (smallest worst family; "
                   "default)")
      ->check(CLI::IsMember(guessers))
      ->type_name("NAME");
  command->add_option("--length", options->length, "Word length; default 8")->type_name("N");
  command->add_option("--guesses", options->guesses, "Misses allowed; default 8")->type_name("N");
  command->footer(
      "JSON: {\"seed\", \"length\", \"guesses\", \"strategy\", \"depth\", \"guesser\", \"won\",\n"
      "\"misses\", \"word\", \"fell_back\", \"turns\": [{\"letter\", \"hit\", \"pattern\", "
      "\"words\"}]}.");
  command->callback([&context, options] {
    context.set_action([&context, options] { return run_autoplay(context, *options); });
  });
}

void add_table(CLI::App& parent, Context& context) {
  auto options = std::make_shared<TableOptions>();
  CLI::App* command = parent.add_subcommand(
      "table", "Misses each host forces on each guesser, by word length (a Markdown table)");
  command->group("Tools");
  command->add_flag("--json", context.options().json, "Print a JSON document");
  command->add_option("--min-length", options->min_length, "Shortest length; default 4")
      ->type_name("N");
  command->add_option("--max-length", options->max_length, "Longest length; default 12")
      ->type_name("N");
  command
      ->add_option("--guesses", options->guesses,
                   "Misses allowed; default 26, so every game ends with the word found and "
                   "the misses are what the host forced")
      ->type_name("N");
  command->add_option("--depths", options->depths, "Lookahead depths to compare; default 2 3")
      ->type_name("D...");
  command->add_flag("!--no-optimal", options->optimal, "Leave the optimal host out");
  command->add_flag("--value", options->value,
                    "Add the game value: misses an optimal host forces on an optimal guesser");
  constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
  add_number_option(
      *command, "--budget", 1, kNoLimit, [options](std::uint64_t n) { options->budget = n; },
      "Positions the optimal solver may evaluate per decision; default 2000000");
  add_number_option(
      *command, "--memo", 1, kNoLimit, [options](std::uint64_t n) { options->memo = n; },
      "Positions the optimal solver may remember (16 bytes each, rounded down to a power of "
      "two); default 4000000");
  add_number_option(
      *command, "--work", 1, kNoLimit, [options](std::uint64_t n) { options->work = n; },
      "Steps of work the optimal solver may take per decision, a count that follows its time "
      "(about a billion a second); default no limit");
  add_number_option(
      *command, "--jobs", 1, 256, [options](std::uint64_t n) { options->jobs = n; },
      "Threads, one word length each; the table is the same for any number (default: one per "
      "core; each holds its own solver memo)");
  command->callback([&context, options] {
    context.set_action([&context, options] { return run_table(context, *options); });
  });
}

}  // namespace

void define_evil_hangman_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<PlayOptions>();
  command.add_option("--length", options->length, "Word length (skips the prompt)")->type_name("N");
  command.add_option("--guesses", options->guesses, "Wrong guesses allowed (skips the prompt)")
      ->type_name("N");
  command.add_flag("--show-remaining", options->show_remaining,
                   "Show how many words the host still holds (skips the prompt)");
  command.add_flag("--hide-remaining", options->hide_remaining,
                   "Do not show it (skips the prompt)");
  add_host_options(command, options->strategy, options->depth);
  command.add_flag("--explain", options->explain,
                   "After each guess, show the families and why the host chose one");
  add_autoplay(command, context);
  add_table(command, context);
  command.footer(
      "Guess the word one letter at a time; only a wrong guess uses up a guess. The host never\n"
      "commits to a word: it keeps every word consistent with what it has shown. The game\n"
      "prints its seed; --seed N replays it. See docs/games/evil-hangman.md.");
  command.callback([&context, options] {
    if (context.action()) return;
    context.set_action([&context, options] { return run_play(context, *options); });
  });
}

}  // namespace wg::cli
