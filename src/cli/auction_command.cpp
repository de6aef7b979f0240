#include "cli/auction_command.h"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/auction_codec.h"
#include "app/auction_log.h"
#include "app/auction_tournament_jobs.h"
#include "app/auction_tournament_keeper.h"
#include "cli/app.h"
#include "cli/auction_table.h"
#include "cli/auction_viewer.h"
#include "cli/game_recorder.h"
#include "cli/line_editor.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/file_io.h"
#include "core/parallel.h"
#include "core/text.h"
#include "games/auction/best_word.h"
#include "games/auction/bots.h"
#include "games/auction/session.h"
#include "games/auction/tournament.h"
#include "protocol/containment.h"
#include "protocol/external_player.h"
#include "protocol/printable.h"

namespace wg::cli {

namespace {

namespace au = wg::auction;
using app::AuctionLog;
using app::LogLexicon;
using std::chrono::milliseconds;

constexpr std::string_view kCommandPrefix = "cmd:";
constexpr std::string_view kHuman = "human";  // the person at the terminal plays this seat
constexpr std::string_view kDefaultLineup = "strong,value,value,random";
constexpr std::uint64_t kMaxGames = 100'000'000;
constexpr std::uint64_t kMaxJobs = 256;

struct Options {
  std::string players;  // empty: the default lineup (asked for at a terminal)
  std::optional<int> hidden;
  std::optional<int> rounds;
  std::optional<int> rack_size;
  std::optional<int> letters_per_round;
  bool play = false;
  std::optional<std::uint64_t> delay_ms;
  std::string log_path;
  std::uint64_t time_limit_s = 30;  // a human's bid or word, at a terminal
  std::string bot_log;
  protocol::ExternalBotOptions bots;  // --bot-timeout and the limits (add_bot_options)
  std::string replay_path;
  std::uint64_t games = 100;
  std::uint64_t jobs = 0;   // 0: one per core
  std::string log_dir;      // tournaments: a log per game here
  bool on_workers = false;  // tournaments: queued for workers (`wordgames worker`)
};

std::string built_in_names() {
  std::string names;
  for (std::string_view name : au::bot_names()) names += fmt::format("{}, ", name);
  return names + fmt::format("{} (you), or cmd:COMMAND", kHuman);
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
      throw UsageError(
          "cmd: needs a command line, e.g. 'cmd:python3 examples/auction_bot.py "
          "data/enable1.txt'");
    if (!name.starts_with(kCommandPrefix) && !is_built_in(name) && name != kHuman)
      throw UsageError(fmt::format("unknown player '{}': use {}", name, built_in_names()));
  }
  return lineup;
}

/// The external bots of a lineup: "cmd:COMMAND" starts COMMAND. --bot-log, appended to by each
/// bot's stderr, must be a regular file (or none yet). It is checked here so that a wrong path
/// is refused before the game starts; each bot's start checks the file it opens again
/// (open_for_appending), so one swapped for a FIFO meanwhile is refused, never waited on.
au::ExternalPlayers external_players(const Options& o) {
  if (!o.bot_log.empty()) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(o.bot_log, error);
    if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
      throw UsageError(
          fmt::format("cannot write the bot log '{}': it is not a regular file", o.bot_log));
    }
  }
  protocol::ExternalBotOptions bot = o.bots;
  bot.stderr_path = o.bot_log;
  return [bot](std::string_view name) -> std::unique_ptr<au::Player> {
    return protocol::start_external_player(std::string(name.substr(kCommandPrefix.size())), bot);
  };
}

/// Says on stderr how the lineup's external bots run (in the sandbox or trusted), if it has any.
void announce_sandbox(Context& context, const std::vector<std::string>& lineup, const Options& o) {
  if (std::none_of(lineup.begin(), lineup.end(),
                   [](const std::string& name) { return name.starts_with(kCommandPrefix); })) {
    return;
  }
  print_message(context.err(), fmt::format("external bots: {}", o.bots.sandbox.describe()));
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
  if (o.rack_size) rules.rack_size = *o.rack_size;
  if (o.letters_per_round) rules.letters_per_round = *o.letters_per_round;
  return rules;
}

