#include "cli/hangman_command.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/file_store.h"
#include "app/hangman_codec.h"
#include "app/hangman_dictionary_source.h"
#include "app/hangman_open_library.h"
#include "app/json.h"
#include "app/store.h"
#include "cli/app.h"
#include "cli/define_command.h"
#include "cli/gallows.h"
#include "cli/game_recorder.h"
#include "cli/output.h"
#include "cli/prompt.h"
#include "cli/style.h"
#include "core/parallel.h"
#include "core/text.h"
#include "games/hangman/advisor.h"
#include "games/hangman/dictionary.h"
#include "games/hangman/session.h"
#include "lexicon/common_words.h"
#include "lexicon/word_list.h"

namespace wg::cli {

namespace {

using app::dictionary_from_file;
using app::kDefaultDictionaryName;
using app::Store;
using hangman::Dictionary;

/// The game's name in the store.
constexpr std::string_view kGameName = "hangman";
/// Games the menu's history shows.
constexpr std::size_t kLastGames = 5;
/// Letters shown per open position in easy mode, most probable first: 8 ("E 43.8%" each, in
/// columns of 8) fit in 80 columns with the position and "(+18 more)".
constexpr std::size_t kShownLetters = 8;
/// Positions per row of the word, so that a long word fits in 80 columns.
constexpr std::size_t kPositionsPerRow = 25;
/// The one player's seat.
constexpr Seat kPlayer = 0;

struct PlayOptions {
  std::string dictionary;
  std::string mode = "easy";
  std::string words = "common";
};

/// A dictionary as the player named it, shared by the sessions played on it.
struct NamedDictionary {
  std::string name;
  std::shared_ptr<const Dictionary> dictionary;
  bool from_lexicon = false;  ///< the lexicon's words ("default"), not a list of its own
};

// --- Dictionaries by name: "default", a saved name, or a text file.

NamedDictionary default_dictionary(Context& context) {
  const Lexicon& lexicon = context.lexicon();
  try {
    return {std::string(kDefaultDictionaryName),
            std::make_shared<const Dictionary>(Dictionary::from_lexicon(lexicon)), true};
  } catch (const hangman::DictionaryError& error) {
    throw std::runtime_error(fmt::format("the lexicon {} cannot be a hangman dictionary: {}",
                                         context.lexicon_info().source, error.what()));
  }
}

/// A text file, or an Open Library work when `source` is a work ID (OL45804W): the same rules.
/// A file of that name wins over the work.
Dictionary dictionary_from_source(const std::string& source) {
  std::error_code error;
  if (app::valid_work_id(source) && !std::filesystem::exists(source, error)) {
    return app::dictionary_from_work(source, app::open_library_options());
  }
  return dictionary_from_file(source);
}

NamedDictionary named(std::string name, Dictionary dictionary) {
  return {std::move(name), std::make_shared<const Dictionary>(std::move(dictionary)), false};
}

/// "default" (or empty), a saved dictionary, or else a text file or an Open Library work ID
/// (OL45804W) to extract words from.
NamedDictionary find_dictionary(Context& context, Store& store, const std::string& spec) {
  if (spec.empty() || spec == kDefaultDictionaryName) return default_dictionary(context);
  if (app::has_saved_dictionary(store, spec)) return named(spec, app::load_dictionary(store, spec));
  std::error_code error;
  if (std::filesystem::exists(spec, error) || app::valid_work_id(spec)) {
    return named(spec, dictionary_from_source(spec));
  }
  throw std::runtime_error(fmt::format("no saved dictionary or file '{}'", spec));
}

/// The default dictionary and the saved ones, as the menu and `dictionary list` show them.
std::vector<std::string> dictionary_names(Store& store) {
  std::vector<std::string> names = {std::string(kDefaultDictionaryName)};
  for (std::string& name : app::saved_dictionary_names(store)) names.push_back(std::move(name));
  return names;
}

std::string share(std::size_t part, std::size_t whole) {
  return fmt::format("{:.1f} %",
                     whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
}

/// A probability as a percentage to a tenth, without a trailing ".0" ("40%", "40.4%"): points
/// change at 25, 40 and 60 %, so a rounded figure would put 40.4 % in the wrong band. "<0.1%"
/// rather than "0%" for a letter still possible.
std::string percent_of(double probability) {
  const double p = 100.0 * probability;
  if (p > 0 && p < 0.05) return "<0.1%";
  std::string text = fmt::format("{:.1f}", p);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text + "%";
}

std::string percent(std::uint32_t count, std::size_t total) {
  return percent_of(static_cast<double>(count) / static_cast<double>(total));
}

void print_stats(std::ostream& out, const std::string& name, const Dictionary& dictionary) {
  const hangman::DictionaryStats s = dictionary.stats();
  out << "dictionary: " << name << '\n';
  out << "words: " << s.words << '\n';
  out << fmt::format("6 letters: {} ({})\n", s.six, share(s.six, s.words));
  out << fmt::format("7-9 letters: {} ({})\n", s.seven_to_nine, share(s.seven_to_nine, s.words));
  out << fmt::format("10+ letters: {} ({})\n", s.ten_plus, share(s.ten_plus, s.words));
  out << fmt::format("9+ letters (rule: at least {} %): {} ({})\n", hangman::kMinLongPercent,
                     s.long_words, share(s.long_words, s.words));
}

Json stats_json(const std::string& name, const Dictionary& dictionary) {
  Json document = {{"name", name}};
  document.update(app::stats_json(dictionary.stats()));
  return document;
}

/// One of the player's last games, as the store's finished games keep it (HangmanCodec's
/// Finished event is the result; an older wordgames's history has the same fields).
struct PastGame {
  std::string word;
  std::int64_t guesses = 0;
  bool player_won = false;
  std::int64_t points = 0;
};

/// The player's last kLastGames games, newest first.
std::vector<PastGame> last_games(app::GameStore& store, const std::string& player) {
  std::vector<PastGame> games;
  for (const app::GameSummary& game : store.finished_games(player, kGameName, kLastGames)) {
    const Json& result = game.result;
    games.push_back({result.value("word", std::string("?")),
                     result.value("guesses", std::int64_t{0}), result.value("player_won", false),
                     result.value("points", std::int64_t{0})});
  }
  return games;
}

void print_history(std::ostream& out, const std::vector<PastGame>& games) {
  if (games.empty()) {
    out << "No games played yet.\n";
    return;
  }
  out << (games.size() == 1 ? std::string("The last game:\n")
                            : fmt::format("The last {} games, most recent first:\n", games.size()));
  int number = 1;
  for (const PastGame& g : games) {
    out << fmt::format("  {}. {:<16} {:>11}  winner: {:<4}  {}\n", number++, g.word,
                       count_of(g.guesses, "guess", "guesses"), g.player_won ? "you" : "host",
                       count_of(g.points, "point"));
  }
}

// --- The terminal game: a parser and a renderer over hangman::Session.

class Terminal {
 public:
  /// `resumed`: the game goes on with that saved game's session (resume()).
  Terminal(Context& context, Store& store, NamedDictionary dictionary, hangman::Mode mode,
           hangman::Secrets secrets, const ResumedGame* resumed = nullptr)
      : context_(context),
        store_(store),
        prompt_(context.in(), context.out(), !context.interactive()),
        dictionary_(std::move(dictionary)),
        mode_(mode),
        secrets_(secrets),
        seed_(resumed ? resumed->session->saved().at("seed").get<std::uint64_t>() : context.seed()),
        recorder_(resumed ? GameRecorder(context, *resumed) : GameRecorder(context)) {}

  int run() {
    out() << fmt::format("Position hangman.\nSeed: {} (replay with --seed {}).\n", seed_, seed_);
    describe_dictionary();
    out() << fmt::format("Mode: {}.\n", hangman::to_string(mode_));
    for (;;) {
      if (!play_game()) return kExitOk;
      if (!menu()) return kExitOk;
    }
  }

  /// Goes on with the game in play of a saved session (`wordgames resume`), then as run();
  /// `fresh`: a session nothing was played of (ResumedGame::fresh).
  int resume(hangman::Session& session, bool fresh = false) {
    session_ = &session;
    out() << fmt::format("Position hangman.\nSeed: {}{}\n", seed_,
                         fresh ? "." : ": the game resumed.");
    describe_dictionary();
    out() << fmt::format("Mode: {}.\n", hangman::to_string(mode_));
    for (bool resumed = true;; resumed = false) {
      if (!play_game(resumed)) return kExitOk;
      if (!menu()) return kExitOk;
    }
  }

 private:
  std::ostream& out() { return context_.out(); }
  const Alphabet& alphabet() const { return dictionary_.dictionary->alphabet(); }

  void describe_dictionary() {
    out() << fmt::format("Dictionary: {} ({}).\n", dictionary_.name,
                         count_of(static_cast<long long>(dictionary_.dictionary->size()), "word"));
  }

  /// Where the secrets of the new session come from (--words, and whether enough are common).
  void describe_secrets() {
    const std::size_t common = session_->secret_pool().size();
    if (secrets_ == hangman::Secrets::kAll) {
      out() << "Secret words: any word of the dictionary.\n";
    } else if (common == 0) {
      out() << fmt::format("Secret words: any word (fewer than {} are common).\n",
                           hangman::kMinCommonSecrets);
    } else {
      out() << fmt::format("Secret words: the {} (--words all for any).\n",
                           count_of(static_cast<long long>(common), "common word"));
    }
  }

  /// Starts the next game: on the session, or on a new session when the dictionary changed
  /// (continuing the run's numbering, so that game k is seeded game_seed(seed, k)).
  void start_game() {
    recorder_.restart_clock();
    if (session_ && !dictionary_changed_) {
      session_->apply(hangman::NewGame{});
      return;
    }
    hangman::Config config;
    config.mode = mode_;
    config.secrets = secrets_;
    if (!dictionary_.from_lexicon) config.words = dictionary_.dictionary->words_upper();
    config.first_game = session_ ? session_->view(kPlayer).game : 0;
    own_session_.emplace(dictionary_.dictionary, std::move(config), seed_, common_words());
    session_ = &*own_session_;
    dictionary_changed_ = false;
    describe_secrets();
  }

  bool colour() const { return colour_wanted(context_.interactive()); }

  /// The gallows (a piece per miss), then the word by positions, in rows of kPositionsPerRow,
  /// found letters in the hit colour, then lives, points and candidates.
  void print_state(const hangman::View& view) {
    out() << '\n';
    const int misses = hangman::kLives - view.lives;
    for (const std::string& line : gallows_lines(gallows_pieces(misses, hangman::kLives))) {
      if (!line.empty()) out() << "   " << paint(line, Tone::kMiss, colour() && misses > 0);
      out() << '\n';
    }
    for (std::size_t row = 0; row < view.length; row += kPositionsPerRow) {
      std::string numbers = "   ";
      std::string letters = "   ";
      for (std::size_t p = row; p < view.length && p < row + kPositionsPerRow; ++p) {
        numbers += fmt::format("{:>3}", p + 1);
        const Letter l = view.revealed[p];
        letters += l == kNoLetter
                       ? std::string("  _")
                       : "  " + paint(std::string(1, alphabet().upper(l)), Tone::kHit, colour());
      }
      out() << numbers << '\n' << letters << '\n';
    }
    out() << fmt::format("Lives: {}   Points: {}   Candidates: {}\n", view.lives, view.points,
                         view.candidates);
    if (view.mode != hangman::Mode::kEasy) return;
    out() << "Letters by probability:\n";
    for (std::size_t p = 0; p < view.odds.size(); ++p) {
      const std::vector<hangman::LetterOdds>& ranked = view.odds[p];
      if (ranked.empty()) continue;
      std::string line = fmt::format("  {:>2}:", p + 1);
      for (std::size_t i = 0; i < ranked.size() && i < kShownLetters; ++i) {
        line += fmt::format(" {} {:<5}", alphabet().upper(ranked[i].letter),
                            percent(ranked[i].count, view.candidates));
      }
      if (ranked.size() > kShownLetters) {
        line += fmt::format(" (+{} more)", ranked.size() - kShownLetters);
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out() << line << '\n';
    }
  }

  void help() {
    out() << "Type a position and a letter, such as '3 E', to guess that letter there.\n"
             "A hit scores by how likely the letter was (5, 10, 15 or 30 points);\n"
             "a miss costs a life and 15 points.\n"
             "Also: 'hint' for the advisor's suggestions, 'give up' to end the game, 'help'.\n";
  }

  void say_no_position(std::size_t position, std::size_t length) {
    out() << fmt::format("There is no position {}: positions are 1 to {}.\n", position, length);
  }

  /// Prints what the session answered. True when the position shown has changed (a guess was
  /// played), so that the state is drawn again.
  bool render(const std::vector<hangman::Event>& events) {
    bool changed = false;
    for (const hangman::Event& event : events) {
      if (const auto* guessed = std::get_if<hangman::Guessed>(&event)) {
        render(*guessed);
        changed = true;
      } else if (const auto* hinted = std::get_if<hangman::Hinted>(&event)) {
        render(*hinted);
      } else if (const auto* rejected = std::get_if<hangman::Rejected>(&event)) {
        render(*rejected);
      } else if (const auto* finished = std::get_if<hangman::Finished>(&event)) {
        render(*finished);
      }
    }
    return changed;
  }

  /// " (probability 25%)" after a guess in easy mode; nothing in hard mode, which hides them.
  static std::string odds(const std::optional<double>& probability) {
    return probability ? fmt::format(" (probability {})", percent_of(*probability)) : "";
  }

  void render(const hangman::Guessed& guessed) {
    const char letter = alphabet().upper(guessed.guess.letter);
    const std::size_t position = guessed.guess.position + 1;
    if (guessed.hit) {
      out() << fmt::format("{} {} at {}{}, +{} points.\n", paint("Hit:", Tone::kHit, colour()),
                           letter, position, odds(guessed.probability), guessed.points_change);
      return;
    }
    out() << fmt::format(
        "{} no {} at {}{}, {}, {} {} left.\n", paint("Miss:", Tone::kMiss, colour()), letter,
        position, odds(guessed.probability),
        guessed.points_change == 0 ? std::string("no points to lose")
                                   : fmt::format("{} points", guessed.points_change),
        guessed.lives, guessed.lives == 1 ? "life" : "lives");
  }

  void render(const hangman::Hinted& hint) {
    out() << fmt::format(
        "Hint: for points, try {} {} (probability {}): played on for points, the game\n"
        "      ends with {:.1f} points on average.\n"
        "      For the best chance to win, try {} {} (probability {}): played on to\n"
        "      win, the game is won {} of the time.\n",
        hint.points.guess.position + 1, alphabet().upper(hint.points.guess.letter),
        percent_of(hint.points.probability), hint.final_points, hint.safe.guess.position + 1,
        alphabet().upper(hint.safe.guess.letter), percent_of(hint.safe.probability),
        percent_of(hint.win_chance));
  }

  void render(const hangman::Rejected& rejected) {
    if (rejected.guess && rejected.reason == Refusal::kOutOfRange) {
      say_no_position(rejected.guess->position + 1, rejected.length);
    } else if (rejected.guess && rejected.reason == Refusal::kRepeated && rejected.revealed) {
      out() << fmt::format("Position {} is already revealed.\n", rejected.guess->position + 1);
    } else if (rejected.guess && rejected.reason == Refusal::kRepeated) {
      out() << fmt::format("You already tried {} at position {}.\n",
                           alphabet().upper(rejected.guess->letter), rejected.guess->position + 1);
    } else if (rejected.reason == Refusal::kNotAllowed) {
      out() << "Hints are off in this game.\n";
    } else {
      out() << "That cannot be played now.\n";
    }
  }

  void render(const hangman::Finished& finished) {
    const std::string word = alphabet().decode_upper(finished.word);
    const std::string guesses =
        count_of(static_cast<long long>(finished.guesses), "guess", "guesses");
    const std::string points = count_of(finished.points, "point");
    if (finished.player_won) {
      out() << fmt::format("\nYou won! The word is {}: {}, {}.\n", word, guesses, points);
    } else {
      if (!finished.gave_up) {  // the complete drawing
        out() << '\n';
        for (const std::string& line : gallows_lines(kGallowsPieces)) {
          if (!line.empty()) out() << "   " << paint(line, Tone::kMiss, colour());
          out() << '\n';
        }
      }
      out() << fmt::format("\n{} The word was {}: {}, {}.\n",
                           finished.gave_up ? "You gave up." : "You lost.", word, guesses, points);
    }
    // What the word means, at a terminal only: pipes keep their text.
    if (context_.interactive()) out() << secret_meaning(word, context_.columns());
    if (!finished.played) {  // no guess: not a game, and it must not push one out
      recorder_.forget();
      return;
    }
    recorder_.record<app::HangmanCodec>(*session_, finished);
  }

  /// Plays one game to its end (`resumed`: the one in play). False if input ended.
  bool play_game(bool resumed = false) {
    if (!resumed) start_game();
    hangman::Session& session = *session_;
    const hangman::View start = session.view(kPlayer);
    out() << fmt::format(
        "\nGame {}: a word of {} letters, {} lives.\nType a position and a letter, such as '3 E' "
        "(or hint, give up, help).\n",
        start.game, start.length, start.lives);
    bool show = true;
    while (!session.finished()) {
      if (show) print_state(session.view(kPlayer));
      show = false;
      const std::optional<std::string> line = prompt_.line("Your guess: ");
      if (!line) {
        out() << "End of input: giving up.\n";
        render(session.apply(hangman::GiveUp{}));
        return false;
      }
      const std::string answer = lower_ascii(trim(*line));
      if (answer == "hint" || answer == "?") {
        render(session.apply(hangman::Hint{}));
      } else if (answer == "help") {
        help();
      } else if (answer == "give up" || answer == "giveup") {
        render(session.apply(hangman::GiveUp{}));
      } else if (const std::optional<hangman::Guess> guess = parse_guess(answer)) {
        show = render(session.apply(*guess));
      }
      recorder_.save<app::HangmanCodec>(session);
    }
    return true;
  }

  /// True when `text` is one UTF-8 character beyond ASCII ("é", "ß", "Ω"): a letter of another
  /// alphabet, most likely, which deserves a better answer than "type a position and a letter".
  static bool one_non_ascii_character(std::string_view text) {
    if (text.empty()) return false;
    const auto lead = static_cast<unsigned char>(text[0]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || text.size() != length) return false;
    return std::all_of(text.begin() + 1, text.end(),
                       [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; });
  }

  /// "3 E", "3e", "3   e": a position from 1 and a letter; says why otherwise. Whether the
  /// position exists is the session's to say.
  std::optional<hangman::Guess> parse_guess(std::string_view answer) {
    // A position too large to read is as out of range as any past the word's end.
    constexpr std::uint64_t kFarPosition = 1'000'000;
    std::size_t i = std::min(answer.find_first_not_of("0123456789"), answer.size());
    const bool digits = i > 0;
    bool too_large = false;
    const std::optional<std::uint64_t> read = parse_unsigned(answer.substr(0, i), &too_large);
    const auto position = static_cast<std::size_t>(
        std::min(read.value_or(too_large ? kFarPosition : 0), kFarPosition));
    while (i < answer.size() && (answer[i] == ' ' || answer[i] == '\t')) ++i;
    const Letter letter = i + 1 == answer.size() ? alphabet().code(answer[i]) : kNoLetter;
    if (digits && one_non_ascii_character(answer.substr(i))) {
      out() << "Letters are A to Z only.\n";
      return std::nullopt;
    }
    if (!digits || letter == kNoLetter) {
      out() << "Please type a position and a letter, such as '3 E' (or hint, give up, help).\n";
      return std::nullopt;
    }
    if (position == 0) {  // positions count from 1: 0 is none of them
      say_no_position(0, session_->view(kPlayer).length);
      return std::nullopt;
    }
    return hangman::Guess{position - 1, letter};
  }

  /// The menu between games. False when the player quits or input ends.
  bool menu() {
    for (;;) {
      out() << "\nMenu:\n  1. New game\n  2. Choose a dictionary\n  3. Create a dictionary from "
               "a text file or Open Library\n  4. Dictionary statistics\n  5. Last 5 games\n  6. "
               "Quit\n";
      const std::optional<std::int64_t> choice = prompt_.integer("Choice [1-6]: ", 1, 6);
      if (!choice || *choice == 6) return false;
      switch (*choice) {
        case 1:
          return true;
        case 2:
          if (!choose_dictionary()) return false;
          break;
        case 3:
          if (!create_dictionary()) return false;
          break;
        case 4:
          out() << '\n';
          print_stats(out(), dictionary_.name, *dictionary_.dictionary);
          break;
        case 5: {
          out() << '\n';
          app::GameStore* games = context_.game_store();
          if (games == nullptr) {
            out() << "No games are kept: the database cannot be opened.\n";
          } else {
            print_history(out(), last_games(*games, context_.player_name()));
          }
          break;
        }
        default:
          break;
      }
    }
  }

  void use(NamedDictionary dictionary) {
    dictionary_ = std::move(dictionary);
    dictionary_changed_ = true;
    describe_dictionary();
  }

  /// False if input ended.
  bool choose_dictionary() {
    const std::vector<std::string> names = dictionary_names(store_);
    out() << "\nDictionaries:\n";
    for (std::size_t i = 0; i < names.size(); ++i) {
      out() << fmt::format("  {}. {}{}\n", i + 1, names[i],
                           i == 0 ? " (the words of 6+ letters of the lexicon)" : "");
    }
    const std::optional<std::int64_t> choice =
        prompt_.integer(fmt::format("Dictionary [1-{}]: ", names.size()), 1,
                        static_cast<std::int64_t>(names.size()));
    if (!choice) return false;
    try {
      use(find_dictionary(context_, store_, names[static_cast<std::size_t>(*choice - 1)]));
    } catch (const std::exception& error) {
      out() << "Cannot use it: " << error.what() << '\n';
    }
    return true;
  }

  /// False if input ended.
  bool create_dictionary() {
    const std::optional<std::string> name = prompt_.ask<std::string>(
        "Name for the new dictionary (empty to cancel): ",
        [](std::string_view answer, std::string& error) -> std::optional<std::string> {
          if (answer.empty() || app::valid_dictionary_name(answer)) return std::string(answer);
          error =
              "A name has 1 to 40 letters, digits, '-' or '_', starts with a letter or digit,\n"
              "and is not 'default'.";
          return std::nullopt;
        });
    if (!name) return false;
    if (name->empty()) return true;
    if (app::has_saved_dictionary(store_, *name)) {
      const std::optional<bool> replace =
          prompt_.yes_no(fmt::format("A dictionary '{}' exists. Replace it? [y/n]: ", *name));
      if (!replace) return false;
      if (!*replace) return true;
    }
    std::optional<Dictionary> made;
    const std::optional<std::string> file = prompt_.ask<std::string>(
        "Text file or Open Library work ID (empty to cancel): ",
        [&made](std::string_view answer, std::string& error) -> std::optional<std::string> {
          if (answer.empty()) return std::string();
          try {
            made = dictionary_from_source(std::string(answer));
            return std::string(answer);
          } catch (const std::exception& e) {
            error = fmt::format("Cannot use it: {}", e.what());
            return std::nullopt;
          }
        });
    if (!file) return false;
    if (file->empty() || !made) return true;
    try {
      app::save_dictionary(store_, *name, *made);
    } catch (const std::exception& error) {
      out() << "Cannot save it: " << error.what() << '\n';
      return true;
    }
    out() << fmt::format("Saved dictionary '{}'.\n", *name);
    use(named(*name, std::move(*made)));
    return true;
  }

  Context& context_;
  Store& store_;
  Prompt prompt_;
  NamedDictionary dictionary_;
  bool dictionary_changed_ = false;  ///< since the session was made
  hangman::Mode mode_;
  hangman::Secrets secrets_;
  std::uint64_t seed_;
  std::optional<hangman::Session> own_session_;  ///< the session, unless resumed
  hangman::Session* session_ = nullptr;          ///< the session played: own or resumed
  GameRecorder recorder_;
};

// --- Tools.

void add_dictionary_commands(CLI::App& hangman, Context& context) {
  CLI::App* dictionary =
      hangman.add_subcommand("dictionary", "Create, list and describe game dictionaries");
  dictionary->group("Commands");

  struct CreateOptions {
    std::string name;
    std::string file;
    std::string work;
    bool replace = false;
  };
  auto create_options = std::make_shared<CreateOptions>();
  CLI::App* create = dictionary->add_subcommand(
      "create",
      "Extract the words (6+ letters) of a text file or of an Open Library work's description, "
      "check them and save them as NAME");
  create->group("Commands");
  create->add_option("NAME", create_options->name, "Name to save it under")->required();
  CLI::Option* file =
      create->add_option("FILE", create_options->file, "Any text: a book, an article, a page");
  CLI::Option* work =
      create
          ->add_option("--open-library", create_options->work,
                       "An Open Library work ID (OL45804W): its description, fetched from "
                       "openlibrary.org (or $WG_OPENLIBRARY_URL)")
          ->type_name("ID");
  file->excludes(work);
  work->excludes(file);
  create->add_flag("--replace", create_options->replace, "Replace a dictionary of that name");
  on_run(*create, context, [&context, create_options]() -> int {
    const CreateOptions& o = *create_options;
    Store& store = context.store();
    if (!app::valid_dictionary_name(o.name)) {
      throw UsageError(fmt::format(
          "'{}' is not a valid dictionary name: 1 to 40 letters, digits, '-' or '_', starting "
          "with a letter or digit, not 'default'",
          o.name));
    }
    if (!o.replace && app::has_saved_dictionary(store, o.name)) {
      throw UsageError(
          fmt::format("a dictionary '{}' exists; add --replace to replace it", o.name));
    }
    if (o.file.empty() && o.work.empty()) {
      throw UsageError("name a text FILE or an --open-library work ID to take the words from");
    }
    if (!o.work.empty() && !app::valid_work_id(o.work)) {
      throw UsageError(app::work_id_refusal(o.work));
    }
    const Dictionary made = o.work.empty()
                                ? dictionary_from_file(o.file)
                                : app::dictionary_from_work(o.work, app::open_library_options());
    app::save_dictionary(store, o.name, made);
    if (context.options().json) {
      Json document = stats_json(o.name, made);
      document["path"] = store.word_list_location(o.name);
      print_json(context.out(), document);
    } else {
      context.out() << fmt::format("Saved dictionary '{}' ({}) to {}\n", o.name,
                                   count_of(static_cast<long long>(made.size()), "word"),
                                   store.word_list_location(o.name));
      print_stats(context.out(), o.name, made);
    }
    return kExitOk;
  });

  CLI::App* list = dictionary->add_subcommand("list", "The saved dictionaries, and 'default'");
  list->group("Commands");
  on_run(*list, context, [&context]() -> int {
    Store& store = context.store();
    Json document = Json::array();
    for (const std::string& name : dictionary_names(store)) {
      Json entry = {{"name", name}};
      std::string text;
      try {
        const NamedDictionary d = find_dictionary(context, store, name);
        entry["words"] = d.dictionary->size();
        text = fmt::format("{} ({})", name,
                           count_of(static_cast<long long>(d.dictionary->size()), "word"));
      } catch (const std::exception& error) {
        entry["error"] = error.what();
        text = fmt::format("{} (unusable: {})", name, error.what());
      }
      if (context.options().json) {
        document.push_back(std::move(entry));
      } else {
        context.out() << text << '\n';
      }
    }
    if (context.options().json) print_json(context.out(), document);
    return kExitOk;
  });

  auto stats_name = std::make_shared<std::string>(kDefaultDictionaryName);
  CLI::App* stats = dictionary->add_subcommand(
      "stats", "Words in a dictionary and the share of 6, 7-9 and 10+ letters");
  stats->group("Commands");
  stats
      ->add_option("NAME", *stats_name,
                   "A saved dictionary, 'default', a text file or an Open Library work ID")
      ->capture_default_str();
  on_run(*stats, context, [&context, stats_name]() -> int {
    Store& store = context.store();
    const NamedDictionary d = find_dictionary(context, store, *stats_name);
    if (context.options().json) {
      print_json(context.out(), stats_json(d.name, *d.dictionary));
    } else {
      print_stats(context.out(), d.name, *d.dictionary);
    }
    return kExitOk;
  });

  on_run(*dictionary, context, [dictionary, &context] {
    context.out() << dictionary->help(command_path(*dictionary->get_parent()));
    return static_cast<int>(kExitOk);
  });
}

void add_history_command(CLI::App& hangman, Context& context) {
  CLI::App* history = hangman.add_subcommand("history", "The player's last 5 games");
  history->group("Commands");
  on_run(*history, context, [&context]() -> int {
    const std::vector<PastGame> games =
        last_games(context.required_game_store(), context.player_name());
    if (context.options().json) {
      Json list = Json::array();
      for (const PastGame& g : games) {
        list.push_back({{"word", g.word},
                        {"guesses", g.guesses},
                        {"winner", g.player_won ? "you" : "host"},
                        {"points", g.points}});
      }
      print_json(context.out(), {{"games", std::move(list)}});
    } else {
      print_history(context.out(), games);
    }
    return kExitOk;
  });
}

void add_autoplay_command(CLI::App& hangman, Context& context) {
  struct AutoplayOptions {
    std::string player = "advisor";
    std::size_t games = 1000;
    std::string dictionary;
    std::uint64_t jobs = 0;  // 0: one per core
  };
  auto options = std::make_shared<AutoplayOptions>();
  CLI::App* autoplay =
      hangman.add_subcommand("autoplay", "Seeded games played by a strategy: win rate, points");
  autoplay->group("Commands");
  autoplay
      ->add_option("--player", options->player,
                   "advisor (points), safe (win chance), naive, plan-points or plan-win (the "
                   "advisor and the safe player, looking a guess ahead), plan-win-2 or "
                   "plan-points-2 (two guesses ahead)")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (const std::string_view name : hangman::strategy_names()) names.emplace_back(name);
        return names;
      }()))
      ->capture_default_str();
  add_number_option(
      *autoplay, "--games", 1, 1'000'000,
      [options](std::uint64_t n) { options->games = static_cast<std::size_t>(n); },
      "Number of games, 1 to 1,000,000 (default 1000)");
  add_number_option(
      *autoplay, "--jobs", 1, 256, [options](std::uint64_t n) { options->jobs = n; },
      "Threads; the totals are the same for any number (default: one per core)");
  autoplay
      ->add_option("--dictionary", options->dictionary,
                   "A saved dictionary, 'default', a text file or an Open Library work ID")
      ->type_name("NAME|FILE");
  on_run(*autoplay, context, [&context, options]() -> int {
    Store& store = context.store();
    const NamedDictionary d = find_dictionary(context, store, options->dictionary);
    const hangman::Strategy strategy = *hangman::parse_strategy(options->player);
    const std::uint64_t seed = context.seed();
    const hangman::AutoplaySummary s =
        hangman::autoplay(*d.dictionary, strategy, options->games, seed,
                          static_cast<int>(jobs_or_cores(options->jobs)));
    if (context.options().json) {
      print_json(context.out(), {{"player", options->player},
                                 {"games", s.games},
                                 {"seed", seed},
                                 {"dictionary", d.name},
                                 {"words", d.dictionary->size()},
                                 {"wins", s.wins},
                                 {"win_rate", s.win_rate()},
                                 {"mean_points", s.mean_points()},
                                 {"mean_guesses", s.mean_guesses()},
                                 {"misses", s.misses}});
    } else {
      std::ostream& out = context.out();
      out << "player: " << options->player << '\n';
      out << "games: " << s.games << '\n';
      out << "seed: " << seed << '\n';
      out << fmt::format("dictionary: {} ({})\n", d.name,
                         count_of(static_cast<long long>(d.dictionary->size()), "word"));
      out << "wins: " << s.wins << '\n';
      out << fmt::format("win rate: {:.4f}\n", s.win_rate());
      out << fmt::format("mean points: {:.2f}\n", s.mean_points());
      out << fmt::format("mean guesses: {:.2f}\n", s.mean_guesses());
    }
    return kExitOk;
  });
}

}  // namespace

