#include "cli/auction_command.h"

#include <unistd.h>

#include <charconv>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/auction_log.h"
#include "cli/app.h"
#include "cli/auction_viewer.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "core/parallel.h"
#include "games/auction/bots.h"
#include "games/auction/session.h"
#include "games/auction/tournament.h"
#include "protocol/external_player.h"

namespace wg::cli {

namespace {

namespace au = wg::auction;
using app::AuctionLog;
using app::LogLexicon;
using std::chrono::milliseconds;

constexpr std::string_view kCommandPrefix = "cmd:";
constexpr std::string_view kDefaultLineup = "strong,value,value,random";
constexpr std::uint64_t kMaxGames = 100'000'000;
constexpr std::uint64_t kMaxJobs = 256;

struct Options {
  std::string players;  // empty: the default lineup (asked for at a terminal)
  std::optional<int> hidden;
  std::optional<int> rounds;
  bool play = false;
  std::optional<std::uint64_t> delay_ms;
  std::string log_path;
  std::uint64_t bot_timeout_ms = 1000;
  std::string bot_log;
  std::string replay_path;
  std::uint64_t games = 100;
  std::uint64_t jobs = 0;  // 0: one per core
  std::string log_dir;     // tournaments: a log per game here
};

std::string built_in_names() {
  std::string names;
  for (std::string_view name : au::bot_names()) names += fmt::format("{}, ", name);
  return names + "or cmd:COMMAND";
}

bool is_built_in(std::string_view name) {
  const auto names = au::bot_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

/// The players of "strong,value,cmd:python3 bot.py": names separated by commas, where a command
/// keeps its own commas up to the next built-in name or cmd: entry. How many there may be is
/// the session's to say (au::Config::validate).
std::vector<std::string> parse_lineup(std::string_view text) {
  std::vector<std::string> lineup;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part =
        trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    const bool continues_command = !lineup.empty() && lineup.back().starts_with(kCommandPrefix) &&
                                   !is_built_in(part) && !part.starts_with(kCommandPrefix);
    if (continues_command) {
      lineup.back() += fmt::format(",{}", part);
    } else {
      lineup.emplace_back(part);
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  for (const std::string& name : lineup) {
    if (name.starts_with(kCommandPrefix) && trim(name.substr(kCommandPrefix.size())).empty())
      throw UsageError("cmd: needs a command line, e.g. 'cmd:python3 examples/auction_bot.py'");
    if (!name.starts_with(kCommandPrefix) && !is_built_in(name))
      throw UsageError(fmt::format("unknown player '{}': use {}", name, built_in_names()));
  }
  return lineup;
}

/// The external bots of a lineup: "cmd:COMMAND" starts COMMAND.
au::ExternalPlayers external_players(const Options& o) {
  protocol::ExternalBotOptions bot;
  bot.reply_timeout = milliseconds(o.bot_timeout_ms);
  bot.stderr_path = o.bot_log;
  return [bot](std::string_view name) -> std::unique_ptr<au::Player> {
    return protocol::start_external_player(std::string(name.substr(kCommandPrefix.size())), bot);
  };
}

/// Every player of a lineup, for a tournament: built-in bots and external ones.
au::PlayerFactory player_factory(const Lexicon& lexicon, const Options& o) {
  return [&lexicon, external = external_players(o)](std::string_view name) {
    return name.starts_with(kCommandPrefix) ? external(name) : au::make_bot(name, lexicon);
  };
}

au::Rules rules_of(const Options& o, int players) {
  au::Rules rules;
  rules.players = players;
  if (o.hidden) rules.hidden_letters = *o.hidden;
  if (o.rounds) rules.rounds = *o.rounds;
  return rules;
}

/// The session's config: the lineup's seats and the rules (validated by the session).
au::Config config_of(const std::vector<std::string>& lineup, const Options& o) {
  au::Config config;
  config.seats.clear();
  for (const std::string& name : lineup) {
    config.seats.push_back(
        {name.starts_with(kCommandPrefix) ? au::SeatKind::kExternal : au::SeatKind::kBot, name});
  }
  config.rules = rules_of(o, static_cast<int>(lineup.size()));
  return config;
}

/// At a terminal, asks for what the options left out; elsewhere takes the defaults.
bool ask_setup(Context& context, Options& o) {
  if (!context.interactive()) return true;
  Prompt prompt(context.in(), context.out(), false);
  if (o.players.empty()) {
    const auto players = prompt.ask<std::string>(
        fmt::format("Players, separated by commas ({}) [{}]: ", built_in_names(), kDefaultLineup),
        [](std::string_view answer, std::string& error) -> std::optional<std::string> {
          if (answer.empty()) return std::string(kDefaultLineup);
          try {
            config_of(parse_lineup(answer), Options{}).validate();
          } catch (const UsageError& e) {
            error = e.what();
            return std::nullopt;
          } catch (const ConfigError& e) {
            error = e.what();
            return std::nullopt;
          }
          return std::string(answer);
        });
    if (!players) return false;
    o.players = *players;
  }
  const au::Rules defaults;
  auto ask_number = [&](std::optional<int>& value, std::string_view question, int lo, int hi,
                        int fallback) {
    if (value) return true;
    const auto answer = prompt.ask<int>(
        fmt::format("{} ({}-{}) [{}]: ", question, lo, hi, fallback),
        [&](std::string_view text, std::string& error) -> std::optional<int> {
          if (text.empty()) return fallback;
          int n = 0;
          const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
          if (ec == std::errc() && end == text.data() + text.size() && n >= lo && n <= hi) return n;
          error = fmt::format("Please give a whole number from {} to {}.", lo, hi);
          return std::nullopt;
        });
    if (!answer) return false;
    value = *answer;
    return true;
  };
  return ask_number(o.hidden, "Hidden letters per player", 0, defaults.rack_size - 1,
                    defaults.hidden_letters) &&
         ask_number(o.rounds, "Rounds", 1, 100, defaults.rounds);
}

/// A game's log file: every line is written and flushed as the game goes, and a failed write
/// (a full disk) is an error rather than a log silently cut short.
class LogFile {
 public:
  LogFile(std::string path, LogLexicon lexicon)
      : path_(std::move(path)),
        lexicon_(std::move(lexicon)),
        out_(path_, std::ios::binary | std::ios::trunc) {
    if (!out_) fail();
  }
  /// Writes the event's line if it has one (a game's events do).
  void write(const au::Event& event) {
    app::write_log_line(out_, event, lexicon_);
    if (!out_) fail();
  }

 private:
  [[noreturn]] void fail() const {
    throw std::runtime_error(fmt::format("cannot write the log '{}'", path_));
  }
  std::string path_;
  LogLexicon lexicon_;
  std::ofstream out_;
};

LogLexicon log_lexicon(Context& context) {
  return {context.lexicon_info().source, context.lexicon().size()};
}

/// Shows the events in the viewer, paced by the person; true if the game was shown to its end.
bool view_game(Context& context, const Options& o,
               const std::function<std::optional<au::Event>()>& next) {
  AuctionView view(context.out());
  ViewerOptions viewer;
  viewer.terminal = context.interactive();
  viewer.play = o.play;
  viewer.delay = milliseconds(o.delay_ms.value_or(viewer.terminal ? 500 : 0));
  return run_viewer(next, view, context.in(), context.out(), viewer);
}

int play(Context& context, Options o) {
  if (!ask_setup(context, o)) return kExitOk;
  const au::Config config =
      config_of(parse_lineup(o.players.empty() ? kDefaultLineup : o.players), o);
  const LogLexicon lex = log_lexicon(context);
  const std::uint64_t seed = context.seed();
  au::Session session(context.shared_lexicon(), config, seed, external_players(o));
  std::optional<LogFile> log;
  if (!o.log_path.empty()) log.emplace(o.log_path, lex);

  // The session stepped one event at a time, each logged as it is played.
  std::deque<au::Event> played;
  auto next = [&]() -> std::optional<au::Event> {
    while (played.empty()) {
      if (session.finished()) return std::nullopt;
      for (au::Event& event : session.apply(au::Step{})) {
        if (const auto* refused = std::get_if<au::Rejected>(&event))
          throw std::logic_error(fmt::format("auction: a step was refused: {}", refused->detail));
        if (log) log->write(event);
        played.push_back(std::move(event));
      }
    }
    au::Event event = std::move(played.front());
    played.pop_front();
    return event;
  };

  std::ostream& out = context.out();
  if (context.options().json) {
    while (const std::optional<au::Event> event = next()) app::write_log_line(out, *event, lex);
    return kExitOk;
  }
  out << fmt::format("Seed {} (play the same game again with --seed {}).\n", seed, seed);
  if (!view_game(context, o, next)) out << "\nStopped before the end of the game.\n";
  if (log) out << fmt::format("Log written to {}\n", o.log_path);
  return kExitOk;
}

int replay(Context& context, const Options& o) {
  std::ifstream in(o.replay_path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read the log '{}'", o.replay_path));
  const AuctionLog log = app::read_auction_log(in, o.replay_path);
  const std::string cut = log.cut_line == 0 ? ""
                                            : fmt::format("{} stops in the middle of line {}",
                                                          o.replay_path, log.cut_line);
  std::ostream& out = context.out();
  if (context.options().json) {
    for (const au::Event& event : log.events) app::write_log_line(out, event, log.lexicon);
    if (!cut.empty()) {
      context.err() << fmt::format("wordgames: warning: {}: the lines before it were replayed\n",
                                   cut);
    }
    return kExitOk;
  }
  const auto& started = std::get<au::GameStarted>(log.events.front());
  out << fmt::format("Replay of {}: seed {}, lexicon {}.\n", o.replay_path, started.seed,
                     log.lexicon.source);
  std::size_t at = 0;
  auto next = [&]() -> std::optional<au::Event> {
    if (at == log.events.size()) return std::nullopt;
    return log.events[at++];
  };
  if (view_game(context, o, next) && !std::holds_alternative<au::Finished>(log.events.back())) {
    out << (cut.empty() ? "\nThe log ends before the end of the game.\n"
                        : fmt::format("\nThe log ends before the end of the game: {}.\n", cut));
  }
  return kExitOk;
}

/// "[#########           ] 4500/10000" on stderr, redrawn in place.
class ProgressBar {
 public:
  ProgressBar(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  void update(int done, int total) {
    if (!enabled_) return;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(static_cast<std::int64_t>(done) * kWidth / total);
    if (filled == last_ && done != total) return;
    last_ = filled;
    err_ << fmt::format("\r[{:#<{}}{:<{}}] {}/{}", "", filled, "", kWidth - filled, done, total)
         << (done == total ? "\n" : "") << std::flush;
  }

 private:
  std::ostream& err_;
  bool enabled_;
  int last_ = -1;
};

int tournament(Context& context, const Options& o) {
  au::TournamentConfig config;
  config.lineup = parse_lineup(o.players);
  config.rules = rules_of(o, static_cast<int>(config.lineup.size()));  // run_tournament validates
  config.games = static_cast<int>(o.games);
  config.seed = context.seed();
  config.jobs = static_cast<int>(jobs_or_cores(o.jobs));
  const Lexicon& lexicon = context.lexicon();
  ProgressBar progress(context.err(), isatty(STDERR_FILENO) == 1 && !context.options().json);
  au::GameObserver observe;
  if (!o.log_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(o.log_dir, error);
    if (error) {
      throw std::runtime_error(
          fmt::format("cannot create the log directory '{}': {}", o.log_dir, error.message()));
    }
    observe = [&o,
               lex = log_lexicon(context)](int index) -> std::function<void(const au::GameEvent&)> {
      const std::string path =
          (std::filesystem::path(o.log_dir) / fmt::format("game-{:06}.jsonl", index + 1)).string();
      auto log = std::make_shared<LogFile>(path, lex);
      return [log](const au::GameEvent& event) { log->write(au::to_event(event)); };
    };
  }
  const au::TournamentResult result = au::run_tournament(
      config, lexicon, player_factory(lexicon, o),
      [&](int done, int total) { progress.update(done, total); }, observe);

  const au::Rules& r = config.rules;
  if (context.options().json) {
    Json bots = Json::array();
    for (const au::BotStats& b : result.bots) {
      bots.push_back({{"name", b.name},
                      {"seats", b.seats},
                      {"player_games", b.games_played},
                      {"mean_score", b.mean_score},
                      {"score_std_error", b.score_std_error},
                      {"win_rate", b.win_rate},
                      {"letters_per_game", b.letters_per_game},
                      {"mean_price", b.mean_price},
                      {"invalid_words", b.invalid_words},
                      {"faulty_bids", b.faulty_bids}});
    }
    print_json(context.out(), Json{{"games", result.games},
                                   {"seed", config.seed},
                                   {"jobs", config.jobs},
                                   {"rules",
                                    {{"players", r.players},
                                     {"rounds", r.rounds},
                                     {"hidden_letters", r.hidden_letters},
                                     {"starting_points", r.starting_points}}},
                                   {"lineup", config.lineup},
                                   {"bots", std::move(bots)}});
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << fmt::format(
      "{} games of {} players, {} round{}, {} hidden letter{} each, seed {} ({} job{}).\n",
      result.games, r.players, r.rounds, r.rounds == 1 ? "" : "s", r.hidden_letters,
      r.hidden_letters == 1 ? "" : "s", config.seed, config.jobs, config.jobs == 1 ? "" : "s");
  out << fmt::format("Seats rotate each game: {}.\n\n", fmt::join(config.lineup, ", "));
  std::size_t width = 3;
  for (const au::BotStats& b : result.bots) width = std::max(width, b.name.size());
  out << fmt::format(
      "{:<{}}  seats  mean score  std err  win rate  letters/game  price/letter  "
      "invalid words  bad bids\n",
      "bot", width);
  for (const au::BotStats& b : result.bots) {
    out << fmt::format(
        "{:<{}}  {:>5}  {:>10.1f}  {:>7.2f}  {:>7.1f}%  {:>12.2f}  {:>12.2f}  "
        "{:>13}  {:>8}\n",
        b.name, width, b.seats, b.mean_score, b.score_std_error, 100 * b.win_rate,
        b.letters_per_game, b.mean_price, b.invalid_words, b.faulty_bids);
  }
  out << "\nPer player-game: a bot in three seats plays three player-games a game; a win shared "
         "by k players counts 1/k.\n";
  return kExitOk;
}

void add_players_option(CLI::App& app, Options& o, const std::string& what) {
  app.add_option("--players", o.players,
                 fmt::format("Players, separated by commas: {} ({})", built_in_names(), what));
}

void add_rule_options(CLI::App& app, const std::shared_ptr<Options>& o) {
  add_number_option(
      app, "--hidden", 0, 6, [o](std::uint64_t n) { o->hidden = static_cast<int>(n); },
      "Hidden letters dealt to each player per round, 0-6 (default 2)");
  add_number_option(
      app, "--rounds", 1, 10'000, [o](std::uint64_t n) { o->rounds = static_cast<int>(n); },
      "Rounds in a game (default 5)");
  add_number_option(
      app, "--bot-timeout", 1, 600'000, [o](std::uint64_t n) { o->bot_timeout_ms = n; },
      "Milliseconds an external bot has for each bid or word (default 1000)");
  app.add_option("--bot-log", o->bot_log,
                 "Append external bots' stderr to this file (default: this program's stderr)");
}

void add_pacing_options(CLI::App& app, const std::shared_ptr<Options>& o) {
  app.add_flag("--play", o->play, "Start playing continuously instead of paused");
  add_number_option(
      app, "--delay", 0, 60'000, [o](std::uint64_t n) { o->delay_ms = n; },
      "Milliseconds between auctions when playing (default 500 at a terminal, else 0)");
}

}  // namespace

void define_auction_command(CLI::App& command, Context& context) {
  auto o = std::make_shared<Options>();
  add_players_option(command, *o, fmt::format("default {}", kDefaultLineup));
  add_rule_options(command, o);
  add_pacing_options(command, o);
  command.add_option("--log", o->log_path, "Write the game's log (JSON Lines) to this file");
  command.add_flag("--json", context.options().json,
                   "Print the game's log lines (JSON Lines) instead of showing it");
  command.footer(
      "Watch a game of the letter auction: letters are auctioned one at a time by sealed\n"
      "bids; the highest bid wins and pays the second-highest; at the end of each round every\n"
      "player names a word from its letters (Scrabble values, 50 more for 7 letters).\n"
      "At a terminal: space steps one auction, r to the end of the round, p plays or pauses,\n"
      "+/- change the delay, q quits. Piped input gives commands by lines: an empty line or\n"
      "'step N', 'round', 'play', 'delay MS', 'quit'; at its end the rest of the game is shown.\n"
      "External bots: docs/games/auction-protocol.md.");

  CLI::App* replay_command =
      add_game_tool(command, context, "replay", "Watch a logged game again",
                    "Shows a game from its log (written with --log) in the viewer.\n"
                    "With --json, prints the log's lines again, checked.");
  replay_command->add_option("FILE", o->replay_path, "The log (JSON Lines)")->required();
  add_pacing_options(*replay_command, o);
  replay_command->callback(
      [&context, o] { context.set_action([&context, o] { return replay(context, *o); }); });

  CLI::App* tournament_command = add_game_tool(
      command, context, "tournament", "Many seeded games between bots, and their statistics",
      "Plays seeded games on several threads, the seats rotated each game, and reports per\n"
      "bot: mean final score and its standard error, win rate, letters won, mean price paid,\n"
      "invalid words and illegal bids. A progress bar shows on a terminal.\n"
      "JSON: {\"games\", \"seed\", \"jobs\", \"rules\", \"lineup\", \"bots\": [...]}.");
  add_players_option(*tournament_command, *o, "required");
  tournament_command->get_option("--players")->required();
  add_rule_options(*tournament_command, o);
  add_number_option(
      *tournament_command, "--games", 1, kMaxGames, [o](std::uint64_t n) { o->games = n; },
      "Games to play (default 100)");
  add_number_option(
      *tournament_command, "--jobs", 1, kMaxJobs, [o](std::uint64_t n) { o->jobs = n; },
      "Threads (default: one per core)");
  tournament_command->add_option(
      "--log-dir", o->log_dir,
      "Write each game's log (JSON Lines) to DIR/game-NNNNNN.jsonl, numbered from 1");
  tournament_command->callback(
      [&context, o] { context.set_action([&context, o] { return tournament(context, *o); }); });

  command.callback([&context, o] {
    if (context.action()) return;  // a tool was chosen
    context.set_action([&context, o] { return play(context, *o); });
  });
}

}  // namespace wg::cli
