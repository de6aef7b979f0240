// src/core/file_io.h: bounded reads of files from outside, atomic writes. The write tests use
// real processes: a child with a file size limit (a full disk), a child without the rights to
// the directory, and a child killed (SIGKILL) at each step of a write, the step chosen by the
// parent from what the child reports on a pipe, never by a timer.

#include "core/file_io.h"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/blocking_wait.h"
#include "support/temp_dir.h"

namespace wg {
namespace {

namespace fs = std::filesystem;

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const FileError& error) {
    return error.what();
  }
  return "(no FileError)";
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

/// The names of the files in `dir`, sorted.
std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// Reads all of `fd` until its end.
std::string read_all(int fd) {
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

/// Runs `body` in a child process; its standard output goes to the returned text (the child's
/// report), and its exit status to `status`.
std::string run_child(const std::function<int()>& body, int& status) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    ::dup2(fds[1], STDOUT_FILENO);
    ::_exit(body());
  }
  ::close(fds[1]);
  std::string report = read_all(fds[0]);
  ::close(fds[0]);
  status = test::wait_child(pid).value_or(-1);
  return report;
}

void put(std::string_view text) {
  const ssize_t ignored = ::write(STDOUT_FILENO, text.data(), text.size());
  (void)ignored;
}

/// A write of `bytes` over `path` in this (child) process: "ok", or the FileError's message.
int write_and_report(const fs::path& path, const std::string& bytes) {
  try {
    write_file_atomically(path, bytes);
    put("ok");
  } catch (const FileError& error) {
    put(error.what());
  }
  return 0;
}

// --- Bounded reads.

TEST(ReadRegularFile, ReadsTheExactBytesUpToTheCap) {
  test::TempDir dir;
  std::string bytes;
  for (int i = 0; i < 100000; ++i) bytes += static_cast<char>(i * 31 % 256);
  const fs::path file = dir.write("blob", bytes);
  EXPECT_EQ(read_regular_file(file, bytes.size()), bytes);
  EXPECT_EQ(read_regular_file(dir.write("empty", ""), 0), "");
}

TEST(ReadRegularFile, RefusesAFileOverTheCapFromItsSize) {
  test::TempDir dir;
  const fs::path file = dir.write("big", std::string(1001, 'x'));
  const std::string message = error_of([&] { read_regular_file(file, 1000); });
  EXPECT_EQ(message, file.string() + ": file too large (1001 bytes; the limit is 1000 bytes)");
  // A sparse file of 1 TiB is refused from its size alone: nothing is allocated or read.
  const fs::path sparse = dir / "sparse";
  { std::ofstream(sparse).put('x'); }
  fs::resize_file(sparse, std::uint64_t{1} << 40);
  EXPECT_TRUE(contains(error_of([&] { read_regular_file(sparse, std::uint64_t{1} << 30); }),
                       "file too large (1099511627776 bytes; the limit is 1 GiB)"));
}

TEST(ReadRegularFile, ATextFileIsReadUpToTheBlockOfItsFirstNul) {
  // Issue 31: a 1 GiB file of zeros (here sparse: cheap to make) was read whole, 1 GB of memory
  // and 5 s, before its reader refused it for its first byte.
  test::TempDir dir;
  const fs::path zeros = dir / "zeros";
  { std::ofstream(zeros).put('\0'); }
  fs::resize_file(zeros, std::uint64_t{1} << 30);
  EXPECT_EQ(read_regular_file(zeros, std::uint64_t{1} << 30, ReadUntil::kFirstNulBlock),
            std::string(kTextBlockBytes, '\0'));
  // A NUL further in: the blocks up to its own, whole.
  std::string text(3 * kTextBlockBytes + 100, 'a');
  text[kTextBlockBytes + 5] = '\0';
  const fs::path late = dir.write("late", text);
  EXPECT_EQ(read_regular_file(late, text.size(), ReadUntil::kFirstNulBlock),
            text.substr(0, 2 * kTextBlockBytes));
  // Text without a NUL: all of it, as kEnd reads it; the cap still holds.
  const fs::path plain = dir.write("plain", std::string(kTextBlockBytes + 3, 'b'));
  EXPECT_EQ(read_regular_file(plain, kTextBlockBytes + 3, ReadUntil::kFirstNulBlock),
            read_regular_file(plain, kTextBlockBytes + 3));
  EXPECT_TRUE(contains(
      error_of([&] { read_regular_file(plain, kTextBlockBytes, ReadUntil::kFirstNulBlock); }),
      "file too large"));
}

