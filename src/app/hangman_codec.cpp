#include "app/hangman_codec.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "core/alphabet.h"
#include "core/text.h"
#include "games/hangman/review.h"
#include "lexicon/common_words.h"

namespace wg::app {

namespace {

using hangman::Mode;

constexpr LetterCase kCase = LetterCase::kUpper;

constexpr Mode kModeList[] = {Mode::kEasy, Mode::kHard};
constexpr std::span<const Mode> kModes = kModeList;

constexpr Named<hangman::Status> kStatusNames[] = {{hangman::Status::kPlaying, "playing"},
                                                   {hangman::Status::kFinished, "finished"}};

constexpr CommandShape kCommands[] = {
    {"new_game"}, {"guess", {"position", "letter"}}, {"hint"}, {"give_up"}};

Json letter_of(Letter letter) { return letter_json(letter, kCase); }

Json advice_json(const hangman::Advice& advice, bool with_points) {
  Json json = {{"position", advice.guess.position},
               {"letter", letter_of(advice.guess.letter)},
               {"probability", advice.probability}};
  if (with_points) json["expected_points"] = advice.expected_points;
  return json;
}

/// What a person is told about a refusal.
std::string detail(const hangman::Rejected& rejected) {
  switch (rejected.reason) {
    case Refusal::kOutOfRange:
      return fmt::format("no position {}: positions are 0 to {}",
                         rejected.guess ? rejected.guess->position : 0, rejected.length - 1);
    case Refusal::kMalformed:
      return "not a letter";
    case Refusal::kRepeated:
      return rejected.revealed ? "the position is already revealed"
                               : "that letter was already tried at that position";
    case Refusal::kNotAllowed:
      return "hints are off in this session";
    case Refusal::kWrongPhase:
      return rejected.guess ? "the game is over: start a new game"
                            : "not now: a new game once the game is over, a hint or giving up "
                              "during one";
    default:
      return std::string(to_string(rejected.reason));
  }
}

std::shared_ptr<const hangman::Dictionary> lexicon_dictionary(
    const std::shared_ptr<const Lexicon>& lexicon) {
  // One dictionary per live lexicon: building ENABLE's takes a noticeable fraction of a second.
  static std::mutex mutex;
  static std::map<const Lexicon*, std::pair<std::weak_ptr<const Lexicon>,
                                            std::shared_ptr<const hangman::Dictionary>>>
      cache;
  const std::lock_guard lock(mutex);
  std::erase_if(cache, [](const auto& entry) { return entry.second.first.expired(); });
  auto& entry = cache[lexicon.get()];
  if (!entry.second) {
    entry = {lexicon, hangman::make_dictionary(lexicon.get(), hangman::Config{})};
  }
  return entry.second;
}

/// The secret pool of a shared dictionary (hangman::secret_pool), made once per dictionary and
/// choice of secrets, for the same reason.
std::shared_ptr<const std::vector<std::uint32_t>> shared_secret_pool(
    const std::shared_ptr<const hangman::Dictionary>& dictionary, hangman::Secrets secrets) {
  static std::mutex mutex;
  static std::map<std::pair<const hangman::Dictionary*, hangman::Secrets>,
                  std::pair<std::weak_ptr<const hangman::Dictionary>,
                            std::shared_ptr<const std::vector<std::uint32_t>>>>
      cache;
  const std::lock_guard lock(mutex);
  std::erase_if(cache, [](const auto& entry) { return entry.second.first.expired(); });
  auto& entry = cache[{dictionary.get(), secrets}];
  if (!entry.second) {
    entry = {dictionary, std::make_shared<const std::vector<std::uint32_t>>(
                             hangman::secret_pool(*dictionary, secrets, common_words().get()))};
  }
  return entry.second;
}

}  // namespace

Json HangmanCodec::config_schema() {
  const hangman::Config defaults;
  return config_schema_of(
      "Position Hangman",
      {{"mode", choice_property(names_of(kModes), hangman::to_string(defaults.mode),
                                "easy shows each letter's probability at each open position; hard "
                                "hides them")},
       {"secrets",
        choice_property(names_of(all_secrets()), hangman::to_string(defaults.secrets),
                        fmt::format("common: secrets are the dictionary's common words (all its "
                                    "words when fewer than {} are common); all: any word. "
                                    "Guesses are judged against every word",
                                    hangman::kMinCommonSecrets))},
       {"hints", boolean_property(defaults.hints, "whether the hint command is answered")},
       {"words",
        {{"type", "array"},
         {"items", {{"type", "string"}, {"pattern", "^[A-Za-z]{6,64}$"}}},
         {"default", Json::array()},
         {"description",
          fmt::format("the dictionary: at least {} words of {}+ letters, {} % of them with {}+ "
                      "letters; empty: the lexicon's words of {}+ letters",
                      hangman::kMinWords, hangman::kMinWordLength, hangman::kMinLongPercent,
                      hangman::kLongWordLength, hangman::kMinWordLength)}}},
       {"first_game", integer_property(0, nullptr, defaults.first_game,
                                       "the index of the session's first game, for its seed "
                                       "(game_seed(seed, k)) and its number")}});
}

hangman::Config HangmanCodec::config_from_json(const Json& json) {
  const Fields fields(json, Source::kConfig, {"mode", "secrets", "hints", "words", "first_game"});
  hangman::Config config;
  config.mode = fields.choice("mode", kModes, config.mode);
  config.secrets = fields.choice("secrets", all_secrets(), config.secrets);
  config.hints = fields.boolean("hints", config.hints);
  config.words = fields.texts("words");
  config.first_game = fields.integer("first_game", config.first_game);
  config.validate();
  return config;
}

Json HangmanCodec::config_to_json(const hangman::Config& config) {
  Json json = {{"mode", hangman::to_string(config.mode)},
               {"secrets", hangman::to_string(config.secrets)},
               {"hints", config.hints}};
  if (!config.words.empty()) json["words"] = config.words;
  if (config.first_game != 0) json["first_game"] = config.first_game;
  return json;
}

hangman::Command HangmanCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  if (name == "new_game") return hangman::NewGame{};
  if (name == "hint") return hangman::Hint{};
  if (name == "give_up") return hangman::GiveUp{};
  return hangman::Guess{fields.required_integer<std::size_t>("position"),
                        letter_field(fields, "letter")};
}