int resume_hangman_game(Context& context, ResumedGame& game) {
  hangman::Session& session = game.typed<app::HangmanCodec>();
  const hangman::Config& config = session.config();
  const bool from_lexicon = config.words.empty();
  // The session's own dictionary, kept alive with the resumed session.
  NamedDictionary dictionary{
      from_lexicon ? std::string(app::kDefaultDictionaryName) : std::string("the saved game's"),
      std::shared_ptr<const Dictionary>(game.session, &session.dictionary()), from_lexicon};
  Terminal terminal(context, context.store(), std::move(dictionary), config.mode, config.secrets,
                    &game);
  return terminal.resume(session, game.fresh);
}

void define_hangman_command(CLI::App& command, Context& context) {
  auto options = std::make_shared<PlayOptions>();
  command
      .add_option("--dictionary", options->dictionary,
                  "A saved dictionary, 'default' (the lexicon's words of 6+ letters), a text "
                  "file or an Open Library work ID (OL45804W) to take the words from")
      ->type_name("NAME|FILE");
  command
      .add_option("--mode", options->mode, "easy shows each letter's probability; hard hides it")
      ->check(CLI::IsMember({"easy", "hard"}))
      ->capture_default_str();
  command
      .add_option("--words", options->words,
                  "common draws secret words people know (the dictionary's common words); all "
                  "draws from every word. Guesses count against every word either way")
      ->check(CLI::IsMember({"common", "all"}))
      ->capture_default_str();
  add_dictionary_commands(command, context);
  add_history_command(command, context);
  add_autoplay_command(command, context);
  // The data folder as this run would use it (--data, XDG_DATA_HOME or HOME), named when the
  // help is shown.
  command.footer([&context] {
    std::string where;
    try {
      where = (context.data_dir() / "wordgames.db").string();
    } catch (const std::exception&) {
      where = "wordgames.db in the data folder (--data DIR)";
    }
    return fmt::format(
        "Guesses are a position and a letter ('3 E'). Saved dictionaries and your games live in "
        "{} (another folder: --data DIR).",
        where);
  });
  on_play(command, context, [&context, options]() -> int {
    Store& store = context.store();
    NamedDictionary dictionary = find_dictionary(context, store, options->dictionary);
    Terminal terminal(context, store, std::move(dictionary),
                      hangman::parse_mode(options->mode).value_or(hangman::Mode::kEasy),
                      hangman::parse_secrets(options->words).value_or(hangman::Secrets::kCommon));
    return terminal.run();
  });
}

}  // namespace wg::cli
