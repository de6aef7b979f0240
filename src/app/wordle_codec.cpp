#include "app/wordle_codec.h"

#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "core/alphabet.h"
#include "core/overloaded.h"
#include "core/text.h"
#include "lexicon/common_words.h"

namespace wg::app {

namespace wd = wg::wordle;

namespace {

const Alphabet& alphabet() { return Alphabet::english(); }

constexpr LetterCase kCase = LetterCase::kLower;

constexpr Named<wd::Status> kStatusNames[] = {{wd::Status::kPlaying, "playing"},
                                              {wd::Status::kFinished, "finished"}};

constexpr Named<wd::LetterState> kLetterStateNames[] = {{wd::LetterState::kUnknown, "unknown"},
                                                        {wd::LetterState::kAbsent, "absent"},
                                                        {wd::LetterState::kPresent, "present"},
                                                        {wd::LetterState::kPlaced, "placed"}};

constexpr CommandShape kCommands[] = {
    {"new_game"}, {"guess", {"word", "unanalysed"}}, {"hint"}, {"give_up", {"unanalysed"}}};

Json optional_int(const std::optional<int>& value) { return value ? Json(*value) : Json(nullptr); }

Json rows_json(const std::vector<wd::Row>& rows) {
  Json json = Json::array();
  for (const wd::Row& row : rows) {
    json.push_back({{"word", word_text(row.word, kCase)},
                    {"pattern", wordle_pattern_text(row.pattern, row.word.size())}});
  }
  return json;
}

}  // namespace

std::string wordle_pattern_text(wd::Pattern pattern, std::size_t length) {
  std::string text;
  for (wd::Mark m : wd::marks_of(pattern, length)) {
    text += m == wd::Mark::kGreen ? 'g' : m == wd::Mark::kYellow ? 'y' : '.';
  }
  return text;
}

Json WordleCodec::config_schema() {
  const wd::Config defaults;
  Json guesses = integer_property(0, wd::kMaxGuesses, nullptr,
                                  "Guesses allowed before the game is lost; 0: no limit; null: "
                                  "the host's (6 for fair, no limit for the others)");
  guesses["type"] = Json::array({"integer", "null"});
  return config_schema_of(
      "Adversarial Wordle",
      {{"length", integer_property(wd::kMinLength, wd::kMaxLength, defaults.length,
                                   "Word length (a length with words)")},
       {"host", choice_property(names_of(wd::all_hosts()), wd::to_string(defaults.host),
                                "largest: keeps the largest family of answers (Absurdle); "
                                "lookahead: the family the best next guess splits worst; fair: "
                                "a word chosen at the start (plain Wordle)")},
       {"guesses", std::move(guesses)},
       {"hard", boolean_property(defaults.hard,
                                 "Hard mode: greens stay in place and revealed letters must be "
                                 "used")},
       {"show_remaining",
        boolean_property(defaults.show_remaining, "Show how many answers are still possible")},
       {"secrets",
        choice_property(names_of(all_secrets()), to_string(defaults.secrets),
                        "common: the answers are common words; all: any word of the lexicon")},
       {"exact_answers",
        integer_property(0, wd::kMaxExactAnswers, defaults.exact.max_answers,
                         "The most answers left for which the fewest guesses possible is "
                         "searched exactly")},
       {"exact_work",
        integer_property(1, std::numeric_limits<std::uint64_t>::max(), defaults.exact.max_work,
                         "Steps of work the exact search may take")},
       {"lookahead_families",
        integer_property(1, 243, defaults.lookahead.families,
                         "Families the lookahead host weighs, largest first")}});
}

wd::Config WordleCodec::config_from_json(const Json& json) {
  const Fields fields(json, Source::kConfig,
                      {"length", "host", "guesses", "hard", "show_remaining", "secrets",
                       "exact_answers", "exact_work", "lookahead_families"});
  wd::Config config;
  config.length = fields.integer("length", config.length, wd::kMinLength, wd::kMaxLength);
  config.host = fields.choice("host", wd::all_hosts(), config.host);
  config.guesses = fields.optional_integer<int>("guesses", 0, wd::kMaxGuesses);
  config.hard = fields.boolean("hard", config.hard);
  config.show_remaining = fields.boolean("show_remaining", config.show_remaining);
  config.secrets = fields.choice("secrets", all_secrets(), config.secrets);
  config.exact.max_answers = fields.integer("exact_answers", config.exact.max_answers,
                                            std::size_t{0}, wd::kMaxExactAnswers);
  config.exact.max_work = fields.integer("exact_work", config.exact.max_work, std::uint64_t{1});
  config.lookahead.families = fields.integer("lookahead_families", config.lookahead.families,
                                             std::size_t{1}, std::size_t{243});
  config.validate();
  return config;
}

Json WordleCodec::config_to_json(const wd::Config& config) {
  return {{"length", config.length},
          {"host", wd::to_string(config.host)},
          {"guesses", optional_int(config.guesses)},
          {"hard", config.hard},
          {"show_remaining", config.show_remaining},
          {"secrets", to_string(config.secrets)},
          {"exact_answers", config.exact.max_answers},
          {"exact_work", config.exact.max_work},
          {"lookahead_families", config.lookahead.families}};
}

wd::Session::Command WordleCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  if (name == "new_game") return wd::NewGame{};
  if (name == "guess") {
    return wd::Guess{word_field(fields, "word"), fields.boolean("unanalysed", false)};
  }
  if (name == "hint") return wd::Hint{};
  return wd::GiveUp{fields.boolean("unanalysed", false)};
}