TEST(ReadTextFile, SkipsAByteOrderMarkAndRefusesANulByte) {
  test::TempDir dir;
  EXPECT_EQ(read_text_file(dir.write("bom",
                                     "\xEF\xBB\xBF"
                                     "ab\ncd\n"),
                           100),
            "ab\ncd\n");
  EXPECT_EQ(read_text_file(dir.write("plain", "ab\n"), 100), "ab\n");
  EXPECT_EQ(read_text_file(dir.write("empty", ""), 100), "");
  const fs::path nul = dir.write("nul", std::string("ab\0cd", 5));
  EXPECT_EQ(error_of([&] { read_text_file(nul, 100); }),
            nul.string() + ": binary file (NUL byte at offset 2), not text");
  const fs::path zeros = dir / "zeros";
  { std::ofstream(zeros).put('x'); }
  fs::resize_file(zeros, std::uint64_t{1} << 30);
  EXPECT_EQ(error_of([&] { read_text_file(zeros, std::uint64_t{1} << 30); }),
            zeros.string() + ": binary file (NUL byte at offset 1), not text");
  EXPECT_EQ(checked_text("\xEF\xBB\xBFx", "-"), "x");
  EXPECT_EQ(error_of([] { checked_text(std::string_view("x\0", 2), "standard input"); }),
            "standard input: binary file (NUL byte at offset 1), not text");
}

TEST(ReadRegularFile, RefusesADirectory) {
  test::TempDir dir;
  EXPECT_EQ(error_of([&] { read_regular_file(dir.path(), 1000); }),
            dir.path().string() + ": is a directory, not a file");
}

TEST(ReadRegularFile, RefusesDevZeroAtOnce) {
  // /dev/zero never ends: a reader without a bound would fill the memory.
  EXPECT_EQ(error_of([] { read_regular_file("/dev/zero", std::uint64_t{1} << 30); }),
            "/dev/zero: is a device, not a regular file");
}

TEST(ReadRegularFile, RefusesAFifoWithoutWaitingForAWriter) {
  // Opening a FIFO for reading blocks until a writer comes; none ever does here, so a reader
  // that opened it without O_NONBLOCK would hang this test (until the ctest timeout).
  test::TempDir dir;
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] { read_regular_file(fifo, 1000); }),
            fifo.string() + ": is a FIFO (named pipe), not a regular file");
}

TEST(ReadRegularFile, NamesTheProblemOfAMissingPath) {
  test::TempDir dir;
  EXPECT_EQ(error_of([&] { read_regular_file(dir / "none", 10); }),
            (dir / "none").string() + ": file not found");
  const fs::path plain = dir.write("plain", "x");
  EXPECT_EQ(error_of([&] { read_regular_file(plain / "x", 10); }),
            (plain / "x").string() + ": file not found (a parent in the path is not a directory)");
}

TEST(RegularFile, ReadsInPiecesWithTheSameChecks) {
  test::TempDir dir;
  RegularFile file(dir.write("parts", "headerBODY"), 100);
  EXPECT_EQ(file.size(), 10u);
  char header[6];
  ASSERT_TRUE(file.read_exactly(header, 6));
  EXPECT_EQ(std::string(header, 6), "header");
  char body[8] = {};
  EXPECT_FALSE(file.read_exactly(body, 8)) << "the file ends after 4 more bytes";
  EXPECT_EQ(std::string(body, 4), "BODY");
  EXPECT_EQ(file.read_some(body, 8), 0u) << "at the end";
  EXPECT_EQ(error_of([&] { RegularFile too_big(dir / "parts", 9); }),
            (dir / "parts").string() + ": file too large (10 bytes; the limit is 9 bytes)");
  EXPECT_EQ(error_of([] { RegularFile device("/dev/zero", 100); }),
            "/dev/zero: is a device, not a regular file");
}

