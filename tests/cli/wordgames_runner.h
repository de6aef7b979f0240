#pragma once
/// Running the `wordgames` binary from tests, and independent oracles over data/enable1.txt.

#include <spawn.h>
#include <stdlib.h>
#include <sys/types.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/sqlite_store.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace wg::test {

/// The player of the tests' data directory: a terminal game played there never asks a name.
inline constexpr const char* kTestPlayer = "tester";

/// The data directory of tests that do not choose one: a temporary directory of the test
/// process, so that no test reads or writes the user's own saved games (issue 14's store). Its
/// database already knows a last player (kTestPlayer), so that terminal games do not ask.
inline const std::filesystem::path& test_data_home() {
  static const TempDir dir("wg-data-home");
  static const bool prepared = [] {
    app::SqliteStore(dir.path() / "wordgames" / "wordgames.db").set_last_player(kTestPlayer);
    return true;
  }();
  (void)prepared;
  return dir.path();
}

/// The test process's own XDG_DATA_HOME is test_data_home() too, for the tests that run the
/// front end in process (cli::run).
inline const bool kTestDataHomeInEnvironment =
    ::setenv("XDG_DATA_HOME", test_data_home().c_str(), 1) == 0;

/// Runs the binary under test with `args`, with XDG_DATA_HOME at test_data_home() unless the
/// caller sets it (or removes it).
inline ProcessResult wordgames(std::vector<std::string> args, ProcessOptions options = {}) {
  args.insert(args.begin(), WG_BINARY);
  options.env.emplace("XDG_DATA_HOME", test_data_home().string());
  // Whatever the caller's terminal and locale, the program sees a plain pipe.
  options.env.emplace("NO_COLOR", "1");
  return run_process(std::move(args), options);
}

/// Starts the binary under test in the background with `args` (after argv[0]), the tests'
/// environment only (NO_COLOR, XDG_DATA_HOME at test_data_home(), PATH) and its standard
/// streams as `actions` set them: for tests that signal or kill it mid-run. Returns its pid (0
/// if it could not be started); the caller waits for it.
inline pid_t spawn_wordgames(std::vector<std::string> args,
                             const posix_spawn_file_actions_t& actions) {
  args.insert(args.begin(), WG_BINARY);
  std::vector<std::string> env = {"NO_COLOR=1", "XDG_DATA_HOME=" + test_data_home().string(),
                                  "PATH=/usr/bin:/bin"};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (std::string& var : env) envp.push_back(var.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  if (::posix_spawn(&pid, WG_BINARY, &actions, nullptr, argv.data(), envp.data()) != 0) return 0;
  return pid;
}

/// For failure messages: `EXPECT_EQ(r.exit_code, 0) << r;`
inline std::ostream& operator<<(std::ostream& out, const ProcessResult& r) {
  out << "\n--- exit " << r.exit_code;
  if (r.signal != 0) out << ", signal " << r.signal;
  if (r.timed_out) out << ", timed out";
  auto cut = [](const std::string& s) { return s.size() > 2000 ? s.substr(0, 2000) + "..." : s; };
  return out << "\n--- stdout:\n" << cut(r.out) << "\n--- stderr:\n" << cut(r.err) << "\n";
}

/// stdout as JSON; throws (failing the test) if it is not.
inline nlohmann::json json_of(const ProcessResult& r) { return nlohmann::json::parse(r.out); }

/// The lines of a text, without their line endings.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// Messages on stderr as written before they were wrapped at 80 columns (cli::print_message):
/// each line break but the last a space again, so that a test finds a sentence of a message
/// whatever its length and wherever the lines broke.
inline std::string unwrapped(std::string text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] == '\n') text[i] = ' ';
  }
  return text;
}

inline std::string enable_path() { return std::string(WG_SOURCE_DIR) + "/data/enable1.txt"; }

/// The words of data/enable1.txt as read by a plain loop (one lowercase word per line), sorted.
inline const std::vector<std::string>& enable_words() {
  static const std::vector<std::string> words = [] {
    std::ifstream in(enable_path());
    if (!in) throw std::runtime_error("cannot read " + enable_path());
    std::vector<std::string> result;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) result.push_back(line);
    }
    std::sort(result.begin(), result.end());
    return result;
  }();
  return words;
}

}  // namespace wg::test
