#include "app/wordle_codec.h"

#include <algorithm>
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
#include "games/wordle/review.h"
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

std::string answers_text(std::size_t n) { return count_of(static_cast<long long>(n), "answer"); }

std::string upper_word(const wd::WordBank& words, wd::WordId id) {
  return word_text(words.word(id), LetterCase::kUpper);
}

/// A position's fewest guesses, for people: "4", or why it was not computed.
std::string fewest_text(const wd::Fewest& fewest, std::size_t answers, std::size_t most) {
  if (fewest.guesses) return std::to_string(*fewest.guesses);
  if (fewest.why == wd::Unvalued::kTooMany) {
    return fmt::format("not computed ({}, more than the exact search's {})", answers_text(answers),
                       most);
  }
  return fmt::format("not computed ({}: the review's budget of exact work ran out)",
                     answers_text(answers));
}

/// What a guess left, for people: "ALOES (215 of 4,573 answers left)".
std::string played_text(const wd::WordBank& words, const wd::GuessReview& g, wd::WordId id,
                        wd::HostKind host) {
  const std::string word = upper_word(words, id);
  if (g.left == 0) return word + " (found the word)";
  if (host == wd::HostKind::kFair && g.judged != g.left) {
    return fmt::format("{} ({} of {} left; it could have left {})", word,
                       grouped(static_cast<long long>(g.left)), answers_text(g.before),
                       grouped(static_cast<long long>(g.judged)));
  }
  return fmt::format("{} ({} of {} left)", word, grouped(static_cast<long long>(g.left)),
                     answers_text(g.before));
}

std::string best_text(const wd::WordBank& words, const wd::GuessReview& g, wd::HostKind host) {
  const std::string word = upper_word(words, g.best);
  if (g.best_left == 0) return word + " (the only answer left: it finds the word)";
  return fmt::format("{} ({} {})", word, host == wd::HostKind::kFair ? "at most" : "leaves",
                     answers_text(g.best_left));
}

/// The fewest guesses before and after a guess, and what the guess cost of them.
std::string fewest_note(const wd::GuessReview& g, std::size_t after, std::size_t most) {
  std::string note;
  const bool too_many = !g.fewest_before.guesses && g.fewest_before.why == wd::Unvalued::kTooMany &&
                        !g.fewest_after.guesses && g.fewest_after.why == wd::Unvalued::kTooMany;
  if (g.left == 0) {
    note = fmt::format("Fewest guesses to be sure of the word from here: {}.",
                       fewest_text(g.fewest_before, g.before, most));
  } else if (too_many) {
    note = fmt::format(
        "Fewest guesses to be sure of the word: not computed here or after it (more answers "
        "than the exact search's {}).",
        most);
  } else {
    const std::string later = g.fewest_after.guesses
                                  ? fmt::format("{} more", *g.fewest_after.guesses)
                                  : fewest_text(g.fewest_after, after, most);
    note = fmt::format("Fewest guesses to be sure of the word: {} from here, {} after it",
                       fewest_text(g.fewest_before, g.before, most), later);
    if (g.fewest_before.guesses && g.fewest_after.guesses) {
      const int cost = 1 + *g.fewest_after.guesses - *g.fewest_before.guesses;
      if (cost > 0) note += fmt::format(" (it cost {})", count_of(cost, "guess"));
      if (cost < 0) note += fmt::format(" (the host gave back {})", count_of(-cost, "guess"));
    }
    note += ".";
  }
  if (!g.exact) {
    note += fmt::format(
        " The best guess is the best of {} whose lookahead host's choice was simulated (a "
        "bounded search).",
        count_of(static_cast<long long>(g.simulated), "guess"));
  }
  if (g.hard && (g.fewest_before.guesses || g.fewest_after.guesses)) {
    note += " The fewest guesses ignore hard mode (in it they are a lower bound).";
  }
  return note;
}

std::string host_phrase(wd::HostKind host) {
  return host == wd::HostKind::kFair ? "the fair host"
                                     : fmt::format("the {} host", wd::to_string(host));
}