/// The session's config: the lineup's seats and the rules (validated by the session).
au::Config config_of(const std::vector<std::string>& lineup, const Options& o) {
  au::Config config;
  config.seats.clear();
  for (const std::string& name : lineup) {
    const au::SeatKind kind = name == kHuman                     ? au::SeatKind::kPerson
                              : name.starts_with(kCommandPrefix) ? au::SeatKind::kExternal
                                                                 : au::SeatKind::kBot;
    config.seats.push_back({kind, name});
  }
  config.rules = rules_of(o, static_cast<int>(lineup.size()));
  return config;
}

/// The seat of the human in the lineup, if one plays; more than one is a usage error (they
/// would see each other's hidden letters at the one terminal).
std::optional<int> human_seat(const std::vector<std::string>& lineup) {
  std::optional<int> seat;
  for (std::size_t s = 0; s < lineup.size(); ++s) {
    if (lineup[s] != kHuman) continue;
    if (seat) throw UsageError("one human plays at a terminal: give 'human' once in --players");
    seat = static_cast<int>(s);
  }
  return seat;
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
            const std::vector<std::string> lineup = parse_lineup(answer);
            human_seat(lineup);
            config_of(lineup, Options{}).validate();
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
    const auto answer =
        prompt.ask<int>(fmt::format("{} ({}-{}) [{}]: ", question, lo, hi, fallback),
                        [&](std::string_view text, std::string& error) -> std::optional<int> {
                          if (text.empty()) return fallback;
                          const ParsedNumber n = parse_integer(text, /*allow_negative=*/true);
                          if (n && n.value >= lo && n.value <= hi) return static_cast<int>(n.value);
                          error = fmt::format("Please give a whole number from {} to {}.", lo, hi);
                          return std::nullopt;
                        });
    if (!answer) return false;
    value = *answer;
    return true;
  };
  return ask_number(o.hidden, "Hidden letters per player", 0,
                    o.rack_size.value_or(defaults.rack_size), defaults.hidden_letters) &&
         ask_number(o.rounds, "Rounds", 1, 100, defaults.rounds);
}

/// A game's log file: every line is written as the game goes, and a failed write (a full disk)
/// is an error rather than a log silently cut short. Only a regular file is written: a FIFO
/// (which would block the game until a reader came), a device or a directory is refused at once
/// (core/file_io.h, StreamedFile).
class LogFile {
 public:
  LogFile(std::string path, LogLexicon lexicon)
      : path_(std::move(path)), lexicon_(std::move(lexicon)), out_(open(path_)) {}
  /// Writes the event's line if it has one (a game's events do).
  void write(const au::Event& event) {
    std::ostringstream line;
    app::write_log_line(line, event, lexicon_);
    try {
      out_.write(line.view());
    } catch (const FileError& error) {
      fail(path_, error);
    }
  }

 private:
  static StreamedFile open(const std::string& path) {
    try {
      return StreamedFile(path);
    } catch (const FileError& error) {
      fail(path, error);
    }
  }
  /// "cannot write the log 'PATH': it is a FIFO ..." or "... 'PATH' (no space left on the
  /// device)", from FileError's "PATH: cannot write...".
  [[noreturn]] static void fail(const std::string& path, const FileError& error) {
    std::string_view problem = error.what();
    problem.remove_prefix(std::min(problem.size(), path.size() + 2));
    if (problem.starts_with("cannot write"))
      problem.remove_prefix(std::string_view("cannot write").size());
    throw std::runtime_error(fmt::format("cannot write the log '{}'{}", path, problem));
  }
  std::string path_;
  LogLexicon lexicon_;
  StreamedFile out_;
};

/// A game's log as the store keeps it with the game: the same lines LogFile writes, gathered
/// as the game goes.
class LogText {
 public:
  explicit LogText(LogLexicon lexicon) : lexicon_(std::move(lexicon)) {}
  /// Adds the event's line if it has one.
  void write(const au::Event& event) { app::write_log_line(text_, event, lexicon_); }
  std::string text() const { return text_.str(); }

 private:
  LogLexicon lexicon_;
  std::ostringstream text_;
};

LogLexicon log_lexicon(Context& context) {
  return {context.lexicon_info().source, context.lexicon().size()};
}

