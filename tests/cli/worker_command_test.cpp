// src/cli/worker_command.h and `auction tournament --on-workers`: a tournament queued for
// workers, played by two of them while one is killed (SIGKILL) midway, gives the same table as
// one worker, and as the tournament played in one process, with each game kept once; over
// SQLite and over PostgreSQL (a throwaway server: suites named *Postgres*, labelled "postgres").
// `boggle best --on-workers` and `evil-hangman table --on-workers`, computed by two workers
// while one is killed, print the answer and the table of the command run without workers.
// Nothing here waits on time: the tests wait on a worker's output and on its end, and the kill
// may come at any point of the tournament.

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/store_factory.h"
#include "games/auction/tournament.h"
#include "support/blocking_wait.h"
#include "support/postgres_server.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

using nlohmann::json;

constexpr std::uint64_t kSeed = 11;
constexpr int kGames = 48;

/// The tournament's options after `auction tournament`.
std::vector<std::string> tournament_args(std::string_view store) {
  return {"--store", std::string(store),     "--seed",    std::to_string(kSeed),
          "auction", "tournament",           "--players", "strong,value,random",
          "--games", std::to_string(kGames), "--rounds",  "3"};
}

/// Queues the tournament on `store`; its id.
std::int64_t queue(std::string_view store) {
  std::vector<std::string> args = tournament_args(store);
  args.insert(args.end(), {"--on-workers", "--json"});
  const ProcessResult r = wordgames(args);
  EXPECT_EQ(r.exit_code, 0) << r;
  return json_of(r).at("id").get<std::int64_t>();
}

