#include "core/file_io.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <system_error>

#include "core/enum_names.h"
#include "core/text.h"

namespace wg {

namespace {

std::string errno_text(int error) { return std::generic_category().message(error); }

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
  throw FileError(path.string() + ": " + problem);
}

/// Closes a descriptor on scope exit.
struct Descriptor {
  int fd = -1;
  explicit Descriptor(int f) : fd(f) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 30) && bytes % (std::uint64_t{1} << 30) == 0) {
    return std::to_string(bytes >> 30) + " GiB";
  }
  if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0) {
    return std::to_string(bytes >> 20) + " MiB";
  }
  return std::to_string(bytes) + " bytes";
}

/// Removes the temporaries of `target` whose writer has ended (kill(pid, 0) says ESRCH).
void remove_stale_temporaries(const std::filesystem::path& target) {
  const std::string name = target.filename().string();
  std::error_code error;
  std::filesystem::directory_iterator it(target.parent_path(), error);
  if (error) return;
  for (const auto& entry : it) {
    long pid = 0;
    if (!is_temporary_of(entry.path().filename().string(), name, pid)) continue;
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove(entry.path(), ignored);
    }
  }
}

}  // namespace

RegularFile::RegularFile(const std::filesystem::path& path, std::uint64_t max_bytes) : path_(path) {
  // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for one forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    const int error = errno;
    if (error == ENOENT) fail(path, "file not found");
    if (error == ENOTDIR) fail(path, "file not found (a parent in the path is not a directory)");
    if (error == EACCES) fail(path, "cannot open (permission denied)");
    fail(path, "cannot open (" + errno_text(error) + ")");
  }
  Descriptor closer(fd);
  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(path, "cannot read (" + errno_text(errno) + ")");
  if (!S_ISREG(info.st_mode)) fail(path, std::string(kind_of(info.st_mode)));
  size_ = static_cast<std::uint64_t>(info.st_size);
  if (size_ > max_bytes) {
    fail(path, "file too large (" + std::to_string(size_) + " bytes; the limit is " +
                   size_text(max_bytes) + ")");
  }
  fd_ = closer.fd;
  closer.fd = -1;
}

RegularFile::~RegularFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t RegularFile::read_some(void* out, std::size_t bytes) {
  for (;;) {
    const ssize_t n = ::read(fd_, out, bytes);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) fail(path_, "cannot read (" + errno_text(errno) + ")");
  }
}

bool RegularFile::read_exactly(void* out, std::size_t bytes) {
  auto* at = static_cast<char*>(out);
  while (bytes > 0) {
    const std::size_t n = read_some(at, bytes);
    if (n == 0) return false;
    at += n;
    bytes -= n;
  }
  return true;
}

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              ReadUntil until) {
  RegularFile file(path, max_bytes);
  if (until == ReadUntil::kFirstNulBlock) {
    std::string data;
    for (;;) {
      const std::size_t at = data.size();
      data.resize(at + kTextBlockBytes);  // what is read is what is touched: a block at a time
      const std::size_t n = file.read_some(data.data() + at, kTextBlockBytes);
      data.resize(at + n);
      if (data.size() > max_bytes) {
        fail(path, "file too large (grew past the limit of " + size_text(max_bytes) + ")");
      }
      if (n == 0 || std::memchr(data.data() + at, 0, n) != nullptr) return data;
    }
  }
  // One byte more than the size, so that a single read sees the end of the file.
  std::string data(static_cast<std::size_t>(file.size()) + 1, '\0');
  std::size_t filled = 0;
  for (;;) {
    if (filled == data.size()) {  // the file grew while read
      if (filled > max_bytes) {
        fail(path, "file too large (grew past the limit of " + size_text(max_bytes) + ")");
      }
      data.resize(static_cast<std::size_t>(
          std::min<std::uint64_t>(max_bytes + 1, std::uint64_t{data.size()} * 2)));
    }
    const std::size_t n = file.read_some(data.data() + filled, data.size() - filled);
    if (n == 0) break;
    filled += n;
  }
  data.resize(filled);
  return data;
}

namespace {

/// `path` open for writing (O_APPEND among `flags` or not), created if missing, with the checks
/// of StreamedFile: opening never blocks, and anything but a regular file is refused (FileError)
/// and left as it is. The descriptor is the caller's to close.
int open_regular_for_writing(const std::filesystem::path& path, int flags) {
  // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader forever (without
  // one it fails with ENXIO). No O_TRUNC: nothing is emptied before it is known to be a file.
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | flags, 0666);
  if (fd < 0) {
    const int error = errno;
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
      fail(path, "cannot write: it " + std::string(kind_of(info.st_mode)));
    }
    if (error == ENXIO) fail(path, "cannot write: it is a FIFO (named pipe), not a regular file");
    if (error == ENOENT) fail(path, "cannot write (no such directory)");
    fail(path, "cannot write (" + errno_text(error) + ")");
  }
  Descriptor closer(fd);
  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(path, "cannot write (" + errno_text(errno) + ")");
  if (!S_ISREG(info.st_mode)) fail(path, "cannot write: it " + std::string(kind_of(info.st_mode)));
  // A regular file never blocks; the flag off keeps writes plain.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  closer.fd = -1;
  return fd;
}

}  // namespace

int open_for_appending(const std::filesystem::path& path) {
  return open_regular_for_writing(path, O_APPEND);
}

