#include "cli/app.h"

#include <algorithm>
#include <exception>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "cli/context.h"
#include "cli/daily_command.h"
#include "cli/define_command.h"
#include "cli/lexicon_command.h"
#include "cli/line_editor.h"
#include "cli/menu.h"
#include "cli/output.h"
#include "cli/play_command.h"
#include "cli/resume_command.h"
#include "cli/serve_command.h"
#include "cli/stats_command.h"
#include "cli/worker_command.h"
#include "core/play.h"
#include "core/text.h"
#include "lexicon/word_list.h"
#include "protocol/printable.h"

#ifndef WG_VERSION
#define WG_VERSION "unknown"
#endif

namespace wg::cli {

namespace {

constexpr std::string_view kProgram = "wordgames";

/// The command the parser had reached: the deepest selected subcommand.
const CLI::App& selected_command(const CLI::App& root) {
  const CLI::App* at = &root;
  for (auto selected = at->get_subcommands(); !selected.empty(); selected = at->get_subcommands()) {
    at = selected.front();
  }
  return *at;
}

bool has_subcommands(const CLI::App& command) {
  return !command.get_subcommands([](const CLI::App*) { return true; }).empty();
}

/// CLI11's message, said more plainly for the common cases.
std::string parse_error_message(const CLI::ParseError& error, const CLI::App& where) {
  std::string message = error.what();
  constexpr std::string_view kUnexpected = "The following argument was not expected: ";
  // Not get_name(): CLI11 2.1 gives some ExtrasErrors the app's name instead.
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr &&
      message.starts_with(kUnexpected)) {
    const std::string argument = message.substr(kUnexpected.size());
    if (argument.starts_with('-') && argument.size() > 1) {
      return fmt::format("unknown option '{}'", argument);
    }
    if (has_subcommands(where)) {
      return fmt::format("unknown command '{}' for '{}'", argument, command_path(where));
    }
    return fmt::format("unexpected argument '{}'", argument);
  }
  return message;
}

/// "1 to 64", or "0 to 2^64-1" for every number.
std::string range_text(std::uint64_t min, std::uint64_t max) {
  if (max == std::numeric_limits<std::uint64_t>::max()) return fmt::format("{} to 2^64-1", min);
  return fmt::format("{} to {}", min, max);
}

/// The number `text` gives option `name`: a decimal number in [min, max], else a
/// CLI::ValidationError that says which of the three it is not.
std::uint64_t number_in(const std::string& name, const std::string& text, std::uint64_t min,
                        std::uint64_t max) {
  bool too_large = false;
  const std::optional<std::uint64_t> value = parse_unsigned(text, &too_large);
  if (!value) {
    throw CLI::ValidationError(
        name, fmt::format("'{}' is {} from {}", text,
                          too_large ? "too large: give a whole number" : "not a whole number",
                          range_text(min, max)));
  }
  if (*value < min || *value > max) {
    throw CLI::ValidationError(
        name, fmt::format("must be from {}, not {}", range_text(min, max), *value));
  }
  return *value;
}

/// A command's output, held back so that nothing reaches the real output when the command fails,
/// until the command flushes it: a flush (a prompt before it reads an answer, a viewer's step)
/// means "show this now", so the held text goes out then and everything after it is written
/// through. Without it a game played through a pipe (`wordgames hand | tee log`, or a program
/// driving it) would show nothing until it ended, while it waits for answers.
class HeldOutput : public std::streambuf {
 public:
  explicit HeldOutput(std::ostream& target) : target_(target) {}
  /// Writes what is held (once the command has succeeded) and writes through from then on.
  void release() {
    if (released_) return;
    released_ = true;
    target_ << held_;
    held_.clear();
  }
  /// Drops what is held (the command failed before flushing).
  void discard() { held_.clear(); }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    xsputn(&ch, 1);
    return c;
  }
  std::streamsize xsputn(const char* text, std::streamsize n) override {
    if (released_) {
      target_.write(text, n);
    } else {
      held_.append(text, static_cast<std::size_t>(n));
    }
    return n;
  }
  int sync() override {
    release();
    return target_.flush() ? 0 : -1;
  }

