#include "support/postgres_server.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "support/process.h"

namespace wg::test {

namespace {

/// Where Debian's postgresql-15 puts its server binaries.
constexpr const char* kDebianBinDir = "/usr/lib/postgresql/15/bin";
/// The superuser initdb makes, whom the tests connect as.
constexpr const char* kSuperuser = "wordgames";
/// setpriv(1), util-linux's: runs a program as another user, as root may.
constexpr const char* kSetpriv = "/usr/bin/setpriv";

std::filesystem::path bin_dir() {
  if (const char* dir = std::getenv("WG_POSTGRES_BINDIR"); dir != nullptr && *dir != '\0') {
    return dir;
  }
  return kDebianBinDir;
}

bool has_binaries(const std::filesystem::path& dir) {
  for (const char* program : {"initdb", "pg_ctl", "postgres", "createdb"}) {
    if (::access((dir / program).c_str(), X_OK) != 0) return false;
  }
  return true;
}

std::string server_user() {
  const char* user = std::getenv("WG_POSTGRES_USER");
  return user != nullptr && *user != '\0' ? user : "nobody";
}

/// The uid and gid to run the server as when the tests run as root, or why there are none.
std::optional<std::pair<unsigned, unsigned>> unprivileged(std::string* why) {
  const std::string user = server_user();
  const passwd* entry = ::getpwnam(user.c_str());
  if (entry == nullptr || entry->pw_uid == 0) {
    if (why != nullptr) {
      *why =
          "the tests run as root, which PostgreSQL refuses to run as, and there is no "
          "unprivileged user '" +
          user + "' to run it as (set WG_POSTGRES_USER)";
    }
    return std::nullopt;
  }
  return std::pair<unsigned, unsigned>{entry->pw_uid, entry->pw_gid};
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

std::string PostgresServer::unavailable() {
  const std::filesystem::path dir = bin_dir();
  if (!has_binaries(dir)) {
    return "no PostgreSQL server binaries (initdb, pg_ctl, postgres, createdb) in " + dir.string() +
           ": install Debian's postgresql-15 (scripts/setup test), or set WG_POSTGRES_BINDIR";
  }
  if (::geteuid() == 0) {
    std::string why;
    if (!unprivileged(&why)) return why;
    if (::access(kSetpriv, X_OK) != 0) {
      return std::string("the tests run as root and ") + kSetpriv +
             " (util-linux), which runs the server as an unprivileged user, is missing";
    }
  }
  return "";
}

PostgresServer::PostgresServer() : bin_(bin_dir()) {
  if (const std::string why = unavailable(); !why.empty()) throw std::runtime_error(why);
  if (::geteuid() == 0) {
    run_as_ = unprivileged(nullptr);
    if (::chown(dir_.path().c_str(), run_as_->first, run_as_->second) != 0) {
      throw std::runtime_error("cannot give " + dir_.path().string() + " to the server's user");
    }
  }
  const std::filesystem::path data = dir_ / "data";
  run_as_server({(bin_ / "initdb").string(), "--pgdata=" + data.string(),
                 std::string("--username=") + kSuperuser, "--auth=trust", "--encoding=UTF8",
                 "--locale=C", "--no-sync", "--no-instructions"},
                "initdb");
  // Appended to the file initdb wrote (which keeps its owner): the last setting wins.
  std::ofstream conf(data / "postgresql.conf", std::ios::app);
  conf << "\n# A throwaway server of the tests (tests/support/postgres_server.h)\n"
       << "listen_addresses = ''\n"
       << "unix_socket_directories = '" << dir_.path().string() << "'\n"
       << "port = 5432\n"
       << "fsync = off\n"
       << "full_page_writes = off\n"
       << "synchronous_commit = off\n";
  conf.close();
  if (!conf) throw std::runtime_error("cannot write " + (data / "postgresql.conf").string());
  start();
}

PostgresServer::~PostgresServer() {
  if (!running_) return;
  try {
    run_as_server({(bin_ / "pg_ctl").string(), "--pgdata=" + (dir_ / "data").string(),
                   "--mode=immediate", "--wait", "stop"},
                  "stop the server");
  } catch (const std::exception&) {
    // Its directory goes anyway; a server that lost it shuts itself down.
  }
}

void PostgresServer::start() {
  // --wait: pg_ctl returns once the server accepts connections (or has failed to start). Its
  // --timeout only bounds a hang, generously: nothing asserts how long starting takes.
  run_as_server({(bin_ / "pg_ctl").string(), "--pgdata=" + (dir_ / "data").string(),
                 "--log=" + (dir_ / "server.log").string(), "--wait", "--timeout=300", "start"},
                "start the server");
  running_ = true;
}

void PostgresServer::stop() {
  run_as_server({(bin_ / "pg_ctl").string(), "--pgdata=" + (dir_ / "data").string(), "--mode=fast",
                 "--wait", "--timeout=300", "stop"},
                "stop the server");
  running_ = false;
}

std::string PostgresServer::url(std::string_view database) const {
  return "postgresql:///" + std::string(database) + "?host=" + dir_.path().string() +
         "&user=" + kSuperuser;
}

std::string PostgresServer::create_database(std::string_view name) {
  const ProcessResult r =
      run_process({(bin_ / "createdb").string(), "--host=" + dir_.path().string(),
                   std::string("--username=") + kSuperuser, std::string(name)});
  if (r.exit_code != 0) {
    throw std::runtime_error("createdb " + std::string(name) + " failed: " + r.err);
  }
  return url(name);
}

void PostgresServer::run_as_server(std::vector<std::string> argv, std::string_view doing) {
  // The server's programs run in its directory: as another user, the tests' own working
  // directory may be out of their reach, which initdb and pg_ctl refuse.
  std::vector<std::string> command;
  if (run_as_) {
    command = {kSetpriv, "--reuid=" + std::to_string(run_as_->first),
               "--regid=" + std::to_string(run_as_->second), "--clear-groups", "--"};
  }
  command.insert(command.end(), {"/usr/bin/env", "--chdir=" + dir_.path().string()});
  command.insert(command.end(), argv.begin(), argv.end());
  ProcessOptions options;
  // The server's settings are the ones written here, whatever the environment of the tests.
  for (const char* name : {"PGDATA", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGOPTIONS"}) {
    options.env[name] = std::nullopt;
  }
  const ProcessResult r = run_process(command, options);
  if (r.exit_code != 0) {
    std::string message = "PostgreSQL test server: cannot " + std::string(doing) + " (" +
                          argv.front() + " exit " + std::to_string(r.exit_code) + "):\n" + r.out +
                          r.err;
    const std::string log = read_file(dir_ / "server.log");
    if (!log.empty()) message += "\nserver log:\n" + log;
    throw std::runtime_error(message);
  }
}

}  // namespace wg::test
