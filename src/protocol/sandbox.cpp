#include "protocol/sandbox.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

namespace wg::protocol {

namespace {

namespace fs = std::filesystem;

/// The top folders that are the system's: visible anyway (read-only) or made new by the sandbox.
constexpr std::array<std::string_view, 12> kSystemFolders = {
    "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "proc", "dev", "sys", "run"};

/// The top folders that may be links into /usr (a merged /usr, as on Debian 12).
constexpr std::array<std::string_view, 6> kUsrLinks = {"bin",   "sbin",  "lib",
                                                       "lib32", "lib64", "libx32"};

/// The files of /etc a program may read at its start (the dynamic loader, users, time zone).
constexpr std::array<std::string_view, 8> kEtcFiles = {
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d",  "localtime",
    "passwd",      "group",      "nsswitch.conf", "alternatives"};

bool is_blank_or_operator(char c) {
  return std::string_view(" \t\n;&|<>()`$").find(c) != std::string_view::npos;
}

/// The words of `text` as the shell splits them (roughly: quotes join, blanks and operators
/// split), and the words inside each quoted part (a command given to `sh -c '...'`).
void split_words(std::string_view text, std::vector<std::string>& words, int depth) {
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) words.push_back(word);
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
    } else if (c == '\'' || c == '"') {
      std::size_t end = text.find(c, i + 1);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view inner = text.substr(i + 1, end - i - 1);
      word += inner;
      if (depth < 4) split_words(inner, words, depth + 1);
      i = end;
    } else if (is_blank_or_operator(c)) {
      flush();
    } else {
      word += c;
    }
  }
  flush();
}

/// `path` absolute (from `cwd`) and normalized, without a trailing separator.
fs::path absolute_from(const fs::path& path, const fs::path& cwd) {
  fs::path result = (path.is_absolute() ? path : cwd / path).lexically_normal();
  if (result.filename().empty() && result != result.root_path()) result = result.parent_path();
  return result;
}

/// Whether the sandbox must not show `folder` from the host: /, /tmp (its own is private), or
/// one of the system's folders or inside one.
bool is_system_folder(const fs::path& folder) {
  if (folder == folder.root_path() || folder == "/tmp") return true;
  auto part = folder.begin();
  if (part == folder.end() || ++part == folder.end()) return true;
  return std::find(kSystemFolders.begin(), kSystemFolders.end(), part->string()) !=
         kSystemFolders.end();
}

bool is_inside(const fs::path& path, const fs::path& folder) {
  const auto [f, p] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return f == folder.end();
}

bool is_executable_file(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string SandboxOptions::describe() const {
  if (!enabled) {
    return "no sandbox (trusted bots: they run with this user's files and network); memory and "
           "processes limited per process";
  }
  return "sandbox: bubblewrap (session, pid, net, ipc, uts, user, read-only files, private /tmp); "
         "memory and processes limited per process (no cgroup)";
}

std::optional<fs::path> find_bwrap(const SandboxOptions& options) {
  if (!options.bwrap.empty()) {
    if (is_executable_file(options.bwrap)) return options.bwrap;
    return std::nullopt;
  }
  if (const char* path = std::getenv("PATH")) {
    std::string_view dirs(path);
    while (!dirs.empty()) {
      const std::size_t colon = dirs.find(':');
      const std::string_view dir = dirs.substr(0, colon);
      dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
      if (dir.empty() || dir[0] != '/') continue;  // never a relative folder of PATH
      const fs::path candidate = fs::path(dir) / "bwrap";
      if (is_executable_file(candidate)) return candidate;
    }
  }
  if (is_executable_file("/usr/bin/bwrap")) return fs::path("/usr/bin/bwrap");
  return std::nullopt;
}

std::string bwrap_missing_message() {
  return "external bots run in a sandbox, and its program, bwrap, was not found: install "
         "Debian's package bubblewrap (apt install bubblewrap), or run only bots you trust, "
         "without a sandbox, with --trusted-bots";
}

std::vector<fs::path> bot_paths(const std::string& command, const fs::path& cwd) {
  std::vector<std::string> words;
  split_words(command, words, 0);
  std::vector<fs::path> folders;
  const auto consider = [&](const std::string& word) {
    if (word.empty() || word[0] == '-') return;
    const fs::path path = absolute_from(word, cwd);
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) return;
    const fs::path folder = fs::is_directory(status) ? path : path.parent_path();
    if (!is_system_folder(folder)) folders.push_back(folder);
  };
  for (const std::string& word : words) {
    consider(word);
    if (const std::size_t equals = word.find('='); equals != std::string::npos) {
      consider(word.substr(equals + 1));
    }
  }
  std::sort(folders.begin(), folders.end(), [](const fs::path& a, const fs::path& b) {
    return a.native().size() != b.native().size() ? a.native().size() < b.native().size() : a < b;
  });
  std::vector<fs::path> result;
  for (const fs::path& folder : folders) {
    if (std::none_of(result.begin(), result.end(),
                     [&](const fs::path& kept) { return is_inside(folder, kept); })) {
      result.push_back(folder);
    }
  }
  return result;
}

std::vector<std::string> bwrap_arguments(const std::string& shell_line,
                                         const std::vector<fs::path>& paths, const fs::path& cwd) {
  std::vector<std::string> args = {"--die-with-parent", "--new-session", "--unshare-user",
                                   "--disable-userns",  "--unshare-pid", "--unshare-net",
                                   "--unshare-ipc",     "--unshare-uts", "--unshare-cgroup-try",
                                   "--ro-bind",         "/usr",          "/usr"};
  const auto add = [&](std::initializer_list<std::string> more) {
    args.insert(args.end(), more.begin(), more.end());
  };
  for (const std::string_view name : kUsrLinks) {
    const fs::path top = fs::path("/") / name;
    std::error_code error;
    const fs::file_status link = fs::symlink_status(top, error);
    if (error) continue;
    if (fs::is_symlink(link)) {
      add({"--symlink", fs::read_symlink(top, error).string(), top.string()});
    } else if (fs::is_directory(link)) {
      add({"--ro-bind", top.string(), top.string()});
    }
  }
  for (const std::string_view name : kEtcFiles) {
    const std::string file = "/etc/" + std::string(name);
    add({"--ro-bind-try", file, file});
  }
  // Python's own configuration (Debian's /etc/python3.11/sitecustomize.py).
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/etc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("python")) add({"--ro-bind-try", entry.path(), entry.path()});
  }
  add({"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
  const fs::path here = absolute_from(cwd, "/");
  if (here != here.root_path()) add({"--dir", here.string()});
  for (const fs::path& path : paths) add({"--ro-bind", path.string(), path.string()});
  add({"--chdir", here.string(), "--clearenv", "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
       "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp", "--setenv", "LANG", "C.UTF-8",
       "--", "/bin/sh", "-c",
       fmt::format("exec <&{0} >&{1} {0}<&- {1}>&-; {2}", kSandboxStdin, kSandboxStdout,
                   shell_line)});
  return args;
}

}  // namespace wg::protocol