// --- Atomic writes.

// --- Streamed writes.

TEST(StreamedFile, WritesAFileFromItsStartAsItGoes) {
  test::TempDir dir;
  const fs::path file = dir.write("game.jsonl", "an older, longer log\n");
  {
    StreamedFile log(file);
    EXPECT_EQ(read_regular_file(file, 100), "") << "emptied when opened";
    log.write("one\n");
    EXPECT_EQ(read_regular_file(file, 100), "one\n") << "written at once, not buffered";
    log.write("two\n");
  }
  EXPECT_EQ(read_regular_file(file, 100), "one\ntwo\n");
  { StreamedFile created(dir / "new.jsonl"); }
  EXPECT_TRUE(fs::is_regular_file(dir / "new.jsonl"));
  EXPECT_EQ(error_of([&] { StreamedFile missing(dir / "no" / "log"); }),
            (dir / "no" / "log").string() + ": cannot write (no such directory)");
}

TEST(StreamedFile, RefusesAFifoADeviceOrADirectoryWithoutBlocking) {
  // Issue 31: `auction --log FIFO` opened the FIFO for writing, which waits for a reader for
  // ever; with a reader, the log would have gone to whoever reads it.
  test::TempDir dir;
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string refused = fifo.string() +
                              ": cannot write: it is a FIFO (named pipe), not a "
                              "regular file";
  EXPECT_EQ(error_of([&] { StreamedFile log(fifo); }), refused) << "no reader";
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  EXPECT_EQ(error_of([&] { StreamedFile log(fifo); }), refused) << "with a reader";
  ::close(reader);
  EXPECT_TRUE(fs::is_fifo(fifo)) << "left as it is";
  EXPECT_EQ(error_of([] { StreamedFile log("/dev/null"); }),
            "/dev/null: cannot write: it is a device, not a regular file");
  EXPECT_EQ(error_of([&] { StreamedFile log(dir.path()); }),
            dir.path().string() + ": cannot write: it is a directory, not a file");
}

TEST(OpenForAppending, AddsToAFileAndRefusesAnythingElseWithoutBlocking) {
  test::TempDir dir;
  const fs::path file = dir.write("bot.log", "before\n");
  for (const char* line : {"one\n", "two\n"}) {
    const int fd = open_for_appending(file);
    ASSERT_EQ(::write(fd, line, 4), 4);
    ::close(fd);
  }
  EXPECT_EQ(read_regular_file(file, 100), "before\none\ntwo\n") << "appended, never emptied";
  // The check is made on what was opened: a FIFO with a reader (which a check before opening
  // could have raced with) is refused as one without.
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string refused =
      fifo.string() + ": cannot write: it is a FIFO (named pipe), not a regular file";
  EXPECT_EQ(error_of([&] { open_for_appending(fifo); }), refused) << "no reader";
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  EXPECT_EQ(error_of([&] { open_for_appending(fifo); }), refused) << "with a reader";
  ::close(reader);
  EXPECT_EQ(error_of([] { open_for_appending("/dev/null"); }),
            "/dev/null: cannot write: it is a device, not a regular file");
}

TEST(WriteFileAtomically, ReplacesTheFileAndLeavesNoTemporary) {
  test::TempDir dir;
  const fs::path file = dir / "data.txt";
  write_file_atomically(file, "one\n");
  EXPECT_EQ(test::read_bytes(file), "one\n");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  write_file_atomically(file, "two\n");
  EXPECT_EQ(test::read_bytes(file), "two\n");
  EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"data.txt"});
  // The new file keeps the old one's permission bits.
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