Json HangmanCodec::command_to_json(const hangman::Command& command) {
  if (const auto* guess = std::get_if<hangman::Guess>(&command)) {
    return {
        {"command", "guess"}, {"position", guess->position}, {"letter", letter_of(guess->letter)}};
  }
  if (std::holds_alternative<hangman::NewGame>(command)) return {{"command", "new_game"}};
  if (std::holds_alternative<hangman::Hint>(command)) return {{"command", "hint"}};
  return {{"command", "give_up"}};
}

Json HangmanCodec::event_to_json(const hangman::Event& event) {
  if (const auto* e = std::get_if<hangman::GameStarted>(&event)) {
    return {{"event", "game_started"},
            {"game", e->game},
            {"length", e->length},
            {"lives", e->lives},
            {"candidates", e->candidates}};
  }
  if (const auto* e = std::get_if<hangman::Guessed>(&event)) {
    Json json = {{"event", "guessed"},
                 {"position", e->guess.position},
                 {"letter", letter_of(e->guess.letter)},
                 {"hit", e->hit},
                 {"points_change", e->points_change},
                 {"points", e->points},
                 {"lives", e->lives},
                 {"candidates", e->candidates}};
    if (e->probability) json["probability"] = *e->probability;
    return json;
  }
  if (const auto* e = std::get_if<hangman::Hinted>(&event)) {
    Json for_points = advice_json(e->points, true);
    for_points["final_points"] = e->final_points;
    Json safest = advice_json(e->safe, false);
    safest["win_chance"] = e->win_chance;
    return {
        {"event", "hint"}, {"for_points", std::move(for_points)}, {"safest", std::move(safest)}};
  }
  if (const auto* e = std::get_if<hangman::Rejected>(&event)) {
    Json json = {{"event", "rejected"}, {"reason", to_string(e->reason)}, {"detail", detail(*e)}};
    if (e->guess) {
      json["position"] = e->guess->position;
      json["letter"] = letter_of(e->guess->letter);
      json["length"] = e->length;
      json["revealed"] = e->revealed;
    }
    return json;
  }
  const auto& e = std::get<hangman::Finished>(event);
  return {{"event", "finished"},  {"game", e.game},     {"word", word_text(e.word, kCase)},
          {"guesses", e.guesses}, {"misses", e.misses}, {"player_won", e.player_won},
          {"gave_up", e.gave_up}, {"points", e.points}, {"played", e.played}};
}