/// Shows the events in the viewer, paced by the person; true if the game was shown to its end.
bool view_game(Context& context, const Options& o,
               const std::function<std::optional<au::Event>()>& next) {
  AuctionView view(context.out(), colour_wanted(context.interactive()));
  ViewerOptions viewer;
  viewer.terminal = context.interactive();
  viewer.play = o.play;
  viewer.delay = milliseconds(o.delay_ms.value_or(viewer.terminal ? 500 : 0));
  return run_viewer(next, view, context.in(), context.out(), viewer);
}

/// The human's answers: at a terminal within the time limit (the real clock is the terminal's
/// business: the session only gets the answer, or 0 and no word when time ran out); from piped
/// input as lines, without a limit.
class HumanAnswers {
 public:
  HumanAnswers(Context& context, std::chrono::seconds limit)
      : terminal_(context.interactive()),
        limit_(limit),
        out_(context.out()),
        prompt_(context.in(), context.out(), true) {}

  struct Reply {
    enum class Kind : std::uint8_t { kLine, kTimeUp, kEnd };
    Kind kind = Kind::kEnd;
    std::string line;
  };

  /// Asks `question` (the time left is added at a terminal) until `valid` takes the line
  /// (printing the error it sets), the time is up, or the input ends.
  Reply ask(const std::string& question,
            const std::function<bool(std::string_view, std::string&)>& valid) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point deadline = Clock::now() + limit_;
    if (terminal_) tcflush(STDIN_FILENO, TCIFLUSH);  // nothing typed ahead answers it
    for (;;) {
      Reply reply;
      if (terminal_) {
        bool timed_out = false;
        const std::optional<std::string> line = read_within(question, deadline, timed_out);
        if (timed_out) {
          out_ << '\n';
          return {Reply::Kind::kTimeUp, {}};
        }
        if (!line) return {};
        reply = {Reply::Kind::kLine, *line};
      } else {
        const std::optional<std::string> line = prompt_.line(question + ": ");
        if (!line) return {};
        reply = {Reply::Kind::kLine, *line};
      }
      std::string error;
      if (valid(trim(reply.line), error)) return reply;
      out_ << error << '\n';
    }
  }

 private:
  /// One line at the terminal before `deadline`, the seconds left in its prompt: edited (and
  /// the seconds ticking) when standard input and output are the terminal, else read as typed.
  std::optional<std::string> read_within(const std::string& question,
                                         std::chrono::steady_clock::time_point deadline,
                                         bool& timed_out) {
    const auto with_time = [&question](std::chrono::seconds left) {
      return fmt::format("{} ({} s): ", question, std::max<std::int64_t>(left.count(), 0));
    };
    if (prompt_.line_editing()) {
      out_ << std::flush;
      TimedLine line = read_edited_line_within(deadline, with_time);
      timed_out = line.kind == TimedLine::Kind::kTimeUp;
      if (line.kind != TimedLine::Kind::kLine) return std::nullopt;
      return std::move(line.text);
    }
    const auto left =
        std::chrono::steady_clock::now() >= deadline
            ? milliseconds(0)
            : std::chrono::ceil<milliseconds>(deadline - std::chrono::steady_clock::now());
    out_ << with_time(std::chrono::ceil<std::chrono::seconds>(left)) << std::flush;
    return read_line_within(STDIN_FILENO, left, timed_out);
  }

  bool terminal_;
  std::chrono::seconds limit_;
  std::ostream& out_;
  Prompt prompt_;
};

/// Records the game in the store when `event` ends it: the seats' names, the person's seat
/// (`human`) under the player's name.
/// Records the game with its log (`kept`, the game's lines so far, `event` included).
void record_if_finished(Context& context, GameRecorder& recorder, const au::Session& session,
                        const au::Event& event, std::optional<int> human, const LogText& kept) {
  const auto* finished = std::get_if<au::Finished>(&event);
  if (finished == nullptr) return;
  const std::string person = human ? context.player_name() : std::string();
  recorder.record<app::AuctionCodec>(
      session, *finished, app::auction_players(session.config(), *finished, human, person),
      kept.text());
}