TEST(WriteFileAtomically, ReportsEachStepInOrder) {
  test::TempDir dir;
  std::vector<std::string> steps;
  write_file_atomically(dir / "f", "x",
                        [&](WriteStep step) { steps.emplace_back(to_string(step)); });
  EXPECT_EQ(steps, (std::vector<std::string>{"temporary-created", "written", "synced", "renamed"}));
}

TEST(WriteFileAtomically, RefusesToReplaceADirectoryOrWriteIntoAMissingOne) {
  test::TempDir dir;
  fs::create_directories(dir / "taken" / "x");
  EXPECT_EQ(error_of([&] { write_file_atomically(dir / "taken", "x"); }),
            (dir / "taken").string() + ": cannot write: it is a directory, not a file");
  EXPECT_TRUE(contains(error_of([&] { write_file_atomically(dir / "no" / "f", "x"); }),
                       (dir / "no" / "f").string() + ": cannot write (No such file"));
  EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"taken"});
}

TEST(WriteFileAtomically, AFullDiskLeavesTheOldFileIntact) {
  // The disk is "full" for a child process whose file size limit is 4096 bytes: its writes past
  // that fail with EFBIG, as they would with ENOSPC on a full disk.
  test::TempDir dir;
  const fs::path file = dir.write("lexicon.bin", "the old, good content\n");
  const std::string big(1 << 20, 'n');
  int status = 0;
  const std::string report = run_child(
      [&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 3;
        return write_and_report(file, big);
      },
      status);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_EQ(report, file.string() +
                        ": cannot write (file too large for this process or device); the file was "
                        "left as it was");
  EXPECT_EQ(test::read_bytes(file), "the old, good content\n");
  EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"lexicon.bin"});  // no temporary
}

TEST(WriteFileAtomically, RefusesToReplaceADeviceOrAFifo) {
  // A rename over /dev/full would replace the device node by a file (as root): only a regular
  // file is ever replaced, and nothing is written.
  EXPECT_EQ(error_of([] { write_file_atomically("/dev/full", "x"); }),
            "/dev/full: cannot write: it is a device, not a regular file");
  struct stat after {};
  ASSERT_EQ(::stat("/dev/full", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  test::TempDir dir;
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] { write_file_atomically(fifo, "x"); }),
            fifo.string() + ": cannot write: it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"pipe"});
}

TEST(WriteFileAtomically, AReadOnlyDirectoryLeavesTheOldFileIntact) {
  // As root, permissions are not enforced: the writer then runs in a child as user "nobody".
  test::TempDir dir;
  const fs::path sub = dir / "ro";
  fs::create_directory(sub);
  const fs::path file = sub / "history.tsv";
  { std::ofstream(file) << "old\n"; }
  fs::permissions(dir.path(), fs::perms::all, fs::perm_options::add);  // nobody may pass
  fs::permissions(sub, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const passwd* nobody = ::getpwnam("nobody");
  if (::geteuid() == 0 && nobody == nullptr) GTEST_SKIP() << "root, and no user 'nobody'";
  int status = 0;
  const std::string report = run_child(
      [&] {
        if (::geteuid() == 0 && (::setgid(nobody->pw_gid) != 0 || ::setuid(nobody->pw_uid) != 0)) {
          return 3;
        }
        if (::access(sub.c_str(), W_OK) == 0) return 4;  // the directory is writable anyway
        return write_and_report(file, "new\n");
      },
      status);
  fs::permissions(sub, fs::perms::owner_all, fs::perm_options::add);
  ASSERT_TRUE(WIFEXITED(status)) << status;
  if (WEXITSTATUS(status) == 4) GTEST_SKIP() << "the read-only directory is writable here";
  ASSERT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(report, file.string() + ": cannot write (Permission denied in the directory " +
                        sub.string() + ")");
  EXPECT_EQ(test::read_bytes(file), "old\n");
  EXPECT_EQ(files_in(sub), std::vector<std::string>{"history.tsv"});
}

/// Kills a child writing `new` over a file holding `old` just after `step`: the parent reads the
/// child's steps from a pipe and kills it when it reports `step`, while the child waits for a
/// word from the parent that never comes. Returns the file's content after the kill.
std::string content_after_kill_at(WriteStep step, const fs::path& file) {
  int report[2];
  int hold[2];
  if (::pipe(report) != 0 || ::pipe(hold) != 0) throw std::runtime_error("pipe");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(report[0]);
    ::close(hold[1]);
    try {
      write_file_atomically(file, std::string(100000, 'n'), [&](WriteStep at) {
        const char code = static_cast<char>('0' + static_cast<int>(at));
        if (::write(report[1], &code, 1) != 1) ::_exit(5);
        if (at == step) {
          char never = 0;
          const ssize_t ignored = ::read(hold[0], &never, 1);  // blocks until killed
          (void)ignored;
        }
      });
    } catch (...) {
      ::_exit(6);
    }
    ::_exit(0);
  }
  ::close(report[1]);
  ::close(hold[0]);
  const char wanted = static_cast<char>('0' + static_cast<int>(step));
  char code = 0;
  while (::read(report[0], &code, 1) == 1 && code != wanted) {
  }
  EXPECT_EQ(code, wanted);
  ::kill(pid, SIGKILL);
  const int status = test::wait_child(pid).value_or(-1);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  ::close(report[0]);
  ::close(hold[1]);
  return test::read_bytes(file);
}