Json WordleCodec::command_to_json(const wd::Session::Command& command) {
  return std::visit(
      Overloaded{[](const wd::NewGame&) {
                   return Json{{"command", "new_game"}};
                 },
                 [](const wd::Guess& c) {
                   Json json = {{"command", "guess"}, {"word", word_text(c.word, kCase)}};
                   if (c.unanalysed) json["unanalysed"] = true;
                   return json;
                 },
                 [](const wd::Hint&) {
                   return Json{{"command", "hint"}};
                 },
                 [](const wd::GiveUp& c) {
                   Json json = {{"command", "give_up"}};
                   if (c.unanalysed) json["unanalysed"] = true;
                   return json;
                 }},
      command);
}

Json WordleCodec::event_to_json(const wd::Session::Event& event) {
  return std::visit(
      Overloaded{[](const wd::GameStarted& e) {
                   Json json = {{"event", "game_started"}, {"game", e.game},
                                {"length", e.length},      {"host", wd::to_string(e.host)},
                                {"hard", e.hard},          {"guesses", e.guess_limit}};
                   if (e.remaining) json["remaining"] = *e.remaining;
                   return json;
                 },
                 [](const wd::Guessed& e) {
                   Json json = {{"event", "guessed"},
                                {"word", word_text(e.word, kCase)},
                                {"pattern", wordle_pattern_text(e.pattern, e.word.size())},
                                {"code", e.pattern},
                                {"guesses", e.guesses}};
                   if (e.guesses_left) json["guesses_left"] = *e.guesses_left;
                   if (e.remaining) json["remaining"] = *e.remaining;
                   return json;
                 },
                 [](const wd::Hinted& e) {
                   return Json{{"event", "hinted"}, {"word", word_text(e.word, kCase)}};
                 },
                 [](const wd::Rejected& e) {
                   Json json = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
                   const bool letters = !e.word.empty() &&
                                        std::all_of(e.word.begin(), e.word.end(),
                                                    [](Letter l) { return l < alphabet().size(); });
                   if (letters) json["word"] = word_text(e.word, kCase);
                   json["detail"] = e.detail;
                   if (e.problem) {
                     Json problem = {{"letter", letter_json(e.problem->letter, kCase)},
                                     {"count", e.problem->count}};
                     if (e.problem->position >= 0) problem["position"] = e.problem->position;
                     json["problem"] = std::move(problem);
                   }
                   return json;
                 },
                 [](const wd::Finished& e) {
                   return Json{{"event", "finished"},
                               {"game", e.game},
                               {"won", e.won},
                               {"gave_up", e.gave_up},
                               {"length", e.length},
                               {"host", wd::to_string(e.host)},
                               {"hard", e.hard},
                               {"guesses", e.guess_limit},
                               {"rows", rows_json(e.rows)},
                               {"word", word_text(e.word, kCase)},
                               {"best_possible", optional_int(e.best_possible)},
                               {"best_from", optional_int(e.best_from)}};
                 }},
      event);
}