 private:
  std::ostream& target_;
  std::string held_;
  bool released_ = false;
};

/// An option's argument as a person reads it, from CLI11's type name: a set of choices
/// ("TEXT:{common,all}") as "common|all", a name its validator repeats ("NAME:NAME") once.
std::string readable_type(const std::string& type) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t colon = type.find(':'); colon != std::string::npos;
       colon = type.find(':', start)) {
    parts.push_back(type.substr(start, colon - start));
    start = colon + 1;
  }
  parts.push_back(type.substr(start));
  for (const std::string& part : parts) {
    if (part.size() > 2 && part.front() == '{' && part.back() == '}' &&
        part.find("->") == std::string::npos) {
      std::string choices = part.substr(1, part.size() - 2);
      std::replace(choices.begin(), choices.end(), ',', '|');
      return choices;
    }
  }
  return parts.front();
}

/// `text` as paragraphs to wrap: a line break inside a sentence (text wrapped by hand, for some
/// width) becomes a space; one after a sentence or a colon, before an indented line or around
/// an empty one is kept.
std::string reflowed(std::string text) {
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[i] != '\n') continue;
    const char before = text[i - 1];
    const char after = text[i + 1];
    const bool kept =
        before == '.' || before == ':' || before == '\n' || after == ' ' || after == '\n';
    if (!kept) text[i] = ' ';
  }
  return text;
}

/// CLI11's help, made for a person at a terminal: an option's argument by its readable name
/// (readable_type; its default, "=common", said in the description instead), and every
/// description, summary and footer wrapped at word boundaries to the terminal's width.
class HelpFormatter : public CLI::Formatter {
 public:
  explicit HelpFormatter(std::size_t width) : width_(width) {}

  std::string make_option_opts(const CLI::Option* option) const override {
    std::string opts = CLI::Formatter::make_option_opts(option);
    if (!option->get_option_text().empty() || option->get_type_size() == 0) return opts;
    const std::string type = option->get_type_name();
    const std::string shown =
        " " + get_label(type) +
        (option->get_default_str().empty() ? std::string() : "=" + option->get_default_str());
    // A positional argument's name says what it takes (WORD, FILE): no type after it.
    const std::string readable = option->nonpositional() ? " " + readable_type(type) : "";
    if (opts.starts_with(shown)) opts = readable + opts.substr(shown.size());
    return opts;
  }

  std::string make_option_desc(const CLI::Option* option) const override {
    std::string description = option->get_description();
    const std::string fallback = option->get_default_str();
    if (!fallback.empty() && description.find("default") == std::string::npos) {
      description += fmt::format(" (default: {})", fallback);
    }
    return wrap(description, description_width());
  }

  std::string make_subcommand(const CLI::App* command) const override {
    std::ostringstream out;
    CLI::detail::format_help(out, command->get_display_name(true),
                             wrap(command->get_description(), description_width()), column_width_);
    return out.str();
  }

  std::string make_description(const CLI::App* command) const override {
    return wrap(reflowed(CLI::Formatter::make_description(command)), width_);
  }

  std::string make_footer(const CLI::App* command) const override {
    return wrap(reflowed(CLI::Formatter::make_footer(command)), width_);
  }

 private:
  std::size_t description_width() const {
    return std::max<std::size_t>(width_ > column_width_ ? width_ - column_width_ : 0, 30);
  }
  std::size_t width_;
};