TEST(WriteFileAtomically, AKillAtAnyStepLeavesTheOldFileOrTheNewOneComplete) {
  for (const WriteStep step : {WriteStep::kTemporaryCreated, WriteStep::kWritten,
                               WriteStep::kSynced, WriteStep::kRenamed}) {
    SCOPED_TRACE(std::string(to_string(step)));
    test::TempDir dir;
    const fs::path file = dir.write("saved.json", "old\n");
    const std::string after = content_after_kill_at(step, file);
    if (step == WriteStep::kRenamed) {
      EXPECT_EQ(after, std::string(100000, 'n'));
      EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"saved.json"});
    } else {
      EXPECT_EQ(after, "old\n");
      EXPECT_EQ(files_in(dir.path()).size(), 2u);  // the killed writer's temporary is left
    }
    // The next write removes the temporary of the writer that is gone.
    write_file_atomically(file, "next\n");
    EXPECT_EQ(test::read_bytes(file), "next\n");
    EXPECT_EQ(files_in(dir.path()), std::vector<std::string>{"saved.json"});
  }
}

TEST(WriteFileAtomically, KeepsTheTemporariesOfWritersStillRunning) {
  test::TempDir dir;
  const std::string mine = ".f." + std::to_string(::getpid()) + "-999.tmp";
  dir.write(mine, "in progress");
  dir.write(".other.1-1.tmp", "another file's");
  write_file_atomically(dir / "f", "x");
  EXPECT_EQ(files_in(dir.path()), (std::vector<std::string>{mine, ".other.1-1.tmp", "f"}));
}

TEST(WriteFileAtomically, KnowsItsTemporariesByName) {
  long pid = 0;
  EXPECT_TRUE(is_temporary_of(".history.tsv.123-0.tmp", "history.tsv", pid));
  EXPECT_EQ(pid, 123);
  EXPECT_TRUE(is_temporary_of(".a.7-42.tmp", "a", pid));
  EXPECT_EQ(pid, 7);
  for (const char* other : {"history.tsv", ".history.tsv.tmp", ".history.tsv.123.tmp",
                            ".history.tsv.-1.tmp", ".history.tsv.12-.tmp", ".history.tsv.x-1.tmp",
                            ".history.tsv.1-1x.tmp", ".history.tsv2.1-1.tmp", ".a.1-1.tmp"}) {
    EXPECT_FALSE(is_temporary_of(other, "history.tsv", pid)) << other;
  }
}

}  // namespace
}  // namespace wg
