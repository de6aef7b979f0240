// The terminal's store (issue 14): every game played in the terminal is recorded in the
// database of --data DIR (or $XDG_DATA_HOME/wordgames), `stats` and `history` show it, the old
// files are imported once, and a store that cannot be used never stops a game.
#include <unistd.h>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/app.h"
#include "cli/output.h"
#include "support/postgres_server.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// Runs wordgames with --data `dir` and `input` piped.
ProcessResult run_in(const std::filesystem::path& dir, std::vector<std::string> args,
                     std::string input = "") {
  args.insert(args.begin(), {"--data", dir.string()});
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

std::vector<std::string> with_log(std::vector<std::string> args, const std::filesystem::path& log) {
  args.push_back("--log");
  args.push_back(log.string());
  return args;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `stats --json` after short_games(): one game of each game.
void expect_one_of_each_game(const json& stats) {
  std::set<std::string> games;
  for (const json& s : stats["games"]) {
    games.insert(s["game"].get<std::string>());
    EXPECT_EQ(s["games"], 1) << s;
  }
  EXPECT_EQ(games, (std::set<std::string>{"auction", "boggle", "evil-hangman", "hand", "hangman",
                                          "wordle"}));
}

/// A short seeded game of each game, with piped input, each finishing.
struct ShortGame {
  std::string game;
  std::vector<std::string> args;
  std::string input;
};

std::vector<ShortGame> short_games() {
  std::string auction_input;
  for (int i = 0; i < 14; ++i) auction_input += "0\n";
  auction_input += "ZZZZ\n\n";
  return {
      // No substitution, then done at once: the hand's optimum is computed as it ends.
      {"hand", {"hand", "--seed", "1", "--hands", "1"}, "no\n!!\n"},
      {"boggle", {"boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--seed", "1"}, "peace\n\n"},
      {"evil-hangman",
       {"evil-hangman", "--length", "4", "--guesses", "3", "--hide-remaining", "--seed", "1"},
       "give up\nno\n"},
      {"hangman", {"hangman", "--seed", "1"}, "1 E\ngive up\n"},
      {"wordle", {"wordle", "--seed", "1"}, "crane\n!\nno\n"},
      {"auction",
       {"auction", "--players", "human,value", "--rounds", "1", "--hidden", "2", "--seed", "3"},
       auction_input},
  };
}

TEST(StoreCli, EveryGameIsRecordedAndShownByStatsAndHistory) {
  TempDir dir;
  for (const ShortGame& g : short_games()) {
    const ProcessResult r = run_in(dir.path(), g.args, g.input);
    ASSERT_EQ(r.exit_code, 0) << g.game << r;
    EXPECT_FALSE(contains(r.err, "cannot save")) << g.game << r;
    EXPECT_FALSE(contains(r.out, "Your name")) << "piped input is never asked a name" << r;
  }
  EXPECT_TRUE(std::filesystem::exists(dir / "wordgames.db"));

  ProcessResult r = run_in(dir.path(), {"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  json stats = json_of(r);
  EXPECT_EQ(stats["player"], "player");
  expect_one_of_each_game(stats);

  r = run_in(dir.path(), {"history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  json history = json_of(r);
  ASSERT_EQ(history["games"].size(), 6u) << r;
  // Newest first: the auction was played last.
  EXPECT_EQ(history["games"][0]["game"], "auction");
  EXPECT_EQ(history["games"][5]["game"], "hand");
  // The evil host's game was given up: not won.
  for (const json& g : history["games"]) {
    if (g["game"] == "evil-hangman") {
      EXPECT_EQ(g["won"], false) << g;
    }
    if (g["game"] == "boggle") {
      EXPECT_EQ(g["won"], false) << g;  // PEACE scored, but a round alone is never won
    }
  }

  r = run_in(dir.path(), {"history", "--game", "hand", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  history = json_of(r);
  ASSERT_EQ(history["games"].size(), 1u) << r;
  const std::string id = std::to_string(history["games"][0]["id"].get<long long>());

  // The saved game: what restore() replays.
  r = run_in(dir.path(), {"history", "show", id});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json saved = json_of(r);
  EXPECT_EQ(saved["game"], "hand");
  EXPECT_EQ(saved["seed"], 1);
  EXPECT_EQ(saved["config"]["hands"], 1);
  EXPECT_TRUE(saved["commands"].is_array());

  // The auction's other seat is recorded under its own name.
  r = run_in(dir.path(), {"history", "--player", "value", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["games"].size(), 1u) << r;

  // Text: a table that fits 80 columns.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats"}, std::vector<std::string>{"history"}}) {
    r = run_in(dir.path(), args);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(r.out, "evil-hangman")) << r;
    for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;
  }
}

/// The id of the newest game of `player` in `dir`'s store.
std::string newest_game_id(const TempDir& dir, const std::string& player) {
  const ProcessResult r = run_in(dir.path(), {"history", "--player", player, "--json"});
  if (r.exit_code != 0) return "";
  const json games = json_of(r)["games"];
  return games.empty() ? "" : std::to_string(games[0]["id"].get<long long>());
}

TEST(StoreCli, AnAuctionGameKeepsItsLogAndHistoryShowLogReplaysIt) {
  TempDir dir;
  const ShortGame person = short_games().back();
  ASSERT_EQ(person.game, "auction");
  ProcessResult r = run_in(dir.path(), with_log(person.args, dir / "played.jsonl"), person.input);
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string id = newest_game_id(dir, "player");
  ASSERT_FALSE(id.empty());

  // wordgames history show ID --log > game.jsonl; wordgames auction replay game.jsonl
  r = run_in(dir.path(), {"history", "show", id, "--log"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, read_text(dir / "played.jsonl"));  // the lines `auction --log` wrote
  const auto log = dir.write("game.jsonl", r.out);
  r = run_in(dir.path(), {"auction", "replay", log.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, read_text(log));
  r = run_in(dir.path(), {"auction", "replay", log.string()});
  EXPECT_EQ(r.exit_code, 0) << r;

  // A game of bots watched (here printed with --json) is kept too, under the bots' names.
  r = run_in(dir.path(),
             {"auction", "--players", "value,random", "--rounds", "1", "--seed", "4", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string printed = r.out;
  const std::string bots = newest_game_id(dir, "random");
  ASSERT_FALSE(bots.empty());
  EXPECT_EQ(bots, newest_game_id(dir, "value"));
  r = run_in(dir.path(), {"history", "show", bots, "--log"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, printed);

  // A game without a log says so, and prints nothing.
  r = run_in(dir.path(), {"boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--seed", "1"}, "peace\n\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  r = run_in(dir.path(), {"history", "show", newest_game_id(dir, "player"), "--log"});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_TRUE(r.out.empty()) << r;
  EXPECT_TRUE(contains(r.err, "has no log")) << r;
}

TEST(StoreCli, ATournamentIsKeptWithItsTableAndEachGameWithItsLog) {
  TempDir dir;
  ProcessResult r = run_in(dir.path(), {"tournaments"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "No tournament")) << r;

  r = run_in(dir.path(), {"auction", "tournament", "--players", "value,random", "--games", "3",
                          "--rounds", "1", "--seed", "5", "--jobs", "2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json played = json_of(r);
  ASSERT_TRUE(played["id"].is_number()) << r;
  const std::string id = std::to_string(played["id"].get<long long>());

  r = run_in(dir.path(), {"tournaments", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json listed = json_of(r)["tournaments"];
  ASSERT_EQ(listed.size(), 1u) << r;
  EXPECT_EQ(listed[0]["status"], "finished");
  EXPECT_EQ(listed[0]["table"], played["bots"]);
  EXPECT_EQ(listed[0]["config"]["lineup"], json({"value", "random"}));

  r = run_in(dir.path(), {"tournaments", "show", id, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json shown = json_of(r);
  ASSERT_EQ(shown["game_ids"].size(), 3u) << r;
  EXPECT_EQ(shown["table"], played["bots"]);
  for (const json& game : shown["game_ids"]) {
    r = run_in(dir.path(), {"history", "show", std::to_string(game.get<long long>()), "--log"});
    ASSERT_EQ(r.exit_code, 0) << r;
    const auto log = dir.write("game.jsonl", r.out);
    const ProcessResult replay = run_in(dir.path(), {"auction", "replay", log.string(), "--json"});
    ASSERT_EQ(replay.exit_code, 0) << replay;
    EXPECT_EQ(replay.out, r.out);
  }
  // A bot's games are found under its name.
  r = run_in(dir.path(), {"history", "--player", "random", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["games"].size(), 3u) << r;
  // The bots are on the bots' board, one line each, and on no player's.
  r = run_in(dir.path(), {"leaderboard", "--game", "auction", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json board = json_of(r)["leaderboards"][0];
  EXPECT_EQ(board["players"], json::array()) << r;
  ASSERT_EQ(board["bots"].size(), 2u) << r;
  for (const json& bot : board["bots"]) EXPECT_EQ(bot["games"], 3) << r;
  r = run_in(dir.path(), {"leaderboard", "--game", "auction"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Bots of auction:")) << r;
  EXPECT_FALSE(contains(r.out, "Leaderboard of auction:")) << r;

  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"tournaments"},
        std::vector<std::string>{"tournaments", "show", id}}) {
    r = run_in(dir.path(), args);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(r.out, "random")) << r;
    for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;
  }
  r = run_in(dir.path(), {"tournaments", "show", "999"});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "no tournament 999")) << r;
}

// A lineup too long for its cell in the list is shortened to fit 80 columns, ending in "…";
// 'tournaments show' has it whole (wrapped), as --json has.
TEST(StoreCli, ATournamentsLineupFits80ColumnsAndIsShownWhole) {
  TempDir dir;
  const std::string lineup = "random,value,strong,random,value,strong";
  ProcessResult r = run_in(dir.path(), {"auction", "tournament", "--players", lineup, "--games",
                                        "1", "--rounds", "1", "--seed", "5", "--jobs", "1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  r = run_in(dir.path(), {"tournaments"});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (const std::string& line : lines_of(r.out)) {
    EXPECT_LE(cli::display_width(line), 80u) << line;
  }
  EXPECT_TRUE(contains(r.out, "  random, value, strong, \u2026\n")) << r;  // whole names
  r = run_in(dir.path(), {"tournaments", "show", "1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Lineup: random, value, strong, random, value, strong.\n")) << r;
  r = run_in(dir.path(), {"tournaments", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["tournaments"][0]["config"]["lineup"],
            json({"random", "value", "strong", "random", "value", "strong"}));
}

// A name wider than the leaderboard's column (a player's name is up to 40 characters) stands
// on a line of its own, the figures under it: no line is wider than 80 columns.
TEST(StoreCli, ALongNameOnTheLeaderboardFits80Columns) {
  TempDir dir;
  const std::string name = "Bartholomew Fitzgerald-Montgomery Junior";  // 40
  ASSERT_EQ(run_in(dir.path(), {"--player", name, "--seed", "3", "hand", "--hands", "1"},
                   "no\nstar\n!!\nno\n")
                .exit_code,
            0);
  const ProcessResult r = run_in(dir.path(), {"leaderboard", "--game", "hand"});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (const std::string& line : lines_of(r.out)) {
    EXPECT_LE(cli::display_width(line), 80u) << line;
  }
  EXPECT_TRUE(contains(r.out, "   1  " + name + "\n")) << r;
  EXPECT_TRUE(contains(r.out, std::string(34, ' ') + "      1      1    100          76")) << r;
}

TEST(StoreCli, StatsShowEachGamesOwnFiguresAndTheLeaderboardRanksPlayers) {
  TempDir dir;
  for (const ShortGame& g : short_games()) {
    const ProcessResult r = run_in(dir.path(), g.args, g.input);
    ASSERT_EQ(r.exit_code, 0) << g.game << r;
  }
  ProcessResult r = run_in(dir.path(), {"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  std::map<std::string, json> details;
  const json stats = json_of(r);
  for (const json& s : stats["games"]) details[s["game"].get<std::string>()] = s["details"];
  // Boggle: PEACE found on a board of many words.
  EXPECT_EQ(details["boggle"]["found"], 1) << details["boggle"];
  EXPECT_GT(details["boggle"]["words"].get<int>(), 1) << details["boggle"];
  // The Word Game's one hand, its optimum computed as the hand ended.
  ASSERT_EQ(details["hand"]["hands"].size(), 1u) << details["hand"];
  EXPECT_EQ(details["hand"]["hands"][0]["played"], 1) << details["hand"];
  EXPECT_EQ(details["hand"]["hands"][0]["solved"], 1) << details["hand"];
  EXPECT_GT(details["hand"]["hands"][0]["best"].get<int>(), 0) << details["hand"];
  // Evil hangman: a word of 4 letters given up.
  ASSERT_EQ(details["evil-hangman"]["by_length"].size(), 1u) << details["evil-hangman"];
  EXPECT_EQ(details["evil-hangman"]["by_length"][0]["length"], 4);
  EXPECT_EQ(details["evil-hangman"]["by_length"][0]["wins"], 0);
  // Position hangman: the last games and the lexicon's dictionary.
  ASSERT_EQ(details["hangman"]["last_games"].size(), 1u) << details["hangman"];
  EXPECT_EQ(details["hangman"]["last_games"][0]["won"], false);
  ASSERT_EQ(details["hangman"]["dictionaries"].size(), 1u) << details["hangman"];
  EXPECT_EQ(details["hangman"]["dictionaries"][0]["words"], 0);
  EXPECT_EQ(details["auction"], json::object());

  r = run_in(dir.path(), {"stats"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "  Share of the best possible score: ")) << r;
  EXPECT_TRUE(contains(r.out, "  Words found: 1% (1 of the ")) << r;
  EXPECT_TRUE(contains(r.out, "  Misses by word length: 4 letters ")) << r;
  EXPECT_TRUE(contains(r.out, "(evil-hangman: A game's score is 1 when you win it and 0 when you"))
      << r;
  EXPECT_TRUE(
      contains(r.out, "  Last games, newest first: APPARITIONS 0 points (not found, 1 guess)"))
      << r;
  EXPECT_TRUE(contains(r.out, "  Games won by dictionary: the lexicon's words 0 won (of 1 game)"))
      << r;
  for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;

  // The auction's two seats: the person on the players' board, the bot on the bots'.
  r = run_in(dir.path(), {"leaderboard", "--game", "auction", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json boards = json_of(r)["leaderboards"];
  ASSERT_EQ(boards.size(), 1u) << r;
  EXPECT_EQ(boards[0]["game"], "auction");
  ASSERT_EQ(boards[0]["players"].size(), 1u) << r;
  EXPECT_EQ(boards[0]["players"][0]["player"], "player");
  EXPECT_EQ(boards[0]["players"][0]["rank"], 1);
  ASSERT_EQ(boards[0]["bots"].size(), 1u) << r;
  EXPECT_EQ(boards[0]["bots"][0]["bot"], "value");
  EXPECT_EQ(boards[0]["bots"][0]["games"], 1);

  r = run_in(dir.path(), {"leaderboard"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Leaderboard of boggle:")) << r;
  EXPECT_TRUE(contains(r.out, "Ranked by best score")) << r;
  EXPECT_TRUE(contains(r.out, "Bots of auction:")) << r;
  for (const std::string& line : lines_of(r.out)) EXPECT_LE(line.size(), 80u) << line;

  r = run_in(dir.path(), {"leaderboard", "--game", "chess"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "unknown game 'chess'")) << r;
}

TEST(StoreCli, TheLeaderboardOfAnEmptyStoreSaysSo) {
  TempDir dir;
  const ProcessResult r = run_in(dir.path(), {"leaderboard", "--game", "boggle"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "No game of boggle has been finished yet.")) << r;
}

TEST(StoreCli, EveryGameIsOfferedItsReviewAndReviewedInTextAndJson) {
  TempDir dir;
  std::int64_t id = 0;
  for (const ShortGame& g : short_games()) {
    SCOPED_TRACE(g.game);
    ++id;
    ProcessResult r = run_in(dir.path(), g.args, g.input);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(
        r.out, "What was best, and what each move cost: wordgames review " + std::to_string(id)))
        << r;
    r = run_in(dir.path(), {"review"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(r.out, fmt::format("Review of game {} (", id))) << "the last game" << r;
    for (const std::string& line : lines_of(r.out))
      EXPECT_LE(cli::display_width(line), 80u) << line;
    r = run_in(dir.path(), {"review", std::to_string(id), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r;
    const json review = json_of(r);
    EXPECT_EQ(review["id"], id);
    EXPECT_EQ(review["player"], "player");
    EXPECT_FALSE(review["unit"].get<std::string>().empty()) << review;
    EXPECT_TRUE(review["moves"].is_array()) << review;
    EXPECT_FALSE(review["method"].get<std::string>().empty()) << review;
  }
}

TEST(StoreCli, AReviewOfNothingOrOfAnUnknownGameIsAClearError) {
  TempDir dir;
  ProcessResult r = run_in(dir.path(), {"review"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "nothing to review")) << r;
  ASSERT_EQ(run_in(dir.path(), {"hand", "--seed", "2", "--hands", "1"}, "no\n!!\n").exit_code, 0);
  r = run_in(dir.path(), {"review", "999"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "999")) << r;
  r = run_in(dir.path(), {"review", "x"});
  EXPECT_EQ(r.exit_code, 1) << r;
}

TEST(StoreCli, ClearErrorsForUnknownPlayersGamesAndIds) {
  TempDir dir;
  ASSERT_EQ(run_in(dir.path(), {"hand", "--seed", "2", "--hands", "1"}).exit_code, 0);

  ProcessResult r = run_in(dir.path(), {"stats", "--player", "nobody"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "unknown player 'nobody'")) << r;
  EXPECT_EQ(r.out, "");

  r = run_in(dir.path(), {"history", "--game", "chess"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "unknown game 'chess'")) << r;

  r = run_in(dir.path(), {"history", "show", "999"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "999")) << r;

  r = run_in(dir.path(), {"history", "show", "x"});
  EXPECT_EQ(r.exit_code, 1) << r;

  r = run_in(dir.path(), {"hand", "--player", " ann"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_TRUE(contains(r.err, "not a player name")) << r;
}

TEST(StoreCli, PlayerNameIsRememberedAsTheLastPlayer) {
  TempDir dir;
  ASSERT_EQ(
      run_in(dir.path(), {"hand", "--seed", "2", "--hands", "1", "--player", "Ann"}).exit_code, 0);
  // Without --player: the last player, also for the next game.
  ASSERT_EQ(run_in(dir.path(), {"hand", "--seed", "3", "--hands", "1"}).exit_code, 0);
  ProcessResult r = run_in(dir.path(), {"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  json stats = json_of(r);
  EXPECT_EQ(stats["player"], "Ann");
  ASSERT_EQ(stats["games"].size(), 1u) << r;
  EXPECT_EQ(stats["games"][0]["games"], 2);
  // Names are matched without regard to case.
  r = run_in(dir.path(), {"history", "--player", "ANN", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["games"].size(), 2u) << r;
}

TEST(StoreCli, AtATerminalTheNameIsAskedOnceAndRemembered) {
  TempDir dir;
  const auto play = [&](const std::string& input) {
    const std::vector<std::string> args = {"wordgames", "--data", dir.path().string(), "hand",
                                           "--seed",    "1",      "--hands",           "1"};
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(cli::run(args, in, out, err, /*interactive=*/true), 0) << err.str();
    return out.str();
  };
  // A name that is not one is asked again: empty, a C1 control (CSI), a byte that is not UTF-8.
  std::string out = play(
      "\nbad\xc2\x9b"
      "2Jname\nbad\xffname\nZoe\n");
  EXPECT_TRUE(contains(out, "Your name: ")) << out;
  std::size_t refusals = 0;
  for (std::size_t at = out.find("A name is 1 to 40 bytes"); at != std::string::npos;
       at = out.find("A name is 1 to 40 bytes", at + 1)) {
    ++refusals;
  }
  EXPECT_EQ(refusals, 3u) << out;
  // The second game does not ask: Zoe played last.
  out = play("");
  EXPECT_FALSE(contains(out, "Your name: ")) << out;
  const ProcessResult r = run_in(dir.path(), {"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const json stats = json_of(r);
  EXPECT_EQ(stats["player"], "Zoe");
  ASSERT_EQ(stats["games"].size(), 1u) << r;
  EXPECT_EQ(stats["games"][0]["games"], 2);
}

TEST(StoreCli, APlayerNameThatIsNotTextIsRefusedAndNeverEchoedRaw) {
  // Issue 31: `--player $'bad\xffname'` was taken, and then every visitor of the arcade on the
  // same data got 500 for the list of players and the leaderboards.
  TempDir dir;
  for (const std::string& bad : {std::string("bad\xffname"), std::string("\x1b]0;title\x07"),
                                 std::string("c1\xc2\x9b"
                                             "2J"),
                                 std::string("del\x7f")}) {
    const ProcessResult r = run_in(dir.path(), {"--player", bad, "stats"});
    EXPECT_EQ(r.exit_code, 1) << r;
    EXPECT_TRUE(contains(r.err, "is not a player name")) << r;
    EXPECT_TRUE(contains(r.err, "UTF-8 text without control characters")) << r;
    for (const char raw : {'\xff', '\x1b', '\x07', '\x7f'}) {
      EXPECT_FALSE(contains(r.err, std::string(1, raw))) << "the name is shown escaped: " << r;
    }
    EXPECT_FALSE(contains(r.err, "\xc2\x9b")) << r;
  }
  const ProcessResult escaped = run_in(dir.path(), {"--player", "bad\xffname", "stats"});
  EXPECT_TRUE(contains(escaped.err, "'bad\\xffname'")) << escaped;
  EXPECT_FALSE(std::filesystem::exists(dir / "wordgames.db")) << "refused before anything";
}

TEST(StoreCli, ALastPlayerStoredWithANameThatIsNotTextIsNotPlayedAgain) {
  // A name an older wordgames kept (it checked less): the terminal never plays under it again.
  TempDir dir;
  app::SqliteStore(dir / "wordgames.db").set_last_player("Bob");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "wordgames.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "UPDATE players SET name = CAST(X'626164ff6e616d65' AS TEXT);"
                         "UPDATE meta SET value = CAST(X'626164ff6e616d65' AS TEXT) "
                         "WHERE key = 'last_player';",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const ProcessResult played = run_in(dir.path(), {"hand", "--seed", "1", "--hands", "1"}, "\n\n");
  ASSERT_EQ(played.exit_code, 0) << played;
  const ProcessResult r = run_in(dir.path(), {"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["player"], "player") << "piped input: the default player, never asked";
}

TEST(StoreCli, OldHangmanHistoryAndDictionariesAreImportedOnce) {
  TempDir home;
  std::filesystem::create_directories(home / "wordgames/hangman");
  home.write("wordgames/hangman/history.tsv",
             "# wordgames hangman history 1\nBANANA\t7\tyou\t40\nCOTTON\t9\thost\t0\n");
  std::filesystem::create_directories(home / "wordgames/hangman/dictionaries");
  std::string words = "# wordgames hangman dictionary\n";
  for (const char* w :
       {"BANANA", "BANDIT", "BASKET",    "BATTLE",    "BEAVER",    "BEETLE",   "BOTTLE",
        "BUTTER", "CANNON", "CASTLE",    "CATTLE",    "COTTON",    "DAMSEL",   "DINNER",
        "FALCON", "FOREST", "ABSOLUTES", "BREAKFAST", "CHOCOLATE", "DANDELION"}) {
    words += std::string(w) + "\n";
  }
  home.write("wordgames/hangman/dictionaries/small.txt", words);

  ProcessOptions options;
  options.env["XDG_DATA_HOME"] = home.path().string();
  ProcessResult r = wordgames({"hangman", "history", "--json"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "imported 2 games of a history, 1 word list")) << r;
  const json games = json_of(r)["games"];
  ASSERT_EQ(games.size(), 2u) << r;
  EXPECT_EQ(games[0]["word"], "COTTON");
  EXPECT_EQ(games[1]["word"], "BANANA");
  EXPECT_TRUE(std::filesystem::exists(home / "wordgames/wordgames.db"));

  // Once only: a second run imports nothing again and keeps the same history.
  r = wordgames({"hangman", "history", "--json"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
  EXPECT_EQ(json_of(r)["games"].size(), 2u) << r;
  r = wordgames({"hangman", "dictionary", "list", "--json"}, options);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "\"small\"")) << r;
}

TEST(StoreCli, ACorruptOldHistoryIsReportedAndKeptAside) {
  TempDir home;
  std::filesystem::create_directories(home / "wordgames/hangman");
  home.write("wordgames/hangman/history.tsv", std::string("\x00\x01\x02zz", 5));
  ProcessOptions options;
  options.env["XDG_DATA_HOME"] = home.path().string();
  const ProcessResult r = wordgames({"hangman", "history"}, options);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "history.tsv")) << r;
  EXPECT_TRUE(std::filesystem::exists(home / "wordgames/hangman/history.tsv.corrupt")) << r;
}

TEST(StoreCli, AFileThatIsNotADatabaseNeverStopsAGame) {
  TempDir dir;
  dir.write("wordgames.db", "this is not a database, it is a text file\n");
  const ProcessResult r = run_in(dir.path(), {"hand", "--seed", "1", "--hands", "1"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Word game, seed 1")) << r;
  EXPECT_TRUE(contains(r.err, "wordgames: warning: cannot save games: ")) << r;
  EXPECT_TRUE(contains(unwrapped(r.err), "; playing on without saving\n")) << r;
  // Said once, and the file is left as it was.
  EXPECT_EQ(r.err.find("warning"), r.err.rfind("warning")) << r;
  EXPECT_EQ(read_bytes(dir / "wordgames.db"), "this is not a database, it is a text file\n");
  // Reading statistics from it is an error, not a warning.
  const ProcessResult stats = run_in(dir.path(), {"stats"});
  EXPECT_EQ(stats.exit_code, 2) << stats;
  EXPECT_TRUE(contains(stats.err, "wordgames.db")) << stats;
}

TEST(StoreCli, AFileWhereTheDataDirectoryShouldBeNeverStopsAGame) {
  TempDir dir;
  const auto file = dir.write("not-a-directory", "x");
  const ProcessResult r = run_in(file, {"boggle", "--board", "EECA/ALEP/HNBO/QTTY"}, "peace\n\n");
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "peace: 3 points")) << r;
  EXPECT_TRUE(contains(r.err, "cannot save games")) << r;
}

TEST(StoreCli, AReadOnlyDataDirectoryNeverStopsAGame) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes to a read-only directory";
  TempDir dir;
  const std::filesystem::path data = dir / "data";
  std::filesystem::create_directories(data);
  std::filesystem::permissions(
      data, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  const ProcessResult r = run_in(data, {"hand", "--seed", "1", "--hands", "1"});
  std::filesystem::permissions(data, std::filesystem::perms::owner_all);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Word game, seed 1")) << r;
  EXPECT_TRUE(contains(r.err, "cannot save games")) << r;
}

// --store postgresql://...: every game is kept in that database instead of the data directory's
// file, and stats, history and review read it back as they read SQLite.
TEST(StoreCliPostgres, EveryGameIsKeptInPostgresqlAndReadBack) {
  if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
  PostgresServer server;
  const std::string url = server.create_database("terminal");
  TempDir dir;
  const auto run = [&](std::vector<std::string> args, std::string input = "") {
    args.insert(args.begin(), {"--store", url});
    return run_in(dir.path(), std::move(args), std::move(input));
  };
  for (const ShortGame& g : short_games()) {
    const ProcessResult r = run(g.args, g.input);
    ASSERT_EQ(r.exit_code, 0) << g.game << r;
    EXPECT_FALSE(contains(r.err, "cannot save")) << g.game << r;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "wordgames.db")) << "nothing in the data directory";

  ProcessResult r = run({"stats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  expect_one_of_each_game(json_of(r));
  r = run({"history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  ASSERT_EQ(json_of(r)["games"].size(), 6u) << r;
  EXPECT_EQ(json_of(r)["games"][0]["game"], "auction");
  r = run({"review", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(json_of(r)["game"], "hand") << r;
  // The SQLite file of the same directory knows none of it.
  r = run_in(dir.path(), {"history", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(json_of(r)["games"].empty()) << r;
}

// A database that cannot be reached: a game plays on and says it is not saved, a command that
// only reads the store fails saying why, and neither shows the URL's password.
TEST(StoreCliPostgres, AnUnreachableDatabaseIsSaidSoWithoutItsPassword) {
  TempDir dir;
  const std::string url =
      "postgresql://ann:s3cret@/wordgames?host=" + (dir.path() / "no-server").string();
  ProcessResult r =
      run_in(dir.path(), {"--store", url, "hangman", "--seed", "1"}, "1 E\ngive up\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "cannot save games")) << r;
  EXPECT_FALSE(contains(r.err + r.out, "s3cret")) << r;
  r = run_in(dir.path(), {"--store", url, "stats"});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_FALSE(r.err.empty()) << r;
  EXPECT_FALSE(contains(r.err + r.out, "s3cret")) << r;
}

}  // namespace
}  // namespace wg::test