/// The kept tournament, as `tournaments show ID --json` gives it.
json shown(std::string_view store, std::int64_t id) {
  const ProcessResult r = wordgames(
      {"--store", std::string(store), "tournaments", "show", std::to_string(id), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r;
  return json_of(r);
}

/// Expects the tournament `id` of `store` finished with each of its games kept once.
void expect_each_game_kept_once(std::string_view store, std::int64_t id) {
  const json t = shown(store, id);
  EXPECT_EQ(t.at("status"), "finished") << t.dump();
  ASSERT_EQ(t.at("game_ids").size(), static_cast<std::size_t>(kGames)) << t.dump();
  const std::unique_ptr<app::GameStore> opened = app::open_store_at(std::string(store));
  std::set<std::uint64_t> seeds;
  for (const json& game_id : t.at("game_ids")) {
    seeds.insert(opened->finished_game(game_id.get<std::int64_t>()).seed);
  }
  std::set<std::uint64_t> expected;
  for (int g = 0; g < kGames; ++g) expected.insert(auction::tournament_game_seed(kSeed, g));
  EXPECT_EQ(seeds, expected);
}

/// A worker started in the background, its stdout read through a pipe.
class BackgroundWorker {
 public:
  explicit BackgroundWorker(std::string_view store, std::vector<std::string> extra = {})
      : BackgroundWorker(worker_args(store, std::move(extra)), "") {}
  /// Any command, its standard error read through the pipe, its output written to `out_file`.
  BackgroundWorker(std::vector<std::string> args, const std::string& out_file) {
    int out[2];
    EXPECT_EQ(::pipe2(out, O_CLOEXEC), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (out_file.empty()) {
      posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_file.c_str(),
                                       O_WRONLY | O_CREAT | O_TRUNC, 0644);
      posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
    }
    pid_ = spawn_wordgames(std::move(args), actions);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    out_ = out[0];
    EXPECT_NE(pid_, 0);
  }
  ~BackgroundWorker() {
    if (pid_ != 0) {
      ::kill(pid_, SIGKILL);
      wait_child(pid_);
    }
    ::close(out_);
  }
  static std::vector<std::string> worker_args(std::string_view store,
                                              std::vector<std::string> extra) {
    std::vector<std::string> args = {"--store", std::string(store), "worker", "--lease", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  BackgroundWorker(const BackgroundWorker&) = delete;
  BackgroundWorker& operator=(const BackgroundWorker&) = delete;

  /// Blocks until the worker has printed a line containing `text` (true), or its output ended.
  bool wait_for_line(std::string_view text) {
    for (;;) {
      for (std::size_t end; (end = text_.find('\n', scanned_)) != std::string::npos;) {
        const bool found = text_.substr(scanned_, end - scanned_).find(text) != std::string::npos;
        scanned_ = end + 1;
        if (found) return true;
      }
      if (!wait_readable(out_)) return false;
      char buffer[4096];
      const ssize_t n = ::read(out_, buffer, sizeof buffer);
      if (n <= 0) return false;
      text_.append(buffer, static_cast<std::size_t>(n));
    }
  }
  /// Sends `signal`, then waits for the worker's end: its wait status.
  std::optional<int> end_with(int signal) {
    ::kill(pid_, signal);
    const std::optional<int> status = wait_child(pid_);
    pid_ = 0;
    return status;
  }
  /// Waits for the worker's own end (--once): its wait status.
  std::optional<int> wait() {
    const std::optional<int> status = wait_child(pid_);
    pid_ = 0;
    return status;
  }
  /// What it printed so far (all of it once it ended and wait_for_line found its end).
  const std::string& output() {
    wait_for_line("\x01");  // reads to the end
    return text_;
  }

 private:
  pid_t pid_ = 0;
  int out_ = -1;
  std::string text_;
  std::size_t scanned_ = 0;
};

/// The whole test on two fresh stores of one kind: `one` for one worker, `two` for two.
void two_workers_one_killed_give_one_workers_table(const std::string& one, const std::string& two) {
  // The tournament played in one process, as a reference.
  std::vector<std::string> in_process = tournament_args(one);
  in_process.push_back("--json");
  const ProcessResult reference = wordgames(in_process);
  ASSERT_EQ(reference.exit_code, 0) << reference;
  const json table = json_of(reference).at("bots");

  // One worker.
  const std::int64_t alone = queue(one);
  {
    const ProcessResult r = wordgames({"--store", one, "worker", "--once"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_NE(r.out.find("(auction_tournament_table) done"), std::string::npos) << r;
  }
  EXPECT_EQ(shown(one, alone).at("table"), table);
  expect_each_game_kept_once(one, alone);

  // Two workers, the first killed once it has done a unit (whatever it holds then).
  const std::int64_t shared = queue(two);
  BackgroundWorker doomed(two);
  BackgroundWorker survivor(two, {"--once"});
  ASSERT_TRUE(doomed.wait_for_line("(auction_tournament_games) done")) << doomed.output();
  const std::optional<int> killed = doomed.end_with(SIGKILL);
  ASSERT_TRUE(killed);
  EXPECT_TRUE(WIFSIGNALED(*killed));
  const std::optional<int> ended = survivor.wait();
  ASSERT_TRUE(ended) << "the surviving worker never ended";
  EXPECT_TRUE(WIFEXITED(*ended) && WEXITSTATUS(*ended) == 0) << survivor.output();
  EXPECT_EQ(shown(two, shared).at("table"), table) << survivor.output();
  expect_each_game_kept_once(two, shared);
}

TEST(WorkerCommand, TwoWorkersOneKilledGiveOneWorkersTable) {
  TempDir dir;
  two_workers_one_killed_give_one_workers_table((dir.path() / "one").string(),
                                                (dir.path() / "two").string());
}

TEST(WorkerCommandPostgres, TwoWorkersOneKilledGiveOneWorkersTable) {
  if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
  PostgresServer server;
  two_workers_one_killed_give_one_workers_table(server.create_database("one"),
                                                server.create_database("two"));
}

/// A computation queued with `--on-workers` by a command that waits for it (`args`, after the
/// store), computed by two workers, the first killed once it has done a unit of `unit_kind`:
/// the command's JSON output.
json computed_by_two_workers_one_killed(const std::string& store,
                                        const std::vector<std::string>& args,
                                        std::string_view unit_kind) {
  TempDir dir;
  const std::string out_file = (dir.path() / "out.json").string();
  std::vector<std::string> queued = {"--store", store};
  queued.insert(queued.end(), args.begin(), args.end());
  queued.insert(queued.end(), {"--on-workers", "--json"});
  BackgroundWorker command(queued, out_file);
  if (!command.wait_for_line("queued for the workers")) {
    ADD_FAILURE() << command.output();
    return nullptr;
  }
  BackgroundWorker doomed(store);
  if (!doomed.wait_for_line(fmt::format("({}) done", unit_kind))) {
    ADD_FAILURE() << doomed.output();
    return nullptr;
  }
  BackgroundWorker survivor(store, {"--once"});
  const std::optional<int> killed = doomed.end_with(SIGKILL);
  EXPECT_TRUE(killed && WIFSIGNALED(*killed));
  const std::optional<int> ended = survivor.wait();
  EXPECT_TRUE(ended && WIFEXITED(*ended) && WEXITSTATUS(*ended) == 0) << survivor.output();
  const std::optional<int> answered = command.wait();
  EXPECT_TRUE(answered && WIFEXITED(*answered) && WEXITSTATUS(*answered) == 0) << command.output();
  std::ifstream in(out_file);
  std::ostringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

/// `boggle best --on-workers` gives the answer of the local search: the same board, episode and
/// counts (not the same time, and units rather than threads).
void the_best_board_on_workers_is_the_local_searchs(const std::string& store) {
  const std::vector<std::string> search = {"--seed", "7",   "boggle",     "best",
                                           "--size", "3x3", "--episodes", "24"};
  std::vector<std::string> local = search;
  local.insert(local.end(), {"--jobs", "2", "--json"});
  const ProcessResult reference = wordgames(local);
  ASSERT_EQ(reference.exit_code, 0) << reference;
  json expected = json_of(reference);
  expected.erase("seconds");
  expected.erase("jobs");
  json computed = computed_by_two_workers_one_killed(store, search, "boggle_best_episodes");
  ASSERT_TRUE(computed.is_object()) << computed.dump();
  EXPECT_EQ(computed.at("units"), 12);
  computed.erase("seconds");
  computed.erase("units");
  EXPECT_EQ(computed, expected);
}

TEST(WorkerCommand, TwoWorkersOneKilledFindTheBestBoardOfTheLocalSearch) {
  TempDir dir;
  the_best_board_on_workers_is_the_local_searchs((dir.path() / "store").string());
}

TEST(WorkerCommandPostgres, TwoWorkersOneKilledFindTheBestBoardOfTheLocalSearch) {
  if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
  PostgresServer server;
  the_best_board_on_workers_is_the_local_searchs(server.create_database("best"));
}

TEST(WorkerCommand, TwoWorkersOneKilledGiveTheLocalEvilHangmanTable) {
  TempDir dir;
  const std::vector<std::string> table = {"--seed",       "3", "evil-hangman", "table",
                                          "--min-length", "3", "--max-length", "7",
                                          "--depths",     "2", "--no-optimal"};
  std::vector<std::string> local = table;
  local.push_back("--json");
  const ProcessResult reference = wordgames(local);
  ASSERT_EQ(reference.exit_code, 0) << reference;
  EXPECT_EQ(computed_by_two_workers_one_killed((dir.path() / "store").string(), table,
                                               "evil_hangman_table_row"),
            json_of(reference));
}

TEST(WorkerCommand, ASearchOrTableWorkersCannotShareIsRefusedAndNothingIsQueued) {
  TempDir dir;
  const std::string store = (dir.path() / "store").string();
  ProcessResult r = wordgames({"--store", store, "boggle", "best", "--on-workers"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("--on-workers needs --episodes N"), std::string::npos) << r;
  r = wordgames(
      {"--store", store, "boggle", "best", "--on-workers", "--episodes", "4", "--target", "50"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("--target is not for a search on workers"), std::string::npos)
      << r;
  r = wordgames(
      {"--store", store, "boggle", "best", "--on-workers", "--episodes", "4", "--size", "0x4"});
  EXPECT_EQ(r.exit_code, 1) << r;
  r = wordgames({"--store", store, "evil-hangman", "table", "--on-workers", "--min-length", "9",
                 "--max-length", "5"});
  EXPECT_EQ(r.exit_code, 1) << r;
  r = wordgames({"--store", store, "evil-hangman", "table", "--on-workers", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("--jobs is not for a table on workers"), std::string::npos) << r;
  r = wordgames({"--store", store, "worker", "--once"});
  EXPECT_NE(r.out.find("ends: 0 jobs"), std::string::npos) << r;
}

TEST(WorkerCommand, SigtermEndsAWaitingWorker) {
  TempDir dir;
  const std::string store = (dir.path() / "store").string();
  BackgroundWorker worker(store);
  ASSERT_TRUE(worker.wait_for_line("takes jobs from")) << worker.output();
  const std::optional<int> status = worker.end_with(SIGTERM);
  ASSERT_TRUE(status);
  EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << worker.output();
  EXPECT_NE(worker.output().find("ends: 0 jobs"), std::string::npos) << worker.output();
}

TEST(WorkerCommand, OnceWithNothingQueuedEndsAtOnce) {
  TempDir dir;
  const ProcessResult r =
      wordgames({"--store", (dir.path() / "store").string(), "worker", "--once", "--name", "w1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_NE(r.out.find("worker w1 takes jobs from"), std::string::npos) << r;
  EXPECT_NE(r.out.find("worker w1 ends: 0 jobs"), std::string::npos) << r;
}

TEST(WorkerCommand, ATournamentWorkersCannotPlayIsRefusedAndNothingIsQueued) {
  TempDir dir;
  const std::string store = (dir.path() / "store").string();
  ProcessResult r = wordgames({"--store", store, "auction", "tournament", "--players",
                               "strong,cmd:python3 bot.py", "--on-workers"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("'cmd:python3 bot.py' is not a built-in bot: workers play "
                                  "built-in bots only"),
            std::string::npos)
      << r;
  r = wordgames({"--store", store, "auction", "tournament", "--players", "strong,value",
                 "--on-workers", "--log-dir", (dir.path() / "logs").string()});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_NE(unwrapped(r.err).find("--log-dir is not for a tournament on workers"),
            std::string::npos)
      << r;
  r = wordgames({"--store", store, "auction", "tournament", "--players", "strong,value",
                 "--on-workers", "--rounds", "0"});
  EXPECT_NE(r.exit_code, 0) << r;
  r = wordgames({"--store", store, "tournaments", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_TRUE(json_of(r).at("tournaments").empty()) << r;
  r = wordgames({"--store", store, "worker", "--once"});
  EXPECT_NE(r.out.find("ends: 0 jobs"), std::string::npos) << r;
}

}  // namespace
}  // namespace wg::test