void configure(CLI::App& app, Context& context) {
  // Before any subcommand: each takes its parent's formatter.
  app.formatter(std::make_shared<HelpFormatter>(context.columns()));
  app.set_help_flag("-h,--help", "Print this help and exit");
  app.set_version_flag("--version", version_text(), "Print the version and exit");
  app.require_subcommand(0, 1);
  app.fallthrough();  // global options may follow a subcommand
  GlobalOptions& options = context.options();
  app.add_option("--lexicon", options.lexicon_path,
                 "Word list (one word per line) or compiled lexicon to use; default: the "
                 "built-in ENABLE list (172,823 words)")
      ->type_name("PATH")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->check(CLI::Validator(
          [](const std::string& path) {
            // Empty would otherwise mean "not given": the built-in list, silently.
            return path.empty() ? std::string(
                                      "needs a file: an empty path names none (leave "
                                      "--lexicon out for the built-in list)")
                                : std::string();
          },
          ""));
  add_number_option(
      app, "--seed", [&options](std::uint64_t seed) { options.seed = seed; },
      "Seed for the games' random choices, 0..2^64-1; default: a new random seed each run, "
      "which the games print so that a game can be replayed")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("--json", options.json,
               "Print JSON instead of text: the tools, lists and statistics (a game played at "
               "the terminal refuses it)");
  app.add_option("--data", options.data_dir,
                 "Directory of the saved games, players and dictionaries (wordgames.db); "
                 "default: $XDG_DATA_HOME/wordgames")
      ->type_name("DIR")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--store", options.store,
                 "Where the games and players are kept: a PostgreSQL database "
                 "(postgresql://USER@HOST:PORT/DATABASE; keep its password in ~/.pgpass or "
                 "PGPASSWORD, not on the command line) or a data directory; default: the data "
                 "directory's wordgames.db (--data)")
      ->type_name("URL|DIR")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--player", options.player,
                 "Who plays (a local profile by name, 1 to 40 characters); default: the last "
                 "player, asked once at a terminal, else 'player'")
      ->type_name("NAME")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->check(CLI::Validator(
          [](const std::string& name) {
            return wg::valid_player_name(name)
                       ? std::string()
                       : fmt::format("'{}' is not a player name: {}", protocol::printable(name),
                                     kPlayerNameRule);
          },
          ""));
  add_game_commands(app, context);
  add_stats_commands(app, context);
  add_resume_command(app, context);
  add_daily_command(app, context);
  add_play_command(app, context);
  add_lexicon_command(app, context);
  add_define_command(app, context);
  add_serve_command(app, context);
  add_worker_command(app, context);
  app.footer(
      "Run 'wordgames' with no arguments for the list of games, and 'wordgames COMMAND --help'\n"
      "for a command's options. Global options may also follow the command.\n"
      "Exit status: 0 success, 1 usage error, 2 unreadable or unusable input (a lexicon file).");
}

/// Parses and runs one command line; `chosen` receives the game picked in an interactive menu.
int dispatch(std::span<const std::string> args, Context& context,
             std::optional<std::string>& chosen) {
  CLI::App app{"Engine, arcade and AI for word games.", std::string(kProgram)};
  configure(app, context);

  std::vector<const char*> argv;
  argv.reserve(args.size() + 1);
  argv.push_back(kProgram.data());
  for (std::size_t i = 1; i < args.size(); ++i) argv.push_back(args[i].c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
      app.exit(error, context.out(), context.err());  // --help, --version
      return kExitOk;
    }
    const CLI::App& where = selected_command(app);
    print_message(context.err(), parse_error_message(error, where));
    context.err() << "Run '" << command_path(where) << " --help' for usage.\n";
    return kExitUsage;
  }

  try {
    if (context.action()) return context.action()();
    chosen = show_menu(context);
    return kExitOk;
  } catch (const UsageError& error) {
    print_message(context.err(), error.what());
    return kExitUsage;
  } catch (const ConfigError& error) {
    print_message(context.err(), error.what());
    return kExitUsage;
  } catch (const LexiconError& error) {
    print_message(context.err(), error.what());
    return kExitBadInput;
  } catch (const std::exception& error) {
    print_message(context.err(), error.what());
    return kExitBadInput;
  }
}

}  // namespace

std::string version_text() { return fmt::format("{} {}", kProgram, WG_VERSION); }