Json WordleCodec::view_to_json(const wd::Session::View& view) {
  Json keyboard = Json::object();
  for (std::size_t l = 0; l < view.keyboard.size(); ++l) {
    keyboard[std::string(1, alphabet().lower(static_cast<Letter>(l)))] =
        name_of(kLetterStateNames, view.keyboard[l]);
  }
  Json json = {{"status", name_of(kStatusNames, view.status)},
               {"game", view.game},
               {"length", view.length},
               {"host", wd::to_string(view.host)},
               {"hard", view.hard},
               {"guesses", view.guess_limit},
               {"rows", rows_json(view.rows)},
               {"keyboard", std::move(keyboard)}};
  if (view.remaining) json["remaining"] = *view.remaining;
  if (view.won) json["won"] = *view.won;
  if (view.word) json["word"] = word_text(*view.word, kCase);
  if (view.status == wd::Status::kFinished) {
    json["best_possible"] = optional_int(view.best_possible);
    json["best_from"] = optional_int(view.best_from);
  }
  return json;
}

std::optional<std::vector<GamePlayer>> WordleCodec::players_of(const Finished& finished,
                                                               std::string_view person, Seat) {
  return std::vector<GamePlayer>{{std::string(person), finished.won ? 1 : 0, finished.won}};
}

Json WordleCodec::details_of(const Session&, const Finished& finished) {
  return {{"length", finished.length},
          {"won", finished.won},
          {"guesses", static_cast<int>(finished.rows.size())},
          {"host", wd::to_string(finished.host)},
          {"hard", finished.hard},
          {"best_possible", optional_int(finished.best_possible)}};
}

