#include "app/auction_tournament_jobs.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "app/auction_codec.h"
#include "app/auction_log.h"
#include "games/auction/bots.h"
#include "games/auction/game.h"

namespace wg::app {

namespace {

namespace au = wg::auction;

constexpr std::string_view kUnitKind = "auction_tournament_games";
constexpr std::string_view kTableKind = "auction_tournament_table";
/// How often the table's count reports progress (and so renews its lease), in games read.
constexpr int kTableProgressEvery = 100;

/// The rules as a tournament's config writes them (`wordgames auction tournament`'s).
Json tournament_rules_json(const au::Rules& r) {
  return {{"players", r.players},
          {"rounds", r.rounds},
          {"hidden_letters", r.hidden_letters},
          {"starting_points", r.starting_points},
          {"rack_size", r.rack_size},
          {"letters_per_round", r.letters_per_round},
          {"bonus_length", r.bonus_length},
          {"bonus", r.bonus}};
}

/// An integer field of a kept config; std::invalid_argument naming it when it is not one.
std::int64_t integer_field(const Json& object, const char* name, std::int64_t tournament) {
  return job_integer(object, name, fmt::format("tournament {}'s config", tournament));
}

/// The tournament as its kept config describes it, checked against the worker's lexicon.
au::TournamentConfig config_of(const TournamentRecord& kept, JobContext& context) {
  const Json& c = kept.config;
  if (!c.is_object() || !c.value("workers", false)) {
    throw std::invalid_argument(fmt::format("tournament {} was not queued for workers", kept.id));
  }
  au::TournamentConfig config;
  config.games = static_cast<int>(integer_field(c, "games", kept.id));
  config.seed = c.contains("seed") && c["seed"].is_number_unsigned()
                    ? c["seed"].get<std::uint64_t>()
                    : static_cast<std::uint64_t>(integer_field(c, "seed", kept.id));
  if (!c.contains("lineup") || !c["lineup"].is_array()) {
    throw std::invalid_argument(fmt::format("tournament {}'s config has no lineup", kept.id));
  }
  for (const Json& name : c["lineup"]) {
    if (!name.is_string()) {
      throw std::invalid_argument(fmt::format("tournament {}'s lineup is not names", kept.id));
    }
    config.lineup.push_back(name.get<std::string>());
  }
  const Json& rules = c.contains("rules") ? c["rules"] : Json::object();
  au::Rules& r = config.rules;
  r.rounds = static_cast<int>(integer_field(rules, "rounds", kept.id));
  r.hidden_letters = static_cast<int>(integer_field(rules, "hidden_letters", kept.id));
  r.starting_points = static_cast<int>(integer_field(rules, "starting_points", kept.id));
  r.rack_size = static_cast<int>(integer_field(rules, "rack_size", kept.id));
  r.letters_per_round = static_cast<int>(integer_field(rules, "letters_per_round", kept.id));
  r.bonus_length = static_cast<int>(integer_field(rules, "bonus_length", kept.id));
  r.bonus = static_cast<int>(integer_field(rules, "bonus", kept.id));
  r.players = static_cast<int>(config.lineup.size());
  r.validate();
  check_job_lexicon(c, context.log_lexicon(), fmt::format("tournament {}", kept.id));
  return config;
}

/// The session config of game `index`: its seats (built-in bots), its rules.
au::Config seated_config(const au::TournamentConfig& config, int index) {
  au::Config seated;
  seated.seats.clear();
  for (const std::string& name : au::tournament_seating(config.lineup, index)) {
    seated.seats.push_back({au::SeatKind::kBot, name});
  }
  seated.rules = config.rules;
  return seated;
}

bool is_built_in(std::string_view name) {
  const auto names = au::bot_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::int64_t tournament_of(const Job& job) {
  if (!job.input.contains("tournament") || !job.input["tournament"].is_number_integer()) {
    throw std::invalid_argument("the job names no tournament");
  }
  return job.input["tournament"].get<std::int64_t>();
}

/// Plays the unit's games that are not kept yet, each kept as it ends.
Json play_unit(const Job& job, JobContext& context) {
  GameStore& store = context.store();
  const std::int64_t id = tournament_of(job);
  const TournamentRecord kept = store.tournament(id);
  const au::TournamentConfig config = config_of(kept, context);
  const int first = static_cast<int>(job.input.value("first", -1));
  const int count = static_cast<int>(job.input.value("count", 0));
  if (first < 0 || count < 1 || first + count > config.games) {
    throw std::invalid_argument(
        fmt::format("the unit's games ({} from {}) are not the "
                    "tournament's (0 to {})",
                    count, first, config.games - 1));
  }
  // A unit taken again may have kept some of its games already: those are not played again.
  std::set<std::uint64_t> kept_seeds;
  if (job.attempts > 1) {
    for (const std::int64_t game_id : kept.game_ids) {
      kept_seeds.insert(store.finished_game(game_id).seed);
    }
  }
  const au::PlayerFactory make_player = [&context](std::string_view name) {
    return au::make_bot(name, context.lexicon());
  };
  int played = 0;
  for (int index = first; index < first + count; ++index) {
    if (kept_seeds.contains(au::tournament_game_seed(config.seed, index))) continue;
    std::ostringstream log;
    std::optional<au::Finished> finished;
    const LogLexicon& lexicon = context.log_lexicon();
    au::play_tournament_game(
        config, context.lexicon(), make_player,
        [&](int) {
          return [&](const au::GameEvent& event) {
            write_log_line(log, au::to_event(event), lexicon);
            if (const auto* ended = std::get_if<au::Finished>(&event)) finished = *ended;
          };
        },
        index);
    if (!finished) throw std::runtime_error(fmt::format("game {} did not finish", index + 1));
    FinishedGame game =
        auction_tournament_game_record(seated_config(config, index), *finished, log.str());
    game.started_ms = kept.started_ms;
    game.ended_ms = std::max(kept.started_ms, context.now_ms());
    // Still this worker's (else JobLost, and the game is left to the unit's new holder).
    context.progress({{"tournament", id}, {"done", index - first}, {"of", count}});
    store.record_tournament_game(id, game);
    ++played;
  }
  return {{"tournament", id}, {"first", first}, {"count", count}, {"played", played}};
}

/// Counts the table from the games kept, once every unit is over, and ends the tournament.
Json count_table(const Job& job, JobContext& context) {
  GameStore& store = context.store();
  const std::int64_t id = tournament_of(job);
  const std::int64_t now = context.now_ms();
  std::vector<std::string> failures;
  for (const Job& unit : store.jobs(auction_tournament_group(id))) {
    if (unit.state == "failed") failures.push_back(fmt::format("job {}: {}", unit.id, unit.error));
  }
  if (!failures.empty()) {
    store.end_tournament(id, Json::array(), now, "stopped");
    throw std::runtime_error(
        fmt::format("tournament {} stopped: {}", id, fmt::join(failures, "; ")));
  }
  const TournamentRecord kept = store.tournament(id);
  const au::TournamentConfig config = config_of(kept, context);
  std::map<std::uint64_t, int> index_of;
  for (int index = 0; index < config.games; ++index) {
    index_of.emplace(au::tournament_game_seed(config.seed, index), index);
  }
  std::vector<std::vector<au::SeatResult>> games(static_cast<std::size_t>(config.games));
  std::vector<bool> counted(static_cast<std::size_t>(config.games), false);
  int read = 0;
  for (const std::int64_t game_id : kept.game_ids) {
    const auto found = index_of.find(store.finished_game(game_id).seed);
    if (found == index_of.end() || counted[found->second]) continue;
    const std::optional<std::string> text = store.game_log(game_id);
    if (!text) throw std::runtime_error(fmt::format("game {} was kept without its log", game_id));
    std::istringstream in(*text);
    const AuctionLog log = read_auction_log(in, fmt::format("the log of game {}", game_id));
    au::GameTally tally(config.lineup.size());
    for (const au::Event& event : log.events) {
      std::visit(
          [&tally](const auto& e) {
            if constexpr (std::is_constructible_v<au::GameEvent, decltype(e)>) tally.add(e);
          },
          event);
    }
    games[found->second] = tally.seats();
    counted[found->second] = true;
    if (++read % kTableProgressEvery == 0) {
      context.progress({{"tournament", id}, {"counted", read}, {"of", config.games}});
    }
  }
  const auto missing = std::find(counted.begin(), counted.end(), false);
  if (missing != counted.end()) {
    store.end_tournament(id, Json::array(), now, "stopped");
    throw std::runtime_error(fmt::format("tournament {} stopped: its game {} was not kept", id,
                                         missing - counted.begin() + 1));
  }
  const Json table = tournament_table_json(au::tournament_result(config, games));
  store.end_tournament(id, table, context.now_ms());
  return {{"tournament", id}, {"table", table}};
}

}  // namespace

std::vector<JobKind> auction_tournament_job_kinds() {
  return {{kUnitKind, &play_unit}, {kTableKind, &count_table}};
}

std::string auction_tournament_group(std::int64_t tournament_id) {
  return fmt::format("auction_tournament.{}", tournament_id);
}

std::string auction_tournament_table_group(std::int64_t tournament_id) {
  return fmt::format("auction_tournament.{}.table", tournament_id);
}

int auction_tournament_unit_games(int games) { return std::clamp((games + 15) / 16, 1, 1000); }

std::int64_t queue_auction_tournament(GameStore& store, const au::TournamentConfig& config_in,
                                      const LogLexicon& lexicon, std::int64_t now_ms) {
  au::TournamentConfig config = config_in;
  config.rules.players = static_cast<int>(config.lineup.size());
  config.rules.validate();
  if (config.games < 1) throw std::invalid_argument("games must be at least 1");
  for (const std::string& name : config.lineup) {
    if (!is_built_in(name)) {
      throw std::invalid_argument(fmt::format(
          "'{}' is not a built-in bot: workers play built-in bots only (an external bot runs on "
          "the machine that starts it; leave --on-workers out to play it here)",
          name));
    }
  }
  TournamentRecord tournament;
  tournament.game = std::string(AuctionCodec::kGame);
  tournament.config = {{"games", config.games},
                       {"seed", config.seed},
                       {"rules", tournament_rules_json(config.rules)},
                       {"lineup", config.lineup},
                       {"lexicon", lexicon_json(lexicon)},
                       {"workers", true}};
  tournament.started_ms = now_ms;
  tournament.ended_ms = now_ms;
  tournament.status = "stopped";  // until its table is counted
  const std::int64_t id = store.record_tournament(tournament, {});
  const std::string group = auction_tournament_group(id);
  std::vector<NewJob> jobs;
  const int unit = auction_tournament_unit_games(config.games);
  for (int first = 0; first < config.games; first += unit) {
    jobs.push_back(
        {std::string(kUnitKind),
         {{"tournament", id}, {"first", first}, {"count", std::min(unit, config.games - first)}},
         group,
         ""});
  }
  jobs.push_back(
      {std::string(kTableKind), {{"tournament", id}}, auction_tournament_table_group(id), group});
  store.queue_jobs(jobs, now_ms);
  return id;
}

}  // namespace wg::app
