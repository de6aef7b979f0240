#include "app/boggle_codec.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include "core/text.h"

#include "app/boggle_best_jobs.h"
#include "app/boggle_room_codec.h"
#include "app/json_fields.h"
#include "app/session_adapter.h"
#include "games/boggle/best_boards.h"
#include "games/boggle/review.h"
#include "games/boggle/solver.h"

namespace wg::app {

namespace {

namespace bg = wg::boggle;

constexpr Named<bg::RoundEnd> kEndNames[] = {{bg::RoundEnd::kClosed, "closed"},
                                             {bg::RoundEnd::kTimeUp, "time_up"}};
constexpr Named<bg::Status> kStatusNames[] = {{bg::Status::kPlaying, "playing"},
                                              {bg::Status::kFinished, "finished"}};
/// In the schema's order.
constexpr bg::Scoring kScoringList[] = {bg::Scoring::kBoggle, bg::Scoring::kSpec};
constexpr std::span<const bg::Scoring> kScorings = kScoringList;

constexpr CommandShape kCommands[] = {{"submit", {"word", "elapsed_ms"}},
                                      {"tick", {"elapsed_ms"}},
                                      {"close", {"elapsed_ms"}},
                                      {"new_game"}};

/// Refuses a board larger than a JSON config may give (BoggleCodec::kMaxBoardCells): its text
/// first, then its cells once read (a malformed board is refused as Config::validate() says).
void check_board_size(const std::string& text) {
  if (text.size() > BoggleCodec::kMaxBoardText) {
    throw ConfigError("board", fmt::format("a board is written in at most {} characters here, "
                                           "not {}; the terminal plays larger boards",
                                           BoggleCodec::kMaxBoardText, text.size()));
  }
  const bg::Board board = bg::read_board(text);
  if (static_cast<std::size_t>(board.size()) > BoggleCodec::kMaxBoardCells) {
    throw ConfigError("board", fmt::format("a board has at most {} cells here (16×16), not {} "
                                           "({}×{}); the terminal plays larger boards",
                                           BoggleCodec::kMaxBoardCells, board.size(), board.rows(),
                                           board.cols()));
  }
}

}  // namespace

Json BoggleCodec::found_to_json(const std::vector<bg::FoundWord>& found) {
  Json out = Json::array();
  for (const bg::FoundWord& w : found)
    out.push_back({{"word", w.word}, {"points", w.points}, {"path", w.path}});
  return out;
}

std::string_view BoggleCodec::end_name(bg::RoundEnd end) { return name_of(kEndNames, end); }

Json BoggleCodec::board_to_json(const bg::Board& board) {
  Json cells = Json::array();
  for (const Tile& tile : board.cells()) {
    if (tile.is_blank()) {
      cells.push_back(nullptr);
    } else {
      cells.push_back(Alphabet::english().decode_upper(tile.letters));
    }
  }
  return {{"spec", board.spec()},
          {"rows", board.rows()},
          {"cols", board.cols()},
          {"cells", std::move(cells)}};
}

Json BoggleCodec::best_boards_to_json(const Lexicon& lexicon) {
  bg::Solver solver(lexicon, 1);
  Json boards = Json::array();
  for (const bg::BestBoard& record : bg::best_boards()) {
    const bg::Board board = bg::Board::parse(record.board);
    const bg::Solver::Summary summary =
        solver.summarize(board, record.min_length, bg::Scoring::kBoggle);
    boards.push_back({{"title", record.title},
                      {"board", board_to_json(board)},
                      {"dice", bg::to_string(record.dice)},
                      {"min_length", record.min_length},
                      {"scoring", bg::to_string(bg::Scoring::kBoggle)},
                      {"score", summary.score},
                      {"words", summary.words},
                      {"enable_score", record.score},
                      {"note", record.note}});
  }
  return {{"boards", std::move(boards)}};
}

Json BoggleCodec::config_schema() {
  const bg::Config defaults;
  return config_schema_of(
      "Word Search",
      {{"size",
        {{"type", "integer"},
         {"enum", {4, 5, 6}},
         {"default", defaults.size},
         {"description",
          "The dice boards are rolled from: 4 (classic 4x4), 5 (Big Boggle 5x5), 6 (Super Big "
          "Boggle 6x6, whose blank faces block their cell)"}}},
       {"board",
        {{"type", Json::array({"string", "null"})},
         {"minLength", 1},
         {"maxLength", kMaxBoardText},
         {"x-maxCells", kMaxBoardCells},
         {"default", nullptr},
         {"description",
          fmt::format("A given board played every round, rows separated by '/' "
                      "(EECA/ALEP/HNBO/QTTY), a multi-letter cell in brackets, # a blocked cell; "
                      "a square number of cells without separators is a square board; at most "
                      "{} cells (16×16). null: each round is rolled from the dice",
                      kMaxBoardCells)}}},
       {"min_length",
        integer_property(
            0, bg::Config::kMaxMinLength, defaults.min_length,
            "The minimum word length; 0: the rules' default (3, or 4 on rolled 6x6 boards)")},
       {"scoring",
        choice_property(
            names_of(kScorings), bg::to_string(defaults.scoring),
            "boggle: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; spec: 1 + letters - minimum")},
       {"seconds", integer_property(0, bg::Config::kMaxSeconds, defaults.seconds,
                                    "The time of a round in seconds; 0: untimed")}});
}

bg::Config BoggleCodec::config_from_json(const Json& json) {
  const Fields fields(json, Source::kConfig, {"size", "board", "min_length", "scoring", "seconds"});
  bg::Config config;
  config.size = fields.integer("size", config.size, 4, 6);
  config.board = fields.optional_text("board");
  if (config.board) check_board_size(*config.board);
  config.min_length =
      fields.integer("min_length", config.min_length, std::size_t{0}, bg::Config::kMaxMinLength);
  config.scoring = fields.choice("scoring", kScorings, config.scoring);
  config.seconds =
      fields.integer("seconds", config.seconds, std::uint64_t{0}, bg::Config::kMaxSeconds);
  return config;
}

Json BoggleCodec::config_to_json(const bg::Config& config) {
  return {{"size", config.size},
          {"board", config.board ? Json(*config.board) : Json(nullptr)},
          {"min_length", config.min_length},
          {"scoring", bg::to_string(config.scoring)},
          {"seconds", config.seconds}};
}

bg::Command BoggleCodec::command_from_json(const Json& json) {
  const auto [name, fields] = read_command(json, kCommands);
  // elapsed_ms: milliseconds since the round started; a tick must say it, the others may.
  const auto elapsed = [&f = fields] { return f.integer("elapsed_ms", std::uint64_t{0}); };
  if (name == "submit") return bg::Submit{fields.required_text("word"), elapsed()};
  if (name == "tick") return bg::Tick{fields.required_integer<std::uint64_t>("elapsed_ms")};
  if (name == "close") return bg::Close{elapsed()};
  return bg::NewGame{};
}

Json BoggleCodec::command_to_json(const bg::Command& command) {
  return std::visit(
      [](const auto& c) -> Json {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, bg::Submit>) {
          return {{"command", "submit"}, {"word", c.word}, {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, bg::Tick>) {
          return {{"command", "tick"}, {"elapsed_ms", c.elapsed_ms}};
        } else if constexpr (std::is_same_v<T, bg::Close>) {
          return {{"command", "close"}, {"elapsed_ms", c.elapsed_ms}};
        } else {
          return {{"command", "new_game"}};
        }
      },
      command);
}

Json BoggleCodec::event_to_json(const bg::Event& event) {
  return std::visit(
      [](const auto& e) -> Json {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, bg::RoundStarted>) {
          return {{"event", "round_started"},
                  {"round", e.round},
                  {"board", board_to_json(e.board)},
                  {"min_length", e.min_length},
                  {"scoring", bg::to_string(e.scoring)},
                  {"seconds", e.seconds}};
        } else if constexpr (std::is_same_v<T, bg::WordAccepted>) {
          return {{"event", "word_accepted"},
                  {"word", e.word},
                  {"points", e.points},
                  {"score", e.score},
                  {"path", e.path}};
        } else if constexpr (std::is_same_v<T, bg::Rejected>) {
          Json out = {{"event", "rejected"}, {"reason", to_string(e.reason)}};
          if (!e.word.empty()) out["word"] = e.word;
          if (!e.detail.empty()) out["detail"] = e.detail;
          return out;
        } else {
          return {{"event", "finished"},
                  {"round", e.round},
                  {"end", name_of(kEndNames, e.end)},
                  {"elapsed_ms", e.elapsed_ms},
                  {"board", board_to_json(e.board)},
                  {"min_length", e.min_length},
                  {"scoring", bg::to_string(e.scoring)},
                  {"seconds", e.seconds},
                  {"found", found_to_json(e.found)},
                  {"score", e.score},
                  {"total_score", e.total_score},
                  {"all_words", e.all_words},
                  {"missed", e.missed}};
        }
      },
      event);
}

Json BoggleCodec::view_to_json(const bg::View& view) {
  Json out = {{"status", name_of(kStatusNames, view.status)},
              {"round", view.round},
              {"board", board_to_json(view.board)},
              {"min_length", view.min_length},
              {"scoring", bg::to_string(view.scoring)},
              {"seconds", view.seconds},
              {"elapsed_ms", view.elapsed_ms},
              {"found", found_to_json(view.found)},
              {"score", view.score}};
  if (view.end) out["end"] = name_of(kEndNames, *view.end);
  if (view.total_score) {
    // Only once the round is over (for everyone, in a room): the board's words are the answers.
    out["total_score"] = *view.total_score;
    out["all_words"] = view.all_words;
    Json missed = Json::array();
    for (const bg::BoardWord& w : view.missed) {
      missed.push_back({{"word", w.word}, {"points", w.points}, {"path", w.path}});
    }
    out["missed"] = std::move(missed);
  }
  return out;
}

std::optional<std::vector<GamePlayer>> BoggleCodec::players_of(const Finished& finished,
                                                               std::string_view person, Seat) {
  // A round alone has no one to beat: never a win (a room's round is won by the room's winners,
  // BoggleRoomCodec::finished_records).
  return std::vector<GamePlayer>{{std::string(person), finished.score, false}};
}

Json BoggleCodec::details_of(const Session&, const Finished& finished) {
  return {{"found", finished.found.size()},
          {"words", finished.all_words.size()},
          {"score", finished.score},
          {"total_score", finished.total_score}};
}

std::vector<Timer> BoggleCodec::timers(const Session& session) {
  if (session.finished()) return {};
  return {Timer{Timer::Kind::kRound, fmt::format("round {}", session.round()),
                std::chrono::milliseconds(session.deadline_ms()),
                command_to_json(bg::Tick{session.deadline_ms()})}};
}

namespace {

/// Words found against the words on the boards, and the score against the boards' totals.
GameStatisticsRules boggle_statistics() {
  GameStatisticsRules rules;
  rules.counters = [](const Json& details) {
    std::vector<std::pair<std::string, std::int64_t>> counters;
    if (!details.is_object()) return counters;
    counters.emplace_back("games", 1);
    for (const char* key : {"found", "words", "score", "total_score"}) {
      if (const std::optional<std::int64_t> value = detail_integer(details, key)) {
        counters.emplace_back(key, *value);
      }
    }
    return counters;
  };
  // {"games", "found", "words", "share", "score", "total_score", "score_share"}
  rules.figures = [](const Counters& counters, const Json&) {
    const auto value = [&](const char* name) { return counter(counters, name); };
    return Json{{"games", value("games")},
                {"found", value("found")},
                {"words", value("words")},
                {"share", share_of(value("found"), value("words"))},
                {"score", value("score")},
                {"total_score", value("total_score")},
                {"score_share", share_of(value("score"), value("total_score"))}};
  };
  rules.lines = [](const Json& figures) {
    if (figures.value("games", 0) <= 0) return std::vector<StatisticsLine>{};
    return std::vector<StatisticsLine>{
        {"Words found",
         {{"", figures.value("share", Json()), "%",
           fmt::format("{} of the {} on the boards", figures.value("found", 0),
                       count_of(figures.value("words", 0), "word"))}}},
        {"Words on the boards",
         {{"found", figures.value("found", 0), "", ""},
          {"missed", figures.value("words", 0) - figures.value("found", 0), "", ""}}},
        {"Score",
         {{"", figures.value("score_share", Json()), "%",
           fmt::format("{} of the boards' {}", figures.value("score", 0),
                       count_of(figures.value("total_score", 0), "point"))}}}};
  };
  return rules;
}

/// The words found of the board's words and the points of the board's: never a word or the
/// board.
ShareText boggle_share(const FinishedGame& game, Seat) {
  const Json& result = game.result;
  const auto count = [&result](const char* key) {
    const auto list = result.find(key);
    return list != result.end() && list->is_array() ? static_cast<long long>(list->size()) : 0LL;
  };
  const long long found = count("found");
  const long long words = count("all_words");
  const long long score = result.value("score", 0LL);
  const long long total = result.value("total_score", 0LL);
  ShareText share;
  share.game = result.value("round", 0LL);
  share.result = fmt::format("found {} of {} words", found, words);
  if (total > 0) share.result += fmt::format(", {} % of par", score * 100 / total);
  share.headline = fmt::format("Word Search, {0}x{0}: {1} ({2} of {3} points)",
                               game.config.value("size", 4), share.result, score, total);
  return share;
}

/// The most missed words a round's review lists.
constexpr std::size_t kMissedListed = 10;

/// A word as people read it: upper-case.
std::string upper(std::string_view word) {
  std::string out(word);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

std::string points_text(std::int64_t points) { return count_of(points, "point"); }

/// A path as [[row, col], ...] (0-based), for a page to draw on the board.
Json path_json(const bg::Board& board, const std::vector<int>& path) {
  Json cells = Json::array();
  for (int cell : path) cells.push_back({cell / board.cols(), cell % board.cols()});
  return cells;
}

/// A path for people: "1,2 → 2,3 → 2,4", rows and columns counted from 1.
std::string path_text(const bg::Board& board, const std::vector<int>& path) {
  std::string out;
  for (int cell : path) {
    if (!out.empty()) out += " → ";
    out += fmt::format("{},{}", cell / board.cols() + 1, cell % board.cols() + 1);
  }
  return out;
}

/// The best words a round left on the board, with their paths.
ReviewSection missed_section(const bg::RoundReview& round, bool several) {
  ReviewSection section;
  section.title = several ? fmt::format("Best words missed in round {}", round.round + 1)
                          : std::string("Best words missed");
  section.data = Json::array();
  const std::size_t listed = std::min(round.missed.size(), kMissedListed);
  for (std::size_t i = 0; i < listed; ++i) {
    const bg::BoardWord& word = round.missed[i];
    section.lines.push_back(fmt::format("{}, {} ({})", upper(word.word), points_text(word.points),
                                        path_text(round.board, word.path)));
    section.data.push_back({{"word", word.word},
                            {"points", word.points},
                            {"path", path_json(round.board, word.path)}});
  }
  if (round.missed.size() > listed) {
    const std::size_t more = round.missed.size() - listed;
    section.lines.push_back(fmt::format("and {} more {}", more, more == 1 ? "word" : "words"));
  }
  return section;
}

/// Each player's words that no one else in the room found (a room's record keeps the room's
/// results with its round: BoggleRoomCodec::finished_records).
ReviewSection room_section(const Json& room) {
  ReviewSection section;
  section.title = "Words no one else found";
  section.data = Json::array();
  const auto players = room.find("players");
  if (players == room.end() || !players->is_array()) return section;
  for (const Json& player : *players) {
    if (!player.is_object() || !player.contains("words") || !player["words"].is_array()) continue;
    const std::string name = player.value("name", std::string());
    Json words = Json::array();
    std::vector<std::string> told;
    std::int64_t points = 0;
    for (const Json& word : player["words"]) {
      if (!word.is_object() || word.value("shared", false)) continue;
      const std::string text = word.value("word", std::string());
      const std::int64_t worth = word.value("points", std::int64_t{0});
      words.push_back({{"word", text}, {"points", worth}});
      told.push_back(upper(text));
      points += worth;
    }
    section.lines.push_back(told.empty() ? fmt::format("{}: none", name)
                                         : fmt::format("{}: {} ({})", name, fmt::join(told, ", "),
                                                       points_text(points)));
    section.data.push_back({{"name", name}, {"words", std::move(words)}, {"points", points}});
  }
  return section;
}

}  // namespace

namespace {

/// The points a puzzle of the day's board is worth, all its words found: neither a board a
/// player clears in a minute nor one that drowns them (docs/games/boggle.md, "Daily").
constexpr std::int64_t kDailyLeastPoints = 100;
constexpr std::int64_t kDailyMostPoints = 300;

/// Whether the board `seed` rolls first is worth a band of points fit for a day's puzzle.
bool fair_daily_board(const Json& config, std::uint64_t seed, const Lexicon& lexicon) {
  const BoggleCodec::Session session(
      std::shared_ptr<const Lexicon>(&lexicon, [](const Lexicon*) {}),
      BoggleCodec::config_from_json(config), seed);
  const bg::RoundStarted round = session.started();
  bg::Solver solver(lexicon, 1);
  const std::int64_t points = solver.summarize(round.board, round.min_length, round.scoring).score;
  return points >= kDailyLeastPoints && points <= kDailyMostPoints;
}

}  // namespace

GameReview BoggleCodec::review(const FinishedGame& game, Seat,
                               std::shared_ptr<const Lexicon> lexicon, const Work& work) {
  const bg::Config config = BoggleCodec::config_from_json(game.config);
  if (!game.commands.is_array()) throw CodecError("the game's commands are not a list");
  std::vector<bg::Command> commands;
  for (const Json& command : game.commands) {
    commands.push_back(BoggleCodec::command_from_json(command));
  }
  const bg::SessionReview reviewed =
      bg::review_session(std::move(lexicon), config, game.seed, commands, work);
  if (reviewed.stopped) throw ReviewStopped{};

  // The room's results belong to the record's round (its last).
  const auto room = game.result.find("room");
  const bool in_room = room != game.result.end() && room->is_object();
  const std::int64_t recorded_round =
      game.result.is_object() ? game.result.value("round", std::int64_t{-1}) : -1;

  // The record's own round always; the session's rounds before it when they were played.
  std::vector<const bg::RoundReview*> rounds;
  for (const bg::RoundReview& round : reviewed.rounds) {
    if (round.played || round.round == recorded_round || &round == &reviewed.rounds.back()) {
      rounds.push_back(&round);
    }
  }
  const bool several = rounds.size() > 1;
  GameReview review;
  review.unit = "points";
  std::int64_t score = 0, par = 0;
  std::size_t found = 0, words = 0;
  for (const bg::RoundReview* round : rounds) {
    ReviewedMove move;
    move.label = fmt::format("Round {}", round->round + 1);
    move.played =
        fmt::format("{}, {}", count_of(static_cast<long long>(round->found.size()), "word"),
                    points_text(round->score));
    move.best =
        fmt::format("all {}, {} (par)", count_of(static_cast<long long>(round->words), "word"),
                    points_text(round->par));
    if (round->found.size() == round->words) move.best = move.played;
    move.loss = static_cast<double>(round->par - round->score);
    if (!round->missed.empty()) {
      const bg::BoardWord& best = round->missed.front();
      move.note =
          fmt::format("Best word missed: {} ({})", upper(best.word), points_text(best.points));
    }
    if (in_room && round->round == recorded_round && !game.players.empty() &&
        game.players.front().score != round->score) {
      move.note += fmt::format(
          "{}the room scored {} of them: a word another player found too "
          "scores nothing",
          move.note.empty() ? "" : "; ", points_text(game.players.front().score));
    }
    review.moves.push_back(std::move(move));
    score += round->score;
    par += round->par;
    found += round->found.size();
    words += round->words;
  }
  const std::string words_found =
      fmt::format("{} of {}", found, count_of(static_cast<long long>(words), "word"));
  review.summary =
      several ? fmt::format("{} of the boards' par of {} over {} rounds ({})", points_text(score),
                            points_text(par), rounds.size(), words_found)
              : fmt::format("{} of the board's par of {} ({})", points_text(score),
                            points_text(par), words_found);
  if (par > 0) review.share = static_cast<double>(score) / static_cast<double>(par);
  for (const bg::RoundReview* round : rounds) {
    if (!round->missed.empty()) review.sections.push_back(missed_section(*round, several));
  }
  if (in_room) review.sections.push_back(room_section(*room));
  review.method =
      "Exact: a board's par is the points of every word of the word list it holds, as the "
      "exhaustive solver finds them, so every figure here is exact. A round is one move: a word "
      "found never stops another being found, so what a round costs is the points it left on the "
      "board. Words refused are not kept with the game and not reviewed. Cells are given as "
      "row,column from the top left, from 1.";
  return review;
}

GameEntry boggle_game() {
  GameEntry entry{"boggle",
                  "boggle",
                  "Word Search",
                  "Find words in a grid of letter dice against the clock",
                  &BoggleCodec::config_schema,
                  &open_session<BoggleCodec>};
  // The round runs on the front end's clock; a stopped host cannot give it back.
  entry.stamps.clocked = {"submit", "tick", "close"};
  entry.resumable = false;
  // The board in play is shown, but the seed rolls every round's: the boards to come are in it.
  entry.hidden_information = [](const Json&) { return true; };
  entry.share = &boggle_share;
  entry.review = &BoggleCodec::review;
  entry.rooms = std::make_shared<const GameEntry>(boggle_room_game());
  entry.statistics = boggle_statistics();
  entry.daily = {{{"size", 4}, {"seconds", 180}, {"scoring", "spec"}, {"min_length", 3}},
                 "a 4 × 4 board, 3 minutes, words of 3 letters or more"};
  entry.daily.fair = &fair_daily_board;
  entry.daily.fairness = "a board worth 100 to 300 points, all its words found";
  entry.tools = {{"best-boards", &BoggleCodec::best_boards_to_json}};
  entry.jobs = best_board_job_kinds();
  return entry;
}

}  // namespace wg::app
