#include "app/evil_hangman_codec.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/evil_hangman_table_jobs.h"
#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "core/alphabet.h"
#include "core/overloaded.h"
#include "core/text.h"
#include "games/evil_hangman/review.h"
#include "lexicon/common_words.h"

namespace wg::app {

namespace eh = wg::evil_hangman;

namespace {

const Alphabet& alphabet() { return Alphabet::english(); }

constexpr LetterCase kCase = LetterCase::kLower;

std::string letter_text(Letter letter) { return letter_json(letter, kCase).get<std::string>(); }

constexpr Named<eh::Status> kStatusNames[] = {{eh::Status::kIdle, "idle"},
                                              {eh::Status::kPlaying, "playing"},
                                              {eh::Status::kFinished, "finished"}};

constexpr auto kMaxLength = static_cast<std::int64_t>(eh::kMaxWordLength);

constexpr CommandShape kCommands[] = {{"new_game", {"length", "guesses", "show_remaining"}},
                                      {"guess", {"letter", "cut"}},
                                      {"give_up"},
                                      {"switch_host", {"strategy"}},
                                      {"withdraw", {"letter"}}};

Json decision_json(const eh::Guessed& guessed) {
  const eh::Decision& d = *guessed.decision;
  // The pattern before the guess: the guessed letter was nowhere yet.
  std::vector<Letter> before = guessed.pattern;
  for (Letter& l : before) {
    if (l == guessed.letter) l = kNoLetter;
  }
  Json families = Json::array();
  for (const eh::FamilyScore& s : d.scores) {
    std::vector<Letter> pattern = before;
    for (std::size_t p = 0; p < pattern.size(); ++p) {
      if ((s.positions >> p) & 1u) pattern[p] = guessed.letter;
    }
    Json family = {{"pattern", pattern_text(pattern, kCase)}, {"words", s.size}};
    if (s.forced_misses >= 0) family["forced_misses"] = s.forced_misses;
    if (s.expected_misses >= 0) family["expected_misses"] = s.expected_misses;
    families.push_back(std::move(family));
  }
  return {{"families", std::move(families)},
          {"chosen", d.family},
          {"decided_by", eh::to_string(d.decided_by)}};
}

}  // namespace

Json EvilHangmanCodec::config_schema() {
  const eh::Config defaults;
  const auto count = [](std::uint64_t value, std::uint64_t max, std::string_view description) {
    return integer_property(1, max, value, description);
  };
  const auto or_null = [](Json property) {
    property["type"] = Json::array({"integer", "null"});
    return property;
  };
  return config_schema_of(
      "Evil Hangman",
      {{"strategy",
        choice_property(names_of(eh::all_strategies()), eh::to_string(defaults.strategy),
                        "How the host picks a family of words")},
       {"depth",
        integer_property(1, eh::kMaxLookaheadDepth, defaults.depth,
                         "Host decisions the lookahead host looks at (and optimal's fallback)")},
       {"budget", count(defaults.budget.max_positions, eh::OptimalBudget::kMaxPositions,
                        "Positions the optimal host may evaluate per decision")},
       {"memo", count(defaults.budget.max_memo, eh::OptimalBudget::kMaxMemo,
                      "Positions the optimal host may remember")},
       {"work", count(defaults.budget.max_work, eh::OptimalBudget::kMaxWork,
                      "Steps of work the optimal host may take per decision")},
       {"explain",
        boolean_property(defaults.explain, "Guessed events carry the host's families and reasons")},
       {"length", or_null(integer_property(
                      1, kMaxLength, nullptr,
                      "Every game's word length (a length with words); null: each new_game "
                      "gives it"))},
       {"guesses",
        or_null(integer_property(1, nullptr, nullptr,
                                 "Every game's misses allowed; null: each new_game gives it"))},
       {"show_remaining",
        boolean_property(defaults.show_remaining,
                         "Show how many words the host still holds (unless new_game says)")},
       {"secrets",
        choice_property(names_of(all_secrets()), to_string(defaults.secrets),
                        "common: the word the host names at the end is one people know whenever "
                        "it can be (and the fair host's word); all: any word of the lexicon")}});
}

eh::Config EvilHangmanCodec::config_from_json(const Json& json) {
  const Fields fields(json, Source::kConfig,
                      {"strategy", "depth", "budget", "memo", "work", "explain", "length",
                       "guesses", "show_remaining", "secrets"});
  eh::Config config;
  config.strategy = fields.choice("strategy", eh::all_strategies(), config.strategy);
  config.depth = fields.integer("depth", config.depth, 1);
  config.budget.max_positions =
      fields.integer("budget", config.budget.max_positions, std::uint64_t{1});
  config.budget.max_memo = fields.integer("memo", config.budget.max_memo, std::uint64_t{1});
  config.budget.max_work = fields.integer("work", config.budget.max_work, std::uint64_t{1});
  config.explain = fields.boolean("explain", config.explain);
  config.length = fields.optional_integer<std::int64_t>("length", 1, kMaxLength);
  config.guesses = fields.optional_integer<std::int64_t>("guesses", 1);
  config.show_remaining = fields.boolean("show_remaining", config.show_remaining);
  config.secrets = fields.choice("secrets", all_secrets(), config.secrets);
  config.validate();
  return config;
}

Json EvilHangmanCodec::config_to_json(const eh::Config& config) {
  return {{"strategy", eh::to_string(config.strategy)},
          {"depth", config.depth},
          {"budget", config.budget.max_positions},
          {"memo", config.budget.max_memo},
          {"work", config.budget.max_work},
          {"explain", config.explain},
          {"length", config.length ? Json(*config.length) : Json(nullptr)},
          {"guesses", config.guesses ? Json(*config.guesses) : Json(nullptr)},
          {"show_remaining", config.show_remaining},
          {"secrets", to_string(config.secrets)}};
}

eh::Session::Command EvilHangmanCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  if (name == "new_game") {
    return eh::NewGame{fields.optional_integer<std::int64_t>("length"),
                       fields.optional_integer<std::int64_t>("guesses"),
                       fields.optional_boolean("show_remaining")};
  }
  if (name == "guess") {
    return eh::Guess{letter_field(fields, "letter"), fields.optional_integer<std::uint64_t>("cut")};
  }
  if (name == "switch_host") {
    return eh::SwitchHost{fields.choice("strategy", eh::all_strategies(), eh::Strategy::kLargest)};
  }
  if (name == "withdraw") return eh::Withdraw{letter_field(fields, "letter")};
  return eh::GiveUp{};
}