std::string review_method(const wd::Config& config, const wd::ReviewOptions& limits) {
  std::string answers;
  switch (config.host) {
    case wd::HostKind::kLargest:
      answers =
          "Answers left: exact. The largest host keeps a guess's largest family; every word of "
          "the length was weighed as the guess";
      break;
    case wd::HostKind::kFair:
      answers =
          "Answers left: exact. Against the fair host a guess is judged by the most answers it "
          "could leave (its largest family: you cannot know the word); every word of the length "
          "was weighed as the guess";
      break;
    case wd::HostKind::kLookahead:
      answers = fmt::format(
          "Answers left: the lookahead host's own choice, simulated for the guesses that could "
          "leave fewer than yours (at most {} a guess, the most promising first; on a position "
          "too large to weigh every word, among the hint's candidates): exact where every such "
          "guess was simulated, else marked as a bounded search",
          limits.lookahead_simulations);
      break;
  }
  if (config.hard) answers += " (in hard mode, every word it allows)";
  return fmt::format(
      "{}. Fewest guesses: exact where given, by the exact search (minimax over every family a "
      "host may keep, every word of the length as a guess) on positions of at most {} answers "
      "within {} steps of work for the whole review; not computed elsewhere.",
      answers, std::min(limits.exact.max_answers, wd::kMaxExactAnswers),
      grouped(static_cast<long long>(limits.exact.max_work)));
}

