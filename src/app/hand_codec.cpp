#include "app/hand_codec.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "core/text.h"
#include "games/hand/review.h"

#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "games/hand/solver.h"

namespace wg::app {

namespace wh = wg::hand;

namespace {

// --- Names.

constexpr Named<wh::Status> kStatusNames[] = {
    {wh::Status::kSubstitutionOffered, "substitution_offered"},
    {wh::Status::kPlaying, "playing"},
    {wh::Status::kReplayOffered, "replay_offered"},
    {wh::Status::kFinished, "finished"}};
constexpr Named<wh::PlanStatus> kPlanStatusNames[] = {{wh::PlanStatus::kSolved, "solved"},
                                                      {wh::PlanStatus::kTooLarge, "too_large"},
                                                      {wh::PlanStatus::kStopped, "stopped"}};
constexpr CommandShape kCommands[] = {{"substitute", {"letter"}},
                                      {"decline_substitution"},
                                      {"play", {"word", "stopped"}},
                                      {"end_hand", {"stopped"}},
                                      {"hint", {"stopped"}},
                                      {"replay"},
                                      {"decline_replay"},
                                      {"give_up"}};

// --- Tiles as text.

std::string letter_json(Letter letter) { return wh::tiles_text(std::span(&letter, 1)); }

/// Tiles as typed, letters and `*`; CodecError naming the field otherwise.
std::vector<Letter> tiles_field(const Fields& fields, std::string_view field) {
  const std::string text = fields.required_text(field);
  auto tiles = wh::parse_tiles(text);
  if (!tiles) fields.fail(field, fmt::format("{} must be letters and *, not \"{}\"", field, text));
  return std::move(*tiles);
}

Letter tile_field(const Fields& fields) {
  const std::vector<Letter> tiles = tiles_field(fields, "letter");
  if (tiles.size() != 1) fields.fail("letter", "letter must be one character, a letter or *");
  return tiles.front();
}

bool stopped_field(const Fields& fields) { return fields.boolean("stopped", false); }

Json record_json(const wh::HandRecord& record) {
  return {{"dealt", hand_json(record.dealt)},
          {"start", hand_json(record.start)},
          {"substituted", record.substituted},
          {"score", record.score},
          {"replay_score", record.replay_score ? Json(*record.replay_score) : Json(nullptr)},
          {"counted", record.counted()}};
}

Json records_json(const std::vector<wh::HandRecord>& records) {
  Json list = Json::array();
  for (const wh::HandRecord& record : records) list.push_back(record_json(record));
  return list;
}

/// A command with "stopped" only when set, so ordinary saved games stay short.
Json with_stopped(Json command, bool stopped) {
  if (stopped) command["stopped"] = true;
  return command;
}

// --- Events.

Json to_json(const wh::HandStarted& e) {
  return {{"event", "hand_started"},
          {"hand", e.hand},
          {"replay", e.replay},
          {"tiles", hand_json(e.tiles)}};
}
Json to_json(const wh::Substituted& e) {
  return {{"event", "substituted"},
          {"letter", letter_json(e.letter)},
          {"replacement", letter_json(e.replacement)},
          {"tiles", hand_json(e.tiles)}};
}
Json to_json(const wh::SubstitutionDeclined&) { return {{"event", "substitution_declined"}}; }
Json to_json(const wh::WordPlayed& e) {
  return {{"event", "word_played"}, {"word", wh::tiles_text(e.word)}, {"valid", e.valid},
          {"score", e.score},       {"hand_total", e.hand_total},     {"tiles", hand_json(e.tiles)},
          {"ran_out", e.ran_out}};
}
Json to_json(const wh::HintGiven& e) {
  return {{"event", "hint"},
          {"best_word", e.best_word ? play_json(*e.best_word) : Json(nullptr)},
          {"plan_status", name_of(kPlanStatusNames, e.plan_status)},
          {"plan", plan_json(e.plan)}};
}
Json to_json(const wh::HandEnded& e) {
  Json optimum = nullptr;
  if (e.optimum) {
    optimum = {{"status", name_of(kPlanStatusNames, e.optimum->status)},
               {"plan", plan_json(e.optimum->plan)},
               {"plan_with_discards", plan_json(e.optimum->plan_with_discards)}};
  }
  return {{"event", "hand_ended"}, {"hand", e.hand},   {"replay", e.replay},
          {"score", e.score},      {"total", e.total}, {"optimum", std::move(optimum)}};
}
Json to_json(const wh::Rejected& e) {
  Json json = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
  if (e.letter) json["letter"] = letter_json(*e.letter);
  return json;
}
Json to_json(const wh::Finished& e) {
  return {{"event", "finished"},
          {"records", records_json(e.records)},
          {"total", e.total},
          {"given_up", e.given_up}};
}

}  // namespace

std::string hand_json(const wh::Hand& hand) { return wh::tiles_text(hand.tiles()); }

Json play_json(const wh::Play& play) {
  return {{"typed", wh::tiles_text(play.typed)},
          {"word", play.discard ? Json(nullptr) : Json(wh::tiles_text(play.word))},
          {"score", play.score},
          {"discard", play.discard}};
}

Json plan_json(const wh::Plan& plan) {
  Json plays = Json::array();
  for (const wh::Play& play : plan.plays) plays.push_back(play_json(play));
  return {{"total", plan.total}, {"plays", std::move(plays)}};
}

wh::Config HandCodec::config_from_json(const Json& config) {
  const Fields fields(config, Source::kConfig, {"hands", "hand_size", "hints"});
  wh::Config result;
  result.hands = fields.integer("hands", result.hands, 1, wh::kMaxHands);
  result.hand_size = fields.integer("hand_size", result.hand_size, 1, wh::kMaxHandSize);
  result.hints = fields.boolean("hints", result.hints);
  return result;
}

Json HandCodec::config_to_json(const wh::Config& config) {
  return {{"hands", config.hands}, {"hand_size", config.hand_size}, {"hints", config.hints}};
}

wh::Command HandCodec::command_from_json(const Json& command) {
  const auto [name, fields] = read_command(command, kCommands);
  if (name == "substitute") return wh::Substitute{tile_field(fields)};
  if (name == "decline_substitution") return wh::DeclineSubstitution{};
  if (name == "play") return wh::PlayWord{tiles_field(fields, "word"), stopped_field(fields)};
  if (name == "end_hand") return wh::EndHand{stopped_field(fields)};
  if (name == "hint") return wh::Hint{stopped_field(fields)};
  if (name == "replay") return wh::Replay{};
  if (name == "decline_replay") return wh::DeclineReplay{};
  return wh::GiveUp{};
}

Json HandCodec::command_to_json(const wh::Command& command) {
  return std::visit(
      [](const auto& c) -> Json {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, wh::Substitute>) {
          return {{"command", "substitute"}, {"letter", letter_json(c.letter)}};
        } else if constexpr (std::is_same_v<C, wh::DeclineSubstitution>) {
          return {{"command", "decline_substitution"}};
        } else if constexpr (std::is_same_v<C, wh::PlayWord>) {
          return with_stopped({{"command", "play"}, {"word", wh::tiles_text(c.word)}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::EndHand>) {
          return with_stopped({{"command", "end_hand"}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::Hint>) {
          return with_stopped({{"command", "hint"}}, c.stopped);
        } else if constexpr (std::is_same_v<C, wh::Replay>) {
          return {{"command", "replay"}};
        } else if constexpr (std::is_same_v<C, wh::DeclineReplay>) {
          return {{"command", "decline_replay"}};
        } else {
          return {{"command", "give_up"}};
        }
      },
      command);
}

Json HandCodec::event_to_json(const wh::Event& event) {
  return std::visit([](const auto& e) { return to_json(e); }, event);
}

namespace {

/// Each tile's value, by its text ("a" to "z", "*").
Json letter_values_json() {
  Json values = Json::object();
  for (int letter = 0; letter <= static_cast<int>(wh::kWildcard); ++letter) {
    const auto tile = static_cast<Letter>(letter);
    if (wh::is_tile(tile)) values[letter_json(tile)] = wh::tile_value(tile);
  }
  return values;
}

/// What a word of each length (0 to the tiles held) multiplies its letters' values by, played
/// from a hand of `held` tiles: word_score = (sum of values) x factor[length].
Json length_factors_json(int held) {
  Json factors = Json::array();
  for (int length = 0; length <= held; ++length) factors.push_back(wh::word_score(1, length, held));
  return factors;
}

}  // namespace

Json HandCodec::view_to_json(const wh::View& view) {
  static const Json kLetterValues = letter_values_json();
  return {{"status", name_of(kStatusNames, view.status)},
          {"hand", view.hand},
          {"replay", view.replay},
          {"tiles", hand_json(view.tiles)},
          {"hand_total", view.hand_total},
          {"total", view.total},
          {"hints", view.hints},
          {"records", records_json(view.records)},
          {"letter_values", kLetterValues},
          {"length_factors", length_factors_json(view.tiles.size())}};
}

std::optional<std::vector<GamePlayer>> HandCodec::players_of(const Finished& finished,
                                                             std::string_view person, Seat) {
  // A win scores: a series played to its end with a total above 0 (as Boggle's round and the
  // other games' wins, where nothing scored or found is no win).
  return std::vector<GamePlayer>{
      {std::string(person), finished.total, !finished.given_up && finished.total > 0}};
}

Json HandCodec::details_of(const Session&, const Finished& finished) {
  Json hands = Json::array();
  for (const wh::HandRecord& record : finished.records) {
    hands.push_back(
        {{"score", record.counted()}, {"best", record.best ? Json(*record.best) : Json(nullptr)}});
  }
  return {{"hands", std::move(hands)}};
}

namespace {

/// Per hand number: the games that reached it, their counted scores, and over the hands whose
/// optimum was computed ("solved") the score against the optimum's.
GameStatisticsRules hand_statistics() {
  GameStatisticsRules rules;
  rules.counters = [](const Json& details) {
    std::vector<std::pair<std::string, std::int64_t>> counters;
    const auto hands = details.is_object() ? details.find("hands") : details.end();
    if (!details.is_object() || hands == details.end() || !hands->is_array()) return counters;
    for (std::size_t i = 0; i < hands->size() && i < 100; ++i) {
      const Json& hand = (*hands)[i];
      const std::optional<std::int64_t> score = detail_integer(hand, "score");
      if (!score) continue;
      const std::string prefix = fmt::format("hand.{}.", i + 1);
      counters.emplace_back(prefix + "played", 1);
      counters.emplace_back(prefix + "score", *score);
      if (const std::optional<std::int64_t> best = detail_integer(hand, "best")) {
        counters.emplace_back(prefix + "solved", 1);
        counters.emplace_back(prefix + "solved_score", *score);
        counters.emplace_back(prefix + "best", *best);
      }
    }
    return counters;
  };
  // {"hands": [{"hand", "played", "score", "solved", "solved_score", "best", "share"}], "share"}
  rules.figures = [](const Counters& counters, const Json&) {
    Json hands = counter_rows(counters, "hand", "hand",
                              {"played", "score", "solved", "solved_score", "best"});
    std::int64_t solved_score = 0;
    std::int64_t best = 0;
    for (Json& hand : hands) {
      hand["share"] = share_of(row_integer(hand, "solved_score"), row_integer(hand, "best"));
      solved_score += row_integer(hand, "solved_score");
      best += row_integer(hand, "best");
    }
    return Json{{"hands", std::move(hands)}, {"share", share_of(solved_score, best)}};
  };
  rules.lines = [](const Json& figures) {
    const Json hands = figures.value("hands", Json::array());
    if (!hands.is_array() || hands.empty()) return std::vector<StatisticsLine>{};
    StatisticsLine by_hand{"Share of the best possible score by hand", {}};
    for (const Json& hand : hands) {
      by_hand.figures.push_back({fmt::format("hand {}", row_integer(hand, "hand")),
                                 hand.value("share", Json()), "%", ""});
    }
    return std::vector<StatisticsLine>{
        {"Share of the best possible score", {{"", figures.value("share", Json()), "%", ""}}},
        std::move(by_hand)};
  };
  return rules;
}

/// The points of the game and of each hand, against the best play where it was computed: never
/// a tile.
ShareText hand_share(const FinishedGame& game, Seat) {
  const Json hands =
      game.details.is_object() ? game.details.value("hands", Json::array()) : Json::array();
  long long best_total = 0;
  bool all_solved = !hands.empty();
  std::string stars;
  std::string marks;
  for (const Json& hand : hands) {
    const long long score = hand.value("score", 0LL);
    const Json best = hand.value("best", Json(nullptr));
    if (!best.is_number_integer()) {
      all_solved = false;
      stars += "\u2796";
      marks += '-';
      continue;
    }
    best_total += best.get<long long>();
    const bool full = score >= best.get<long long>();
    stars += full ? "\u2B50" : "\U0001F537";  // a star for the best play, a diamond below it
    marks += full ? '*' : 'o';
  }
  ShareText share;
  const long long total = game.result.value("total", 0LL);
  share.result = fmt::format("{} over {}", count_of(total, "point"),
                             count_of(static_cast<long long>(hands.size()), "hand"));
  if (all_solved && best_total > 0) {
    share.result += fmt::format(", {} % of the best", total * 100 / best_total);
  }
  share.headline = fmt::format(
      "Word Game{}: {}", game.result.value("given_up", false) ? " (given up)" : "", share.result);
  if (!hands.empty()) {
    share.grid = {stars};
    share.text_grid = {marks};
    share.legend = "*: the best play of the hand, o: less, -: the best not computed";
  }
  return share;
}

/// The optimal scores a puzzle of the day's hand may have (its best plan, discards allowed):
/// neither a hand with next to nothing to play nor a windfall (docs/games/hand.md, "Daily").
constexpr int kDailyLeastOptimum = 350;
constexpr int kDailyMostOptimum = 650;

/// Whether the first hand `seed` deals has an optimal score in the daily range.
bool fair_daily_hand(const Json& config, std::uint64_t seed, const Lexicon& lexicon) {
  const wh::Session session(std::shared_ptr<const Lexicon>(&lexicon, [](const Lexicon*) {}),
                            HandCodec::config_from_json(config), seed);
  const int optimum = wh::optimal_plan(lexicon, session.view(0).tiles, true).total;
  return optimum >= kDailyLeastOptimum && optimum <= kDailyMostOptimum;
}

/// Tiles as people read them in a review: upper case, `*` for a wildcard ("C*WS").
std::string upper_tiles(std::span<const Letter> tiles) {
  std::string text = wh::tiles_text(tiles);
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string points(int score) { return count_of(score, "point"); }

/// A word entry: "COWS (12 points)", "C*WS (COWS, 12 points)".
std::string word_text(std::span<const Letter> typed, std::span<const Letter> word, int score) {
  if (std::equal(typed.begin(), typed.end(), word.begin(), word.end())) {
    return fmt::format("{} ({})", upper_tiles(typed), points(score));
  }
  return fmt::format("{} ({}, {})", upper_tiles(typed), upper_tiles(word), points(score));
}

/// An entry of a plan: a word, or "discard XQ (0 points)".
std::string play_text(const wh::Play& play) {
  if (play.discard) return fmt::format("discard {} ({})", upper_tiles(play.typed), points(0));
  return word_text(play.typed, play.word, play.score);
}

/// What the player did at a step, for people.
std::string step_text(const Lexicon& lexicon, const wh::ReviewedStep& step) {
  switch (step.kind) {
    case wh::StepKind::kWord:
      if (!step.valid) {
        return fmt::format("{} (not a word, {})", upper_tiles(step.typed), points(0));
      } else {
        const auto word = wh::resolve_wildcards(lexicon, step.typed);
        return word_text(step.typed, word ? *word : step.typed, step.score);
      }
    case wh::StepKind::kEnd:
      return fmt::format("end the hand with {} left", upper_tiles(step.before.tiles()));
    case wh::StepKind::kGiveUp:
      return fmt::format("give up with {} left", upper_tiles(step.before.tiles()));
  }
  return {};
}

std::string step_label(const wh::ReviewedStep& step) {
  const std::string hand = fmt::format("Hand {}{}", step.hand + 1, step.replay ? " (replay)" : "");
  if (step.kind != wh::StepKind::kWord) return hand + ", end";
  return fmt::format("{}, play {}", hand, step.entry + 1);
}

ReviewedMove reviewed_move(const Lexicon& lexicon, const wh::ReviewedStep& step) {
  ReviewedMove move;
  move.label = step_label(step);
  move.played = step_text(lexicon, step);
  move.loss = step.loss;
  move.exact = step.exact;
  if (step.loss <= 0) {
    move.best = move.played;
  } else if (step.best) {
    move.best = play_text(*step.best);
    // A discard is worth what it makes room for: the plan's next play.
    if (step.best->discard && step.plan && step.plan->plays.size() > 1) {
      move.best += ", then " + play_text(step.plan->plays[1]);
    }
  } else {
    move.best = "end the hand";
  }
  if (!step.exact) {
    move.note = fmt::format(
        "The exact plan is not computed for {} tiles (too much work): compared with the best "
        "single word here.",
        step.before.size());
  } else if (step.loss > 0 && step.kind == wh::StepKind::kWord) {
    move.note =
        fmt::format("From {} the optimal plan scores {}; after this, {} more at best.",
                    upper_tiles(step.before.tiles()), points(*step.best_before), *step.best_after);
  } else if (step.loss > 0) {
    move.note = fmt::format("From {} the optimal plan scores {}.", upper_tiles(step.before.tiles()),
                            points(*step.best_before));
  }
  if (step.kind == wh::StepKind::kGiveUp) {
    move.note += std::string(move.note.empty() ? "" : " ") + "The series was given up here.";
  }
  return move;
}

ReviewSection plan_section(const wh::ReviewedHand& hand) {
  ReviewSection section;
  section.title = fmt::format("Hand {}: the optimal plan from {}", hand.hand + 1,
                              upper_tiles(hand.start.tiles()));
  if (hand.plan) {
    for (const wh::Play& play : hand.plan->plays) section.lines.push_back(play_text(play));
    if (hand.plan->plays.empty()) section.lines.push_back("No word scores from these tiles.");
    section.lines.push_back(
        fmt::format("Total: {} (you scored {})", points(hand.plan->total), points(hand.counted)));
  } else {
    section.lines.push_back(
        fmt::format("Not computed: {} tiles are too many for the exact plan (you scored {}).",
                    hand.start.size(), points(hand.counted)));
  }
  section.data = {{"hand", hand.hand + 1},
                  {"tiles", hand_json(hand.start)},
                  {"counted", hand.counted},
                  {"plan", hand.plan ? plan_json(*hand.plan) : Json(nullptr)}};
  return section;
}

/// The review of a finished series (GameEntry::review): one player, so every seat is theirs.
GameReview hand_review(const FinishedGame& game, Seat, std::shared_ptr<const Lexicon> lexicon,
                       const Work& work) {
  const wh::Config config = HandCodec::config_from_json(game.config);
  if (!game.commands.is_array()) throw ConfigError("commands", "commands must be a list");
  std::vector<wh::Command> commands;
  for (const Json& command : game.commands) {
    commands.push_back(HandCodec::command_from_json(command));
  }
  const Lexicon& words = *lexicon;
  const std::optional<wh::Review> review =
      wh::review(std::move(lexicon), config, game.seed, commands, work);
  if (!review) throw ReviewStopped{};

  GameReview told;
  told.unit = "points";
  bool all_exact = true;
  for (const wh::ReviewedStep& step : review->steps) {
    told.moves.push_back(reviewed_move(words, step));
    all_exact = all_exact && step.exact;
  }
  const std::string given_up = review->given_up ? " (given up)" : "";
  if (review->optimal_total) {
    told.summary = fmt::format("{} against the optimal {}{}", points(review->total),
                               *review->optimal_total, given_up);
    if (*review->optimal_total > 0) {
      told.share = static_cast<double>(review->total) / *review->optimal_total;
    }
  } else {
    told.summary =
        fmt::format("{}{}; the optimal total is not computed (a hand too large for the exact plan)",
                    points(review->total), given_up);
  }
  told.method =
      "Exact: the optimal plan from every position met, discards included, by dynamic "
      "programming over the sub-multisets of the tiles; a play's loss is the best total before "
      "it less its score and the best total after it. The substitution and the replay choices "
      "are not reviewed.";
  if (!all_exact) {
    told.method +=
        " Positions too large for the exact plan are compared with the best single word "
        "instead (marked bounded).";
  }
  for (const wh::ReviewedHand& hand : review->hands) told.sections.push_back(plan_section(hand));
  return told;
}

}  // namespace

GameEntry hand_game() {
  GameEntry entry{
      "hand",
      "hand",
      "Word Game",
      "Score words made from a hand of letters; * is a wild vowel",
      [] {
        const wh::Config defaults;
        return config_schema_of(
            "Word Game",
            {{"hands", integer_property(1, wh::kMaxHands, defaults.hands, "Hands in the series")},
             {"hand_size", integer_property(1, wh::kMaxHandSize, defaults.hand_size,
                                            "Tiles dealt per hand (one of them the * wildcard)")},
             {"hints",
              boolean_property(defaults.hints, "Allow the hint command (best word and plan)")}});
      },
      &open_session<HandCodec>};
  // The seed deals every hand of the series: the hands to come are in it.
  entry.hidden_information = [](const Json&) { return true; };
  entry.share = &hand_share;
  entry.review = &hand_review;
  entry.statistics = hand_statistics();
  entry.daily = {{{"hands", 1}, {"hand_size", 7}, {"hints", false}},
                 "one hand of 7 tiles, no hints"};
  entry.daily.fair = &fair_daily_hand;
  entry.daily.fairness = "a hand whose best plan scores 350 to 650 points";
  return entry;
}

}  // namespace wg::app