StreamedFile::StreamedFile(const std::filesystem::path& path) : path_(path) {
  Descriptor closer(open_regular_for_writing(path, 0));
  if (::ftruncate(closer.fd, 0) != 0) fail(path, "cannot write (" + errno_text(errno) + ")");
  fd_ = closer.fd;
  closer.fd = -1;
}

StreamedFile::~StreamedFile() {
  if (fd_ >= 0) ::close(fd_);
}

void StreamedFile::write(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      if (error == ENOSPC) fail(path_, "cannot write (no space left on the device)");
      if (error == EFBIG) fail(path_, "cannot write (file too large for this process or device)");
      fail(path_, "cannot write (" + errno_text(error) + ")");
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::string_view checked_text(std::string_view text, std::string_view source) {
  if (const void* nul = std::memchr(text.data(), 0, text.size())) {
    const auto offset = static_cast<const char*>(nul) - text.data();
    throw FileError(std::string(source) + ": binary file (NUL byte at offset " +
                    std::to_string(offset) + "), not text");
  }
  return without_utf8_bom(text);
}

std::string read_text_file(const std::filesystem::path& path, std::uint64_t max_bytes) {
  const std::string text = read_regular_file(path, max_bytes, ReadUntil::kFirstNulBlock);
  return std::string(checked_text(text, path.string()));
}

namespace {
constexpr Named<WriteStep> kWriteStepNames[] = {{WriteStep::kTemporaryCreated, "temporary-created"},
                                                {WriteStep::kWritten, "written"},
                                                {WriteStep::kSynced, "synced"},
                                                {WriteStep::kRenamed, "renamed"}};
}  // namespace

std::string_view to_string(WriteStep step) { return name_of(kWriteStepNames, step); }

bool is_temporary_of(std::string_view file_name, std::string_view name, long& pid) {
  constexpr std::string_view kSuffix = ".tmp";
  if (file_name.size() < name.size() + 2 + kSuffix.size() || file_name[0] != '.' ||
      file_name.substr(1, name.size()) != name || file_name[name.size() + 1] != '.' ||
      !file_name.ends_with(kSuffix)) {
    return false;
  }
  const std::string_view middle = file_name.substr(
      name.size() + 2, file_name.size() - name.size() - 2 - kSuffix.size());  // "PID-N"
  const std::size_t dash = middle.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == middle.size()) return false;
  const auto [end, error] = std::from_chars(middle.data(), middle.data() + dash, pid);
  if (error != std::errc() || end != middle.data() + dash) return false;
  return middle.substr(dash + 1).find_first_not_of("0123456789") == std::string_view::npos;
}

void write_file_atomically(const std::filesystem::path& path, std::string_view bytes,
                           const std::function<void(WriteStep)>& observer) {
  const auto notify = [&](WriteStep step) {
    if (observer) observer(step);
  };
  remove_stale_temporaries(path);
  std::filesystem::path dir = path.parent_path();
  if (dir.empty()) dir = ".";
  static std::atomic<unsigned> counter{0};
  std::string temp_name = ".";
  temp_name += path.filename().string();
  temp_name += '.';
  temp_name += std::to_string(::getpid());
  temp_name += '-';
  temp_name += std::to_string(counter.fetch_add(1));
  temp_name += ".tmp";
  const std::filesystem::path temp = dir / temp_name;

  mode_t mode = 0666;
  struct stat old {};
  const bool replacing = ::stat(path.c_str(), &old) == 0;
  // Only a regular file is replaced: renaming over a device, a FIFO or a directory would
  // replace the node itself (as root, /dev/full by a file).
  if (replacing && !S_ISREG(old.st_mode)) {
    fail(path, "cannot write: it " + std::string(kind_of(old.st_mode)));
  }
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd < 0) {
    const int error = errno;
    if (error == EACCES || error == EROFS) {
      fail(path, "cannot write (" + errno_text(error) + " in the directory " + dir.string() + ")");
    }
    fail(path, "cannot write (" + errno_text(error) + ")");
  }
  Descriptor out(fd);
  const auto give_up = [&](const std::string& problem) {
    ::close(out.fd);
    out.fd = -1;
    ::unlink(temp.c_str());
    fail(path, problem + "; the file was left as it was");
  };
  notify(WriteStep::kTemporaryCreated);
  if (replacing) ::fchmod(fd, old.st_mode & 07777);

  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      if (error == ENOSPC) give_up("cannot write (no space left on the device)");
      if (error == EFBIG) give_up("cannot write (file too large for this process or device)");
      give_up("cannot write (" + errno_text(error) + ")");
    }
    done += static_cast<std::size_t>(n);
  }
  notify(WriteStep::kWritten);
  if (::fsync(fd) != 0) give_up("cannot write (fsync: " + errno_text(errno) + ")");
  notify(WriteStep::kSynced);
  if (::close(out.fd) != 0) {
    out.fd = -1;
    const int error = errno;
    ::unlink(temp.c_str());
    fail(path, "cannot write (close: " + errno_text(error) + "); the file was left as it was");
  }
  out.fd = -1;
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(path, "cannot write (rename: " + errno_text(error) + "); the file was left as it was");
  }
  notify(WriteStep::kRenamed);
  // The rename is durable once the directory is synced. Some file systems cannot sync a
  // directory (EINVAL): the new file is complete either way, so that is not an error.
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
}

}  // namespace wg