Json EvilHangmanCodec::command_to_json(const eh::Session::Command& command) {
  return std::visit(
      Overloaded{[](const eh::NewGame& c) {
                   Json json = {{"command", "new_game"}};
                   if (c.length) json["length"] = *c.length;
                   if (c.guesses) json["guesses"] = *c.guesses;
                   if (c.show_remaining) json["show_remaining"] = *c.show_remaining;
                   return json;
                 },
                 [](const eh::Guess& c) {
                   Json json = {{"command", "guess"}, {"letter", letter_text(c.letter)}};
                   if (c.cut) json["cut"] = *c.cut;
                   return json;
                 },
                 [](const eh::GiveUp&) {
                   return Json{{"command", "give_up"}};
                 },
                 [](const eh::SwitchHost& c) {
                   return Json{{"command", "switch_host"}, {"strategy", eh::to_string(c.strategy)}};
                 },
                 [](const eh::Withdraw& c) {
                   return Json{{"command", "withdraw"}, {"letter", letter_text(c.letter)}};
                 }},
      command);
}

Json EvilHangmanCodec::event_to_json(const eh::Session::Event& event) {
  return std::visit(
      Overloaded{[](const eh::GameStarted& e) {
                   Json json = {{"event", "game_started"},
                                {"game", e.game},
                                {"length", e.length},
                                {"guesses", e.guesses},
                                {"show_remaining", e.show_remaining}};
                   if (e.words) json["words"] = *e.words;
                   return json;
                 },
                 [](const eh::Guessed& e) {
                   Json json = {{"event", "guessed"},
                                {"letter", letter_text(e.letter)},
                                {"hit", e.hit},
                                {"revealed", e.revealed},
                                {"pattern", pattern_text(e.pattern, kCase)},
                                {"guesses_left", e.guesses_left}};
                   if (e.words) json["words"] = *e.words;
                   json["fell_back"] = e.fell_back;
                   if (e.cut) json["cut"] = *e.cut;
                   if (e.decision) json["decision"] = decision_json(e);
                   return json;
                 },
                 [](const eh::Withdrawn& e) {
                   return Json{{"event", "withdrawn"}, {"letter", letter_text(e.letter)}};
                 },
                 [](const eh::HostSwitched& e) {
                   return Json{{"event", "host_switched"}, {"strategy", eh::to_string(e.strategy)}};
                 },
                 [](const eh::Rejected& e) {
                   Json json = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
                   if (e.letter < alphabet().size()) json["letter"] = letter_text(e.letter);
                   json["detail"] = e.detail;
                   return json;
                 },
                 [](const eh::Finished& e) {
                   return Json{{"event", "finished"},
                               {"game", e.game},
                               {"won", e.won},
                               {"gave_up", e.gave_up},
                               {"length", e.length},
                               {"guesses", e.guesses},
                               {"misses", e.misses},
                               {"word", word_text(e.word, kCase)},
                               {"letters", letters_json(e.letters, kCase)},
                               {"show_remaining", e.show_remaining},
                               {"par", {{"misses", e.par.misses}, {"exact", e.par.exact}}}};
                 }},
      event);
}

