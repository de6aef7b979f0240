// Unfinished games in the terminal (issue 14): every terminal game but Boggle is saved after
// each move, so that a game stopped (input ended) or killed (SIGKILL) mid-play is listed by
// `wordgames resume`, goes on where it was left with `resume ID`, and is recorded once when it
// ends. Real processes, each on its own --data directory.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/sqlite_store.h"
#include "cli/app.h"
#include "support/blocking_wait.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

extern char** environ;

namespace wg::test {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

constexpr const char* kAnn = "ann";

/// Runs wordgames with --data `dir`, --player `player` and `input` piped.
ProcessResult run_in(const std::filesystem::path& dir, std::vector<std::string> args,
                     std::string input = "", const std::string& player = kAnn) {
  args.insert(args.begin(), {"--data", dir.string(), "--player", player});
  ProcessOptions options;
  options.stdin_text = std::move(input);
  return wordgames(std::move(args), options);
}

/// The moves (commands) of a saved game that a person made: the auction's bot steps left out.
std::size_t person_moves(const app::UnfinishedGame& game) {
  std::size_t n = 0;
  for (const auto& command : game.saved.at("commands")) {
    if (command.value("command", "") != "step") ++n;
  }
  return n;
}

/// Starts wordgames with --data `dir` --player ann `args`, writes `input` to its standard input
/// and keeps that open (the game waits for more), blocks on the data directory's changes
/// (inotify: no sleeps) until ann's unfinished game holds `moves` moves of hers, then kills the
/// program with SIGKILL mid-play. Returns the signal that ended it.
int play_then_kill(const std::filesystem::path& dir, std::vector<std::string> args,
                   const std::string& input, std::size_t moves) {
  args.insert(args.begin(), {"--data", dir.string(), "--player", kAnn});
  const int watch = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  EXPECT_GE(watch, 0);
  ::inotify_add_watch(watch, dir.c_str(), IN_MODIFY | IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO);

  int in[2];
  EXPECT_EQ(::pipe2(in, O_CLOEXEC), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const pid_t pid = spawn_wordgames(std::move(args), actions);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  EXPECT_NE(pid, 0);
  EXPECT_EQ(::write(in[1], input.data(), input.size()), static_cast<ssize_t>(input.size()));

  const std::filesystem::path file = dir / "wordgames.db";
  std::unique_ptr<app::SqliteStore> store;
  bool saved = false;
  while (!saved) {
    if (!store && std::filesystem::exists(file)) store = std::make_unique<app::SqliteStore>(file);
    if (store) {
      // The change event of a commit can come before the commit is visible (SQLite's WAL frames
      // are written, then its shared index): a write transaction (deleting no game) waits for
      // the program's commit under way to end, so the read after it sees that commit.
      store->delete_unfinished(0);
      for (const app::UnfinishedGame& game : store->unfinished_games(kAnn)) {
        saved = saved || person_moves(game) >= moves;
      }
    }
    if (saved) break;
    if (!wait_readable(watch)) {
      ADD_FAILURE() << "the game never saved " << moves << " moves";
      break;
    }
    char events[4096];
    while (::read(watch, events, sizeof events) > 0) {
    }
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(in[1]);
  ::close(watch);
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

/// ann's unfinished games as `resume --json` lists them.
json listed(const std::filesystem::path& dir, const std::string& player = kAnn) {
  const ProcessResult r = run_in(dir, {"resume", "--json"}, "", player);
  EXPECT_EQ(r.exit_code, 0) << r;
  return json_of(r);
}

/// ann's finished games as `history --json` lists them.
json history(const std::filesystem::path& dir) {
  const ProcessResult r = run_in(dir, {"history", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r;
  return json_of(r);
}

std::string id_text(const json& game) { return std::to_string(game["id"].get<std::int64_t>()); }

/// Plays one guess of an evil hangman game as ann, whose input then runs out: the game is left
/// unfinished. The program's exit code.
int leave_an_evil_hangman_game_unfinished(const std::filesystem::path& dir) {
  return run_in(
             dir,
             {"evil-hangman", "--seed", "1", "--length", "4", "--guesses", "5", "--hide-remaining"},
             "e\n")
      .exit_code;
}

struct KilledGame {
  std::string game;
  std::vector<std::string> args;
  std::string input;       ///< the moves before the kill
  std::size_t moves;       ///< the moves of the player those make
  std::string finish;      ///< input that ends the resumed game
  std::string resumed_at;  ///< what the resumed game shows of the state it was left in
  std::string finished;    ///< what it says at the end
};

/// Bids of 0 to the end of the game, then no word (more zeros than bids are refused as words).
std::string auction_finish() {
  std::string input;
  for (int i = 0; i < 14; ++i) input += "0\n";
  return input + "ZZZZ\n\n";
}

std::vector<KilledGame> killed_games() {
  return {
      {"hand",
       {"hand", "--seed", "1", "--hands", "2"},
       "no\n!!\n",
       2,
       "no\n!!\nno\n",
       "Word game, seed 1: resumed at hand",
       "Total score over all hands"},
      {"evil-hangman",
       {"evil-hangman", "--seed", "1", "--length", "4", "--guesses", "8", "--hide-remaining"},
       "e\na\n",
       3,
       "give up\nno\n",
       "Letters guessed: E A",
       "You gave up."},
      {"wordle",
       {"wordle", "--seed", "1"},
       "crane\nslate\n",
       2,
       "!\nno\n",
       "the game resumed",
       "You gave up."},
      {"hangman",
       {"hangman", "--seed", "1"},
       "1 E\n2 A\n",
       2,
       "give up\n6\n",
       "the game resumed",
       "You gave up."},
      {"auction",
       {"auction", "--players", "human,value", "--rounds", "1", "--hidden", "2", "--seed", "3"},
       "0\n0\n",
       2,
       auction_finish(),
       "Auction resumed: the game so far.",
       "Seed 3"},
  };
}

TEST(ResumeCli, AGameKilledMidPlayIsResumedFinishedAndRecordedOnce) {
  for (const KilledGame& g : killed_games()) {
    SCOPED_TRACE(g.game);
    TempDir dir;
    EXPECT_EQ(play_then_kill(dir.path(), g.args, g.input, g.moves), SIGKILL);

    const json list = listed(dir.path());
    EXPECT_EQ(list["player"], kAnn);
    ASSERT_EQ(list["games"].size(), 1u) << list;
    const json saved = list["games"][0];
    EXPECT_EQ(saved["game"], g.game);
    EXPECT_GE(saved["moves"].get<std::size_t>(), g.moves) << saved;
    EXPECT_EQ(history(dir.path())["games"].size(), 0u);

    const ProcessResult r = run_in(dir.path(), {"resume", id_text(saved)}, g.finish);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_TRUE(contains(r.out, g.resumed_at)) << r;
    EXPECT_TRUE(contains(r.out, g.finished)) << r;
    EXPECT_FALSE(contains(r.err, "cannot save")) << r;

    EXPECT_EQ(listed(dir.path())["games"].size(), 0u) << "the finished game is no longer saved";
    const json games = history(dir.path())["games"];
    ASSERT_EQ(games.size(), 1u) << games;
    EXPECT_EQ(games[0]["game"], g.game);
  }
}

TEST(ResumeCli, AGameWhoseInputEndedIsResumedWhereItWasLeft) {
  TempDir dir;
  const std::vector<std::string> args = {
      "evil-hangman", "--seed", "5", "--length", "5", "--guesses", "6", "--hide-remaining"};
  ProcessResult r = run_in(dir.path(), args, "e\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  json list = listed(dir.path());
  ASSERT_EQ(list["games"].size(), 1u) << list;
  EXPECT_EQ(list["games"][0]["moves"], 2);  // the new game and one guess

  // The same moves in one run give the same game: the resumed one goes on from the guess.
  const ProcessResult whole = run_in(dir.path(), args, "e\ngive up\nno\n");
  ASSERT_EQ(whole.exit_code, 0) << whole;
  r = run_in(dir.path(), {"resume", id_text(list["games"][0])}, "give up\nno\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  const auto word_of = [](const std::string& out) {
    const auto at = out.find("The word was ");
    return at == std::string::npos ? std::string() : out.substr(at, 20);
  };
  EXPECT_FALSE(word_of(r.out).empty()) << r;
  EXPECT_EQ(word_of(r.out), word_of(whole.out)) << r << whole;
  EXPECT_TRUE(contains(r.out, "Letters guessed: E")) << r;
  EXPECT_EQ(listed(dir.path())["games"].size(), 0u);
  EXPECT_EQ(history(dir.path())["games"].size(), 2u);
}

TEST(ResumeCli, WithoutAnIdListsTheGamesNewestFirst) {
  TempDir dir;
  ASSERT_EQ(leave_an_evil_hangman_game_unfinished(dir.path()), 0);
  ASSERT_EQ(run_in(dir.path(), {"hangman", "--seed", "2"}, "1 E\n").exit_code, 0);
  // Position hangman gives up at the end of input: only evil hangman's game is left.
  ProcessResult r = run_in(dir.path(), {"resume"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "Unfinished games of ann")) << r;
  EXPECT_TRUE(contains(r.out, "evil-hangman")) << r;
  EXPECT_TRUE(contains(r.out, "wordgames resume ID")) << r;

  ASSERT_EQ(run_in(dir.path(), {"hand", "--seed", "1", "--hands", "2"}, "").exit_code, 0);
  ASSERT_EQ(
      run_in(dir.path(),
             {"evil-hangman", "--seed", "2", "--length", "6", "--guesses", "5", "--hide-remaining"},
             "a\n")
          .exit_code,
      0);
  const json list = listed(dir.path());
  ASSERT_EQ(list["games"].size(), 2u) << list;
  EXPECT_GE(list["games"][0]["updated_ms"], list["games"][1]["updated_ms"]);
  EXPECT_GT(list["games"][0]["id"], list["games"][1]["id"]) << "the newest first";

  r = run_in(dir.path(), {"resume"}, "", "bob");
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.out, "bob has no unfinished game.")) << r;
}

TEST(ResumeCli, ABadIdIsAClearErrorAndLosesNothing) {
  TempDir dir;
  ASSERT_EQ(leave_an_evil_hangman_game_unfinished(dir.path()), 0);
  const json before = listed(dir.path());
  ASSERT_EQ(before["games"].size(), 1u);

  ProcessResult r = run_in(dir.path(), {"resume", "9999"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "no unfinished game 9999")) << r;
  EXPECT_EQ(r.out, "") << r;

  for (const std::string bad : {"0", "abc", "-3"}) {
    r = run_in(dir.path(), {"resume", bad});
    EXPECT_EQ(r.exit_code, 1) << bad << r;
    EXPECT_TRUE(contains(r.err, "ID")) << bad << r;
  }
  EXPECT_EQ(listed(dir.path()), before);
}

TEST(ResumeCli, AnotherPlayersGameIsRefusedAndKept) {
  TempDir dir;
  ASSERT_EQ(leave_an_evil_hangman_game_unfinished(dir.path()), 0);
  const json anns = listed(dir.path());
  ASSERT_EQ(anns["games"].size(), 1u);

  const ProcessResult r = run_in(dir.path(), {"resume", id_text(anns["games"][0])}, "x\n", "bob");
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "is not bob's")) << r;
  EXPECT_EQ(listed(dir.path()), anns);
  // A name in another case is the same player.
  const ProcessResult same =
      run_in(dir.path(), {"resume", id_text(anns["games"][0])}, "give up\nno\n", "ANN");
  EXPECT_EQ(same.exit_code, 0) << same;
}

TEST(ResumeCli, ASavedGameThatNoLongerReplaysIsAClearErrorAndKept) {
  TempDir dir;
  std::int64_t refused = 0;
  std::int64_t unknown = 0;
  std::int64_t boggle = 0;
  {
    app::SqliteStore store(dir / "wordgames.db");
    app::UnfinishedGame game;
    game.player = kAnn;
    game.saved = {
        {"game", "hand"}, {"config", {{"hands", 0}}}, {"seed", 1u}, {"commands", json::array()}};
    refused = store.save_unfinished(game);
    game.saved = {{"game", "chess"}, {"config", json::object()}, {"seed", 1u}};
    unknown = store.save_unfinished(game);
    game.saved = {{"game", "boggle"}, {"config", json::object()}, {"seed", 1u}};
    boggle = store.save_unfinished(game);
  }
  const json before = listed(dir.path());
  ASSERT_EQ(before["games"].size(), 3u) << before;

  ProcessResult r = run_in(dir.path(), {"resume", std::to_string(refused)});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "no longer replays")) << r;
  EXPECT_TRUE(contains(r.err, "it is kept")) << r;

  r = run_in(dir.path(), {"resume", std::to_string(unknown)});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_TRUE(contains(r.err, "'chess'")) << r;

  r = run_in(dir.path(), {"resume", std::to_string(boggle)});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_TRUE(contains(r.err, "Boggle round is not resumed")) << r;

  EXPECT_EQ(listed(dir.path()), before);
}

TEST(ResumeCli, BoggleAndBotOnlyAuctionsAreNotSaved) {
  TempDir dir;
  ASSERT_EQ(
      run_in(dir.path(), {"boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--seed", "1"}, "peace\n")
          .exit_code,
      0);
  ASSERT_EQ(
      run_in(dir.path(), {"auction", "--players", "value,value", "--rounds", "1", "--seed", "3"})
          .exit_code,
      0);
  EXPECT_EQ(listed(dir.path())["games"].size(), 0u);
}

/// The terminal menu, as a person meets it (cli::run told the streams are interactive).
std::string interactive_menu(const std::filesystem::path& dir, const std::string& input) {
  const std::vector<std::string> args = {"wordgames", "--data", dir.string(), "--player", kAnn};
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(cli::run(args, in, out, err, /*interactive=*/true), 0) << err.str();
  return out.str();
}

TEST(ResumeCli, TheMenuOffersResumeStatisticsAndHistory) {
  TempDir dir;
  std::string out = interactive_menu(dir.path(), "\n");
  EXPECT_FALSE(contains(out, "resume ")) << "nothing to resume yet" << out;
  EXPECT_TRUE(contains(out, "stats ")) << out;
  EXPECT_TRUE(contains(out, "history ")) << out;

  ASSERT_EQ(leave_an_evil_hangman_game_unfinished(dir.path()), 0);
  const json list = listed(dir.path());
  ASSERT_EQ(list["games"].size(), 1u);
  out = interactive_menu(
      dir.path(), "resume\n" + id_text(list["games"][0]) + "\ngive up\nno\nstats\nhistory\n\n");
  EXPECT_TRUE(contains(out, "Resume an unfinished game (1 saved)")) << out;
  EXPECT_TRUE(contains(out, "Which game")) << out;
  EXPECT_TRUE(contains(out, "You gave up.")) << out;
  EXPECT_TRUE(contains(out, "Statistics of ann")) << out;
  EXPECT_EQ(count(out, "Resume an unfinished game (1 saved)"), 1u) << "gone once finished" << out;
  EXPECT_EQ(listed(dir.path())["games"].size(), 0u);
  EXPECT_EQ(history(dir.path())["games"].size(), 1u);
}

}  // namespace
}  // namespace wg::test