int run(std::span<const std::string> args, std::istream& in, std::ostream& out, std::ostream& err,
        bool interactive) {
  // Output is held until the command succeeds, so that nothing reaches `out` on error, or until
  // the command flushes it (HeldOutput).
  HeldOutput held(out);
  std::ostream buffer(&held);
  std::optional<std::string> chosen;
  int status = kExitOk;
  {
    Context context(in, interactive ? out : buffer, err, interactive, &out);
    status = dispatch(args, context, chosen);
  }
  if (status == kExitOk) {
    held.release();
  } else {
    held.discard();
  }
  // A game or tool picked from the interactive menu runs as if it had been named on the command
  // line; then the menu comes back, until the player quits it. End of input inside a game ends
  // that game only: the terminal is read again for the menu.
  while (chosen) {
    std::vector<std::string> again(args.begin(), args.end());
    for (const std::string_view word : split_words(*chosen)) again.emplace_back(word);
    Context context(in, out, err, interactive);
    std::optional<std::string> unused;
    status = dispatch(again, context, unused);
    in.clear();
    chosen = ask_again(context);
  }
  return status;
}

int run_main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  const bool interactive = stdio_is_terminal();
  const int status = run(args, std::cin, std::cout, std::cerr, interactive);
  if (!std::cout.flush()) {
    print_message(std::cerr, "cannot write to standard output");
    return status == kExitOk ? kExitBadInput : status;
  }
  return status;
}

CLI::Option* add_number_option(CLI::App& command, const std::string& name,
                               std::function<void(std::uint64_t)> store,
                               const std::string& description) {
  return add_number_option(command, name, 0, std::numeric_limits<std::uint64_t>::max(),
                           std::move(store), description);
}

CLI::Option* add_number_option(CLI::App& command, const std::string& name, std::uint64_t min,
                               std::uint64_t max, std::function<void(std::uint64_t)> store,
                               const std::string& description) {
  CLI::Option* option = command.add_option_function<std::string>(
      name,
      [name, min, max, store = std::move(store)](const std::string& text) {
        store(number_in(name, text, min, max));
      },
      description);
  return option->type_name("N");
}

CLI::Option* add_numbers_option(CLI::App& command, const std::string& name, std::uint64_t min,
                                std::uint64_t max,
                                std::function<void(const std::vector<std::uint64_t>&)> store,
                                const std::string& description) {
  CLI::Option* option = command.add_option_function<std::vector<std::string>>(
      name,
      [name, min, max, store = std::move(store)](const std::vector<std::string>& texts) {
        std::vector<std::uint64_t> values;
        values.reserve(texts.size());
        for (const std::string& text : texts) values.push_back(number_in(name, text, min, max));
        store(values);
      },
      description);
  return option->type_name("N");
}

void on_run(CLI::App& command, Context& context, std::function<int()> action) {
  // CLI11 runs a subcommand's callback before its parent's: an action already set is the
  // chosen subcommand's.
  command.callback([&context, action = std::move(action)] {
    if (!context.action()) context.set_action(action);
  });
}

void on_play(CLI::App& game, Context& context, std::function<int()> play) {
  on_run(game, context, [&game, &context, play = std::move(play)] {
    if (context.options().json) {
      std::vector<std::string> tools;
      for (const CLI::App* tool : game.get_subcommands([](const CLI::App*) { return true; })) {
        tools.push_back(tool->get_name());
      }
      std::string names;
      for (std::size_t i = 0; i < tools.size(); ++i) {
        names += (i == 0 ? "" : i + 1 == tools.size() ? " or " : ", ") + tools[i];
      }
      throw UsageError(fmt::format(
          "--json: '{}' is played in text at the terminal; JSON comes from its commands ({}), "
          "e.g. '{} {} --json'",
          command_path(game), names, command_path(game), tools.empty() ? "" : tools.front()));
    }
    return play();
  });
}

std::string command_path(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::App* at = &command; at != nullptr; at = at->get_parent()) {
    names.push_back(at->get_parent() == nullptr ? std::string(kProgram) : at->get_name());
  }
  std::string path;
  for (auto name = names.rbegin(); name != names.rend(); ++name) {
    if (!path.empty()) path += ' ';
    path += *name;
  }
  return path;
}

CLI::App* add_game_tool(CLI::App& game, Context& context, const std::string& name,
                        const std::string& summary, const std::string& details) {
  CLI::App* tool = game.add_subcommand(name, summary);
  tool->group("Tools");
  tool->add_flag("--json", context.options().json, "Print a JSON document");
  tool->footer(details);
  return tool;
}

}  // namespace wg::cli
