// `wordgames serve` run as an operator runs it, and ended as an operator ends it (issue 15):
// Ctrl-C (SIGINT) or SIGTERM stops the arcade cleanly (exit 0, its connections closed, the games
// in play kept in the store and resumable by the next server); SIGHUP ends it, and either way a
// tournament's external bot that ignores signals ends with it. Real processes, each on its own
// --data directory; no sleeps: the tests wait on the server's output, a FIFO and pidfds.
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/postgres_store.h"
#include "app/sqlite_store.h"
#include "server/test_client.h"
#include "support/blocking_wait.h"
#include "support/postgres_server.h"
#include "support/temp_dir.h"
#include "wordgames_runner.h"

namespace wg::test {
namespace {

using nlohmann::json;
using server::test::ClientResponse;
using server::test::http_post;
using server::test::HttpConnection;

/// A running `wordgames serve --port 0 --data DIR ...`: started, its port read from the line it
/// prints, and ended by the test with a signal.
class Server {
 public:
  Server(const std::filesystem::path& data, std::vector<std::string> more) {
    std::vector<std::string> args = {"--data", data.string(), "serve", "--port", "0", "--offline"};
    args.insert(args.end(), more.begin(), more.end());
    int out[2];
    EXPECT_EQ(::pipe2(out, O_CLOEXEC), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_ = spawn_wordgames(std::move(args), actions);
    EXPECT_NE(pid_, 0);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    output_ = ::fdopen(out[0], "r");
    // "wordgames arcade: http://HOST:PORT/", printed once it listens.
    char line[512];
    while (output_ != nullptr && std::fgets(line, sizeof line, output_) != nullptr) {
      const std::string_view text(line);
      if (!text.starts_with("wordgames arcade: http://")) continue;
      address_ = text.substr(0, text.find('\n'));
      unsigned port = 0;
      const std::size_t colon = text.rfind(':');
      if (colon != std::string_view::npos && std::sscanf(line + colon, ":%u/", &port) == 1) {
        port_ = static_cast<std::uint16_t>(port);
      }
      break;
    }
    // What it says before it serves, up to "Ctrl-C stops it.".
    while (!address_.empty() && std::fgets(line, sizeof line, output_) != nullptr) {
      banner_ += line;
      if (banner_.ends_with("Ctrl-C stops it.\n")) break;
    }
    EXPECT_NE(port_, 0) << "the server never said where it listens";
  }
  ~Server() {
    if (pid_ > 0 && !ended_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (output_ != nullptr) std::fclose(output_);
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  std::uint16_t port() const { return port_; }
  /// The line "wordgames arcade: http://HOST:PORT/".
  const std::string& address() const { return address_; }
  /// The lines printed after the address, up to "Ctrl-C stops it.".
  const std::string& banner() const { return banner_; }

  /// `secret`: the X-Player-Secret of the player the request acts as ("" for none).
  json post(const std::string& target, const json& body, int status,
            const std::string& secret = "") {
    server::test::Headers headers;
    if (!secret.empty()) headers.emplace_back("X-Player-Secret", secret);
    const ClientResponse r = http_post(port_, target, body.dump(), headers);
    EXPECT_EQ(r.status, status) << target << ": " << r.body;
    return json::parse(r.body, nullptr, /*allow_exceptions=*/false);
  }

  /// Sends `signal` and waits for the process to end: its wait status.
  int end_with(int signal) {
    ChildHandle child(pid_);
    EXPECT_EQ(::kill(pid_, signal), 0);
    const std::optional<int> status = child.wait();
    ended_ = true;
    EXPECT_TRUE(status.has_value()) << "the server did not end";
    return status.value_or(-1);
  }

 private:
  pid_t pid_ = -1;
  std::FILE* output_ = nullptr;
  std::uint16_t port_ = 0;
  std::string address_;
  std::string banner_;
  bool ended_ = false;
};

std::string describe(int status) {
  if (WIFEXITED(status)) return fmt::format("exit {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("signal {}", WTERMSIG(status));
  return fmt::format("status {}", status);
}

TEST(ServeHost, EveryWildcardFormOfTheHostIsWarnedAboutAndAnEmptyOneRefused) {
  // Issue 31: `--host ''`, `::` and `0` listened on every interface without the warning that
  // 0.0.0.0 gets.
  const TempDir data("wg-serve-host");
  constexpr std::string_view kWarning = "Listening on every interface";
  for (const char* host : {"0.0.0.0", "0", "0x0"}) {
    Server server(data.path(), {"--host", host, "--no-store"});
    EXPECT_NE(server.banner().find(kWarning), std::string::npos) << host << ":\n"
                                                                 << server.banner();
    EXPECT_TRUE(server.address().starts_with("wordgames arcade: http://127.0.0.1:"))
        << "this machine's own address to open: " << server.address();
  }
  {
    Server server(data.path(), {"--host", "127.0.0.1", "--no-store"});
    EXPECT_EQ(server.banner().find(kWarning), std::string::npos) << server.banner();
  }
  const TempDir untouched("wg-serve-empty-host");
  const ProcessResult empty =
      wordgames({"--data", untouched.path().string(), "serve", "--port", "0", "--host", ""});
  EXPECT_EQ(empty.exit_code, 1) << empty;
  EXPECT_NE(empty.err.find("an empty host is not an address"), std::string::npos) << empty;
  EXPECT_FALSE(std::filesystem::exists(untouched.path() / "wordgames.db"))
      << "refused before anything";
}

TEST(ServeTournamentsOnWorkers, AWorkerOfTheSameStorePlaysTheArcadesTournament) {
  const TempDir data("wg-serve-on-workers");
  std::optional<Server> server;
  server.emplace(data.path(), std::vector<std::string>{"--on-workers"});
  EXPECT_NE(server->banner().find("queued for workers"), std::string::npos) << server->banner();
  const json seats = {{{"kind", "bot"}, {"name", "value"}}, {{"kind", "bot"}, {"name", "random"}}};
  const json queued =
      server->post("/api/auction/tournaments",
                   {{"config", {{"seats", seats}, {"rounds", 1}}}, {"games", 3}}, 201);
  ASSERT_EQ(queued.value("status", ""), "running") << queued.dump();
  const std::string path = "/api/auction/tournaments/" + queued.value("id", std::string());
  // The worker knows the lexicon by the name the server queued it with: it plays every game.
  const ProcessResult worker = wordgames({"--data", data.path().string(), "worker", "--once"});
  ASSERT_EQ(worker.exit_code, 0) << worker;
  const ClientResponse done = server::test::http_get(server->port(), path);
  ASSERT_EQ(done.status, 200) << done.body;
  const json state = json::parse(done.body);
  EXPECT_EQ(state["status"], "finished") << done.body;
  EXPECT_EQ(state["done"], 3);
  EXPECT_EQ(state["table"].size(), 2u);
  server.reset();
}

TEST(ServeTournamentsOnWorkers, IsRefusedWithoutAStoreOrWithExternalBots) {
  const TempDir data("wg-serve-on-workers");
  const ProcessResult no_store = wordgames(
      {"--data", data.path().string(), "serve", "--port", "0", "--on-workers", "--no-store"});
  EXPECT_EQ(no_store.exit_code, 1) << no_store;
  EXPECT_NE(no_store.err.find("--no-store"), std::string::npos) << no_store;
  const ProcessResult bots = wordgames({"--data", data.path().string(), "serve", "--port", "0",
                                        "--on-workers", "--allow-bot", "python3 bot.py"});
  EXPECT_EQ(bots.exit_code, 1) << bots;
  EXPECT_NE(bots.err.find("built-in bots only"), std::string::npos) << bots;
}

TEST(ServeSignals, InterruptOrTerminationStopsCleanlyAndKeepsTheGamesInPlay) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(strsignal(signal));
    TempDir data;
    std::string secret;  // ann's
    {
      Server server(data.path(), {});
      ASSERT_NE(server.port(), 0);
      secret = server.post("/api/players", {{"name", "ann"}}, 201)["secret"];
      const json session = server.post(
          "/api/sessions", {{"game", "evil-hangman"}, {"seed", 7}, {"player", "ann"}}, 201, secret);
      const std::string commands =
          "/api/sessions/" + session["id"].get<std::string>() + "/commands";
      server.post(commands, {{"command", "new_game"}, {"length", 5}, {"guesses", 8}}, 200);
      server.post(commands, {{"command", "guess"}, {"letter", "e"}}, 200);
      HttpConnection idle(server.port());  // a client that keeps its connection open
      EXPECT_EQ(idle.request("GET", "/api/health").status, 200);
      const int status = server.end_with(signal);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << describe(status);
      EXPECT_TRUE(idle.closed_by_server());
    }
    // The store is sound and the game in play is kept, a guess in...
    std::vector<app::UnfinishedGame> kept;
    {
      app::SqliteStore store(data.path() / "wordgames.db");
      kept = store.unfinished_games("ann");
    }
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_EQ(kept[0].saved["commands"].size(), 2u) << kept[0].saved.dump();
    // ...and the next server resumes it.
    Server next(data.path(), {});
    const json resumed = next.post("/api/sessions/resume",
                                   {{"unfinished", kept[0].id}, {"player", "ann"}}, 201, secret);
    EXPECT_EQ(resumed["view"]["letters"], json::array({"e"})) << resumed.dump();
    EXPECT_EQ(resumed["view"]["length"], 5) << resumed.dump();
    EXPECT_EQ(next.end_with(SIGTERM), 0);
  }
}

// `serve --store postgresql://...`: the arcade keeps its players and games in that database; a
// game in play when the server stops is there, the next server (on another data directory)
// resumes it, and a finished game is read back by the terminal's stats from the same database.
TEST(ServePostgres, AnArcadeKeepsItsGamesInPostgresqlForTheNextServer) {
  if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
  PostgresServer database;
  const std::string url = database.create_database("arcade");
  TempDir first_data;
  std::string secret;  // ann's
  {
    Server server(first_data.path(), {"--store", url});
    ASSERT_NE(server.port(), 0);
    secret = server.post("/api/players", {{"name", "ann"}}, 201)["secret"];
    const json session = server.post(
        "/api/sessions", {{"game", "evil-hangman"}, {"seed", 7}, {"player", "ann"}}, 201, secret);
    const std::string commands = "/api/sessions/" + session["id"].get<std::string>() + "/commands";
    server.post(commands, {{"command", "new_game"}, {"length", 5}, {"guesses", 8}}, 200);
    server.post(commands, {{"command", "guess"}, {"letter", "e"}}, 200);
    EXPECT_EQ(server.end_with(SIGTERM), 0);
  }
  EXPECT_FALSE(std::filesystem::exists(first_data / "wordgames.db")) << "nothing in the directory";
  std::vector<app::UnfinishedGame> kept;
  {
    app::PostgresStore store(url);
    kept = store.unfinished_games("ann");
  }
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].saved["commands"].size(), 2u) << kept[0].saved.dump();
  TempDir second_data;
  Server next(second_data.path(), {"--store", url});
  const json resumed = next.post("/api/sessions/resume",
                                 {{"unfinished", kept[0].id}, {"player", "ann"}}, 201, secret);
  EXPECT_EQ(resumed["view"]["letters"], json::array({"e"})) << resumed.dump();
  const std::string commands = "/api/sessions/" + resumed["id"].get<std::string>() + "/commands";
  next.post(commands, {{"command", "give_up"}}, 200);
  EXPECT_EQ(next.end_with(SIGTERM), 0);
  const ProcessResult stats =
      wordgames({"--store", url, "--player", "ann", "history", "--json"}, ProcessOptions{});
  ASSERT_EQ(stats.exit_code, 0) << stats;
  const json history = json::parse(stats.out);
  ASSERT_EQ(history["games"].size(), 1u) << stats.out;
  EXPECT_EQ(history["games"][0]["game"], "evil-hangman");
}

// The database stops in the middle of a game: every command is still played and answered, each
// answer telling its player that the game is not kept; the game that ended meanwhile is
// recorded, once and whole, when the database is back (at the next command here).
TEST(ServePostgres, TheDatabaseStoppingMidGameLosesNothingAcknowledged) {
  if (const std::string why = PostgresServer::unavailable(); !why.empty()) GTEST_SKIP() << why;
  PostgresServer database;
  const std::string url = database.create_database("arcade");
  TempDir data;
  Server server(data.path(), {"--store", url});
  ASSERT_NE(server.port(), 0);
  const std::string secret = server.post("/api/players", {{"name", "ann"}}, 201)["secret"];
  const json session = server.post(
      "/api/sessions", {{"game", "evil-hangman"}, {"seed", 7}, {"player", "ann"}}, 201, secret);
  const std::string commands = "/api/sessions/" + session["id"].get<std::string>() + "/commands";
  EXPECT_FALSE(server.post(commands, {{"command", "new_game"}, {"length", 5}, {"guesses", 8}}, 200)
                   .contains("not_kept"));
  server.post(commands, {{"command", "guess"}, {"letter", "e"}}, 200);

  database.stop();
  const json guessed = server.post(commands, {{"command", "guess"}, {"letter", "a"}}, 200);
  EXPECT_TRUE(guessed.contains("not_kept")) << guessed.dump();
  EXPECT_EQ(guessed["view"]["letters"], json::array({"e", "a"})) << guessed.dump();
  const json ended = server.post(commands, {{"command", "give_up"}}, 200);
  EXPECT_EQ(ended["view"]["status"], "finished") << ended.dump();
  EXPECT_TRUE(ended.contains("not_kept")) << ended.dump();

  database.start();
  const json again = server.post(commands, {{"command", "new_game"}, {"length", 5}}, 200);
  EXPECT_FALSE(again.contains("not_kept")) << again.dump();
  EXPECT_EQ(server.end_with(SIGTERM), 0);

  app::PostgresStore postgres(url);
  app::GameStore& store = postgres;
  const std::vector<app::GameSummary> games = store.finished_games("ann");
  ASSERT_EQ(games.size(), 1u);
  const app::FinishedGame game = store.finished_game(games[0].id);
  EXPECT_EQ(game.commands.size(), 4u) << game.commands.dump();
  EXPECT_EQ(game.commands.back()["command"], "give_up") << game.commands.dump();
}

// A tournament's external bot that ignores SIGTERM and SIGHUP and never replies: whatever ends
// the server (a clean stop or a hang-up), the bot ends with it. This test process is a
// subreaper, so the bot, orphaned when the server ends, becomes its child: already killed (a
// zombie) when the server is gone.
TEST(ServeLimits, TheConnectionsOfOneAddressAreCappedAsTheOperatorSays) {
  TempDir dir;
  Server server(dir / "data", {"--connections-per-address", "1", "--no-store"});
  ASSERT_NE(server.port(), 0);
  HttpConnection first(server.port());
  EXPECT_EQ(first.request("GET", "/api/health").status, 200);
  HttpConnection second(server.port());
  EXPECT_EQ(second.request("GET", "/api/health").status, 0) << "closed: the address has one";
  EXPECT_EQ(first.request("GET", "/api/health").status, 200);
}

TEST(ServeSignals, AnExternalBotEndsWithTheServer) {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  for (const int signal : {SIGTERM, SIGINT, SIGHUP}) {
    SCOPED_TRACE(strsignal(signal));
    TempDir dir;
    const std::string fifo = (dir / "bot.pid").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string bot_command = fmt::format(
        "/bin/sh {}/tests/protocol/bots/hostile_bot.sh stubborn {}", WG_SOURCE_DIR, fifo);
    // Trusted (no sandbox): the bot writes its pid, as this test sees it, to a FIFO outside its
    // folder.
    Server server(dir / "data",
                  {"--allow-bot", bot_command, "--bot-timeout", "600000", "--trusted-bots"});
    ASSERT_NE(server.port(), 0);
    const json config = {
        {"seats",
         {{{"kind", "bot"}, {"name", "value"}}, {{"kind", "external"}, {"name", bot_command}}}},
        {"rounds", 1}};
    server.post("/api/auction/tournaments", {{"config", config}, {"games", 1}}, 201);
    pid_t bot = -1;
    {
      std::ifstream in(fifo);  // blocks until the bot, asked its first bid, writes its pid
      in >> bot;
    }
    ASSERT_GT(bot, 0);
    const int status = server.end_with(signal);
    if (signal == SIGHUP) {
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP) << describe(status);
    } else {
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << describe(status);
    }
    // Alive, the bot would now be this process's child (0 from WNOHANG). Killed, it is either
    // a zombie child (killed as the server ended) or reaped already by the server, a subreaper
    // that kills and reaps its bots when it stops cleanly.
    int bot_status = 0;
    const pid_t reaped = ::waitpid(bot, &bot_status, WNOHANG);
    if (reaped == bot) {
      EXPECT_TRUE(WIFSIGNALED(bot_status) && WTERMSIG(bot_status) == SIGKILL) << bot_status;
    } else {
      EXPECT_EQ(reaped, -1) << "the bot outlived the server";
      EXPECT_EQ(::kill(bot, 0), -1) << "the bot outlived the server";
    }
  }
}

}  // namespace
}  // namespace wg::test