Json EvilHangmanCodec::view_to_json(const eh::Session::View& view) {
  Json json = {{"status", name_of(kStatusNames, view.status)},
               {"game", view.game},
               {"length", view.length},
               {"guesses", view.guesses},
               {"guesses_left", view.guesses_left},
               {"pattern", pattern_text(view.pattern, kCase)},
               {"letters", letters_json(view.letters, kCase)},
               {"show_remaining", view.show_remaining},
               {"host", eh::to_string(view.host)}};
  if (view.words_remaining) json["words_remaining"] = *view.words_remaining;
  if (view.won) json["won"] = *view.won;
  if (view.word) json["word"] = word_text(*view.word, kCase);
  return json;
}

std::optional<std::vector<GamePlayer>> EvilHangmanCodec::players_of(const Finished& finished,
                                                                    std::string_view person, Seat) {
  return std::vector<GamePlayer>{{std::string(person), finished.won ? 1 : 0, finished.won}};
}

Json EvilHangmanCodec::details_of(const Session&, const Finished& finished) {
  return {{"length", finished.length}, {"misses", finished.misses}, {"won", finished.won}};
}

namespace {

/// Each guess a hit (a green circle, "+") or a miss (a cross, "x"), in the order played: which
/// letters, and the word, stay untold.
ShareText evil_hangman_share(const FinishedGame& game, Seat) {
  const Json& result = game.result;
  const std::string word = result.value("word", std::string());
  std::string emoji;
  std::string text;
  for (const Json& letter : result.value("letters", Json::array())) {
    const std::string guessed = letter.is_string() ? letter.get<std::string>() : std::string();
    const bool hit = !guessed.empty() && word.find(guessed) != std::string::npos;
    emoji += hit ? "\U0001F7E2" : "\u274C";
    text += hit ? '+' : 'x';
  }
  ShareText share;
  share.game = result.value("game", 0LL);
  const int misses = result.value("misses", 0);
  const int limit = result.value("guesses", 0);
  const std::string of_limit = limit > 0 ? fmt::format(" of {}", limit) : std::string();
  share.result = fmt::format("{}, {}{}",
                             result.value("won", false)       ? "won"
                             : result.value("gave_up", false) ? "gave up"
                                                              : "lost",
                             count_of(misses, "miss", "misses"), of_limit);
  // The par (what the optimal host forces from the start), in records that carry it.
  if (const auto par = result.find("par"); par != result.end() && par->is_object()) {
    const int forced = par->value("misses", 0);
    share.result += limit > 0 && forced >= limit ? " (the optimal host beats every guesser)"
                    : par->value("exact", false)
                        ? fmt::format(" (the optimal host forces {})", forced)
                        : fmt::format(" (the optimal host forces at least {})", forced);
  }
  share.headline = fmt::format("Evil Hangman, {} letters, {} host: {}", result.value("length", 0),
                               game.config.value("strategy", std::string("largest")), share.result);
  // The length and the guesses are the new game's (its command may choose them).
  share.config = game.config;
  if (share.config.is_object()) {
    share.config["length"] = result.value("length", 0);
    share.config["guesses"] = limit;
  }
  if (!text.empty()) {
    share.grid = {emoji};
    share.text_grid = {text};
    share.legend = "+: a letter in the word, x: a miss";
  }
  return share;
}

std::string upper(Letter letter) { return std::string(1, alphabet().upper(letter)); }

std::string pattern_upper(std::span<const Letter> pattern) {
  return pattern_text(pattern, LetterCase::kUpper);
}

/// The game a record holds, as its commands played it, with the word it ended on. Throws
/// ConfigError for a record this program or lexicon cannot replay.
struct RecordedGame {
  eh::PlayedGame played;
  std::vector<Letter> word;
};

RecordedGame recorded_game(const FinishedGame& record, const Lexicon& lexicon) {
  const eh::Config config = EvilHangmanCodec::config_from_json(record.config);
  std::vector<eh::Command> commands;
  try {
    for (const Json& command : record.commands) {
      commands.push_back(EvilHangmanCodec::command_from_json(command));
    }
  } catch (const CodecError& e) {
    throw ConfigError("commands", std::string("a command of the game cannot be read: ") + e.what());
  }
  const Json& result = record.result;
  const int index = result.is_object() ? result.value("game", 0) : 0;
  std::optional<eh::PlayedGame> played = eh::played_game(config, commands, index);
  if (!played) throw ConfigError("commands", fmt::format("the record holds no game {}", index));
  if (!eh::has_words_of_length(lexicon, played->length)) {
    throw ConfigError("length", eh::no_words_of_length(lexicon, played->length));
  }
  const std::string text =
      result.is_object() && result.contains("word") && result["word"].is_string()
          ? result["word"].get<std::string>()
          : std::string();
  std::optional<std::vector<Letter>> word = alphabet().encode(text);
  if (!word || word->size() != static_cast<std::size_t>(played->length)) {
    throw ConfigError("word", "the record's word '" + text + "' is not a word of the game");
  }
  // Another word of the list would make another game of the same letters (the host could have
  // kept other families): the record's misses must be this word's.
  const auto misses = std::count_if(played->letters.begin(), played->letters.end(), [&](Letter l) {
    return std::find(word->begin(), word->end(), l) == word->end();
  });
  if (result.contains("misses") && result["misses"] != misses) {
    throw ConfigError("word", "the record's word '" + text + "' does not fit its misses");
  }
  return {std::move(*played), std::move(*word)};
}

/// "8 of 8 misses left" style position text: the pattern, the words held, the misses left.
std::string position_text(std::span<const Letter> pattern, std::uint32_t words, int misses_left) {
  return fmt::format("{}, {}, {} left", pattern_upper(pattern), count_of(words, "word"),
                     count_of(misses_left, "miss", "misses"));
}

std::string misses_text(double misses) {
  return std::abs(misses - std::round(misses)) < 1e-9
             ? count_of(static_cast<long long>(std::round(misses)), "miss", "misses")
             : fmt::format("{:.1f} misses", misses);
}

/// The review (app/review.h) of a game of Evil Hangman: each guess against the guess after which
/// an optimal host forces fewest misses (eh::review).
GameReview evil_hangman_review(const FinishedGame& record, Seat,
                               std::shared_ptr<const Lexicon> lexicon, const Work& work) {
  if (!lexicon) throw ConfigError("lexicon", "a review needs the lexicon the game was played on");
  const RecordedGame game = recorded_game(record, *lexicon);
  const eh::WordSet words =
      eh::WordSet::of_length(*lexicon, static_cast<std::size_t>(game.played.length));
  const eh::ReviewBudget budget;
  eh::Review review;
  try {
    review = eh::review(words, game.played, game.word, budget, work);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw ConfigError("word", e.what());
  }
  if (review.stopped) throw ReviewStopped{};

  GameReview out;
  out.unit = "misses";
  Json kept = Json::array();
  std::vector<std::string> kept_lines;
  double exact_loss = 0;
  for (std::size_t k = 0; k < review.guesses.size(); ++k) {
    const eh::GuessReview& g = review.guesses[k];
    ReviewedMove move;
    move.label = fmt::format("Guess {} ({})", k + 1,
                             position_text(g.pattern, g.words_before, g.misses_left));
    move.played =
        fmt::format("{}, {}: the host kept {} of {}", upper(g.letter), g.hit ? "a hit" : "a miss",
                    count_of(g.kept, "word"), grouped(g.words_before));
    const std::string fewest =
        g.fewest == g.letter
            ? fmt::format("Fewest kept: {} itself (its largest family {}).", upper(g.letter),
                          count_of(g.fewest_kept, "word"))
            : fmt::format("Fewest kept: {} (its largest family {}, against {} for {}).",
                          upper(g.fewest), count_of(g.fewest_kept, "word"), grouped(g.most_kept),
                          upper(g.letter));
    move.exact = g.exact;
    move.loss = g.loss;
    if (g.exact) {
      exact_loss += g.loss;
      move.best = g.best == g.letter ? move.played
                                     : fmt::format("{}: the optimal host forces {} from here",
                                                   upper(g.best), misses_text(*g.forced));
      const std::string lost =
          *g.forced >= g.misses_left ? " (it beats every guesser from here)" : std::string();
      move.note =
          fmt::format("The optimal host forces {} of the {} left from here{}; after {}, {}. {}",
                      misses_text(*g.forced), g.misses_left, lost, upper(g.letter),
                      misses_text(*g.forced_after), fewest);
    } else {
      move.best =
          g.best == g.letter ? move.played : fmt::format("{} (lookahead's choice)", upper(g.best));
      const std::string expects =
          g.best == g.letter
              ? fmt::format("{} after {}, its choice too", misses_text(g.expected_after),
                            upper(g.letter))
              : fmt::format("{} after {} and {} after {}", misses_text(g.expected_after),
                            upper(g.letter), misses_text(g.expected_best), upper(g.best));
      move.note = fmt::format(
          "Bounded: the solver proved the optimal host forces at least {} from here within its "
          "budget; lookahead (depth {}) expects {}. {}",
          misses_text(g.at_least), eh::kReviewDepth, expects, fewest);
    }
    out.moves.push_back(std::move(move));
    kept_lines.push_back(
        g.fewest == g.letter
            ? fmt::format("{}: kept {} of {} (its largest family {}, the smallest of any guess)",
                          upper(g.letter), grouped(g.kept), grouped(g.words_before),
                          grouped(g.most_kept))
            : fmt::format("{}: kept {} of {} (its largest family {}); {}'s largest family {}",
                          upper(g.letter), grouped(g.kept), grouped(g.words_before),
                          grouped(g.most_kept), upper(g.fewest), grouped(g.fewest_kept)));
    Json row = {{"letter", letter_text(g.letter)},
                {"hit", g.hit},
                {"pattern", pattern_text(g.pattern, kCase)},
                {"misses_left", g.misses_left},
                {"words", g.words_before},
                {"kept", g.kept},
                {"most_kept", g.most_kept},
                {"fewest", letter_text(g.fewest)},
                {"fewest_kept", g.fewest_kept},
                {"exact", g.exact},
                {"best", letter_text(g.best)},
                {"loss", g.loss}};
    row["forced"] = g.forced ? Json(*g.forced) : Json(nullptr);
    row["forced_after"] = g.forced_after ? Json(*g.forced_after) : Json(nullptr);
    row["forced_at_least"] = g.at_least;
    kept.push_back(std::move(row));
  }

  const Json& result = record.result;
  const bool won = result.value("won", false);
  const bool gave_up = result.value("gave_up", false);
  const int misses = result.value("misses", 0);
  const int allowed = game.played.guesses;
  // The hosts that answered, in order ("the largest host", "the optimal host, then lookahead").
  std::vector<eh::Strategy> hosts;
  for (const eh::Strategy host : game.played.hosts) {
    if (hosts.empty() || hosts.back() != host) hosts.push_back(host);
  }
  std::string against;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    against += fmt::format("{}{}", i == 0 ? " against the " : ", then ", eh::to_string(hosts[i]));
  }
  if (!hosts.empty()) against += " host";
  const std::string outcome = fmt::format("{} with {} of {} allowed{}",
                                          won       ? "Won"
                                          : gave_up ? "Gave up"
                                                    : "Lost",
                                          misses_text(misses), allowed, against);
  if (review.value) {
    out.summary = fmt::format("{}; the optimal host could force {} from the start{}.", outcome,
                              misses_text(*review.value),
                              *review.value >= allowed ? ", beating every guesser" : "");
    // The share of the misses to spare that best play keeps: none when best play loses too.
    if (*review.value < allowed) {
      const double spare = won ? allowed - misses : 0;
      out.share = std::clamp(spare / (allowed - *review.value), 0.0, 1.0);
    }
  } else {
    out.summary = fmt::format(
        "{}; the optimal host could force at least {} from the start (the review's budget proves "
        "no more).",
        outcome, misses_text(review.value_at_least));
  }
  if (exact_loss > 0) {
    out.summary += fmt::format(" Where solved exactly, your guesses let it force {} more.",
                               misses_text(exact_loss));
  }
  out.method = fmt::format(
      "Loss in misses an optimal host could force. Exact where marked: the optimal host's solver "
      "(capped at the misses left) within {} steps of work a position and {} for the review. "
      "Elsewhere bounded: lookahead's choice (depth {}, with the horizon estimate), the loss in "
      "the misses it expects.",
      budget.move_work, budget.max_work, eh::kReviewDepth);