Json HangmanCodec::view_to_json(const hangman::View& view) {
  Json revealed = Json::array();
  for (const Letter letter : view.revealed) revealed.push_back(letter_of(letter));
  Json missed = Json::array();
  for (const LetterSet letters : view.missed) {
    Json list = Json::array();
    for (const Letter letter : letters) list.push_back(letter_of(letter));
    missed.push_back(std::move(list));
  }
  Json json = {{"status", name_of(kStatusNames, view.status)},
               {"mode", hangman::to_string(view.mode)},
               {"hints", view.hints},
               {"game", view.game},
               {"length", view.length},
               {"lives", view.lives},
               {"max_lives", hangman::kLives},
               {"points", view.points},
               {"candidates", view.candidates},
               {"guesses", view.guesses},
               {"revealed", std::move(revealed)},
               {"missed", std::move(missed)}};
  if (!view.odds.empty()) {
    // Every open position's letters, each an object of four fields: hundreds of objects in a
    // first view, so each is copied from one made once (one allocation) and filled in place,
    // rather than built from an initializer list (an array per field, then converted).
    static const Json kLetterTemplate = {
        {"letter", ""}, {"count", 0}, {"probability", 0.0}, {"points", 0}};
    Json odds = Json::array();
    auto& positions = odds.get_ref<Json::array_t&>();
    positions.reserve(view.odds.size());
    for (const auto& position : view.odds) {
      Json letters = Json::array();
      auto& items = letters.get_ref<Json::array_t&>();
      items.reserve(position.size());
      for (const hangman::LetterOdds& o : position) {
        Json& item = items.emplace_back(kLetterTemplate);
        auto field = item.begin();
        *field++ = letter_of(o.letter);
        *field++ = o.count;
        *field++ = view.candidates == 0
                       ? 0.0
                       : static_cast<double>(o.count) / static_cast<double>(view.candidates);
        // The points a hit would score: the rules' bands, so a page never applies them itself.
        *field = view.candidates == 0 ? 0 : hangman::points_for_hit(o.count, view.candidates);
      }
      positions.push_back(std::move(letters));
    }
    json["odds"] = std::move(odds);
  }
  if (view.secret) {
    json["word"] = word_text(*view.secret, kCase);
    json["won"] = view.won;
    json["gave_up"] = view.gave_up;
  }
  return json;
}

std::optional<std::vector<GamePlayer>> HangmanCodec::players_of(const Finished& finished,
                                                                std::string_view person, Seat) {
  if (!finished.played) return std::nullopt;
  return std::vector<GamePlayer>{{std::string(person), finished.points, finished.player_won}};
}

Json HangmanCodec::details_of(const Session& session, const Finished& finished) {
  return {{"length", finished.word.size()},
          {"misses", finished.misses},
          {"won", finished.player_won},
          {"points", finished.points},
          {"dictionary_words", session.config().words.size()}};
}