/// After a person's game (`ended`: played to its end, else they quit): the seed, once the game
/// has ended or when the player chose it (--seed). Before the end it would show every hidden
/// letter and the order of the letters to come, and the game stopped may be resumed.
void say_seed_after_play(Context& context, const au::Session& session, bool ended) {
  std::ostream& out = context.out();
  if (!ended) out << "\nStopped before the end of the game.\n";
  if (session.finished() || context.options().seed) {
    out << wrap(fmt::format("Seed {} (play the same game again with --seed {}).", session.seed(),
                            session.seed()),
                context.columns())
        << '\n';
  } else {
    out << "Its seed is shown when the game has ended: it would show every hidden letter.\n";
  }
}

/// A game with the human in `seat`: bots play on their own, the human is asked for each bid
/// and word. The human is shown only what its seat may see: the seat's view (its own hidden
/// letters), never the host's events that carry everyone's. False if the human quit.
/// `catch_up`: the session was resumed; the game so far is shown first, replayed.
bool play_human(Context& context, const Options& o, au::Session& session, int seat,
                std::optional<LogFile>& log, GameRecorder& recorder, bool catch_up = false) {
  std::ostream& out = context.out();
  const Alphabet& alphabet = context.lexicon().alphabet();
  AuctionView view(out, colour_wanted(context.interactive()), seat);
  HumanAnswers answers(context, std::chrono::seconds(o.time_limit_s));
  const std::string quit_help = "(q quits)";
  auto is_quit = [](std::string_view line) { return line == "q" || line == "quit"; };

  // An event as the seat may see it in `at` just after it: hidden letters and faults from its
  // view.
  auto show_at = [&](const au::Session& at, const au::Event& event) {
    if (const auto* started = std::get_if<au::RoundStarted>(&event)) {
      const au::View v = at.view(seat);
      au::RoundStarted shown{started->round, {}, started->points};
      for (const au::SeatView& s : v.seats) shown.hidden.push_back(s.hidden);
      view.show(shown);
    } else if (std::holds_alternative<au::AuctionHeld>(event)) {
      const au::View v = at.view(seat);
      view.show(v.auctions.back());
    } else {
      view.show(event);
    }
  };
  auto show = [&](const au::Event& event) { show_at(session, event); };
  LogText kept(log_lexicon(context));  // the whole game's log, kept with it in the store
  if (catch_up) {  // the view learns the game (names, racks, points) as it was played
    au::Session past(context.shared_lexicon(), session.config(), session.seed());
    for (const au::Command& command : session.commands()) {
      for (const au::Event& event : past.apply(command)) {
        kept.write(event);
        show_at(past, event);
      }
    }
  }
  auto rack = [&](const au::View& v) {
    const au::SeatView& me = v.seats[seat];
    const std::string hidden = alphabet.decode_upper(me.hidden);
    const std::string won = alphabet.decode_upper(me.won);
    return hidden.empty() ? (won.empty() ? std::string("no letters") : won)
                          : fmt::format("[{}]{}", hidden, won);
  };

  for (;;) {
    if (session.finished()) return true;
    std::vector<au::Event> events;
    if (session.status() != au::Status::kAwaiting) {
      events = session.apply(au::Step{});
    } else {
      const au::View v = session.view(seat);
      const au::SeatView& me = v.seats[seat];
      if (v.auction) {
        const int points = me.points;
        out << wrap(fmt::format("Auction {}: {} ({}), {} after it this round. You hold {}, {}.",
                                v.auction->number,
                                paint(std::string(1, alphabet.upper(v.auction->letter)),
                                      Tone::kCurrent, colour_wanted(context.interactive())),
                                count_of(alphabet.value(v.auction->letter), "point"),
                                count_of(v.auction->pool_left, "letter"), rack(v),
                                count_of(points, "point")),
                    context.columns(), "  ")
            << '\n';
        std::int64_t amount = 0;
        const HumanAnswers::Reply reply =
            answers.ask(fmt::format("Your bid, 0 to {} {}", points, quit_help),
                        [&](std::string_view text, std::string& error) {
                          if (is_quit(text)) return true;
                          bool too_large = false;
                          const std::optional<std::uint64_t> n = parse_unsigned(text, &too_large);
                          if (n && *n <= static_cast<std::uint64_t>(points)) {
                            amount = static_cast<std::int64_t>(*n);
                            return true;
                          }
                          error = fmt::format("Please bid a whole number from 0 to {}.", points);
                          return false;
                        });
        if (reply.kind == HumanAnswers::Reply::Kind::kEnd || is_quit(trim(reply.line)))
          return false;
        if (reply.kind == HumanAnswers::Reply::Kind::kTimeUp) {
          out << "Time is up: your bid is 0.\n";
          amount = 0;
        }
        events = session.apply(au::Bid{seat, amount});
      } else {
        out << fmt::format("Round {} is over. Your letters: {}.\n", v.round, rack(v));
        std::vector<Letter> held = me.hidden;
        held.insert(held.end(), me.won.begin(), me.won.end());
        std::vector<Letter> word;
        const HumanAnswers::Reply reply =
            answers.ask(fmt::format("Your word (an empty line: none) {}", quit_help),
                        [&](std::string_view text, std::string& error) {
                          if (is_quit(text)) return true;
                          const std::optional<std::vector<Letter>> letters = alphabet.encode(text);
                          if (!letters) {
                            error = "Please give a word of letters only.";
                            return false;
                          }
                          if (!au::can_make(*letters, held)) {
                            error = fmt::format("{} is not made from your letters {}.",
                                                alphabet.decode_upper(*letters), rack(v));
                            return false;
                          }
                          word = *letters;
                          return true;
                        });
        if (reply.kind == HumanAnswers::Reply::Kind::kEnd || is_quit(trim(reply.line)))
          return false;
        if (reply.kind == HumanAnswers::Reply::Kind::kTimeUp) {
          out << "Time is up: no word.\n";
          word.clear();
        }
        events = session.apply(au::Word{seat, word});
      }
    }
    for (const au::Event& event : events) {
      if (const auto* refused = std::get_if<au::Rejected>(&event))
        throw std::logic_error(fmt::format("auction: refused: {}", refused->detail));
      if (log) log->write(event);
      kept.write(event);
      record_if_finished(context, recorder, session, event, seat, kept);
      show(event);
    }
    recorder.save<app::AuctionCodec>(session);  // the person's game is resumable
    out << std::flush;
  }
}