GameReview wordle_review(const FinishedGame& game, Seat, std::shared_ptr<const Lexicon> lexicon,
                         const Work& work) {
  const wd::Config config = WordleCodec::config_from_json(game.config);
  std::vector<wd::Command> commands;
  if (!game.commands.is_array()) throw CodecError("the record's commands are not a list");
  for (const Json& command : game.commands) {
    commands.push_back(WordleCodec::command_from_json(command));
  }
  const int index = game.result.value("game", 0);
  wd::ReviewOptions limits;
  limits.exact = config.exact;
  // The position the game's end valued is not searched again.
  const Json best = game.result.value("best_possible", Json());
  const Json from = game.result.value("best_from", Json());
  if (best.is_number_integer() && from.is_number_integer() && best.get<int>() >= from.get<int>()) {
    limits.known = wd::KnownValue{from.get<int>(), best.get<int>() - from.get<int>()};
  }
  const std::optional<wd::Review> found =
      wd::review_game(lexicon, config, game.seed, commands, index, common_words(), limits, work);
  if (!found) throw ReviewStopped{};
  const wd::Review& r = *found;
  const wd::WordBank& words = lexicon->derived<wd::WordBanks>().of_length(
      *lexicon, static_cast<std::size_t>(config.length));
  const std::size_t most = std::min(limits.exact.max_answers, wd::kMaxExactAnswers);

  GameReview review;
  review.unit = "answers";
  for (std::size_t i = 0; i < r.guesses.size(); ++i) {
    const wd::GuessReview& g = r.guesses[i];
    const wd::WordId played = *words.find(g.word);
    ReviewedMove move;
    move.label = fmt::format("Guess {}", i + 1);
    move.played = played_text(words, g, played, config.host);
    move.best = g.best_is_played ? move.played : best_text(words, g, config.host);
    move.loss = static_cast<double>(g.judged - std::min(g.judged, g.best_left));
    move.exact = g.exact;
    move.note = fewest_note(g, r.positions[i + 1].answers, most);
    review.moves.push_back(std::move(move));
  }

  const std::string word = word_text(r.finished.word, LetterCase::kUpper);
  const int played = static_cast<int>(r.finished.rows.size());
  if (r.finished.won) {
    review.summary = fmt::format("Found {} in {}", word, count_of(played, "guess"));
  } else {
    review.summary = fmt::format(
        "{} after {}; {} {}", r.finished.gave_up ? "Gave up" : "Lost", count_of(played, "guess"),
        config.host == wd::HostKind::kFair ? "the word was" : "the host named", word);
  }
  review.summary += ".";
  if (r.best_possible) {
    const std::string where =
        *r.best_from == 0   ? std::string("From the start")
        : *r.best_from == 1 ? std::string("After your first guess")
                            : fmt::format("After your first {}", count_of(*r.best_from, "guess"));
    review.summary += fmt::format(" {}, a perfect guesser was sure to win in {}.", where,
                                  count_of(*r.best_possible, "guess"));
    if (r.finished.won) {
      review.share =
          std::min(1.0, static_cast<double>(*r.best_possible) / static_cast<double>(played));
    } else {
      review.share = 0.0;
    }
  } else {
    const bool over = std::any_of(r.positions.begin(), r.positions.end(), [](const auto& at) {
      return !at.fewest.guesses && at.fewest.why == wd::Unvalued::kOverBudget;
    });
    review.summary += over ? " The fewest guesses possible were not computed (the review's budget "
                             "of exact work ran out)."
                           : fmt::format(
                                 " The fewest guesses possible were not computed (more "
                                 "answers than the exact search's {} at every position).",
                                 most);
  }
  review.method = review_method(config, limits);

  // The answers still possible at the end.
  {
    ReviewSection section{
        r.finished.won ? "The word" : "Answers still possible at the end", {}, nullptr};
    Json list = Json::array();
    constexpr std::size_t kShown = 30;
    std::string line;
    for (std::size_t k = 0; k < r.remaining.size(); ++k) {
      list.push_back(word_text(words.word(r.remaining[k]), kCase));
      if (k < kShown) line += (k == 0 ? "" : ", ") + upper_word(words, r.remaining[k]);
    }
    if (r.remaining.size() > kShown) {
      line +=
          fmt::format(" and {} more", grouped(static_cast<long long>(r.remaining.size() - kShown)));
    }
    if (r.finished.won) {
      line += " (found)";
    } else {
      line = fmt::format("{}: {}", answers_text(r.remaining.size()), line);
    }
    section.lines.push_back(std::move(line));
    section.data = {{"count", r.remaining.size()}, {"words", std::move(list)}};
    review.sections.push_back(std::move(section));
  }

  // The best line from the start.
  if (!r.line.empty()) {
    ReviewSection section{
        fmt::format("Best guesses from the start against {}{}", host_phrase(config.host),
                    config.host == wd::HostKind::kFair ? " (for its word)" : ""),
        {},
        Json::array()};
    for (std::size_t k = 0; k < r.line.size(); ++k) {
      const wd::LineStep& step = r.line[k];
      const std::string pattern = wordle_pattern_text(step.pattern, words.length());
      section.lines.push_back(
          fmt::format("{}. {} {}: {}", k + 1, upper_word(words, step.guess), pattern,
                      step.left == 0 ? std::string("found") : answers_text(step.left) + " left"));
      section.data.push_back({{"word", word_text(words.word(step.guess), kCase)},
                              {"pattern", pattern},
                              {"left", step.left}});
    }
    if (r.line.back().left != 0) {
      section.lines.push_back(
          fmt::format("(stopped after {} without finding the word)",
                      count_of(static_cast<long long>(r.line.size()), "guess")));
    }
    section.lines.push_back(
        r.line_exact
            ? "Each guess leaves the fewest answers there; fewest answers at each step is not "
              "always fewest guesses."
            : "Each guess is the best the bounded simulation of the lookahead host found.");
    review.sections.push_back(std::move(section));
  }

  // The fewest guesses from each position.
  {
    ReviewSection section{
        "Fewest guesses to be sure of the word, from each position", {}, Json::array()};
    for (std::size_t i = 0; i < r.positions.size(); ++i) {
      const wd::PositionValue& at = r.positions[i];
      if (i > 0 && r.guesses[i - 1].left == 0) break;  // the word found
      const std::string where =
          i == 0 ? std::string("At the start") : fmt::format("After guess {}", i);
      section.lines.push_back(fmt::format("{} ({}): {}", where, answers_text(at.answers),
                                          fewest_text(at.fewest, at.answers, most)));
      section.data.push_back({{"after", i},
                              {"answers", at.answers},
                              {"fewest", at.fewest.guesses ? Json(*at.fewest.guesses) : Json()}});
    }
    if (!section.lines.empty()) review.sections.push_back(std::move(section));
  }
  return review;
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
  entry.review = &wordle_review;
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
