#include "app/evil_hangman_table_jobs.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "app/evil_hangman_codec.h"
#include "core/play.h"
#include "games/evil_hangman/guesser.h"

namespace wg::app {

namespace {

namespace eh = wg::evil_hangman;

constexpr std::string_view kRowKind = "evil_hangman_table_row";
constexpr std::string_view kTableKind = "evil_hangman_table";

Json table_config_json(const eh::TableConfig& c) {
  return {{"min_length", c.min_length},
          {"max_length", c.max_length},
          {"guesses", c.guesses},
          {"depths", c.depths},
          {"optimal", c.optimal},
          {"value", c.value},
          {"budget",
           {{"positions", c.budget.max_positions},
            {"memo", c.budget.max_memo},
            {"work", c.budget.max_work}}}};
}

std::int64_t integer_field(const Json& table, const char* name) {
  return job_integer(table, name, "the job's table");
}

std::uint64_t unsigned_field(const Json& table, const char* name) {
  return job_unsigned(table, name, "the job's table");
}

/// The table's config as the job's input holds it, checked (TableConfig::validate) on the
/// worker's lexicon, which must be the one it was queued with.
eh::TableConfig config_of(const Job& job, JobContext& context) {
  check_job_lexicon(job.input, context.log_lexicon(), "the table");
  const Json table = job.input.contains("table") ? job.input["table"] : Json();
  eh::TableConfig config;
  config.min_length = integer_field(table, "min_length");
  config.max_length = integer_field(table, "max_length");
  config.guesses = integer_field(table, "guesses");
  if (!table.contains("depths") || !table["depths"].is_array()) {
    throw std::invalid_argument("the job's table has no depths");
  }
  config.depths.clear();
  for (const Json& depth : table["depths"]) {
    if (!depth.is_number_integer()) throw std::invalid_argument("the job's depths are not numbers");
    config.depths.push_back(depth.get<int>());
  }
  config.optimal = table.value("optimal", true);
  config.value = table.value("value", false);
  const Json budget = table.contains("budget") ? table["budget"] : Json();
  config.budget.max_positions = unsigned_field(budget, "positions");
  config.budget.max_memo = unsigned_field(budget, "memo");
  config.budget.max_work = unsigned_field(budget, "work");
  config.validate(context.lexicon());
  return config;
}

std::uint64_t seed_of(const Job& job) {
  if (!job.input.contains("seed") || !job.input["seed"].is_number_unsigned()) {
    throw std::invalid_argument("the job's table has no seed");
  }
  return job.input["seed"].get<std::uint64_t>();
}

/// Computes the unit's row, as table_to_json writes a row.
Json compute_row(const Job& job, JobContext& context) {
  const eh::TableConfig config = config_of(job, context);
  const std::uint64_t seed = seed_of(job);
  const Json& length = job.input.contains("length") ? job.input["length"] : Json();
  if (!length.is_number_unsigned()) throw std::invalid_argument("the unit names no length");
  const auto row_length = length.get<std::size_t>();
  // A row cannot be stopped halfway: a lost unit's row is computed to its end, then dropped.
  return run_reporting(
      context,
      [&] {
        eh::TableResult one;
        one.guesses = config.game_guesses();
        one.rows.push_back(eh::table_length_row(context.lexicon(), config, row_length, seed));
        return table_to_json(one, context.log_lexicon().source, seed)["rows"][0];
      },
      [&] {
        return Json{{"length", row_length}};
      },
      {});
}

eh::TableRow row_of(const Json& json) {
  eh::TableRow row;
  row.length = json.at("length").get<std::size_t>();
  row.words = json.at("words").get<std::size_t>();
  if (json.contains("value_at_least")) {
    eh::TableValue value;
    if (!json.at("value").is_null()) value.value = json.at("value").get<int>();
    value.at_least = json.at("value_at_least").get<int>();
    value.positions = json.at("value_positions").get<std::uint64_t>();
    value.work = json.at("value_work").get<std::uint64_t>();
    row.value = value;
  }
  for (const Json& c : json.at("results")) {
    eh::TableCell cell;
    cell.host = c.at("host").get<std::string>();
    const auto guesser = eh::parse_guesser(c.at("guesser").get<std::string>());
    if (!guesser) throw std::invalid_argument("a cell of the table names no guesser");
    cell.guesser = *guesser;
    if (!c.at("misses").is_null()) cell.misses = c.at("misses").get<int>();
    cell.played = c.contains("won");
    cell.won = c.value("won", false);
    row.results.push_back(std::move(cell));
  }
  return row;
}

/// Puts the units' rows together, in order of length.
Json assemble_table(const Job& job, JobContext& context) {
  const std::vector<Json> rows = unit_results(context.store(), job.after, "the table");
  const eh::TableConfig config = config_of(job, context);
  const std::uint64_t seed = seed_of(job);
  eh::TableResult table;
  table.guesses = config.game_guesses();
  table.hosts = eh::table_hosts(config);
  for (const Json& row : rows) table.rows.push_back(row_of(row));
  std::stable_sort(
      table.rows.begin(), table.rows.end(),
      [](const eh::TableRow& a, const eh::TableRow& b) { return a.length < b.length; });
  const std::vector<std::size_t> lengths = eh::table_lengths(context.lexicon(), config);
  std::vector<std::size_t> got;
  for (const eh::TableRow& row : table.rows) got.push_back(row.length);
  if (got != lengths) throw std::runtime_error("the table's units are not its lengths");
  return table_to_json(table, context.log_lexicon().source, seed);
}

}  // namespace

std::vector<JobKind> evil_hangman_table_job_kinds() {
  return {{kRowKind, &compute_row}, {kTableKind, &assemble_table}};
}

QueuedComputation queue_evil_hangman_table(GameStore& store, const eh::TableConfig& config,
                                           std::uint64_t seed, const Lexicon& lexicon,
                                           const LogLexicon& log_lexicon, std::int64_t now_ms) {
  const std::vector<std::size_t> lengths = eh::table_lengths(lexicon, config);  // validates
  const Json table = table_config_json(config);
  const Json named = lexicon_json(log_lexicon);
  std::vector<Json> units;
  for (const std::size_t length : lengths) {
    units.push_back({{"table", table}, {"seed", seed}, {"length", length}, {"lexicon", named}});
  }
  return queue_units(store, "evil_hangman_table", kRowKind, units, kTableKind,
                     {{"table", table}, {"seed", seed}, {"lexicon", named}}, now_ms);
}

eh::TableResult table_of_result(const Json& result, const eh::TableConfig& config) {
  try {
    eh::TableResult table;
    table.guesses = result.at("guesses").get<int>();
    table.hosts = eh::table_hosts(config);
    for (const Json& row : result.at("rows")) table.rows.push_back(row_of(row));
    return table;
  } catch (const Json::exception& error) {
    throw std::invalid_argument(fmt::format("the table's result is not one: {}", error.what()));
  }
}

}  // namespace wg::app