int play(Context& context, Options o) {
  protocol::end_bots_with_the_host();
  if (!ask_setup(context, o)) return kExitOk;
  const std::vector<std::string> lineup =
      parse_lineup(o.players.empty() ? kDefaultLineup : o.players);
  const std::optional<int> human = human_seat(lineup);
  if (human && context.options().json) {
    throw UsageError("--json prints a game of bots; a human plays in the viewer");
  }
  const au::Config config = config_of(lineup, o);
  announce_sandbox(context, lineup, o);
  const LogLexicon lex = log_lexicon(context);
  const std::uint64_t seed = context.seed();
  au::Session session(context.shared_lexicon(), config, seed, external_players(o));
  std::optional<LogFile> log;
  if (!o.log_path.empty()) log.emplace(o.log_path, lex);
  GameRecorder recorder(context, human.has_value());

  if (human) {
    std::ostream& out = context.out();
    const bool ended = play_human(context, o, session, *human, log, recorder);
    say_seed_after_play(context, session, ended);
    if (log) out << fmt::format("Log written to {}\n", o.log_path);
    return kExitOk;
  }

  // The session stepped one event at a time, each logged as it is played.
  std::deque<au::Event> played;
  LogText kept(lex);
  auto next = [&]() -> std::optional<au::Event> {
    while (played.empty()) {
      if (session.finished()) return std::nullopt;
      for (au::Event& event : session.apply(au::Step{})) {
        if (const auto* refused = std::get_if<au::Rejected>(&event))
          throw std::logic_error(fmt::format("auction: a step was refused: {}", refused->detail));
        if (log) log->write(event);
        kept.write(event);
        record_if_finished(context, recorder, session, event, std::nullopt, kept);
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
  out << wrap(fmt::format("Seed {} (play the same game again with --seed {}).", seed, seed),
              context.columns())
      << '\n';
  if (!view_game(context, o, next)) out << "\nStopped before the end of the game.\n";
  if (log) out << fmt::format("Log written to {}\n", o.log_path);
  return kExitOk;
}

int replay(Context& context, const Options& o) {
  const AuctionLog log = app::read_auction_log_file(o.replay_path);
  const std::string cut = log.cut_line == 0
                              ? ""
                              : fmt::format("{} stops in the middle of line {}",
                                            protocol::printable(o.replay_path), log.cut_line);
  std::ostream& out = context.out();
  if (context.options().json) {
    for (const au::Event& event : log.events) app::write_log_line(out, event, log.lexicon);
    if (!cut.empty()) {
      print_warning(context.err(), fmt::format("{}: the lines before it were replayed", cut));
    }
    return kExitOk;
  }
  const auto& started = std::get<au::GameStarted>(log.events.front());
  out << fmt::format("Replay of {}: seed {}, lexicon {}.\n", protocol::printable(o.replay_path),
                     started.seed, protocol::printable(log.lexicon.source));
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

/// `tournament --on-workers`: the tournament kept and queued for workers; prints its id.
int queue_tournament(Context& context, const au::TournamentConfig& config, const Options& o) {
  if (!o.log_dir.empty()) {
    throw UsageError(
        "--log-dir is not for a tournament on workers: its games' logs are kept in "
        "the store ('wordgames history show ID --log')");
  }
  app::GameStore& store = context.required_game_store();
  std::int64_t id = 0;
  try {
    id = app::queue_auction_tournament(store, config, log_lexicon(context), Context::now_ms());
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  const int unit = app::auction_tournament_unit_games(config.games);
  const int units = (config.games + unit - 1) / unit;
  if (context.options().json) {
    print_json(context.out(), {{"id", id},
                               {"games", config.games},
                               {"seed", config.seed},
                               {"units", units},
                               {"store", store.location()}});
    return kExitOk;
  }
  context.out() << wrap(fmt::format("Tournament {} queued: {} in {} of up to {}, seed {}, for the "
                                    "workers of {} ('wordgames worker'). 'wordgames tournaments "
                                    "show {}' shows it; its table comes once every game is played.",
                                    id, count_of(config.games, "game"), count_of(units, "unit"),
                                    unit, config.seed, store.location(), id),
                        context.columns())
                << '\n';
  return kExitOk;
}

int tournament(Context& context, const Options& o) {
  protocol::end_bots_with_the_host();
  au::TournamentConfig config;
  config.lineup = parse_lineup(o.players);
  announce_sandbox(context, config.lineup, o);
  if (std::find(config.lineup.begin(), config.lineup.end(), kHuman) != config.lineup.end()) {
    throw UsageError("a tournament is played by bots: 'human' plays in 'wordgames auction'");
  }
  config.rules = rules_of(o, static_cast<int>(config.lineup.size()));  // run_tournament validates
  config.games = static_cast<int>(o.games);
  config.seed = context.seed();
  if (o.on_workers) return queue_tournament(context, config, o);
  config.jobs = static_cast<int>(jobs_or_cores(o.jobs));
  const Lexicon& lexicon = context.lexicon();
  ProgressBar progress(context.err(), isatty(STDERR_FILENO) == 1 && !context.options().json);
  const au::Rules& r = config.rules;
  Json described = {{"games", config.games},
                    {"seed", config.seed},
                    {"jobs", config.jobs},
                    {"rules",
                     {{"players", r.players},
                      {"rounds", r.rounds},
                      {"hidden_letters", r.hidden_letters},
                      {"starting_points", r.starting_points},
                      {"rack_size", r.rack_size},
                      {"letters_per_round", r.letters_per_round}}},
                    {"lineup", config.lineup}};
  app::TournamentKeeper keeper(
      context.game_store(), described, &Context::now_ms, [&context](const std::exception& error) {
        print_warning(context.err(), fmt::format("the tournament is not saved: {}", error.what()));
      });
  if (!o.log_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(o.log_dir, error);
    if (error) {
      throw std::runtime_error(
          fmt::format("cannot create the log directory '{}': {}", o.log_dir, error.message()));
    }
  }
  const LogLexicon lex = log_lexicon(context);
  au::GameObserver observe;
  if (!o.log_dir.empty() || keeper.keeping()) {
    observe = [&o, &config, &keeper, &lex](int index) -> std::function<void(const au::GameEvent&)> {
      std::shared_ptr<LogFile> file;
      if (!o.log_dir.empty()) {
        const std::string path =
            (std::filesystem::path(o.log_dir) / fmt::format("game-{:06}.jsonl", index + 1))
                .string();
        file = std::make_shared<LogFile>(path, lex);
      }
      auto kept = keeper.keeping() ? std::make_shared<LogText>(lex) : nullptr;
      return [file, kept, index, &o, &config, &keeper](const au::GameEvent& game_event) {
        const au::Event event = au::to_event(game_event);
        if (file) file->write(event);
        if (!kept) return;
        kept->write(event);
        if (const auto* finished = std::get_if<au::Finished>(&game_event)) {
          keeper.keep_game(config_of(au::tournament_seating(config.lineup, index), o), *finished,
                           kept->text());
        }
      };
    };
  }
  const au::TournamentResult result = au::run_tournament(
      config, lexicon, player_factory(lexicon, o),
      [&](int done, int total) { progress.update(done, total); }, observe);
  const Json table = app::tournament_table_json(result);
  const std::int64_t kept_as = keeper.end(table);

  if (context.options().json) {
    described["games"] = result.games;
    described["bots"] = table;
    described["id"] = kept_as == 0 ? Json(nullptr) : Json(kept_as);
    print_json(context.out(), described);
    return kExitOk;
  }
  std::ostream& out = context.out();
  out << wrap(fmt::format("{} of {}, {}, {} each, seed {} ({}).", count_of(result.games, "game"),
                          count_of(r.players, "player"), count_of(r.rounds, "round"),
                          count_of(r.hidden_letters, "hidden letter"), config.seed,
                          count_of(config.jobs, "job")),
              context.columns())
      << '\n';
  std::vector<std::string> lineup;
  for (const std::string& name : config.lineup) lineup.push_back(protocol::printable(name));
  out << wrap(fmt::format("Seats rotate each game: {}.", fmt::join(lineup, ", ")),
              context.columns(), "  ")
      << "\n\n";
  print_tournament_table(out, result, context.columns());
  if (kept_as != 0) {
    out << wrap(fmt::format("Kept as tournament {} with its games and their logs ('wordgames "
                            "tournaments show {}').",
                            kept_as, kept_as),
                context.columns())
        << '\n';
  }
  return kExitOk;
}

/// A text option: an empty value is refused (a usage error) rather than read as "the default",
/// which leaving the option out already means.
CLI::Option* add_text_option(CLI::App& app, const std::string& name, std::string& value,
                             const std::string& description) {
  return app.add_option(name, value, description)
      ->check(CLI::Validator(
          [](std::string& text) {
            return trim(text).empty() ? std::string(
                                            "needs a value: an empty one is not allowed "
                                            "(leave the option out for the default)")
                                      : std::string();
          },
          ""));
}

void add_players_option(CLI::App& app, Options& o, const std::string& what) {
  add_text_option(app, "--players", o.players,
                  fmt::format("Players, separated by commas: {} ({})", built_in_names(), what))
      ->type_name("LIST");
}

void add_rule_options(CLI::App& app, const std::shared_ptr<Options>& o) {
  const au::Rules defaults;
  add_number_option(
      app, "--hidden", 0, au::Rules::kMaxRackSize,
      [o](std::uint64_t n) { o->hidden = static_cast<int>(n); },
      fmt::format("Hidden letters dealt to each player per round, 0 to the rack size (default {})",
                  defaults.hidden_letters));
  add_number_option(
      app, "--rounds", 1, au::Rules::kMaxRounds,
      [o](std::uint64_t n) { o->rounds = static_cast<int>(n); },
      fmt::format("Rounds in a game (default {})", defaults.rounds));
  add_number_option(
      app, "--rack-size", 1, au::Rules::kMaxRackSize,
      [o](std::uint64_t n) { o->rack_size = static_cast<int>(n); },
      fmt::format("Letters a player may hold in a round, 1-{} (default {})",
                  au::Rules::kMaxRackSize, defaults.rack_size));
  add_number_option(
      app, "--letters-per-round", 0, au::Rules::kMaxLettersPerRound,
      [o](std::uint64_t n) { o->letters_per_round = static_cast<int>(n); },
      fmt::format("Letters offered at auction per round, at most, 0-{} (default 0: until every "
                  "rack is full)",
                  au::Rules::kMaxLettersPerRound));
  add_number_option(
      app, "--time-limit", 1, 3'600, [o](std::uint64_t n) { o->time_limit_s = n; },
      "Seconds a human has for each bid or word at a terminal (default 30; from piped input, "
      "no limit)");
  add_text_option(app, "--bot-log", o->bot_log,
                  "Append external bots' stderr to this file (default: this program's stderr), "
                  "control characters escaped")
      ->type_name("FILE");
  add_bot_options(app, o->bots);
}

void add_pacing_options(CLI::App& app, const std::shared_ptr<Options>& o) {
  app.add_flag("--play", o->play, "Start playing continuously instead of paused");
  add_number_option(
      app, "--delay", 0, 60'000, [o](std::uint64_t n) { o->delay_ms = n; },
      "Milliseconds between auctions when playing (default 500 at a terminal, else 0)");
}

}  // namespace

int resume_auction_game(Context& context, ResumedGame& game) {
  au::Session& session = game.typed<app::AuctionCodec>();
  const auto& seats = session.config().seats;
  const auto person = std::find_if(seats.begin(), seats.end(), [](const au::SeatConfig& seat) {
    return seat.kind == au::SeatKind::kPerson;
  });
  if (person == seats.end()) throw UsageError("this auction has no seat for a person to resume");
  const int seat = static_cast<int>(person - seats.begin());
  std::optional<LogFile> log;  // the log of the first run is not continued
  GameRecorder recorder(context, game);
  std::ostream& out = context.out();
  if (!game.fresh) out << "Auction resumed: the game so far.\n";
  const bool ended =
      play_human(context, Options{}, session, seat, log, recorder, /*catch_up=*/!game.fresh);
  say_seed_after_play(context, session, ended);
  return kExitOk;
}

void define_auction_command(CLI::App& command, Context& context) {
  auto o = std::make_shared<Options>();
  add_players_option(command, *o, fmt::format("default {}", kDefaultLineup));
  add_rule_options(command, o);
  add_pacing_options(command, o);
  add_text_option(command, "--log", o->log_path, "Write the game's log (JSON Lines) to this file")
      ->type_name("FILE");
  command.add_flag("--json", context.options().json,
                   "Print the game's log lines (JSON Lines) instead of showing it");
  command.footer(
      "Watch a game of the letter auction: letters are auctioned one at a time by sealed\n"
      "bids; the highest bid wins and pays the second-highest; at the end of each round every\n"
      "player names a word from its letters (Scrabble values, 50 more for 7 letters).\n"
      "At a terminal: space steps one auction, r to the end of the round, p plays or pauses,\n"
      "+/- change the delay, q quits. Piped input gives commands by lines: an empty line or\n"
      "'step N', 'round', 'play', 'delay MS', 'quit'; at its end the rest of the game is shown.\n"
      "Play it yourself with a human seat, e.g. --players human,strong,value: you are asked\n"
      "for each bid and word (within --time-limit at a terminal; piped input: by lines).\n"
      "External bots: docs/games/auction-protocol.md.");

  CLI::App* replay_command =
      add_game_tool(command, context, "replay", "Watch a logged game again",
                    "Shows a game from its log (written with --log) in the viewer.\n"
                    "With --json, prints the log's lines again, checked.");
  add_text_option(*replay_command, "FILE", o->replay_path, "The log (JSON Lines)")->required();
  add_pacing_options(*replay_command, o);
  on_run(*replay_command, context, [&context, o] { return replay(context, *o); });

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
  add_text_option(*tournament_command, "--log-dir", o->log_dir,
                  "Write each game's log (JSON Lines) to DIR/game-NNNNNN.jsonl, numbered from 1")
      ->type_name("DIR");
  tournament_command->add_flag(
      "--on-workers", o->on_workers,
      "Keep the tournament in the store and queue it for workers ('wordgames worker', on any "
      "machines sharing the store), print its id and return; built-in bots only");
  on_run(*tournament_command, context, [&context, o] { return tournament(context, *o); });
  on_run(command, context, [&context, o] { return play(context, *o); });
}

}  // namespace wg::cli