namespace {

/// Misses by word length (as evil hangman's), the games won on each dictionary, and the last
/// five games.
GameStatisticsRules hangman_statistics() {
  GameStatisticsRules rules;
  rules.counters = [](const Json& details) {
    std::vector<std::pair<std::string, std::int64_t>> counters;
    add_length_counters(counters, details);
    const std::optional<std::int64_t> words = detail_integer(details, "dictionary_words");
    if (!words || *words < 0 || counters.empty()) return counters;
    const std::string dictionary = fmt::format("dictionary.{}.", *words);
    counters.emplace_back(dictionary + "games", 1);
    for (const auto& [figure, key] : {std::pair{"wins", "won"}, std::pair{"points", "points"}}) {
      if (const std::optional<std::int64_t> value = detail_integer(details, key)) {
        counters.emplace_back(dictionary + figure, *value);
      }
    }
    return counters;
  };
  rules.recent_games = 5;
  // {"by_length": as evil hangman's, "dictionaries": [{"words": 0 for the lexicon's or the
  // list's size, "games", "wins", "points"}], "last_games": [{"id", "word", "guesses",
  // "misses", "won", "points", "ended_ms"}] (newest first)}
  rules.figures = [](const Counters& counters, const Json& recent) {
    Json last = Json::array();
    for (const Json& game : recent) {
      const Json result = game.value("result", Json::object());
      const auto field = [&](const char* name) {
        return result.is_object() && result.contains(name) ? result[name] : Json(nullptr);
      };
      last.push_back({{"id", game.value("id", Json())},
                      {"word", field("word")},
                      {"guesses", field("guesses")},
                      {"misses", field("misses")},
                      {"won", field("player_won")},
                      {"points", field("points")},
                      {"ended_ms", game.value("ended_ms", Json())}});
    }
    return Json{{"by_length", misses_by_length(counters)},
                {"dictionaries",
                 counter_rows(counters, "dictionary", "words", {"games", "wins", "points"})},
                {"last_games", std::move(last)}};
  };
  rules.lines = [](const Json& figures) {
    std::vector<StatisticsLine> lines =
        misses_by_length_lines(figures.value("by_length", Json::array()));
    const Json dictionaries = figures.value("dictionaries", Json::array());
    if (dictionaries.is_array() && !dictionaries.empty()) {
      StatisticsLine line{"Games won by dictionary", {}};
      for (const Json& row : dictionaries) {
        const std::int64_t words = row_integer(row, "words");
        line.figures.push_back({words == 0 ? std::string("the lexicon's words")
                                           : fmt::format("a list of {}", count_of(words, "word")),
                                row_integer(row, "wins"), "won",
                                fmt::format("of {}", count_of(row_integer(row, "games"), "game"))});
      }
      lines.push_back(std::move(line));
    }
    const Json last = figures.value("last_games", Json::array());
    if (last.is_array() && !last.empty()) {
      StatisticsLine line{"Last games, newest first", {}};
      for (const Json& game : last) {
        const Json word = game.value("word", Json());
        line.figures.push_back(
            {word.is_string() ? word.get<std::string>() : "?", game.value("points", Json()),
             "points",
             fmt::format("{}, {}", game.value("won", Json()) == true ? "found" : "not found",
                         count_of(row_integer(game, "guesses"), "guess"))});
      }
      lines.push_back(std::move(line));
    }
    return lines;
  };
  return rules;
}

/// A position for people: from 1.
std::string guess_text(const hangman::Guess& guess) {
  return fmt::format("{} at {}", Alphabet::english().decode_upper(std::span(&guess.letter, 1)),
                     guess.position + 1);
}

/// A probability or a chance in percent, to a tenth (0.0 and 100.0 only when exact).
std::string percent(double chance) {
  if (chance > 0 && chance < 0.0005) return "<0.1 %";
  if (chance < 1 && chance > 0.9995) return ">99.9 %";
  return fmt::format("{:.1f} %", chance * 100);
}

std::string points_text(double points) { return fmt::format("{:.1f} points", points); }

/// The session a record played, replayed by the review from its config and seed.
std::unique_ptr<hangman::Session> review_session(const FinishedGame& game,
                                                 const std::shared_ptr<const Lexicon>& lexicon) {
  hangman::Config config = HangmanCodec::config_from_json(game.config);
  if (!config.words.empty()) {
    return std::make_unique<hangman::Session>(lexicon, std::move(config), game.seed,
                                              common_words());
  }
  auto dictionary = lexicon_dictionary(lexicon);
  auto pool = shared_secret_pool(dictionary, config.secrets);
  return std::make_unique<hangman::Session>(std::move(dictionary), std::move(pool),
                                            std::move(config), game.seed);
}

/// A move as the review says it: the guess, how likely it was, what it did, and what the
/// points plan expects of it.
std::string move_text(const hangman::ReviewedGuess& move) {
  if (!move.guess) return fmt::format("gave up with {}", count_of(move.points_before, "point"));
  return fmt::format("{} ({} likely; {}): {} expected", guess_text(*move.guess),
                     percent(move.points.played.probability),
                     move.hit                 ? fmt::format("a hit, +{}", move.points_change)
                     : move.points_change < 0 ? fmt::format("a miss, {}", move.points_change)
                                              : std::string("a miss"),
                     points_text(move.points.played.value));
}

std::string best_text(const hangman::PlannedGuess& best) {
  return fmt::format("{} ({} likely): {} expected", guess_text(best.guess),
                     percent(best.probability), points_text(best.value));
}

/// The other objective, in one sentence: the chance to win, the player's against the best.
std::string win_note(const hangman::ReviewedGuess& move) {
  const hangman::Judgement& win = move.win;
  const std::string how = win.exact ? "exact" : "plan-win's estimate";
  if (win.loss() <= 1e-12) {
    return fmt::format("Chance to win: {}, the best there ({}).", percent(win.played.value), how);
  }
  return fmt::format("Chance to win: {} against {} with {}, {:.1f} percentage points lost ({}).",
                     percent(win.played.value), percent(win.best.value), guess_text(win.best.guess),
                     win.loss() * 100, how);
}

/// Position hangman's review (app/review.h): the record's session replayed, each guess of the
/// recorded game judged by hangman::review_game. The unit is the game's score, points: each
/// loss in expected final points; the chance to win is in each move's note.
GameReview hangman_review(const FinishedGame& game, Seat, std::shared_ptr<const Lexicon> lexicon,
                          const Work& work) {
  std::unique_ptr<hangman::Session> session = review_session(game, lexicon);
  std::vector<hangman::Command> commands;
  if (!game.commands.is_array()) throw ConfigError("commands", "not a list of commands");
  for (const Json& command : game.commands) {
    try {
      commands.push_back(HangmanCodec::command_from_json(command));
    } catch (const CodecError& error) {
      throw ConfigError("commands", error.what());
    }
  }
  std::uint64_t number = 0;
  if (const auto found = game.result.find("game");
      found != game.result.end() && found->is_number_unsigned()) {
    number = found->get<std::uint64_t>();
  }
  std::optional<hangman::Review> review;
  try {
    review = hangman::review_game(*session, commands, number, work);
  } catch (const std::invalid_argument& error) {
    throw ConfigError("commands", error.what());
  }
  if (!review) throw ReviewStopped{};

  GameReview told;
  told.unit = "expected points";
  double points_lost = 0;
  double chance_lost = 0;
  bool all_exact = true;
  Json counts = Json::array();
  std::vector<std::string> count_lines;
  for (std::size_t i = 0; i < review->guesses.size(); ++i) {
    const hangman::ReviewedGuess& move = review->guesses[i];
    ReviewedMove reviewed;
    reviewed.label = fmt::format("Guess {}", i + 1);
    reviewed.played = move_text(move);
    reviewed.loss = move.points.loss();
    reviewed.best =
        reviewed.loss <= 1e-12 && move.guess ? reviewed.played : best_text(move.points.best);
    reviewed.exact = move.points.exact;
    reviewed.note = win_note(move);
    points_lost += reviewed.loss;
    chance_lost += move.win.loss();
    all_exact = all_exact && move.points.exact;
    told.moves.push_back(std::move(reviewed));
    const std::string what =
        move.guess ? fmt::format("{}, {}", guess_text(*move.guess), move.hit ? "hit" : "miss")
                   : std::string("gave up");
    count_lines.push_back(fmt::format("Guess {} ({}): {} → {}", i + 1, what,
                                      grouped(static_cast<long long>(move.candidates_before)),
                                      grouped(static_cast<long long>(move.candidates_after))));
    counts.push_back({{"guess", i + 1},
                      {"before", move.candidates_before},
                      {"after", move.candidates_after},
                      {"hit", move.hit}});
  }

  const std::string outcome = review->won ? "Won" : review->gave_up ? "Gave up" : "Lost";
  told.summary = fmt::format("{} with {} and {}.", outcome, count_of(review->points, "point"),
                             count_of(static_cast<long long>(review->misses), "miss", "misses"));
  if (!review->guesses.empty()) {
    const hangman::ReviewedGuess& first = review->guesses.front();
    const double start = first.points.best.value;
    told.summary += fmt::format(
        " From the start the best play found expects {} and a {} chance to win; your moves "
        "gave away {:.1f} expected points and {:.1f} percentage points of that chance.",
        points_text(start), percent(first.win.best.value), points_lost, chance_lost * 100);
    if (start > 0) told.share = std::clamp(1 - points_lost / start, 0.0, 1.0);
  }
  told.method = fmt::format(
      "Each guess is judged against the best one there, each candidate word equally likely to "
      "be the secret: for points (the unit) by plan-points-2, for the chance to win by "
      "plan-win (planner.h). Exact where few words are left: the expected points from {} "
      "candidates or fewer, by a search of every guess; the chance to win from 24 or fewer, by "
      "plan-win's exact search. Elsewhere a figure is the planner's estimate (the guess, then "
      "plan-points or the safe player to the end), a lower bound of the best play{}.",
      hangman::kExactPointsCandidates, all_exact ? " (none in this game)" : "");
  const std::string word = word_text(review->secret, kCase);
  told.sections.push_back({"The secret word", {word}, Json{{"word", word}, {"won", review->won}}});
  if (!count_lines.empty()) {
    count_lines.insert(
        count_lines.begin(),
        fmt::format(
            "Start: {} of {} letters",
            count_of(static_cast<long long>(review->guesses.front().candidates_before), "word"),
            review->length));
    told.sections.push_back({"Words still possible", std::move(count_lines), std::move(counts)});
  }
  return told;
}

/// The points, the misses and the word's length: never the word.
ShareText hangman_share(const FinishedGame& game, Seat) {
  const Json& result = game.result;
  ShareText share;
  share.game = result.value("game", 1LL) - game.config.value("first_game", 0LL) - 1;
  share.result = fmt::format("{}, {}, {}",
                             result.value("player_won", false) ? "won"
                             : result.value("gave_up", false)  ? "gave up"
                                                               : "lost",
                             count_of(result.value("points", 0LL), "point"),
                             count_of(result.value("misses", 0LL), "miss", "misses"));
  share.headline =
      fmt::format("Position Hangman, {}, {} letters: {}", game.config.value("mode", "easy"),
                  game.details.is_object() ? game.details.value("length", 0) : 0, share.result);
  return share;
}

}  // namespace