  out.sections.push_back({"Words the host kept, and the guess that would have kept fewest",
                          std::move(kept_lines), std::move(kept)});
  std::vector<std::string> held_lines;
  Json held = Json::array();
  constexpr std::size_t kShown = 30;
  for (std::size_t i = 0; i < review.held.size(); ++i) {
    const std::string word = words.text(review.held[i]);
    if (i < kShown) held_lines.push_back(word);
    if (i < 1000) held.push_back(word);
  }
  if (review.held.size() > kShown) {
    held_lines.push_back(fmt::format("and {} more", review.held.size() - kShown));
  }
  out.sections.push_back(
      {fmt::format("Words the host still held at the end ({})", review.held.size()),
       std::move(held_lines), Json{{"count", review.held.size()}, {"words", std::move(held)}}});
  if (review.line_from >= 0) {
    const eh::GuessReview& from = review.guesses[static_cast<std::size_t>(review.line_from)];
    std::vector<std::string> lines{fmt::format(
        "From guess {} ({}), the optimal host forces {}; the optimal guesser plays:",
        review.line_from + 1, position_text(from.pattern, from.words_before, from.misses_left),
        misses_text(review.line_forced))};
    Json steps = Json::array();
    for (const eh::LineStep& step : review.line) {
      lines.push_back(fmt::format("{}: {}, {}", upper(step.letter), step.hit ? "hit" : "miss",
                                  position_text(step.pattern, step.words, step.misses_left)));
      steps.push_back({{"letter", letter_text(step.letter)},
                       {"hit", step.hit},
                       {"pattern", pattern_text(step.pattern, kCase)},
                       {"words", step.words},
                       {"misses_left", step.misses_left}});
    }
    if (!review.line_complete) lines.emplace_back("(the review's budget ends the line here)");
    out.sections.push_back({"The optimal guesser's line", std::move(lines),
                            Json{{"from", review.line_from},
                                 {"forced", review.line_forced},
                                 {"complete", review.line_complete},
                                 {"steps", std::move(steps)}}});
  }
  return out;
}

}  // namespace