namespace {

/// "length.N.games", ".wins", ".guesses" (the guesses of the games won) and "won_in.K.wins".
std::vector<std::pair<std::string, std::int64_t>> wordle_counters(const Json& details) {
  std::vector<std::pair<std::string, std::int64_t>> counters;
  const std::optional<std::int64_t> length = detail_integer(details, "length");
  if (!length || *length < wd::kMinLength || *length > wd::kMaxLength) return counters;
  const std::string prefix = fmt::format("length.{}.", *length);
  counters.emplace_back(prefix + "games", 1);
  const bool won = detail_integer(details, "won").value_or(0) != 0;
  const std::optional<std::int64_t> guesses = detail_integer(details, "guesses");
  if (won && guesses && *guesses >= 1 && *guesses <= wd::kMaxGuesses) {
    counters.emplace_back(prefix + "wins", 1);
    counters.emplace_back(prefix + "guesses", *guesses);
    counters.emplace_back(fmt::format("won_in.{}.wins", *guesses), 1);
  }
  return counters;
}

Json wordle_figures(const Counters& counters, const Json&) {
  Json by_length = counter_rows(counters, "length", "length", {"games", "wins", "guesses"});
  for (Json& row : by_length) {
    row["mean_guesses"] = share_of(row_integer(row, "guesses"), row_integer(row, "wins"));
  }
  return {{"by_length", std::move(by_length)},
          {"distribution", counter_rows(counters, "won_in", "guesses", {"wins"})}};
}

std::vector<StatisticsLine> wordle_lines(const Json& figures) {
  std::vector<StatisticsLine> lines;
  const Json by_length = figures.value("by_length", Json::array());
  if (by_length.is_array() && !by_length.empty()) {
    StatisticsLine line{"Guesses to win by word length", {}};
    for (const Json& row : by_length) {
      line.figures.push_back({fmt::format("{} letters", row_integer(row, "length")),
                              row.value("mean_guesses", Json()), "guesses",
                              fmt::format("{} of {}", count_of(row_integer(row, "wins"), "win"),
                                          count_of(row_integer(row, "games"), "game"))});
    }
    lines.push_back(std::move(line));
  }
  const Json distribution = figures.value("distribution", Json::array());
  if (distribution.is_array() && !distribution.empty()) {
    StatisticsLine line{"Wins by guesses", {}};
    for (const Json& row : distribution) {
      line.figures.push_back({fmt::format("in {}", row_integer(row, "guesses")),
                              Json(row_integer(row, "wins")), "wins", ""});
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

/// Each row's marks in emoji of three shapes: a green square (right place), a yellow circle
/// (elsewhere in the word), a dash (not in it).
std::string wordle_emoji_row(std::string_view pattern) {
  std::string row;
  for (const char mark : pattern) {
    row += mark == 'g' ? "\U0001F7E9" : mark == 'y' ? "\U0001F7E1" : "\u2796";
  }
  return row;
}

/// The rows' patterns, the number of guesses and the limit: never a word.
ShareText wordle_share(const FinishedGame& game, Seat) {
  const Json& result = game.result;
  ShareText share;
  share.game = result.value("game", 0LL);
  const Json rows = result.value("rows", Json::array());
  const int played = static_cast<int>(rows.size());
  const int limit = result.value("guesses", 0);
  const std::string limit_text = limit > 0 ? std::to_string(limit) : std::string("-");
  if (result.value("won", false)) {
    share.result = fmt::format("{}/{}", played, limit_text);
  } else if (result.value("gave_up", false)) {
    share.result = fmt::format("gave up after {}", count_of(played, "guess"));
  } else {
    share.result = fmt::format("X/{}", limit_text);
  }
  const Json best = result.value("best_possible", Json(nullptr));
  const std::string best_text =
      best.is_number_integer() ? fmt::format(" (best possible {})", best.get<int>()) : "";
  share.headline =
      fmt::format("Adversarial Wordle, {} letters, {} host{}: {}{}", result.value("length", 0),
                  result.value("host", std::string("?")),
                  result.value("hard", false) ? ", hard" : "", share.result, best_text);
  for (const Json& row : rows) {
    const std::string pattern = row.value("pattern", std::string());
    share.grid.push_back(wordle_emoji_row(pattern));
    share.text_grid.push_back(pattern);
  }
  if (!rows.empty()) share.legend = "g: right place, y: elsewhere in the word, .: not in it";
  return share;
}

}  // namespace

GameEntry wordle_game() {
  GameEntry entry{"wordle",
                  "wordle",
                  "Adversarial Wordle",
                  "Wordle against a host who never picks a word",
                  &WordleCodec::config_schema,
                  [](const Json& config, std::uint64_t seed,
                     std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
                    return std::make_unique<SessionAdapter<WordleCodec>>(
                        std::move(lexicon), WordleCodec::config_from_json(config), seed,
                        common_words());
                  }};
  // The exact search at a game's end may take a second: a front end runs the commands apart.
  entry.slow = [](const Json&) { return true; };
  // The fair host draws its word from the seed. The adversarial hosts hold no word: the seed
  // only picks the word they name when a game is lost, which the end shows anyway.
  entry.hidden_information = [](const Json& config) {
    return WordleCodec::config_from_json(config).host == wd::HostKind::kFair;
  };
  entry.share = &wordle_share;
  // Whether the search was stopped is the session's record, for replays: never a player's.
  entry.stamps.reserved = {"unanalysed"};
  entry.statistics.counters = &wordle_counters;
  entry.statistics.figures = &wordle_figures;
  entry.statistics.lines = &wordle_lines;
  entry.statistics.score = kWinScore;  // players_of: 1 for a win, 0 for a loss
  entry.daily = {{{"length", 5}, {"host", "largest"}}, "5 letters, the largest-family host"};
  return entry;
}

Json wordle_autoplay_to_json(const wd::Config& config, std::uint64_t seed,
                             const wd::Finished& result) {
  return {{"seed", seed},
          {"length", config.length},
          {"host", wd::to_string(config.host)},
          {"hard", config.hard},
          {"guess_limit", result.guess_limit},
          {"won", result.won},
          {"guesses", static_cast<int>(result.rows.size())},
          {"word", word_text(result.word, kCase)},
          {"best_possible", optional_int(result.best_possible)},
          {"best_from", optional_int(result.best_from)},
          {"rows", rows_json(result.rows)}};
}

}  // namespace wg::app
