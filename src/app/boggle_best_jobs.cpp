#include "app/boggle_best_jobs.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "core/play.h"
#include "games/boggle/board.h"
#include "games/boggle/solver.h"

namespace wg::app {

namespace {

namespace bg = wg::boggle;

constexpr std::string_view kUnitKind = "boggle_best_episodes";
constexpr std::string_view kAnswerKind = "boggle_best_answer";

Json search_json(const bg::SearchConfig& c) {
  return {{"rows", c.rows},
          {"cols", c.cols},
          {"dice", bg::to_string(c.dice)},
          {"min", c.min_length},
          {"scoring", bg::to_string(c.scoring)},
          {"seed", c.seed},
          {"episodes", c.episodes},
          {"steps", c.steps}};
}

std::uint64_t unsigned_field(const Json& search, const char* name) {
  return job_unsigned(search, name, "the job's search");
}

/// The search the job's input describes (first_episode and episodes: the whole search's).
bg::SearchConfig search_of(const Job& job, JobContext& context) {
  const Json search = job.input.contains("search") ? job.input["search"] : Json();
  check_job_lexicon(job.input, context.log_lexicon(), "the search");
  bg::SearchConfig config;
  config.rows = static_cast<int>(std::min<std::uint64_t>(unsigned_field(search, "rows"), 1000));
  config.cols = static_cast<int>(std::min<std::uint64_t>(unsigned_field(search, "cols"), 1000));
  const auto dice = bg::dice_set_named(search.value("dice", std::string()));
  const auto scoring = bg::scoring_named(search.value("scoring", std::string()));
  if (!dice || !scoring) throw std::invalid_argument("the job's search has no dice or scoring");
  config.dice = *dice;
  config.scoring = *scoring;
  config.min_length = unsigned_field(search, "min");
  config.seed = unsigned_field(search, "seed");
  config.episodes = unsigned_field(search, "episodes");
  config.steps = unsigned_field(search, "steps");
  config.validate();
  if (config.episodes == 0) throw std::invalid_argument("the job's search has no episodes");
  return config;
}

Json found_json(const bg::FoundBoard& found) {
  return {{"board", found.board.spec()},
          {"score", found.score},
          {"words", found.words},
          {"episode", found.episode}};
}

/// Runs the unit's episodes: its best board, and the boards and episodes it ran.
Json run_unit(const Job& job, JobContext& context) {
  bg::SearchConfig config = search_of(job, context);
  const std::uint64_t first = job.input.value("first", std::uint64_t{0});
  const std::uint64_t count = job.input.value("count", std::uint64_t{0});
  if (count < 1 || first >= config.episodes || count > config.episodes - first) {
    throw std::invalid_argument(
        fmt::format("the unit's episodes ({} from {}) are not the search's (0 to {})", count, first,
                    config.episodes - 1));
  }
  config.first_episode = first;
  config.episodes = count;
  bg::BoardSearch search(context.lexicon(), config);
  return run_reporting(
      context,
      [&] {
        const bg::SearchProgress done = search.run(1);
        if (!done.best) throw std::runtime_error("the unit scored no board");
        Json result = found_json(*done.best);
        result["first"] = first;
        result["count"] = count;
        result["episodes"] = done.episodes;
        result["boards"] = done.boards;
        return result;
      },
      [&] {
        const bg::SearchProgress now = search.progress();
        return Json{{"first", first},
                    {"done", now.episodes},
                    {"of", count},
                    {"best", now.best ? Json(now.best->score) : Json(nullptr)}};
      },
      [&] { search.stop(); });
}

/// The best of the units' boards, as one search would have found it.
Json pick_answer(const Job& job, JobContext& context) {
  const std::vector<Json> units = unit_results(context.store(), job.after, "the search");
  const bg::SearchConfig config = search_of(job, context);
  std::optional<bg::FoundBoard> best;
  Json best_json;
  std::uint64_t episodes = 0;
  std::uint64_t boards = 0;
  for (const Json& unit : units) {
    bg::FoundBoard found;
    found.score = unit.at("score").get<std::int64_t>();
    found.episode = unit.at("episode").get<std::uint64_t>();
    if (!best || bg::better_found(found, *best)) {
      best = found;
      best_json = unit;
    }
    episodes += unit.at("episodes").get<std::uint64_t>();
    boards += unit.at("boards").get<std::uint64_t>();
  }
  if (!best) throw std::runtime_error("the search has no unit");
  best->board = bg::Board::parse(best_json.at("board").get<std::string>());
  best->words = best_json.at("words").get<decltype(best->words)>();
  return best_board_answer(config, *best, episodes, boards);
}

}  // namespace

Json best_board_answer(const bg::SearchConfig& config, const bg::FoundBoard& best,
                       std::uint64_t episodes, std::uint64_t boards) {
  return {{"board", best.board.spec()},
          {"rows", config.rows},
          {"cols", config.cols},
          {"dice", bg::to_string(config.dice)},
          {"min", config.min_word_length()},
          {"scoring", bg::to_string(config.scoring)},
          {"score", best.score},
          {"words", best.words},
          {"seed", config.seed},
          {"episode", best.episode},
          {"episodes", episodes},
          {"boards", boards}};
}

std::vector<JobKind> best_board_job_kinds() {
  return {{kUnitKind, &run_unit}, {kAnswerKind, &pick_answer}};
}

std::uint64_t best_board_unit_episodes(std::uint64_t episodes) {
  const std::uint64_t fewest = episodes / kMaxBestBoardUnits + (episodes % kMaxBestBoardUnits != 0);
  return std::max(std::clamp<std::uint64_t>((episodes + 15) / 16, 1, 1000), fewest);
}

QueuedComputation queue_best_board_search(GameStore& store, const bg::SearchConfig& config,
                                          const LogLexicon& lexicon, std::int64_t now_ms) {
  config.validate();
  if (config.episodes == 0) {
    throw std::invalid_argument(
        "workers run a budget of episodes (--episodes N), which gives the same board however "
        "many run it");
  }
  if (config.target > 0) {
    throw std::invalid_argument(
        "workers run a budget of episodes without a target: where a target stops the search "
        "depends on who ran what first");
  }
  if (config.first_episode != 0) throw std::invalid_argument("a search starts at episode 0");
  const Json search = search_json(config);
  const Json named = lexicon_json(lexicon);
  std::vector<Json> units;
  const std::uint64_t unit = best_board_unit_episodes(config.episodes);
  for (std::uint64_t first = 0; first < config.episodes; first += unit) {
    units.push_back({{"search", search},
                     {"first", first},
                     {"count", std::min(unit, config.episodes - first)},
                     {"lexicon", named}});
  }
  return queue_units(store, "boggle_best", kUnitKind, units, kAnswerKind,
                     {{"search", search}, {"lexicon", named}}, now_ms);
}

}  // namespace wg::app