GameEntry evil_hangman_game() {
  GameEntry entry{"evil_hangman",
                  "evil-hangman",
                  "Evil Hangman",
                  "Hangman against a host who keeps changing the word",
                  &EvilHangmanCodec::config_schema,
                  [](const Json& config, std::uint64_t seed,
                     std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
                    return std::make_unique<SessionAdapter<EvilHangmanCodec>>(
                        std::move(lexicon), EvilHangmanCodec::config_from_json(config), seed,
                        common_words());
                  }};
  // The optimal host may think for seconds a guess: a front end runs its commands apart.
  entry.slow = [](const Json& config) {
    return config.is_object() && config.value("strategy", "") == "optimal";
  };
  // The fair host draws its word from the seed. The others hold no word: the seed only picks
  // the word they name once the guesser has lost, which the end shows anyway.
  entry.hidden_information = [](const Json& config) {
    return EvilHangmanCodec::config_from_json(config).strategy == eh::Strategy::kFair;
  };
  entry.share = &evil_hangman_share;
  entry.review = &evil_hangman_review;
  entry.jobs = evil_hangman_table_job_kinds();
  // Where a stopped decision was cut is the session's record, for replays: never a player's.
  entry.stamps.reserved = {"cut"};
  // A withdrawal is the session's own record of a guess taken back, for replays: never a
  // player's command.
  entry.stamps.host_only = {"withdraw"};
  // While the optimal host decides, the player may give up or switch to a quicker host: the
  // decision is withdrawn, then their command is played.
  entry.withdrawing = {"give_up", "switch_host"};
  // {"by_length": [{"length", "games", "wins", "misses", "mean_misses"}]}
  entry.statistics.counters = [](const Json& details) {
    std::vector<std::pair<std::string, std::int64_t>> counters;
    add_length_counters(counters, details);
    return counters;
  };
  entry.statistics.figures = [](const Counters& counters, const Json&) {
    return Json{{"by_length", misses_by_length(counters)}};
  };
  entry.statistics.lines = [](const Json& figures) {
    return misses_by_length_lines(figures.value("by_length", Json::array()));
  };
  entry.statistics.score = kWinScore;  // players_of: 1 for a win, 0 for a loss
  entry.daily = {{{"strategy", "largest"}, {"length", 8}, {"guesses", 8}, {"explain", true}},
                 "a word of 8 letters, 8 wrong guesses, the largest-family host"};
  return entry;
}

