#include "games/evil_hangman/experiment.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/parallel.h"
#include "core/play.h"
#include "games/evil_hangman/game.h"

namespace wg::evil_hangman {

namespace {

/// More guesses than an int holds are as good as 26: the game keeps an int.
int clamp_guesses(std::int64_t guesses) {
  return static_cast<int>(std::min<std::int64_t>(guesses, std::numeric_limits<int>::max()));
}

void check_budget(const OptimalBudget& budget) {
  if (budget.max_positions == 0) throw ConfigError("budget", "the budget must be at least 1");
  if (budget.max_memo == 0) throw ConfigError("memo", "the memo must be at least 1");
  if (budget.max_work == 0) throw ConfigError("work", "the work must be at least 1");
}

/// One length's row: the value if asked, then every host against every guesser.
TableRow table_row(const WordSet& words, const std::vector<TableHost>& hosts, int guesses,
                   const OptimalBudget& budget, bool value, std::uint64_t seed) {
  TableRow row;
  row.length = words.length();
  row.words = words.size();
  // The optimal hosts and the value share a solver: one memo, so each game starts from what
  // the value and the games before it proved.
  const auto solver = std::make_shared<OptimalSolver>(words, budget);
  bool optimal_tractable = true;
  if (value) {
    const std::vector<WordId> all = words.all_ids();
    TableValue v;
    v.value = solver->value(Position{all, LetterSet(), guesses});
    v.at_least = solver->proved_lower_bound();
    v.positions = solver->positions_evaluated();
    v.work = solver->work_done();
    // Over budget at the root, the optimal host would spend the budget again at each of its
    // first decisions before falling back: its cells are left out instead.
    optimal_tractable = v.value.has_value();
    row.value = v;
  }
  for (const TableHost& host : hosts) {
    for (GuesserKind g : all_guessers()) {
      TableCell cell;
      cell.host = host.name;
      cell.guesser = g;
      if (host.config.strategy != Strategy::kOptimal || optimal_tractable) {
        const AutoplayResult r = autoplay(words, guesses, host.config, g, seed, solver);
        cell.played = true;
        if (!r.fell_back) cell.misses = r.misses;
        cell.won = r.won;
      }
      row.results.push_back(std::move(cell));
    }
  }
  return row;
}

}  // namespace

AutoplayResult autoplay(const WordSet& words, int guesses, const HostConfig& host,
                        GuesserKind guesser, std::uint64_t seed,
                        std::shared_ptr<OptimalSolver> solver) {
  Game game(words, guesses, host, seed, std::move(solver));
  AutoplayResult result;
  while (!game.over()) {
    const Letter l = choose_guess(words, game.position(), guesser);
    const GuessResult r = game.guess(l);
    result.fell_back = result.fell_back || r.decision.fell_back;
    result.turns.push_back(AutoplayTurn{l, r.hit, game.pattern(),
                                        static_cast<std::uint32_t>(game.candidates().size())});
  }
  result.won = game.status() == GameStatus::kWon;
  result.misses = game.misses();
  const std::span<const Letter> word = words.word(game.word());
  result.word.assign(word.begin(), word.end());
  return result;
}

int AutoplayConfig::game_guesses() const { return clamp_guesses(guesses); }

void AutoplayConfig::validate(const Lexicon& lexicon) const {
  if (!has_words_of_length(lexicon, length)) {
    throw ConfigError("length", no_words_of_length(lexicon, length));
  }
  if (guesses < 1) {
    throw ConfigError("guesses",
                      "the number of guesses must be at least 1, not " + std::to_string(guesses));
  }
  if (const std::string problem = depth_problem(depth); !problem.empty()) {
    throw ConfigError("depth", problem);
  }
}

AutoplayResult autoplay(const Lexicon& lexicon, const AutoplayConfig& config, std::uint64_t seed) {
  config.validate(lexicon);
  const WordSet words = WordSet::of_length(lexicon, static_cast<std::size_t>(config.length));
  HostConfig host;
  host.strategy = config.strategy;
  host.depth = config.depth;
  return autoplay(words, config.game_guesses(), host, config.guesser, seed);
}

int TableConfig::game_guesses() const { return clamp_guesses(guesses); }

void TableConfig::validate(const Lexicon& lexicon) const {
  if (min_length < 1 || max_length < min_length) {
    throw ConfigError("min_length", "need 1 <= min length <= max length");
  }
  if (guesses < 1) throw ConfigError("guesses", "the number of guesses must be at least 1");
  for (int d : depths) {
    if (const std::string problem = depth_problem(d); !problem.empty()) {
      throw ConfigError("depths", problem);
    }
  }
  check_budget(budget);
  for (std::int64_t length = min_length; length <= max_length; ++length) {
    if (has_words_of_length(lexicon, length)) return;
  }
  throw ConfigError("min_length", "no words of any length from " + std::to_string(min_length) +
                                      " to " + std::to_string(max_length) +
                                      " (lengths with words: " + lengths_with_words(lexicon) + ")");
}

std::vector<TableHost> table_hosts(const TableConfig& config) {
  std::vector<TableHost> hosts;
  hosts.push_back({"largest", HostConfig{Strategy::kLargest, 1, config.budget}});
  for (int d : config.depths) {
    hosts.push_back(
        {"lookahead-" + std::to_string(d), HostConfig{Strategy::kLookahead, d, config.budget}});
  }
  if (config.optimal) {
    hosts.push_back({"optimal", HostConfig{Strategy::kOptimal, 2, config.budget}});
  }
  return hosts;
}

std::vector<std::size_t> table_lengths(const Lexicon& lexicon, const TableConfig& config) {
  config.validate(lexicon);
  std::vector<std::size_t> lengths;
  // Lengths above kMaxWordLength have no words to play (has_words_of_length), so the loop
  // stops there even for a huge max_length.
  const std::int64_t last =
      std::min<std::int64_t>(config.max_length, static_cast<std::int64_t>(kMaxWordLength));
  for (std::int64_t length = config.min_length; length <= last; ++length) {
    if (has_words_of_length(lexicon, length)) lengths.push_back(static_cast<std::size_t>(length));
  }
  return lengths;
}

TableRow table_length_row(const Lexicon& lexicon, const TableConfig& config, std::size_t length,
                          std::uint64_t seed) {
  const std::vector<std::size_t> lengths = table_lengths(lexicon, config);
  if (std::find(lengths.begin(), lengths.end(), length) == lengths.end()) {
    throw ConfigError("length", "the table has no row of length " + std::to_string(length));
  }
  const WordSet words = WordSet::of_length(lexicon, length);
  return table_row(words, table_hosts(config), config.game_guesses(), config.budget, config.value,
                   seed);
}

TableResult run_table(const Lexicon& lexicon, const TableConfig& config, std::uint64_t seed,
                      const std::function<void(int done, int total)>& on_progress) {
  const std::vector<std::size_t> lengths = table_lengths(lexicon, config);  // validates
  TableResult result;
  result.guesses = config.game_guesses();
  result.hosts = table_hosts(config);
  // Lengths are independent, so they share out over threads; the rows keep their order.
  result.rows.resize(lengths.size());
  const auto jobs = static_cast<int>(jobs_or_cores(config.jobs));
  parallel_for(
      static_cast<int>(lengths.size()), jobs,
      [&](int i) {
        const auto at = static_cast<std::size_t>(i);
        const WordSet words = WordSet::of_length(lexicon, lengths[at]);
        result.rows[at] =
            table_row(words, result.hosts, result.guesses, config.budget, config.value, seed);
      },
      on_progress);
  return result;
}

}  // namespace wg::evil_hangman