GameEntry hangman_game() {
  GameEntry entry{"hangman",
                  "hangman",
                  "Position Hangman",
                  "Position hangman: guess a letter at a position, scored by its odds",
                  &HangmanCodec::config_schema,
                  [](const Json& config, std::uint64_t seed,
                     std::shared_ptr<const Lexicon> lexicon) -> std::unique_ptr<GameSession> {
                    hangman::Config parsed = HangmanCodec::config_from_json(config);
                    if (!parsed.words.empty()) {
                      return std::make_unique<SessionAdapter<HangmanCodec>>(
                          std::move(lexicon), std::move(parsed), seed, common_words());
                    }
                    auto dictionary = lexicon_dictionary(lexicon);
                    auto pool = shared_secret_pool(dictionary, parsed.secrets);
                    return std::make_unique<SessionAdapter<HangmanCodec>>(
                        std::move(dictionary), std::move(pool), std::move(parsed), seed);
                  }};
  // The seed draws the secret word of every game.
  entry.hidden_information = [](const Json&) { return true; };
  entry.share = &hangman_share;
  entry.review = &hangman_review;
  entry.statistics = hangman_statistics();
  entry.daily = {{{"mode", "easy"}, {"secrets", "common"}, {"hints", true}},
                 "easy mode, a common word, hints allowed"};
  return entry;
}

}  // namespace wg::app