// --- The tools' documents.

Json autoplay_to_json(const eh::AutoplayConfig& config, std::uint64_t seed,
                      const eh::AutoplayResult& result) {
  Json turns = Json::array();
  for (const eh::AutoplayTurn& turn : result.turns) {
    turns.push_back({{"letter", letter_text(turn.letter)},
                     {"hit", turn.hit},
                     {"pattern", pattern_text(turn.pattern, LetterCase::kUpper)},
                     {"words", turn.words}});
  }
  return {{"seed", seed},
          {"length", config.length},
          {"guesses", config.game_guesses()},
          {"strategy", eh::to_string(config.strategy)},
          {"depth", config.depth},
          {"guesser", eh::to_string(config.guesser)},
          {"won", result.won},
          {"misses", result.misses},
          {"word", word_text(result.word, kCase)},
          {"fell_back", result.fell_back},
          {"turns", std::move(turns)}};
}

Json table_to_json(const eh::TableResult& table, std::string_view lexicon, std::uint64_t seed) {
  Json rows = Json::array();
  for (const eh::TableRow& row : table.rows) {
    Json json = {{"length", row.length}, {"words", row.words}};
    if (row.value) {
      json["value"] = row.value->value ? Json(*row.value->value) : Json(nullptr);
      json["value_at_least"] = row.value->at_least;
      json["value_positions"] = row.value->positions;
      json["value_work"] = row.value->work;
    }
    json["results"] = Json::array();
    for (const eh::TableCell& cell : row.results) {
      Json c = {{"host", cell.host},
                {"guesser", eh::to_string(cell.guesser)},
                {"misses", cell.misses ? Json(*cell.misses) : Json(nullptr)}};
      if (cell.played) c["won"] = cell.won;
      json["results"].push_back(std::move(c));
    }
    rows.push_back(std::move(json));
  }
  return {{"lexicon", lexicon}, {"seed", seed}, {"guesses", table.guesses}, {"rows", rows}};
}

}  // namespace wg::app
